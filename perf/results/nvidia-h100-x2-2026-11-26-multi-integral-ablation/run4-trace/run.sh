#!/bin/sh
# Run 4's code with temporary host timestamps (CLX_TMP_TRACE, not in the tree;
# .carry/tr): each band's first and later kernels, the carries made, the downloads
# enqueued and done; two-GPU pinned 10240 (row 6) and 20480 (row 7), 3 calls each.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
CLX_TMP_TRACE=1 LD_LIBRARY_PATH=$C/tr:$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter='MultiGpu*/6' --perf_force_samples=3 > $T/trace6.log 2>&1; echo "t6 rc $?"
CLX_TMP_TRACE=1 LD_LIBRARY_PATH=$C/tr:$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter='MultiGpu*/7' --perf_force_samples=3 > $T/trace7.log 2>&1; echo "t7 rc $?"
grep -c "" $T/trace6.log; pack
