#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the squared
# sum's block sums formed by the sum's 8-bit kernel only ("eight", .carry/new2: the
# clintegral library of the commit before) against formed by the general block sums
# kernel too, for every one-channel source ("all", .carry/new3). Both with the perf
# binary of .carry/new3 (case 8: 32F with a squared sum, the one that changes; 3-5:
# 8-bit with a squared sum, the same path in both; 0: no squared sum); then the
# clintegral tests on the GPU with the new library.
C=$PWD/.carry
BUILDS="eight:$C/new2/lib all:$C/new3/lib" BIN=$C/new3/bin TESTED=$C/new3/lib CASES="0 3 4 5 8"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
