#!/bin/sh
# Run 5: the final code (39a5311: device threads staying with their devices, carry
# rows kept, lead bands; .carry/fin, libopencv_clruntime and libopencv_clintegral with
# the three test binaries) against the tree before (base: .carry/gpu2), passes in
# turn: integral three, resize two, reductions one, pinned MultiGpu rows, one and two
# GPUs; then the multi-device and pinned tests of the three modules on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
passes "a b c" integral clintegral "$P" base:$G/lib fin:$C/fin:$G/lib
passes "a b" resize clresize "$P" base:$G/lib fin:$C/fin:$G/lib
passes "a" reduce clreduce "$R" base:$G/lib fin:$C/fin:$G/lib
tests_two_gpus $C/fin:$G/lib $C/fin clintegral clreduce clresize
