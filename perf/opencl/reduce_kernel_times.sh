#!/bin/sh
# What the GPU runs of reduce_kernel_times.c share, sourced from the repository root
# with a patch of modules/clreduce/src/opencl/reduce.cl as $1 (or none): registers
# NVIDIA's OpenCL, builds the tool as /tmp/rkt, makes the patched kernel file the
# tool's CL_FILE, and sets the build options of the three 8-bit operations without
# UNROLL (MINMAXLOC_8U with locations, COUNT_8U, SUM_8U), the size of an 8192x8192
# 8UC1 image as one row (N) and the groups an H100 gets (G). `t label options` runs
# the tool on data $d (random or ramp) with each output line labelled.
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
cc -O2 perf/opencl/reduce_kernel_times.c -lOpenCL -o /tmp/rkt
if [ -n "${1:-}" ]; then
  patch -s -o /tmp/reduce_patched.cl modules/clreduce/src/opencl/reduce.cl < "$1"
  export CL_FILE=/tmp/reduce_patched.cl
fi
MINMAXLOC_8U="-D OP_MIN_MAX -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D MIN_INIT=255 -D MAX_INIT=0 -D NEED_MIN -D NEED_MAX -D NEED_LOC -D WGS=256 -D SINGLE_ROW"
COUNT_8U="-D OP_COUNT_NON_ZERO -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D WGS=256 -D SINGLE_ROW"
SUM_8U="-D OP_SUM -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D laneT=uint -D sumT=long -D CN=1 -D WGS=256 -D SINGLE_ROW"
N=67108864; G=1056
t() { DATA=$d /tmp/rkt "$2" $N $G | sed "s/^/$1 /"; }
