#!/bin/sh
# Run 3: the host sums of the two-GPU integral as one pass of the copy threads over
# every band (.carry/ps: each thread sums its columns band after band, the last
# one of a band makes its carry rows) against this commit (.carry/gpu, a join of
# the threads at every band), four passes in turn of the pinned rows (one and two
# GPUs), two of every MultiGpu row; then clintegral's multi-device and pinned tests
# on both GPUs with that build.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in h i j k; do
  perf head_${pass}_integral clintegral $G/lib "$P"
  perf ps_${pass}_integral clintegral $C/ps:$G/lib "$P"
done
for pass in l m; do
  perf head_${pass}_integral clintegral $G/lib 'MultiGpu*'
  perf ps_${pass}_integral clintegral $C/ps:$G/lib 'MultiGpu*'
done
tests_two_gpus $C/ps:$G/lib $C/ps clintegral
