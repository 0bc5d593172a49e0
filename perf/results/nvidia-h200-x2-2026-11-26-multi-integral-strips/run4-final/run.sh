#!/bin/sh
# The final code (76e07e7: 9dce344's algorithms, the integral's carry rows a ring of
# SLOTS + 1 rows per device thread, the fallback without threads) in .carry/final
# with its test binaries, against .carry/old (9dce344) for the integral; the rows of
# the multi-GPU CSV.
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh
passes "a b c" integral clintegral "$P" old:$C/old:$G/lib final:$C/final:$G/lib
passes "a b c" reduce clreduce "$R" final:$C/final:$G/lib
passes "a b" resize clresize "$P" final:$C/final:$G/lib
tests_two_gpus $C/final:$G/lib $C/final clintegral clreduce clresize
