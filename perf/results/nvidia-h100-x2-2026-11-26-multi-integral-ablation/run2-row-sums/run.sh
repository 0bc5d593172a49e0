#!/bin/sh
# The host's column sums with the rows split over the threads (each thread whole
# rows into sums of its own, eight 8-bit rows a pass in 16 bits; .carry/rows, with
# the test binary) against the columns split (.carry/final, c0b17e8), then every
# op of the multi-GPU table with the final libraries.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib rows:$C/rows:$C/final:$G/lib
tests_two_gpus $C/rows:$C/final:$G/lib $C/rows clintegral
passes "a b c" resize clresize "$P" final:$C/final:$G/lib
passes "a b c" reduce clreduce "$R" final:$C/final:$G/lib
