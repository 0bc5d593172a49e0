#ifndef OPENCV_CLRUNTIME_PRECOMP_HPP
#define OPENCV_CLRUNTIME_PRECOMP_HPP

#include "opencv2/clruntime.hpp"
#include "opencv2/core/utils/logger.hpp"

#endif
