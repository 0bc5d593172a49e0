#!/bin/sh
# Run 3: where the two-GPU pinned integral's time goes, against cubic resize's. A
# temporary trace (tmp-trace.patch, not in the tree; its three libraries in
# .carry/tr): CLX_TMP_TRACE=1 prints, per call, host times (ms from the call's
# start) of each band's submit, slot retired, upload and kernels enqueued, later
# kernels begun and enqueued, downloads enqueued, carry made and awaited, and the
# times the driver's callbacks report its upload, kernels, own-row read and
# downloads complete. Two-GPU pinned rows (10240, 20480), 5 samples.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b; do
  envperf tr_${pass}_integral clintegral $C/tr:$G/lib "$P2" CLX_TMP_TRACE=1
  envperf tr_${pass}_resize clresize $C/tr:$G/lib "$P2" CLX_TMP_TRACE=1
done
envperf notr_integral clintegral $C/tr:$G/lib "$P2"
