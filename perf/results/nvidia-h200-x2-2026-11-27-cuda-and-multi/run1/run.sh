#!/bin/sh
# Two GPUs (asked for two H200s), tree of 37e7b00: OpenCV 4.13.0 with its CUDA modules
# and clx built there (scripts/gpu-cuda-run.sh, build step), then in one process the
# reduction rows of clx, OpenCV's OpenCL and careful cv::cuda, in another the
# `cuda_sync` rows (the rows that failed on two GPUs before b0bcc70), then every
# cubic resize row of the comparison (clx, ocv, cpu, cuda, cuda_sync).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
nvidia-smi topo -m > $T/topo.txt 2>&1
. perf/results/nvidia-h100-2026-11-27-result-read/cuda_rows.sh
cuda_reduce_rows 400
LD_LIBRARY_PATH=$W/packed/lib timeout 120 $W/packed/bin/opencv_perf_clresize --gtest_filter='ResizeCubicPerf_resizeCubic.*' --perf_force_samples=10 --gtest_output=xml:$T/resize_all.xml > $T/resize_all.log 2>&1; echo "resize rc $?"; pack; t
