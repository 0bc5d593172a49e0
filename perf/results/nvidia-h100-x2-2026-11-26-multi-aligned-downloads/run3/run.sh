#!/bin/sh
# Run 3: is the misaligned download what keeps the integral above cubic resize
# when no carry is made? Two GPUs, pinned rows at 10240 and 20480, three passes in
# turn of: cubic resize (.carry/gpu); the integral with no carries at all
# (.carry/tmpnc: run 2's aligned bands plus the temporary switches of
# tmp-switches.patch, not in the tree; wrong sums, so the benchmark's check fails and
# its medians are read from the logs) with its bands as before (CLX_TMP_NOALIGN=1)
# and line-aligned; the integral with its carries, before (.carry/gpu) and with
# aligned bands (.carry/ra).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
N=$C/tmpnc:$G/lib
for pass in a b c; do
  perf resize_${pass} clresize $G/lib "$P2"
  envperf ncold_${pass}_integral clintegral $N "$P2" CLX_TMP_NOCARRY=1 CLX_TMP_NOALIGN=1
  envperf ncra_${pass}_integral clintegral $N "$P2" CLX_TMP_NOCARRY=1
  perf head_${pass}_integral clintegral $G/lib "$P2"
  perf ra_${pass}_integral clintegral $C/ra:$G/lib "$P2"
done
