#!/bin/sh
# .carry/old: the libraries of 9dce344 (row bands with the host's column sums);
# .carry/strips: 4737cc1's libraries and test binaries (column strips).
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh
passes "a b c" integral clintegral 'MultiGpu*' old:$C/old:$G/lib new:$C/strips:$G/lib
perf new_reduce clreduce $C/strips:$G/lib "$R"
perf new_resize clresize $C/strips:$G/lib "$P"
tests_two_gpus $C/strips:$G/lib $C/strips clintegral clreduce clresize
