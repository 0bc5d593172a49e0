#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine, with the build
# of this tree packed by scripts/pack-gpu.sh .carry/gpu and the clresize library
# of the tree before the float resize's sign of zero (dd8ae48) in .carry/base/lib.
# Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh tests        the test binaries on GPU 0 and the multi-device ones on
#                          both; float resize before/after; the rows that were noisy
#   sh run.sh passes P...  issue 15's pinned rows (one GPU and two), one pass each
#   sh run.sh resize       the float resize rows again, the library after first
#                          in passes d and f, before first in e and g
#   sh run.sh final        the clresize tests on GPU 0 (the tree being tested), then
#                          the resize rows, after first in passes h and j
set -u
. ./scripts/gpu-results-env.sh
# resizeCubic/3: 32FC1 4096x4096 -> 2048x2048, the tiled kernel; /5: 32FC1 x2 and
# /0: 8UC1 x2, code that did not change.
R='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/3:ResizeCubicPerf_resizeCubic.resizeCubic/5'
before() { LD_LIBRARY_PATH=$PWD/.carry/base/lib:$G/lib perfrun ${1}_resize_before clresize "$R"; }
after() { perfrun ${1}_resize_after clresize "$R"; }
if [ "$1" = tests ]; then
  for m in clintegral clreduce clresize; do
    timeout 170 $G/bin/opencv_test_$m --gtest_filter=-*NoDeviceBuffer*:*MultiDevice* > $T/tests_$m.log 2>&1
    echo "tests $m rc $?"; tail -n 1 $T/tests_$m.log; pack
    CLX_TEST_DEVICES=2 timeout 120 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1
    echo "tests $m two GPUs rc $?"; tail -n 1 $T/tests_${m}_two_gpus.log; pack
  done
  for p in a b c; do before $p; after $p; done
  # The two rows of the last comparison whose samples spread by 29% and 58%.
  for p in a b c; do
    perfrun ${p}_noisy_sum clreduce 'SumPerf_sum.sum/9'
    perfrun ${p}_noisy_tilted clintegral 'IntegralPerf_integral.integral/11'
  done
elif [ "$1" = resize ]; then
  for p in d e f g; do
    case $p in d|f) after $p; before $p;; *) before $p; after $p;; esac
  done
elif [ "$1" = final ]; then
  timeout 100 $G/bin/opencv_test_clresize --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests_final_clresize.log 2>&1
  echo "tests clresize rc $?"; tail -n 1 $T/tests_final_clresize.log; pack
  for p in h i j k; do
    case $p in h|j) after $p; before $p;; *) before $p; after $p;; esac
  done
else
  shift
  P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
  Q='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
  for p in "$@"; do
    perfrun ${p}_integral clintegral "$P" --perf_force_samples=10
    perfrun ${p}_resize clresize "$P" --perf_force_samples=10
    perfrun ${p}_reduce clreduce "$Q" --perf_force_samples=10
  done
fi
