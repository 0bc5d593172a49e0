#!/bin/sh
# minMaxLoc of 8-bit data against countNonZero, kernel only (perf/opencl/
# reduce_kernel_times.c, 64 MiB as one row, random bytes): registers as NVIDIA's
# compiler reports them (NV=1), loop trips of 2, 4 and 8 chunks, 1056 or 528 groups
# of 256, and registers capped by -cl-nv-maxrregcount; from the repository root.
. perf/opencl/reduce_kernel_times.sh
M="-D OP_MIN_MAX -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D MIN_INIT=255 -D MAX_INIT=0 -D NEED_MIN -D NEED_MAX -D WGS=256 -D SINGLE_ROW"
d=random
for g in 1056 528; do
  G=$g
  NV=1 t "cnz u4 g$g" "$COUNT_8U -D UNROLL=4"
  for u in 2 4 8; do
    NV=1 t "noloc u$u g$g" "$M -D UNROLL=$u"
    NV=1 t "loc u$u g$g" "$M -D NEED_LOC -D UNROLL=$u"
  done
  for r in 32 40 48; do
    NV=1 t "loc u2 g$g rreg$r" "$M -D NEED_LOC -D UNROLL=2 -cl-nv-maxrregcount=$r"
    NV=1 t "noloc u2 g$g rreg$r" "$M -D UNROLL=2 -cl-nv-maxrregcount=$r"
  done
done
