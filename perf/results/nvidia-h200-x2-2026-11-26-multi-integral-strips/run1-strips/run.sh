#!/bin/sh
# .carry/old: the libraries of 9dce344 (row bands with the host's column sums);
# .carry/strips: 4737cc1's libraries and test binaries (column strips).
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for pass in a b c; do
  perf old_${pass}_integral clintegral $C/old:$G/lib 'MultiGpu*'
  perf new_${pass}_integral clintegral $C/strips:$G/lib 'MultiGpu*'
done
perf new_reduce clreduce $C/strips:$G/lib "$R"
perf new_resize clresize $C/strips:$G/lib "$P"
for m in clintegral clreduce clresize; do
  CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/strips:$G/lib timeout 200 $C/strips/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1; echo "tests $m rc $?"
done
pack
