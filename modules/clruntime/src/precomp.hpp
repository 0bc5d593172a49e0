#ifndef OPENCV_CLRUNTIME_PRECOMP_HPP
#define OPENCV_CLRUNTIME_PRECOMP_HPP

#include "opencv2/clruntime.hpp"
#include "opencv2/core/utils/logger.hpp"

namespace cv {
namespace clruntime {
// Adds launches counted on other threads to the calling thread's counter (runBands).
void addLaunches(Module module, uint64 count);
} // namespace clruntime
} // namespace cv

#endif
