#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows with the tree's deferred downloads (e0: each band's carry
# kernels and downloads enqueued behind the next band's kernels and own-row
# read-back) and with the first 2, 4 or 6 eighths of each deferred band's
# downloads (and its carry kernels) enqueued before the next band's kernels
# (CLX_TMP_EARLY_EIGHTHS), through a temporary switch (early-downloads-switch.patch,
# not in the tree), in turn, the order rotated every pass. The one-GPU rows with
# e0 only (the switch changes only calls over several devices). Set-up and
# outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
variant() {
  case $1 in
    e0) perfrun ${2}_e0 clintegral 'MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
    e*) CLX_TMP_EARLY_EIGHTHS=${1#e} perfrun ${2}_$1 clintegral 'MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
  esac
}
inTurn "e0 e2 e4 e6" "$@"
