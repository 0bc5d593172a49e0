#!/bin/sh
# Where the general block sums kernel's time goes (32F -> 64F, 4096x4096, case 7;
# also case 8 with the squared sum): temporary build options through CLX_ABL_BS
# (ablation patch in this folder), kernel times, two passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 7 8 1
variants "a b" base "norows:CLX_ABL_BS=-D ABL_NO_ROWS" "noloads:CLX_ABL_BS=-D ABL_NO_LOADS" \
  "neither:CLX_ABL_BS=-D ABL_NO_ROWS -D ABL_NO_LOADS"
