#!/bin/sh
# One channel, 8-bit: the padding as a constant shift (i >> 5 for 4-byte values, as
# before this folder's changes) against bde1a5e (.carry/base), which runs 16 and 17
# found slower for one channel (signed or unsigned division): clx cases 0-2, 6
# and 7, three passes of each in turn.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 2 6 7
before_after a b c
