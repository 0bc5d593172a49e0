#!/bin/sh
# Where the three-channel blocks kernel's time goes after item 38: the ablations of
# ../nvidia-h100-2026-11-27-integral-blocks-ablations/ (temporary options through
# CLX_ABLATE, ablate_blocks.patch here) on the committed code, clx case 6 (4096x4096
# 8UC3 -> 32S), kernel times, two passes.
rm -rf /tmp/o
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F="IntegralPerf_integral.integral/6"
run() { # $1 label, $2 options
  CLX_ABLATE="$2" LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"
  grep -h "KERNELS" $T/$1.log
}
for pass in a b; do
  run kept_$pass ""
  run noscan_$pass "-D ABLATE_SCAN"
  run nostores_$pass "-D ABLATE_STORES"
  run noloads_$pass "-D ABLATE_LOADS"
  run none_$pass "-D ABLATE_SCAN -D ABLATE_STORES -D ABLATE_LOADS"
  pack
done
