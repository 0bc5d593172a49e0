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
        return false;

    const int esz = (int)src.elemSize();
    const int64 span = viewByteSpan(src);
    // Continuous views are one long row: no per-chunk division in the kernel.
    const bool singleRow = src.isContinuous();
    const int rows = singleRow ? 1 : src.rows;
    const int64 rowBytes = (int64)src.cols * esz * (singleRow ? src.rows : 1);
    // Chunk slots per row: a row may start anywhere inside its first 16-byte chunk.
    const int64 chunksPerRow = (rowBytes + 15) / 16 + 1;
    const int64 totalChunks = chunksPerRow * rows;
    if (rowBytes > INT_MAX || totalChunks > INT_MAX || src.step[0] > (size_t)INT_MAX || src.offset > (size_t)INT_MAX)
        return false;

    ReduceLaunch launch = chooseReduceLaunch(dev, totalChunks);
    String opts = format("-D elemT=%s -D ELEM_SIZE=%d -D WGS=%d%s%s%s",
                         elemType, esz, launch.wgs,
                         singleRow ? " -D SINGLE_ROW" : "",
                         span > INT_MAX - 16 ? " -D LONG_OFFSETS" : "",
                         depth == CV_64F ? " -D DOUBLE_SUPPORT" : "");
    ocl::Kernel k("count_non_zero", ocl::clreduce::count_non_zero_oclsrc, opts);
    if (k.empty())
        return false;

    UMat partials(1, launch.groups, CV_32SC1);
    k.args(ocl::KernelArg::PtrReadOnly(src), (int)src.step[0], (int)src.offset,
           rows, (int)rowBytes, (int)chunksPerRow, (int)totalChunks,
           ocl::KernelArg::PtrWriteOnly(partials));

    size_t globalSize = (size_t)launch.groups * launch.wgs, localSize = launch.wgs;
    if (!k.run(1, &globalSize, &localSize, false))
        return false;
    noteKernelLaunch();

    // The blocking read waits for the kernel; the host adds the partial counts.
    AutoBuffer<int, MAX_REDUCE_GROUPS> hostBuffer(launch.groups);
    Mat hostPartials(1, launch.groups, CV_32SC1, hostBuffer.data());
    partials.copyTo(hostPartials);
    int64 total = 0;
    for (int i = 0; i < launch.groups; i++)
        total += hostBuffer[i];
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
