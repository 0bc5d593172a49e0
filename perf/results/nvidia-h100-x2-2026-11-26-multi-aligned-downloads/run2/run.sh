#!/bin/sh
# Run 2: the integral's band boundaries moved up by less than 64 rows to where a
# band's downloads start a 64-byte line of the host's rows (.carry/ra:
# libopencv_clintegral only), against this commit's parent (.carry/gpu) and run 1's
# split downloads (.carry/al), three passes in turn of the pinned integral rows;
# then clintegral's multi-device and pinned tests on both GPUs with .carry/ra.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" head:$G/lib ra:$C/ra:$G/lib al:$C/al:$G/lib
tests_two_gpus $C/ra:$G/lib $G/bin clintegral
