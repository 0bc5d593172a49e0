#!/bin/sh
# Run 4's design with the bands' own rows read back into pinned memory kept with
# the stream's slots (BandStream::readBackMemory) instead of pinned rows made and
# freed by every call (a trace of run 4 showed 1-2 ms a call in them): .carry/rb2
# (all four libraries, with the test binaries) against c0b17e8 (.carry/final).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib rb2:$C/rb2:$G/lib
tests_two_gpus $C/rb2:$G/lib $C/rb2 clintegral clresize clreduce
passes "a" resize clresize "$P" final:$C/final:$G/lib rb2:$C/rb2:$G/lib
passes "a" reduce clreduce "$R" final:$C/final:$G/lib rb2:$C/rb2:$G/lib
