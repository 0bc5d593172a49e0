#!/bin/sh
# Run 5's code (.carry/rb2) against the same with band 0's downloads deferred as
# every other band's (.carry/rb4's clintegral, with its test binary): two GPUs,
# pinned and ordinary host Mats, 10240 and 20480.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P2:MultiGpu*/2:MultiGpu*/3" rb2:$C/rb2:$G/lib rb4:$C/rb4:$C/rb2:$G/lib
tests_two_gpus $C/rb4:$C/rb2:$G/lib $C/rb4 clintegral
