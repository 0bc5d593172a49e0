#!/bin/sh
# Run from the repository root on the GPU machine (NVIDIA OpenCL registered as in perf/results READMEs).
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cc -O2 perf/opencl/reduce_kernel_times.c -lOpenCL -o /tmp/rkt
V=/tmp/reduce_variants.cl
patch -s -o $V modules/clreduce/src/opencl/reduce.cl < perf/results/nvidia-h100-80gb-hbm3-2026-11-25-minmaxloc-8u/reduce_variants.patch
O="-D OP_MIN_MAX -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D MIN_INIT=255 -D MAX_INIT=0 -D NEED_MIN -D NEED_MAX -D WGS=256 -D SINGLE_ROW"
C="-D OP_COUNT_NON_ZERO -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D WGS=256 -D UNROLL=4 -D SINGLE_ROW"
N=67108864; G=1056
for r in 1 2; do
 for d in random ramp; do
  echo "== run $r data $d"
  DATA=$d /tmp/rkt "$C" $N $G | sed 's/^/cnz          /'
  DATA=$d /tmp/rkt "$O -D UNROLL=2" $N $G | sed 's/^/noloc        /'
  DATA=$d /tmp/rkt "$O -D NEED_LOC -D UNROLL=2" $N $G | sed 's/^/loc kept     /'
  for u in 2 4; do
   DATA=$d CL_FILE=$V /tmp/rkt "$O -D NEED_LOC -D UNROLL=$u -D MMV=1" $N $G | sed "s/^/loc u16 u$u   /"
   DATA=$d CL_FILE=$V /tmp/rkt "$O -D NEED_LOC -D UNROLL=$u -D MMV=2" $N $G | sed "s/^/loc vol u$u   /"
  done
 done
done
for v in 1 2; do
  CL_FILE=$V PTX=/tmp/v$v.ptx /tmp/rkt "$O -D NEED_LOC -D UNROLL=2 -D MMV=$v" 4096 1 > /dev/null
  tr -d "\000" < /tmp/v$v.ptx > /tmp/v$v.p.ptx; /usr/local/cuda/bin/ptxas -arch=sm_90 /tmp/v$v.p.ptx -o /tmp/v$v.cubin && /usr/local/cuda/bin/cuobjdump -sass /tmp/v$v.cubin > ${OUT:-.}/v$v.sass
  echo "v$v: $(grep -c 'LDG.E.128' ${OUT:-.}/v$v.sass) 128-bit loads, $(grep -c 'LDG.E ' ${OUT:-.}/v$v.sass) 32-bit loads"
done
