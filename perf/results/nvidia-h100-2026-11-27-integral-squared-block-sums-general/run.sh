#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the squared
# sum's block sums formed by the sum's 8-bit kernel only ("eight", .carry/new2: the
# clintegral library of the commit before) against formed by the general block sums
# kernel too, for every one-channel source ("all", .carry/new3). Both with the perf
# binary of .carry/new3 (case 8: 32F with a squared sum, the one that changes; 3-5:
# 8-bit with a squared sum, the same path in both; 0: no squared sum), kernel times
# on, three passes each in turn; then the clintegral tests on the GPU with the new
# library.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F='IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/3:IntegralPerf_integral.integral/4:IntegralPerf_integral.integral/5:IntegralPerf_integral.integral/8'
run() { LD_LIBRARY_PATH=$2:$G/lib timeout 120 $C/new3/bin/opencv_perf_clintegral --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"; pack; }
for pass in a b c; do
  run eight_$pass $C/new2/lib
  run all_$pass $C/new3/lib
done
LD_LIBRARY_PATH=$C/new3/lib:$G/lib timeout 280 $C/new3/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
python3 perf/results/nvidia-h100-2026-11-27-integral-squared-runs/medians.py $T/eight_?.xml $T/all_?.xml
pack
