#!/bin/sh
# Step 6 on one H100: the code of step 2 ("ahead", .carry/tb2) against the final
# code ("segs", .carry/tb6: step 5's row carries in tiles, and the walks of the
# rays' and diagonals' carries cut into 4 segments); perf binary of .carry/tb6,
# cases as in run.sh; then the clintegral tests with .carry/tb6.
C=$PWD/.carry
BUILDS="ahead:$C/tb2/lib segs:$C/tb6/lib" BIN=$C/tb6/bin TESTED=$C/tb6/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
