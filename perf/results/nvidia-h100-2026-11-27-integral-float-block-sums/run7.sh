#!/bin/sh
# The committed change against the tree before it, on one GPU, from the repository
# root with the build of the change packed in .carry/gpu (scripts/pack-gpu.sh) and
# the clintegral library of the tree before (bde1a5e) in .carry/base: clx rows of
# opencv_perf_clintegral (cases 0-11), 20 samples, kernel times on, three passes of
# each in turn; then the clintegral tests on the GPU with the change.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 2 3 4 5 6 7 8 9 10 11
before_after a b c
LD_LIBRARY_PATH=$G/lib timeout 280 $G/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
pack
