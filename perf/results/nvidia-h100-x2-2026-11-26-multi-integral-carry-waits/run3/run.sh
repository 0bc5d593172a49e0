#!/bin/sh
# Run 3: the host sums traced (.carry/tracehs: host-sums-variants.patch, the trace
# plus two temporary switches): as they are (16 threads here), with 8 threads
# (CLX_HOST_SUMS_THREADS=8), with software prefetches of the rows 8 and 16 ahead
# (CLX_HOST_SUMS_PREFETCH), in the same three passes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  envperf kept_${pass}_integral clintegral $C/tracehs:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1
  envperf t8_${pass}_integral clintegral $C/tracehs:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1 CLX_HOST_SUMS_THREADS=8
  envperf pf8_${pass}_integral clintegral $C/tracehs:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1 CLX_HOST_SUMS_PREFETCH=8
  envperf pf16_${pass}_integral clintegral $C/tracehs:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1 CLX_HOST_SUMS_PREFETCH=16
done
