#!/bin/sh
# .carry/gpu: 91232a0 (old); .carry/new: this step's libraries and test binaries.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for pass in a b; do
  for op in resize:clresize:$P reduce:clreduce:$R integral:clintegral:$P; do
    name=${op%%:*}; rest=${op#*:}; bin=${rest%%:*}; filter=${rest#*:}
    perf old_${pass}_$name $bin $G/lib "$filter"
    perf new_${pass}_$name $bin $C/new:$G/lib "$filter"
  done
done
for m in clreduce clresize clintegral; do
  CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/new:$G/lib timeout 200 $C/new/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1; echo "tests $m rc $?"
done
pack
