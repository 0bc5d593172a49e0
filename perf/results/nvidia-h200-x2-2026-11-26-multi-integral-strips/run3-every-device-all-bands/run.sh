#!/bin/sh
# Every device streams all the bands with its own carries and downloads its share.
# .carry/old: 9dce344's libraries (host column sums); .carry/r64: bands of
# MAX_BAND_BYTES (64 MB), with the test binaries; .carry/r16: pinned images in bands
# of MAX_PINNED_BAND_BYTES (16 MB).
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for pass in a b; do
  perf old_${pass}_integral clintegral $C/old:$G/lib 'MultiGpu*'
  perf r64_${pass}_integral clintegral $C/r64:$G/lib 'MultiGpu*'
  perf r16_${pass}_integral clintegral $C/r16:$G/lib 'MultiGpu*'
done
perf old_c_integral clintegral $C/old:$G/lib "$P"
perf r64_c_integral clintegral $C/r64:$G/lib "$P"
perf r16_c_integral clintegral $C/r16:$G/lib "$P"
perf r16_reduce clreduce $C/r16:$G/lib "$R"
perf r16_resize clresize $C/r16:$G/lib "$P"
for m in clintegral clreduce clresize; do
  CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/r16:$G/lib timeout 200 $C/r64/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1; echo "tests $m rc $?"
done
pack
