#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
C=$PWD/.carry; G=$C/gpu; T=/tmp/o; mkdir -p $T
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1; nproc >> $T/gpu.txt
pack() { tar czf $OUT/out.tgz -C $T .; }
perf() { # $1 name, $2 binary, $3 library path, $4 filter, $5 samples
  LD_LIBRARY_PATH=$3 timeout 100 $G/bin/opencv_perf_$2 --gtest_filter="$4" --perf_force_samples=$5 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  pack
}
for f in 12 18; do perf base_reduce_$f clreduce $G/lib "MultiGpu*/$f" 10; done
for f in 4 6; do perf base_resize_$f clresize $G/lib "MultiGpu*/$f" 10; done
for f in 5 7; do perf base_integral_$f clintegral $G/lib "MultiGpu*/$f" 10; done
export CLX_TRACE=1
for f in 12 18; do perf trace_reduce_$f clreduce $C/trace:$G/lib "MultiGpu*/$f" 5; done
for f in 4 6; do perf trace_resize_$f clresize $C/trace:$G/lib "MultiGpu*/$f" 5; done
for f in 5 7 6; do perf trace_integral_$f clintegral $C/trace:$G/lib "MultiGpu*/$f" 5; done
unset CLX_TRACE
timeout 60 $C/trace/opencl_multi_device_copies gpu 50 > $T/copies_50.txt 2>&1; echo copies rc $?
timeout 60 $C/trace/opencl_multi_device_copies gpu 200 > $T/copies_200.txt 2>&1; echo copies rc $?
pack
