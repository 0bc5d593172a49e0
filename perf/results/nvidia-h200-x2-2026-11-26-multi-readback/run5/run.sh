#!/bin/sh
# Run 5: run 3's trace, finer (tmp-trace-fine.patch, on top of the kernel caches
# per context; not in the tree; three libraries in .carry/tr): marks also at
# ocl_integral's start, checks, each kernel enqueued, the Launcher's start and end,
# kernels made, and the own-row read enqueued. Two-GPU pinned integral rows.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
envperf tr_integral clintegral $C/tr:$G/lib "$P2" CLX_TMP_TRACE=1
