#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu; B=$PWD/.carry/before; T=/tmp/o; mkdir -p $T
export LD_LIBRARY_PATH=$G/lib
nvidia-smi --query-gpu=name,driver_version,pci.bus_id --format=csv > $T/gpu.txt 2>&1; nproc >> $T/gpu.txt
perf_integral() { # $1 name, $2 library path
  LD_LIBRARY_PATH=$2 timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter='MultiGpu*' --perf_force_samples=10 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
}
perf_integral integral_new_a $G/lib
perf_integral integral_old_a $B:$G/lib
perf_integral integral_new_b $G/lib
perf_integral integral_old_b $B:$G/lib
for m in clresize clreduce; do
  timeout 100 $G/bin/opencv_perf_$m --gtest_filter='MultiGpu*' --perf_force_samples=10 --gtest_output=xml:$T/multi_$m.xml > $T/multi_$m.log 2>&1; echo "$m rc $?"
done
for m in clintegral clresize clreduce; do
  CLX_TEST_DEVICES=2 timeout 170 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/test_${m}_multi_device.log 2>&1; echo "test $m rc $?"; tail -1 $T/test_${m}_multi_device.log
done
tar czf ${OUT:-.}/out.tgz -C $T .
