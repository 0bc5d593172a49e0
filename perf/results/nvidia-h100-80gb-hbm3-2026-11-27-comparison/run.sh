#!/bin/sh
# The whole comparison on one H100, in two calls on the same machine (one call's
# 10 minutes do not hold the build, every benchmark and the NPP/CUB baselines):
#   sh run.sh build-and-first   OpenCV 4.13.0 with its CUDA modules and clx built
#                               (scripts/gpu-cuda-run.sh, work folder /tmp/clx-cuda),
#                               then opencv_perf_clintegral and opencv_perf_clresize
#   sh run.sh rest              opencv_perf_clreduce, the NPP/CUB baselines, clx_compare
# Each writes its logs and XML into $OUT; the table is made afterwards with
# perf/compare.py (README).
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
W=/tmp/clx-cuda; P=$W/packed
export LD_LIBRARY_PATH=$P/lib
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $OUT/gpu.txt 2>&1
perf() { timeout $2 $P/bin/$1 --gtest_output=xml:$OUT/$1.xml --gtest_filter=-BigImage*:MultiGpu*:HugeHostImage* > $OUT/$1.log 2>&1; echo "$1 rc $?"; tail -n 2 $OUT/$1.log; }
npp_baselines() {
  export PATH=/usr/local/cuda/bin:$PATH
  nvcc -O2 -std=c++17 -arch=sm_90 perf/cuda/npp_baselines.cu -lnppc -lnppist -lnppig -lnppitc -lnppial \
      -o /tmp/npp_baselines.bin > $OUT/npp_baselines.log 2>&1 &&
    timeout 200 /tmp/npp_baselines.bin $OUT/npp_baselines.xml >> $OUT/npp_baselines.log 2>&1; echo "npp rc $?"
  tail -n 3 $OUT/npp_baselines.log
}
case "$1" in
build-and-first)
  export CLX_GPU_TESTS=0 CLX_GPU_STEPS=build
  s=$(date +%s); scripts/gpu-cuda-run.sh .carry/opencv-4.13.0-cuda.tar.xz > $OUT/cudarun.log 2>&1; echo "build rc $? in $(( $(date +%s) - s )) s"
  tail -n 3 $OUT/cudarun.log
  CLX_BUILD_DIR=$W/build ./scripts/pack-gpu.sh $P > /dev/null
  perf opencv_perf_clintegral 170
  perf opencv_perf_clresize 170 ;;
rest)
  perf opencv_perf_clreduce 250
  npp_baselines
  timeout 60 $P/bin/clx_compare --size=8192x8192 --iters=100 > $OUT/clx_compare.log 2>&1; echo "compare rc $?" ;;
esac
