#!/bin/sh
# Run 4: run 3's build with one more temporary switch (CLX_TMP_NODEFER: each
# device's lead band downloaded at once, its carry awaited on its thread, instead of
# its downloads waiting for the next band's kernels); tmp-timeline-and-switches.patch,
# .carry/tl. Timeline of the two-GPU pinned rows with it, then three passes in turn:
# base (.carry/gpu2), kr (uniform bands, the committed tree), lead, lead+nodefer.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
envperf tl_nodefer_integral clintegral $C/tl:$G/lib "$P2" CLX_TMP_TL=1 CLX_TMP_NODEFER=1
for pass in a b c; do
  perf base_${pass}_integral clintegral $G/lib "$P"
  envperf kr_${pass}_integral clintegral $C/tl:$G/lib "$P" CLX_TMP_NOLEAD=1
  envperf lead_${pass}_integral clintegral $C/tl:$G/lib "$P" X=1
  envperf nodefer_${pass}_integral clintegral $C/tl:$G/lib "$P" CLX_TMP_NODEFER=1
done
pack
