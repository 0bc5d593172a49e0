#!/bin/sh
# Other channel counts and depths with the blocks kernel's rows loaded a batch
# ahead (CLX_ABL_PREFETCH_CN=1) or not: temporary perf cases 12-15 (4096x4096 8UC4
# and 8UC2 -> 32S, 2048x2048 32FC3 and 16UC4 -> 64F), three passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/12:IntegralPerf_integral.integral/13:IntegralPerf_integral.integral/14:IntegralPerf_integral.integral/15"
run() { # $1 label, $2 options
  env $2 LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b c; do
  run kept_$pass "CLX_NONE=1"
  run prefetch_$pass "CLX_ABL_PREFETCH_CN=1"
  pack
done
