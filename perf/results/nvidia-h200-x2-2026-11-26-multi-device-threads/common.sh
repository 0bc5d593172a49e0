#!/bin/sh
# What every run here starts with, on the GPU machine, from the repository root
# with the packed binaries in .carry (scripts/pack-gpu.sh .carry/gpu; the libraries
# under test in folders of their own). Sourced by each run's run.sh.
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
C=$PWD/.carry; G=$C/gpu; T=/tmp/o; mkdir -p $T
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1; nproc >> $T/gpu.txt
pack() { tar czf $OUT/out.tgz -C $T .; }
perf() { # $1 name, $2 binary, $3 library path, $4 filter, $5 samples (default 10)
  LD_LIBRARY_PATH=$3 timeout 100 $G/bin/opencv_perf_$2 --gtest_filter="$4" --perf_force_samples=${5:-10} --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  pack
}
R='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
