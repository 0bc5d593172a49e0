#!/bin/sh
# One H100: the interior path for 2-4 channels, and for one channel its bytes packed
# through a vector (vload4) and its taps shifted in 32 bits, against 37e7b00 (the
# kernel file of that commit, `git show 37e7b00:modules/clresize/src/opencl/resize_cubic.cl`,
# was carried as run7/resize_cubic_37e7b00.cl for the kernel-only times; .carry/gpu is
# its build, .carry/new the change's clresize library).
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
OLD=$PWD/perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/run7/resize_cubic_37e7b00.cl
I="-D X2_MIRRORED -D X2_DP2A"
O3="-D srcT=uchar -D CN=3 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=4 -D X2_ELEMS=12 -D TAP_OFFSETS=0x2110u -D WINDOW_BYTES=18"
O4="-D srcT=uchar -D CN=4 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=2 -D X2_ELEMS=8 -D TAP_OFFSETS=0x10u -D WINDOW_BYTES=20"
k34() { printf '%s ' "$1"; CN=$2 $T/ckt resize_cubic_x2 "$3 -D X2_ROWS=$4" $5 $4 32 4 1920 1080 2>&1 | tail -1; }
NV=1 CN=3 $T/ckt resize_cubic_x2 "$O3 -D X2_ROWS=4 -D X2_MIRRORED" 4 4 32 4 1920 1080 > $T/cn3_build.txt 2>&1
NV=1 CN=3 $T/ckt resize_cubic_x2 "$O3 -D X2_ROWS=8 -D X2_MIRRORED" 4 8 32 4 1920 1080 > $T/cn3r8_build.txt 2>&1
for round in 1 2; do
  printf "r$round 37e7b00 4096 "; CL_FILE=$OLD $T/ckt resize_cubic_x2 "$O -D X2_ROWS=8 $I" 8 8 32 4 4096 4096 | tail -1
  kt "r$round new 4096" "$I" 8 4096 4096
  printf "r$round 37e7b00 1280 "; CL_FILE=$OLD $T/ckt resize_cubic_x2 "$O -D X2_ROWS=4 $I" 8 4 32 4 1280 1280 | tail -1
  kt "r$round new 1280" "$I" 4 1280 1280
  for r in 4 8; do
    k34 "r$round cn3 general rows$r" 3 "$O3" $r 4; k34 "r$round cn3 interior rows$r" 3 "$O3 -D X2_MIRRORED" $r 4
    k34 "r$round cn4 general rows$r" 4 "$O4" $r 2; k34 "r$round cn4 interior rows$r" 4 "$O4 -D X2_MIRRORED" $r 2
  done
done > $T/kernel_times.txt 2>&1; pack
F=''; for i in 0 1 2 3 4 5; do F="$F:ResizeCubicPerf_resizeCubic.resizeCubic/$i"; done; F=${F#:}
before_after "$F"
LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 300 $C/new/bin/opencv_test_clresize --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clresize_one_gpu.log 2>&1; echo "tests one GPU rc $?"
pack
