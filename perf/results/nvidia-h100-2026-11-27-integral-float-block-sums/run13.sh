#!/bin/sh
# One channel after item 38: the blocks kernel without its striped stores
# (CLX_ABL_NO_STRIPED=1), and 4 or 3 blocks a compute unit at least instead of 2
# (CLX_ABL_MINBLOCKS=4|3; geometry_switches.patch): clx cases 0-5 and 7, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 2 3 4 5 7
variants "a b c" kept nostriped:CLX_ABL_NO_STRIPED=1 minblocks4:CLX_ABL_MINBLOCKS=4 minblocks3:CLX_ABL_MINBLOCKS=3
