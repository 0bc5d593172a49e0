#!/bin/sh
# The 8-bit block sums kernel loading the next batch of rows before it sums this
# one (temporary switch CLX_ABL_BS_PREFETCH=1) against the kept code: clx cases 0,
# 1, 3 and 6 (8192x8192 / 4096x4096 8UC1, with a squared sum, 4096x4096 8UC3),
# kernel times, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 3 6
variants "a b c" kept bsprefetch:CLX_ABL_BS_PREFETCH=1
