#!/bin/sh
# Run 6: is cubic resize slower with the device threads staying with their devices
# (run 5: 4.63-4.73 ms against 4.29-4.32 at 10240x10240 on two GPUs)? Four passes in
# turn of the two-GPU pinned resize rows: base (.carry/gpu2) and af (.carry/af,
# libopencv_clruntime with that change alone).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
passes "a b c d" resize clresize "$P2" base:$G/lib af:$C/af:$G/lib
