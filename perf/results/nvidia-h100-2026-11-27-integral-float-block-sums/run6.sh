#!/bin/sh
# Three channels with half as many rows a scan in the blocks kernel (as one channel
# has; temporary switch CLX_ABL_HALF_RPR=1) against the kept code (padding, rows a
# batch ahead for every channel count): clx cases 6 and 8, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 6 8
variants "a b c" kept halfrpr:CLX_ABL_HALF_RPR=1
