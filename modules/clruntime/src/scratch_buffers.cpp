// The pools of scratch device buffers, one per OpenCL queue (clruntime::ScratchBuffers).
#include "precomp.hpp"

#include <algorithm>
#include <deque>
#include <mutex>

namespace cv {
namespace clruntime {

namespace {
// Buffers kept between calls, up to this many bytes in all. Making a 67 MB buffer
// again costs about 0.1 ms per call on an H100 (tilted sum of 4096x4096 8U: 0.43
// -> 0.53 ms with a 16 MB limit), so images up to about 5000x5000 keep theirs.
const size_t MAX_KEPT_SCRATCH_BYTES = (size_t)128 << 20;
const size_t SCRATCH_ROW_BYTES = (size_t)1 << 20;

// The buffers of one queue: only kernels on that queue use them, one after the
// other, whichever thread enqueues them. Holds the queue (and so its context)
// until they are released.
struct ScratchPool
{
    ocl::Queue queue;
    std::vector<UMat> free;   // smallest first
    UMat counters;            // zeros between kernels
};
// The pools of the queues used last, the latest first, shared by all threads: the
// bands of a BandStream take turns on three queues, and run on threads that end
// with the call while the queues live on with the stream's slots. (Pools of the
// thread lost every buffer with the thread: a streamed reduction made its scratch
// buffers again in every call, 1.2 ms of a 13 ms call; perf/NOTES.md.)
const size_t MAX_POOLS = 16;
struct ScratchPools
{
    std::mutex lock;
    std::deque<ScratchPool> pools;
};
ScratchPools& scratchPools()
{
    // Never destroyed: its UMats must not outlive OpenCV's allocator at exit.
    static ScratchPools* pools = new ScratchPools();
    return *pools;
}

size_t bytesOf(const UMat& m)
{
    return m.total() * m.elemSize();
}

// The pool of `queue`, made the latest; the caller holds the lock.
ScratchPool& poolOf(std::deque<ScratchPool>& pools, const ocl::Queue& queue)
{
    auto it = std::find_if(pools.begin(), pools.end(), [&](const ScratchPool& p) { return p.queue.ptr() == queue.ptr(); });
    if (it != pools.begin() || it == pools.end())
    {
        ScratchPool pool;
        if (it != pools.end())
        {
            pool = std::move(*it);
            pools.erase(it);
        }
        else
            pool.queue = queue;
        pools.push_front(std::move(pool));
        if (pools.size() > MAX_POOLS)
            pools.pop_back();
    }
    return pools.front();
}

size_t keptBytes(const std::deque<ScratchPool>& pools)
{
    size_t bytes = 0;
    for (const ScratchPool& pool : pools)
        for (const UMat& m : pool.free)
            bytes += bytesOf(m);
    return bytes;
}
} // namespace

UMat ScratchBuffers::get(size_t bytes)
{
    bytes = std::max<size_t>(bytes, 1);
    if (!queue_.ptr())
        queue_ = ocl::Queue::getDefault();
    {
        ScratchPools& shared = scratchPools();
        std::lock_guard<std::mutex> guard(shared.lock);
        std::vector<UMat>& free = poolOf(shared.pools, queue_).free;
        // The smallest free buffer that is big enough.
        auto best = free.end();
        for (auto it = free.begin(); it != free.end(); ++it)
            if (bytesOf(*it) >= bytes && (best == free.end() || bytesOf(*it) < bytesOf(*best)))
                best = it;
        if (best != free.end())
        {
            taken_.push_back(*best);
            free.erase(best);
            return taken_.back();
        }
    }
    if (bytes <= SCRATCH_ROW_BYTES)
        taken_.push_back(UMat(1, (int)bytes, CV_8U));
    else   // UMat sizes are int: past 1 MB, rows of 1 MB
        taken_.push_back(UMat((int)((bytes + SCRATCH_ROW_BYTES - 1) / SCRATCH_ROW_BYTES), (int)SCRATCH_ROW_BYTES, CV_8U));
    return taken_.back();
}

UMat ScratchBuffers::zeroedCounters()
{
    const ocl::Queue& queue = ocl::Queue::getDefault();
    ScratchPools& shared = scratchPools();
    std::lock_guard<std::mutex> guard(shared.lock);
    UMat& counters = poolOf(shared.pools, queue).counters;
    if (counters.empty() || !hasDeviceBuffer(counters))
    {
        counters = UMat(1, 64, CV_8U);
        counters.setTo(Scalar::all(0));
    }
    return counters;
}

ScratchBuffers::~ScratchBuffers()
{
    if (taken_.empty())
        return;
    ScratchPools& shared = scratchPools();
    std::lock_guard<std::mutex> guard(shared.lock);
    std::vector<UMat>& free = poolOf(shared.pools, queue_).free;
    for (const UMat& m : taken_)
        if (hasDeviceBuffer(m))
            free.push_back(m);
    std::sort(free.begin(), free.end(), [](const UMat& a, const UMat& b) { return bytesOf(a) < bytesOf(b); });
    // Within the limit for all the pools: the biggest buffers of the queues used
    // longest ago go first.
    size_t kept = keptBytes(shared.pools);
    for (auto pool = shared.pools.rbegin(); pool != shared.pools.rend() && kept > MAX_KEPT_SCRATCH_BYTES; ++pool)
        while (kept > MAX_KEPT_SCRATCH_BYTES && !pool->free.empty())
        {
            kept -= bytesOf(pool->free.back());
            pool->free.pop_back();
        }
}

namespace detail {
size_t keptScratchBytes()
{
    ScratchPools& shared = scratchPools();
    std::lock_guard<std::mutex> guard(shared.lock);
    return keptBytes(shared.pools);
}

void releaseKeptScratch()
{
    ScratchPools& shared = scratchPools();
    std::lock_guard<std::mutex> guard(shared.lock);
    for (ScratchPool& pool : shared.pools)
        pool.free.clear();
}
} // namespace detail

} // namespace clruntime
} // namespace cv
