#!/bin/sh
# Run 5's code (.carry/rb2) against c0b17e8 (.carry/final) with ordinary
# (pageable) host Mats: rows gpus_1 and gpus_2, 10240 and 20480.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b" integral clintegral 'MultiGpu*/0:MultiGpu*/1:MultiGpu*/2:MultiGpu*/3' final:$C/final:$G/lib rb2:$C/rb2:$G/lib
