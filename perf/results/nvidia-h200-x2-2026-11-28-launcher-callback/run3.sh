#!/bin/sh
# Run 3, two GPUs of one host, from the repository root on the GPU machine: the
# tests of the final code (UMats let go at the call's end where OpenCV pools no
# buffers), within what was left of the device time: the multi-device and
# pinned-memory tests of clintegral and clresize on both GPUs, then the clresize
# and clintegral tests on GPU 0 (less the cases that need a work-group limit that
# is not a power of two, or PoCL's memory limit, and the 63 s work-group-limit
# case). Set-up and outputs: scripts/gpu-results-env.sh.
set -u
. ./scripts/gpu-results-env.sh
for m in clintegral clresize; do
  CLX_TEST_DEVICES=2 timeout 45 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' \
    > $T/tests_${m}_two_gpus.log 2>&1
  echo "tests $m two GPUs rc $?: $(tail -n 1 $T/tests_${m}_two_gpus.log)"; pack
done
F='-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups*:*kernelWorkGroupLimit*'
timeout 45 $G/bin/opencv_test_clresize --gtest_filter="$F" > $T/tests_clresize.log 2>&1
echo "tests clresize rc $?: $(tail -n 1 $T/tests_clresize.log)"; pack
timeout 120 $G/bin/opencv_test_clintegral --gtest_filter="$F" > $T/tests_clintegral.log 2>&1
echo "tests clintegral rc $?: $(tail -n 1 $T/tests_clintegral.log)"; pack
