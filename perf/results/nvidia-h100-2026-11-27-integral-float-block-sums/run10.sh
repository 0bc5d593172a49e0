#!/bin/sh
# The general block sums kernel with 16 rows a batch instead of 8 (temporary switch
# CLX_ABL_BS_RPR=16; its local buffers 35 KB): clx cases 7 (4096x4096 32F -> 64F)
# and 1 (8-bit, other kernel: a control), three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 7 1
variants "a b c" kept rpr16:CLX_ABL_BS_RPR=16 rpr4:CLX_ABL_BS_RPR=4
