#!/bin/sh
# Three channels (clx case 6, 4096x4096 8UC3) with the one-channel blocks kernel's
# striped stores and rows loaded a batch ahead, each and both (temporary switches
# CLX_ABL_STRIPED_CN, CLX_ABL_PREFETCH_CN), after the padding change; three passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/6"
run() { # $1 label, $2 options
  env $2 LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b c; do
  run kept_$pass "CLX_NONE=1"
  run striped_$pass "CLX_ABL_STRIPED_CN=1"
  run prefetch_$pass "CLX_ABL_PREFETCH_CN=1"
  run both_$pass "CLX_ABL_STRIPED_CN=1 CLX_ABL_PREFETCH_CN=1"
  pack
done
