#!/bin/sh
# The 8-bit block sums kernel loading the next batch of rows before it sums this
# one (temporary switch CLX_ABL_BS_PREFETCH=1) against the kept code: clx cases 0,
# 1, 3 and 6 (8192x8192 / 4096x4096 8UC1, with a squared sum, 4096x4096 8UC3),
# kernel times, three passes.
rm -rf /tmp/o
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/3:IntegralPerf_integral.integral/6"
run() { # $1 label, $2 options
  env $2 LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b c; do
  run kept_$pass "CLX_NONE=1"
  run bsprefetch_$pass "CLX_ABL_BS_PREFETCH=1"
  pack
done
