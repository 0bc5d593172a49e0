#!/bin/sh
# What both runs here do, on the GPU machine from the repository root (sourced by
# run*/run.sh; the builds are described there).
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
F=''; for i in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do F="$F:MinMaxLocPerf_minMaxLoc.minMaxLoc/$i"; done; F=${F#:}
run() { LD_LIBRARY_PATH=$2:$G/lib timeout 100 $3/opencv_perf_clreduce --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"; pack; }
for pass in a b c; do
  run before_$pass $G/lib $G/bin
  run after_$pass $C/new/lib $C/new/bin
  run all4_$pass $C/new2/lib $C/new/bin
done
LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 300 $C/new/bin/opencv_test_clreduce --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clreduce_one_gpu.log 2>&1; echo "tests one GPU rc $?"
tail -3 $T/tests_clreduce_one_gpu.log
pack
