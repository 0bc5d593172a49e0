#!/bin/sh
# Packs the part of OpenCV 4.13.0's source that scripts/gpu-cuda-run.sh builds on
# a GPU machine that reaches no registry: CMake files, core, imgproc, imgcodecs,
# videoio, highgui and ts (without their own tests), the 3rd-party code these
# need (and the licence files OpenCV installs), and opencv_contrib's cudev, cudaarithm and cudawarping. About 4 MB.
#
#   scripts/pack-opencv-cuda-source.sh [ARCHIVE]    (default .carry/opencv-4.13.0-cuda.tar.xz)
set -eu
cd "$(dirname "$0")/.."
ARCHIVE="${1:-.carry/opencv-4.13.0-cuda.tar.xz}"
SRC="$(./scripts/fetch-opencv.sh 4.13.0)/.."      # holds opencv/ and opencv_contrib/
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
(
    cd "$SRC"
    tar -cf - --exclude='opencv/modules/*/test' --exclude='opencv/modules/*/perf' \
        opencv/CMakeLists.txt opencv/LICENSE opencv/cmake opencv/include opencv/platforms opencv/hal \
        opencv/modules/core opencv/modules/imgproc opencv/modules/imgcodecs opencv/modules/videoio \
        opencv/modules/highgui opencv/modules/ts \
        opencv/3rdparty/include opencv/3rdparty/zlib opencv/3rdparty/zlib-ng opencv/3rdparty/dlpack \
        opencv/3rdparty/flatbuffers/LICENSE.txt \
        opencv_contrib/modules/cudev opencv_contrib/modules/cudaarithm opencv_contrib/modules/cudawarping
) | tar -xf - -C "$STAGE"
# OpenCV's top-level CMakeLists.txt adds these folders unconditionally.
mkdir -p "$STAGE/opencv/doc" "$STAGE/opencv/data"
: > "$STAGE/opencv/doc/CMakeLists.txt"
: > "$STAGE/opencv/data/CMakeLists.txt"
mkdir -p "$(dirname "$ARCHIVE")"
tar -cJf "$ARCHIVE" -C "$STAGE" opencv opencv_contrib
du -h "$ARCHIVE"
