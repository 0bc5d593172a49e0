# Sourced, from the repository root on a GPU machine, by the run.sh scripts of
# perf/results: NVIDIA's OpenCL ICD registered (root), OpenCV pointed at the GPU,
# the build packed by scripts/pack-gpu.sh in $G (.carry/gpu) on the library path,
# the outputs in $T (kept between the calls on one machine), the GPUs in $T/gpu.txt,
# and five functions:
#   pack                             $T into $OUT/out.tgz (a call brings back a few files only)
#   perfrun NAME MODULE FILTER ARG... the module's perf cases FILTER into $T/NAME.xml
#                                    and $T/NAME.log, then pack
#   beforeAfter TAG MODULE FILTER PASS...  for each PASS, perfrun PASS_TAG_before with
#                                    the libraries of .carry/before/lib first on the
#                                    library path and PASS_TAG_after with this tree's,
#                                    the order swapped every other pass
#   inTurn "V1 V2 ..." PASS...       for each PASS, `variant V PASS` (defined by the run
#                                    script) for every V in turn, the order rotated by
#                                    one every pass
#   multiContextTests MODULE...      each module's multi-device and band-stream tests
#                                    over two OpenCL contexts of the GPU into
#                                    $T/MODULE_multi_context.xml and .log, then pack
T=/tmp/o; mkdir -p $T
pack() { tar czf $OUT/out.tgz -C $T .; }
perfrun() {
  n=$1 m=$2 f=$3; shift 3
  timeout 150 $G/bin/opencv_perf_$m --gtest_filter="$f" --gtest_output=xml:$T/$n.xml "$@" > $T/$n.log 2>&1
  echo "$n rc $?"; pack
}
multiContextTests() {
  for m in "$@"; do
    CLX_TEST_DEVICES=1 CLX_TEST_CONTEXTS_PER_DEVICE=2 timeout 170 $G/bin/opencv_test_$m \
      --gtest_filter='*MultiDevice*:*BandStream*' --gtest_output=xml:$T/${m}_multi_context.xml \
      > $T/${m}_multi_context.log 2>&1
    echo "$m multi-context rc $?"; tail -n 1 $T/${m}_multi_context.log; pack
  done
}
beforeAfter() {
  tag=$1 m=$2 f=$3; shift 3; order="before after"
  for p in "$@"; do
    for v in $order; do
      if [ $v = before ]; then export LD_LIBRARY_PATH=$PWD/.carry/before/lib:$G/lib; else export LD_LIBRARY_PATH=$G/lib; fi
      perfrun ${p}_${tag}_$v $m "$f"
    done
    if [ "$order" = "before after" ]; then order="after before"; else order="before after"; fi
  done
  export LD_LIBRARY_PATH=$G/lib
}
inTurn() {
  order=$1; shift
  for p in "$@"; do
    for v in $order; do variant $v $p; done
    order=$(echo $order | awk '{ for (i = 2; i <= NF; i++) printf "%s ", $i; print $1 }')
  done
}
mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export OPENCV_OPENCL_DEVICE=NVIDIA:GPU:
G=$PWD/.carry/gpu
export LD_LIBRARY_PATH=$G/lib
nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv > $T/gpu.txt 2>&1
nproc >> $T/gpu.txt
