#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu; B=$PWD/.carry/before; T=/tmp/o; mkdir -p $T
export LD_LIBRARY_PATH=$G/lib
nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv > $T/gpu.txt 2>&1; nproc >> $T/gpu.txt
perf_integral() { # $1 name, $2 library path
  LD_LIBRARY_PATH=$2 CLX_TMP_TIMES=1 timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter='MultiGpu*' --perf_force_samples=10 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
}
perf_integral pinned_a $G/lib
CLX_TMP_PAGEABLE=1 perf_integral pageable_a $G/lib
perf_integral old_a $B:$G/lib
perf_integral pinned_b $G/lib
CLX_TMP_PAGEABLE=1 perf_integral pageable_b $G/lib
perf_integral old_b $B:$G/lib
tar czf ${OUT:-.}/out.tgz -C $T .
