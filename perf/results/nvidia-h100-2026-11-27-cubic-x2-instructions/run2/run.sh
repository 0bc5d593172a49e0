#!/bin/sh
# One H100: resize_cubic_x2 with a path of its own for interior work-items (X2_FAST:
# no per-row checks, h2 * b2 shared by the two rows), alone and with the other
# temporary switches: kernel-only times (two rounds), PTX and registers, then the
# clx rows of the perf binary for four sets, then the clresize tests with all on.
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
M="-D X2_MIRRORED -D X2_FAST"
V0="" V1="$M" V2="$M -D ROUND_BY_CONVERSION" V3="$M -D X2_DP2A" V4="$M -D X2_DP2A -D ROUND_BY_CONVERSION"
V5="$M -D X2_PRELOAD" V6="$M -D X2_PRELOAD -D X2_DP2A" V7="$M -D X2_UNROLL" V8="$M -D X2_UNROLL -D X2_DP2A"
V9="$M -D X2_PRELOAD -D X2_UNROLL -D X2_DP2A" V10="$M -D X2_PRELOAD -D X2_UNROLL -D X2_DP2A -D ROUND_BY_CONVERSION"
ALL="0 1 2 3 4 5 6 7 8 9 10"
for i in $ALL; do eval v=\$V$i; sass f$i "$v"; done > $T/sass.txt 2>&1; pack
for round in 1 2; do
  for i in $ALL; do eval v=\$V$i; kt "r$round f$i 4096" "$v" 8 4096 4096; kt "r$round f$i 1280" "$v" 4 1280 1280; done
done > $T/kernel_times.txt 2>&1; pack
for i in 0 3 6 9; do eval v=\$V$i; for r in 4 16; do kt "rows$r f$i 4096" "$v" $r 4096 4096; done; kt "rows8 f$i 1280" "$v" 8 1280 1280; done >> $T/kernel_times.txt 2>&1; pack
F='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/1:ResizeCubicPerf_resizeCubic.resizeCubic/2'
for pass in 1 2; do
  for i in 0 3 6 9; do eval v=\$V$i; envperf f${i}_$pass clresize $G/lib "$F" "CLX_X2_VARIANT=$v"; done
done
CLX_X2_VARIANT="$V10" LD_LIBRARY_PATH=$G/lib timeout 200 $G/bin/opencv_test_clresize --gtest_filter='*Cubic*:*X2*:*x2*' > $T/tests_f10.log 2>&1; echo "tests f10 rc $?"
CLX_X2_VARIANT="$V9" LD_LIBRARY_PATH=$G/lib timeout 200 $G/bin/opencv_test_clresize --gtest_filter='*Cubic*:*X2*:*x2*' > $T/tests_f9.log 2>&1; echo "tests f9 rc $?"
pack
