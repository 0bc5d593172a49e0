#!/bin/sh
# On the GPU machine, from the repository root: a module's perf binary with the
# module's library before and after a change, in turn, twice, then the module's
# tests (all but the no-device-buffer ones, which need PoCL's memory limit, and the
# multi-device ones, some of which need two devices) with
# the new library. .carry/gpu: scripts/pack-gpu.sh of the new version;
# .carry/before: the module's library of the old version, built the same way.
# What comes out (perf XML and logs, tests log, gpu.txt) goes into out.tgz in $OUT
# (default: the current folder).
#   scripts/gpu-before-after.sh MODULE 'GTEST_FILTER'      e.g. clresize 'ResizeCubicPerf_resizeCubic.resizeCubic/0'
set -u
MODULE=$1 FILTER=$2
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU: CLX_PERF_KERNEL_TIME=1
G=$PWD/.carry/gpu T=$(mktemp -d)
mkdir -p "$T/before" && cp -a "$G/lib" "$T/before/" && cp -a .carry/before/* "$T/before/lib/"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$T/gpu.txt"
for run in 1 2; do
    for build in before after; do
        lib=$G/lib; [ $build = before ] && lib=$T/before/lib
        LD_LIBRARY_PATH=$lib "$G/bin/opencv_perf_$MODULE" --gtest_filter="$FILTER" \
            --gtest_output=xml:"$T/${build}_run$run.xml" > "$T/${build}_run$run.txt" 2>&1
    done
done
LD_LIBRARY_PATH=$G/lib timeout 300 "$G/bin/opencv_test_$MODULE" --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups*' \
    > "$T/tests_${MODULE}_h100.log" 2>&1
echo "tests rc $?"; tail -1 "$T/tests_${MODULE}_h100.log"
rm -rf "$T/before"
tar czf "${OUT:-.}/out.tgz" -C "$T" .
