#!/bin/sh
# Run 5: the committed split downloads (.carry/fin: scripts/pack-gpu.sh of that
# commit) against its parent (.carry/gpu): every MultiGpu row of the three ops
# with the new code and the pinned integral and resize rows with both, two passes
# in turn; then the multi-device and pinned tests of the three modules on both
# GPUs with the new build.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
F=$C/fin/lib
for pass in a b; do
  perf head_${pass}_integral clintegral $G/lib "$P"
  perf fin_${pass}_integral clintegral $F 'MultiGpu*'
  perf head_${pass}_resize clresize $G/lib "$P"
  perf fin_${pass}_resize clresize $F 'MultiGpu*'
  perf fin_${pass}_reduce clreduce $F 'MultiGpu*'
done
tests_two_gpus $F $C/fin/bin clintegral clresize clreduce
