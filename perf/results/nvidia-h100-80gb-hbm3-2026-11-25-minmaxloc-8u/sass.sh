#!/bin/sh
# Run from the repository root on the GPU machine (NVIDIA OpenCL registered as in perf/results READMEs).
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o /tmp/kt
B="-D srcT1=uchar -D ESZ1=1 -D LANES=16 -D WGS=256 -D SINGLE_ROW"
M="-D OP_MIN_MAX -D MIN_INIT=255 -D MAX_INIT=0 -D NEED_MIN -D NEED_MAX"
mk() { CL_FILE=modules/clreduce/src/opencl/reduce.cl PTX=/tmp/$1.ptx NV=1 /tmp/kt none "$2" 1 1 1 1 16 16 2>&1 | grep -i "registers\|spill"; tr -d "\000" < /tmp/$1.ptx > /tmp/$1.p.ptx; /usr/local/cuda/bin/ptxas -arch=sm_90 /tmp/$1.p.ptx -o /tmp/$1.cubin && /usr/local/cuda/bin/cuobjdump -sass /tmp/$1.cubin > ${OUT:-.}/$1.sass; wc -l ${OUT:-.}/$1.sass; }
mk mmloc "$B $M -D NEED_LOC -D UNROLL=2"
mk mmnoloc "$B $M -D UNROLL=2"
mk cnz "$B -D OP_COUNT_NON_ZERO -D UNROLL=4"
