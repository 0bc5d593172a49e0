#!/bin/sh
# Every device streams all the bands with its own carries and downloads its share.
# .carry/old: 9dce344's libraries (host column sums); .carry/r64: bands of
# MAX_BAND_BYTES (64 MB), with the test binaries; .carry/r16: pinned images in bands
# of MAX_PINNED_BAND_BYTES (16 MB).
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh
passes "a b" integral clintegral 'MultiGpu*' old:$C/old:$G/lib r64:$C/r64:$G/lib r16:$C/r16:$G/lib
passes c integral clintegral "$P" old:$C/old:$G/lib r64:$C/r64:$G/lib r16:$C/r16:$G/lib
perf r16_reduce clreduce $C/r16:$G/lib "$R"
perf r16_resize clresize $C/r16:$G/lib "$P"
tests_two_gpus $C/r16:$G/lib $C/r64 clintegral clreduce clresize
