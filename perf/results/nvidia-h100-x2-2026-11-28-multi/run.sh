#!/bin/sh
# Two GPUs of one host (two H200s asked for, two H100s came: gpu.txt in the
# archive), the tree of 253347a
# (.carry/gpu, scripts/pack-gpu.sh): the multi-device and pinned tests of the three
# modules on both GPUs, then issue 15's pinned rows (one GPU and two, 10240x10240 and
# 20480x20480), passes in turn. Logs and XML in $OUT/out.tgz (a call brings back a
# few files only).
#   sh run.sh [PASSES]    default "a b c d"; PASSES given: the passes alone, no tests
set -u
T=/tmp/o; rm -rf $T; mkdir -p $T
pack() { tar czf $OUT/out.tgz -C $T .; }
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu
export LD_LIBRARY_PATH=$G/lib
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1
nproc >> $T/gpu.txt; pack
[ $# -eq 0 ] && for m in clresize clintegral clreduce; do
  CLX_TEST_DEVICES=2 timeout 200 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1
  echo "tests $m rc $?"; tail -n 1 $T/tests_${m}_two_gpus.log
done
R='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
perf() { # $1 name, $2 module, $3 filter
  timeout 100 $G/bin/opencv_perf_$2 --gtest_filter="$3" --perf_force_samples=10 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1
  echo "$1 rc $?"
  pack
}
for p in ${1:-a b c d}; do perf ${p}_integral clintegral "$P"; perf ${p}_resize clresize "$P"; perf ${p}_reduce clreduce "$R"; done
