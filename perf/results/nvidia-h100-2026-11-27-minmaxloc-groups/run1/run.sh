#!/bin/sh
# One H100, kernel-only event times (median of 50): minMaxLoc of 8-bit data over
# groups and chunks a loop trip, with ablations (ablations.patch: ABL_NO_LANE_OF
# keeps the chunk number for the index, ABL_NO_TAIL ends after the work-item's
# result, no group or grid combine), min/max without locations and countNonZero
# for reference; then the cubic x2 interior path built with -cl-nv-maxrregcount.
D=perf/results/nvidia-h100-2026-11-27-minmaxloc-groups
T=/tmp/o; mkdir -p $T
. perf/opencl/reduce_kernel_times.sh $D/ablations.patch
nvidia-smi --query-gpu=name,driver_version --format=csv > $T/gpu.txt 2>&1
pack() { tar czf $OUT/out.tgz -C $T .; }
NOLOC=$(echo "$MINMAXLOC_8U" | sed 's/ -D NEED_LOC//')
for d in random ramp; do
  N=67108864
  for g in 1056 528 264 132; do for u in 1 2 4 8; do
    G=$g; t "$d loc g$g u$u" "$MINMAXLOC_8U -D UNROLL=$u"
  done; done
  G=1056; t "$d loc g1056 u2 no_lane_of" "$MINMAXLOC_8U -D UNROLL=2 -D ABL_NO_LANE_OF"
  t "$d loc g1056 u2 no_tail" "$MINMAXLOC_8U -D UNROLL=2 -D ABL_NO_TAIL"
  t "$d loc g1056 u2 no_lane_of no_tail" "$MINMAXLOC_8U -D UNROLL=2 -D ABL_NO_LANE_OF -D ABL_NO_TAIL"
  G=264; t "$d loc g264 u4 no_tail" "$MINMAXLOC_8U -D UNROLL=4 -D ABL_NO_TAIL"
  for g in 1056 264; do for u in 2 4; do G=$g; t "$d noloc g$g u$u" "$NOLOC -D UNROLL=$u"; done; done
  G=1056; t "$d noloc g1056 u2 no_tail" "$NOLOC -D UNROLL=2 -D ABL_NO_TAIL"
  for g in 1056 264; do G=$g; t "$d count g$g u4" "$COUNT_8U -D UNROLL=4"; done
  G=1056; t "$d count g1056 u4 no_tail" "$COUNT_8U -D UNROLL=4 -D ABL_NO_TAIL"
  for g in 1056 528 264; do for u in 2 4; do G=$g; N=16777216; t "$d 4096 loc g$g u$u" "$MINMAXLOC_8U -D UNROLL=$u"; done; done
done > $T/reduce_times.txt 2>&1
pack
cc -O2 perf/opencl/cubic_kernel_times.c -lOpenCL -o $T/ckt
O="-D srcT=uchar -D CN=1 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=8 -D X2_ELEMS=8 -D TAP_OFFSETS=0x43322110u -D WINDOW_BYTES=8 -D X2_MIRRORED -D X2_DP2A"
for round in 1 2; do
  for r in none 96 80 72 64; do
    X=""; [ $r = none ] || X="-cl-nv-maxrregcount=$r"
    for s in "8 4096" "4 1280"; do set -- $s
      printf "r$round maxrreg $r rows$1 $2 "; NV=1 $T/ckt resize_cubic_x2 "$O -D X2_ROWS=$1 $X" 8 $1 32 4 $2 $2 > $T/ck.txt 2>&1
      grep -io 'used [0-9]* registers' $T/ck.txt | head -1 | tr '\n' ' '; grep -io '[0-9]* bytes spill[^,]*' $T/ck.txt | head -1 | tr '\n' ' '; tail -1 $T/ck.txt
    done
  done
done > $T/cubic_times.txt 2>&1
pack
