#!/bin/sh
# Small images in two kernels (a prototype: rows' prefix sums, then the columns'
# in place in 8-32 segments; temporary switch CLX_SMALL=<segments>) against the
# three kernels: clx cases 0-2, 5, 7 and temporary cases 12-15 (1920x1080,
# 640x480, 2048x2048 8UC1 -> 32S, 1920x1080 32F -> 64F), three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 2 5 7 12 13 14 15
variants "a b c" kept small32:CLX_SMALL=32 small16:CLX_SMALL=16 small8:CLX_SMALL=8
