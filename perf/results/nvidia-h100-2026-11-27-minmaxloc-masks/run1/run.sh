#!/bin/sh
# One H100: the clx minMaxLoc rows of opencv_perf_clreduce (20 samples) with the
# tree before (.carry/gpu: ab3440d's clreduce, pixel by pixel masked walk, 8 groups a
# compute unit), the change (.carry/new: masks in units of 16 pixels as vectors, 4
# groups a compute unit with locations except for masks over 8/16-bit elements) and
# the change with 4 groups for every masked walk too (.carry/new2, library only),
# three passes in turn; then the clreduce tests on the GPU with the change.
. perf/results/nvidia-h100-2026-11-27-minmaxloc-masks/compare_builds.sh
