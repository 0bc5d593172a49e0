#!/bin/sh
# .carry/s1: run 2's new libraries; .carry/v16r: the reductions in 16 MB bands for
# pinned rows, as many bands on every device.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for pass in a b c; do
  perf s1_${pass}_reduce clreduce $C/s1:$G/lib "$R"
  perf new_${pass}_reduce clreduce $C/v16r:$C/s1:$G/lib "$R"
done
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/v16r:$C/s1:$G/lib timeout 200 $C/v16r/opencv_test_clreduce --gtest_filter='*MultiDevice*' > $T/tests_clreduce_two_gpus.log 2>&1; echo "tests rc $?"
pack
