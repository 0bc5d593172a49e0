#!/bin/sh
# Column strips of pinned images in smaller bands. .carry/old: 9dce344's libraries;
# .carry/s16: strips in bands of MAX_PINNED_BAND_BYTES (16 MB); .carry/s8: 8 MB;
# .carry/strips: run 1's test binaries.
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh
passes "a b c" integral clintegral "$P" old:$C/old:$G/lib s16:$C/s16:$C/strips:$G/lib s8:$C/s8:$C/strips:$G/lib
tests_two_gpus $C/s16:$C/strips:$G/lib $C/strips clintegral
