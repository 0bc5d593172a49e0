#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the squared
# sum's run with block sums of its own ("own", .carry/new: the clintegral library
# of the commit before) against the squared sum's block sums formed by the sum's
# 8-bit block sums kernel ("shared", .carry/new2). Both with the perf binary of
# .carry/new2 (its cases 3-5: 8-bit one channel with a squared sum; 8: 32F, which
# takes the same path in both; 0: no squared sum), kernel times on, three passes
# each in turn; then the clintegral tests on the GPU with the new library.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F='IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/3:IntegralPerf_integral.integral/4:IntegralPerf_integral.integral/5:IntegralPerf_integral.integral/8'
run() { LD_LIBRARY_PATH=$2:$G/lib timeout 120 $C/new2/bin/opencv_perf_clintegral --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"; pack; }
for pass in a b c; do
  run own_$pass $C/new/lib
  run shared_$pass $C/new2/lib
done
LD_LIBRARY_PATH=$C/new2/lib:$G/lib timeout 280 $C/new2/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
python3 perf/results/nvidia-h100-2026-11-27-integral-squared-runs/medians.py $T/own_?.xml $T/shared_?.xml
pack
