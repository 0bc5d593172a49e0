#!/bin/sh
# Step 2 on one H100: the banded walk as first measured ("four", .carry/tb1) against
# its walk loading the source two rows ahead and its row carries loading chunks
# before their stores ("ahead", .carry/tb2); perf binary of .carry/tb2, cases as in
# run.sh; then the clintegral tests on the GPU with the library of .carry/tb2.
C=$PWD/.carry
BUILDS="four:$C/tb1/lib ahead:$C/tb2/lib" BIN=$C/tb2/bin TESTED=$C/tb2/lib CASES="1 9 10 11"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
