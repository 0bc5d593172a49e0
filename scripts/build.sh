#!/bin/sh
# Configures and builds OpenCV with the clx modules into ./build (or $CLX_BUILD_DIR).
# Extra arguments go to CMake's configure step, e.g. -DOPENCV_SOURCE_DIR=...
set -eu
cd "$(dirname "$0")/.."
BUILD_DIR="${CLX_BUILD_DIR:-build}"
cmake -S . -B "$BUILD_DIR" -G Ninja "$@"
cmake --build "$BUILD_DIR"
