#!/bin/sh
# From the repository root on a machine of one NVIDIA GPU, the build of be7b3a9
# packed by scripts/pack-gpu.sh in .carry/gpu: every module's multi-device and
# band-stream tests over two OpenCL contexts of the GPU (the integral's lead bands
# of half height across devices run there), and clintegral's tests on the GPU.
# Set-up and outputs: scripts/gpu-results-env.sh.
set -u
. ./scripts/gpu-results-env.sh
for m in clintegral clresize clreduce; do
  CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2 timeout 170 $G/bin/opencv_test_$m \
    --gtest_filter='*MultiDevice*:*BandStream*' --gtest_output=xml:$T/${m}_multi_context.xml \
    > $T/${m}_multi_context.log 2>&1
  echo "$m multi-context rc $?"; tail -n 1 $T/${m}_multi_context.log
done
timeout 240 $G/bin/opencv_test_clintegral --gtest_filter='-*SmallWorkGroups*:*NoDeviceBuffer*:*BigImage*:*MultiDevice*' \
  --gtest_output=xml:$T/clintegral.xml > $T/clintegral.log 2>&1
echo "clintegral rc $?"; tail -n 1 $T/clintegral.log
pack
