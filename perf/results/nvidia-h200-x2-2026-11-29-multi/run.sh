#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: this tree's
# build packed by scripts/pack-gpu.sh in .carry/gpu, and the same tree with the
# temporary switches of ../nvidia-h200-x2-2026-11-28-integral-lead-height/run5/switches.patch
# packed in .carry/gpusw. Set-up and outputs: scripts/gpu-results-env.sh.
#   sh run.sh tests        every module's multi-device, pinned and band-stream tests
#                          on both GPUs
#   sh run.sh passes P...  for each pass P, in turn (the order rotated every pass):
#                          the tree's pinned rows of issue 15 (one GPU and two) of the
#                          three modules (tree), and the integral's two-GPU rows with
#                          the switched build: lead bands of 2 quarters in an even
#                          band count (q2) and each device's first band downloaded
#                          whole ahead of the next band's kernels (w)
#   sh run.sh final P...   after q2 became the tree's (lead bands of half the height
#                          across devices), with that tree packed in .carry/gpu: the
#                          tests as above, then the tree's rows for each pass P
#                          (with a later tree: resize's halved first and last
#                          rounds, ../nvidia-h200-2026-11-29-resize-ramp/, too)
set -u
. ./scripts/gpu-results-env.sh
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
TWO='MultiGpuIntegralPerf_integral.integral/6:MultiGpuIntegralPerf_integral.integral/7'
Q='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
switched() {
  G=$PWD/.carry/gpusw; export LD_LIBRARY_PATH=$G/lib
  perfrun "$@"
  G=$PWD/.carry/gpu; export LD_LIBRARY_PATH=$G/lib
}
variant() {
  case $1 in
    tree) perfrun ${2}_integral clintegral "$P" --perf_force_samples=10
          perfrun ${2}_resize clresize "$P" --perf_force_samples=10
          perfrun ${2}_reduce clreduce "$Q" --perf_force_samples=10 ;;
    q2) CLX_TMP_LEAD_QUARTERS=2 switched ${2}_q2 clintegral "$TWO" --perf_force_samples=10 ;;
    w) CLX_TMP_FIRST_BAND_HEAD_WHOLE=1 switched ${2}_w clintegral "$TWO" --perf_force_samples=10 ;;
  esac
}
tests() {
  for m in clintegral clreduce clresize; do
    CLX_TEST_DEVICES=2 timeout 150 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*:*BandStream*' \
      --gtest_output=xml:$T/tests_${m}_two_gpus.xml > $T/tests_${m}_two_gpus.log 2>&1
    echo "tests $m two GPUs rc $?"; tail -n 1 $T/tests_${m}_two_gpus.log; pack
  done
}
case $1 in
  tests) tests ;;
  final) shift; tests; for p in "$@"; do variant tree $p; done ;;
  *) shift; inTurn "tree q2 w" "$@" ;;
esac
