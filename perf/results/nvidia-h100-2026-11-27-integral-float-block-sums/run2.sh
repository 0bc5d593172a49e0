#!/bin/sh
# The general block sums kernel with a batch of rows loaded before it is used
# (ABL_LOADS_FIRST) or one batch ahead (ABL_PREFETCH), temporary options through
# CLX_ABL_BS, against the kernel as it is; cases 7 and 8, kernel times, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 7 8
variants "a b c" base "loadsfirst:CLX_ABL_BS=-D ABL_LOADS_FIRST" "prefetch:CLX_ABL_BS=-D ABL_PREFETCH"
