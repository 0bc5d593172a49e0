#!/bin/sh
# The general block sums kernel's block totals from its row totals (four work-items
# add up what they kept) against a work-group scan of the column sums (temporary
# CLX_ABL_OLD_TOTAL=1; block_total_switch.patch): clx cases 7 and 8 (4096x4096 32F
# -> 64F, with the squared sum), three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 7 8
variants "a b c" scan:CLX_ABL_OLD_TOTAL=1 rows
