#ifndef OPENCV_CLRUNTIME_PRECOMP_HPP
#define OPENCV_CLRUNTIME_PRECOMP_HPP

#include "opencv2/clruntime.hpp"
#include "opencv2/core/utils/logger.hpp"

namespace cv {
namespace clruntime {
// Add launches and fallbacks counted on other threads to the calling thread's
// counters (runBands).
void addLaunches(Module module, uint64 count);
void addFallbacks(uint64 count);
} // namespace clruntime
} // namespace cv

#endif
