#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows with the tree of the review fixes (q1: the next band's upload
# flushed before the waiting band's later kernels), with the library of run 4's
# change before them (before: .carry/before/lib), with lead bands of 2 quarters and
# the band count rounded up to a multiple of the devices' (q2:
# CLX_TMP_LEAD_QUARTERS=2), and with all but the last row of each device's first
# band downloaded ahead of the next band's kernels (w:
# CLX_TMP_FIRST_BAND_HEAD_WHOLE), through temporary switches (switches.patch, not
# in the tree), in turn, the order rotated every pass. The switched variants on two
# GPUs only (the switches change only calls over several devices). Set-up and
# outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
ROWS='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
TWO='MultiGpu*/6:MultiGpu*/7'
variant() {
  case $1 in
    before) LD_LIBRARY_PATH=$PWD/.carry/before/lib:$G/lib perfrun ${2}_before clintegral "$ROWS" --perf_force_samples=10 ;;
    q1) perfrun ${2}_q1 clintegral "$ROWS" --perf_force_samples=10 ;;
    q2) CLX_TMP_LEAD_QUARTERS=2 perfrun ${2}_q2 clintegral "$TWO" --perf_force_samples=10 ;;
    w) CLX_TMP_FIRST_BAND_HEAD_WHOLE=1 perfrun ${2}_w clintegral "$TWO" --perf_force_samples=10 ;;
  esac
}
inTurn "before q1 q2 w" "$@"
