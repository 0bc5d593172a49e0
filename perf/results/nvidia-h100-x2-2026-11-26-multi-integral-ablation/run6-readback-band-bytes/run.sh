#!/bin/sh
# Run 5's code (.carry/rb2) on two GPUs with bands of 64 MB (as kept), 32 MB and
# 16 MB (temporary switch CLX_TMP_BAND_MB in .carry/rb3's clintegral, not in the tree).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  perf rb2_${pass}_integral clintegral $C/rb2:$G/lib "$P2"
  envperf b32_${pass}_integral clintegral $C/rb3:$C/rb2:$G/lib "$P2" CLX_TMP_BAND_MB=32
  envperf b16_${pass}_integral clintegral $C/rb3:$C/rb2:$G/lib "$P2" CLX_TMP_BAND_MB=16
done
