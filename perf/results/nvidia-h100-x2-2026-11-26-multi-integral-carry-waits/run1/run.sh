#!/bin/sh
# Where the two-GPU integral's time goes at the host sums: the code as it stands with
# a temporary trace (host-sums-trace.patch; .carry/trace) printing per call the
# bands, how often and how long the device threads waited for the host's column sums,
# how long the host sums took from start to last band, and the call's time.
# Pinned 8U -> 32S, two GPUs, 10240 and 20480, three passes of 10 samples.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  envperf trace_${pass}_integral clintegral $C/trace:$G/lib "$P2" CLX_TRACE_CARRY_WAITS=1
done
