#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the squared
# sum's run with block sums of its own ("own", .carry/new: the clintegral library
# of the commit before) against the squared sum's block sums formed by the sum's
# 8-bit block sums kernel ("shared", .carry/new2). Both with the perf binary of
# .carry/new2 (its cases 3-5: 8-bit one channel with a squared sum; 8: 32F, which
# takes the same path in both; 0: no squared sum); then the clintegral tests on the
# GPU with the new library.
C=$PWD/.carry
BUILDS="own:$C/new/lib shared:$C/new2/lib" BIN=$C/new2/bin TESTED=$C/new2/lib CASES="0 3 4 5 8"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
