#!/bin/sh
# The same machine right after run 1: issue 15's pinned rows (one GPU and two,
# 10240x10240 and 20480x20480) of the tree of 37e7b00 (.carry/gpu), three passes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
nvidia-smi --query-gpu=name,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu_run2.txt 2>&1
for p in a b c; do perf ${p}_integral clintegral $G/lib "$P"; perf ${p}_resize clresize $G/lib "$P"; perf ${p}_reduce clreduce $G/lib "$R"; done
