#!/bin/sh
# One GPU, from the repository root on the GPU machine, with the build of this tree
# packed by scripts/pack-gpu.sh .carry/gpu and the clreduce library of the tree
# before the device-wide fence (b506395) in .carry/base/lib. Set-up and outputs:
# scripts/gpu-results-env.sh.
#   sh run.sh     the reduce kernel's PTX with and without -D MEMBAR_GL (and its
#                 kernel-only times), the clreduce tests, then the reduction rows
#                 with the library before and after, in turn, the order swapped
#                 between passes
set -u
. ./scripts/gpu-results-env.sh
. perf/opencl/reduce_kernel_times.sh   # its G is the groups of an H100
GROUPS=$G; G=$PWD/.carry/gpu
for v in portable membar; do
  o="$SUM_8U -D UNROLL=4"; [ $v = membar ] && o="$o -D MEMBAR_GL"
  PTX=$T/sum_8u_$v.ptx /tmp/rkt "$o" $N $GROUPS > $T/kernel_times_$v.txt 2>&1
  echo "$v rc $?: $(grep -c 'membar' $T/sum_8u_$v.ptx) membar lines: $(grep -o 'membar[.a-z]*' $T/sum_8u_$v.ptx | sort | uniq -c | tr '\n' ' ')"
  tail -n 2 $T/kernel_times_$v.txt
done
pack
timeout 200 $G/bin/opencv_test_clreduce --gtest_filter=-*NoDeviceBuffer*:*MultiDevice*:*SmallWorkGroups* > $T/tests_clreduce.log 2>&1
echo "tests clreduce rc $?"; tail -n 1 $T/tests_clreduce.log; pack
R=CountNonZeroPerf_countNonZero.countNonZero/0:CountNonZeroPerf_countNonZero.countNonZero/4:CountNonZeroPerf_countNonZero.countNonZero/6
R=$R:SumPerf_sum.sum/0:SumPerf_sum.sum/8:SumPerf_sum.sum/12:SumPerf_sum.sum/13
R=$R:MinMaxLocPerf_minMaxLoc.minMaxLoc/0:MinMaxLocPerf_minMaxLoc.minMaxLoc/8:MinMaxLocPerf_minMaxLoc.minMaxLoc/12:MinMaxLocPerf_minMaxLoc.minMaxLoc/14
before() { LD_LIBRARY_PATH=$PWD/.carry/base/lib:$G/lib perfrun ${1}_before clreduce "$R"; }
after() { perfrun ${1}_after clreduce "$R"; }
for p in a b c d; do
  case $p in a|c) before $p; after $p;; *) after $p; before $p;; esac
done
