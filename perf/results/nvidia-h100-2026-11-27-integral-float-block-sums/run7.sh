#!/bin/sh
# The committed change against the tree before it, on one GPU, from the repository
# root with the build of the change packed in .carry/gpu (scripts/pack-gpu.sh) and
# the clintegral library of the tree before (bde1a5e) in .carry/base: clx rows of
# opencv_perf_clintegral (cases 0-11), 20 samples, kernel times on, three passes of
# each in turn; then the clintegral tests on the GPU with the change.
rm -rf /tmp/o
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1

run() { # $1 label, $2 library path
  LD_LIBRARY_PATH=$2 timeout 200 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
}
run_clx() { F="$(seq -s: -f 'IntegralPerf_integral.integral/%g' 0 11)"; run "$@"; }
for pass in a b c; do
  run_clx before_$pass $C/base:$G/lib
  run_clx after_$pass $G/lib
  pack
done
LD_LIBRARY_PATH=$G/lib timeout 280 $G/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
pack
