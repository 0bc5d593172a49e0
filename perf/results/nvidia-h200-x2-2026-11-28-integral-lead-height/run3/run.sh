#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows with the tree's deferred downloads (e0), with the first 4 or
# 6 eighths of each deferred band's downloads enqueued before the next band's
# kernels (CLX_TMP_EARLY_EIGHTHS), and those with lead bands of half the others'
# height instead of a quarter (CLX_TMP_LEAD_QUARTERS=2), through temporary switches
# (early-downloads-and-lead-switch.patch, not in the tree), in turn, the order
# rotated every pass. The one-GPU rows with e0 only (the switches change only calls
# over several devices). Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
variant() {
  case $1 in
    e0) perfrun ${2}_e0 clintegral 'MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
    e?) CLX_TMP_EARLY_EIGHTHS=${1#e} perfrun ${2}_$1 clintegral 'MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
    e?q2) e=${1#e}; CLX_TMP_EARLY_EIGHTHS=${e%q2} CLX_TMP_LEAD_QUARTERS=2 perfrun ${2}_$1 clintegral \
            'MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
  esac
}
inTurn "e0 e4 e6 e4q2 e6q2" "$@"
