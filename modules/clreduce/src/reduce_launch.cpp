#include "precomp.hpp"

namespace cv {
namespace clreduce {

ReduceLaunch chooseReduceLaunch(const ocl::Device& dev, int64 items, int gpuItemsPerUnit)
{
    ReduceLaunch launch;
    const int wgs = clruntime::powerOfTwoWorkGroup(dev, 256);
    launch.wgs = wgs;

    // A GPU compute unit keeps 2048 work-items resident (8 groups of 256 on
    // NVIDIA and AMD parts); a CPU device runs one group per core at a time,
    // so a few groups per core balance the load.
    int groupsPerUnit = dev.type() == ocl::Device::TYPE_CPU ? 4 : std::max(gpuItemsPerUnit / wgs, 1);
    int64 maxGroups = std::min<int64>((int64)std::max(dev.maxComputeUnits(), 1) * groupsPerUnit,
                                      MAX_REDUCE_GROUPS);
    int64 needed = (items + wgs - 1) / wgs;
    launch.groups = (int)std::max<int64>(1, std::min(maxGroups, needed));
    return launch;
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
    return l;
}

// True when a byte offset into `m` (and so any element index, chunk number or
// pixel count, none bigger) passes the kernels' 32-bit offsetT; with a margin for
// the rounding to chunks and the loop counters' last step.
static bool passes32Bits(const UMat& m)
{
    int64 span = (int64)m.offset + (int64)(m.rows - 1) * (int64)m.step[0] + (int64)m.cols * (int64)m.elemSize();
    return span > INT_MAX / 2;
}

bool enqueueReduce(clruntime::Launcher& launcher, const char* function, const ReducePlan& plan, const UMat& src,
                   const UMat& mask, const UMat& result)
{
    const ChunkLayout& layout = plan.layout;
    const bool haveMask = !mask.empty();
    const bool longOffsets = passes32Bits(src) || layout.totalChunks > INT_MAX / 2 || (haveMask && passes32Bits(mask)) ||
                             result.offset > (size_t)INT_MAX / 2;
    String opts = plan.options + format(" -D WGS=%d -D UNROLL=%d%s%s", plan.launch.wgs, plan.unroll,
                                        layout.singleRow ? " -D SINGLE_ROW" : "", longOffsets ? " -D LONG_OFFSETS" : "");
    ocl::Kernel& k = clruntime::cachedKernel("reduce", ocl::clreduce::reduce_oclsrc, opts);
    if (k.empty())
        return clruntime::reportFallback(function, clruntime::PROGRAM_BUILD_FAILED);

    clruntime::ScratchBuffers scratch;
    // A slot per group.
    UMat partials = scratch.get((size_t)plan.launch.groups * SLOT_BYTES), counters = scratch.zeroedCounters();
    if (!clruntime::haveDeviceBuffers(function, { { src, "source" }, { partials, "partial results buffer" },
                                                  { counters, "counters" }, { result, "result buffer" } }) ||
        (haveMask && !clruntime::haveDeviceBuffers(function, { { mask, "mask" } })))
        return false;
    int i = launcher.setArg(k, 0, src, ACCESS_READ);
    for (int64 v : { (int64)src.step[0], (int64)src.offset, layout.rows, layout.rowBytes, layout.chunksPerRow,
                     layout.totalChunks })
        i = clruntime::setOffsetArg(k, i, v, longOffsets);
    if (haveMask)
    {
        i = launcher.setArg(k, i, mask, ACCESS_READ);
        i = clruntime::setOffsetArg(k, i, (int64)mask.step[0], longOffsets);
        i = clruntime::setOffsetArg(k, i, (int64)mask.offset, longOffsets);
    }
    i = launcher.setArg(k, i, partials, ACCESS_RW);
    i = launcher.setArg(k, i, counters, ACCESS_RW);
    i = launcher.setArg(k, i, result, ACCESS_WRITE);
    i = clruntime::setOffsetArg(k, i, (int64)result.offset, longOffsets);   // a band's result in a view (guard rows)
    size_t globalSize = (size_t)plan.launch.groups * plan.launch.wgs, localSize = plan.launch.wgs;
    return launcher.run(k, i, 1, &globalSize, &localSize);
}

bool runReduce(const char* function, const ReducePlan& plan, const UMat& src, const UMat& mask, uchar* slot)
{
    clruntime::ScratchBuffers scratch;
    UMat result = scratch.get(SLOT_BYTES);
    clruntime::Launcher launcher(clruntime::CLREDUCE, function);
    return enqueueReduce(launcher, function, plan, src, mask, result) && launcher.readBack(result, 0, slot, SLOT_BYTES);
}

bool planAndRun(const char* function, bool (*plan)(const UMat&, ReducePlan&), const UMat& src, uchar* slot)
{
    ReducePlan p;
    return plan(src, p) && runReduce(function, p, src, UMat(), slot);
}

namespace detail {
uint64 oclLaunchCount()
{
    return clruntime::launchCount(clruntime::CLREDUCE);
}
} // namespace detail

} // namespace clreduce
} // namespace cv
