#!/bin/sh
# Step 8 on one H100: the code of step 6 ("segs", .carry/tb6) against 8 columns a
# work-item in the walks (spans of 2048 columns, 32 KB of local memory for 32-bit
# sums; "vx8", .carry/tb8); perf binary of .carry/tb8, cases as in run.sh; then the
# clintegral tests with .carry/tb8.
C=$PWD/.carry
BUILDS="segs:$C/tb6/lib vx8:$C/tb8/lib" BIN=$C/tb8/bin TESTED=$C/tb8/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
