#!/bin/sh
# From the repository root on a machine of one NVIDIA GPU: the build of 3c7e9df
# packed by scripts/pack-gpu.sh in .carry/gpu, and the same tree with the
# temporary switch of switches.patch (CLX_TMP_RESIZE_RAMP) packed in .carry/gpusw.
# Set-up and outputs: scripts/gpu-results-env.sh. Outputs of this run: switch/.
#   1. clintegral's tilted-sum tests on the GPU, on one context and over two
#      contexts of it (3c7e9df's OpenCL C change had run on PoCL only);
#   2. for each pass P, in turn (the order rotated every pass): cubic x2 of pinned
#      host images on a set of one GPU (rows gpus_1_pinned, 10240x10240 and
#      20480x20480) with the tree's uniform bands (tree), and with the switch's
#      first round of bands (l), last round (t) or both (lt) half the others' height.
set -u
. ./scripts/gpu-results-env.sh
timeout 200 $G/bin/opencv_test_clintegral --gtest_filter='*ilted*:-*MultiDevice*:*SmallWorkGroups*:*NoDeviceBuffer*:*BigImage*' \
  --gtest_output=xml:$T/tilted.xml > $T/tilted.log 2>&1
echo "tilted rc $?"; tail -n 1 $T/tilted.log
CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2 timeout 170 $G/bin/opencv_test_clintegral \
  --gtest_filter='*MultiDevice*ilted*' --gtest_output=xml:$T/tilted_multi_context.xml > $T/tilted_multi_context.log 2>&1
echo "tilted multi-context rc $?"; tail -n 1 $T/tilted_multi_context.log
pack
R='MultiGpu*/4:MultiGpu*/5'
variant() {
  case $1 in
    tree) perfrun ${2}_tree clresize "$R" --perf_force_samples=10 ;;
    *) export LD_LIBRARY_PATH=$PWD/.carry/gpusw/lib
       CLX_TMP_RESIZE_RAMP=$1 perfrun ${2}_$1 clresize "$R" --perf_force_samples=10
       export LD_LIBRARY_PATH=$G/lib ;;
  esac
}
inTurn "tree l t lt" ${PASSES:-1 2 3 4 5}
