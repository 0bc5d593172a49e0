#!/bin/sh
# What runs 1-9 share, sourced by each from the repository root on the GPU machine
# (the build packed in .carry/gpu by scripts/pack-gpu.sh). `cases N...` picks clx
# cases of opencv_perf_clintegral; `run LABEL [VAR=VALUE...]` runs them with those
# variables set (the temporary switches of each run), 20 samples, kernel times on,
# and shows each case's kernel times. LIBS: the library path (default $G/lib).
rm -rf /tmp/o   # (not in runs 1-6: runs 2 and 5 found the files of runs 1 and 4)
. perf/results/nvidia-h200-x2-2026-11-26-multi-device-threads/common.sh
export CLX_PERF_KERNEL_TIME=1
cases() { F=$(printf 'IntegralPerf_integral.integral/%s:' "$@"); }
run() {
  name=$1; shift
  env "$@" LD_LIBRARY_PATH=${LIBS:-$G/lib} timeout 200 $G/bin/opencv_perf_clintegral --gtest_filter="$F" \
    --perf_force_samples=20 --gtest_output=xml:$T/$name.xml > $T/$name.log 2>&1; echo "$name rc $?"
  grep -h "RUN\|KERNELS" $T/$name.log | sed "s/.*GetParam() = //"
}
# before_after PASSES...: the tree before (its library in .carry/base) and after, in
# turn, each pass.
before_after() {
  for pass in "$@"; do
    LIBS=$C/base:$G/lib; run before_$pass
    LIBS=$G/lib; run after_$pass
    pack
  done
}
# variants PASSES LABEL[:VAR=VALUE[,VAR=VALUE...]]...: each variant's run in turn,
# each pass (a value may hold spaces, not commas).
variants() {
  passes=$1; shift
  for pass in $passes; do
    for v in "$@"; do
      label=${v%%:*}
      if [ "$label" = "$v" ]; then
        run ${label}_$pass
      else
        assignments=${v#*:}
        saved_ifs=$IFS; IFS=,; set -f
        run ${label}_$pass $assignments
        set +f; IFS=$saved_ifs
      fi
    done
    pack
  done
}
