#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: the change
# (first half of each waiting band's downloads ahead of the next band's kernels)
# against the tree before it (its libopencv_clruntime in .carry/before/lib), on
# issue 15's pinned integral rows (one GPU and two, 10240x10240 and 20480x20480);
# cubic x2 on two GPUs with the change as the host's reference (it moves the
# integral's bytes and has no later kernels); then the integral's multi-device,
# pinned and band-stream tests on both GPUs. Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of before and after for each P, then the tests
set -u
. ./scripts/gpu-results-env.sh
beforeAfter integral clintegral 'MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7' "$@"
for p in "$@"; do
  case $p in a|c) perfrun ${p}_resize clresize 'MultiGpu*/6:MultiGpu*/7' ;; esac
done
CLX_TEST_DEVICES=2 timeout 240 $G/bin/opencv_test_clintegral \
  --gtest_filter='*MultiDevice*:*Pinned*:*BandStream*:-*SmallWorkGroups*' > $T/tests.log 2>&1
echo "tests rc $?"; tail -3 $T/tests.log; pack
