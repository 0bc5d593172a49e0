#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned integral rows (one GPU and two, 10240x10240 and 20480x20480) with the
# streamed bands' size limit (input + output bytes) at 64 MiB (the tree's) and at
# other sizes, through a temporary switch (CLX_TMP_INTEGRAL_BAND_MB,
# band-size-switch.patch, in the clintegral library in .carry/var/lib, not in the
# tree), in turn. Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every size limit for each P (MBS: the limits,
#                      default "64 32 16 8")
set -u
. ./scripts/gpu-results-env.sh
export LD_LIBRARY_PATH=$PWD/.carry/var/lib:$G/lib
for p in "$@"; do
  for mb in ${MBS:-64 32 16 8}; do
    CLX_TMP_INTEGRAL_BAND_MB=$mb perfrun ${p}_${mb}mb clintegral 'MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7' \
      --perf_force_samples=10
  done
done
