#!/bin/sh
# Where the two-GPU integral's time goes: the code of c0b17e8 (.carry/final)
# against the same code with temporary switches (.carry/tmpa, not in the tree):
# CLX_TMP_NOCARRY=1 starts no host sums and adds no carry (wrong sums: the
# benchmark's check fails, its times are in the log), CLX_TMP_BAND_MB the band bytes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
A=$C/tmpa:$C/final:$G/lib
for pass in a b c; do
  perf final_${pass}_integral clintegral $C/final:$G/lib "$P"
  envperf nc64_${pass}_integral clintegral $A "$P2" CLX_TMP_NOCARRY=1
  envperf nc16_${pass}_integral clintegral $A "$P2" CLX_TMP_NOCARRY=1 CLX_TMP_BAND_MB=16
  envperf c32_${pass}_integral clintegral $A "$P2" CLX_TMP_BAND_MB=32
done
perf final_resize clresize $C/final:$G/lib "$P"
perf final_reduce clreduce $C/final:$G/lib "$R"
perf final2_reduce clreduce $C/final:$G/lib "$R"
