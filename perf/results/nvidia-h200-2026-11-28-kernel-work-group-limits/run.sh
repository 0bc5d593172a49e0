#!/bin/sh
# One GPU, from the repository root on the GPU machine, with the build of this tree
# packed by scripts/pack-gpu.sh .carry/gpu and the clx libraries of the tree before
# (the reductions' first membar.gl build, otherwise 91125cc) in .carry/before/lib.
# Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh     the three test binaries on the GPU, then the rows of each module
#                 with the libraries before and after, in turn, the order swapped
#                 between passes
#   sh run.sh tests   (two GPUs) the clintegral tests on GPU 0, the multi-device
#                 tests of clintegral and clreduce on both
#   sh run.sh sum     three reduction rows with the clreduce library of b506395
#                 (.carry/base/lib, no device-wide fence), the libraries before
#                 (.carry/before/lib) and this tree's, in turn, six passes, the
#                 order rotated between passes
#   sh run.sh cached  the tree of 1058d9d (.carry/gpu) against its clruntime of
#                 998e242, kernel limits kept per kernel (.carry/var/lib), in turn,
#                 six passes of reduction, integral and resize rows
set -u
. ./scripts/gpu-results-env.sh
if [ "${1:-}" = tests ]; then
  timeout 260 $G/bin/opencv_test_clintegral --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests2_clintegral.log 2>&1
  echo "tests clintegral rc $?"; tail -n 1 $T/tests2_clintegral.log; pack
  for m in clintegral clreduce; do
    CLX_TEST_DEVICES=2 timeout 160 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests2_${m}_two_gpus.log 2>&1
    echo "tests $m two GPUs rc $?"; tail -n 1 $T/tests2_${m}_two_gpus.log; pack
  done
  exit 0
fi
if [ "${1:-}" = cached ]; then
  RR=SumPerf_sum.sum/12:SumPerf_sum.sum/0:CountNonZeroPerf_countNonZero.countNonZero/0:MinMaxLocPerf_minMaxLoc.minMaxLoc/0
  for p in s t u v w x; do
    case $p in s|u|w) order="asked kept";; *) order="kept asked";; esac
    for v in $order; do
      if [ $v = kept ]; then export LD_LIBRARY_PATH=$PWD/.carry/var/lib:$G/lib; else export LD_LIBRARY_PATH=$G/lib; fi
      perfrun ${p}_reduce_$v clreduce "$RR"
      perfrun ${p}_integral_$v clintegral IntegralPerf_integral.integral/2
      perfrun ${p}_resize_$v clresize ResizeCubicPerf_resizeCubic.resizeCubic/1
    done
  done
  exit 0
fi
if [ "${1:-}" = sum ]; then
  R=SumPerf_sum.sum/12:CountNonZeroPerf_countNonZero.countNonZero/6:SumPerf_sum.sum/0
  for p in m n o p q r; do
    case $p in m|p) order="nofence before after";; n|q) order="before after nofence";; *) order="after nofence before";; esac
    for v in $order; do
      case $v in
        nofence) export LD_LIBRARY_PATH=$PWD/.carry/base/lib:$G/lib;;
        before) export LD_LIBRARY_PATH=$PWD/.carry/before/lib:$G/lib;;
        after) export LD_LIBRARY_PATH=$G/lib;;
      esac
      perfrun ${p}_sum_$v clreduce "$R"
    done
  done
  exit 0
fi
for m in clintegral clreduce clresize; do
  timeout 200 $G/bin/opencv_test_$m --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests_$m.log 2>&1
  echo "tests $m rc $?"; tail -n 1 $T/tests_$m.log; pack
done
RR=CountNonZeroPerf_countNonZero.countNonZero/0:CountNonZeroPerf_countNonZero.countNonZero/6
RR=$RR:SumPerf_sum.sum/0:SumPerf_sum.sum/1:SumPerf_sum.sum/12
RR=$RR:MinMaxLocPerf_minMaxLoc.minMaxLoc/0:MinMaxLocPerf_minMaxLoc.minMaxLoc/12
RI=IntegralPerf_integral.integral/0:IntegralPerf_integral.integral/1:IntegralPerf_integral.integral/2:IntegralPerf_integral.integral/5
RZ=ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/1:ResizeCubicPerf_resizeCubic.resizeCubic/3
run() {   # run PASS before|after
  if [ $2 = before ]; then export LD_LIBRARY_PATH=$PWD/.carry/before/lib:$G/lib; else export LD_LIBRARY_PATH=$G/lib; fi
  perfrun ${1}_reduce_$2 clreduce "$RR"
  perfrun ${1}_integral_$2 clintegral "$RI"
  perfrun ${1}_resize_$2 clresize "$RZ"
}
for p in a b c d; do
  case $p in a|c) run $p before; run $p after;; *) run $p after; run $p before;; esac
done
