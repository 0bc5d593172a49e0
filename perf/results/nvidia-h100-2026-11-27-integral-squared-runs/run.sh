#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the integral
# with a squared sum as one run of the kernels keeping both sums ("one", the
# clintegral library of .carry/gpu, built from a tree whose integral is the one
# before this change) against a run of the one-output kernels for each sum ("two",
# .carry/new). Both with the new perf binary (.carry/new/bin; its cases 3-5 and 8
# have a squared sum, case 0 none, case 9 the tilted sum); then the clintegral tests
# on the GPU with the new library.
C=$PWD/.carry
BUILDS="one:$C/gpu/lib two:$C/new/lib" BIN=$C/new/bin TESTED=$C/new/lib CASES="0 3 4 5 8 9"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
