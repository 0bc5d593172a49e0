#!/bin/sh
# One H100: kernel-only times of resize_cubic_x2 as committed (interior path with
# dp2a) and of the general kernel over sizes from 64x64 to 2048x2048, to see the
# fixed part of a small call's kernel time.
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
for round in 1 2; do
  for s in 64 256 640 1280 2048; do
    kt "r$round general $s rows4" "" 4 $s $s; kt "r$round interior $s rows4" "-D X2_MIRRORED -D X2_DP2A" 4 $s $s
  done
  kt "r$round interior 1280 rows1" "-D X2_MIRRORED -D X2_DP2A" 1 1280 1280
done > $T/kernel_times.txt 2>&1
pack
