#!/bin/sh
# Two H200s (asked for; the kind says which came: out/gpu.txt), tree of 0609a8c
# (.carry/gpu): the multi-device and pinned tests of the three modules on both GPUs
# (the guard rows around every band's output and the masked minMaxLoc walks among
# them), the clreduce tests on one GPU, then issue 15's pinned rows (one GPU and two,
# 10240x10240 and 20480x20480), two passes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1
tests_two_gpus $G/lib $G/bin clresize clintegral clreduce
LD_LIBRARY_PATH=$G/lib timeout 200 $G/bin/opencv_test_clreduce --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clreduce_one_gpu.log 2>&1; echo "tests clreduce one GPU rc $?"
for p in a b; do perf ${p}_integral clintegral $G/lib "$P"; perf ${p}_resize clresize $G/lib "$P"; perf ${p}_reduce clreduce $G/lib "$R"; done
