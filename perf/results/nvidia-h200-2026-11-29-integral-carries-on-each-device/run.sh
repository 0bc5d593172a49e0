#!/bin/sh
# From the repository root on a machine of one NVIDIA GPU, the build of the tree of
# 9b5eec9 with carries-on-each-device.patch applied (not kept in the tree), packed by
# scripts/pack-gpu.sh in .carry/gpu: the integral's multi-device and band-stream
# tests over two OpenCL contexts of the GPU (each device making its own carries),
# then for each pass P, in turn (the order rotated every pass): the one-GPU rows of
# MultiGpuIntegralPerf (gpus_1 and gpus_1_pinned at 10240x10240 and 20480x20480)
# and the MultiGpuShareIntegralPerf rows (the GPU running device d's share of a
# two-GPU call). Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...
set -u
. ./scripts/gpu-results-env.sh
CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2 timeout 170 $G/bin/opencv_test_clintegral \
  --gtest_filter='*MultiDevice*:*BandStream*' --gtest_output=xml:$T/clintegral_multi_context.xml \
  > $T/clintegral_multi_context.log 2>&1
echo "multi-context tests rc $?"; pack
ONE='MultiGpuIntegralPerf_integral.integral/0:MultiGpuIntegralPerf_integral.integral/1'
ONE="$ONE:MultiGpuIntegralPerf_integral.integral/4:MultiGpuIntegralPerf_integral.integral/5"
variant() {
  case $1 in
    one) perfrun ${2}_one clintegral "$ONE" --perf_force_samples=10 ;;
    share) perfrun ${2}_share clintegral 'MultiGpuShareIntegralPerf*' --perf_force_samples=10 ;;
  esac
}
inTurn "one share" "$@"
