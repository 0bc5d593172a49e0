#!/bin/sh
# On the GPU machine from the repository root, with this commit's build packed in
# .carry/gpu (scripts/pack-gpu.sh) and the temporary switches' libraries in
# .carry/var (tmp-switches.patch here):
# 1. the two-GPU pinned integral rows with bands of 32 or 16 MB instead of 64
#    (CLX_TMP_INTEGRAL_BAND_MB) and the host sums on 24 or 32 threads instead of 16
#    (CLX_TMP_SUM_THREADS), against this commit, three passes;
# 2. every MultiGpu row of the three perf binaries with this commit, two passes;
# 3. the multi-device and pinned tests of the three modules on both GPUs, and the
#    row-past-2-GB tests over a device set.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for pass in a b c; do
  perf head_${pass}_integral clintegral $G/lib "$P2"
  envperf b32_${pass}_integral clintegral $C/var:$G/lib "$P2" CLX_TMP_INTEGRAL_BAND_MB=32
  envperf b16_${pass}_integral clintegral $C/var:$G/lib "$P2" CLX_TMP_INTEGRAL_BAND_MB=16
  envperf t24_${pass}_integral clintegral $C/var:$G/lib "$P2" CLX_TMP_SUM_THREADS=24
  envperf t32_${pass}_integral clintegral $C/var:$G/lib "$P2" CLX_TMP_SUM_THREADS=32
done
for pass in a b; do
  perf all_${pass}_integral clintegral $G/lib 'MultiGpu*'
  perf all_${pass}_resize clresize $G/lib 'MultiGpu*'
  perf all_${pass}_reduce clreduce $G/lib 'MultiGpu*'
done
tests_two_gpus $G/lib $G/bin clintegral clreduce clresize
for m in clintegral clresize; do
  LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_test_$m --gtest_filter='*deviceSetRowPast2GB*' > $T/tests_${m}_row_past_2gb.log 2>&1; echo "row past 2 GB $m rc $?"
done
pack
