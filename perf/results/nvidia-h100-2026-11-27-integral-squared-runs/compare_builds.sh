#!/bin/sh
# What the runs of the integral's squared-sum folders do, on the GPU machine from
# the repository root with the packed builds in .carry (sourced by each folder's
# run.sh, which sets the variables): the clx rows of opencv_perf_clintegral's cases
# $CASES (numbers) with the perf binary in $BIN, each build of $BUILDS ("label:
# library folder ...") in turn, three passes, 20 samples, kernel times on; then the
# clintegral tests on the GPU with the library in $TESTED, and medians.py's table.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F=''; for i in $CASES; do F="$F:IntegralPerf_integral.integral/$i"; done; F=${F#:}
run() { LD_LIBRARY_PATH=$2:$G/lib timeout 120 $BIN/opencv_perf_clintegral --gtest_filter="$F" --perf_force_samples=20 --gtest_output=xml:$T/$1.xml > $T/$1.log 2>&1; echo "$1 rc $?"; pack; }
for pass in a b c; do
  for b in $BUILDS; do
    run ${b%%:*}_$pass ${b#*:}
  done
done
LD_LIBRARY_PATH=$TESTED:$G/lib timeout 280 $BIN/opencv_test_clintegral --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*' > $T/tests_clintegral.log 2>&1; echo "tests rc $?"
tail -3 $T/tests_clintegral.log
python3 perf/results/nvidia-h100-2026-11-27-integral-squared-runs/medians.py $(for b in $BUILDS; do echo $T/${b%%:*}_?.xml; done)
pack
