#!/bin/sh
# One-GPU machine: the change's tree built with cv::cuda (scripts/gpu-cuda-run.sh,
# build step), then the reduction rows of clx, ocv, cuda (one process) and
# cuda_sync (another); then clx of HEAD (.carry/gpu) and of the change (.carry/new).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
N=$C/new:$G/lib
. perf/results/nvidia-h100-2026-11-27-result-read/cuda_rows.sh
cuda_reduce_rows 420
F="$(rows $CN 0 7)$(rows $S1 0 15)$(rows $M 0 15)"
perf head_b_single clreduce $G/lib "$F" 20
perf new_b_single clreduce $N "$F" 20; t
