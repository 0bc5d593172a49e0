#!/bin/sh
# The code as it stands (.carry/head: this commit's libraries and test binaries):
# the multi-device and pinned tests of the three modules on both GPUs, then every
# MultiGpu row of the three perf binaries (pageable and pinned host images, one and
# two GPUs, 10240 and 20480), two passes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
tests_two_gpus $C/head:$G/lib $C/head clintegral clreduce clresize
for pass in a b; do
  perf head_${pass}_integral clintegral $C/head:$G/lib 'MultiGpu*'
  perf head_${pass}_resize clresize $C/head:$G/lib 'MultiGpu*'
  perf head_${pass}_reduce clreduce $C/head:$G/lib 'MultiGpu*'
done
