#!/bin/sh
# Two-GPU machine, from the repository root, packed build in .carry/gpu (HEAD),
# .carry/ramp (libopencv_clintegral with next-ramp/ramp.patch), .carry/spin
# (libopencv_clruntime whose result read polls its event when CLX_TMP_SPIN is set).
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
S=$(date +%s); t() { echo "t=$(( $(date +%s) - S )) s"; }
nvidia-smi topo -m > $T/topo.txt 2>&1
# 1. Ways to end a call, spin polling included (device 0).
cc -O2 perf/opencl/floors.c -lOpenCL -o $T/floors_bin && for i in 1 2; do timeout 60 $T/floors_bin gpu 64 > $T/floors_$i.txt 2>&1; done; rm -f $T/floors_bin; pack; t
# 2. One GPU, clx reduction rows: blocking read against a polled one.
F=$(for i in 0 1 2 3 4 5 6 7; do printf 'CountNonZeroPerf_countNonZero.countNonZero/%s:' $i; done; for i in $(seq 0 15); do printf 'SumPerf_sum.sum/%s:MinMaxLocPerf_minMaxLoc.minMaxLoc/%s:' $i $i; done)
for p in a b; do
  perf base_${p}_single clreduce $G/lib "$F"
  envperf spin_${p}_single clreduce $C/spin:$G/lib "$F" CLX_TMP_SPIN=1
done; t
# 3. Integral on two GPUs: lead bands (the tree) against the two-round ramp.
passes "a b c" integral clintegral "$P" lead:$G/lib ramp:$C/ramp:$G/lib; t
# 4. The tree's pinned rows of resize and the reductions, three passes.
passes "a b c" resize clresize "$P" tree:$G/lib; t
passes "a b c" reduce clreduce "$R" tree:$G/lib; t
# 5. Multi-device and pinned tests on both GPUs.
tests_two_gpus $G/lib $G/bin clintegral clreduce clresize; t
