#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the tilted
# sum's six kernels of diagonal walks ("six", .carry/tb0: the clintegral library of
# the commit before) against the four of the banded walk ("four", .carry/tb1), both
# with the perf binary of .carry/tb1 (cases 9-11: the tilted sum at 4096x4096,
# 8192x8192 and 1280x1280; 1: 4096x4096 without it); then the clintegral tests on
# the GPU with the new library.
C=$PWD/.carry
BUILDS="six:$C/tb0/lib four:$C/tb1/lib" BIN=$C/tb1/bin TESTED=$C/tb1/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
