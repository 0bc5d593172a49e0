#!/bin/sh
# Configures and builds OpenCV with the clx modules (version and folder:
# scripts/build-env.sh). Extra arguments go to CMake's configure step,
# e.g. -DOPENCV_SOURCE_DIR=...
set -eu
cd "$(dirname "$0")/.."
. ./scripts/build-env.sh
cmake -S . -B "$BUILD_DIR" -G Ninja -DCLX_OPENCV_VERSION="$CLX_OPENCV_VERSION" "$@"
cmake --build "$BUILD_DIR"
