#!/bin/sh
# perf/opencl/readback_order.c on the first GPU, 48, 12 and 48 MiB downloads.
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $OUT/gpu.txt 2>&1
cc -O2 -Wall perf/opencl/readback_order.c -lOpenCL -o /tmp/ro
for m in 48 12 48; do echo "== $m MiB"; timeout 60 /tmp/ro gpu $m; echo "rc $?"; done 2>&1 | tee $OUT/readback_order.txt
