#ifndef OPENCV_CLRUNTIME_HPP
#define OPENCV_CLRUNTIME_HPP

#include "opencv2/core.hpp"
#include "opencv2/core/ocl.hpp"

#include <initializer_list>

/**
@defgroup clruntime Runtime shared by the clx OpenCL modules

What clreduce, clintegral and clresize need from OpenCL besides their kernels:
the kernel cache, the checked way to pass a UMat's device buffer to a kernel,
kernel profiling for the benchmarks, and the report made when a call cannot run
its kernels and runs OpenCV's own function instead.
Not meant to be called by applications.
*/

namespace cv {
namespace clruntime {

//! @addtogroup clruntime
//! @{

/** @brief True when `m` has an OpenCL buffer on the current context.

A UMat has none when OpenCV could not allocate one: an image bigger than the
device's largest allocation (Mat::getUMat keeps it in host memory), or an output
or scratch buffer the device had no memory for. Such a UMat must not be passed to
a kernel: the kernel would read or write address 0.
*/
CV_EXPORTS bool hasDeviceBuffer(const UMat& m);

/** @brief A UMat a kernel uses, and what it is to the call ("source", "sum", "scratch"). */
struct NamedUMat
{
    const UMat& m;
    const char* name;
};

/** @brief True when every UMat in `buffers` has a device buffer. Otherwise reports a
fallback of `function` naming the first one without (reportFallback) and returns false. */
CV_EXPORTS bool haveDeviceBuffers(const char* function, std::initializer_list<NamedUMat> buffers);

/** @brief Sets argument `i` of `k` to the OpenCL buffer of `m` (its data moved to
the device first when needed) and returns i + 1.

Returns -1, and sets nothing, when `m` has no device buffer or `i` is already
negative, so that a chain of set calls can be checked once at its end, as with
ocl::Kernel::set. Unlike ocl::KernelArg, the kernel keeps no reference to `m`:
the caller keeps `m` alive until the kernel has finished.
*/
CV_EXPORTS int setBufferArg(ocl::Kernel& k, int i, const UMat& m, AccessFlag access);

/** @brief Reports that `function` runs OpenCV's own function instead of its kernels, because of `reason`.

Each (function, reason) pair is written once per process through OpenCV's
logging, as a warning; every call is counted (detail::fallbackCount). Returns
false, so that a function that says whether its kernels ran can end with
`return reportFallback(...)`.
*/
CV_EXPORTS bool reportFallback(const char* function, const char* reason);

/** @brief Why a call on a UMat could not run its kernels, besides a missing device buffer. */
enum FallbackReason
{
    VIEW_NOT_ELEMENT_ALIGNED,   //!< offset or step not a multiple of the element size
    PAST_32BIT_SIZES,           //!< the image or its output passes the kernels' 32-bit sizes
    PROGRAM_BUILD_FAILED,       //!< the OpenCL program did not build for the device
    LAUNCH_FAILED               //!< the kernel launch or the read-back failed
};

/** @overload */
CV_EXPORTS bool reportFallback(const char* function, FallbackReason reason);

/** @brief The kernel `name` of `source` built with `options`, created once per thread
and OpenCL context and reused: building a program and creating a kernel object
cost more than a small reduction. Empty when the build failed. A kernel run
asynchronously must not be run again before it completes (OpenCV's rule), so
asynchronous callers create their kernels per call. */
CV_EXPORTS ocl::Kernel& cachedKernel(const char* name, const ocl::ProgramSource& source, const String& options);

/** @brief The clx modules, for their launch counters. */
enum Module { CLREDUCE, CLINTEGRAL, CLRESIZE, MODULE_COUNT };

/** @brief Counts one kernel launch of `module` on the calling thread (the module's
detail::oclLaunchCount, which tests read to prove that a call ran its kernels). */
CV_EXPORTS void countLaunch(Module module);

/** @brief Kernel launches of `module` on the calling thread so far. */
CV_EXPORTS uint64 launchCount(Module module);

/** @brief Runs `k` on OpenCV's profiling queue, waits, and records its device time
(detail::kernelTimesNs). What the modules do instead of their usual launch while
detail::kernelProfiling() is on. False when the launch failed. */
CV_EXPORTS bool runProfiled(ocl::Kernel& k, int dims, size_t* global, size_t* local);

//! @}

namespace detail {
/** @brief Number of reportFallback calls made on the calling thread (for tests). */
CV_EXPORTS uint64 fallbackCount();

/** @brief Switches kernel profiling on or off for the calling thread (for benchmarks):
the clx kernels then run one by one on OpenCV's profiling queue, slower, and their
device times are recorded. Clears the recorded times. */
CV_EXPORTS void setKernelProfiling(bool on);

/** @brief Whether the calling thread profiles its kernels. */
CV_EXPORTS bool kernelProfiling();

/** @brief Device time in ns of each kernel the calling thread ran with profiling on
since the last clearKernelTimes(), in launch order. */
CV_EXPORTS std::vector<int64> kernelTimesNs();

/** @brief Forgets the recorded kernel times of the calling thread. */
CV_EXPORTS void clearKernelTimes();
} // namespace detail

} // namespace clruntime
} // namespace cv

#endif // OPENCV_CLRUNTIME_HPP
