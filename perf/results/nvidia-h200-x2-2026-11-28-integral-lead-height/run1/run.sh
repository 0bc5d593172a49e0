#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows with the tree's layout (each device's lead band a quarter of
# the others' height, deferred as every band) and with the lead bands not deferred
# (CLX_TMP_INTEGRAL_LEAD_NO_DEFER) and of 2, 3 or 4 quarters (CLX_TMP_LEAD_QUARTERS),
# through temporary switches (lead-height-switch.patch, not in the tree), in turn,
# the order rotated every pass. The one-GPU rows with the tree only (the switches
# change only calls over several devices). Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
variant() {
  case $1 in
    tree) perfrun ${2}_tree clintegral 'MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
    q*) CLX_TMP_INTEGRAL_LEAD_NO_DEFER=1 CLX_TMP_LEAD_QUARTERS=${1#q} perfrun ${2}_$1 clintegral \
          'MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
  esac
}
inTurn "tree q2 q3 q4" "$@"
