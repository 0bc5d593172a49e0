#!/bin/sh
# One H100: kernel-only times of resize_cubic_x2's temporary switches (two rounds),
# their SASS, the clx resize rows of the perf binary with each set of switches
# (CLX_X2_VARIANT, a temporary hook of the host code), and the clresize tests with
# every switch on (NVIDIA's dp2a, not PoCL's emulation of it).
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
V0="" V1="-D ROUND_BY_CONVERSION" V2="-D X2_MIRRORED" V3="-D X2_DP2A" V4="-D ROUND_BY_CONVERSION -D X2_MIRRORED"
V5="-D ROUND_BY_CONVERSION -D X2_DP2A" V6="-D X2_MIRRORED -D X2_DP2A" V7="-D ROUND_BY_CONVERSION -D X2_MIRRORED -D X2_DP2A"
for i in 0 1 2 3 4 5 6 7; do eval v=\$V$i; sass v$i "$v"; done > $T/sass.txt 2>&1; pack
for round in 1 2; do
  for i in 0 1 2 3 4 5 6 7; do eval v=\$V$i; kt "r$round v$i 4096" "$v" 8 4096 4096; kt "r$round v$i 1280" "$v" 4 1280 1280; done
done > $T/kernel_times.txt 2>&1; pack
F='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/1:ResizeCubicPerf_resizeCubic.resizeCubic/2'
for pass in 1 2; do
  for i in 0 7 5 1; do eval v=\$V$i; envperf v${i}_$pass clresize $G/lib "$F" "CLX_X2_VARIANT=$v"; done
done
CLX_X2_VARIANT="$V7" LD_LIBRARY_PATH=$G/lib timeout 200 $G/bin/opencv_test_clresize --gtest_filter='*Cubic*:*X2*:*x2*' > $T/tests_v7.log 2>&1; echo "tests v7 rc $?"
pack
