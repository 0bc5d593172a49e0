#!/bin/sh
# Run 2: the same trace in the host-sums code (.carry/trace) and in the pooled
# read-back carries (readback-pool-trace.patch, .carry/tracerb: waits of the device
# threads for the carries, time the adding thread waited for the read-backs), in the
# same passes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  envperf trace_${pass}_integral clintegral $C/trace:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1
  envperf tracerb_${pass}_integral clintegral $C/tracerb:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1
done
