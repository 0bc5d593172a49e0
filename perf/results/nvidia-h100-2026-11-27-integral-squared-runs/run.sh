#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the integral
# with a squared sum as one run of the kernels keeping both sums ("one", the
# clintegral library of .carry/gpu, built from a tree whose integral is the one
# before this change) against a run of the one-output kernels for each sum ("two",
# .carry/new). Both with the new perf binary (.carry/new/bin; its cases 3-5 and 8
# have a squared sum, case 0 none), kernel times on, three passes each in turn;
# then the clintegral tests on the GPU with the new library.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F='IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/3:IntegralPerf_integral.integral/4:IntegralPerf_integral.integral/5:IntegralPerf_integral.integral/8:IntegralPerf_integral.integral/9'
run() { LD_LIBRARY_PATH=$2:$G/lib timeout 120 $C/new/bin/opencv_perf_clintegral --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"; pack; }
for pass in a b c; do
  run one_$pass $G/lib
  run two_$pass $C/new/lib
done
LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 280 $C/new/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
grep -h "KERNELS\|^\[ *OK\|GetParam\|median" $T/two_a.log | head -40
pack
