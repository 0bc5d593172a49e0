#!/bin/sh
# Sourced by run4/run.sh and ../nvidia-h200-x2-2026-11-27-cuda-and-multi/run1/run.sh
# (after their common.sh, and with their t() timer): `cuda_reduce_rows LIMIT` builds the
# tree with cv::cuda (scripts/gpu-cuda-run.sh, build step, LIMIT seconds) into $W,
# packs it, then times the reduction rows of clx, ocv and cuda in one process and the
# cuda_sync rows in another. rows(), $CN, $S1 and $M stay for the caller.
W=/tmp/clx-cuda
rows() { for i in $(seq $2 $3); do printf '%s/%s:' "$1" $i; done; }
CN=CountNonZeroPerf_countNonZero.countNonZero S1=SumPerf_sum.sum M=MinMaxLocPerf_minMaxLoc.minMaxLoc
cuda_reduce_rows() {
  CLX_GPU_STEPS=build timeout $1 sh scripts/gpu-cuda-run.sh .carry/opencv-4.13.0-cuda.tar.xz > $T/cuda_build.log 2>&1; echo "cuda build rc $?"; t
  CLX_BUILD_DIR=$W/build ./scripts/pack-gpu.sh $W/packed > /dev/null 2>&1
  F1="$(rows $CN 0 15)$(rows $CN 24 31)$(rows $S1 0 31)$(rows $S1 48 63)$(rows $M 0 31)$(rows $M 48 63)"
  F2="$(rows $CN 32 39)$(rows $S1 64 79)$(rows $M 64 79)"
  LD_LIBRARY_PATH=$W/packed/lib timeout 120 $W/packed/bin/opencv_perf_clreduce --gtest_filter="$F1" --perf_force_samples=20 --gtest_output=xml:$T/cuda_clx_ocv.xml > $T/cuda_clx_ocv.log 2>&1; echo "clx ocv cuda rc $?"; pack; t
  LD_LIBRARY_PATH=$W/packed/lib timeout 60 $W/packed/bin/opencv_perf_clreduce --gtest_filter="$F2" --perf_force_samples=20 --gtest_output=xml:$T/cuda_sync.xml > $T/cuda_sync.log 2>&1; echo "cuda_sync rc $?"; pack; t
}
