#ifndef OPENCV_CLRESIZE_PRECOMP_HPP
#define OPENCV_CLRESIZE_PRECOMP_HPP

#include "opencv2/clresize.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/opencl/ocl_defs.hpp"
#include "opencv2/core/utility.hpp"
#include "opencv2/core/private.hpp"

#ifdef HAVE_OPENCL
#include "opencl_kernels_clresize.hpp"
#endif

#endif
