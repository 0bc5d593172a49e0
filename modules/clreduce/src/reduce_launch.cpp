#include "precomp.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"
#include <algorithm>
#include <atomic>
#include <cstring>

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

namespace {
std::atomic<int> combineForTests(detail::COMBINE_AS_THE_DEVICE_ALLOWS);   // detail::setGroupCombine
// The option of the second launch's way (no fence of device scope).
const char* const COMBINE_KERNEL = " -D COMBINE_KERNEL";

// True when the OpenCL C 3.0 of `dev` lists every feature of `features`.
bool hasOpenCLCFeatures(const ocl::Device& dev, std::initializer_list<const char*> features)
{
    // CL_DEVICE_OPENCL_C_FEATURES of OpenCL 3.0, an array of cl_name_version (OpenCV's
    // headers are of OpenCL 1.2).
    const cl_device_info OPENCL_C_FEATURES = 0x106F;
    struct NameVersion
    {
        cl_uint version;
        char name[64];
    };
    size_t bytes = 0;
    if (dev.deviceVersionMajor() < 3 ||
        clGetDeviceInfo((cl_device_id)dev.ptr(), OPENCL_C_FEATURES, 0, NULL, &bytes) != CL_SUCCESS)
        return false;
    std::vector<NameVersion> listed(bytes / sizeof(NameVersion));
    if (listed.empty() ||
        clGetDeviceInfo((cl_device_id)dev.ptr(), OPENCL_C_FEATURES, listed.size() * sizeof(NameVersion), listed.data(),
                        NULL) != CL_SUCCESS)
        return false;
    for (const char* feature : features)
        if (std::none_of(listed.begin(), listed.end(),
                         [&](const NameVersion& nv) { return strncmp(nv.name, feature, sizeof nv.name) == 0; }))
            return false;
    return true;
}
} // namespace

String groupCombineOptions(const ocl::Device& dev)
{
    const int way = combineForTests;
    if (way == detail::COMBINE_IN_SECOND_LAUNCH)
        return COMBINE_KERNEL;
    if (way == detail::COMBINE_FENCE_BUILD_FAILS)
        return " -D SCOPED_FENCE -cl-clx-build-fails-for-tests";   // no compiler takes it
    if (dev.isNVidia())
        return " -D MEMBAR_GL";
    // Asked of the driver once per thread and device, not in every call.
    static thread_local void* askedDevice = NULL;
    static thread_local String answer;
    if (askedDevice != dev.ptr())
    {
        int major = 0, minor = 0;
        answer = sscanf(dev.OpenCL_C_Version().c_str(), "OpenCL C %d.%d", &major, &minor) == 2 && major == 2
                     ? " -D SCOPED_FENCE -cl-std=CL2.0"
                 : hasOpenCLCFeatures(dev, { "__opencl_c_atomic_scope_device", "__opencl_c_atomic_order_acq_rel" })
                     ? " -D SCOPED_FENCE -cl-std=CL3.0"
                     : COMBINE_KERNEL;
        askedDevice = dev.ptr();
    }
    return answer;
}

namespace detail {
void setGroupCombine(GroupCombine way)
{
    combineForTests = way;
}
} // namespace detail

namespace {
// The kernels of a reduction: `reduce`, and `reduce_combine` where the groups'
// results come together in a second launch.
struct ReduceKernels
{
    ocl::Kernel* reduce = NULL;
    ocl::Kernel* combine = NULL;   // NULL: the last group combines them
};

// The kernels built with `launchOptions` and the way of combining the device allows;
// false when they did not build.
bool buildReduceKernels(const String& launchOptions, ReduceKernels& out)
{
    String combineOpts = groupCombineOptions(ocl::Device::getDefault());
    out.reduce = &clruntime::cachedKernel("reduce", ocl::clreduce::reduce_oclsrc, launchOptions + combineOpts);
    if (out.reduce->empty() && combineOpts != COMBINE_KERNEL)   // a compiler that takes no such fence: the second launch
    {
        combineOpts = COMBINE_KERNEL;
        out.reduce = &clruntime::cachedKernel("reduce", ocl::clreduce::reduce_oclsrc, launchOptions + combineOpts);
    }
    out.combine = combineOpts == COMBINE_KERNEL ? &clruntime::cachedKernel("reduce_combine", ocl::clreduce::reduce_oclsrc,
                                                                           launchOptions + combineOpts)
                                                : NULL;
    return !out.reduce->empty() && (!out.combine || !out.combine->empty());
}
} // namespace

bool enqueueReduce(clruntime::Launcher& launcher, const char* function, const ReducePlan& plan, const UMat& src,
                   const UMat& mask, const UMat& result)
{
    const ChunkLayout& layout = plan.layout;
    const bool haveMask = !mask.empty();
    const bool longOffsets = passes32Bits(src) || layout.totalChunks > INT_MAX / 2 || (haveMask && passes32Bits(mask)) ||
                             result.offset > (size_t)INT_MAX / 2;
    // Work-groups of the plan's size, or smaller where the kernels' own limit is
    // (their registers or local memory), with as many more groups: the same
    // work-items, for which the plan chose its lane types and channel strides.
    ReduceLaunch launch = plan.launch;
    ReduceKernels kernels;
    for (;;)
    {
        const String launchOpts = plan.options + format(" -D WGS=%d -D UNROLL=%d%s%s", launch.wgs, plan.unroll,
                                                        layout.singleRow ? " -D SINGLE_ROW" : "",
                                                        longOffsets ? " -D LONG_OFFSETS" : "");
        if (!buildReduceKernels(launchOpts, kernels))
            return clruntime::reportFallback(function, clruntime::PROGRAM_BUILD_FAILED);
        int wgs = clruntime::powerOfTwoWorkGroup(*kernels.reduce, launch.wgs);
        if (kernels.combine)
            wgs = std::min(wgs, clruntime::powerOfTwoWorkGroup(*kernels.combine, launch.wgs));
        if (wgs == launch.wgs)
            break;
        if (wgs == 0)
            return clruntime::reportFallback(function, clruntime::LAUNCH_FAILED);
        launch.groups *= launch.wgs / wgs;
        launch.wgs = wgs;
    }
    ocl::Kernel& k = *kernels.reduce;

    clruntime::ScratchBuffers scratch;
    // A slot per group.
    UMat partials = scratch.get((size_t)launch.groups * SLOT_BYTES), counters = scratch.zeroedCounters();
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
    size_t globalSize = (size_t)launch.groups * launch.wgs, localSize = launch.wgs;
    if (!launcher.run(k, i, 1, &globalSize, &localSize))
        return false;
    if (!kernels.combine)
        return true;
    ocl::Kernel& combine = *kernels.combine;
    i = launcher.setArg(combine, 0, partials, ACCESS_READ);
    i = combine.set(i, launch.groups);
    i = launcher.setArg(combine, i, result, ACCESS_WRITE);
    i = clruntime::setOffsetArg(combine, i, (int64)result.offset, longOffsets);
    return launcher.run(combine, i, 1, &localSize, &localSize);
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
