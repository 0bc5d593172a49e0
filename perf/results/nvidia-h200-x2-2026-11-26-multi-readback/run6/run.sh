#!/bin/sh
# Run 6: the final code (kernel caches per context; scripts/pack-gpu.sh .carry/gpu2):
# two passes of the pinned MultiGpu rows of the three modules (one and two GPUs),
# the multi-device and pinned tests of the three modules on both GPUs, and the
# several-contexts tests on one.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
for pass in a b; do
  perf ${pass}_integral clintegral $G/lib "$P"
  perf ${pass}_resize clresize $G/lib "$P"
  perf ${pass}_reduce clreduce $G/lib "$R"
done
tests_two_gpus $G/lib $G/bin clintegral clreduce clresize
for m in clintegral clreduce clresize; do
  LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_test_$m --gtest_filter='*everalContexts*' > $T/tests_${m}_several_contexts.log 2>&1; echo "several contexts $m rc $?"
done
pack
