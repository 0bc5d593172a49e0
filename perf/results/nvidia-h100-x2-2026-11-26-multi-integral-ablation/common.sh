#!/bin/sh
# What the runs here share, on the GPU machine from the repository root (sourced by
# each run's run.sh): the preamble and helpers of the previous folder's runs (perf,
# pack, passes, tests_two_gpus, $C, $G, $T, $P pinned rows, $R pinned reduction
# rows), then:
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh

# Pinned rows on two GPUs only: 10240 and 20480.
P2='MultiGpu*/6:MultiGpu*/7'

# envperf name binary libs filter VAR=value...: perf with temporary switches set.
envperf() {
  n=$1 b=$2 l=$3 f=$4; shift 4
  env "$@" sh -c "LD_LIBRARY_PATH=$l timeout 100 $G/bin/opencv_perf_$b --gtest_filter='$f' --perf_force_samples=10 --gtest_output=xml:$T/$n.xml > $T/$n.log 2>&1"; echo "$n rc $?"
  pack
}
