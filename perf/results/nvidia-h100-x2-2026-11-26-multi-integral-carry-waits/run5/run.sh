#!/bin/sh
# Run 5: the kept change as committed (.carry/pf: the host sums' prefetch, no trace)
# against the code before it (c0b17e8's libraries, .carry/final), pinned, one and two
# GPUs, three passes; then clintegral's multi-device and pinned tests on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib pf:$C/pf:$G/lib
tests_two_gpus $C/pf:$G/lib $C/pf clintegral
