#!/bin/sh
# The general block sums kernel with a batch of rows loaded before it is used
# (ABL_LOADS_FIRST) or one batch ahead (ABL_PREFETCH), temporary options through
# CLX_ABL_BS, against the kernel as it is; cases 7 and 8, kernel times, three passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/7:IntegralPerf_integral.integral/8"
run() { # $1 label, $2 options
  CLX_ABL_BS="$2" LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b c; do
  run base_$pass ""
  run loadsfirst_$pass "-D ABL_LOADS_FIRST"
  run prefetch_$pass "-D ABL_PREFETCH"
  pack
done
