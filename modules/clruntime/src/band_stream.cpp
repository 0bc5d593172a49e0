// clruntime::BandStream: bands of a host image through pinned host memory, with
// the copies of some bands and the kernels of others running at once.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <thread>

namespace cv {
namespace clruntime {

PinnedBuffer::PinnedBuffer(PinnedBuffer&& other) noexcept
    : mem_(other.mem_), queue_(other.queue_), host_(other.host_), bytes_(other.bytes_)
{
    other.mem_ = NULL, other.queue_ = NULL, other.host_ = NULL, other.bytes_ = 0;
}

PinnedBuffer& PinnedBuffer::operator=(PinnedBuffer&& other) noexcept
{
    if (this != &other)
    {
        release();
        mem_ = other.mem_, queue_ = other.queue_, host_ = other.host_, bytes_ = other.bytes_;
        other.mem_ = NULL, other.queue_ = NULL, other.host_ = NULL, other.bytes_ = 0;
    }
    return *this;
}

namespace {
// detail::failPinnedMemory: every reserve fails.
std::atomic<bool> pinnedFails(false);
} // namespace

bool PinnedBuffer::reserve(const ocl::Context& context, const ocl::Queue& queue, size_t n)
{
    if (pinnedFails)
        return false;
    if (n <= bytes_)
        return true;
    release();
    cl_command_queue q = (cl_command_queue)queue.ptr();
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer((cl_context)context.ptr(), CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, n, NULL, &err);
    if (err != CL_SUCCESS || !m)
        return false;
    void* p = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, n, 0, NULL, NULL, &err);
    if (err != CL_SUCCESS || !p)
    {
        clReleaseMemObject(m);
        return false;
    }
    clRetainCommandQueue(q);   // for the unmap, whatever becomes of the queue's other owners
    mem_ = m, queue_ = q, host_ = p, bytes_ = n;
    return true;
}

void PinnedBuffer::release()
{
    if (host_)
    {
        clEnqueueUnmapMemObject((cl_command_queue)queue_, (cl_mem)mem_, host_, 0, NULL, NULL);
        clFinish((cl_command_queue)queue_);
        clReleaseCommandQueue((cl_command_queue)queue_);
    }
    if (mem_)
        clReleaseMemObject((cl_mem)mem_);
    mem_ = NULL, queue_ = NULL, host_ = NULL, bytes_ = 0;
}

namespace {
// Streams running now in this process: they share the host's cores for their copies.
std::atomic<int> activeStreams(0);
// Bytes copied on the host between callers' rows and the slots' pinned buffers.
std::atomic<uint64> stagedBytes(0);
// detail::setCopyThreads: the parts of every parallelRows, 0 for its own choice.
std::atomic<int> forcedCopyThreads(0);
// detail::failBandSubmit: submits left before the one that fails (-1: none), and where.
std::atomic<int> submitsBeforeFailure(-1);
std::atomic<bool> failureAfterKernels(false);
// detail::failBandDownload: bands' downloads left before those that fail (-1: none).
std::atomic<int> downloadsBeforeFailure(-1);
// detail::failBandStreams: the next stream made has no host memory for its slots.
std::atomic<bool> streamFails(false);
// detail::setBandGuardRows: rows of guard above and below each band output on the
// device, which hold GUARD_VALUE until a band is retired, and the outputs whose guard
// rows were found changed then.
std::atomic<int> guardRows(0);
std::atomic<uint64> guardsChanged(0);
const double GUARD_VALUE = 165;   // in the range of every depth

// True for the one call (of those counted down by `left`) that a failure hook chose.
bool isChosenToFail(std::atomic<int>& left)
{
    int now = left.load();
    while (now >= 0 && !left.compare_exchange_weak(now, now - 1))
    {
    }
    return now == 0;
}

// Device buffer `buf` made to hold rows x cols of `type` (kept when it has at
// least as many rows and is on the device: a failed allocation leaves a host one).
UMat deviceRowsLike(UMat& buf, int rows, int cols, int type)
{
    if (buf.cols != cols || buf.type() != type || buf.rows < rows || !hasDeviceBuffer(buf))
    {
        buf.release();
        buf.create(rows, cols, type);
    }
    return buf.rowRange(0, rows);
}

// Enqueues, without waiting, the copy of host rows `host` (any step) to the device
// rows `d` (continuous, same size and type) or from them.
cl_int enqueueRowsCopy(cl_command_queue q, const UMat& d, const Mat& host, bool toDevice, cl_event* done)
{
    cl_mem mem = (cl_mem)d.handle(toDevice ? ACCESS_WRITE : ACCESS_READ);
    const size_t rowBytes = host.cols * host.elemSize();
    if (host.isContinuous() && toDevice)
        return clEnqueueWriteBuffer(q, mem, CL_FALSE, d.offset, rowBytes * host.rows, host.data, 0, NULL, done);
    if (host.isContinuous())
    {
        // A download that starts inside a 64-byte line of host memory (the integral's
        // rows of width + 1 elements) writes every line in part: two GPUs at once then
        // moved 3-15% less (perf/NOTES.md). Its bytes up to the next line go on their own.
        const size_t bytes = rowBytes * host.rows;
        size_t head = (64 - (uintptr_t)host.data % 64) % 64;
        if (head >= bytes)   // within one line: in one piece
            head = 0;
        if (head > 0)
        {
            const cl_int status = clEnqueueReadBuffer(q, mem, CL_FALSE, d.offset, head, host.data, 0, NULL, NULL);
            if (status != CL_SUCCESS)
                return status;
        }
        return clEnqueueReadBuffer(q, mem, CL_FALSE, d.offset + head, bytes - head, host.data + head, 0, NULL, done);
    }
    const size_t deviceOrigin[3] = { d.offset, 0, 0 }, hostOrigin[3] = { 0, 0, 0 };
    const size_t region[3] = { rowBytes, (size_t)host.rows, 1 };
    return toDevice ? clEnqueueWriteBufferRect(q, mem, CL_FALSE, deviceOrigin, hostOrigin, region, d.step, 0, host.step,
                                               0, host.data, 0, NULL, done)
                    : clEnqueueReadBufferRect(q, mem, CL_FALSE, deviceOrigin, hostOrigin, region, d.step, 0, host.step,
                                              0, host.data, 0, NULL, done);
}
} // namespace

struct BandStream::Slot
{
    ocl::OpenCLExecutionContext context;   // the stream's context with a queue of its own; outlives the rest
    std::vector<PinnedBuffer> pinnedIn;
    std::vector<PinnedBuffer> pinnedOut;
    std::vector<UMat> deviceIn;
    std::vector<UMat> deviceOut;
    std::vector<Mat> results;              // the band in flight: its outputs in pinned memory
    std::vector<Mat> into;                 // where they go (Output::into), or empty
    std::vector<UMat> downloads;           // the device rows of each output that come back
    std::vector<int> enqueuedRows;         // a waiting band: the first rows of each download, enqueued
    std::vector<UMat> guarded;             // detail::setBandGuardRows: each output with its guard rows,
    int guard = 0;                         // this many above and below
    Later later;                           // kernels to enqueue before the downloads (submit with Later)
    Retire retire;
    cl_event downloaded = NULL;            // the last download of the band in flight
    bool inFlight = false;                 // a band was submitted and not yet retired
    bool queueIdle = true;                 // nothing enqueued since the queue was last seen done

    // Device memory the slot holds: each buffer once, whatever views of it it keeps.
    size_t deviceBytes() const
    {
        std::set<const UMatData*> buffers;
        size_t n = 0;
        for (const std::vector<UMat>* held : { &deviceIn, &deviceOut, &downloads })
            for (const UMat& d : *held)
                if (d.u && buffers.insert(d.u).second)
                    n += d.u->size;
        return n;
    }
    size_t bytes() const
    {
        size_t n = deviceBytes();
        for (const PinnedBuffer& p : pinnedIn)
            n += p.bytes();
        for (const PinnedBuffer& p : pinnedOut)
            n += p.bytes();
        return n;
    }
    // Everything enqueued done: a band that failed half-way may have left an
    // upload from the pinned input, or kernels, behind its last download.
    void drain()
    {
        if (downloaded)
        {
            clReleaseEvent(downloaded);
            downloaded = NULL;
        }
        // clFinish costs 10-20 us on NVIDIA even with nothing queued, three slots a device.
        if (!queueIdle && !context.empty())   // empty when its queue could not be made
            clFinish((cl_command_queue)context.getQueue().ptr());
        queueIdle = true;
    }
    // detail::setBandGuardRows: counts the outputs of the retired band whose guard
    // rows a kernel wrote.
    void checkGuards()
    {
        ocl::OpenCLExecutionContextScope scope(context);
        for (const UMat& g : guarded)
        {
            Mat above, below;
            g.rowRange(0, guard).copyTo(above);
            g.rowRange(g.rows - guard, g.rows).copyTo(below);
            if (countNonZero(above.reshape(1) != GUARD_VALUE) || countNonZero(below.reshape(1) != GUARD_VALUE))
                guardsChanged++;
        }
        guarded.clear();
    }
    ~Slot() { drain(); }   // before the pinned buffers go
};

namespace {
// Slots kept between calls, per (context, device), SLOTS at most: pinning host
// memory costs about as much as copying it, so a stream of a few calls would pay
// it again and again. Slots of more than KEPT_SLOT_BYTES (a memory budget's big
// bands) are given back after their call, and so are those of all but the
// MAX_KEPT_DEVICES pairs used last (a caller that makes a context per call would
// otherwise keep every one's), unless a stream still running was made before they
// were last used: the pairs of a call over more devices keep theirs. Never
// destroyed: OpenCL may be unloaded before static objects are.
typedef std::pair<void*, void*> ContextKey;
struct KeptSlots
{
    std::vector<BandStream::Slot*> slots;
    uint64 lastUse = 0;   // slotPoolClock when a stream last took or gave back slots
};
std::mutex slotPoolLock;
std::map<ContextKey, KeptSlots>& slotPool = *new std::map<ContextKey, KeptSlots>();
uint64 slotPoolClock = 0;
std::multiset<uint64>& streamsMade = *new std::multiset<uint64>();   // slotPoolClock when each live stream was made
const size_t KEPT_SLOT_BYTES = (size_t)2 * BandStream::MAX_BAND_BYTES, MAX_KEPT_DEVICES = 8;

// The kept slots of `key`, marked as used now (slotPoolLock held).
std::vector<BandStream::Slot*>& keptSlots(const ContextKey& key)
{
    KeptSlots& kept = slotPool[key];
    kept.lastUse = ++slotPoolClock;
    return kept.slots;
}

// Frees the slots of the pairs used longest ago, down to MAX_KEPT_DEVICES pairs,
// but not those used at `keepFrom` or later (slotPoolLock held; kept slots have
// nothing in flight).
void dropOldestKeptSlots(uint64 keepFrom)
{
    while (slotPool.size() > MAX_KEPT_DEVICES)
    {
        auto oldest = slotPool.begin();
        for (auto it = slotPool.begin(); it != slotPool.end(); ++it)
            if (it->second.lastUse < oldest->second.lastUse)
                oldest = it;
        if (oldest->second.lastUse >= keepFrom)
            return;
        for (BandStream::Slot* slot : oldest->second.slots)
            delete slot;
        slotPool.erase(oldest);
    }
}

ContextKey keyOf(const ocl::OpenCLExecutionContext& c)
{
    return ContextKey(c.getContext().ptr(), c.getDevice().ptr());
}
} // namespace

BandStream::BandStream(const char* function, size_t memoryBudget)
    : function_(function), slotBudget_(memoryBudget / SLOTS), next_(0), waiting_(NULL), made_(0)
{
    bool chosen = true;
    if (streamFails.compare_exchange_strong(chosen, false))
        throw std::bad_alloc();
    const ocl::OpenCLExecutionContext current = ocl::OpenCLExecutionContext::getCurrent();
    std::lock_guard<std::mutex> guard(slotPoolLock);
    std::vector<Slot*>& kept = keptSlots(keyOf(current));
    slots_.reserve(SLOTS);
    try
    {
        while (slots_.size() < SLOTS && !kept.empty())
        {
            slots_.push_back(kept.back());
            kept.pop_back();
            // Kept from a call with bigger bands: given back now, not at the slot's
            // next band (a call of fewer bands than slots would hold them all through).
            Slot& slot = *slots_.back();
            if (slotBudget_ > 0 && slot.deviceBytes() > slotBudget_)
            {
                slot.deviceIn.clear();
                slot.deviceOut.clear();
                slot.downloads.clear();
            }
        }
        while (slots_.size() < SLOTS)
        {
            std::unique_ptr<Slot> slot(new Slot);
            slot->context = current.cloneWithNewQueue();   // throws when no queue can be made
            slots_.push_back(slot.release());
        }
        made_ = slotPoolClock;
        streamsMade.insert(made_);
    }
    catch (...)
    {
        for (Slot* slot : slots_)
            kept.push_back(slot);
        throw;
    }
    ++activeStreams;
}

BandStream::~BandStream()
{
    finish();
    --activeStreams;
    for (Slot* slot : slots_)
        slot->drain();
    std::lock_guard<std::mutex> guard(slotPoolLock);
    for (Slot* slot : slots_)
    {
        // At most SLOTS a device: calls at once on several threads make more, and a
        // later call with a memory budget gives back only what it takes.
        std::vector<Slot*>& kept = keptSlots(keyOf(slot->context));
        if (slot->bytes() <= KEPT_SLOT_BYTES && kept.size() < SLOTS)
            kept.push_back(slot);
        else
            delete slot;
    }
    // The pairs used since the oldest live stream (this one at least) was made stay:
    // its call may still run on them, or have run on them.
    const uint64 keepFrom = *streamsMade.begin();
    streamsMade.erase(streamsMade.find(made_));
    dropOldestKeptSlots(keepFrom);
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

    // Runs task(0) .. task(n - 1), task(0) on the calling thread, and returns when
    // all have; then throws the first exception a task threw, if any.
    void run(int n, const std::function<void(int)>& task)
    {
        std::mutex doneLock;
        std::condition_variable doneSignal;
        std::exception_ptr failure;
        int left = n;
        auto runTask = [&](int t) {
            std::exception_ptr thrown;
            try
            {
                task(t);
            }
            catch (...)
            {
                thrown = std::current_exception();
            }
            std::lock_guard<std::mutex> g(doneLock);
            if (thrown && !failure)
                failure = thrown;
            if (--left == 0)
                doneSignal.notify_one();
        };
        // What the queue holds refers to this frame, so nothing leaves it before
        // every task has run: a task that cannot be queued runs here.
        int queued = 1;
        {
            std::lock_guard<std::mutex> guard(lock_);
            try
            {
                for (; queued < n; queued++)
                    queue_.push_back([&runTask, queued] { runTask(queued); });
            }
            catch (const std::bad_alloc&)
            {
            }
        }
        work_.notify_all();
        for (int t = queued; t < n; t++)
            runTask(t);
        runTask(0);
        std::unique_lock<std::mutex> wait(doneLock);
        doneSignal.wait(wait, [&] { return left == 0; });
        if (failure)
            std::rethrow_exception(failure);
    }

private:
    CopyThreads()
    {
        const int n = (int)std::min(64u, std::max(1u, std::thread::hardware_concurrency()));
        for (int i = 0; i < n; i++)
        {
            try   // a thread that cannot be started leaves fewer: the calling thread copies alone at worst
            {
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
                        task();   // catches what it throws
                    }
                });
            }
            catch (const std::exception&)   // std::system_error, or std::bad_alloc
            {
                break;
            }
        }
        for (std::thread& w : workers_)
            w.detach();
    }
    std::mutex lock_;
    std::condition_variable work_;
    std::deque<std::function<void()>> queue_;
    std::vector<std::thread> workers_;
};
} // namespace

void BandStream::parallelRows(int rows, size_t bytes, const std::function<void(const Range& part)>& part,
                              size_t bytesPerThread)
{
    CopyThreads& pool = CopyThreads::get();
    // Up to 16 threads a copy, the pool shared between the streams running.
    const int share = std::max(1, std::min(16, pool.size() / std::max(1, activeStreams.load())));
    const int forced = forcedCopyThreads;
    const int threads = forced > 0 ? forced
                        : bytesPerThread > 0 ? (int)std::max<size_t>(1, std::min<size_t>(share, bytes / bytesPerThread))
                        : bytes < ((size_t)4 << 20) ? 1 : share;
    pool.run(threads, [&](int t) {
        part(Range((int)((int64)rows * t / threads), (int)((int64)rows * (t + 1) / threads)));
    });
}

void BandStream::copyRows(const Mat& from, const Mat& to)
{
    CV_Assert(from.size() == to.size() && from.type() == to.type());
    parallelRows(from.rows, from.total() * from.elemSize(), [&](const Range& rows) {
        Mat target = to.rowRange(rows);
        from.rowRange(rows).copyTo(target);
    });
}

// Tells a band's retire function, taken out of `retire` (moved: a copy may allocate,
// and what that threw would leave the band untold and the bands waiting for it
// hanging), that the band failed: no results. What the function throws then is
// dropped: the failure is reported, and this runs in destructors too.
static void tellFailure(BandStream::Retire& retire)
{
    const BandStream::Retire notCalled = std::move(retire);
    retire = nullptr;
    try
    {
        if (notCalled)
            notCalled(std::vector<Mat>());
    }
    catch (...)
    {
    }
}

// A band waiting for the next one whose later kernels or downloads could not all
// be enqueued: never in flight, so never retired; its retire function hears of the
// failure here.
void BandStream::dropWaiting(Slot& slot)
{
    slot.later = nullptr;
    tellFailure(slot.retire);
}

// enqueueLater for a band no longer waiting (waiting_ cleared): dropped when that
// fails or throws.
bool BandStream::enqueueLaterOrDrop(Slot& slot, void* gate)
{
    try
    {
        if (enqueueLater(slot, gate))
            return true;
    }
    catch (...)
    {
        dropWaiting(slot);
        throw;
    }
    dropWaiting(slot);
    return false;
}

// Waits for the band in flight in `slot`, if any, and retires it (its results
// copied into the caller's rows, its retire function called); false, after
// reporting it, when its downloads or that copy failed.
bool BandStream::retireInFlight(Slot& slot)
{
    cl_int err = CL_SUCCESS;
    if (slot.downloaded)
    {
        err = clWaitForEvents(1, &slot.downloaded);
        cl_int status = CL_COMPLETE;   // a failed command may leave the wait itself successful
        if (err == CL_SUCCESS &&
            clGetEventInfo(slot.downloaded, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) == CL_SUCCESS &&
            status < 0)
            err = status;
        clReleaseEvent(slot.downloaded);
        slot.downloaded = NULL;
        slot.queueIdle = err == CL_SUCCESS;   // the queue is in order: the last download was its last command
    }
    // The slot stays in the pool after the call: it must not keep the caller's rows,
    // nor views of outputs that a later call with a budget gives back.
    std::vector<Mat> into, results;
    into.swap(slot.into);
    results.swap(slot.results);
    slot.downloads.clear();
    if (!slot.inFlight)
        return true;
    slot.inFlight = false;
    // Moved, not copied (see tellFailure). The band's retire function hears of a
    // failure too (no results), whatever failed before it was called: bands waiting
    // for this one must stop waiting.
    Retire retire = std::move(slot.retire);
    slot.retire = nullptr;
    // What the copies or the retire function throw ends this stream as a
    // fallback: finish() runs in the destructor too, where an exception would end
    // the process.
    try
    {
        if (err != CL_SUCCESS)
        {
            tellFailure(retire);
            return reportFallback(function_, LAUNCH_FAILED);
        }
        slot.checkGuards();
        for (size_t i = 0; i < into.size(); i++)
            if (!into[i].empty() && into[i].data != results[i].data)
            {
                copyRows(results[i], into[i]);
                stagedBytes += into[i].total() * into[i].elemSize();
                results[i] = into[i];
            }
        const Retire called = std::move(retire);
        retire = nullptr;
        if (called)
            called(results);
        return true;
    }
    catch (const cv::Exception& e)
    {
        tellFailure(retire);
        return reportFallback(function_, ("an exception: " + e.err).c_str());
    }
    catch (const std::exception& e)
    {
        tellFailure(retire);
        return reportFallback(function_, (std::string("an exception: ") + e.what()).c_str());
    }
}

bool BandStream::submit(const Mat& in, const std::vector<Output>& outputs, const Kernels& kernels,
                        const Retire& retireBand)
{
    return submit(in, outputs, kernels, Later(), retireBand);
}

bool BandStream::submit(const Mat& in, const std::vector<Output>& outputs, const Kernels& kernels,
                        const Later& later, const Retire& retireBand)
{
    return submitBand(std::vector<Mat>{ in }, outputs,
                      [&kernels](const std::vector<UMat>& deviceIn, const std::vector<UMat>& deviceOut) {
                          return kernels(deviceIn[0], deviceOut);
                      },
                      later, retireBand);
}

bool BandStream::submit(const std::vector<Mat>& in, const std::vector<Output>& outputs,
                        const KernelsOfInputs& kernels, const Retire& retireBand)
{
    return submitBand(in, outputs, kernels, Later(), retireBand);
}

bool BandStream::submitBand(const std::vector<Mat>& in, const std::vector<Output>& outputs,
                            const KernelsOfInputs& kernels, const Later& later, const Retire& retireBand)
{
    Slot& slot = *slots_[next_++ % SLOTS];
    if (!retire(slot))
        return false;
    slot.queueIdle = false;
    slot.guarded.clear();
    slot.guard = guardRows;
    ocl::OpenCLExecutionContextScope scope(slot.context);
    const ocl::Context& context = slot.context.getContext();
    const ocl::Queue& queue = slot.context.getQueue();
    cl_command_queue q = (cl_command_queue)queue.ptr();
    const size_t m = in.size(), n = outputs.size();
    slot.pinnedIn.resize(m);
    slot.deviceIn.resize(m);
    slot.pinnedOut.resize(n);
    slot.deviceOut.resize(n);
    slot.results.resize(n);
    slot.into.resize(n);
    std::vector<UMat> deviceIn(m), deviceOut(n);
    // Host rows of the band that are in pinned memory already go to and from the
    // device from there; the others through the slot's pinned buffers.
    std::vector<Mat> hostIn(m);
    bool pinned = true;
    for (size_t i = 0; i < m; i++)
    {
        deviceIn[i] = deviceRowsLike(slot.deviceIn[i], in[i].rows, in[i].cols, in[i].type());
        if (isPinned(in[i]))
            hostIn[i] = in[i];
        else if (slot.pinnedIn[i].reserve(context, queue, in[i].total() * in[i].elemSize()))
            hostIn[i] = Mat(in[i].rows, in[i].cols, in[i].type(), slot.pinnedIn[i].host());
        else
            pinned = false;
    }
    for (size_t i = 0; i < n; i++)
    {
        const Output& o = outputs[i];
        const Size kept(o.size.width, o.size.height - o.skipRows);   // the rows that come back
        CV_Assert(0 <= o.skipRows && o.skipRows < o.size.height &&
                  (o.into.empty() || (o.into.size() == kept && o.into.type() == o.type)));
        slot.into[i] = o.into;
        if (isPinned(o.into))
            slot.results[i] = o.into;
        else if (slot.pinnedOut[i].reserve(context, queue, (size_t)kept.width * kept.height * CV_ELEM_SIZE(o.type)))
            slot.results[i] = Mat(kept, o.type, slot.pinnedOut[i].host());
        else
            pinned = false;
        const int guard = slot.guard;
        UMat guarded = deviceRowsLike(slot.deviceOut[i], o.size.height + 2 * guard, o.size.width, o.type);
        if (!haveDeviceBuffers(function_, { { guarded, "band output" } }))
            return false;
        deviceOut[i] = guarded.rowRange(guard, guard + o.size.height);
        if (guard > 0)
        {
            guarded.setTo(Scalar::all(GUARD_VALUE));
            slot.guarded.push_back(guarded);
        }
    }
    if (!pinned)
        return reportFallback(function_, "no pinned host memory for a band");
    for (size_t i = 0; i < m; i++)
        if (!haveDeviceBuffers(function_, { { deviceIn[i], "band input" } }))
            return false;

    const bool chosenToFail = isChosenToFail(submitsBeforeFailure);
    if (chosenToFail && !failureAfterKernels)
        return reportFallback(function_, LAUNCH_FAILED);
    for (size_t i = 0; i < m; i++)
    {
        if (hostIn[i].data != in[i].data)
        {
            copyRows(in[i], hostIn[i]);
            stagedBytes += in[i].total() * in[i].elemSize();
        }
        if (enqueueRowsCopy(q, deviceIn[i], hostIn[i], true, NULL) != CL_SUCCESS)
            return reportFallback(function_, LAUNCH_FAILED);
    }
    // The band before: its later kernels and the first half of its downloads go
    // ahead of this band's kernels, so that its device's copies to the host start
    // while this band is uploaded (submitted first: the later kernels may wait on
    // the host); the rest goes behind them (below). A band whose later kernels or
    // downloads fail is dropped, not retired (dropWaiting).
    if (waiting_)
    {
        clFlush(q);
        if (!enqueueLaterHead(*waiting_))
        {
            dropWaiting(*waiting_);
            waiting_ = NULL;
            return false;
        }
    }
    if (!kernels(deviceIn, deviceOut))
        return false;
    if (chosenToFail)
        return reportFallback(function_, LAUNCH_FAILED);
    slot.downloads.resize(n);
    slot.enqueuedRows.clear();
    for (size_t i = 0; i < n; i++)
        slot.downloads[i] = deviceOut[i].rowRange(outputs[i].skipRows, deviceOut[i].rows);
    slot.later = later;
    slot.retire = retireBand;
    // The band before waited for this one's kernels: the rest of its downloads go behind them.
    if (waiting_)
    {
        Slot& before = *waiting_;
        waiting_ = NULL;
        cl_event kernelsDone = NULL;
        if (clEnqueueMarkerWithWaitList(q, 0, NULL, &kernelsDone) != CL_SUCCESS)
        {
            dropWaiting(before);
            return reportFallback(function_, LAUNCH_FAILED);
        }
        clFlush(q);
        bool enqueued = false;
        try
        {
            enqueued = enqueueLaterOrDrop(before, kernelsDone);
        }
        catch (...)
        {
            clReleaseEvent(kernelsDone);
            throw;
        }
        clReleaseEvent(kernelsDone);
        if (!enqueued)
            return false;
    }
    if (later)
    {
        waiting_ = &slot;
        clFlush(q);
        return true;
    }
    return enqueueDownloads(slot);
}

// The later kernels of the band in `slot`, on its queue, unless they ran already.
bool BandStream::enqueueLaterKernels(Slot& slot)
{
    ocl::OpenCLExecutionContextScope scope(slot.context);
    const Later later = std::move(slot.later);   // moved: a copy may allocate (see tellFailure)
    slot.later = nullptr;
    return !later || later();
}

// Rows [first, last) of download i of the band in `slot`, on queue `q`.
static cl_int enqueueDownloadRows(cl_command_queue q, const BandStream::Slot& slot, size_t i, int first, int last,
                                  cl_event* done)
{
    return enqueueRowsCopy(q, slot.downloads[i].rowRange(first, last), slot.results[i].rowRange(first, last), false,
                           done);
}

// A band waiting for the next one: its later kernels and the first half of the
// rows of its downloads, on its queue, unless a submit that failed after them
// enqueued them already. Two H200s, the integral on two GPUs: 0.24 ms faster at
// 10240x10240 and 0.14-0.63 ms at 20480x20480 than with all of them behind the
// next band's kernels (perf/NOTES.md).
bool BandStream::enqueueLaterHead(Slot& slot)
{
    if (!enqueueLaterKernels(slot))
        return false;
    if (!slot.enqueuedRows.empty())
        return true;
    cl_command_queue q = (cl_command_queue)slot.context.getQueue().ptr();
    std::vector<int> enqueued;   // kept only when all went: else the rows go whole later (some twice, harmlessly)
    for (size_t i = 0; i < slot.downloads.size(); i++)
    {
        const int rows = slot.downloads[i].rows / 2;
        if (rows > 0 && enqueueDownloadRows(q, slot, i, 0, rows, NULL) != CL_SUCCESS)
            return reportFallback(function_, LAUNCH_FAILED);
        enqueued.push_back(rows);
    }
    slot.enqueuedRows = enqueued;
    clFlush(q);
    return true;
}

// The later kernels of the band in `slot`, unless they ran already, and the rest of
// its downloads, on its queue; the downloads wait for `gate` (a cl_event) too, when
// given. (The band waiting keeps its slot while the next band takes another.)
static_assert(BandStream::SLOTS >= 2, "a band waiting for the next one keeps its slot");
bool BandStream::enqueueLater(Slot& slot, void* gate)
{
    if (!enqueueLaterKernels(slot))
        return false;
    cl_command_queue q = (cl_command_queue)slot.context.getQueue().ptr();
    cl_event gateEvent = (cl_event)gate;
    if (gateEvent && clEnqueueBarrierWithWaitList(q, 1, &gateEvent, NULL) != CL_SUCCESS)
        return reportFallback(function_, LAUNCH_FAILED);
    return enqueueDownloads(slot);
}

// The downloads of the band in `slot` not enqueued yet, on its queue; then the band
// is in flight (retired when its slot is used again, or at finish()).
bool BandStream::enqueueDownloads(Slot& slot)
{
    cl_command_queue q = (cl_command_queue)slot.context.getQueue().ptr();
    const size_t n = slot.downloads.size();
    for (size_t i = 0; i < n; i++)
    {
        cl_event* done = i + 1 == n ? &slot.downloaded : NULL;   // the queue is in order: the last one tells
        const int first = slot.enqueuedRows.empty() ? 0 : slot.enqueuedRows[i];
        if (enqueueDownloadRows(q, slot, i, first, slot.downloads[i].rows, done) != CL_SUCCESS)
            return reportFallback(function_, LAUNCH_FAILED);
    }
    slot.enqueuedRows.clear();
    if (isChosenToFail(downloadsBeforeFailure))
        slot.downloaded = static_cast<cl_event>(detail::failedEventInPlaceOf(slot.downloaded));
    slot.inFlight = true;
    clFlush(q);
    return true;
}

namespace detail {
size_t keptBandDeviceBytes(const DeviceSet& devices)
{
    std::lock_guard<std::mutex> guard(slotPoolLock);
    size_t bytes = 0;
    for (size_t d = 0; d < devices.size(); d++)
    {
        auto kept = slotPool.find(keyOf(devices.context(d)));
        if (kept != slotPool.end())
            for (const BandStream::Slot* slot : kept->second.slots)
                bytes += slot->deviceBytes();
    }
    return bytes;
}

size_t keptBandSlotDevices()
{
    std::lock_guard<std::mutex> guard(slotPoolLock);
    return slotPool.size();
}

uint64 stagedBandBytes()
{
    return stagedBytes;
}

void failBandStreams(bool fail)
{
    streamFails = fail;
}

void failPinnedMemory(bool fail)
{
    pinnedFails = fail;
}

void setCopyThreads(int threads)
{
    forcedCopyThreads = std::max(threads, 0);
}

void setBandGuardRows(int rows)
{
    guardRows = std::max(rows, 0);
}

uint64 bandGuardsChanged()
{
    return guardsChanged;
}

void failBandSubmit(int n, bool afterKernels)
{
    failureAfterKernels = afterKernels;
    submitsBeforeFailure = n;
}

void failBandDownload(int n)
{
    downloadsBeforeFailure = n;
}

void* failedEventInPlaceOf(void* done)
{
    cl_event event = static_cast<cl_event>(done);
    if (event)
    {
        clWaitForEvents(1, &event);
        clReleaseEvent(event);
    }
    cl_event failed = clCreateUserEvent((cl_context)ocl::Context::getDefault().ptr(), NULL);
    if (failed && clSetUserEventStatus(failed, CL_OUT_OF_RESOURCES) != CL_SUCCESS)
    {
        clReleaseEvent(failed);
        failed = NULL;
    }
    return failed;
}
} // namespace detail

bool BandStream::awaitSlot()
{
    return retire(*slots_[next_ % SLOTS]);
}

bool BandStream::retire(Slot& slot)
{
    // A caller that goes on after failed submits comes back to the slot of a band
    // still waiting for its next one: its later kernels and downloads go now.
    if (waiting_ == &slot)
    {
        waiting_ = NULL;
        if (!enqueueLaterOrDrop(slot, NULL))
            return false;
    }
    return retireInFlight(slot);
}

bool BandStream::finish()
{
    bool ok = true;
    if (waiting_)   // the last band's later kernels and downloads, with nothing to wait for
    {
        Slot& last = *waiting_;
        waiting_ = NULL;
        // Runs in the destructor too, where an exception would end the process.
        ok = reportingExceptions(function_, [&] { return enqueueLaterOrDrop(last, NULL); });
    }
    for (int i = 0; i < SLOTS; i++)   // oldest band first
        ok = retire(*slots_[(next_ + i) % SLOTS]) && ok;
    return ok;
}

} // namespace clruntime
} // namespace cv
