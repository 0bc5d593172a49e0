#!/bin/sh
# Local buffers padded a slot every 128 bytes (newpad) against a slot every 32
# elements (oldpad, the temporary option CLX_ABL_OLD_PAD=1), both with the block
# sums loading a batch first; clx cases 0, 1, 3, 6-9, kernel times, three passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/3:IntegralPerf_integral.integral/6:IntegralPerf_integral.integral/7:IntegralPerf_integral.integral/8:IntegralPerf_integral.integral/9"
run() { # $1 label, $2 options
  env $2 LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b c; do
  run oldpad_$pass "CLX_ABL_OLD_PAD=1"
  run newpad_$pass "CLX_NONE=1"
  pack
done
