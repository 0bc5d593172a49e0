#!/bin/sh
# The read-back carries with the own rows in a pool per context (poolA: every band
# deferred; poolB: band 0 not deferred) against c0b17e8 (.carry/final), pinned rows,
# one and two GPUs, in the same passes; then the multi-device and pinned tests of
# poolA's build on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib A:$C/poolA:$G/lib B:$C/poolB:$G/lib
tests_two_gpus $C/poolA:$G/lib $C/poolA clintegral clreduce clresize
