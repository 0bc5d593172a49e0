#!/bin/sh
# Three channels with half as many rows a scan in the blocks kernel (as one channel
# has; temporary switch CLX_ABL_HALF_RPR=1) against the kept code (padding, rows a
# batch ahead for every channel count): clx cases 6 and 8, three passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/6:IntegralPerf_integral.integral/8"
run() { # $1 label, $2 options
  env $2 LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b c; do
  run kept_$pass "CLX_NONE=1"
  run halfrpr_$pass "CLX_ABL_HALF_RPR=1"
  pack
done
