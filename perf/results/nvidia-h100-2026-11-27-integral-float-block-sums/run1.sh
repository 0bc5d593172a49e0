#!/bin/sh
# Where the general block sums kernel's time goes (32F -> 64F, 4096x4096, case 7;
# also case 8 with the squared sum): temporary build options through CLX_ABL_BS
# (ablation patch in this folder), kernel times, two passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F='IntegralPerf_integral.integral/7:IntegralPerf_integral.integral/8:IntegralPerf_integral.integral/1'
run() { # $1 label, $2 options
  CLX_ABL_BS="$2" LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "RUN\|KERNELS" $T/$1.log | sed "s/.*GetParam() = //"
}
for pass in a b; do
  run base_$pass ""
  run norows_$pass "-D ABL_NO_ROWS"
  run noloads_$pass "-D ABL_NO_LOADS"
  run neither_$pass "-D ABL_NO_ROWS -D ABL_NO_LOADS"
  pack
done
