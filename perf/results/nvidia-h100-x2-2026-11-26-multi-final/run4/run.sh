#!/bin/sh
# Run 4: ordinary (pageable) host images, whose bands each device's stream copies
# through pinned memory on up to 16 copy threads: the streams' threads capped at 16
# (as committed), 8 or 4 (CLX_TMP_COPY_THREADS_MAX, copy-threads-cap.patch here, on
# a4b716d: .carry/cap), cubic resize and integral, one and two GPUs, two passes;
# then clintegral's multi-device and pinned tests on both GPUs with a4b716d's
# clintegral (.carry/cap, the cap unset).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
Q='MultiGpu*/0:MultiGpu*/1:MultiGpu*/2:MultiGpu*/3'
for pass in a b; do
  for cap in 16 8 4; do
    envperf cap${cap}_${pass}_resize clresize $C/cap:$G/lib "$Q" CLX_TMP_COPY_THREADS_MAX=$cap
    envperf cap${cap}_${pass}_integral clintegral $C/cap:$G/lib "$Q" CLX_TMP_COPY_THREADS_MAX=$cap
  done
done
tests_two_gpus $C/cap:$G/lib $C/cap clintegral
