// clruntime::BandStream: bands of a host image through pinned host memory, with
// the copies of some bands and the kernels of others running at once.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

namespace cv {
namespace clruntime {

namespace {
// Streams running now in this process: they share the host's cores for their copies.
std::atomic<int> activeStreams(0);

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

// Device buffer `buf` made to hold rows x cols of `type` (kept when it has at least as many rows).
UMat deviceRowsLike(UMat& buf, int rows, int cols, int type)
{
    if (buf.cols != cols || buf.type() != type || buf.rows < rows)
    {
        buf.release();
        buf.create(rows, cols, type);
    }
    return buf.rowRange(0, rows);
}
} // namespace

struct BandStream::Slot
{
    ocl::OpenCLExecutionContext context;   // the stream's context with a queue of its own; outlives the rest
    PinnedBuffer pinnedIn;
    std::vector<PinnedBuffer> pinnedOut;
    UMat deviceIn;
    std::vector<UMat> deviceOut;
    std::vector<Mat> results;              // the band in flight: its outputs in pinned memory
    Retire retire;
    cl_event downloaded = NULL;            // the last download of the band in flight

    size_t bytes() const
    {
        size_t n = pinnedIn.bytes + deviceIn.total() * deviceIn.elemSize();
        for (size_t i = 0; i < pinnedOut.size(); i++)
            n += pinnedOut[i].bytes + deviceOut[i].total() * deviceOut[i].elemSize();
        return n;
    }
    ~Slot()
    {
        if (downloaded)
        {
            clWaitForEvents(1, &downloaded);
            clReleaseEvent(downloaded);
        }
        pinnedIn.release();
        for (PinnedBuffer& p : pinnedOut)
            p.release();
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
    ++activeStreams;
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
    --activeStreams;
    std::lock_guard<std::mutex> guard(slotPoolLock);
    for (Slot* slot : slots_)
        if (slot->bytes() <= KEPT_SLOT_BYTES)
            slotPool[keyOf(slot->context)].push_back(slot);
        else
            delete slot;
}

namespace {
// Host threads for the row copies of every stream, started once: starting a
// thread costs tens of microseconds, and a call makes a few copies per band.
// Tasks of all streams share one queue. Never destroyed (threads may still wait
// on it when the process exits).
class CopyThreads
{
public:
    static CopyThreads& get()
    {
        static CopyThreads* threads = new CopyThreads();
        return *threads;
    }
    int size() const { return (int)workers_.size(); }

    // Runs task(0) .. task(n - 1), task(0) on the calling thread, and returns when all have.
    void run(int n, const std::function<void(int)>& task)
    {
        std::mutex doneLock;
        std::condition_variable doneSignal;
        int left = n - 1;
        {
            std::lock_guard<std::mutex> guard(lock_);
            for (int t = 1; t < n; t++)
                queue_.push_back([&, t] {
                    task(t);
                    std::lock_guard<std::mutex> g(doneLock);
                    if (--left == 0)
                        doneSignal.notify_one();
                });
        }
        work_.notify_all();
        task(0);
        std::unique_lock<std::mutex> wait(doneLock);
        doneSignal.wait(wait, [&] { return left == 0; });
    }

private:
    CopyThreads()
    {
        const int n = (int)std::min(64u, std::max(1u, std::thread::hardware_concurrency()));
        for (int i = 0; i < n; i++)
            workers_.emplace_back([this] {
                for (;;)
                {
                    std::function<void()> task;
                    {
                        std::unique_lock<std::mutex> guard(lock_);
                        work_.wait(guard, [this] { return !queue_.empty(); });
                        task = std::move(queue_.front());
                        queue_.pop_front();
                    }
                    task();
                }
            });
        for (std::thread& w : workers_)
            w.detach();
    }
    std::mutex lock_;
    std::condition_variable work_;
    std::deque<std::function<void()>> queue_;
    std::vector<std::thread> workers_;
};
} // namespace

void BandStream::parallelRows(int rows, size_t bytes, const std::function<void(const Range& part)>& part)
{
    CopyThreads& pool = CopyThreads::get();
    // Up to 16 threads a copy, the pool shared between the streams running.
    const int threads = bytes < ((size_t)4 << 20) ? 1
                                                  : std::max(1, std::min(16, pool.size() / std::max(1, activeStreams.load())));
    pool.run(threads, [&](int t) { part(Range(rows * t / threads, rows * (t + 1) / threads)); });
}

void BandStream::copyRows(const Mat& from, const Mat& to)
{
    CV_Assert(from.size() == to.size() && from.type() == to.type());
    parallelRows(from.rows, from.total() * from.elemSize(), [&](const Range& rows) {
        Mat target = to.rowRange(rows);
        from.rowRange(rows).copyTo(target);
    });
}

bool BandStream::retire(Slot& slot)
{
    if (!slot.retire)
        return true;
    cl_int err = CL_SUCCESS;
    if (slot.downloaded)
    {
        err = clWaitForEvents(1, &slot.downloaded);
        clReleaseEvent(slot.downloaded);
        slot.downloaded = NULL;
    }
    const Retire retire = slot.retire;
    slot.retire = Retire();
    if (err != CL_SUCCESS)
    {
        reportFallback(function_, LAUNCH_FAILED);
        retire(std::vector<Mat>());
        return false;
    }
    retire(slot.results);
    return true;
}

bool BandStream::submit(const Mat& in, const std::vector<Output>& outputs, const Kernels& kernels,
                        const Retire& retireBand)
{
    Slot& slot = *slots_[next_++ % SLOTS];
    if (!retire(slot))
        return false;
    ocl::OpenCLExecutionContextScope scope(slot.context);
    cl_context context = (cl_context)slot.context.getContext().ptr();
    cl_command_queue queue = (cl_command_queue)slot.context.getQueue().ptr();
    const size_t n = outputs.size();
    slot.pinnedOut.resize(n);
    slot.deviceOut.resize(n);
    slot.results.resize(n);
    UMat deviceIn = deviceRowsLike(slot.deviceIn, in.rows, in.cols, in.type());
    std::vector<UMat> deviceOut(n);
    bool pinned = slot.pinnedIn.reserve(context, queue, in.total() * in.elemSize());
    for (size_t i = 0; i < n; i++)
    {
        const Output& o = outputs[i];
        pinned = pinned && slot.pinnedOut[i].reserve(context, queue, (size_t)o.size.area() * CV_ELEM_SIZE(o.type));
        deviceOut[i] = deviceRowsLike(slot.deviceOut[i], o.size.height, o.size.width, o.type);
        if (!haveDeviceBuffers(function_, { { deviceOut[i], "band output" } }))
            return false;
    }
    if (!pinned)
        return reportFallback(function_, "no pinned host memory for a band");
    if (!haveDeviceBuffers(function_, { { deviceIn, "band input" } }))
        return false;

    copyRows(in, Mat(in.rows, in.cols, in.type(), slot.pinnedIn.host));
    if (clEnqueueWriteBuffer(queue, (cl_mem)deviceIn.handle(ACCESS_WRITE), CL_FALSE, deviceIn.offset,
                             in.total() * in.elemSize(), slot.pinnedIn.host, 0, NULL, NULL) != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    if (!kernels(deviceIn, deviceOut))
        return false;
    for (size_t i = 0; i < n; i++)
    {
        const UMat& d = deviceOut[i];
        cl_event* done = i + 1 == n ? &slot.downloaded : NULL;   // the queue is in order: the last one tells
        if (clEnqueueReadBuffer(queue, (cl_mem)d.handle(ACCESS_READ), CL_FALSE, d.offset, d.total() * d.elemSize(),
                                slot.pinnedOut[i].host, 0, NULL, done) != CL_SUCCESS)
            return reportFallback(function_, LAUNCH_FAILED);
        slot.results[i] = Mat(d.size(), d.type(), slot.pinnedOut[i].host);
    }
    slot.retire = retireBand;
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
