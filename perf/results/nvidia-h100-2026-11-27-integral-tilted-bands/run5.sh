#!/bin/sh
# Step 5 on one H100: the code of step 2 ("ahead", .carry/tb2, kept) against two
# changes measured by their own kernels' times: the row carries through local
# memory in tiles with a work-group scan, and the band sums with adjacent columns
# a work-item, only the edge values exchanged ("edges", .carry/tb5); perf binary of
# .carry/tb5, cases as in run.sh; then the clintegral tests with .carry/tb5.
C=$PWD/.carry
BUILDS="ahead:$C/tb2/lib edges:$C/tb5/lib" BIN=$C/tb5/bin TESTED=$C/tb5/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
