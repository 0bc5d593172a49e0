#!/bin/sh
# Other channel counts and depths with the blocks kernel's rows loaded a batch
# ahead (CLX_ABL_PREFETCH_CN=1) or not: temporary perf cases 12-15 (4096x4096 8UC4
# and 8UC2 -> 32S, 2048x2048 32FC3 and 16UC4 -> 64F), three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 12 13 14 15
variants "a b c" kept prefetch:CLX_ABL_PREFETCH_CN=1
