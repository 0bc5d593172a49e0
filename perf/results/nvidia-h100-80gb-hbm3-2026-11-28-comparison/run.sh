#!/bin/sh
# The comparison on one H100 with the tree of issue 14's close, in one call, from
# the repository root on the GPU machine: the build packed by scripts/pack-gpu.sh
# .carry/gpu (OpenCV 4.13.0 without its CUDA modules: no cv::cuda rows; building
# them there takes about 200 s of the device time left), every perf binary, the
# NPP/CUB baselines and clx_compare through scripts/gpu-run.sh, then the test
# binaries on this GPU. Logs, XML and tables in $OUT/out.tgz.
set -u
T=/tmp/o; rm -rf $T; mkdir -p $T
pack() { tar czf $OUT/out.tgz -C $T .; }
CLX_GPU_TESTS=0 ./scripts/gpu-run.sh .carry/gpu $T > $T/gpu-run.log 2>&1; echo "gpu-run rc $?"; pack
export LD_LIBRARY_PATH=$PWD/.carry/gpu/lib OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
for t in .carry/gpu/bin/opencv_test_cl*; do
  n=$(basename $t)
  timeout 200 $t --gtest_filter=-*NoDeviceBuffer*:*MultiDevice* > $T/$n.log 2>&1; echo "$n rc $?"; tail -n 1 $T/$n.log; pack
done
