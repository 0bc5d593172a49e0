#!/bin/sh
# Run 1: the tree as it stands (read-back carries in the integral, never timed
# before in this form), packed in .carry/gpu: three passes in turn of the pinned
# MultiGpu rows (one and two GPUs) of the three modules, one pass of every MultiGpu
# row, then the multi-device and pinned tests of the three modules on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
cat /proc/cpuinfo | grep -m1 'model name' >> $T/gpu.txt
for pass in a b c; do
  perf ${pass}_integral clintegral $G/lib "$P"
  perf ${pass}_resize clresize $G/lib "$P"
  perf ${pass}_reduce clreduce $G/lib "$R"
done
perf all_integral clintegral $G/lib 'MultiGpu*'
perf all_resize clresize $G/lib 'MultiGpu*'
perf all_reduce clreduce $G/lib 'MultiGpu*'
tests_two_gpus $G/lib $G/bin clintegral clreduce clresize
