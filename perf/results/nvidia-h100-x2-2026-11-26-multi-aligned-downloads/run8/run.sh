#!/bin/sh
# Run 8: the read-back carries again, now that the downloads start on a line. The
# tree of db56e66 with its next-pooled-rows patch (read-back carries from pinned
# own rows of a pool per context, every band deferred) and run 1's split downloads,
# built and packed whole (.carry/rb), against this commit (.carry/fin), three
# passes in turn of the pinned two-GPU integral rows (10240, 20480), each pack
# with its own perf binary.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
own() { n=$1 p=$C/$2
  LD_LIBRARY_PATH=$p/lib timeout 100 $p/bin/opencv_perf_clintegral --gtest_filter="$P2" --perf_force_samples=10 --gtest_output=xml:$T/$n.xml > $T/$n.log 2>&1; echo "$n rc $?"
  pack
}
for pass in a b c; do
  own fin_${pass}_integral fin
  own rb_${pass}_integral rb
done
# Then, on the same machine, one pass of the one- and two-GPU pinned rows ("$P") with
# each pack (fin_d, rb_d: the CSVs here).
#
# .carry/rb was made on the build machine with:
#   git worktree add /tmp/wt db56e66 && cd /tmp/wt
#   git apply perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/next-pooled-rows/readback-pooled-rows.patch
#   git apply <this repository>/perf/results/nvidia-h100-x2-2026-11-26-multi-aligned-downloads/run1/split-download.patch
#   ./scripts/build.sh && ./scripts/pack-gpu.sh <this repository>/.carry/rb
