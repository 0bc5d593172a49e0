#!/bin/sh
# Run 4: kernel caches per context (kernel-caches.patch, the form timed) and,
# as a temporary switch on top (tmp-nogate-first.patch, not in the tree;
# CLX_TMP_NOGATE_FIRST=1: each device's first band enqueues its later kernels and
# downloads at once instead of behind the next band's kernels), clruntime built
# with both in .carry/kc, against the tree before (.carry/gpu). Passes in turn of
# the pinned MultiGpu rows (one and two GPUs).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  perf base_${pass}_integral clintegral $G/lib "$P"
  perf kc_${pass}_integral clintegral $C/kc:$G/lib "$P"
  envperf ng_${pass}_integral clintegral $C/kc:$G/lib "$P" CLX_TMP_NOGATE_FIRST=1
  perf base_${pass}_resize clresize $G/lib "$P"
  perf kc_${pass}_resize clresize $C/kc:$G/lib "$P"
done
for pass in a b; do
  perf base_${pass}_reduce clreduce $G/lib "$R"
  perf kc_${pass}_reduce clreduce $C/kc:$G/lib "$R"
done
