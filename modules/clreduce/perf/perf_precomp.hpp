#ifndef OPENCV_CLREDUCE_PERF_PRECOMP_HPP
#define OPENCV_CLREDUCE_PERF_PRECOMP_HPP

#include "opencv2/ts.hpp"
#include "opencv2/ts/ocl_perf.hpp"
#include "opencv2/clreduce.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/opencv_modules.hpp"
#include "opencv2/clruntime/private/perf_common.hpp"
#include "opencv2/core/utils/configuration.private.hpp"

#ifdef HAVE_OPENCV_CUDAARITHM
#include "opencv2/cudaarithm.hpp"
#endif

#include "perf_utils.hpp"

#endif
