#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
C=$PWD/.carry; G=$C/gpu; T=/tmp/o; mkdir -p $T
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1; nproc >> $T/gpu.txt
pack() { tar czf $OUT/out.tgz -C $T .; }
perf() { # $1 name, $2 binary, $3 library path, $4 filter
  LD_LIBRARY_PATH=$3 timeout 100 $G/bin/opencv_perf_$2 --gtest_filter="$4" --perf_force_samples=10 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  pack
}
R='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
for pass in a b c; do
  perf s1_${pass}_integral clintegral $C/s1:$G/lib "$P"
  perf new_${pass}_integral clintegral $C/new:$G/lib "$P"
  perf s1_${pass}_reduce clreduce $C/s1:$G/lib "$R"
  perf v16_${pass}_reduce clreduce $C/v16:$C/new:$G/lib "$R"
done
perf new_resize clresize $C/new:$G/lib "$P"
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/new:$G/lib timeout 200 $C/new/opencv_test_clintegral --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_clintegral_two_gpus.log 2>&1; echo "tests rc $?"; tail -1 $T/tests_clintegral_two_gpus.log
pack
