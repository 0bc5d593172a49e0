#!/bin/sh
# From the repository root on a machine of one NVIDIA GPU, the build packed by
# scripts/pack-gpu.sh in .carry/gpu, and in .carry/before/lib the clintegral
# library of cbf7f80 (before the tilted sum's range checks): clintegral's tests on
# the GPU, the multi-device tests of clintegral and clresize over two OpenCL
# contexts of the GPU (with clresize's kept slots of a call over ten contexts),
# then the tilted rows of the integral's benchmark (4096x4096 and 8192x8192 8U ->
# 32S, 4096x4096 32F -> 64F) with the library before and after, in turn, for each
# pass P. Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...
set -u
. ./scripts/gpu-results-env.sh
timeout 240 $G/bin/opencv_test_clintegral --gtest_filter='-*SmallWorkGroups*:*NoDeviceBuffer*:*BigImage*:*MultiDevice*' \
  --gtest_output=xml:$T/clintegral.xml > $T/clintegral.log 2>&1
echo "clintegral rc $?"
for m in clintegral clresize; do
  CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2 timeout 170 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*' \
    --gtest_output=xml:$T/${m}_multi_context.xml > $T/${m}_multi_context.log 2>&1
  echo "$m multi-context rc $?"
done
pack
beforeAfter tilted clintegral 'IntegralPerf_integral.integral/9:IntegralPerf_integral.integral/10:IntegralPerf_integral.integral/12' "$@"
