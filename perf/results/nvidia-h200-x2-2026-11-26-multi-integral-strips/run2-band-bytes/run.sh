#!/bin/sh
# Column strips of pinned images in smaller bands. .carry/old: 9dce344's libraries;
# .carry/s16: strips in bands of MAX_PINNED_BAND_BYTES (16 MB); .carry/s8: 8 MB;
# .carry/strips: run 1's test binaries.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for pass in a b c; do
  perf old_${pass}_integral clintegral $C/old:$G/lib "$P"
  perf s16_${pass}_integral clintegral $C/s16:$C/strips:$G/lib "$P"
  perf s8_${pass}_integral clintegral $C/s8:$C/strips:$G/lib "$P"
done
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/s16:$C/strips:$G/lib timeout 200 $C/strips/opencv_test_clintegral --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_clintegral_two_gpus.log 2>&1; echo "tests rc $?"
pack
