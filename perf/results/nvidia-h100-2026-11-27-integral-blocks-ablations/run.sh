#!/bin/sh
# Where the integral's blocks kernel spends its time, on one GPU, from the repository
# root with the build packed in .carry/gpu (ablations.patch: CLX_ABLATE adds build
# options to the blocks kernel only; the outputs are then wrong, timing only):
# kernel times of opencv_perf_clintegral's cases 0, 1 and 6 (8192x8192 and 4096x4096
# 8UC1, 4096x4096 8UC3), 20 samples, two passes of each ablation in turn.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F='IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/6'
run() { # $1 label, $2 ablation options
  CLX_ABLATE="$2" LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
}
for pass in a b; do
  run base_$pass ""
  run nostores_$pass "-D ABLATE_STORES"
  run noscan_$pass "-D ABLATE_SCAN"
  run noloads_$pass "-D ABLATE_LOADS"
  run nostores_noscan_$pass "-D ABLATE_STORES -D ABLATE_SCAN"
  run none_$pass "-D ABLATE_STORES -D ABLATE_SCAN -D ABLATE_LOADS"
  pack
done
