#ifndef OPENCV_CLINTEGRAL_PRECOMP_HPP
#define OPENCV_CLINTEGRAL_PRECOMP_HPP

#include "opencv2/clintegral.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/imgproc.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/opencl/ocl_defs.hpp"
#include "opencv2/core/utility.hpp"
#include "opencv2/core/private.hpp"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

#ifdef HAVE_OPENCL
#include "opencl_kernels_clintegral.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"
#endif

#endif
