#!/bin/sh
# Step 4 on one H100: step 3 ("scan", .carry/tb3) against the carries kernels'
# loads made at clamped columns and selected after, with no branches between a
# chunk's loads, in the row carries' first loop too ("select", .carry/tb4); perf
# binary of .carry/tb4, cases as in run.sh; then the clintegral tests with .carry/tb4.
C=$PWD/.carry
BUILDS="scan:$C/tb3/lib select:$C/tb4/lib" BIN=$C/tb4/bin TESTED=$C/tb4/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
