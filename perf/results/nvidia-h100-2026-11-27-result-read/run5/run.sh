#!/bin/sh
# Two-GPU machine. .carry/gpu (6b0a597), .carry/new (libopencv_clruntime and
# libopencv_clintegral of a67f7d3), .carry/newbin (a67f7d3's test binaries): the
# multi-device and pinned tests on both GPUs, then two more passes of the clx
# reduction rows, 6b0a597 and a67f7d3 in turn.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
N=$C/new:$G/lib
tests_two_gpus $N $C/newbin clintegral clreduce clresize; t
F=$(for i in 0 1 2 3 4 5 6 7; do printf 'CountNonZeroPerf_countNonZero.countNonZero/%s:' $i; done; for i in $(seq 0 15); do printf 'SumPerf_sum.sum/%s:MinMaxLocPerf_minMaxLoc.minMaxLoc/%s:' $i $i; done)
for p in c d; do
  perf head_${p}_single clreduce $G/lib "$F" 20
  perf new_${p}_single clreduce $N "$F" 20
done; t
