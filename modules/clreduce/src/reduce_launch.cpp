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

static thread_local uint64 kernelLaunches = 0;

void noteKernelLaunch()
{
    ++kernelLaunches;
}

bool isElementAligned(const UMat& m)
{
    size_t esz = m.elemSize1();
    return m.offset % esz == 0 && m.step[0] % esz == 0;
}

int64 viewByteSpan(const UMat& m)
{
    if (m.empty())
        return (int64)m.offset;
    return (int64)m.offset + (int64)(m.rows - 1) * (int64)m.step[0] + (int64)m.cols * (int64)m.elemSize();
}

namespace detail {
uint64 oclLaunchCount()
{
    return kernelLaunches;
}
} // namespace detail

} // namespace clreduce
} // namespace cv
