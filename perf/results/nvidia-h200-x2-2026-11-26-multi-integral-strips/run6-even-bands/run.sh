#!/bin/sh
# The integral's band count rounded up to a multiple of the device count
# (clruntime::sameBandsOnEveryDevice, as the reductions): .carry/even, with the test
# binary, against .carry/final (76e07e7).
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib even:$C/even:$G/lib
tests_two_gpus $C/even:$G/lib $C/even clintegral
