#!/bin/sh
# From the repository root on a machine of one NVIDIA GPU: the tree with
# clruntime::RampedBands (979905c) packed by scripts/pack-gpu.sh in .carry/gpu, and
# the clx libraries of 3c7e9df (the build of run.sh) in .carry/before/lib.
# Set-up and outputs: scripts/gpu-results-env.sh. Outputs of this run: tree/.
#   1. clresize's and clreduce's multi-device and band-stream tests over two
#      contexts of the GPU, and clreduce's tests of a UMat of another context;
#   2. cubic x2 of pinned host images on a set of one GPU (gpus_1_pinned,
#      10240x10240 and 20480x20480), 3c7e9df (before) and this tree (after) in
#      turn, for each pass P.
set -u
. ./scripts/gpu-results-env.sh
multiContextTests clresize clreduce
timeout 100 $G/bin/opencv_test_clreduce --gtest_filter='*umatOfAnotherContext*' \
  --gtest_output=xml:$T/clreduce_another_context.xml > $T/clreduce_another_context.log 2>&1
echo "clreduce another context rc $?"; tail -n 1 $T/clreduce_another_context.log
pack
beforeAfter resize clresize 'MultiGpu*/4:MultiGpu*/5' ${PASSES:-1 2 3 4 5}
