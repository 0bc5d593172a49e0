#!/bin/sh
# Three and four channels with 2 pixels a work-item (CLX_ABL_VX=2; vx_switch.patch)
# against one: clx case 6 (4096x4096 8UC3) and temporary cases 12 and 13 (4096x4096
# 8UC4, 1920x1080 8UC3), three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 6 12 13
variants "a b c" kept vx2:CLX_ABL_VX=2
