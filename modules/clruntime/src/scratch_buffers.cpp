// The per-thread pool of scratch device buffers (clruntime::ScratchBuffers).
#include "precomp.hpp"

#include <algorithm>

namespace cv {
namespace clruntime {

namespace {
// Buffers kept between calls, up to this many bytes in all. Making a 67 MB buffer
// again costs about 0.1 ms per call on an H100 (tilted sum of 4096x4096 8U: 0.43
// -> 0.53 ms with a 16 MB limit), so images up to about 5000x5000 keep theirs.
const size_t MAX_KEPT_SCRATCH_BYTES = (size_t)128 << 20;
const size_t SCRATCH_ROW_BYTES = (size_t)1 << 20;

// Holds the queue (and so its context) the buffers were made for until they are released.
struct ScratchPool
{
    ocl::Queue queue;
    std::vector<UMat> free;
    UMat counters;   // zeros between kernels
};
thread_local ScratchPool scratchPool;

size_t bytesOf(const UMat& m)
{
    return m.total() * m.elemSize();
}

ScratchPool& currentPool()
{
    const ocl::Queue& queue = ocl::Queue::getDefault();
    if (queue.ptr() != scratchPool.queue.ptr())
    {
        scratchPool.free.clear();
        scratchPool.counters.release();
        scratchPool.queue = queue;
    }
    return scratchPool;
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
    // Within the limit, the biggest buffers go first.
    std::sort(free.begin(), free.end(), [](const UMat& a, const UMat& b) { return bytesOf(a) < bytesOf(b); });
    size_t kept = 0;
    for (const UMat& m : free)
        kept += bytesOf(m);
    while (kept > MAX_KEPT_SCRATCH_BYTES)
    {
        kept -= bytesOf(free.back());
        free.pop_back();
    }
}

namespace detail {
size_t keptScratchBytes()
{
    size_t bytes = 0;
    for (const UMat& m : scratchPool.free)
        bytes += bytesOf(m);
    return bytes;
}
} // namespace detail

} // namespace clruntime
} // namespace cv
