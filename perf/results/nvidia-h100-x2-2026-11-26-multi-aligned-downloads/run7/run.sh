#!/bin/sh
# Run 7: the host reading a band's rows just before its upload. With the carries from
# the host's column sums, the host's memory reads the source twice (the sums, then
# the uploads). A temporary switch (tmp-gate.patch, .carry/gate, not in the tree:
# CLX_TMP_GATE_FROM=k) holds the upload of every band b >= k but the last until the
# host has summed its rows, so that the upload may find them in the host's cache.
# Three passes in turn, two GPUs, pinned, 10240 and 20480: the committed code
# (.carry/fin), the switch off, from band 1 and from band 2.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
F=$C/fin/lib
for pass in a b c; do
  perf fin_${pass}_integral clintegral $F "$P2"
  envperf off_${pass}_integral clintegral $C/gate:$F "$P2" CLX_TMP_GATE_FROM=-1
  envperf g1_${pass}_integral clintegral $C/gate:$F "$P2" CLX_TMP_GATE_FROM=1
  envperf g2_${pass}_integral clintegral $C/gate:$F "$P2" CLX_TMP_GATE_FROM=2
done
