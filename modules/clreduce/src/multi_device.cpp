// countNonZero, sum and minMaxLoc over a clruntime::DeviceSet: a host image in
// bands of rows, each reduced on a device by the one-device function, the band
// results combined here.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"

#include <array>
#include <atomic>
#include <functional>

namespace cv {
namespace clreduce {

namespace {

// reduce(band, bandMask) for every band of rows of `src` (and `mask`), uploaded
// on the device that takes the band; at least one band per device, more when
// the memory budget needs them. Results in band order.
template <typename R>
std::vector<R> reduceBands(const char* function, const Mat& src, const Mat& mask, const clruntime::DeviceSet& devices,
                           const std::function<R(const UMat& band, const UMat& bandMask)>& reduce)
{
    const double rowBytes = (double)src.cols * src.elemSize() + (double)mask.cols * mask.elemSize();
    const int bands = clruntime::bandCount(devices, src.rows, rowBytes, 0, function);
    std::vector<R> results(bands);
    clruntime::runBands(devices, bands, [&](int b) {
        const int r0 = clruntime::bandFirstRow(src.rows, b, bands);
        const int r1 = clruntime::bandFirstRow(src.rows, b + 1, bands);
        UMat band, bandMask;
        src.rowRange(r0, r1).copyTo(band);
        if (!mask.empty())
            mask.rowRange(r0, r1).copyTo(bandMask);
        results[b] = reduce(band, bandMask);
    });
    return results;
}

#ifdef HAVE_OPENCL
typedef std::array<uchar, SLOT_BYTES> ResultSlot;

// The bands of `src` streamed through the devices (clruntime::streamBands, pinned
// copies overlapped with the kernels): each band's reduction, planned by `plan`
// for the band's device buffer, runs behind its upload, and its result slot comes
// back with the other bands' transfers into slots[band]. False, after reporting
// why, when a band could not run: the caller then runs OpenCV's function on the
// host image.
bool streamReduce(const char* function, const Mat& src, const clruntime::DeviceSet& devices,
                  bool (*plan)(const UMat& band, ReducePlan& plan), std::vector<ResultSlot>& slots)
{
    // Bands of at most 32 MB: the first band's host copy and the last one's upload
    // overlap nothing, and a band's kernel and result are small. (H100, 20480x20480
    // 8U: 10.9-11.6 ms with 64 MB bands, 8.8-10.7 with 32, 8.8-11.3 with 16, 11.3-15.8
    // with 8; perf/NOTES.md.)
    const int bands = clruntime::bandCount(devices, src.rows, (double)src.cols * src.elemSize(), SLOT_BYTES, function,
                                           clruntime::BandStream::SLOTS, 32 << 20);
    slots.assign(bands, ResultSlot());
    std::atomic<bool> failed(false);
    const bool finished = clruntime::streamBands(devices, bands, function, [&](int b, clruntime::BandStream& stream) {
        if (failed)
            return;
        const int r0 = clruntime::bandFirstRow(src.rows, b, bands), r1 = clruntime::bandFirstRow(src.rows, b + 1, bands);
        ResultSlot& slot = slots[b];
        if (!stream.submit(
                src.rowRange(r0, r1), { { Size(SLOT_BYTES, 1), CV_8UC1 } },
                [&](const UMat& in, const std::vector<UMat>& out) {
                    ReducePlan p;
                    if (!plan(in, p))   // the types were checked: this device has no fp64
                        return clruntime::reportFallback(function, "a device of the set has no fp64");
                    clruntime::Launcher launcher(clruntime::CLREDUCE, function);
                    return enqueueReduce(launcher, function, p, in, UMat(), out[0]);
                },
                [&slot](const std::vector<Mat>& result) {
                    if (!result.empty())
                        std::copy(result[0].ptr(), result[0].ptr() + SLOT_BYTES, slot.begin());
                }))
            failed = true;
    });
    return finished && !failed;
}
#endif

// A host image the bands can take: the one-device function handles the rest
// (its checks and exceptions, UMat input, OpenCL switched off on this thread).
bool takesBands(InputArray src)
{
    return !src.isUMat() && !src.empty() && src.dims() <= 2 && ocl::useOpenCL();
}

struct MinMax
{
    double minVal, maxVal;
    Point minLoc, maxLoc;
};

// True when (value, location) b comes first: the smaller (larger) value, then the
// first location in row-major order.
#ifdef HAVE_OPENCL
// Min, max and their locations of a band without a mask.
bool minMaxBandPlan(const UMat& band, ReducePlan& plan)
{
    return minMaxPlan(band, UMat(), true, true, true, plan);
}
#endif

bool comesFirst(double bv, Point bl, double av, Point al, bool isMax)
{
    if (bv != av)
        return isMax ? bv > av : bv < av;
    return bl.y < al.y || (bl.y == al.y && bl.x < al.x);
}

} // namespace

static const char* const FN_COUNT = "clreduce::countNonZero";
static const char* const FN_SUM = "clreduce::sum";
static const char* const FN_MINMAX = "clreduce::minMaxLoc";

int countNonZero(InputArray _src, const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN_COUNT);
    if (!takesBands(_src) || _src.channels() != 1)
        return clreduce::countNonZero(_src);
    int64 total = 0;
#ifdef HAVE_OPENCL
    if (_src.depth() <= CV_64F)   // the kernel's types
    {
        const Mat src = _src.getMat();
        std::vector<ResultSlot> slots;
        if (!streamReduce(FN_COUNT, src, devices, countNonZeroPlan, slots))
            return cv::countNonZero(src);
        for (const ResultSlot& slot : slots)
            total += countFromSlot(slot.data());
        return saturate_cast<int>(total);
    }
#endif
    for (int n : reduceBands<int>(FN_COUNT, _src.getMat(), Mat(), devices,
                                  [](const UMat& band, const UMat&) { return clreduce::countNonZero(band); }))
        total += n;
    return saturate_cast<int>(total);
}

Scalar sum(InputArray _src, const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN_SUM);
    if (!takesBands(_src) || _src.channels() > 4)
        return clreduce::sum(_src);
    Scalar total = Scalar::all(0);
#ifdef HAVE_OPENCL
    if (_src.depth() <= CV_64F)   // the kernel's types
    {
        const Mat src = _src.getMat();
        std::vector<ResultSlot> slots;
        if (!streamReduce(FN_SUM, src, devices, sumPlan, slots))
            return cv::sum(src);
        for (const ResultSlot& slot : slots)
            total += sumFromSlot(slot.data(), src.depth(), src.channels());
        return total;
    }
#endif
    for (const Scalar& s : reduceBands<Scalar>(FN_SUM, _src.getMat(), Mat(), devices,
                                               [](const UMat& band, const UMat&) { return clreduce::sum(band); }))
        total += s;
    return total;
}

void minMaxLoc(InputArray _src, double* minVal, double* maxVal, Point* minLoc, Point* maxLoc, InputArray _mask,
               const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN_MINMAX);
    const bool haveMask = !_mask.empty();
    if (!takesBands(_src) || _src.channels() != 1 ||
        (haveMask && (_mask.isUMat() || _mask.size() != _src.size() || _mask.type() != CV_8UC1)))
    {
        clreduce::minMaxLoc(_src, minVal, maxVal, minLoc, maxLoc, _mask);
        return;
    }
    const Mat src = _src.getMat();
    std::vector<MinMax> results;
#ifdef HAVE_OPENCL
    // Without a mask (one input a band) and of the kernel's types: streamed.
    if (!haveMask && src.depth() <= CV_64F)
    {
        std::vector<ResultSlot> slots;
        if (!streamReduce(FN_MINMAX, src, devices, minMaxBandPlan, slots))
        {
            cv::minMaxLoc(src, minVal, maxVal, minLoc, maxLoc);
            return;
        }
        for (const ResultSlot& slot : slots)
        {
            MinMax r;
            int64 minI, maxI;
            minMaxFromSlot(slot.data(), src.depth(), false, true, r.minVal, r.maxVal, minI, maxI);
            r.minLoc = Point((int)(minI % src.cols), (int)(minI / src.cols));
            r.maxLoc = Point((int)(maxI % src.cols), (int)(maxI / src.cols));
            results.push_back(r);
        }
    }
    else
#endif
        results = reduceBands<MinMax>(
            FN_MINMAX, src, _mask.getMat(), devices, [haveMask](const UMat& band, const UMat& bandMask) {
                MinMax r;
                clreduce::minMaxLoc(band, &r.minVal, &r.maxVal, &r.minLoc, &r.maxLoc,
                                    haveMask ? _InputArray(bandMask) : _InputArray(noArray()));
                return r;
            });
    // A band without an element the search counted: with a mask, locations -1;
    // without one (only NaNs), min +inf above max -inf.
    MinMax best = { 0, 0, Point(-1, -1), Point(-1, -1) };
    bool found = false;
    for (size_t b = 0; b < results.size(); b++)
    {
        MinMax r = results[b];
        if (haveMask ? r.minLoc.x < 0 : r.minVal > r.maxVal)
            continue;
        const int r0 = clruntime::bandFirstRow(src.rows, (int)b, (int)results.size());
        r.minLoc.y += r0;
        r.maxLoc.y += r0;
        if (!found || comesFirst(r.minVal, r.minLoc, best.minVal, best.minLoc, false))
            best.minVal = r.minVal, best.minLoc = r.minLoc;
        if (!found || comesFirst(r.maxVal, r.maxLoc, best.maxVal, best.maxLoc, true))
            best.maxVal = r.maxVal, best.maxLoc = r.maxLoc;
        found = true;
    }
    if (!found && !haveMask)   // only NaNs: what the one-device call returns
        best = { std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), Point(0, 0),
                 Point(0, 0) };
    if (minVal)
        *minVal = best.minVal;
    if (maxVal)
        *maxVal = best.maxVal;
    if (minLoc)
        *minLoc = best.minLoc;
    if (maxLoc)
        *maxLoc = best.maxLoc;
}

} // namespace clreduce
} // namespace cv
