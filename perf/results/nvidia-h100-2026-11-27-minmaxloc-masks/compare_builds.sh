#!/bin/sh
# What the runs here do, on the GPU machine from the repository root (sourced by
# run*/run.sh; the builds are described there): the clx minMaxLoc rows of
# opencv_perf_clreduce (20 samples) with each build of $BUILDS ("label:libraries:
# binaries ...", default runs 1 and 2's before, after and all4) in turn, three
# passes; then the clreduce tests on the GPU with the second build.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
BUILDS=${BUILDS:-"before:$G/lib:$G/bin after:$C/new/lib:$C/new/bin all4:$C/new2/lib:$C/new/bin"}
F=''; for i in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do F="$F:MinMaxLocPerf_minMaxLoc.minMaxLoc/$i"; done; F=${F#:}
run() { LD_LIBRARY_PATH=$2:$G/lib timeout 100 $3/opencv_perf_clreduce --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"; pack; }
for pass in a b c; do
  for b in $BUILDS; do
    IFS=: read label lib bin <<END
$b
END
    run ${label}_$pass $lib $bin
  done
done
second=$(echo $BUILDS | cut -d' ' -f2); lib=$(echo $second | cut -d: -f2); bin=$(echo $second | cut -d: -f3)
LD_LIBRARY_PATH=$lib:$G/lib timeout 300 $bin/opencv_test_clreduce --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clreduce_one_gpu.log 2>&1; echo "tests one GPU rc $?"
tail -3 $T/tests_clreduce_one_gpu.log
pack
