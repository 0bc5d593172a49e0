#!/bin/sh
# What the runs here share, on the GPU machine from the repository root (sourced by
# each run's run.sh): the preamble of the earlier runs (perf, pack, $C, $G, $T), then:
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh

# kt label "options" rows width height: kernel-only time of resize_cubic_x2 (8U, one
# channel, 8 pixels a work-item) built with the temporary switches in "options".
O="-D srcT=uchar -D CN=1 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=8 -D X2_ELEMS=8 -D TAP_OFFSETS=0x43322110u -D WINDOW_BYTES=8"
kt() { printf '%s ' "$1"; $T/ckt resize_cubic_x2 "$O -D X2_ROWS=$3 $2" 8 $3 32 4 $4 $5 2>&1 | tail -1; }
# sass label "options": registers and the SASS of the 4096x4096 kernel, instructions
# counted by kind.
sass() {
  NV=1 PTX=$T/$1.ptx $T/ckt resize_cubic_x2 "$O -D X2_ROWS=8 $2" 8 8 32 4 4096 4096 > $T/$1_build.txt 2>&1
  tr -d '\000' < $T/$1.ptx > $T/$1.ptx.txt && mv $T/$1.ptx.txt $T/$1.ptx   # the binary ends in a NUL
  if [ -x /usr/local/cuda/bin/ptxas ]; then
    /usr/local/cuda/bin/ptxas -arch=sm_90 -O3 $T/$1.ptx -o $T/$1.cubin 2>> $T/$1_build.txt &&
    /usr/local/cuda/bin/cuobjdump -sass $T/$1.cubin > $T/$1.sass 2>&1
    printf '%s: %s SASS lines, ' "$1" "$(grep -c '/\*[0-9a-f]*\*/' $T/$1.sass)"
    grep -o '/\*[0-9a-f]*\*/ *[A-Z0-9._]*' $T/$1.sass | awk '{print $2}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -14 | tr '\n' ' '; echo
  fi
  grep -i 'registers\|spill' $T/$1_build.txt | head -3
}
# envperf name binary libs filter VAR=value...: perf with temporary switches set.
envperf() {
  n=$1 b=$2 l=$3 f=$4; shift 4
  env "$@" sh -c "LD_LIBRARY_PATH=$l timeout 100 $G/bin/opencv_perf_$b --gtest_filter='$f' --perf_force_samples=10 --gtest_output=xml:$T/$n.xml > $T/$n.log 2>&1"; echo "$n rc $?"
  pack
}

# before_after filter: the clx rows of `filter` from .carry/gpu (before) and from the
# clresize library and binaries in .carry/new (after), three passes in turn.
before_after() {
  for pass in a b c; do
    perf before_$pass clresize $G/lib "$1" 20
    LD_LIBRARY_PATH=$C/new/lib:$G/lib timeout 100 $C/new/bin/opencv_perf_clresize --gtest_filter="$1" --perf_force_samples=20 --gtest_output=xml:$T/after_$pass.xml > $T/after_$pass.log 2>&1; echo "after_$pass rc $?"; pack
  done
}
