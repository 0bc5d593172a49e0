#!/bin/sh
# One H100, kernel-only event times (perf/opencl/cubic_kernel_times.c, median of 50,
# output hashed) of resize_cubic_x2 with its interior path as clresize builds it for
# 8-bit enlargements by 2, over the source rows a work-item walks (X2_ROWS; the
# library takes 4 or 8): does a grid a little bigger than the GPU holds at once (a
# second wave of a few work-groups) cost the small cases their tail? Two rounds.
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
T=/tmp/o; mkdir -p $T; pack() { tar czf $OUT/out.tgz -C $T .; }
export CUDA_CACHE_DISABLE=1   # the build log (registers) is printed only for a fresh build
nvidia-smi --query-gpu=name,driver_version --format=csv > $T/gpu.txt 2>&1
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
O1="-D srcT=uchar -D CN=1 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=8 -D X2_ELEMS=8 -D TAP_OFFSETS=0x43322110u -D WINDOW_BYTES=8 -D X2_MIRRORED -D X2_DP2A"
O3="-D srcT=uchar -D CN=3 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=4 -D X2_ELEMS=12 -D TAP_OFFSETS=0x2110u -D WINDOW_BYTES=18 -D X2_MIRRORED"
k() { # label cn options vx rows w h
  printf '%s rows%s %sx%s ' "$1" "$5" "$6" "$7"
  NV=1 CN=$2 $T/ckt resize_cubic_x2 "$3 -D X2_ROWS=$5" $4 $5 32 4 $6 $7 > $T/ck.txt 2>&1
  grep -io 'used [0-9]* registers' $T/ck.txt | head -1 | tr '\n' ' '; tail -1 $T/ck.txt
}
for round in 1 2; do
  for r in 2 3 4 5 6 7 8; do k "r$round 8UC1" 1 "$O1" 8 $r 1280 1280; done
  for r in 3 4 5 6 8; do k "r$round 8UC3" 3 "$O3" 4 $r 1920 1080; done
  for r in 6 7 8 9 10 12 16; do k "r$round 8UC1" 1 "$O1" 8 $r 4096 4096; done
done > $T/times.txt 2>&1
pack
