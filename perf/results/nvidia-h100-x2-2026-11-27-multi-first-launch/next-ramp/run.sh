#!/bin/sh
# Not run yet: lead bands over two rounds (ramp.patch: each device's first band a
# quarter, its second half the others' height; passes the PoCL multi-device tests)
# against the kept lead bands. Build each and pack (scripts/pack-gpu.sh .carry/gpu for
# the tree, the ramp's libopencv_clintegral in .carry/ramp), then on the GPU machine:
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
passes "a b c d" integral clintegral "$P" lead:$G/lib ramp:$C/ramp:$G/lib
