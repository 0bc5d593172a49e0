#!/bin/sh
# What the runs here share, on the GPU machine from the repository root (sourced by
# each run's run.sh): the preamble of the previous folder's runs (perf, pack, $C,
# $G, $T, $P pinned rows, $R pinned reduction rows), then:
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh

# passes "a b c" op binary filter name:libs...: in each pass, `perf` of each library
# set in turn (name_pass_op.xml).
passes() {
  ps=$1 op=$2 bin=$3 filter=$4; shift 4
  for pass in $ps; do
    for v in "$@"; do perf ${v%%:*}_${pass}_$op $bin "${v#*:}" "$filter"; done
  done
}

# tests_two_gpus libs tests modules...: the multi-device and pinned tests of each
# module on both GPUs, with the test binaries in `tests`.
tests_two_gpus() {
  libs=$1 tests=$2; shift 2
  for m in "$@"; do
    CLX_TEST_DEVICES=2 LD_LIBRARY_PATH=$libs timeout 200 $tests/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1; echo "tests $m rc $?"
  done
  pack
}
