#!/bin/sh
# Run 1, on the GPU machine from the repository root: perf/opencl/first_launch.c
# (16 and 4 MiB bands); a host-time trace of the two-GPU pinned integral rows
# (tmp-trace.patch, not in the tree, on top of the device-thread affinity; .carry/tr2);
# then passes in turn of the pinned MultiGpu rows, one and two GPUs, of the tree
# before (base: .carry/gpu2, scripts/pack-gpu.sh) and with device threads staying
# with their devices (af: .carry/af, libopencv_clruntime only), and the clreduce
# multi-device tests with the new test on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
cc -O2 perf/opencl/first_launch.c -lOpenCL -lpthread -o /tmp/fl > $T/first_launch_build.txt 2>&1
for mb in 16 4; do timeout 60 /tmp/fl gpu $mb > $T/first_launch_${mb}mib.txt 2>&1; echo "first_launch $mb rc $?"; done
pack
envperf tr_integral clintegral $C/tr2:$G/lib "$P2" CLX_TMP_TRACE=1
passes "a b c" integral clintegral "$P" base:$G/lib af:$C/af:$G/lib
passes "a b" resize clresize "$P" base:$G/lib af:$C/af:$G/lib
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/af:$G/lib timeout 200 $C/af/opencv_test_clreduce --gtest_filter='*MultiDevice*' > $T/tests_clreduce_two_gpus.log 2>&1; echo "tests clreduce rc $?"
pack
