#include "precomp.hpp"

namespace cv {
namespace clreduce {

ReduceLaunch chooseReduceLaunch(const ocl::Device& dev, int64 items)
{
    ReduceLaunch launch;
    int wgs = 1;
    while (wgs * 2 <= 256 && wgs * 2 <= (int)dev.maxWorkGroupSize())
        wgs *= 2;
    launch.wgs = wgs;

    // A GPU compute unit keeps 2048 work-items resident (8 groups of 256 on
    // NVIDIA and AMD parts); a CPU device runs one group per core at a time,
    // so a few groups per core balance the load.
    int groupsPerUnit = dev.type() == ocl::Device::TYPE_CPU ? 4 : 2048 / wgs;
    int64 maxGroups = std::min<int64>((int64)std::max(dev.maxComputeUnits(), 1) * groupsPerUnit,
                                      MAX_REDUCE_GROUPS);
    int64 needed = (items + wgs - 1) / wgs;
    launch.groups = (int)std::max<int64>(1, std::min(maxGroups, needed));
    return launch;
}

namespace {
// The partial-results buffer of one thread, valid for one OpenCL context.
struct PartialsCache
{
    void* context = NULL;
    UMat partials;
};
thread_local PartialsCache partialsCache;
} // namespace

UMat& partialsBuffer()
{
    PartialsCache& c = partialsCache;
    void* context = ocl::Context::getDefault().ptr();
    // Made again for another context, and when the last try got no device memory
    // (OpenCV then keeps the UMat on the host).
    if (context != c.context || !clruntime::hasDeviceBuffer(c.partials))
    {
        c.partials.release();
        c.partials.create(1, MAX_REDUCE_GROUPS * MAX_PARTIAL_BYTES, CV_8UC1);
        c.context = context;
    }
    return c.partials;
}

bool runAndReadPartials(ocl::Kernel& k, const ReduceLaunch& launch, void* host, size_t bytes)
{
    // A synchronous run and then a blocking read measured as fast on an H100 as
    // enqueueing both with a single wait (perf/NOTES.md); an asynchronous run is
    // slower, as OpenCV then tracks the kernel through an event callback.
    size_t globalSize = (size_t)launch.groups * launch.wgs, localSize = launch.wgs;
    UMat& partials = partialsBuffer();
    CV_Assert(bytes <= partials.total());
    if (clruntime::detail::kernelProfiling())
    {
        if (!clruntime::runProfiled(k, 1, &globalSize, &localSize))
            return false;
    }
    else if (!k.run(1, &globalSize, &localSize, true))
        return false;
    clruntime::countLaunch(clruntime::CLREDUCE);
    Mat hostView(1, (int)bytes, CV_8UC1, host);
    partials.colRange(0, (int)bytes).copyTo(hostView);
    return true;
}

bool isElementAligned(const UMat& m)
{
    size_t esz = m.elemSize1();
    return m.offset % esz == 0 && m.step[0] % esz == 0;
}

ChunkLayout chunkLayout(const UMat& m, bool allowSingleRow)
{
    ChunkLayout l;
    l.singleRow = allowSingleRow && m.isContinuous();
    l.rows = l.singleRow ? 1 : m.rows;
    l.rowBytes = (int64)m.cols * (int64)m.elemSize() * (l.singleRow ? m.rows : 1);
    l.chunksPerRow = (l.rowBytes + 15) / 16 + 1;
    l.totalChunks = l.chunksPerRow * l.rows;
    // Bytes from the start of the buffer to the end of the view's last element.
    int64 span = (int64)m.offset + (int64)(m.rows - 1) * (int64)m.step[0] + (int64)m.cols * (int64)m.elemSize();
    l.longOffsets = span > INT_MAX - 16;
    l.fits = l.rowBytes <= INT_MAX && l.totalChunks <= INT_MAX && m.step[0] <= (size_t)INT_MAX &&
             m.offset <= (size_t)INT_MAX;
    return l;
}

int setChunkArgs(ocl::Kernel& k, int i, const UMat& m, const ChunkLayout& layout)
{
    i = clruntime::setBufferArg(k, i, m, ACCESS_READ);
    i = k.set(i, (int)m.step[0]);
    i = k.set(i, (int)m.offset);
    i = k.set(i, layout.rows);
    i = k.set(i, (int)layout.rowBytes);
    i = k.set(i, (int)layout.chunksPerRow);
    return k.set(i, (int)layout.totalChunks);
}

namespace detail {
uint64 oclLaunchCount()
{
    return clruntime::launchCount(clruntime::CLREDUCE);
}
} // namespace detail

} // namespace clreduce
} // namespace cv
