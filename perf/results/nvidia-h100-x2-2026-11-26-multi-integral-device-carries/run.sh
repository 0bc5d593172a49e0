#!/bin/sh
# The integral's carries kept on the devices (each device sums the bands above its
# own, uploaded but not downloaded; .carry/devc) against c0b17e8's host column sums
# (.carry/final), one and two GPUs, in the same passes: pinned rows three times,
# pageable rows once; then the multi-device and pinned tests of all three modules
# with .carry/devc's build on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib devc:$C/devc:$G/lib
passes "p" integral clintegral 'MultiGpu*/0:MultiGpu*/1:MultiGpu*/2:MultiGpu*/3' final:$C/final:$G/lib devc:$C/devc:$G/lib
tests_two_gpus $C/devc:$G/lib $C/devc clintegral clreduce clresize
