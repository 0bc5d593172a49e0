#!/bin/sh
# Kernel-only times over 64 MiB of 8-bit data as one row (8192x8192 8UC1),
# perf/opencl/reduce_kernel_times.c, of the reduce kernel with -D PREFETCH_TRIP (the
# next loop trip's chunks loaded before this trip's are taken) against the kept
# loop, for minMaxLoc (byte-wise, and the 16-bit halves of ../..-minmaxloc-packed
# with PTX), countNonZero and the one-channel sum; random bytes and a ramp, two runs.
# Run from the repository root on the GPU machine.
. perf/opencl/reduce_kernel_times.sh perf/results/nvidia-h100-80gb-hbm3-2026-11-26-reduce-prefetch/prefetch_packed.patch
O=$MINMAXLOC_8U C=$COUNT_8U S=$SUM_8U
for r in 1 2; do
 for d in random ramp; do
  echo "== run $r data $d"
  t "cnz u4                 " "$C -D UNROLL=4"
  t "cnz u4 prefetch        " "$C -D UNROLL=4 -D PREFETCH_TRIP"
  t "cnz u2 prefetch        " "$C -D UNROLL=2 -D PREFETCH_TRIP"
  t "sum u4                 " "$S -D UNROLL=4"
  t "sum u4 prefetch        " "$S -D UNROLL=4 -D PREFETCH_TRIP"
  t "mml u2                 " "$O -D UNROLL=2"
  for u in 1 2 4; do
   t "mml u$u prefetch        " "$O -D UNROLL=$u -D PREFETCH_TRIP"
   t "mml u$u prefetch packed " "$O -D UNROLL=$u -D PREFETCH_TRIP -D PACKED_U8 -D PTX_U16X2"
  done
 done
done
