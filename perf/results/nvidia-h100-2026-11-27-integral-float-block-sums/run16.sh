#!/bin/sh
# The final tree of this folder's changes (52ee6ff: items 38 and run 15) against the
# tree before them (bde1a5e, its clintegral library in .carry/base): every clx case
# of opencv_perf_clintegral, two passes of each in turn; then the clintegral tests
# on the GPU.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 2 3 4 5 6 7 8 9 10 11
before_after a b
LD_LIBRARY_PATH=$G/lib timeout 280 $G/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
pack
