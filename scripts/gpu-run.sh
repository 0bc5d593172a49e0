#!/bin/sh
# Runs the clx tests and benchmarks on a Linux machine with an NVIDIA GPU, from
# the folder scripts/pack-gpu.sh made, builds and runs the NPP/CUB baselines
# (perf/cuda) when nvcc and NPP are there, and leaves the logs, the perf XML and
# the comparison table in OUT_DIR. CLX_GPU_TESTS=0 skips the test binaries.
#
#   scripts/gpu-run.sh [PACKED_DIR] [OUT_DIR] [perf binary arguments...]
#
# OUT_DIR defaults to perf/results/<gpu name>-<date>. The plot (table.png)
# needs matplotlib; without it the table and CSV are still written.
#
# NVIDIA's OpenCL library is often installed without its ICD entry; the script
# adds it (needs root) and selects the GPU with OPENCV_OPENCL_DEVICE.
set -eu
cd "$(dirname "$0")/.."
PACKED="$(cd "${1:-.carry/gpu}" && pwd)"
GPU_NAME="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)"
OUT_DIR="${2:-perf/results/$(python3 perf/compare.py --dir-name "${GPU_NAME:-unknown gpu}")}"
if [ $# -ge 2 ]; then shift 2; else shift $#; fi
mkdir -p "$OUT_DIR"

if [ ! -f /etc/OpenCL/vendors/nvidia.icd ] && [ -w /etc ]; then
    mkdir -p /etc/OpenCL/vendors
    echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
export OPENCV_OPENCL_DEVICE="${OPENCV_OPENCL_DEVICE:-NVIDIA:GPU:}"
export LD_LIBRARY_PATH="$PACKED/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$OUT_DIR/gpu.txt" 2>&1 || true

status=0
# CLX_GPU_TESTS=0 skips the test binaries (e.g. for a second build of the same code).
TESTS=""
[ "${CLX_GPU_TESTS:-1}" = 1 ] && TESTS="$(ls "$PACKED"/bin/opencv_test_cl*)"
# The multi-device tests on every GPU when there are several (some of them need two),
# as CI runs them on two PoCL devices; on one GPU, over two OpenCL contexts of it.
GPUS="$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)"
if [ "${GPUS:-0}" -ge 2 ]; then SETS="CLX_TEST_DEVICES=$GPUS"; else SETS="CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2"; fi
for t in $TESTS; do
    name=$(basename "$t")
    # The no-device-buffer and small-work-group cases need a device with little memory
    # or small work-groups (PoCL's, limited): CI runs them.
    "$t" --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* --gtest_output="xml:$OUT_DIR/$name.xml" > "$OUT_DIR/$name.log" 2>&1 || status=1
    tail -n 3 "$OUT_DIR/$name.log"
    env $SETS "$t" --gtest_filter=*MultiDevice* --gtest_output="xml:$OUT_DIR/${name}_multi_device.xml" \
        > "$OUT_DIR/${name}_multi_device.log" 2>&1 || status=1
    tail -n 3 "$OUT_DIR/${name}_multi_device.log"
done
BIG_FILTER=--gtest_filter=-BigImage*:MultiGpu*:HugeHostImage* NPP_BIG=
if [ "${CLX_GPU_BIG:-0}" = 1 ]; then BIG_FILTER=--gtest_filter=-MultiGpu*:HugeHostImage* NPP_BIG=--big; fi
for p in "$PACKED"/bin/opencv_perf_cl*; do
    name=$(basename "$p")
    "$p" --gtest_output="xml:$OUT_DIR/$name.xml" $BIG_FILTER "$@" > "$OUT_DIR/$name.log" 2>&1 || status=1
    tail -n 2 "$OUT_DIR/$name.log"
done
# NPP and CUB baselines, built here when the CUDA toolkit with NPP is present.
if command -v nvcc > /dev/null 2>&1; then
    if nvcc -O2 -std=c++17 -arch=sm_90 perf/cuda/npp_baselines.cu -lnppc -lnppist -lnppig -lnppitc -lnppial \
            -o "$OUT_DIR/npp_baselines.bin" > "$OUT_DIR/npp_baselines.log" 2>&1; then
        "$OUT_DIR/npp_baselines.bin" "$OUT_DIR/npp_baselines.xml" $NPP_BIG >> "$OUT_DIR/npp_baselines.log" 2>&1 || status=1
    else
        status=1
    fi
    rm -f "$OUT_DIR/npp_baselines.bin"
    tail -n 3 "$OUT_DIR/npp_baselines.log"
fi
"$PACKED/bin/clx_compare" --size=8192x8192 --iters=100 > "$OUT_DIR/clx_compare.log" 2>&1 || status=1
cat "$OUT_DIR/clx_compare.log"
# The build machine's source paths in OpenCV's log lines say nothing here.
sed -i -e 's#[^ ]*/opencv-[0-9.]*/\(opencv/\)\{0,1\}#<opencv-source>/#g' -e 's#[^ ]*/\(modules/cl[a-z]*/\)#\1#g' "$OUT_DIR"/*.log
PLOT=""
if python3 -c "import matplotlib" 2>/dev/null; then PLOT=--plot; else echo "matplotlib missing: no table.png"; fi
python3 perf/compare.py "$OUT_DIR"/opencv_perf_cl*.xml $(ls "$OUT_DIR"/npp_baselines.xml 2>/dev/null) --out "$OUT_DIR" \
    --title "$(head -n 2 "$OUT_DIR/gpu.txt" | tail -n 1)" $PLOT > /dev/null || status=1
cat "$OUT_DIR/table.md"
exit $status
