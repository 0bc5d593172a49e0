#!/bin/sh
# Step 7 on one H100: the code of step 6 ("segs", .carry/tb6) against the band sums
# added up directly along each column's two diagonals, a work-item a column, no
# walk ("direct", .carry/tb7); perf binary of .carry/tb7, cases as in run.sh; then
# the clintegral tests with .carry/tb7.
C=$PWD/.carry
BUILDS="segs:$C/tb6/lib direct:$C/tb7/lib" BIN=$C/tb7/bin TESTED=$C/tb7/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
