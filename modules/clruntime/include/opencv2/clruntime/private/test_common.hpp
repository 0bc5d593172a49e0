// For the clx modules' tests only: what every module's tests check the same way.
#ifndef OPENCV_CLRUNTIME_TEST_COMMON_HPP
#define OPENCV_CLRUNTIME_TEST_COMMON_HPP

#include "opencv2/ts.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"
#include "opencv2/core/utils/configuration.private.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/clruntime/device_set.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace opencv_test {
namespace clruntime_test {

/** The OpenCL tests are meaningless on the CPU fall-through: a test binary calls
this in a test of its own, so that it fails (never skips) without a device, and
prints the device it tests. */
inline void assertOpenCLDevice()
{
    ASSERT_TRUE(cv::ocl::haveOpenCL()) << "no OpenCL runtime; on machines without a GPU install PoCL "
                                          "and set OPENCV_OPENCL_DEVICE=:CPU:";
    ASSERT_TRUE(cv::ocl::useOpenCL()) << "OpenCL is off or no device matches OPENCV_OPENCL_DEVICE";
    const cv::ocl::Device& dev = cv::ocl::Device::getDefault();
    ASSERT_TRUE(dev.available());
    std::cout << "OpenCL device under test: " << dev.name() << " (" << dev.version() << ", "
              << dev.maxComputeUnits() << " compute units, fp64 " << (dev.doubleFPConfig() > 0 ? "yes" : "no")
              << ")" << std::endl;
}

/** Runs `call` and checks that it made exactly `launches` kernel launches, as the
module's launch counter `count` (its detail::oclLaunchCount) tells. */
template <typename F>
void expectLaunches(uint64 (*count)(), uint64 launches, F call)
{
    const uint64 before = count();
    call();
    EXPECT_EQ(before + launches, count()) << "the call did not take the expected OpenCL path";
}

/** A second OpenCL context on the device of `of` (made with clCreateContext, so
not OpenCV's own for that device), as an execution context, into `made`. */
inline void anotherContext(const cv::ocl::OpenCLExecutionContext& of, cv::ocl::OpenCLExecutionContext& made)
{
    cl_device_id device = (cl_device_id)of.getDevice().ptr();
    cl_platform_id platform = NULL;
    char platformName[256] = {};
    ASSERT_EQ(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, NULL));
    ASSERT_EQ(CL_SUCCESS, clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof(platformName) - 1, platformName, NULL));
    cl_int err = CL_SUCCESS;
    cl_context raw = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    ASSERT_EQ(CL_SUCCESS, err);
    // raw is not released here: OpenCV 4.13 gives back one reference more than it
    // takes for a context it attaches (PoCL then aborts); a test may leak it.
    made = cv::ocl::OpenCLExecutionContext::create(platformName, platform, raw, device);
    ASSERT_NE(of.getContext().ptr(), made.getContext().ptr());
}

/** The code of the cv::Exception `call` raises with a second OpenCL context on the
current device made current (0: none). UMats made before belong to the first
context: a call given one must raise StsBadArg, not enqueue its buffer on the
second context's queue (PoCL ends the process for another device's buffer).
`message`, when given, gets the exception's message. */
template <typename F>
int exceptionInAnotherContext(F call, std::string* message = NULL)
{
    cv::ocl::OpenCLExecutionContext other;
    anotherContext(cv::ocl::OpenCLExecutionContext::getCurrent(), other);
    if (other.empty())
        return -1;
    cv::ocl::OpenCLExecutionContextScope scope(other);
    try
    {
        call();
    }
    catch (const cv::Exception& e)
    {
        if (message)
            *message = e.what();
        return e.code;
    }
    return 0;
}

/** Runs `call` in OpenCV's current OpenCL execution context, with a second queue on
the same context, in a second OpenCL context on the same device, and in the first
again. The clx caches (kernels per context and device; scratch buffers and calls in flight
per queue) must follow every switch, and the first context's kernels must still
be cached when the thread comes back to it. Then in six more contexts, more than a
thread's kernel caches keep, and in the first again: its kernels are made anew
there, and must still give the same results. `call` makes its UMats itself: a
UMat belongs to the context it was made in. */
template <typename F>
void inSeveralContexts(F call)
{
    using namespace cv::ocl;
    OpenCLExecutionContext first = OpenCLExecutionContext::getCurrent();
    call();
    {
        OpenCLExecutionContextScope scope(first.cloneWithNewQueue());
        call();
    }
    {
        OpenCLExecutionContext other;
        ASSERT_NO_FATAL_FAILURE(anotherContext(first, other));
        OpenCLExecutionContextScope scope(other);
        call();
    }
    uint64 kernelsMade = cv::clruntime::detail::kernelsMade();
    call();
    EXPECT_EQ(kernelsMade, cv::clruntime::detail::kernelsMade()) << "the first context's kernels were made again";
    for (int i = 0; i < 6; i++)
    {
        OpenCLExecutionContext other;
        ASSERT_NO_FATAL_FAILURE(anotherContext(first, other));
        OpenCLExecutionContextScope scope(other);
        call();
    }
    kernelsMade = cv::clruntime::detail::kernelsMade();
    call();
    EXPECT_LT(kernelsMade, cv::clruntime::detail::kernelsMade()) << "the first context's kernels outlived six others";
}

/** While it lives, every host copy of the band streams runs in `n`
parts (clruntime::detail::setCopyThreads): more parts than a small host has threads
for, so that parts wait for threads other calls' parts hold. */
struct ForcedCopyThreads
{
    explicit ForcedCopyThreads(int n) { cv::clruntime::detail::setCopyThreads(n); }
    ~ForcedCopyThreads() { cv::clruntime::detail::setCopyThreads(0); }
};

/** For the *SmallWorkGroups* cases, which CTest runs on PoCL with its work-groups
limited to 100 work-items (POCL_MAX_WORK_GROUP_SIZE=100): whether the device's
largest work-group is not a power of two, as there. Elsewhere the cases would
test nothing, so this fails them. */
inline bool workGroupLimitIsNoPowerOfTwo()
{
    const size_t n = cv::ocl::Device::getDefault().maxWorkGroupSize();
    if (n & (n - 1))
        return true;
    ADD_FAILURE() << "the device's largest work-group is " << n << " work-items: run these cases with a limit "
                  << "that is not a power of two (PoCL: POCL_MAX_WORK_GROUP_SIZE=100)";
    return false;
}

/** Whether OpenCV's current OpenCL device is one of PoCL's. */
inline bool onPoCL()
{
    return cv::ocl::Device::getDefault().version().find("PoCL") != std::string::npos;
}

/** Calls `sameAsOpenCV(t)` `reps` times on each of `threads` threads at once (t:
the thread's number) and expects every call to return true. Each thread has its
own OpenCL queue, scratch pool and calls in flight; concurrent calls must not
interfere. `what(t)` names thread t's work in a failure.

On PoCL each thread's call first runs once on its own, one thread after another.
PoCL 3.1 (Debian 12's) keeps a kernel's loaded code in one cache entry per grid
width it has seen, but a finished launch gives back its reference to the first
entry of that kernel, whichever it took: a launch with a wider grid than any
before, while the same kernel runs from another queue, can make it abort with
"pocl_release_dlhandle_cache: Assertion `found->ref_count > 0' failed". The calls
on their own load every entry the threads then take. On other devices the first
calls run at once too. */
template <typename F, typename W>
void expectSameOnThreads(int threads, int reps, F sameAsOpenCV, W what)
{
    std::vector<int> mismatches(threads, 0);
    if (onPoCL())
    {
        for (int t = 0; t < threads; t++)
            EXPECT_TRUE(sameAsOpenCV(t)) << what(t) << ", on its own";
    }
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; t++)
        pool.emplace_back([&, t] {
            for (int rep = 0; rep < reps; rep++)
                if (!sameAsOpenCV(t))
                    mismatches[t]++;
        });
    for (std::thread& th : pool)
        th.join();
    for (int t = 0; t < threads; t++)
        EXPECT_EQ(0, mismatches[t]) << what(t);
}

/** The type of OpenCV's current device (CPU, GPU or accelerator). */
inline int currentDeviceType()
{
    return cv::ocl::Device::getDefault().type() &
           (cv::ocl::Device::TYPE_CPU | cv::ocl::Device::TYPE_GPU | cv::ocl::Device::TYPE_ACCELERATOR);
}

/** Execution contexts on one new OpenCL context (clCreateContext) that holds the
devices `ids` of one platform: one per entry of `ids`, in that order (a device
listed twice gets two, of the one context). */
inline std::vector<cv::ocl::OpenCLExecutionContext> contextsHolding(const std::vector<cl_device_id>& ids)
{
    cl_platform_id platform = NULL;
    char platformName[256] = {};
    clGetDeviceInfo(ids[0], CL_DEVICE_PLATFORM, sizeof(platform), &platform, NULL);
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof(platformName) - 1, platformName, NULL);
    // Each device once: NVIDIA's clCreateContext refuses a device listed twice.
    std::vector<cl_device_id> distinct;
    for (cl_device_id id : ids)
        if (std::find(distinct.begin(), distinct.end(), id) == distinct.end())
            distinct.push_back(id);
    cl_int err = CL_SUCCESS;
    cl_context raw = clCreateContext(NULL, (cl_uint)distinct.size(), distinct.data(), NULL, NULL, &err);
    EXPECT_EQ(CL_SUCCESS, err);
    std::vector<cv::ocl::OpenCLExecutionContext> contexts;
    if (err == CL_SUCCESS)
    {
        // Each create() gives back a reference to raw, though only the first one
        // takes one (OpenCV 4.13 finds its own context for raw the second time).
        for (cl_device_id id : ids)
        {
            clRetainContext(raw);
            contexts.push_back(cv::ocl::OpenCLExecutionContext::create(platformName, platform, raw, id));
        }
        clReleaseContext(raw);
    }
    return contexts;
}

/** The devices the multi-device tests split over: every device of the current
device's type on its platform. There must be CLX_TEST_DEVICES of them (1 unless
the environment says; CTest runs these tests with two PoCL devices). With
CLX_TEST_CONTEXTS_PER_DEVICE=k (1 unless the environment says), each device k times,
each time in an OpenCL context of its own: a machine of one GPU then runs the code
for several devices (the bands of each context on their own queues and threads,
the integral's carries through the host) on that GPU's driver. */
inline cv::clruntime::DeviceSet testDevices()
{
    cv::clruntime::DeviceSet devices = cv::clruntime::DeviceSet::ofPlatform(currentDeviceType());
    EXPECT_EQ(cv::utils::getConfigurationParameterSizeT("CLX_TEST_DEVICES", 1), devices.size())
        << "the platform has another number of devices than CLX_TEST_DEVICES says";
    const size_t perDevice = cv::utils::getConfigurationParameterSizeT("CLX_TEST_CONTEXTS_PER_DEVICE", 1);
    if (perDevice <= 1)
        return devices;
    std::vector<cv::ocl::OpenCLExecutionContext> contexts;
    for (size_t d = 0; d < devices.size(); d++)
    {
        contexts.push_back(devices.context(d));
        for (size_t k = 1; k < perDevice; k++)
        {
            const std::vector<cv::ocl::OpenCLExecutionContext> more =
                contextsHolding({ (cl_device_id)devices.context(d).getDevice().ptr() });
            contexts.insert(contexts.end(), more.begin(), more.end());
        }
    }
    return cv::clruntime::DeviceSet(contexts);
}

/** testDevices() with one OpenCL context that holds all of them (made with
clCreateContext): an execution context per device, all on that context. */
inline cv::clruntime::DeviceSet testDevicesInOneContext()
{
    const cv::clruntime::DeviceSet each = testDevices();
    std::vector<cl_device_id> ids;
    for (size_t d = 0; d < each.size(); d++)
        ids.push_back((cl_device_id)each.context(d).getDevice().ptr());
    return cv::clruntime::DeviceSet(contextsHolding(ids));
}

/** A copy of `m` in pinned host memory (clruntime::getPinnedAllocator); with a
`border`, the view of it inside a bigger pinned Mat (rows not continuous).
Fails the test when the memory is not pinned. */
inline cv::Mat pinnedCopy(const cv::Mat& m, int border = 0)
{
    cv::Mat whole;
    whole.allocator = cv::clruntime::getPinnedAllocator();
    whole.create(m.rows + 2 * border, m.cols + 2 * border, m.type());
    whole.setTo(cv::Scalar::all(7));
    cv::Mat view = whole(cv::Rect(border, border, m.cols, m.rows));
    m.copyTo(view);
    EXPECT_TRUE(cv::clruntime::isPinned(view)) << "no pinned memory from the allocator";
    return view;
}

/** Runs `call` and checks how many bytes the band streams copied on the host
(clruntime::detail::stagedBandBytes): none where every band's rows are pinned. */
template <typename F>
void expectStagedBytes(uint64 bytes, F call, const std::string& what)
{
    const uint64 before = cv::clruntime::detail::stagedBandBytes();
    call();
    EXPECT_EQ(before + bytes, cv::clruntime::detail::stagedBandBytes()) << what << ": bytes staged on the host";
}

/** Runs `call` with `rows` rows of guard around every band output on the device
(clruntime::detail::setBandGuardRows, switched off again whatever `call` throws) and
expects no kernel to have written them: bands run kernels that take their rows'
bounds from arguments, some with no check of their own (cubic x2's interior path). */
template <typename F>
void expectGuardRowsKept(F call, const std::string& what, int rows = 3)
{
    struct Off
    {
        ~Off() { cv::clruntime::detail::setBandGuardRows(0); }
    } off;
    cv::clruntime::detail::setBandGuardRows(rows);
    const uint64 before = cv::clruntime::detail::bandGuardsChanged();
    call();
    EXPECT_EQ(before, cv::clruntime::detail::bandGuardsChanged()) << what << ": a kernel wrote outside its band's rows";
}

/** Runs `call` with every kernel's own work-group limit lowered to `most` work-items
(clruntime::detail::limitKernelWorkGroups: a Launcher then refuses larger groups, as
the driver of a compiler that gives register-hungry kernels smaller groups does),
restored whatever `call` throws. */
template <typename F>
void withKernelWorkGroupLimit(size_t most, F call)
{
    struct Restore
    {
        ~Restore() { cv::clruntime::detail::limitKernelWorkGroups(0); }
    } restore;
    cv::clruntime::detail::limitKernelWorkGroups(most);
    call();
}

/** What the host may fail to give a call over devices (withHostFailure): no thread
for the devices (as under a limit of processes), no memory for such a thread
(std::bad_alloc), no memory for the slots of one device's BandStream, no pinned
host memory (PinnedBuffer, the pinned allocator). Constants,
not an enum: OpenCV's binding generators read this header and take enums. */
typedef int HostFailure;
const HostFailure NO_THREAD = 0, NO_MEMORY_FOR_THREAD = 1, NO_MEMORY_FOR_STREAM = 2, NO_PINNED_MEMORY = 3;

inline const char* describe(HostFailure failure)
{
    return failure == NO_THREAD              ? "no thread"
           : failure == NO_MEMORY_FOR_THREAD ? "no memory for a thread"
           : failure == NO_MEMORY_FOR_STREAM ? "no memory for a stream"
                                             : "no pinned memory";
}

/** Runs `call` with `failure` made to happen (clruntime::detail::failDeviceThreads,
failBandStreams, failPinnedMemory), switched off again whatever `call` throws, so that a failing test
leaves the next ones as they were. */
template <typename F>
void withHostFailure(HostFailure failure, F call)
{
    struct Restore
    {
        ~Restore()
        {
            cv::clruntime::detail::failDeviceThreads(false);
            cv::clruntime::detail::failBandStreams(false);
            cv::clruntime::detail::failPinnedMemory(false);
        }
    } restore;
    if (failure == NO_MEMORY_FOR_STREAM)
        cv::clruntime::detail::failBandStreams(true);
    else if (failure == NO_PINNED_MEMORY)
        cv::clruntime::detail::failPinnedMemory(true);
    else
        cv::clruntime::detail::failDeviceThreads(true, failure == NO_MEMORY_FOR_THREAD);
    call();
}

}} // namespace

/** In a module's test file: the test `<Prefix>_OpenCL.deviceIsAvailable`, which fails
without an OpenCL device, and `expectLaunches(launches, call)` on the module's
launch counter `counter` (its detail::oclLaunchCount). */
#define CLX_DEVICE_TEST_AND_LAUNCH_CHECK(Prefix, counter)                                    \
    TEST(Prefix##_OpenCL, deviceIsAvailable)                                                  \
    {                                                                                         \
        ::opencv_test::clruntime_test::assertOpenCLDevice();                                  \
    }                                                                                         \
    template <typename F>                                                                     \
    static void expectLaunches(uint64 launches, F call)                                       \
    {                                                                                         \
        ::opencv_test::clruntime_test::expectLaunches(counter, launches, call);               \
    }

#endif
