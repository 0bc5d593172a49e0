#!/bin/sh
# .carry/s1: run 2's new libraries; .carry/new: the integral's short first band;
# .carry/v16: the reductions in 16 MB bands for pinned rows.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for pass in a b c; do
  perf s1_${pass}_integral clintegral $C/s1:$G/lib "$P"
  perf new_${pass}_integral clintegral $C/new:$G/lib "$P"
  perf s1_${pass}_reduce clreduce $C/s1:$G/lib "$R"
  perf v16_${pass}_reduce clreduce $C/v16:$C/new:$G/lib "$R"
done
perf new_resize clresize $C/new:$G/lib "$P"
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/new:$G/lib timeout 200 $C/new/opencv_test_clintegral --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_clintegral_two_gpus.log 2>&1; echo "tests rc $?"
pack
