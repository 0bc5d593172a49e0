#!/bin/sh
# Where the three-channel blocks kernel's time goes after item 38: the ablations of
# ../nvidia-h100-2026-11-27-integral-blocks-ablations/ (temporary options through
# CLX_ABLATE, ablate_blocks.patch here) on the committed code, clx case 6 (4096x4096
# 8UC3 -> 32S), kernel times, two passes.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 6
variants "a b" kept "noscan:CLX_ABLATE=-D ABLATE_SCAN" "nostores:CLX_ABLATE=-D ABLATE_STORES" \
  "noloads:CLX_ABLATE=-D ABLATE_LOADS" "none:CLX_ABLATE=-D ABLATE_SCAN -D ABLATE_STORES -D ABLATE_LOADS"
