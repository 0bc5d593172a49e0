#!/bin/sh
# Run 8's code made safe for concurrent calls (.carry/rb6: the bands' own rows read
# back into pageable host memory of the call; a stream's first band not deferred;
# with the test binary) against c0b17e8 (.carry/final), pinned rows, one and two
# GPUs, in the same passes; then the clintegral multi-device tests on the two GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib kept:$C/rb6:$G/lib
tests_two_gpus $C/rb6:$G/lib $C/rb6 clintegral
