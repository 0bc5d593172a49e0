#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine, with the build
# of this tree packed by scripts/pack-gpu.sh .carry/gpu and the clruntime library of
# the tree before (the Launcher keeping a call's UMats until the thread's next call)
# in .carry/before/lib. Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh tests    the tests of every module on GPU 0, and the multi-device and
#                      pinned-memory tests on both GPUs
#   sh run.sh P...     for each pass P, the calls that keep UMats (integral and
#                      cubic resize of UMats, small to large; the streamed integral
#                      and resize over one and two GPUs) with the library before
#                      and after, in turn, the order swapped between passes
set -u
. ./scripts/gpu-results-env.sh
I='IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/2'
I=$I:IntegralPerf_integral.integral/5:IntegralPerf_integral.integral/11:'MultiGpu*/4:MultiGpu*/6'
R='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/1'
R=$R:ResizeCubicPerf_resizeCubic.resizeCubic/2:'MultiGpu*/4:MultiGpu*/6'
for p in "$@"; do
  if [ "$p" = tests ]; then
    for m in clintegral clreduce clresize; do
      timeout 200 $G/bin/opencv_test_$m --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_$m.log 2>&1
      echo "tests $m rc $?: $(tail -n 1 $T/tests_$m.log)"
      CLX_TEST_DEVICES=2 timeout 200 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' \
        > $T/tests_${m}_two_gpus.log 2>&1
      echo "tests $m two GPUs rc $?: $(tail -n 1 $T/tests_${m}_two_gpus.log)"
    done
    pack; continue
  fi
  beforeAfter integral clintegral "$I" $p
  beforeAfter resize clresize "$R" $p
done
