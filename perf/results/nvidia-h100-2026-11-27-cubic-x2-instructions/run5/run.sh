#!/bin/sh
# One H100: the committed interior path (x2_interior) against the tree before it.
# Kernel-only times of the general kernel (no options: the kernel before), the
# interior path with NVIDIA's dp2a (as the library builds it on NVIDIA) and with the
# portable sums; then the clx resize rows of the perf binary, before (.carry/gpu,
# switches off) and after (.carry/new), three passes in turn, and OpenCV's OpenCL
# rows once; then the clresize tests of the new tree on the GPU.
. perf/results/nvidia-h100-2026-11-27-cubic-x2-instructions/common.sh
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
V0="" V1="-D X2_MIRRORED -D X2_DP2A" V2="-D X2_MIRRORED"
for i in 0 1 2; do eval v=\$V$i; sass k$i "$v"; done > $T/sass.txt 2>&1; pack
for round in 1 2; do
  for i in 0 1 2; do eval v=\$V$i; kt "r$round k$i 4096" "$v" 8 4096 4096; kt "r$round k$i 1280" "$v" 4 1280 1280; done
done > $T/kernel_times.txt 2>&1; pack
F=''; for i in 0 1 2 3 4 5; do F="$F:ResizeCubicPerf_resizeCubic.resizeCubic/$i"; done; F=${F#:}
before_after "$F"
O6=''; for i in 6 7 8 9 10 11; do O6="$O6:ResizeCubicPerf_resizeCubic.resizeCubic/$i"; done
perf ocv clresize $G/lib "${O6#:}" 20
LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 300 $C/new/bin/opencv_test_clresize --gtest_filter='-*NoDeviceBuffer*:*MultiDevice*:*BigImage*' > $T/tests_clresize_one_gpu.log 2>&1; echo "tests one GPU rc $?"
pack
