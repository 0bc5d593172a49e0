// cv::clreduce::countNonZero: host side of the countNonZero build of opencl/reduce.cl.
#include "precomp.hpp"

namespace cv {
namespace clreduce {

static const char* const FN = "clreduce::countNonZero";

#ifdef HAVE_OPENCL

bool countNonZeroPlan(const UMat& src, ReducePlan& plan)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int depth = src.depth();
    // 8S and 16S are read as they are: signedness does not change "non-zero".
    if (depth > CV_64F || (depth == CV_64F && dev.doubleFPConfig() <= 0))
        return false;
    if (!isElementAligned(src))
        return clruntime::reportFallback(FN, clruntime::VIEW_NOT_ELEMENT_ALIGNED);
    // Continuous views are one long row: no per-chunk division in the kernel.
    // Four chunks in flight per work-item and loop trip on long rows: 8192x8192 8U
    // went from 53 to 46 us on an H100 with two or more (perf/NOTES.md).
    plan.layout = chunkLayout(src, true);
    plan.unroll = 4;
    plan.launch = chooseReduceLaunch(dev, plan.layout.singleRow ? plan.layout.totalChunks / plan.unroll
                                                                : plan.layout.totalChunks);
    plan.options = format("-D OP_COUNT_NON_ZERO -D srcT1=%s -D ESZ1=%d -D LANES=%d%s", ocl::typeToStr(depth),
                          (int)src.elemSize(), 16 / (int)src.elemSize(), depth == CV_64F ? " -D DOUBLE_SUPPORT" : "");
    return true;
}

int64 countFromSlot(const uchar* slot)
{
    return *(const int64*)slot;   // the count, int64
}

static bool ocl_countNonZero(InputArray _src, int& result)
{
    int64 slot[SLOT_BYTES / sizeof(int64)];
    if (!planAndRun(FN, countNonZeroPlan, _src.getUMat(), (uchar*)slot))
        return false;
    result = saturate_cast<int>(countFromSlot((const uchar*)slot));
    return true;
}
#endif // HAVE_OPENCL

int countNonZero(InputArray src)
{
    CV_INSTRUMENT_REGION();
    CV_Assert(src.channels() == 1);
    clruntime::requireCurrentContext(FN, { src });
    // OpenCV's CPU code counts 0 here, or raises for a depth it has no code for; its
    // OpenCL code (4.6) crashes on an empty UMat.
    if (src.empty())
        return cv::countNonZero(hostView(src));

    int result = 0;
    CV_OCL_RUN_(src.isUMat() && src.dims() <= 2,
                clruntime::reportingExceptions(FN, [&] { return ocl_countNonZero(src, result); }), result)
    return cv::countNonZero(src.isUMat() ? src.getMat() : src);   // OpenCV's CPU code, as sum and minMaxLoc
}

} // namespace clreduce
} // namespace cv
