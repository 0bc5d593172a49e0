#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows (one GPU and two, 10240x10240 and 20480x20480) with every
# band's later kernels and downloads deferred behind the next band's kernels (the
# tree before, rounds 0), and with the first 2 or 3 rounds of bands not deferred
# (CLX_TMP_INTEGRAL_NO_DEFER_ROUNDS, a temporary switch: no-defer-rounds-switch.patch,
# not in the tree), in turn, the order rotated every pass. Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh tests    the multi-device integral tests on both GPUs, 2 and 3 rounds
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
ROWS='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
order="0 2 3"
for p in "$@"; do
  if [ "$p" = tests ]; then
    for n in 2 3; do
      CLX_TMP_INTEGRAL_NO_DEFER_ROUNDS=$n CLX_TEST_DEVICES=2 timeout 300 $G/bin/opencv_test_clintegral \
        --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_rounds_$n.log 2>&1
      echo "tests rounds $n rc $?"; tail -2 $T/tests_rounds_$n.log
    done
    pack; continue
  fi
  for n in $order; do
    CLX_TMP_INTEGRAL_NO_DEFER_ROUNDS=$n perfrun ${p}_rounds_$n clintegral "$ROWS" --perf_force_samples=10
  done
  set -- $order; order="$2 $3 $1"
done
