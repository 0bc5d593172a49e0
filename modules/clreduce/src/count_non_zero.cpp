// cv::clreduce::countNonZero: host side of opencl/count_non_zero.cl.
#include "precomp.hpp"

namespace cv {
namespace clreduce {

#ifdef HAVE_OPENCL

// Element type the kernel reads, by size; signedness does not change "non-zero".
static const char* countElementType(int depth)
{
    switch (depth)
    {
    case CV_8U: case CV_8S: return "uchar";
    case CV_16U: case CV_16S: return "ushort";
    case CV_32S: return "uint";
    case CV_32F: return "float";
    case CV_64F: return "double";
    default: return NULL;
    }
}

static bool ocl_countNonZero(InputArray _src, int& result)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    int depth = _src.depth();
    const char* elemType = countElementType(depth);
    bool doubleSupport = dev.doubleFPConfig() > 0;
    if (!elemType || (depth == CV_64F && !doubleSupport))
        return false;

    UMat src = _src.getUMat();
    if (!isElementAligned(src))
        return clruntime::reportFallback("clreduce::countNonZero", clruntime::VIEW_NOT_ELEMENT_ALIGNED);

    // Continuous views are one long row: no per-chunk division in the kernel.
    const ChunkLayout layout = chunkLayout(src, true);
    if (!layout.fits)
        return clruntime::reportFallback("clreduce::countNonZero", clruntime::PAST_32BIT_SIZES);

    // Four chunks in flight per work-item and loop trip on long rows: 8192x8192 8U
    // went from 53 to 46 us on an H100 with two or more (perf/NOTES.md).
    const int unroll = 4;
    ReduceLaunch launch = chooseReduceLaunch(dev, layout.singleRow ? layout.totalChunks / unroll : layout.totalChunks);
    String opts = format("-D elemT=%s -D ELEM_SIZE=%d -D WGS=%d -D UNROLL=%d%s%s%s",
                         elemType, (int)src.elemSize(), launch.wgs, unroll,
                         layout.singleRow ? " -D SINGLE_ROW" : "",
                         layout.longOffsets ? " -D LONG_OFFSETS" : "",
                         depth == CV_64F ? " -D DOUBLE_SUPPORT" : "");
    ocl::Kernel& k = clruntime::cachedKernel("count_non_zero", ocl::clreduce::count_non_zero_oclsrc, opts);
    if (k.empty())
        return clruntime::reportFallback("clreduce::countNonZero", clruntime::PROGRAM_BUILD_FAILED);
    const UMat& partialsBuf = partialsBuffer();
    if (!clruntime::haveDeviceBuffers("clreduce::countNonZero", { { src, "source" }, { partialsBuf, "partial results buffer" } }))
        return false;
    int i = setChunkArgs(k, 0, src, layout);
    i = clruntime::setBufferArg(k, i, partialsBuf, ACCESS_WRITE);

    int partials[MAX_REDUCE_GROUPS];
    if (i < 0 || !runAndReadPartials(k, launch, partials, launch.groups * sizeof(int)))
        return clruntime::reportFallback("clreduce::countNonZero", clruntime::LAUNCH_FAILED);
    int64 total = 0;
    for (int g = 0; g < launch.groups; g++)
        total += partials[g];
    result = saturate_cast<int>(total);
    return true;
}

#endif // HAVE_OPENCL

int countNonZero(InputArray src)
{
    CV_INSTRUMENT_REGION();
    CV_Assert(src.channels() == 1);
    // OpenCV's CPU code counts 0 here; its OpenCL code (4.6) crashes on an empty UMat.
    if (src.empty())
        return 0;

#ifdef HAVE_OPENCL
    int result = 0;
    if (src.isUMat() && src.dims() <= 2 && ocl::useOpenCL() &&
        ocl_countNonZero(src, result))
        return result;
#endif
    return cv::countNonZero(src);
}

} // namespace clreduce
} // namespace cv
