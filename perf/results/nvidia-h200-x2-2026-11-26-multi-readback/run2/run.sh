#!/bin/sh
# Run 2: band sizes of pinned images with the read-back carries. A temporary
# switch (tmp-band-bytes.patch, not in the tree; its two libraries in .carry/tb):
# CLX_TMP_INTEGRAL_BAND_MB / CLX_TMP_RESIZE_BAND_MB set the most bytes of a band
# of pinned images (the tree: 64 MB for the integral, 16 MB for resize). Three
# passes in turn of the pinned MultiGpu rows (one and two GPUs) with each size.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  for mb in 64 32 16 8; do
    envperf i${mb}_${pass} clintegral $C/tb:$G/lib "$P" CLX_TMP_INTEGRAL_BAND_MB=$mb
  done
  for mb in 16 8 4 32; do
    envperf r${mb}_${pass} clresize $C/tb:$G/lib "$P" CLX_TMP_RESIZE_BAND_MB=$mb
  done
done
