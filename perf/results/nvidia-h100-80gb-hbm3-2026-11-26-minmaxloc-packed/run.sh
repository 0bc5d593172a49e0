#!/bin/sh
# Kernel-only times of minMaxLoc over 64 MiB of 8-bit data as one row (8192x8192
# 8UC1), perf/opencl/reduce_kernel_times.c: countNonZero (for scale), the kernel
# before (byte-wise min and max), -D PACKED_U8 (16-bit halves, ushort2 min/max) and
# -D PACKED_U8 -D PTX_U16X2 (NVIDIA's min/max.u16x2), 2 and 4 chunks a loop trip,
# random bytes and a ramp; then the SASS of the PTX build's main loop.
# Run from the repository root on the GPU machine. (Run as recorded with the patch
# applied to the tree; the variants without -D PACKED_U8 are the kernel before.)
. perf/opencl/reduce_kernel_times.sh perf/results/nvidia-h100-80gb-hbm3-2026-11-26-minmaxloc-packed/packed_u8.patch
for r in 1 2; do
 for d in random ramp; do
  echo "== run $r data $d"
  t "cnz           " "$COUNT_8U -D UNROLL=4"
  for u in 2 4; do
   t "bytes u$u      " "$MINMAXLOC_8U -D UNROLL=$u"
   t "packed u$u     " "$MINMAXLOC_8U -D UNROLL=$u -D PACKED_U8"
   t "packed ptx u$u " "$MINMAXLOC_8U -D UNROLL=$u -D PACKED_U8 -D PTX_U16X2"
  done
 done
done
PTX=/tmp/p.ptx /tmp/rkt "$MINMAXLOC_8U -D UNROLL=2 -D PACKED_U8 -D PTX_U16X2" 4096 1 > /dev/null
tr -d "\000" < /tmp/p.ptx > /tmp/p2.ptx; /usr/local/cuda/bin/ptxas -arch=sm_90 /tmp/p2.ptx -o /tmp/p.cubin && /usr/local/cuda/bin/cuobjdump -sass /tmp/p.cubin > $OUT/packed_ptx.sass
echo "VIMNMX: $(grep -c VIMNMX $OUT/packed_ptx.sass) PRMT: $(grep -c PRMT $OUT/packed_ptx.sass)"
