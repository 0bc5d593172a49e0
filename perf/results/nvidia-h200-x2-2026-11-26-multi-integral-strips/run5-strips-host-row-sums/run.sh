#!/bin/sh
# Column strips whose sums left of each strip come from a host thread summing the
# source's rows (no read-back, no wait for the other device). .carry/final: 76e07e7
# (row bands with the host's column sums); .carry/hs64: strips in bands of 64 MB,
# with the test binary; .carry/hs16: pinned images in bands of 16 MB.
. perf/results/nvidia-h200-x2-2026-11-26-multi-integral-strips/common.sh
passes "a b c" integral clintegral "$P" final:$C/final:$G/lib hs64:$C/hs64:$G/lib hs16:$C/hs16:$G/lib
passes d integral clintegral 'MultiGpu*/0:MultiGpu*/1:MultiGpu*/2:MultiGpu*/3' final:$C/final:$G/lib hs64:$C/hs64:$G/lib
tests_two_gpus $C/hs16:$G/lib $C/hs64 clintegral
