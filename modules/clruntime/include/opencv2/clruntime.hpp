#ifndef OPENCV_CLRUNTIME_HPP
#define OPENCV_CLRUNTIME_HPP

#include "opencv2/core.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/ocl_genbase.hpp"

#include <initializer_list>
#include <new>
#include <vector>

/**
@defgroup clruntime Runtime shared by the clx OpenCL modules

What clreduce, clintegral and clresize need from OpenCL besides their kernels:
the common kernel preamble, the kernel cache, the one launch function (with the
launch counters and kernel profiling for tests and benchmarks), scratch buffers,
the check that a UMat has a device buffer, and the report made when a call cannot
run its kernels and runs OpenCV's own function instead. This header's functions
are for the clx modules; what applications use is in opencv2/clruntime/device_set.hpp
(DeviceSet, getPinnedAllocator, isPinned).
*/

namespace cv {
namespace clruntime {

//! @addtogroup clruntime
//! @{

/** @brief True when `m` has an OpenCL buffer (of any context: requireCurrentContext
checks which).

A UMat has none when OpenCV could not allocate one: an image bigger than the
device's largest allocation (Mat::getUMat keeps it in host memory), or an output
or scratch buffer the device had no memory for. Such a UMat must not be passed to
a kernel: the kernel would read or write address 0.
*/
CV_EXPORTS bool hasDeviceBuffer(const UMat& m);

/** @brief Raises StsBadArg, naming `function`, when a UMat among `inputs` (other
kinds are skipped) holds an OpenCL buffer of another context than the current one.
Neither the kernels nor OpenCV's own functions, whose maps and copies go through the
current queue, can use it: on PoCL an enqueue with another device's buffer ends the
process. Called where a call starts. */
CV_EXPORTS void requireCurrentContext(const char* function, std::initializer_list<_InputArray> inputs);

/** @brief The same for an output that is to be made `size` x `type`: only where its
create() keeps the buffer (a UMat of that size and type already); another one is
made in the current context, as OpenCV's functions make it. */
CV_EXPORTS void requireCurrentContext(const char* function, const _OutputArray& output, Size size, int type);

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
    ROW_PAST_2GB,           //!< a row of the image or its output passes 2^31 bytes (the kernels take int steps)
    PROGRAM_BUILD_FAILED,       //!< the OpenCL program did not build for the device
    LAUNCH_FAILED               //!< the kernel launch or the read-back failed
};

/** @overload */
CV_EXPORTS bool reportFallback(const char* function, FallbackReason reason);

/** @brief Calls `run` (a module's OpenCL path, which returns whether its kernels
ran) and returns what it returns; a cv::Exception it throws (an allocation that
failed, an OpenCL error) or a std::bad_alloc (host memory) is reported as a
fallback of `function`, with its message, and gives false. For the entry points'
CV_OCL_RUN, which would otherwise swallow the exception without a word. */
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
    catch (const std::bad_alloc&)
    {
        return reportFallback(function, "no host memory (std::bad_alloc)");
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
once per thread and OpenCL context and reused, for the last four contexts a thread
used (creating a kernel object costs more than a small reduction takes). A Launcher
enqueues it with the arguments set at that moment, so one kernel object serves every
launch. Empty when the build failed. */
CV_EXPORTS ocl::Kernel& cachedKernel(const char* name, const KernelFile& file, const String& options);

/** @brief The largest power of two, at most `most`, of work-items that a work-group
of `dev` may have. The kernels' scans and trees need a power of two, and a device
may report a largest work-group that is none (PoCL with POCL_MAX_WORK_GROUP_SIZE=100;
the integral's scans gave wrong sums with 100). */
CV_EXPORTS int powerOfTwoWorkGroup(const ocl::Device& dev, int most);

/** @brief The most work-items a work-group of kernel `k` may have on the current device:
its own limit (CL_KERNEL_WORK_GROUP_SIZE), which its registers or local memory can hold
below the device's; a launch with larger groups fails. */
CV_EXPORTS size_t kernelWorkGroupLimit(const ocl::Kernel& k);

/** @brief powerOfTwoWorkGroup for kernel `k` on the current device: also at most its
kernelWorkGroupLimit. 0 when not even one work-item fits. */
CV_EXPORTS int powerOfTwoWorkGroup(const ocl::Kernel& k, int most);

/** @brief Sets argument `i` of `k` to `value` as the kernels' offsetT: 64-bit when
`longOffsets` (the program was built with -D LONG_OFFSETS), else 32-bit. Returns
the next index, or -1 when `i` is negative. */
CV_EXPORTS int setOffsetArg(ocl::Kernel& k, int i, int64 value, bool longOffsets);

/** @brief The kernel launches of one call: the one way the clx modules run kernels.

Kernels are enqueued on OpenCV's queue without OpenCV's per-kernel tracking, which
takes a kernel object per asynchronous run and a completion callback for each: on
an H100 that cost 31 us on a 1280x1280 integral (three kernels, 0.052 -> 0.084 ms)
and 8 us on a 4096x4096 countNonZero (0.033 -> 0.041 ms; perf/NOTES.md, "One launch
style, one reduction kernel"). Instead every UMat a kernel
uses is passed with setArg and kept by the Launcher. Where OpenCV's allocator pools
buffers for the current context when the Launcher goes out of scope (its default
for Intel's OpenCL devices, or set by OPENCV_OPENCL_BUFFERPOOL_LIMIT,
OPENCV_OPENCL_HOST_PTR_BUFFERPOOL_LIMIT or BufferPoolController::setMaxReservedSize),
it enqueues one marker and keeps those UMats until the marker has completed
(looked at in the thread's next calls, waited for when more than 32 calls of a
thread are in flight), so that the pool hands no buffer on while a kernel still
uses it. Without a pool they go with the Launcher: a released buffer is freed, and
OpenCL keeps it until the commands that use it are done, so what a caller drops is
given back without waiting for its next call (and the calls cost 2-6 us less on an
H200: perf/NOTES.md). So a caller may release its UMats at once; a pool switched on
(or a second ocl::Context over the same cl_context with other pool limits) while
calls made without one are in flight could hand their buffers on: switch pools on
after cv::ocl::finish(). After readBack, which waits, nothing needs
keeping. A call with a UMat that stands for a Mat (an output passed as a Mat, which
OpenCV copies back when that UMat is released) waits for its kernels at the end,
as OpenCV's own launches do.

With kernel profiling on (detail::setKernelProfiling) every kernel runs on OpenCV's
profiling queue and is waited for, and its device time is recorded.
*/
class CV_EXPORTS Launcher
{
public:
    /** Launches of `function` (for the fallback reports), counted for `module`. */
    Launcher(Module module, const char* function);
    ~Launcher();

    /** Sets argument `i` of `k` to the OpenCL buffer of `m` (its data moved to the
    device first when needed), keeps `m` until the Launcher goes out of scope
    (longer where buffers are pooled: see above), and returns i + 1. Returns -1, and
    sets nothing, when `m` has no device buffer or `i` is already negative, so that
    a chain of set calls is checked once at its end, as with ocl::Kernel::set. */
    int setArg(ocl::Kernel& k, int i, const UMat& m, AccessFlag access);

    /** setArg, then arguments i + 1 and i + 2 to m's step (int) and offset (offsetT,
    see setOffsetArg): how the kernels take an image view. Returns i + 3, or -1 (also
    for a step past INT_MAX, which the callers' own checks should have sent to
    OpenCV's function before any launch: the launch then reports a fallback). */
    int setView(ocl::Kernel& k, int i, const UMat& m, AccessFlag access, bool longOffsets);

    /** Enqueues `k` (`argsSet`: what setting its last argument returned). False, after
    reporting the fallback (PROGRAM_BUILD_FAILED for an empty kernel, LAUNCH_FAILED
    otherwise), when it could not. */
    bool run(ocl::Kernel& k, int argsSet, int dims, size_t* global, size_t* local);

    /** Copies `bytes` bytes from byte `offset` of `m` (a continuous UMat) to `host`
    with one read on OpenCV's queue, and so waits for every kernel enqueued before.
    The read goes into the thread's pinned memory for the context, then to `host`
    (a blocking read straight into `host` where the host gives no pinned memory).
    False, after reporting LAUNCH_FAILED, when the read failed. */
    bool readBack(const UMat& m, size_t offset, void* host, size_t bytes);

private:
    Launcher(const Launcher&);
    Launcher& operator=(const Launcher&);
    Module module_;
    const char* function_;
    std::vector<UMat> kept_;
    bool completed_;
    bool waitAtEnd_;   // a UMat stands for a Mat: the call waits for its kernels
};

/** @brief Kernel launches of `module` on the calling thread so far (the module's
detail::oclLaunchCount, which tests read to prove that a call ran its kernels). */
CV_EXPORTS uint64 launchCount(Module module);

/** @brief The device scratch buffers of one call.

Taken from the pool of the calling thread's OpenCL queue (the queue current at the
first get) and given back to it when this object goes out of scope. The pools of
all queues keep at most 128 MB together and let bigger buffers go at the end of
their call (a big tilted integral's rays); making a buffer again costs tens of
microseconds or more, so small ones are kept. Giving a buffer back while a kernel
still uses it is safe: the next call on that queue, from any thread, enqueues its
kernels behind it on the same in-order queue, and a buffer let go lives on until
the kernels that use it are done (kept by their Launcher where OpenCV pools
buffers, by OpenCL otherwise; see Launcher). The pools of the 16 queues used last
are kept, whichever threads used them. Declare it before the call's Launcher. */
class CV_EXPORTS ScratchBuffers
{
public:
    ScratchBuffers() {}
    ~ScratchBuffers();
    /** A buffer of at least `bytes` bytes (CV_8UC1, rows of at most 1 MB). It has no
    device buffer when the device had no memory for it: check with haveDeviceBuffers. */
    UMat get(size_t bytes);
    /** A small buffer of zeros (at least 64 bytes) kept for the current queue, for
    counters that work-groups of one kernel share (e.g. which group finishes
    last). A kernel that counts in it must leave it zero again. (The reductions
    count in its first 4-byte word; the integral's tilted sum flags in its second.) */
    UMat zeroedCounters();

private:
    ScratchBuffers(const ScratchBuffers&);
    ScratchBuffers& operator=(const ScratchBuffers&);
    ocl::Queue queue_;
    std::vector<UMat> taken_;
};

//! @}

namespace detail {
/** @brief Number of reportFallback calls made on the calling thread (for tests). */
CV_EXPORTS uint64 fallbackCount();

/** @brief Number of kernels the calling thread has made (built or taken from
OpenCV's program cache) for its kernel caches (for tests). */
CV_EXPORTS uint64 kernelsMade();

/** @brief Bytes of scratch buffers the pools keep between calls (for tests). */
CV_EXPORTS size_t keptScratchBytes();

/** @brief Lets go of every scratch buffer the pools keep (for tests that measure
what one call keeps, whatever the calls before left). */
CV_EXPORTS void releaseKeptScratch();

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

/** @brief Makes every kernel's own work-group limit at most `most` work-items (0: the
driver's), as on a device whose compiler gives register-hungry kernels smaller groups:
powerOfTwoWorkGroup(kernel, ...) keeps to it, and a Launcher refuses launches with
larger groups, as such a driver does (for tests). */
CV_EXPORTS void limitKernelWorkGroups(size_t most);
} // namespace detail

} // namespace clruntime
} // namespace cv

#endif // OPENCV_CLRUNTIME_HPP
