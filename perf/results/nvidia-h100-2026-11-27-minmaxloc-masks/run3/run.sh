#!/bin/sh
# One H100: the kept walk as committed (.carry/new2: the clreduce library of c3acd56's
# tree) against the same with an 8-bit mask's lane selection made by word operations
# instead of 16 byte compares, and no any() for the one chunk of an 8-bit unit
# (.carry/new: library and binaries).
BUILDS="head:$PWD/.carry/new2/lib:$PWD/.carry/new/bin bits:$PWD/.carry/new/lib:$PWD/.carry/new/bin"
. perf/results/nvidia-h100-2026-11-27-minmaxloc-masks/compare_builds.sh
