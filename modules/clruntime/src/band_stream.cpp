// clruntime::BandStream: bands of a host image through pinned host memory, with
// the copies of some bands and the kernels of others running at once.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"

#include <map>
#include <mutex>
#include <thread>

namespace cv {
namespace clruntime {

namespace {
// Copies `from` into `to` (same size and type) on a few host threads: one thread
// copies about 10 GB/s, a fifth of what one PCIe 5 link takes.
void copyRows(const Mat& from, const Mat& to)
{
    const size_t bytes = from.total() * from.elemSize();
    const int threads = bytes < ((size_t)4 << 20) ? 1 : (int)std::max(1u, std::min(8u, std::thread::hardware_concurrency() / 2));
    auto part = [&](int t) {
        const Range rows(from.rows * t / threads, from.rows * (t + 1) / threads);
        Mat target = to.rowRange(rows);
        from.rowRange(rows).copyTo(target);
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; t++)
        helpers.emplace_back(part, t);
    part(0);
    for (std::thread& h : helpers)
        h.join();
}

// Host memory the device copies from and to at the link's rate: a
// CL_MEM_ALLOC_HOST_PTR buffer (pinned by the driver), mapped while it lives.
struct PinnedBuffer
{
    cl_mem mem = NULL;
    cl_command_queue queue = NULL;
    void* host = NULL;
    size_t bytes = 0;

    bool reserve(cl_context context, cl_command_queue q, size_t n)
    {
        if (n <= bytes)
            return true;
        release();
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, n, NULL, &err);
        if (err != CL_SUCCESS || !m)
            return false;
        void* p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, n, 0, NULL, NULL, &err);
        if (err != CL_SUCCESS || !p)
        {
            clReleaseMemObject(m);
            return false;
        }
        mem = m, queue = q, host = p, bytes = n;
        return true;
    }
    void release()
    {
        if (host)
        {
            clEnqueueUnmapMemObject(queue, mem, host, 0, NULL, NULL);
            clFinish(queue);
        }
        if (mem)
            clReleaseMemObject(mem);
        mem = NULL, queue = NULL, host = NULL, bytes = 0;
    }
};

// Device buffer `buf` made to hold `like` (same columns and type, at least as many rows).
UMat deviceRowsLike(UMat& buf, const Mat& like)
{
    if (buf.cols != like.cols || buf.type() != like.type() || buf.rows < like.rows)
    {
        buf.release();
        buf.create(like.rows, like.cols, like.type());
    }
    return buf.rowRange(0, like.rows);
}
} // namespace

struct BandStream::Slot
{
    ocl::OpenCLExecutionContext context;   // the stream's context with a queue of its own; outlives the rest
    PinnedBuffer pinnedIn, pinnedOut;
    UMat deviceIn, deviceOut;
    Mat pendingOut;                        // host rows the download in flight is for
    cl_event downloaded = NULL;

    size_t bytes() const
    {
        return pinnedIn.bytes + pinnedOut.bytes + deviceIn.total() * deviceIn.elemSize() +
               deviceOut.total() * deviceOut.elemSize();
    }
    ~Slot()
    {
        if (downloaded)
        {
            clWaitForEvents(1, &downloaded);
            clReleaseEvent(downloaded);
        }
        pinnedIn.release();
        pinnedOut.release();
    }
};

namespace {
// Slots kept between calls, per (context, device): pinning host memory costs
// about as much as copying it, so a stream of a few calls would pay it again
// and again. Slots of more than KEPT_SLOT_BYTES (a memory budget's big bands) are
// given back after their call. Never destroyed: OpenCL may be unloaded before
// static objects are.
typedef std::pair<void*, void*> ContextKey;
std::mutex slotPoolLock;
std::map<ContextKey, std::vector<BandStream::Slot*>>& slotPool = *new std::map<ContextKey, std::vector<BandStream::Slot*>>();
const size_t KEPT_SLOT_BYTES = (size_t)2 * BandStream::MAX_BAND_BYTES;

ContextKey keyOf(const ocl::OpenCLExecutionContext& c)
{
    return ContextKey(c.getContext().ptr(), c.getDevice().ptr());
}
} // namespace

BandStream::BandStream(const char* function) : function_(function), next_(0)
{
    const ocl::OpenCLExecutionContext current = ocl::OpenCLExecutionContext::getCurrent();
    std::lock_guard<std::mutex> guard(slotPoolLock);
    std::vector<Slot*>& kept = slotPool[keyOf(current)];
    for (int i = 0; i < SLOTS; i++)
    {
        Slot* slot = NULL;
        if (!kept.empty())
        {
            slot = kept.back();
            kept.pop_back();
        }
        else
        {
            slot = new Slot;
            slot->context = current.cloneWithNewQueue();
        }
        slots_.push_back(slot);
    }
}

BandStream::~BandStream()
{
    finish();
    std::lock_guard<std::mutex> guard(slotPoolLock);
    for (Slot* slot : slots_)
        if (slot->bytes() <= KEPT_SLOT_BYTES)
            slotPool[keyOf(slot->context)].push_back(slot);
        else
            delete slot;
}

bool BandStream::retire(Slot& slot)
{
    if (!slot.downloaded)
        return true;
    const cl_int err = clWaitForEvents(1, &slot.downloaded);
    clReleaseEvent(slot.downloaded);
    slot.downloaded = NULL;
    const Mat out = slot.pendingOut;
    slot.pendingOut.release();
    if (err != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    copyRows(Mat(out.rows, out.cols, out.type(), slot.pinnedOut.host), out);
    return true;
}

bool BandStream::submit(const Mat& in, const Mat& out, const Kernels& kernels)
{
    Slot& slot = *slots_[next_++ % SLOTS];
    if (!retire(slot))
        return false;
    ocl::OpenCLExecutionContextScope scope(slot.context);
    cl_context context = (cl_context)slot.context.getContext().ptr();
    cl_command_queue queue = (cl_command_queue)slot.context.getQueue().ptr();
    const size_t inBytes = in.total() * in.elemSize(), outBytes = out.total() * out.elemSize();
    if (!slot.pinnedIn.reserve(context, queue, inBytes) || !slot.pinnedOut.reserve(context, queue, outBytes))
        return reportFallback(function_, "no pinned host memory for a band");
    UMat deviceIn = deviceRowsLike(slot.deviceIn, in), deviceOut = deviceRowsLike(slot.deviceOut, out);
    if (!haveDeviceBuffers(function_, { { deviceIn, "band input" }, { deviceOut, "band output" } }))
        return false;

    copyRows(in, Mat(in.rows, in.cols, in.type(), slot.pinnedIn.host));
    if (clEnqueueWriteBuffer(queue, (cl_mem)deviceIn.handle(ACCESS_WRITE), CL_FALSE, deviceIn.offset, inBytes,
                             slot.pinnedIn.host, 0, NULL, NULL) != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    if (!kernels(deviceIn, deviceOut))
        return false;
    if (clEnqueueReadBuffer(queue, (cl_mem)deviceOut.handle(ACCESS_READ), CL_FALSE, deviceOut.offset, outBytes,
                            slot.pinnedOut.host, 0, NULL, &slot.downloaded) != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    slot.pendingOut = out;
    clFlush(queue);
    return true;
}

bool BandStream::finish()
{
    bool ok = true;
    for (int i = 0; i < SLOTS; i++)   // oldest band first
        ok = retire(*slots_[(next_ + i) % SLOTS]) && ok;
    return ok;
}

} // namespace clruntime
} // namespace cv
