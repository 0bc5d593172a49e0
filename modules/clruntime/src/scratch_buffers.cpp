// The per-thread pool of scratch device buffers (clruntime::ScratchBuffers).
#include "precomp.hpp"

#include <algorithm>
#include <deque>

namespace cv {
namespace clruntime {

namespace {
// Buffers kept between calls, up to this many bytes in all. Making a 67 MB buffer
// again costs about 0.1 ms per call on an H100 (tilted sum of 4096x4096 8U: 0.43
// -> 0.53 ms with a 16 MB limit), so images up to about 5000x5000 keep theirs.
const size_t MAX_KEPT_SCRATCH_BYTES = (size_t)128 << 20;
const size_t SCRATCH_ROW_BYTES = (size_t)1 << 20;

// The buffers of one queue: only its own kernels use them, one after the other.
// Holds the queue (and so its context) until they are released.
struct ScratchPool
{
    ocl::Queue queue;
    std::vector<UMat> free;   // smallest first
    UMat counters;            // zeros between kernels
};
// The pools of the queues this thread used last, the current one first: the bands
// of a BandStream take turns on three queues, and each keeps its buffers.
const size_t MAX_POOLS = 4;
thread_local std::deque<ScratchPool> scratchPools;

size_t bytesOf(const UMat& m)
{
    return m.total() * m.elemSize();
}

ScratchPool& currentPool()
{
    const ocl::Queue& queue = ocl::Queue::getDefault();
    auto it = std::find_if(scratchPools.begin(), scratchPools.end(),
                           [&](const ScratchPool& p) { return p.queue.ptr() == queue.ptr(); });
    if (it != scratchPools.begin() || it == scratchPools.end())
    {
        ScratchPool pool;
        if (it != scratchPools.end())
        {
            pool = std::move(*it);
            scratchPools.erase(it);
        }
        else
            pool.queue = queue;
        scratchPools.push_front(std::move(pool));
        if (scratchPools.size() > MAX_POOLS)
            scratchPools.pop_back();
    }
    return scratchPools.front();
}
} // namespace

UMat ScratchBuffers::get(size_t bytes)
{
    bytes = std::max<size_t>(bytes, 1);
    std::vector<UMat>& free = currentPool().free;
    // The smallest free buffer that is big enough.
    auto best = free.end();
    for (auto it = free.begin(); it != free.end(); ++it)
        if (bytesOf(*it) >= bytes && (best == free.end() || bytesOf(*it) < bytesOf(*best)))
            best = it;
    if (best != free.end())
    {
        taken_.push_back(*best);
        free.erase(best);
    }
    else if (bytes <= SCRATCH_ROW_BYTES)
        taken_.push_back(UMat(1, (int)bytes, CV_8U));
    else   // UMat sizes are int: past 1 MB, rows of 1 MB
        taken_.push_back(UMat((int)((bytes + SCRATCH_ROW_BYTES - 1) / SCRATCH_ROW_BYTES), (int)SCRATCH_ROW_BYTES, CV_8U));
    return taken_.back();
}

UMat ScratchBuffers::zeroedCounters()
{
    UMat& counters = currentPool().counters;
    if (counters.empty() || !hasDeviceBuffer(counters))
    {
        counters = UMat(1, 64, CV_8U);
        counters.setTo(Scalar::all(0));
    }
    return counters;
}

ScratchBuffers::~ScratchBuffers()
{
    std::vector<UMat>& free = currentPool().free;
    for (const UMat& m : taken_)
        if (hasDeviceBuffer(m))
            free.push_back(m);
    std::sort(free.begin(), free.end(), [](const UMat& a, const UMat& b) { return bytesOf(a) < bytesOf(b); });
    // Within the limit for all the thread's pools: the biggest buffers of the
    // queues used longest ago go first.
    size_t kept = detail::keptScratchBytes();
    for (auto pool = scratchPools.rbegin(); pool != scratchPools.rend() && kept > MAX_KEPT_SCRATCH_BYTES; ++pool)
        while (kept > MAX_KEPT_SCRATCH_BYTES && !pool->free.empty())
        {
            kept -= bytesOf(pool->free.back());
            pool->free.pop_back();
        }
}

namespace detail {
size_t keptScratchBytes()
{
    size_t bytes = 0;
    for (const ScratchPool& pool : scratchPools)
        for (const UMat& m : pool.free)
            bytes += bytesOf(m);
    return bytes;
}
} // namespace detail

} // namespace clruntime
} // namespace cv
