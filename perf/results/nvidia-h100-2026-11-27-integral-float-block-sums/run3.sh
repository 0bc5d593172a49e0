#!/bin/sh
# Local buffers padded a slot every 128 bytes (newpad) against a slot every 32
# elements (oldpad, the temporary option CLX_ABL_OLD_PAD=1), both with the block
# sums loading a batch first; clx cases 0, 1, 3, 6-9, kernel times, three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 3 6 7 8 9
variants "a b c" oldpad:CLX_ABL_OLD_PAD=1 newpad
