#!/bin/sh
# One channel, 8-bit: the padding of 52ee6ff with the unsigned division (a shift)
# against the tree before this folder's changes (bde1a5e in .carry/base), which
# run 16 found 1-2 us of kernel time and 5-12 us of call slower: clx cases 0-2, 6
# and 7, three passes of each in turn.
. perf/results/nvidia-h100-2026-11-27-integral-float-block-sums/common.sh
cases 0 1 2 6 7
before_after a b c
