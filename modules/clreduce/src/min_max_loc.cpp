// cv::clreduce::minMaxIdx and minMaxLoc: host side of the min/max build of opencl/reduce.cl.
#include "precomp.hpp"

namespace cv {
namespace clreduce {

// The names the reports and errors give: the function the caller called.
static const char* const FN_IDX = "clreduce::minMaxIdx";
static const char* const FN_LOC = "clreduce::minMaxLoc";

#ifdef HAVE_OPENCL

namespace {
struct MinMaxTypes
{
    const char* srcT1;
    const char* minInit;   // largest value of the type
    const char* maxInit;   // lowest value of the type
};

MinMaxTypes minMaxTypes(int depth)
{
    switch (depth)
    {
    case CV_8U:  return { "uchar",  "255", "0" };
    case CV_8S:  return { "char",   "127", "(-128)" };
    case CV_16U: return { "ushort", "65535", "0" };
    case CV_16S: return { "short",  "32767", "(-32768)" };
    case CV_32S: return { "int",    "2147483647", "(-2147483647-1)" };
    case CV_32F: return { "float",  "INFINITY", "(-INFINITY)" };
    case CV_64F: return { "double", "((double)INFINITY)", "(-(double)INFINITY)" };
    default:     return { NULL, NULL, NULL };
    }
}

// A value of the 32-byte result slot, as the kernel writes it.
double slotValue(const uchar* p, int depth)
{
    switch (depth)
    {
    case CV_8U:  return *(const uchar*)p;
    case CV_8S:  return *(const schar*)p;
    case CV_16U: return *(const ushort*)p;
    case CV_16S: return *(const short*)p;
    case CV_32S: return *(const int*)p;
    case CV_32F: return *(const float*)p;
    default:     return *(const double*)p;
    }
}

} // namespace

bool minMaxPlan(const char* function, const UMat& src, const UMat& mask, bool needMin, bool needMax, bool needLoc,
                ReducePlan& plan)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int depth = src.depth();
    MinMaxTypes types = minMaxTypes(depth);
    if (!types.srcT1 || (depth == CV_64F && dev.doubleFPConfig() <= 0))
        return false;
    if (!isElementAligned(src))
        return clruntime::reportFallback(function, clruntime::VIEW_NOT_ELEMENT_ALIGNED);
    const bool haveMask = !mask.empty();
    const int esz1 = (int)src.elemSize1();
    // Masked images are walked pixel by pixel, row by row.
    plan.layout = chunkLayout(src, !haveMask);
    // Two chunks per work-item and loop trip: 8192x8192 8U took 41 / 39 / 44 / 67 us
    // of kernel time with 1 / 2 / 4 / 8 on an H100; 32F 107-109 us with any (perf/NOTES.md).
    plan.unroll = 2;
    // Masks walked in units of 16 pixels of vector loads: continuous image and mask
    // as one long row, or rows that all start at 16-byte boundaries.
    const bool maskFlat = haveMask && src.isContinuous() && mask.isContinuous() && src.offset % 16 == 0 &&
                          mask.offset % 16 == 0;
    const bool maskAligned = haveMask && !maskFlat && src.offset % 16 == 0 && src.step[0] % 16 == 0 &&
                             mask.offset % 16 == 0 && mask.step[0] % 16 == 0;
    // With locations, half the work-items a GPU compute unit keeps resident (4 groups
    // of 256 instead of 8), on an H100: kernel time of 8192x8192 8U 43.0 -> 39.4 us
    // (random bytes), 4096x4096 20.8 -> 17.7 us; call 8192x8192 32F 0.125-0.130 ->
    // 0.117-0.119 ms; with a mask as fast or faster (perf/NOTES.md).
    plan.launch = chooseReduceLaunch(dev, maskFlat      ? ((int64)src.total() + 15) / 16
                                          : maskAligned ? (int64)src.rows * ((src.cols + 15) / 16)
                                          : haveMask    ? (int64)src.total()
                                          : plan.layout.singleRow ? plan.layout.totalChunks / plan.unroll
                                          : plan.layout.totalChunks,
                                     needLoc ? 1024 : 2048);
    plan.options = format("-D OP_MIN_MAX -D srcT1=%s -D ESZ1=%d -D LANES=%d -D MIN_INIT=%s -D MAX_INIT=%s%s%s%s%s%s%s%s",
                          types.srcT1, esz1, 16 / esz1, types.minInit, types.maxInit,
                          depth >= CV_32F ? " -D IS_FLOAT" : "",
                          needMin ? " -D NEED_MIN" : "", needMax ? " -D NEED_MAX" : "",
                          needLoc ? " -D NEED_LOC" : "", haveMask ? " -D HAVE_MASK" : "",
                          maskFlat ? " -D MASK_FLAT" : maskAligned ? " -D MASK_ALIGNED" : "",
                          depth == CV_64F ? " -D DOUBLE_SUPPORT" : "");
    return true;
}

void minMaxFromSlot(const uchar* slot, int depth, bool haveMask, bool needMin, double& minV, double& maxV,
                    int64& minI, int64& maxI)
{
    // Min value at byte 0, max at 8, their linear indices (-1: none) at 16 and 24.
    minV = slotValue(slot, depth), maxV = slotValue(slot + 8, depth);
    minI = *(const int64*)(slot + 16), maxI = *(const int64*)(slot + 24);
    // What OpenCV returns when no element counted (the min and the max are found
    // together, so one of them tells): with a mask, zeros and index -1; without
    // one (only NaNs), the initial +-infinity at index 0.
    const bool found = needMin ? minI >= 0 : maxI >= 0;
    if (!found && haveMask)
        minV = maxV = 0, minI = maxI = -1;
    else if (!found)
        minV = std::numeric_limits<double>::infinity(), maxV = -minV, minI = maxI = 0;
}

// Linear element index `i` (-1: none) into `idx` as OpenCV's CPU code writes it for
// an array of `dims` dimensions and `cols` elements a row: (row, column) in 2-D; in
// OpenCV 5, whose arrays may have fewer, the index alone in 1-D and nothing in 0-D.
static void writeIndex(int64 i, int dims, int64 cols, int* idx)
{
    if (!idx)
        return;
    if (dims == 1)
        idx[0] = (int)i;
    else if (dims == 2)
        idx[0] = i < 0 ? -1 : (int)(i / cols), idx[1] = i < 0 ? -1 : (int)(i % cols);
}

static bool ocl_minMaxIdx(const char* function, InputArray _src, double* minVal, double* maxVal, int* minIdx,
                          int* maxIdx, InputArray _mask)
{
    const bool haveMask = !_mask.empty();
    if (haveMask && (_mask.size() != _src.size() || _mask.dims() > 2))
        return false;   // OpenCV's own function raises the error
    UMat src = _src.getUMat(), mask;
    if (haveMask)
        mask = _mask.getUMat();
    const bool needMin = minVal || minIdx, needMax = maxVal || maxIdx, needLoc = minIdx || maxIdx;
    ReducePlan plan;
    int64 slot[SLOT_BYTES / sizeof(int64)];
    if (!minMaxPlan(function, src, mask, needMin, needMax, needLoc, plan) ||
        !runReduce(function, plan, src, mask, (uchar*)slot))
        return false;
    double minV, maxV;
    int64 minI, maxI;
    minMaxFromSlot((const uchar*)slot, src.depth(), haveMask, needMin, minV, maxV, minI, maxI);
    if (minVal)
        *minVal = minV;
    if (maxVal)
        *maxVal = maxV;
    const int64 cols = (int64)src.cols * src.channels();
    writeIndex(minI, src.dims, cols, minIdx);
    writeIndex(maxI, src.dims, cols, maxIdx);
    return true;
}
#endif // HAVE_OPENCL

// The mask types OpenCV's minMaxIdx takes: one byte per element, non-zero selects,
// so the kernel reads them all alike. OpenCV 5 added CV_8S and CV_Bool.
static bool isMaskType(int type)
{
#if CV_VERSION_MAJOR >= 5
    return type == CV_8U || type == CV_8S || type == CV_Bool;
#else
    return type == CV_8U;
#endif
}

// An empty source with a mask: OpenCV's CPU code reads the mask for elements the
// source does not have (a crash); this is the size check a non-empty source gets.
static void checkMaskOfEmpty(InputArray src, InputArray mask)
{
    CV_Assert(!src.empty() || mask.empty());
}

// minMaxIdx, reporting as `function`.
static void minMaxIdxAs(const char* function, InputArray src, double* minVal, double* maxVal, int* minIdx,
                        int* maxIdx, InputArray mask)
{
    checkMaskOfEmpty(src, mask);
    const int cn = src.channels();
    CV_Assert((cn == 1 && (mask.empty() || isMaskType(mask.type()))) ||
              (cn > 1 && mask.empty() && !minIdx && !maxIdx));
    clruntime::requireCurrentContext(function, { src, mask });

    if (src.isUMat() && src.dims() <= 2 && !src.empty() && src.depth() <= CV_64F && ocl::useOpenCL() && !minVal &&
        !maxVal && !minIdx && !maxIdx && (mask.empty() || mask.size() == src.size()))
        return;   // nothing asked for (and nothing OpenCV would raise)
    CV_OCL_RUN(src.isUMat() && src.dims() <= 2 && !src.empty(), clruntime::reportingExceptions(function, [&] {
                   return ocl_minMaxIdx(function, src, minVal, maxVal, minIdx, maxIdx, mask);
               }))
    // OpenCV's CPU code, also for a UMat the kernel does not take; an empty source
    // without its data (OpenCV 5 divides by zero on an empty one that has some, as
    // numpy's empty arrays do).
    cv::minMaxIdx(hostView(src), minVal, maxVal, minIdx, maxIdx, mask.isUMat() ? mask.getMat() : mask);
}

void minMaxIdx(InputArray src, double* minVal, double* maxVal, int* minIdx, int* maxIdx, InputArray mask)
{
    CV_INSTRUMENT_REGION();
    minMaxIdxAs(FN_IDX, src, minVal, maxVal, minIdx, maxIdx, mask);
}

void minMaxLoc(InputArray src, double* minVal, double* maxVal, Point* minLoc, Point* maxLoc, InputArray mask)
{
    CV_INSTRUMENT_REGION();
    checkMaskOfEmpty(src, mask);
    if (!src.isUMat() || src.empty() || src.dims() != 2)
    {
        clruntime::requireCurrentContext(FN_LOC, { src, mask });   // the UMat path: minMaxIdxAs checks
        // OpenCV's own checks and its rules for empty and 1-D input (which differ
        // between versions); OpenCV's CPU code for a UMat, as in minMaxIdx.
        cv::minMaxLoc(hostView(src), minVal, maxVal, minLoc, maxLoc, mask.isUMat() ? mask.getMat() : mask);
        return;
    }
    // As in OpenCV: a Point is two ints, filled as (row, column) and then swapped.
    minMaxIdxAs(FN_LOC, src, minVal, maxVal, (int*)minLoc, (int*)maxLoc, mask);
    if (minLoc)
        std::swap(minLoc->x, minLoc->y);
    if (maxLoc)
        std::swap(maxLoc->x, maxLoc->y);
}

void minMaxIdxPairs(InputArray src, double& minVal, double& maxVal, Vec2i& minIdx, Vec2i& maxIdx, InputArray mask)
{
    clreduce::minMaxIdx(src, &minVal, &maxVal, minIdx.val, maxIdx.val, mask);
}

} // namespace clreduce
} // namespace cv
