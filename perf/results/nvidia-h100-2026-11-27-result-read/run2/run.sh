#!/bin/sh
# Two-GPU machine. .carry/gpu (HEAD), .carry/rd (libopencv_clruntime, result read
# chosen by CLX_TMP_READ: 0 blocking into the caller's memory, 1 non-blocking into
# pinned memory + clFinish, 2 the same + clWaitForEvents, 3 non-blocking into the
# caller's memory + clFinish), .carry/ramp1 (libopencv_clintegral: ramp on one device).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
cc -O2 perf/opencl/floors.c -lOpenCL -o $T/floors_bin && timeout 60 $T/floors_bin gpu 64 > $T/floors.txt 2>&1; rm -f $T/floors_bin; t
F=$(for i in 0 1 2 3 6; do printf 'CountNonZeroPerf_countNonZero.countNonZero/%s:' $i; done; for i in 0 1 2 3 4 7 12; do printf 'SumPerf_sum.sum/%s:' $i; done; printf 'MinMaxLocPerf_minMaxLoc.minMaxLoc/0:MinMaxLocPerf_minMaxLoc.minMaxLoc/12')
for p in a b c; do
  for v in 0 1 2 3; do envperf read${v}_${p}_single clreduce $C/rd:$G/lib "$F" CLX_TMP_READ=$v; done
done; t
passes "a b" integral clintegral "$P" lead:$G/lib ramp1:$C/ramp1:$G/lib; t
