#!/bin/sh
# Two GPUs of one host (asked for as nvidia-h100-x2; two H200s came), from the repository root with the packed builds in .carry
# (.carry/gpu for OpenCV's libraries, .carry/new5: the clintegral library and test
# binary of ec31002): the integral's multi-device and pinned tests on both GPUs, the
# bands' integrals with a squared sum now two runs of the kernels each.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
tests_two_gpus $C/new5/lib:$G/lib $C/new5/bin clintegral
tail -3 $T/tests_clintegral_two_gpus.log
