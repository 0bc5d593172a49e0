#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned rows of cubic resize and the reductions (one GPU and two, 10240x10240 and
# 20480x20480) with the streamed bands of pinned images at 16 MiB (the tree's
# MAX_PINNED_BAND_BYTES), 8 and 4 MiB, through a temporary switch
# (CLX_TMP_PINNED_BAND_MB, band-size-switch.patch, in the clruntime library in
# .carry/var2/lib, not in the tree), in turn. Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh P...     one pass of every size for each P (resize; the reductions
#                      in passes named r*)
set -u
rm -rf /tmp/o
. ./scripts/gpu-results-env.sh
export LD_LIBRARY_PATH=$PWD/.carry/var2/lib:$G/lib
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
Q='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
for p in "$@"; do
  case $p in r*) m=clreduce f=$Q;; *) m=clresize f=$P;; esac
  for mb in 16 8 4; do
    CLX_TMP_PINNED_BAND_MB=$mb perfrun ${p}_${mb}mb $m "$f" --perf_force_samples=10
  done
done
