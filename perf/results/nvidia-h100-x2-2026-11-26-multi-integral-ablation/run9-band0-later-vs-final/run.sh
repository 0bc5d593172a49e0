#!/bin/sh
# Run 8's code (.carry/rb4's clintegral over .carry/rb2's other libraries) against
# c0b17e8 (.carry/final), pinned rows, one and two GPUs, in the same passes.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib kept:$C/rb4:$C/rb2:$G/lib
