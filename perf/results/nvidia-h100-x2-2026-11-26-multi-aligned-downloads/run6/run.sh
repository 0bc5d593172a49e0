#!/bin/sh
# Run 6: the three modules' whole test binaries (but the no-device-buffer cases,
# which need PoCL's limited memory) on one GPU with the committed split downloads
# (.carry/fin), as scripts/gpu-run.sh runs them.
. perf/results/nvidia-h100-x2-2026-11-26-multi-integral-ablation/common.sh
for m in clintegral clresize clreduce; do
  LD_LIBRARY_PATH=$C/fin/lib timeout 250 $C/fin/bin/opencv_test_$m --gtest_filter=-*NoDeviceBuffer* > $T/tests_$m.log 2>&1; echo "tests $m rc $?"; tail -n 3 $T/tests_$m.log
  pack
done
