#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows with the tree of the review fixes (q1: the next band's upload
# flushed before the waiting band's later kernels), with the library of run 4's
# change before them (before: .carry/before/lib), and with lead bands of 2 or 3
# quarters, the band count rounded up to a multiple of the devices'
# (CLX_TMP_LEAD_QUARTERS, a temporary switch: even-lead-switch.patch, not in the
# tree), in turn, the order rotated every pass. The lead-band variants on two GPUs
# only (the switch changes only calls over several devices). Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every variant for each P
set -u
. ./scripts/gpu-results-env.sh
ROWS='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
variant() {
  case $1 in
    before) LD_LIBRARY_PATH=$PWD/.carry/before/lib:$G/lib perfrun ${2}_before clintegral "$ROWS" --perf_force_samples=10 ;;
    q1) perfrun ${2}_q1 clintegral "$ROWS" --perf_force_samples=10 ;;
    q*) CLX_TMP_LEAD_QUARTERS=${1#q} perfrun ${2}_$1 clintegral 'MultiGpu*/6:MultiGpu*/7' --perf_force_samples=10 ;;
  esac
}
inTurn "before q1 q2 q3" "$@"
