#!/bin/sh
# One H100: the clx rows of opencv_perf_clintegral (host wall time and, with
# CLX_PERF_KERNEL_TIME=1, each kernel's device time) with the blocks a compute unit
# the geometry asks for at least (CLX_INTEGRAL_BLOCKS_PER_CU, a temporary switch:
# switch.patch, built into .carry/new from the tree it was committed with; the
# library takes 2), two passes.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
F='IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/2:IntegralPerf_integral.integral/3:IntegralPerf_integral.integral/4:IntegralPerf_integral.integral/5'
for pass in a b; do
  for k in 2 1 0.5 0.25 0.125; do
    CLX_PERF_KERNEL_TIME=1 CLX_INTEGRAL_BLOCKS_PER_CU=$k LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 100 $C/new/bin/opencv_perf_clintegral \
      --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/k${k}_$pass.xml > $T/k${k}_$pass.log 2>&1
    echo "k$k $pass rc $?"; pack
  done
done
