#!/bin/sh
# The integral's carries and blocks kernels in one launch against the three
# launches before, on one GPU, from the repository root with the build packed in
# .carry/gpu (temporary switch CLX_INTEGRAL_ONE_LAUNCH=0: the kernels as before):
# clx rows of opencv_perf_clintegral's cases 0-11, 20 samples, kernel times on,
# three passes of each in turn; then the clintegral tests on the GPU with the new
# path and medians.py's table.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F=''; for i in 0 1 2 3 4 5 6 7 8 9 10 11; do F="$F:IntegralPerf_integral.integral/$i"; done; F=${F#:}
run() { # $1 label, $2 switch value
  CLX_INTEGRAL_ONE_LAUNCH=$2 LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
}
for pass in a b c; do
  run three_$pass 0
  run one_$pass 1
  pack
done
LD_LIBRARY_PATH=$G/lib timeout 280 $G/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
python3 perf/results/nvidia-h100-2026-11-27-integral-squared-runs/medians.py $T/three_?.xml $T/one_?.xml > $T/medians.txt
pack
