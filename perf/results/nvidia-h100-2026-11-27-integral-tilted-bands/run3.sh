#!/bin/sh
# Step 3 on one H100: the code of step 2 ("ahead", .carry/tb2) against its carries
# kernels with loops of fixed trip counts (the chunks of loads unrolled) and a
# work-group scan for the row carries ("scan", .carry/tb3); perf binary of
# .carry/tb3, cases as in run.sh; then the clintegral tests with .carry/tb3.
C=$PWD/.carry
BUILDS="ahead:$C/tb2/lib scan:$C/tb3/lib" BIN=$C/tb3/bin TESTED=$C/tb3/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
