#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
T=/tmp/k; mkdir -p $T
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o /tmp/kt
O1="-D srcT=uchar -D CN=1 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=8 -D TAP_OFFSETS=0x43322110u -D WINDOW_BYTES=8 -D X2_ROWS=8"
O3="-D srcT=uchar -D CN=3 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=4 -D TAP_OFFSETS=0x2110u -D WINDOW_BYTES=18 -D X2_ROWS=8"
for r in 1 2 3; do
  for v in old new; do
    if [ $v = old ]; then F=.carry/old_resize_cubic.cl; E1=""; E3=""; else F=modules/clresize/src/opencl/resize_cubic.cl; E1=" -D X2_ELEMS=8"; E3=" -D X2_ELEMS=12"; fi
    echo "== $v run $r 8UC1 4096"; CL_FILE=$F NV=1 /tmp/kt resize_cubic_x2 "$O1$E1" 8 8 32 4 4096 4096 2>&1 | grep -v "^$" | tail -4
    echo "== $v run $r 8UC3 1920x1080"; CL_FILE=$F NV=1 CN=3 /tmp/kt resize_cubic_x2 "$O3$E3" 4 8 32 4 1920 1080 2>&1 | grep -v "^$" | tail -4
  done
done
