#!/bin/sh
# Run 2: run 1's trace (tmp-trace.patch) on top of the carry rows kept between
# calls (.carry/tr3); then four passes in turn of the pinned integral MultiGpu rows,
# one and two GPUs, of the tree before (base: .carry/gpu2) and with the device-thread
# affinity and the kept carry rows (kr: .carry/kr, libopencv_clruntime and
# libopencv_clintegral); the clintegral multi-device and pinned tests on both GPUs.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
G=$C/gpu2
envperf tr_integral clintegral $C/tr3:$G/lib "$P2" CLX_TMP_TRACE=1
passes "a b c d" integral clintegral "$P" base:$G/lib kr:$C/kr:$G/lib
CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$C/kr:$G/lib timeout 200 $C/kr/opencv_test_clintegral --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_clintegral_two_gpus.log 2>&1; echo "tests clintegral rc $?"
pack
