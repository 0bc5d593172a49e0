#ifndef OPENCV_CLRESIZE_PERF_PRECOMP_HPP
#define OPENCV_CLRESIZE_PERF_PRECOMP_HPP

#include "opencv2/ts.hpp"
#include "opencv2/ts/ocl_perf.hpp"
#include "opencv2/imgproc.hpp"
#include "opencv2/clresize.hpp"
#include "opencv2/opencv_modules.hpp"
#include "opencv2/clruntime/private/perf_common.hpp"
#include "opencv2/clruntime/private/test_common.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"

#include <memory>

#ifdef HAVE_OPENCV_CUDAWARPING
#include "opencv2/cudawarping.hpp"
#endif

#endif
