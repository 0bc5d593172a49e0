#!/bin/sh
# The blocks kernel's scan across a row's segments with warp shuffles (NVIDIA, two to
# four channels) against the loop before, on one GPU, from the repository root with
# the build packed in .carry/gpu (temporary switch CLX_NO_WARP_SCAN=1: the loop):
# clx rows of opencv_perf_clintegral's cases 1 and 6 (4096x4096 8UC1 and 8UC3),
# 20 samples, kernel times on, three passes of each in turn; then the clintegral
# tests on the GPU with the shuffles.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F='IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/6'
run() { # $1 label, then environment assignments
  name=$1; shift
  env "$@" LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$name.xml > $T/$name.log 2>&1; echo "$name rc $?"
}
for pass in a b c; do
  run loop_$pass CLX_NO_WARP_SCAN=1
  run warp_$pass CLX_PERF_KERNEL_TIME=1
  pack
done
LD_LIBRARY_PATH=$G/lib timeout 280 $G/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
pack
