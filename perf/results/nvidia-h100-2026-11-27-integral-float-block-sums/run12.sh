#!/bin/sh
# The two-kernel prototype of run 11 with 32-256 segments a column (work-groups of
# 1024 work-items: 32 columns x 32 segments ... 4 x 256; CLX_SMALL=<segments>)
# against the three kernels: clx cases 1, 2 and temporary cases 12-15, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 1 2 12 13 14 15
variants "a b c" kept small32:CLX_SMALL=32 small64:CLX_SMALL=64 small128:CLX_SMALL=128 small256:CLX_SMALL=256
