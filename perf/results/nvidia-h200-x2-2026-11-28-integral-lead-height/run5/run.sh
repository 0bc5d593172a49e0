#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows with the tree of run 4's change (each device's lead band a
# quarter of the others' height) and with lead bands of 2 or 3 quarters, the band
# count rounded up to a multiple of the devices' (CLX_TMP_LEAD_QUARTERS, a temporary
# switch: even-lead-switch.patch, not in the tree), in turn, the order rotated every
# pass. The one-GPU rows with the tree only (the switch changes only calls over
# several devices). Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
variant() {
  case $1 in
    q1) perfrun ${2}_q1 clintegral 'MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
    q*) CLX_TMP_LEAD_QUARTERS=${1#q} perfrun ${2}_$1 clintegral 'MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
  esac
}
inTurn "q1 q2 q3" "$@"
