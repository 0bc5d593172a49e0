#!/bin/sh
# The integral's carries across devices from each band's own last row read back
# from its device (no host read of the source), each band's carry kernels and
# downloads enqueued after the next band's first kernels (BandStream::Later), so
# the read-backs leave ahead of the downloads: .carry/rb (all four libraries, with
# the test binaries) against c0b17e8 (.carry/final).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib rb:$C/rb:$G/lib
tests_two_gpus $C/rb:$G/lib $C/rb clintegral clresize clreduce
passes "a" resize clresize "$P" final:$C/final:$G/lib rb:$C/rb:$G/lib
passes "a" reduce clreduce "$R" final:$C/final:$G/lib rb:$C/rb:$G/lib
