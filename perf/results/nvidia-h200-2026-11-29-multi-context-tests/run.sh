# From the repository root on a machine of one NVIDIA GPU, the build packed by
# scripts/pack-gpu.sh in .carry/gpu1: the multi-device and band-stream tests over a
# set of two OpenCL contexts of the one GPU. With `rerun`, only devicesOfOneContext.
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU: LD_LIBRARY_PATH=$PWD/.carry/gpu1/lib CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2
B=.carry/gpu1/bin
if [ "${1:-}" = rerun ]; then
  for m in clintegral clresize; do
    timeout 250 $B/opencv_test_$m --gtest_filter='*MultiDevice*devicesOfOneContext*' --gtest_output=xml:$OUT/${m}_one_context.xml > $OUT/${m}_one_context.log 2>&1
    echo "$m rc $?"
  done
  exit
fi
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/gpu.txt
for m in clintegral clresize clreduce; do
  timeout 170 $B/opencv_test_$m --gtest_filter='*MultiDevice*:*BandStream*' --gtest_output=xml:$OUT/${m}_multi_context.xml > $OUT/${m}_multi_context.log 2>&1
  echo "$m rc $?"
done
