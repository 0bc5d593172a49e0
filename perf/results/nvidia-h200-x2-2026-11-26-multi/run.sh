#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
C=$PWD/.carry; G=$C/gpu; T=/tmp/o; mkdir -p $T
PIN='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
perf() { # $1 module, $2 name, $3 library path, $4 filter
  LD_LIBRARY_PATH=$3 timeout 40 $G/bin/opencv_perf_$1 --gtest_filter="$4" --perf_force_samples=10 --gtest_output=xml:$T/$2.xml > $T/$2.log 2>&1; echo "$2 rc $?"
  tar czf $OUT/out.tgz -C $T .
}
RPIN='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
perf clintegral integral_nocap_a $C/nocap:$G/lib "$PIN"
perf clintegral integral_step1_a $C/step1:$C/before "$PIN"
perf clintegral integral_before_a $C/before "$PIN"
perf clreduce reduce_new_a $G/lib "$RPIN"
perf clreduce reduce_before_a $C/before "$RPIN"
perf clresize resize_new_a $G/lib "$PIN"
perf clintegral integral_nocap_b $C/nocap:$G/lib "$PIN"
perf clintegral integral_step1_b $C/step1:$C/before "$PIN"
perf clreduce reduce_new_b $G/lib "$RPIN"
perf clresize resize_before_a $C/before "$PIN"
perf clreduce reduce_before_b $C/before "$RPIN"
