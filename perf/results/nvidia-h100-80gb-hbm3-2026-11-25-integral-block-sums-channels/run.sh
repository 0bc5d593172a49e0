#!/bin/sh
# Run from the repository root on the GPU machine. .carry/gpu: scripts/pack-gpu.sh of this
# version; .carry/before: the clintegral library of the version before, built the same way (stripped).
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu; T=/tmp/o; mkdir -p $T
mkdir -p /tmp/before && cp -a $G/lib /tmp/before/ && cp -a .carry/before/* /tmp/before/lib/
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $T/gpu.txt
P=IntegralPerf_integral.integral
F="$P/0:$P/1:$P/2:$P/4"
for r in 1 2; do
  for b in before after; do
    L=$G/lib; [ $b = before ] && L=/tmp/before/lib
    LD_LIBRARY_PATH=$L CLX_PERF_KERNEL_TIME=1 $G/bin/opencv_perf_clintegral --gtest_filter="$F" --gtest_output=xml:$T/${b}_run$r.xml > $T/${b}_run$r.txt 2>&1
  done
done
LD_LIBRARY_PATH=$G/lib timeout 300 $G/bin/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*' > $T/tests_clintegral_h100.log 2>&1; echo "tests rc $?"
tail -1 $T/tests_clintegral_h100.log
tar czf ${OUT:-.}/out.tgz -C $T .
