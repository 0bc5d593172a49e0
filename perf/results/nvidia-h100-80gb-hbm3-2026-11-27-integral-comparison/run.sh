#!/bin/sh
# The integral's comparison on one H100, in one call: OpenCV 4.13.0 with its CUDA
# modules and clx built (scripts/gpu-cuda-run.sh, work folder /tmp/clx-cuda), then
# every case of opencv_perf_clintegral (clx, OpenCV's OpenCL and CPU paths, cv::cuda)
# and the NPP baselines. Logs and XML into $OUT; the table is made afterwards with
# perf/compare.py (README). The environment, $W, $P and perf() and
# npp_baselines() are those of the whole comparison's script, sourced without a step.
set -- environment
. perf/results/nvidia-h100-80gb-hbm3-2026-11-27-comparison/run.sh
export CLX_GPU_TESTS=0 CLX_GPU_STEPS=build
s=$(date +%s); scripts/gpu-cuda-run.sh .carry/opencv-4.13.0-cuda.tar.xz > $OUT/cudarun.log 2>&1; echo "build rc $? in $(( $(date +%s) - s )) s"
tail -n 3 $OUT/cudarun.log
CLX_BUILD_DIR=$W/build ./scripts/pack-gpu.sh $P > /dev/null
perf opencv_perf_clintegral 250
npp_baselines
