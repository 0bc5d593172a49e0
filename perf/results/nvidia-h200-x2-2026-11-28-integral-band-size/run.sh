#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows (one GPU and two, 10240x10240 and 20480x20480) with the
# streamed bands' size limit (input + output bytes) at 64 MiB (the tree's) and at
# 32, 16 and 8 MiB, through a temporary switch (CLX_TMP_INTEGRAL_BAND_MB, in the
# clintegral library in .carry/var/lib, not in the tree), in turn.
# Build packed by scripts/pack-gpu.sh .carry/gpu. Logs and XML in $OUT/out.tgz.
#   sh run.sh P...     one pass of every size limit for each P (MBS: the limits,
#                      default "64 32 16 8")
set -u
T=/tmp/o; mkdir -p $T
pack() { tar czf $OUT/out.tgz -C $T .; }
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu
export LD_LIBRARY_PATH=$PWD/.carry/var/lib:$G/lib
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1
nproc >> $T/gpu.txt
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
for p in "$@"; do
  for mb in ${MBS:-64 32 16 8}; do
    CLX_TMP_INTEGRAL_BAND_MB=$mb timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$P" --perf_force_samples=10 \
      --gtest_output=xml:$T/${p}_${mb}mb.xml > $T/${p}_${mb}mb.log 2>&1
    echo "$p ${mb} MiB rc $?"; pack
  done
done
