#!/bin/sh
# One command from a fresh Debian 12 machine to passing tests: installs the
# dependencies, builds OpenCV with the clx modules and runs every test with CTest.
# Without a GPU the tests run on PoCL's CPU OpenCL device.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh "$@"
. ./scripts/build-env.sh
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
