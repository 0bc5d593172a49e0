#!/bin/sh
# Two H200s, right after ../nvidia-h100-2026-11-27-result-read/run5 on the same
# machine (.carry/gpu: 6b0a597; .carry/new: libopencv_clruntime and
# libopencv_clintegral of a67f7d3). Two calls: passes a and b of a67f7d3, then one
# pass of 6b0a597's integral and pass c of a67f7d3.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
N=$C/new:$G/lib
for p in a b; do perf new_${p}_integral clintegral $N "$P"; perf new_${p}_resize clresize $N "$P"; perf new_${p}_reduce clreduce $N "$R"; done
nvidia-smi --query-gpu=name --format=csv > $T/gpu_h200.txt; pack
perf head_a_integral clintegral $G/lib "$P"; perf new_c_integral clintegral $N "$P"; perf new_c_resize clresize $N "$P"; perf new_c_reduce clreduce $N "$R"; pack
