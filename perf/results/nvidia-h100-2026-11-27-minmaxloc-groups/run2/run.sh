#!/bin/sh
# One H100: registers of the minMaxLoc and countNonZero kernels (8-bit, as clreduce
# builds them), then the clx minMaxLoc rows of opencv_perf_clreduce with the tree
# before (.carry/gpu, the build of ab3440d's clreduce) and after (.carry/new: the
# clreduce library and binaries of the change), three passes in turn; then the
# clreduce tests on the GPU with the change.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
( . perf/opencl/reduce_kernel_times.sh   # in a subshell: it sets G and N of its own
  for o in "$MINMAXLOC_8U -D UNROLL=2" "$COUNT_8U -D UNROLL=4"; do
    NV=1 /tmp/rkt "$o" 1048576 1056 2>&1 | grep -i 'registers\|spill\|median' | head -4
  done ) > $T/registers.txt 2>&1
F=''; for i in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 28; do F="$F:MinMaxLocPerf_minMaxLoc.minMaxLoc/$i"; done; F=${F#:}
for pass in a b c; do
  perf before_$pass clreduce $G/lib "$F" 20
  LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 100 $C/new/bin/opencv_perf_clreduce --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/after_$pass.xml > $T/after_$pass.log 2>&1; echo "after_$pass rc $?"; pack
done
LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 300 $C/new/bin/opencv_test_clreduce --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clreduce_one_gpu.log 2>&1; echo "tests one GPU rc $?"
tail -3 $T/tests_clreduce_one_gpu.log
pack
