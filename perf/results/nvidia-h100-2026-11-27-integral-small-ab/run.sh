#!/bin/sh
# One H100, from the repository root with the packed builds in .carry: the integral
# without a squared sum, and with one at 1280x1280, before the squared-sum changes
# ("before", .carry/gpu: a build whose integral is that of 739d981) and after them
# ("after", .carry/new4: the clintegral library of bcb91ec), with the perf binary of
# .carry/new4 (cases 0-2: 8192x8192, 4096x4096, 1280x1280 8U -> 32S; 5: 1280x1280
# with a squared sum); then the clintegral tests on the GPU with the new library.
C=$PWD/.carry
BUILDS="before:$C/gpu/lib after:$C/new4/lib" BIN=$C/new4/bin TESTED=$C/new4/lib CASES="0 1 2 5"
. perf/results/nvidia-h100-2026-11-27-integral-squared-runs/compare_builds.sh
