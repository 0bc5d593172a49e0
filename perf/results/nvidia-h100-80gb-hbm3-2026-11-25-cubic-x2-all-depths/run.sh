#!/bin/sh
# Run from the repository root on the GPU machine. .carry/gpu: scripts/pack-gpu.sh of this
# version; .carry/before: the clresize library of 8d88906 built the same way (stripped).
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu; T=/tmp/o; mkdir -p $T
mkdir -p /tmp/before && cp -a $G/lib /tmp/before/ && cp -a .carry/before/* /tmp/before/lib/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $T/gpu.txt
P=ResizeCubicPerf_resizeCubic.resizeCubic
F="$P/0:$P/1:$P/2:$P/3:$P/4:$P/5"
for r in 1 2; do
  for b in before after; do
    L=$G/lib; [ $b = before ] && L=/tmp/before/lib
    LD_LIBRARY_PATH=$L $G/bin/opencv_perf_clresize --gtest_filter="$F" --gtest_output=xml:$T/${b}_run$r.xml > $T/${b}_run$r.txt 2>&1
  done
done
LD_LIBRARY_PATH=$G/lib timeout 250 $G/bin/opencv_test_clresize --gtest_filter='-*NoDeviceBuffer*' > $T/tests_clresize_h100.log 2>&1; echo "tests rc $?"
tar czf ${OUT:-.}/out.tgz -C $T .
