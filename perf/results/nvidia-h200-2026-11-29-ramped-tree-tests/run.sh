#!/bin/sh
# From the repository root on a machine of one NVIDIA GPU, the build of the tree
# named in README.md packed by scripts/pack-gpu.sh in .carry/gpu: clreduce's and
# clresize's tests on the GPU (all but the sets made for PoCL: small work-groups,
# no device buffer, big images, and the multi-device sets), then every module's
# multi-device and band-stream tests over two OpenCL contexts of the GPU.
# Set-up and outputs: scripts/gpu-results-env.sh.
set -u
. ./scripts/gpu-results-env.sh
for m in clreduce clresize; do
  timeout 200 $G/bin/opencv_test_$m --gtest_filter='-*SmallWorkGroups*:*NoDeviceBuffer*:*BigImage*:*MultiDevice*' \
    --gtest_output=xml:$T/$m.xml > $T/$m.log 2>&1
  echo "$m rc $?"; tail -n 1 $T/$m.log; pack
done
multiContextTests clintegral clresize clreduce
