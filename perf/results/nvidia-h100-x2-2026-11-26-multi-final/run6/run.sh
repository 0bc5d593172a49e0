#!/bin/sh
# Run 6: the final code's tests on both GPUs (this commit's build packed in
# .carry/gpu): the multi-device and pinned tests of the three modules, and the
# row-past-2-GB tests over a device set.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
tests_two_gpus $G/lib $G/bin clintegral clreduce clresize
for m in clintegral clresize; do
  LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_test_$m --gtest_filter='*deviceSetRowPast2GB*' > $T/tests_${m}_row_past_2gb.log 2>&1; echo "row past 2 GB $m rc $?"
done
pack
