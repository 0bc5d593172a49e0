#!/bin/sh
# One GPU, from the repository root on the GPU machine, with the build of this tree
# packed by scripts/pack-gpu.sh .carry/gpu and the clintegral library of the tree
# before (f90e4b5's parent for clintegral: no integral_tilted_rows) in .carry/before/lib.
# Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh   the three test binaries on the GPU, then the tilted sums of 4096x4096
#               (8UC1 -> 32S, and 32FC1 -> 64F, which now launches a fifth kernel)
#               with the library before and after, in turn, the order swapped
#               between passes
#   sh run.sh multi  (two GPUs, 5203f9f) the multi-device and pinned-memory tests of
#               the three modules on both GPUs, and the clintegral tests on GPU 0
#   sh run.sh warp   (after the warp scan's exclusive sum was taken from the lane
#               below) the clintegral tests, then 4096x4096 8UC3 -> 32S (the warp
#               scan) and the float tilted sum, before and after, six passes
set -u
. ./scripts/gpu-results-env.sh
if [ "${1:-}" = multi ]; then
  for m in clintegral clreduce clresize; do
    CLX_TEST_DEVICES=2 timeout 200 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests4_${m}_two_gpus.log 2>&1
    echo "tests $m two GPUs rc $?"; tail -n 1 $T/tests4_${m}_two_gpus.log; pack
  done
  timeout 300 $G/bin/opencv_test_clintegral --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests4_clintegral.log 2>&1
  echo "tests clintegral rc $?"; tail -n 1 $T/tests4_clintegral.log; pack
  exit 0
fi
if [ "${1:-}" = warp ]; then
  timeout 480 $G/bin/opencv_test_clintegral --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests3_clintegral.log 2>&1
  echo "tests clintegral rc $?"; tail -n 1 $T/tests3_clintegral.log; pack
  beforeAfter warp clintegral IntegralPerf_integral.integral/6:IntegralPerf_integral.integral/12 g h i j k l
  exit 0
fi
for m in clintegral clreduce clresize; do
  timeout 200 $G/bin/opencv_test_$m --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests_$m.log 2>&1
  echo "tests $m rc $?"; tail -n 1 $T/tests_$m.log; pack
done
beforeAfter tilted clintegral IntegralPerf_integral.integral/12:IntegralPerf_integral.integral/9 a b c d e f
