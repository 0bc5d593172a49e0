// The kernel preamble and cache, the Launcher, launch counters and kernel
// profiling the clx modules share.
#include "precomp.hpp"
#include "opencl_kernels_clruntime.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"
#include "opencv2/clruntime/device_set.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <deque>
#include <list>
#include <map>
#include <mutex>
#include <new>

namespace cv {
namespace clruntime {

namespace {
// Built kernels of one thread for one OpenCL context and device (a context may
// hold several devices, whose kernels may differ in their options and work-group
// limits), and the pinned memory its results are read into (Launcher::readBack).
// The cache holds that context, so that it outlives the kernels and the pinned
// buffer: a context the caller has dropped may only go once they are released
// (PoCL aborts otherwise).
struct KernelCache
{
    ocl::Context context;
    void* device = NULL;
    std::map<String, ocl::Kernel> kernels;
    // The work-group limit of each kernel above by its address, 0 until asked: the
    // driver is asked once per kernel, not in every call (kernelWorkGroupLimit).
    std::map<const ocl::Kernel*, size_t> groupLimits;
    PinnedBuffer results;
};
// A thread's caches of the contexts it used last, the latest first. The device
// threads of a device set serve whichever device a call hands them: with one cache
// a thread made its kernels again whenever its device changed, in about every other
// call of a device set (perf/NOTES.md).
const size_t MAX_CACHED_CONTEXTS = 4;
thread_local std::list<KernelCache> kernelCaches;
thread_local uint64 kernelsMadeHere = 0;   // detail::kernelsMade
thread_local bool profiling = false;
thread_local std::vector<int64> kernelTimes;
thread_local uint64 launches[MODULE_COUNT] = {};
} // namespace

const ocl::ProgramSource& withPreamble(const KernelFile& file)
{
    // One combined source per kernel file (they are static objects), made once;
    // OpenCV hashes the text for its program cache.
    static std::mutex lock;
    static std::map<const KernelFile*, ocl::ProgramSource> combined;
    std::lock_guard<std::mutex> guard(lock);
    auto it = combined.find(&file);
    if (it == combined.end())
    {
        String code = String(ocl::clruntime::common_oclsrc.programCode) + "\n" + file.programCode;
        it = combined.emplace(&file, ocl::ProgramSource(file.module, file.name, code, "")).first;
    }
    return it->second;
}

namespace {
// The calling thread's cache of the current context and device, made the latest.
KernelCache& currentCache()
{
    const ocl::Context& context = ocl::Context::getDefault();
    void* device = ocl::Device::getDefault().ptr();
    auto cache = std::find_if(kernelCaches.begin(), kernelCaches.end(), [&](const KernelCache& c) {
        return c.context.ptr() == context.ptr() && c.device == device;
    });
    if (cache == kernelCaches.end())
    {
        if (kernelCaches.size() == MAX_CACHED_CONTEXTS)
            kernelCaches.pop_back();
        kernelCaches.emplace_front();
        kernelCaches.front().context = context;
        kernelCaches.front().device = device;
    }
    else if (cache != kernelCaches.begin())
        kernelCaches.splice(kernelCaches.begin(), kernelCaches, cache);
    return kernelCaches.front();
}
} // namespace

ocl::Kernel& cachedKernel(const char* name, const KernelFile& file, const String& options)
{
    KernelCache& cache = currentCache();
    std::map<String, ocl::Kernel>& kernels = cache.kernels;
    // The file's address tells the modules' programs apart (they are static objects).
    String key = format("%p %s %s", (const void*)&file, name, options.c_str());
    auto it = kernels.find(key);
    if (it == kernels.end())
    {
        it = kernels.emplace(key, ocl::Kernel()).first;
        it->second.create(name, withPreamble(file), options);
        cache.groupLimits[&it->second] = 0;
        ++kernelsMadeHere;
    }
    return it->second;
}

int powerOfTwoWorkGroup(const ocl::Device& dev, int most)
{
    int n = 1;
    while (n <= most / 2 && (size_t)n * 2 <= dev.maxWorkGroupSize())
        n *= 2;
    return n;
}

static std::atomic<size_t> kernelGroupLimitForTests(0);   // detail::limitKernelWorkGroups

size_t kernelWorkGroupLimit(const ocl::Kernel& k)
{
    std::map<const ocl::Kernel*, size_t>& known = currentCache().groupLimits;
    auto it = known.find(&k);   // a kernel of the cache (cachedKernel), or none
    size_t limit = it != known.end() ? it->second : 0;
    if (limit == 0)
    {
        limit = k.workGroupSize();   // 0 when the driver does not say
        if (limit == 0)
            limit = ocl::Device::getDefault().maxWorkGroupSize();
        if (it != known.end())
            it->second = limit;
    }
    const size_t forced = kernelGroupLimitForTests;   // within the test hook's
    return forced ? std::min(limit, forced) : limit;
}

int powerOfTwoWorkGroup(const ocl::Kernel& k, int most)
{
    const size_t limit = kernelWorkGroupLimit(k);
    if (limit == 0)
        return 0;
    int n = powerOfTwoWorkGroup(ocl::Device::getDefault(), most);
    while ((size_t)n > limit)
        n /= 2;
    return n;
}

int setOffsetArg(ocl::Kernel& k, int i, int64 value, bool longOffsets)
{
    return longOffsets ? k.set(i, value) : k.set(i, (int)value);
}

namespace {
// The calls of one thread on one queue whose kernels may still run: the UMats
// they use, kept (where OpenCV pools buffers) until the marker enqueued after
// their last kernel has completed. Holds their queue (and so its context) until
// they are released.
struct PendingCalls
{
    struct Call
    {
        cl_event done;
        std::vector<UMat> kept;
    };
    ocl::Queue queue;
    std::deque<Call> calls;

    // A thread that ends with calls in flight waits for them: its kept UMats would
    // otherwise go back to OpenCV's buffer pool, and to the next UMat made, while
    // the kernels still write them.
    ~PendingCalls()
    {
        releaseCompleted(true);
    }

    // Drops the UMats of completed calls; with `wait`, of all calls.
    void releaseCompleted(bool wait)
    {
        while (!calls.empty())
        {
            cl_int status = CL_COMPLETE;
            if (wait)
                clWaitForEvents(1, &calls.front().done);
            else if (clGetEventInfo(calls.front().done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                                    NULL) != CL_SUCCESS)
                status = CL_COMPLETE;
            if (status > CL_COMPLETE)   // queued, submitted or running; later calls too (in-order queue)
                break;
            clReleaseEvent(calls.front().done);
            calls.pop_front();
        }
    }
};
// One entry per queue with calls in flight: a thread that takes turns on several
// queues (the slots of a BandStream) does not wait for one queue's kernels before
// it enqueues on the next. A list, because PendingCalls is not to be copied.
thread_local std::list<PendingCalls> pendingCalls;

// True when OpenCV's allocator may hand a released buffer of the current context to
// the next UMat made (its buffer pools, on by default for Intel's devices only).
// Otherwise a released buffer is freed, and OpenCL keeps it until the commands
// that use it are done.
bool buffersPooled()
{
    const MatAllocator* allocator = ocl::getOpenCLAllocator();
    for (const char* pool : { "OCL", "HOST_ALLOC" })
    {
        const BufferPoolController* c = allocator->getBufferPoolController(pool);
        if (c && c->getMaxReservedSize() > 0)
            return true;
    }
    return false;
}
} // namespace

Launcher::Launcher(Module module, const char* function)
    : module_(module), function_(function), completed_(false), waitAtEnd_(false)
{
    for (auto it = pendingCalls.begin(); it != pendingCalls.end();)
    {
        it->releaseCompleted(false);
        it = it->calls.empty() ? pendingCalls.erase(it) : std::next(it);
    }
}

int Launcher::setArg(ocl::Kernel& k, int i, const UMat& m, AccessFlag access)
{
    // Checked before UMat::handle, which with ACCESS_WRITE would mark the host copy
    // of a host-only UMat obsolete.
    if (i < 0 || !hasDeviceBuffer(m))
        return -1;
    void* mem = m.handle(access);
    if (!mem)
        return -1;
    kept_.push_back(m);
    // A UMat that stands for a Mat (an OutputArray that is a Mat) is copied back
    // to the Mat when it is released: the call must then wait for its kernels.
    if (m.u->tempUMat() || m.u->tempCopiedUMat())
        waitAtEnd_ = true;
    return k.set(i, &mem, sizeof(mem));
}

int Launcher::setView(ocl::Kernel& k, int i, const UMat& m, AccessFlag access, bool longOffsets)
{
    i = m.step[0] > (size_t)INT_MAX ? -1 : setArg(k, i, m, access);   // never a truncated step
    i = k.set(i, (int)m.step[0]);
    return setOffsetArg(k, i, (int64)m.offset, longOffsets);
}

bool Launcher::run(ocl::Kernel& k, int argsSet, int dims, size_t* global, size_t* local)
{
    if (k.empty())
        return reportFallback(function_, PROGRAM_BUILD_FAILED);
    if (argsSet < 0)
        return reportFallback(function_, LAUNCH_FAILED);
    if (kernelGroupLimitForTests && local)   // refused as the driver of such a device refuses it
    {
        size_t items = 1;
        for (int d = 0; d < dims; d++)
            items *= local[d];
        if (items > kernelWorkGroupLimit(k))
            return reportFallback(function_, LAUNCH_FAILED);
    }
    if (profiling)
    {
        int64 ns = k.runProfiling(dims, global, local, ocl::Queue::getDefault());
        if (ns < 0)
            return reportFallback(function_, LAUNCH_FAILED);
        kernelTimes.push_back(ns);
    }
    else if (clEnqueueNDRangeKernel((cl_command_queue)ocl::Queue::getDefault().ptr(), (cl_kernel)k.ptr(), dims,
                                    NULL, global, local, 0, NULL, NULL) != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    ++launches[module_];
    return true;
}

bool Launcher::readBack(const UMat& m, size_t offset, void* host, size_t bytes)
{
    CV_Assert(m.isContinuous() && offset + bytes <= m.total() * m.elemSize());
    // A plain read, not UMat::copyTo: OpenCV's download path costs microseconds
    // that a small reduction's result does not need. Into pinned memory without
    // blocking, then a wait for the read's event: on H100s and H200s most small
    // reductions ended 2-10 us sooner than with a blocking read into the caller's
    // memory (perf/NOTES.md). Without pinned memory, that blocking read.
    cl_mem mem = (cl_mem)m.handle(ACCESS_READ);
    if (!mem)
        return reportFallback(function_, LAUNCH_FAILED);
    PinnedBuffer& pinned = currentCache().results;
    const bool viaPinned = pinned.reserve(ocl::Context::getDefault(), ocl::Queue::getDefault(), bytes);
    cl_event read = NULL;
    if (clEnqueueReadBuffer((cl_command_queue)ocl::Queue::getDefault().ptr(), mem, viaPinned ? CL_FALSE : CL_TRUE,
                            m.offset + offset, bytes, viaPinned ? pinned.host() : host, 0, NULL,
                            viaPinned ? &read : NULL) != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    if (viaPinned)
    {
        const bool done = clWaitForEvents(1, &read) == CL_SUCCESS;
        clReleaseEvent(read);
        if (!done)
            return reportFallback(function_, LAUNCH_FAILED);
        memcpy(host, pinned.host(), bytes);
    }
    completed_ = true;
    return true;
}

Launcher::~Launcher()
{
    if (kept_.empty() || completed_ || profiling)
        return;   // every kernel has completed
    cl_command_queue queue = (cl_command_queue)ocl::Queue::getDefault().ptr();
    if (waitAtEnd_)
    {
        clFinish(queue);
        return;
    }
    // Without a pool to hand them on, the buffers can go with the UMats now: what
    // the caller drops is freed once the kernels are done, with no later call.
    if (!buffersPooled())
        return;
    cl_event done = NULL;
    if (clEnqueueMarkerWithWaitList(queue, 0, NULL, &done) != CL_SUCCESS)
    {
        clFinish(queue);
        return;
    }
    auto pending = std::find_if(pendingCalls.begin(), pendingCalls.end(),
                                [&](const PendingCalls& p) { return p.queue.ptr() == (void*)queue; });
    try
    {
        if (pending == pendingCalls.end())
        {
            pendingCalls.emplace_back();
            pending = std::prev(pendingCalls.end());
            pending->queue = ocl::Queue::getDefault();
        }
        pending->calls.push_back(PendingCalls::Call{ done, std::move(kept_) });
    }
    catch (const std::bad_alloc&)   // no memory to keep the call: wait for it instead
    {
        clWaitForEvents(1, &done);
        clReleaseEvent(done);
        return;
    }
    // A thread that calls often without ever waiting keeps a bounded number of calls.
    while (pending->calls.size() > 32)
    {
        clWaitForEvents(1, &pending->calls.front().done);
        pending->releaseCompleted(false);
    }
}

uint64 launchCount(Module module)
{
    return launches[module];
}

void addLaunches(Module module, uint64 count)
{
    launches[module] += count;
}

namespace detail {
uint64 kernelsMade()
{
    return kernelsMadeHere;
}

void setKernelProfiling(bool on)
{
    profiling = on;
    kernelTimes.clear();
}

bool kernelProfiling()
{
    return profiling;
}

std::vector<int64> kernelTimesNs()
{
    return kernelTimes;
}

void clearKernelTimes()
{
    kernelTimes.clear();
}

void limitKernelWorkGroups(size_t most)
{
    kernelGroupLimitForTests = most;
}
} // namespace detail

} // namespace clruntime
} // namespace cv
