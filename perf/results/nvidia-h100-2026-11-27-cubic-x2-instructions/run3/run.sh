#!/bin/sh
# One H100: run 2's fastest set (g1) against the same with rows indexed from the
# first (X2_ABSROWS: each product of a row's sums and a coefficient computed once in
# the unrolled loop), both with and without NVIDIA's dp2a; work-group shapes and
# rows a work-item; the clx perf rows of three sets; the clresize tests with g2.
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
M="-D X2_MIRRORED -D X2_FAST -D X2_PRELOAD -D X2_UNROLL -D ROUND_BY_CONVERSION"
V0="" V1="$M -D X2_DP2A" V2="$M -D X2_DP2A -D X2_ABSROWS" V3="$M -D X2_ABSROWS" V4="$M"
ALL="0 1 2 3 4"
for i in $ALL; do eval v=\$V$i; sass g$i "$v"; done > $T/sass.txt 2>&1; pack
for round in 1 2; do
  for i in $ALL; do eval v=\$V$i; kt "r$round g$i 4096" "$v" 8 4096 4096; kt "r$round g$i 1280" "$v" 4 1280 1280; done
done > $T/kernel_times.txt 2>&1; pack
shape() { printf '%s ' "$1"; $T/ckt resize_cubic_x2 "$O -D X2_ROWS=8 $2" 8 8 $3 $4 4096 4096 2>&1 | tail -1; }
for i in 1 2; do eval v=\$V$i; shape "64x2 g$i" "$v" 64 2; shape "128x1 g$i" "$v" 128 1; shape "32x8 g$i" "$v" 32 8
  for r in 4 6 12 16; do kt "rows$r g$i 4096" "$v" $r 4096 4096; done; kt "rows8 g$i 1280" "$v" 8 1280 1280; done >> $T/kernel_times.txt 2>&1; pack
F='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/1:ResizeCubicPerf_resizeCubic.resizeCubic/2'
for pass in 1 2; do
  for i in 0 1 2; do eval v=\$V$i; envperf g${i}_$pass clresize $G/lib "$F" "CLX_X2_VARIANT=$v"; done
done
CLX_X2_VARIANT="$V2" LD_LIBRARY_PATH=$G/lib timeout 200 $G/bin/opencv_test_clresize --gtest_filter='*Cubic*:*X2*:*x2*' > $T/tests_g2.log 2>&1; echo "tests g2 rc $?"
pack
