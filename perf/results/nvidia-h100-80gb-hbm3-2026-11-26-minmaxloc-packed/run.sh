#!/bin/sh
# Kernel-only times of minMaxLoc over 64 MiB of 8-bit data as one row (8192x8192
# 8UC1), perf/opencl/reduce_kernel_times.c: countNonZero (for scale), the kernel
# before (byte-wise min and max), -D PACKED_U8 (16-bit halves, ushort2 min/max) and
# -D PACKED_U8 -D PTX_U16X2 (NVIDIA's min/max.u16x2), 2 and 4 chunks a loop trip,
# random bytes and a ramp; then the SASS of the PTX build's main loop.
# Run from the repository root on the GPU machine. (Run as recorded with the patch
# applied to the tree; the variants without -D PACKED_U8 are the kernel before.)
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cc -O2 perf/opencl/reduce_kernel_times.c -lOpenCL -o /tmp/rkt
V=/tmp/reduce_packed.cl
patch -s -o $V modules/clreduce/src/opencl/reduce.cl < perf/results/nvidia-h100-80gb-hbm3-2026-11-26-minmaxloc-packed/packed_u8.patch
export CL_FILE=$V
O="-D OP_MIN_MAX -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D MIN_INIT=255 -D MAX_INIT=0 -D NEED_MIN -D NEED_MAX -D NEED_LOC -D WGS=256 -D SINGLE_ROW"
C="-D OP_COUNT_NON_ZERO -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D WGS=256 -D UNROLL=4 -D SINGLE_ROW"
N=67108864; G=1056
for r in 1 2; do
 for d in random ramp; do
  echo "== run $r data $d"
  DATA=$d /tmp/rkt "$C" $N $G | sed 's/^/cnz            /'
  for u in 2 4; do
   DATA=$d /tmp/rkt "$O -D UNROLL=$u" $N $G | sed "s/^/bytes u$u       /"
   DATA=$d /tmp/rkt "$O -D UNROLL=$u -D PACKED_U8" $N $G | sed "s/^/packed u$u      /"
   DATA=$d /tmp/rkt "$O -D UNROLL=$u -D PACKED_U8 -D PTX_U16X2" $N $G | sed "s/^/packed ptx u$u  /"
  done
 done
done
PTX=/tmp/p.ptx /tmp/rkt "$O -D UNROLL=2 -D PACKED_U8 -D PTX_U16X2" 4096 1 > /dev/null
tr -d "\000" < /tmp/p.ptx > /tmp/p2.ptx; /usr/local/cuda/bin/ptxas -arch=sm_90 /tmp/p2.ptx -o /tmp/p.cubin && /usr/local/cuda/bin/cuobjdump -sass /tmp/p.cubin > $OUT/packed_ptx.sass
echo "VIMNMX: $(grep -c VIMNMX $OUT/packed_ptx.sass) PRMT: $(grep -c PRMT $OUT/packed_ptx.sass)"
