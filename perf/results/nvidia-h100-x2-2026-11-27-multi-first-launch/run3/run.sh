#!/bin/sh
# Run 3: lead bands for the integral over devices (lead-bands.patch: each device's
# first band a quarter of the others' height), built with a temporary switch
# (CLX_TMP_NOLEAD: uniform bands as before) and a device timeline of each call's
# copies through profiling queues (CLX_TMP_TL; tmp-timeline-and-switch.patch, the
# whole temporary build, .carry/tl, on top of the kept carry rows). Timelines of
# the two-GPU pinned rows with and without lead bands, then three passes in turn
# of the pinned integral rows, one and two GPUs: base (.carry/gpu2), kr (.carry/tl,
# CLX_TMP_NOLEAD=1: the committed tree) and lead (.carry/tl).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
envperf tl_lead_integral clintegral $C/tl:$G/lib "$P2" CLX_TMP_TL=1
envperf tl_nolead_integral clintegral $C/tl:$G/lib "$P2" CLX_TMP_TL=1 CLX_TMP_NOLEAD=1
for pass in a b c; do
  perf base_${pass}_integral clintegral $G/lib "$P"
  envperf kr_${pass}_integral clintegral $C/tl:$G/lib "$P" CLX_TMP_NOLEAD=1
  envperf lead_${pass}_integral clintegral $C/tl:$G/lib "$P" X=1
done
pack
