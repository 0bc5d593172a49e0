#!/bin/sh
# One H100: run 3's g1 against the dp2a sums made float by the exponent trick
# (X2_H_MAGIC) and against ablations (timing only: no stores, no loads, no vertical
# arithmetic, neither loads nor stores); rows a work-item at 1280x1280.
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
M="-D X2_MIRRORED -D X2_FAST -D X2_PRELOAD -D X2_UNROLL -D ROUND_BY_CONVERSION -D X2_DP2A"
V0="$M" V1="$M -D X2_H_MAGIC" V2="$M -D X2_ABL_NOSTORE" V3="$M -D X2_ABL_NOLOAD" V4="$M -D X2_ABL_NOVERT"
V5="$M -D X2_ABL_NOSTORE -D X2_ABL_NOLOAD"
ALL="0 1 2 3 4 5"
for i in 0 1; do eval v=\$V$i; sass h$i "$v"; done > $T/sass.txt 2>&1; pack
for round in 1 2; do
  for i in $ALL; do eval v=\$V$i; kt "r$round h$i 4096" "$v" 8 4096 4096; kt "r$round h$i 1280" "$v" 4 1280 1280; done
  for i in 0 1; do eval v=\$V$i; kt "r$round h$i 1280 rows2" "$v" 2 1280 1280; done
done > $T/kernel_times.txt 2>&1; pack
