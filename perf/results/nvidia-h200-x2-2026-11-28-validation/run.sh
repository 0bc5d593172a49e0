#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine, with the build
# of this tree packed by scripts/pack-gpu.sh .carry/gpu and the clresize library
# of the tree before the float resize's sign of zero (dd8ae48) in .carry/base/lib.
# Logs and XML in $OUT/out.tgz (a call brings back a few files only).
#   sh run.sh tests        the test binaries on GPU 0 and the multi-device ones on
#                          both; float resize before/after; the rows that were noisy
#   sh run.sh passes P...  issue 15's pinned rows (one GPU and two), one pass each
#   sh run.sh resize       the float resize rows again, the library after first
#                          in passes d and f, before first in e and g
set -u
T=/tmp/o; mkdir -p $T
pack() { tar czf $OUT/out.tgz -C $T .; }
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu
export LD_LIBRARY_PATH=$G/lib
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1
nproc >> $T/gpu.txt
perf() { # $1 name, $2 module, $3 filter, then more arguments
  n=$1 m=$2 f=$3; shift 3
  timeout 150 $G/bin/opencv_perf_$m --gtest_filter="$f" --gtest_output=xml:$T/$n.xml "$@" > $T/$n.log 2>&1
  echo "$n rc $?"; pack
}
if [ "$1" = tests ]; then
  for m in clintegral clreduce clresize; do
    timeout 170 $G/bin/opencv_test_$m --gtest_filter=-*NoDeviceBuffer*:*MultiDevice* > $T/tests_$m.log 2>&1
    echo "tests $m rc $?"; tail -n 1 $T/tests_$m.log; pack
    CLX_TEST_DEVICES=2 timeout 120 $G/bin/opencv_test_$m --gtest_filter='*MultiDevice*:*Pinned*' > $T/tests_${m}_two_gpus.log 2>&1
    echo "tests $m two GPUs rc $?"; tail -n 1 $T/tests_${m}_two_gpus.log; pack
  done
  # Float resize (resizeCubic/3: 32FC1 4096x4096 -> 2048x2048, the tiled kernel;
  # /5: 32FC1 x2, unchanged code) and 8-bit x2 (/0, unchanged), the library before
  # and after in turn.
  R='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/3:ResizeCubicPerf_resizeCubic.resizeCubic/5'
  for p in a b c; do
    LD_LIBRARY_PATH=$PWD/.carry/base/lib:$G/lib perf ${p}_resize_before clresize "$R"
    perf ${p}_resize_after clresize "$R"
  done
  # The two rows of the last comparison whose samples spread by 29% and 58%.
  for p in a b c; do
    perf ${p}_noisy_sum clreduce 'SumPerf_sum.sum/9'
    perf ${p}_noisy_tilted clintegral 'IntegralPerf_integral.integral/11'
  done
elif [ "$1" = resize ]; then
  R='ResizeCubicPerf_resizeCubic.resizeCubic/0:ResizeCubicPerf_resizeCubic.resizeCubic/3:ResizeCubicPerf_resizeCubic.resizeCubic/5'
  for p in d e f g; do
    case $p in d|f) order="after before";; *) order="before after";; esac
    for w in $order; do
      if [ $w = before ]; then LD_LIBRARY_PATH=$PWD/.carry/base/lib:$G/lib perf ${p}_resize_before clresize "$R"
      else perf ${p}_resize_after clresize "$R"; fi
    done
  done
else
  shift
  P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
  Q='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
  for p in "$@"; do
    perf ${p}_integral clintegral "$P" --perf_force_samples=10
    perf ${p}_resize clresize "$P" --perf_force_samples=10
    perf ${p}_reduce clreduce "$Q" --perf_force_samples=10
  done
fi
