#!/bin/sh
# Two GPUs, tree of ddff4a9 (.carry/gpu): the clresize tests on one GPU (with NVIDIA's
# dp2a, and the build without it where the dp2a build fails) and the multi-device and
# pinned tests of clresize on both GPUs (bands through the x2 interior path with dp2a).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
nvidia-smi --query-gpu=name --format=csv > $T/gpu_run3.txt 2>&1
LD_LIBRARY_PATH=$G/lib timeout 200 $G/bin/opencv_test_clresize --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clresize_one_gpu.log 2>&1; echo "tests one GPU rc $?"
tests_two_gpus $G/lib $G/bin clresize
