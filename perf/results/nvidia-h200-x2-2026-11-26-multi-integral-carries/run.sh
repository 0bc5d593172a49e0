#!/bin/sh
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
C=$PWD/.carry; G=$C/gpu; T=/tmp/o; mkdir -p $T
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1; nproc >> $T/gpu.txt
perf() { # $1 name, $2 library path, $3 filter
  LD_LIBRARY_PATH=$2 timeout 80 $G/bin/opencv_perf_clintegral --gtest_filter="$3" --perf_force_samples=10 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  tar czf $OUT/out.tgz -C $T .
}
perf new_a <new libraries>:$G/lib 'MultiGpu*'
perf old_a $G/lib 'MultiGpu*'
perf new_b <new libraries>:$G/lib 'MultiGpu*'
perf old_b $G/lib 'MultiGpu*'
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=<new libraries>:$G/lib timeout 150 <new libraries>/opencv_test_clintegral --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_clintegral_two_gpus.log 2>&1; echo "tests rc $?"; tail -3 $T/tests_clintegral_two_gpus.log
tar czf $OUT/out.tgz -C $T .
