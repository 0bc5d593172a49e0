#!/bin/sh
# Run 2, two GPUs of one host, from the repository root on the GPU machine: the
# Launcher's ways of letting go of a call's UMats, through a temporary switch in
# the clruntime library of this build (launcher-variants.patch, not in the tree):
# CLX_TMP_LAUNCHER=before (kept until the thread's next call), immediate (let go at
# the call's end where OpenCV pools no buffers), callback (dropped by the marker's
# completion callback, the queue flushed), callback_noflush. Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run2.sh P...    for each pass P, every variant in turn, the order rotated
set -u
. ./scripts/gpu-results-env.sh
I='IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/2:IntegralPerf_integral.integral/5'
I=$I:IntegralPerf_integral.integral/11:'MultiGpu*/6'
R='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/1:MultiGpu*/6'
order="before immediate callback callback_noflush"
for p in "$@"; do
  for v in $order; do
    CLX_TMP_LAUNCHER=$v perfrun ${p}_integral_$v clintegral "$I"
    CLX_TMP_LAUNCHER=$v perfrun ${p}_resize_$v clresize "$R"
  done
  set -- $order; order="$2 $3 $4 $1"
done
