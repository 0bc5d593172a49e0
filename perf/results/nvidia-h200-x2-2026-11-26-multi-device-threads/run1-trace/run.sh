#!/bin/sh
# .carry/trace: the libraries built with trace.patch, and perf/opencl/multi_device_copies.c.
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
for f in 12 18; do perf base_reduce_$f clreduce $G/lib "MultiGpu*/$f"; done
for f in 4 6; do perf base_resize_$f clresize $G/lib "MultiGpu*/$f"; done
for f in 5 7; do perf base_integral_$f clintegral $G/lib "MultiGpu*/$f"; done
export CLX_TRACE=1
for f in 12 18; do perf trace_reduce_$f clreduce $C/trace:$G/lib "MultiGpu*/$f" 5; done
for f in 4 6; do perf trace_resize_$f clresize $C/trace:$G/lib "MultiGpu*/$f" 5; done
for f in 5 7 6; do perf trace_integral_$f clintegral $C/trace:$G/lib "MultiGpu*/$f" 5; done
unset CLX_TRACE
timeout 60 $C/trace/opencl_multi_device_copies gpu 50 > $T/copies_50.txt 2>&1; echo copies rc $?
timeout 60 $C/trace/opencl_multi_device_copies gpu 200 > $T/copies_200.txt 2>&1; echo copies rc $?
pack
