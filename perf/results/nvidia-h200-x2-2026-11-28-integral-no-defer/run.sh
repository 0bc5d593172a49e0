#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows (one GPU and two, 10240x10240 and 20480x20480) with the
# bands' later kernels and downloads deferred behind the next band's kernels (the
# tree's), not deferred (CLX_TMP_INTEGRAL_NO_DEFER), and not deferred without lead
# bands (CLX_TMP_INTEGRAL_NO_LEAD too), through temporary switches
# (no-defer-switch.patch, in the clintegral library in .carry/var/lib, not in the
# tree), in turn. Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh tests    the multi-device integral tests on both GPUs, not deferred
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
export LD_LIBRARY_PATH=$PWD/.carry/var/lib:$G/lib
ROWS='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
for p in "$@"; do
  if [ "$p" = tests ]; then
    CLX_TMP_INTEGRAL_NO_DEFER=1 CLX_TEST_DEVICES=2 timeout 300 $G/bin/opencv_test_clintegral \
      --gtest_filter='*MultiDevice*:*Pinned*:-*leadBands*' > $T/tests_no_defer.log 2>&1
    echo "tests rc $?"; tail -3 $T/tests_no_defer.log; pack; continue
  fi
  perfrun ${p}_deferred clintegral "$ROWS" --perf_force_samples=10
  CLX_TMP_INTEGRAL_NO_DEFER=1 perfrun ${p}_no_defer clintegral "$ROWS" --perf_force_samples=10
  CLX_TMP_INTEGRAL_NO_DEFER=1 CLX_TMP_INTEGRAL_NO_LEAD=1 perfrun ${p}_no_defer_no_lead clintegral "$ROWS" \
    --perf_force_samples=10
done
