#ifndef OPENCV_CLRUNTIME_HPP
#define OPENCV_CLRUNTIME_HPP

#include "opencv2/core.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/ocl_genbase.hpp"

#include <initializer_list>
#include <vector>

/**
@defgroup clruntime Runtime shared by the clx OpenCL modules

What clreduce, clintegral and clresize need from OpenCL besides their kernels:
the common kernel preamble, the kernel cache, the one launch function (with the
launch counters and kernel profiling for tests and benchmarks), scratch buffers,
the check that a UMat has a device buffer, and the report made when a call cannot
run its kernels and runs OpenCV's own function instead.
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

/** @brief Calls `run` (a module's OpenCL path, which returns whether its kernels
ran) and returns what it returns; a cv::Exception it throws (an allocation that
failed, an OpenCL error) is reported as a fallback of `function`, with its
message, and gives false. For the entry points' CV_OCL_RUN, which would
otherwise swallow the exception without a word. */
template <typename Run>
bool reportingExceptions(const char* function, Run run)
{
    try
    {
        return run();
    }
    catch (const cv::Exception& e)
    {
        return reportFallback(function, ("an exception: " + e.err).c_str());
    }
}

/** @brief The clx modules, for their launch counters. */
enum Module { CLREDUCE, CLINTEGRAL, CLRESIZE, MODULE_COUNT };

/** @brief A module's kernel file as OpenCV's build embeds it (`ocl::<module>::<file>_oclsrc`). */
typedef ocl::internal::ProgramEntry KernelFile;

/** @brief The program of `file` with the clx preamble (opencl/common.cl: the fp64
switch, CAT, and offsetT chosen by -D LONG_OFFSETS) in front. */
CV_EXPORTS const ocl::ProgramSource& withPreamble(const KernelFile& file);

/** @brief The kernel `name` of `file` (withPreamble) built with `options`, created
once per thread and OpenCL context and reused: for kernels run synchronously.
Creating a kernel object costs more than a small reduction takes. Empty when the
build failed. */
CV_EXPORTS ocl::Kernel& cachedKernel(const char* name, const KernelFile& file, const String& options);

/** @brief A new kernel `name` of `file` (withPreamble) built with `options`, for
one asynchronous run (OpenCV never runs a kernel object asynchronously twice);
OpenCV's context keeps the built program. Empty when the build failed. */
CV_EXPORTS ocl::Kernel makeKernel(const char* name, const KernelFile& file, const String& options);

/** @brief Sets argument `i` of `k` to `value` as the kernels' offsetT: 64-bit when
`longOffsets` (the program was built with -D LONG_OFFSETS), else 32-bit. Returns
the next index, or -1 when `i` is negative. */
CV_EXPORTS int setOffsetArg(ocl::Kernel& k, int i, int64 value, bool longOffsets);

/** @brief Runs `k` on OpenCV's queue: the one way the clx modules launch kernels.

Its arguments are set, UMats as ocl::KernelArg once haveDeviceBuffers has said
that they all have a device buffer; `argsSet` is what the last Kernel::set
returned (negative when one failed: then nothing runs). With `sync` the call
waits for the kernel; otherwise it returns at once, OpenCV keeps the UMats passed
as ocl::KernelArg alive until the kernel has completed (the caller may release
them), and the kernel object cannot run again (see makeKernel). With kernel
profiling on, the kernel runs on OpenCV's profiling queue and waits, and its
device time is recorded. Counts the launch for `module`. When the launch fails,
reports a LAUNCH_FAILED fallback of `function` and returns false. */
CV_EXPORTS bool launch(Module module, const char* function, ocl::Kernel& k, int argsSet, int dims, size_t* global,
                       size_t* local, bool sync);

/** @brief Kernel launches of `module` on the calling thread so far (the module's
detail::oclLaunchCount, which tests read to prove that a call ran its kernels). */
CV_EXPORTS uint64 launchCount(Module module);

/** @brief The device scratch buffers of one call.

Taken from the calling thread's pool and given back to it when this object goes
out of scope. The pool keeps at most 128 MB and lets bigger buffers go at the end
of their call (a big tilted integral's rays); making a buffer again costs tens
of microseconds, so small ones are kept. Giving a buffer back while a kernel
still uses it is safe: the thread's next call enqueues its kernels behind it on
the same in-order queue, and a buffer let go lives on until the kernels it was
passed to as ocl::KernelArg have completed. The pool belongs to the thread's
OpenCL queue and is emptied when that changes. */
class CV_EXPORTS ScratchBuffers
{
public:
    ScratchBuffers() {}
    ~ScratchBuffers();
    /** A buffer of at least `bytes` bytes (CV_8UC1, rows of at most 1 MB). It has no
    device buffer when the device had no memory for it: check with haveDeviceBuffers. */
    UMat get(size_t bytes);

private:
    ScratchBuffers(const ScratchBuffers&);
    ScratchBuffers& operator=(const ScratchBuffers&);
    std::vector<UMat> taken_;
};

//! @}

namespace detail {
/** @brief Number of reportFallback calls made on the calling thread (for tests). */
CV_EXPORTS uint64 fallbackCount();

/** @brief Bytes of scratch buffers the calling thread's pool keeps between calls (for tests). */
CV_EXPORTS size_t keptScratchBytes();

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
