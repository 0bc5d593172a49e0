#!/bin/sh
# On a Linux machine with an NVIDIA GPU, the CUDA toolkit, CMake, Ninja and a
# compiler (no network needed): builds OpenCV 4.13.0 with its CUDA modules
# (cudev, cudaarithm, cudawarping) and the clx modules from the archive
# scripts/pack-opencv-cuda-source.sh made, then runs the whole comparison with
# scripts/gpu-run.sh, whose tables then have `cuda` and `cuda_sync` rows.
#
#   scripts/gpu-cuda-run.sh [ARCHIVE] [OUT_DIR] [perf binary arguments...]
#
# Resumable: the source and the build stay in $CLX_GPU_WORK (default
# /tmp/clx-cuda) and a second run continues the build where the first stopped.
# CLX_GPU_STEPS=build stops after the build; CLX_CUDA_ARCH (default 9.0, Hopper)
# picks the GPU architecture.
set -eu
cd "$(dirname "$0")/.."
ARCHIVE="$(cd "$(dirname "${1:-.carry/opencv-4.13.0-cuda.tar.xz}")" && pwd)/$(basename "${1:-.carry/opencv-4.13.0-cuda.tar.xz}")"
OUT_DIR="${2:-}"
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
WORK="${CLX_GPU_WORK:-/tmp/clx-cuda}"
mkdir -p "$WORK"
if [ ! -f "$WORK/src/opencv/CMakeLists.txt" ]; then
    rm -rf "$WORK/src" && mkdir -p "$WORK/src"
    tar -xJf "$ARCHIVE" -C "$WORK/src"
fi
export PATH="/usr/local/cuda/bin:$PATH"
# The trimmed source has no codec libraries; OpenCV's bundled OpenCL headers.
cmake -S . -B "$WORK/build" -G Ninja -DCLX_OPENCV_VERSION=4.13.0 \
    -DOPENCV_SOURCE_DIR="$WORK/src/opencv" -DCLX_WITH_CUDA=ON -DCLX_WITH_PYTHON=OFF \
    -DCLX_OPENCL_INCLUDE_DIR="$WORK/src/opencv/3rdparty/include/opencl/1.2" \
    "-DCLX_OPENCV_CMAKE_ARGS=-DCUDA_ARCH_BIN=${CLX_CUDA_ARCH:-9.0};-DCUDA_ARCH_PTX=;-DWITH_PNG=OFF;-DWITH_JPEG=OFF;-DBUILD_ZLIB=ON"
cmake --build "$WORK/build"
[ "${CLX_GPU_STEPS:-all}" = build ] && exit 0
CLX_BUILD_DIR="$WORK/build" ./scripts/pack-gpu.sh "$WORK/packed"
exec ./scripts/gpu-run.sh "$WORK/packed" ${OUT_DIR:+"$OUT_DIR"} "$@"
