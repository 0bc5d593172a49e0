#!/bin/sh
# Two H200s, from the repository root on the GPU machine, with the build of this
# tree packed by scripts/pack-gpu.sh .carry/gpu. Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh        the clintegral tests on GPU 0, then its multi-device and
#                    pinned-memory tests on both GPUs
#   sh run.sh rest   the same for clreduce and clresize, then the float tilted sums
#                    of 4096x4096 (32FC1 -> 64F) without and with an infinite first
#                    pixel (which runs the row-by-row pass), clx, OpenCV on a UMat
#                    (its CPU code for tilted sums) and OpenCV on a Mat, three passes
set -u
. ./scripts/gpu-results-env.sh
if [ "${1:-}" = rest ]; then
  for m in clreduce clresize; do
    timeout 200 $G/bin/opencv_test_$m --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests_$m.log 2>&1
    echo "tests $m rc $?"; tail -n 1 $T/tests_$m.log; pack
    CLX_TEST_DEVICES=2 timeout 150 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1
    echo "tests $m two GPUs rc $?"; tail -n 1 $T/tests_${m}_two_gpus.log; pack
  done
  for p in a b c; do
    perfrun ${p}_tilted clintegral 'IntegralPerf_integral.integral/12:IntegralPerf_integral.integral/13:IntegralPerf_integral.integral/26:IntegralPerf_integral.integral/27:IntegralPerf_integral.integral/40:IntegralPerf_integral.integral/41'
  done
  exit 0
fi
timeout 450 $G/bin/opencv_test_clintegral --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests_clintegral.log 2>&1
echo "tests clintegral rc $?"; tail -n 1 $T/tests_clintegral.log; pack
CLX_TEST_DEVICES=2 timeout 120 $G/bin/opencv_test_clintegral --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_clintegral_two_gpus.log 2>&1
echo "tests clintegral two GPUs rc $?"; tail -n 1 $T/tests_clintegral_two_gpus.log; pack
