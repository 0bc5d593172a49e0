#!/bin/sh
# One command from a fresh Debian 12 machine to the sample's comparison table:
# installs the dependencies, builds OpenCV with the clx modules and the samples,
# and runs clx_compare on its built-in image. Arguments go to clx_compare.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh
. ./scripts/build-env.sh
# Machines without a GPU have PoCL's CPU device, which OpenCV ignores unless asked.
export OPENCV_OPENCL_DEVICE="${OPENCV_OPENCL_DEVICE:-:CPU:}"
"$BUILD_DIR/samples/clx_compare" --out="$BUILD_DIR/samples" "$@"
