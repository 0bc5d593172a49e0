#!/bin/sh
# Checks whether OpenCV's cudaarithm and cudawarping sources (Debian's 4.6.0)
# compile with the CUDA toolkit of a GPU machine, file by file, without building
# OpenCV there. Evidence for the cv::cuda rows of the benchmarks.
#
#   scripts/probe-cv-cuda.sh pack [DIR]   on the build machine, after scripts/build.sh:
#                                         headers and .cu sources into DIR (default .carry/cudaprobe)
#   scripts/probe-cv-cuda.sh run [DIR]    on the GPU machine: one nvcc per .cu, 16 at a time;
#                                         prints status, seconds and first error per file,
#                                         then the errors counted by kind
set -eu
cd "$(dirname "$0")/.."
MODE="${1:-}"
DIR="${2:-.carry/cudaprobe}"
case "$MODE" in
pack)
    SRC="${OPENCV_SOURCE_DIR:-$HOME/.cache/clx/opencv-4.6.0}"
    rm -rf "$DIR" && mkdir -p "$DIR/include"
    cp -r build/install/include/opencv4/opencv2 "$DIR/include/"
    cp "$SRC"/modules/core/include/opencv2/core/private*.hpp "$DIR/include/opencv2/core/"
    cp build/opencv/cvconfig.h build/opencv/cv_cpu_config.h build/opencv/custom_hal.hpp "$DIR/include/"
    cp -r "$SRC"/contrib/modules/cudev/include/opencv2/* "$DIR/include/opencv2/"
    for m in cudaarithm cudawarping; do
        mkdir -p "$DIR/$m"
        cp -r "$SRC/contrib/modules/$m/src" "$DIR/$m/"
        cp -r "$SRC/contrib/modules/$m/include/opencv2/"* "$DIR/include/opencv2/"
    done
    du -sh "$DIR"
    ;;
run)
    cd "$DIR"
    nvcc --version | tail -n 2
    LOGS=$(mktemp -d)
    export LOGS
    ls cudaarithm/src/cuda/*.cu cudawarping/src/cuda/*.cu | xargs -P 16 -I{} sh -c '
        log="$LOGS/$(basename {}).log"
        s=$(date +%s.%N)
        if nvcc -std=c++17 -O3 -arch=sm_90 -D__OPENCV_BUILD=1 -DHAVE_CUDA -DHAVE_OPENCV_CUDEV \
                -DHAVE_OPENCV_CUDAARITHM -DHAVE_OPENCV_CUDAWARPING -Iinclude -c {} -o "$log.o" > "$log" 2>&1
        then r=ok; else r=FAIL; fi
        e=$(date +%s.%N)
        echo "$r $(awk "BEGIN{printf \"%.1f\", $e-$s}")s {} $(grep -m1 -o "error.*" "$log" | cut -c1-120)"
    ' | sort
    echo "errors by kind (all files):"
    grep -h "error:" "$LOGS"/*.log | sed 's/.*error:/error:/' | sort | uniq -c | sort -rn | head -n 12
    echo "files failing: $(grep -l "error" "$LOGS"/*.log | wc -l) of $(ls "$LOGS"/*.log | wc -l)"
    ;;
*)
    sed -n 2,13p "$0"
    exit 2
    ;;
esac
