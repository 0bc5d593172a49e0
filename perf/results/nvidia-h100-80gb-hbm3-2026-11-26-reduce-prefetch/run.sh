#!/bin/sh
# Kernel-only times over 64 MiB of 8-bit data as one row (8192x8192 8UC1),
# perf/opencl/reduce_kernel_times.c, of the reduce kernel with -D PREFETCH_TRIP (the
# next loop trip's chunks loaded before this trip's are taken) against the kept
# loop, for minMaxLoc (byte-wise, and the 16-bit halves of ../..-minmaxloc-packed
# with PTX), countNonZero and the one-channel sum; random bytes and a ramp, two runs.
# Run from the repository root on the GPU machine.
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cc -O2 perf/opencl/reduce_kernel_times.c -lOpenCL -o /tmp/rkt
V=/tmp/reduce_prefetch.cl
patch -s -o $V modules/clreduce/src/opencl/reduce.cl < perf/results/nvidia-h100-80gb-hbm3-2026-11-26-reduce-prefetch/prefetch_packed.patch
export CL_FILE=$V
O="-D OP_MIN_MAX -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D MIN_INIT=255 -D MAX_INIT=0 -D NEED_MIN -D NEED_MAX -D NEED_LOC -D WGS=256 -D SINGLE_ROW"
C="-D OP_COUNT_NON_ZERO -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D WGS=256 -D SINGLE_ROW"
S="-D OP_SUM -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D laneT=uint -D sumT=long -D CN=1 -D WGS=256 -D SINGLE_ROW"
N=67108864; G=1056
t() { DATA=$d /tmp/rkt "$2" $N $G | sed "s/^/$1 /"; }
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
