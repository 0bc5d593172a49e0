#!/bin/sh
# The two-kernel prototype of run 11 with 32-256 segments a column (work-groups of
# 1024 work-items: 32 columns x 32 segments ... 4 x 256; CLX_SMALL=<segments>)
# against the three kernels: clx cases 1, 2 and temporary cases 12-15, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 1 2 12 13 14 15
for pass in a b c; do
  run kept_$pass
  run small32_$pass CLX_SMALL=32
  run small64_$pass CLX_SMALL=64
  run small128_$pass CLX_SMALL=128
  run small256_$pass CLX_SMALL=256
  pack
done
