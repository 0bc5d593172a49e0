#!/bin/sh
# Run 5: with the one-pass host sums (c155c40, .carry/bt with band-threads.patch
# here), the integral's bands of 32 or 16 MB instead of 64
# (CLX_TMP_INTEGRAL_BAND_MB), the summing threads counted from the whole source's
# bytes instead of band 0's (CLX_TMP_THREADS_FROM_IMAGE=1, so that smaller bands
# keep 16 threads), against the switches unset; pinned, one and two GPUs, three
# passes in turn.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  perf base_${pass}_integral clintegral $C/bt:$G/lib "$P"
  envperf b32_${pass}_integral clintegral $C/bt:$G/lib "$P" CLX_TMP_INTEGRAL_BAND_MB=32 CLX_TMP_THREADS_FROM_IMAGE=1
  envperf b16_${pass}_integral clintegral $C/bt:$G/lib "$P" CLX_TMP_INTEGRAL_BAND_MB=16 CLX_TMP_THREADS_FROM_IMAGE=1
done
