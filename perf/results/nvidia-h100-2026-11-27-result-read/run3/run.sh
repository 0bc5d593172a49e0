#!/bin/sh
# Two-GPU machine. .carry/gpu (HEAD), .carry/new (libopencv_clruntime and
# libopencv_clintegral of the change: results read through pinned memory, one
# device's second lead band), .carry/newbin (its test binaries); the change's tree
# is built with cv::cuda meanwhile (scripts/gpu-cuda-run.sh, build step only).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
N=$C/new:$G/lib
(CLX_GPU_STEPS=build timeout 330 sh scripts/gpu-cuda-run.sh .carry/opencv-4.13.0-cuda.tar.xz > $T/cuda_build.log 2>&1; echo "cuda build rc $?" >> $T/cuda_build.log) &
tests_two_gpus $N $C/newbin clintegral clreduce clresize; t
for m in clreduce clintegral; do
  LD_LIBRARY_PATH=$N timeout 150 $C/newbin/opencv_test_$m --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_${m}_one_gpu.log 2>&1; echo "tests $m one GPU rc $?"
done; pack; t
wait; tail -1 $T/cuda_build.log; t
F=$(for i in 0 1 2 3 4 5 6 7; do printf 'CountNonZeroPerf_countNonZero.countNonZero/%s:' $i; done; for i in $(seq 0 15); do printf 'SumPerf_sum.sum/%s:MinMaxLocPerf_minMaxLoc.minMaxLoc/%s:' $i $i; done)
for p in a; do
  perf head_${p}_single clreduce $G/lib "$F"
  perf new_${p}_single clreduce $N "$F"
done; t
W=/tmp/clx-cuda
CLX_BUILD_DIR=$W/build ./scripts/pack-gpu.sh $W/packed > /dev/null 2>&1
LD_LIBRARY_PATH=$W/packed/lib timeout 170 $W/packed/bin/opencv_perf_clreduce --gtest_filter='-BigImage*:MultiGpu*:HugeHostImage*:DeviceBandwidth*' --perf_force_samples=20 --gtest_output=xml:$T/cuda_opencv_perf_clreduce.xml > $T/cuda_opencv_perf_clreduce.log 2>&1; echo "cuda perf rc $?"; pack; t
