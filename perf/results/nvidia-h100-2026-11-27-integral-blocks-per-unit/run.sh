#!/bin/sh
# Blocks a compute unit and rows loaded ahead in the integral's blocks kernel, on one
# GPU, from the repository root with the build packed in .carry/gpu (temporary
# switches CLX_INTEGRAL_BLOCKS_PER_CU and CLX_INTEGRAL_PREFETCH of switches.patch):
# clx rows of opencv_perf_clintegral's cases 0-8, 20 samples, kernel times on, two
# passes of each setting in turn; then medians.py's table.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
F=''; for i in 0 1 2 3 4 5 6 7 8; do F="$F:IntegralPerf_integral.integral/$i"; done; F=${F#:}
run() { # $1 label, then environment assignments
  name=$1; shift
  env "$@" LD_LIBRARY_PATH=$G/lib timeout 100 $G/bin/opencv_perf_clintegral --gtest_filter="$F" --perf_force_samples=20 \
    --gtest_output=xml:$T/$name.xml > $T/$name.log 2>&1; echo "$name rc $?"
}
for pass in a b; do
  for bpc in 2 4 8 16 32; do run bpc${bpc}_$pass CLX_INTEGRAL_BLOCKS_PER_CU=$bpc; done
  for bpc in 2 4 8; do run pf2_bpc${bpc}_$pass CLX_INTEGRAL_BLOCKS_PER_CU=$bpc CLX_INTEGRAL_PREFETCH=2; done
  for bpc in 2 8 16; do run pf1_bpc${bpc}_$pass CLX_INTEGRAL_BLOCKS_PER_CU=$bpc CLX_INTEGRAL_PREFETCH=1; done
  pack
done
python3 perf/results/nvidia-h100-2026-11-27-integral-squared-runs/medians.py $T/*_a.xml $T/*_b.xml > $T/medians.txt
pack
