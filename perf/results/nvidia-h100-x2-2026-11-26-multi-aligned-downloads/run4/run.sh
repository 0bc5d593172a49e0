#!/bin/sh
# Run 4: run 3's integral with no carries (.carry/tmpnc, CLX_TMP_NOCARRY=1), three
# passes in turn at 10240 and 20480 on two GPUs, pinned: bands as before
# (CLX_TMP_NOALIGN=1), as before with run 1's split downloads (.carry/al), and
# line-aligned bands.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
N=$C/tmpnc:$G/lib
for pass in a b c; do
  envperf ncold_${pass}_integral clintegral $N "$P2" CLX_TMP_NOCARRY=1 CLX_TMP_NOALIGN=1
  envperf ncal_${pass}_integral clintegral $C/tmpnc:$C/al:$G/lib "$P2" CLX_TMP_NOCARRY=1 CLX_TMP_NOALIGN=1
  envperf ncra_${pass}_integral clintegral $N "$P2" CLX_TMP_NOCARRY=1
done
