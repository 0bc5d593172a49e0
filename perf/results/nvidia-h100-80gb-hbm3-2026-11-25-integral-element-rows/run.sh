#!/bin/sh
# Run from the repository root on the GPU machine. .carry/gpu: scripts/pack-gpu.sh with element_rows.patch
# applied but without its last hunk (blocksRpr / 2: 4 rows a scan); .carry/before: the clintegral library
# without the patch; .carry/v4: with the whole patch (2 rows a scan). All built the same way, stripped.
set -u
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu; T=/tmp/o; mkdir -p $T
for v in before v4; do mkdir -p /tmp/$v && cp -a $G/lib /tmp/$v/ && cp -a .carry/$v/* /tmp/$v/lib/; done
P=IntegralPerf_integral.integral
F="$P/0:$P/4"
for r in 1 2; do
  for b in before rpr4 rpr2; do
    L=$G/lib; [ $b = before ] && L=/tmp/before/lib; [ $b = rpr2 ] && L=/tmp/v4/lib
    LD_LIBRARY_PATH=$L CLX_PERF_KERNEL_TIME=1 $G/bin/opencv_perf_clintegral --gtest_filter="$F" --gtest_output=xml:$T/${b}_run$r.xml > $T/${b}_run$r.txt 2>&1
  done
done
tar czf ${OUT:-.}/out.tgz -C $T .
