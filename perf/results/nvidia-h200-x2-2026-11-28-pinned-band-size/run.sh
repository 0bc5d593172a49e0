#!/bin/sh
# Two GPUs of one host, from the repository root on the GPU machine: issue 15's
# pinned rows of cubic resize and the reductions (one GPU and two, 10240x10240 and
# 20480x20480) with the streamed bands of pinned images at 16 MiB (the tree's
# MAX_PINNED_BAND_BYTES), 8 and 4 MiB, through a temporary switch
# (CLX_TMP_PINNED_BAND_MB, band-size-switch.patch, in the clruntime library in
# .carry/var2/lib, not in the tree), in turn. Build packed by scripts/pack-gpu.sh
# .carry/gpu. Logs and XML in $OUT/out.tgz.
#   sh run.sh P...     one pass of every size for each P (resize; the reductions
#                      in passes named r*)
set -u
T=/tmp/o; rm -rf $T; mkdir -p $T
pack() { tar czf $OUT/out.tgz -C $T .; }
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu
export LD_LIBRARY_PATH=$PWD/.carry/var2/lib:$G/lib
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1
nproc >> $T/gpu.txt
P='MultiGpu*/4:MultiGpu*/5:MultiGpu*/6:MultiGpu*/7'
Q='MultiGpu*/12:MultiGpu*/13:MultiGpu*/14:MultiGpu*/15:MultiGpu*/16:MultiGpu*/17:MultiGpu*/18:MultiGpu*/19:MultiGpu*/20:MultiGpu*/21:MultiGpu*/22:MultiGpu*/23'
for p in "$@"; do
  case $p in r*) m=clreduce f=$Q;; *) m=clresize f=$P;; esac
  for mb in 16 8 4; do
    CLX_TMP_PINNED_BAND_MB=$mb timeout 100 $G/bin/opencv_perf_$m --gtest_filter="$f" --perf_force_samples=10 \
      --gtest_output=xml:$T/${p}_${mb}mb.xml > $T/${p}_${mb}mb.log 2>&1
    echo "$p $m ${mb} MiB rc $?"; pack
  done
done
