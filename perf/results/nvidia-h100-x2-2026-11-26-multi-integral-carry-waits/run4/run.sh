#!/bin/sh
# Run 4: on one pair, in the same passes: cubic resize (same bytes over the links),
# the integral as it stands (traced, .carry/tracehs), with host-sum prefetches 8 rows
# ahead (CLX_HOST_SUMS_PREFETCH=8), and with no carries at all (wrong sums, timing
# only: ablation run 1's switch, .carry/tmpa over c0b17e8's libraries). Pinned, two GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  perf resize_${pass} clresize $C/final:$G/lib "$P2"
  envperf kept_${pass}_integral clintegral $C/tracehs:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1
  envperf pf8_${pass}_integral clintegral $C/tracehs:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1 CLX_HOST_SUMS_PREFETCH=8
  envperf nc_${pass}_integral clintegral $C/tmpa:$C/final:$G/lib "$P2" CLX_TMP_NOCARRY=1
done
