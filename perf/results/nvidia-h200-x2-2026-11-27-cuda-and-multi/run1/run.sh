#!/bin/sh
# Two GPUs (asked for two H200s), tree of 37e7b00: OpenCV 4.13.0 with its CUDA modules
# and clx built there (scripts/gpu-cuda-run.sh, build step), then in one process the
# reduction rows of clx, OpenCV's OpenCL and careful cv::cuda, in another the
# `cuda_sync` rows (the rows that failed on two GPUs before b0bcc70), then every
# cubic resize row of the comparison (clx, ocv, cpu, cuda, cuda_sync).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
nvidia-smi topo -m > $T/topo.txt 2>&1
CLX_GPU_STEPS=build timeout 400 sh scripts/gpu-cuda-run.sh .carry/opencv-4.13.0-cuda.tar.xz > $T/cuda_build.log 2>&1; echo "cuda build rc $?"; t
W=/tmp/clx-cuda
CLX_BUILD_DIR=$W/build ./scripts/pack-gpu.sh $W/packed > /dev/null 2>&1
rows() { for i in $(seq $2 $3); do printf '%s/%s:' "$1" $i; done; }
CN=CountNonZeroPerf_countNonZero.countNonZero S1=SumPerf_sum.sum M=MinMaxLocPerf_minMaxLoc.minMaxLoc
F1="$(rows $CN 0 15)$(rows $CN 24 31)$(rows $S1 0 31)$(rows $S1 48 63)$(rows $M 0 31)$(rows $M 48 63)"
F2="$(rows $CN 32 39)$(rows $S1 64 79)$(rows $M 64 79)"
LD_LIBRARY_PATH=$W/packed/lib timeout 120 $W/packed/bin/opencv_perf_clreduce --gtest_filter="$F1" --perf_force_samples=20 --gtest_output=xml:$T/cuda_clx_ocv.xml > $T/cuda_clx_ocv.log 2>&1; echo "clx ocv cuda rc $?"; pack; t
LD_LIBRARY_PATH=$W/packed/lib timeout 60 $W/packed/bin/opencv_perf_clreduce --gtest_filter="$F2" --perf_force_samples=20 --gtest_output=xml:$T/cuda_sync.xml > $T/cuda_sync.log 2>&1; echo "cuda_sync rc $?"; pack; t
LD_LIBRARY_PATH=$W/packed/lib timeout 120 $W/packed/bin/opencv_perf_clresize --gtest_filter='ResizeCubicPerf_resizeCubic.*' --perf_force_samples=10 --gtest_output=xml:$T/resize_all.xml > $T/resize_all.log 2>&1; echo "resize rc $?"; pack; t
