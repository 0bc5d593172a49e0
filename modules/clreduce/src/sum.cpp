// cv::clreduce::sum: host side of the sum build of opencl/reduce.cl.
#include "precomp.hpp"

namespace cv {
namespace clreduce {

static const char* const FN = "clreduce::sum";

#ifdef HAVE_OPENCL

namespace {
struct SumTypes
{
    const char* srcT1;
    const char* laneT;     // per-lane accumulator of one work-item
    const char* sumT;      // per-channel accumulator
    double maxAbs;         // largest |element|, for the lane overflow check (0: no check)
};

SumTypes sumTypes(int depth)
{
    switch (depth)
    {
    case CV_8U:  return { "uchar",  "uint",   "long",   255 };
    case CV_8S:  return { "char",   "int",    "long",   128 };
    case CV_16U: return { "ushort", "uint",   "long",   65535 };
    case CV_16S: return { "short",  "int",    "long",   32768 };
    case CV_32S: return { "int",    "long",   "long",   0 };
    case CV_32F: return { "float",  "double", "double", 0 };
    case CV_64F: return { "double", "double", "double", 0 };
    default:     return { NULL, NULL, NULL, 0 };
    }
}
} // namespace

bool sumPlan(const UMat& src, ReducePlan& plan)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int depth = src.depth(), cn = src.channels();
    SumTypes types = sumTypes(depth);
    // Floating-point input is added in double: no fp64, no kernel.
    const bool isFloat = depth == CV_32F || depth == CV_64F;
    if (!types.srcT1 || cn > 4 || (isFloat && dev.doubleFPConfig() <= 0))
        return false;
    if (!isElementAligned(src))
        return clruntime::reportFallback(FN, clruntime::VIEW_NOT_ELEMENT_ALIGNED);
    const int esz1 = (int)src.elemSize1(), lanes = 16 / esz1;
    plan.unroll = 4;
    plan.layout = chunkLayout(src, true);
    ReduceLaunch& launch = plan.launch;
    launch = chooseReduceLaunch(dev, plan.layout.singleRow ? plan.layout.totalChunks / plan.unroll
                                                           : plan.layout.totalChunks);
    // Lanes keep their channel only when the grid stride is a multiple of the channel count.
    if (cn == 3 && launch.groups % 3 != 0)
        launch.groups = launch.groups < 3 ? 3 : launch.groups - launch.groups % 3;
    if (plan.layout.singleRow && (int64)launch.groups * launch.wgs * lanes % cn != 0)
        plan.layout = chunkLayout(src, false);
    // 8- and 16-bit lanes add in 32 bits unless one work-item could overflow them.
    const char* laneT = types.laneT;
    int64 chunksPerItem = plan.layout.totalChunks / ((int64)launch.groups * launch.wgs) + 1;
    if (types.maxAbs > 0 && chunksPerItem * types.maxAbs > INT_MAX)
        laneT = "long";
    plan.options = format("-D OP_SUM -D srcT1=%s -D ESZ1=%d -D LANES=%d -D laneT=%s -D sumT=%s -D CN=%d%s",
                          types.srcT1, esz1, lanes, laneT, types.sumT, cn, isFloat ? " -D DOUBLE_SUPPORT" : "");
    return true;
}

Scalar sumFromSlot(const uchar* slot, int depth, int cn)
{
    // The channel sums as int64 or double.
    Scalar result = Scalar::all(0);
    for (int c = 0; c < cn; c++)
        result[c] = depth == CV_32F || depth == CV_64F ? ((const double*)slot)[c] : (double)((const int64*)slot)[c];
    return result;
}

static bool ocl_sum(InputArray _src, Scalar& result)
{
    int64 slot[SLOT_BYTES / sizeof(int64)];
    if (!planAndRun(FN, sumPlan, _src.getUMat(), (uchar*)slot))
        return false;
    result = sumFromSlot((const uchar*)slot, _src.depth(), _src.channels());
    return true;
}
#endif // HAVE_OPENCL

Scalar sum(InputArray src)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireCurrentContext(FN, { src });
    Scalar result;
    CV_OCL_RUN_(src.isUMat() && src.dims() <= 2 && !src.empty(),
                clruntime::reportingExceptions(FN, [&] { return ocl_sum(src, result); }), result)
    // OpenCV's CPU code, also for a UMat the kernel does not take: OpenCV 4.6's own
    // OpenCL sum overflows for 32S and 16UC3 input.
    return cv::sum(hostView(src));
}

} // namespace clreduce
} // namespace cv
