#!/bin/sh
# Packs what the GPU machine needs to run the clx tests and benchmarks without
# building anything there: OpenCV's libraries with the clx modules, the test and
# perf binaries and the samples, stripped, into one folder (default .carry/gpu).
# Build first (scripts/build.sh; CLX_OPENCV_VERSION picks the build, as there).
# The folder is ignored by git.
set -eu
cd "$(dirname "$0")/.."
. ./scripts/build-env.sh
DEST="${1:-.carry/gpu}"
rm -rf "$DEST" && mkdir -p "$DEST/lib" "$DEST/bin"
cp -P "$BUILD_DIR"/opencv/lib/libopencv_*.so* "$DEST/lib/"
cp "$BUILD_DIR"/opencv/bin/opencv_test_cl* "$BUILD_DIR"/opencv/bin/opencv_perf_cl* "$DEST/bin/"
cp "$BUILD_DIR"/samples/clx_compare "$DEST/bin/"
# The image codecs imgcodecs links from this system (the GPU machine may run
# another distribution, without Debian's libjpeg62).
for lib in $(ldd "$DEST"/lib/libopencv_imgcodecs.so.*.* | awk '/libjpeg|libpng/ { print $3 }'); do
    cp -L "$lib" "$DEST/lib/"
done
strip --strip-unneeded "$DEST"/lib/libopencv_*.so.*.* "$DEST"/bin/*
du -sh "$DEST"
