#!/bin/sh
# Run 1: does a download's host end on a 64-byte line change the two-GPU rate?
# The copy tool (perf/opencl/copy_alignment.c) twice, then the pinned integral rows
# (one and two GPUs, 10240 and 20480) in four passes in turn: this commit's parent
# (.carry/gpu) against the downloads split at the host's first 64-byte line
# (.carry/al: libopencv_clruntime only); then the multi-device and pinned tests of
# clintegral and clresize on both GPUs with that library.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
cc -O2 perf/opencl/copy_alignment.c -lOpenCL -lpthread -o /tmp/copy_alignment
for i in 1 2; do /tmp/copy_alignment gpu 64 16; done > $T/copy_alignment.txt 2>&1; echo "copy_alignment rc $?"
passes "a b c d" integral clintegral "$P" head:$G/lib al:$C/al:$G/lib
tests_two_gpus $C/al:$G/lib $G/bin clintegral clresize
