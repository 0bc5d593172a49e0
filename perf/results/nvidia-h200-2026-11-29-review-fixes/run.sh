# From the repository root on a machine of one NVIDIA GPU, the build packed by
# scripts/pack-gpu.sh in .carry/gpu1: the multi-device and band-stream tests over two
# OpenCL contexts of the GPU, and clreduce's tests of the reductions on the GPU alone.
# With `budgets`, the tests of the later fixes: the empty sources and budgets of the
# integral and resize, and again the multi-device tests over two contexts.
# Logs and XML into $OUT.
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU: LD_LIBRARY_PATH=$PWD/.carry/gpu1/lib
B=.carry/gpu1/bin
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/gpu.txt
if [ "${1:-}" = budgets ]; then
  for m in clintegral clresize; do
    timeout 170 $B/opencv_test_$m --gtest_filter='*empty*:*Empty*' --gtest_output=xml:$OUT/${m}_empty.xml > $OUT/${m}_empty.log 2>&1
    echo "$m empty rc $?"
  done
fi
for m in clintegral clresize clreduce; do
  CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2 timeout 170 $B/opencv_test_$m --gtest_filter='*MultiDevice*:*BandStream*' \
    --gtest_output=xml:$OUT/${m}_multi_context.xml > $OUT/${m}_multi_context.log 2>&1
  echo "$m multi-context rc $?"
done
[ "${1:-}" = budgets ] && exit
timeout 200 $B/opencv_test_clreduce --gtest_filter='*MinMax*:*Sum*:*CountNonZero*:-*MultiDevice*:*NoDeviceBuffer*:*SmallWorkGroups*' \
  --gtest_output=xml:$OUT/clreduce.xml > $OUT/clreduce.log 2>&1
echo "clreduce rc $?"
