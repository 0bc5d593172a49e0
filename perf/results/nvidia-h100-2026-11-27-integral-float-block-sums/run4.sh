#!/bin/sh
# Three channels (clx case 6, 4096x4096 8UC3) with the one-channel blocks kernel's
# striped stores and rows loaded a batch ahead, each and both (temporary switches
# CLX_ABL_STRIPED_CN, CLX_ABL_PREFETCH_CN), after the padding change; three passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 6
variants "a b c" kept striped:CLX_ABL_STRIPED_CN=1 prefetch:CLX_ABL_PREFETCH_CN=1 \
  both:CLX_ABL_STRIPED_CN=1,CLX_ABL_PREFETCH_CN=1
