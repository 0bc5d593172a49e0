#!/bin/sh
# Run 2, the same machine right after run.sh: the host (lscpu, NUMA nodes), the
# pinned copies of one and both GPUs (perf/opencl/multi_device_copies.c), then the
# host sums on 16 (this commit), 24 and 32 threads, four passes in turn, and a third
# pass of every pinned MultiGpu row of the three perf binaries.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
(lscpu; cat /sys/devices/system/node/node*/cpulist) > $T/host.txt 2>&1
cc -O2 perf/opencl/multi_device_copies.c -lOpenCL -lpthread -o /tmp/mdc 2>> $T/host.txt && /tmp/mdc > $T/multi_device_copies.txt 2>&1; echo "copies rc $?"
for pass in d e f g; do
  perf head_${pass}_integral clintegral $G/lib "$P2"
  envperf t24_${pass}_integral clintegral $C/var:$G/lib "$P2" CLX_TMP_SUM_THREADS=24
  envperf t32_${pass}_integral clintegral $C/var:$G/lib "$P2" CLX_TMP_SUM_THREADS=32
done
perf all_c_integral clintegral $G/lib "$P"
perf all_c_resize clresize $G/lib "$P"
perf all_c_reduce clreduce $G/lib "$R"
