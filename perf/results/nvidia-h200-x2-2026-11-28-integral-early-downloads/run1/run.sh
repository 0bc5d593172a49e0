#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows (one GPU and two, 10240x10240 and 20480x20480) with every
# band's later kernels and downloads deferred behind the next band's kernels (the
# tree before), with the first round of bands (each device's lead band) not
# deferred (CLX_TMP_INTEGRAL_LEAD_NO_DEFER), and that with lead bands of an eighth
# of the others' height instead of a quarter (CLX_TMP_INTEGRAL_LEAD_EIGHTH too),
# through temporary switches (lead-no-defer-switch.patch, not in the tree), in
# turn, the order rotated every pass. Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh tests    the multi-device integral tests on both GPUs with the switches
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
ROWS='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
variant() {
  case $1 in
    deferred) perfrun ${2}_deferred clintegral "$ROWS" --perf_force_samples=10 ;;
    lead) CLX_TMP_INTEGRAL_LEAD_NO_DEFER=1 perfrun ${2}_lead clintegral "$ROWS" --perf_force_samples=10 ;;
    eighth) CLX_TMP_INTEGRAL_LEAD_NO_DEFER=1 CLX_TMP_INTEGRAL_LEAD_EIGHTH=1 perfrun ${2}_eighth clintegral "$ROWS" \
      --perf_force_samples=10 ;;
  esac
}
order="deferred lead eighth"
for p in "$@"; do
  if [ "$p" = tests ]; then
    for e in CLX_TMP_INTEGRAL_LEAD_NO_DEFER CLX_TMP_INTEGRAL_LEAD_EIGHTH; do
      export $e=1
      CLX_TEST_DEVICES=2 timeout 300 $G/bin/opencv_test_clintegral \
        --gtest_filter='*MultiDevice*:*Pinned*:-*leadBands*' > $T/tests_$e.log 2>&1
      echo "tests $e rc $?"; tail -2 $T/tests_$e.log
    done
    unset CLX_TMP_INTEGRAL_LEAD_NO_DEFER CLX_TMP_INTEGRAL_LEAD_EIGHTH; pack; continue
  fi
  for v in $order; do variant $v $p; done
  set -- $order; order="$2 $3 $1"
done
