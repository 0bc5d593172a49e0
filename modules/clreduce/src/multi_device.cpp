// countNonZero, sum and minMaxLoc over a clruntime::DeviceSet: a host image in
// bands of rows streamed through the devices, each band reduced by the kernel of
// the one-device call, the band results combined here.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"

#include <atomic>
#include <functional>

namespace cv {
namespace clreduce {

static const char* const FN_COUNT = "clreduce::countNonZero";
static const char* const FN_SUM = "clreduce::sum";
static const char* const FN_MINMAX = "clreduce::minMaxLoc";

namespace {

// How a band (and its mask rows) is reduced: the plan of the kernel for its
// device buffers, and the result of a result slot.
template <typename R>
struct BandReduction
{
    bool (*plan)(const UMat& band, const UMat& bandMask, ReducePlan& plan);
    std::function<R(const uchar* slot)> fromSlot;
};

// The result of every band of `src` (and `mask`, when not empty), in band order
// (a depth the kernel takes): the bands stream through the devices
// (clruntime::streamBands, pinned copies overlapped with the kernels); each band's
// reduction runs behind its upload, and its result slot comes back with the other
// bands' transfers. False, after reporting why, when a band could not run: the
// caller then runs OpenCV's function on the host image.
template <typename R>
bool bandResults(const char* function, const Mat& src, const Mat& mask, const clruntime::DeviceSet& devices,
                 const BandReduction<R>& how, std::vector<R>& results)
{
    // Bands of at most 32 MB: the first band's host copy and the last one's upload
    // overlap nothing, and a band's kernel and result are small. (H100, 20480x20480
    // 8U: 10.9-11.6 ms with 64 MB bands, 8.8-10.7 with 32, 8.8-11.3 with 16, 11.3-15.8
    // with 8; perf/NOTES.md.) Pinned rows have no host copy: bands of 16 MB, as many
    // on every device, so that the devices end together (two H200s: perf/NOTES.md).
    const double rowBytes = (double)src.cols * src.elemSize() + (double)mask.cols * mask.elemSize();
    const bool pinned = clruntime::isPinned(src) && (mask.empty() || clruntime::isPinned(mask));
    const int bands = clruntime::sameBandsOnEveryDevice(
        clruntime::bandCount(devices, src.rows, rowBytes, SLOT_BYTES, function, clruntime::BandStream::SLOTS,
                             pinned ? clruntime::BandStream::MAX_PINNED_BAND_BYTES : 32 << 20),
        src.rows, devices);
    results.assign(bands, R());
    std::atomic<bool> failed(false);
    const bool finished = clruntime::streamBands(devices, bands, function, [&](int b, clruntime::BandStream& stream) {
        if (failed)
            return;
        const int r0 = clruntime::bandFirstRow(src.rows, b, bands), r1 = clruntime::bandFirstRow(src.rows, b + 1, bands);
        std::vector<Mat> in = { src.rowRange(r0, r1) };
        if (!mask.empty())
            in.push_back(mask.rowRange(r0, r1));
        R& result = results[b];
        if (!stream.submit(
                in, { { Size(SLOT_BYTES, 1), CV_8UC1, Mat(), 0 } },
                [&](const std::vector<UMat>& band, const std::vector<UMat>& out) {
                    const UMat bandMask = band.size() > 1 ? band[1] : UMat();
                    ReducePlan p;
                    if (!how.plan(band[0], bandMask, p))   // the types were checked: this device has no fp64
                        return clruntime::reportFallback(function, "a device of the set has no fp64");
                    clruntime::Launcher launcher(clruntime::CLREDUCE, function);
                    return enqueueReduce(launcher, function, p, band[0], bandMask, out[0]);
                },
                [&how, &result](const std::vector<Mat>& slot) {
                    if (!slot.empty())
                        result = how.fromSlot(slot[0].ptr());
                }))
            failed = true;
    });
    return finished && !failed;
}

// The kernel's plans of a band (and its mask rows, for minMaxLoc).
bool countNonZeroBandPlan(const UMat& band, const UMat&, ReducePlan& plan) { return countNonZeroPlan(band, plan); }
bool sumBandPlan(const UMat& band, const UMat&, ReducePlan& plan) { return sumPlan(band, plan); }
bool minMaxBandPlan(const UMat& band, const UMat& bandMask, ReducePlan& plan)
{
    return minMaxPlan(FN_MINMAX, band, bandMask, true, true, true, plan);
}

// A host image the bands can take: the one-device function handles the rest
// (its checks and exceptions, UMat input, OpenCL switched off on this thread,
// and the depths the kernel does not take: OpenCV's function on the host image).
bool takesBands(InputArray src)
{
    return !src.isUMat() && !src.empty() && src.dims() <= 2 && src.depth() <= CV_64F && ocl::useOpenCL();
}

struct MinMax
{
    double minVal, maxVal;
    Point minLoc, maxLoc;
};

// The location of linear index i in an image `cols` wide (-1, -1 for -1).
Point locationOf(int64 i, int cols)
{
    return i < 0 ? Point(-1, -1) : Point((int)(i % cols), (int)(i / cols));
}

// True when (value, location) b comes first: the smaller (larger) value, then the
// first location in row-major order.
bool comesFirst(double bv, Point bl, double av, Point al, bool isMax)
{
    if (bv != av)
        return isMax ? bv > av : bv < av;
    return bl.y < al.y || (bl.y == al.y && bl.x < al.x);
}

} // namespace

int countNonZero(InputArray _src, const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN_COUNT);
    if (!takesBands(_src) || _src.channels() != 1)
        return clreduce::countNonZero(_src);
    const Mat src = _src.getMat();
    const BandReduction<int64> how = { countNonZeroBandPlan, countFromSlot };
    std::vector<int64> counts;
    if (!bandResults(FN_COUNT, src, Mat(), devices, how, counts))
        return cv::countNonZero(src);
    int64 total = 0;
    for (int64 n : counts)
        total += n;
    return saturate_cast<int>(total);
}

Scalar sum(InputArray _src, const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN_SUM);
    if (!takesBands(_src) || _src.channels() > 4)
        return clreduce::sum(_src);
    const Mat src = _src.getMat();
    const BandReduction<Scalar> how = { sumBandPlan, [&src](const uchar* slot) {
                                           return sumFromSlot(slot, src.depth(), src.channels());
                                       } };
    std::vector<Scalar> sums;
    if (!bandResults(FN_SUM, src, Mat(), devices, how, sums))
        return cv::sum(src);
    Scalar total = Scalar::all(0);
    for (const Scalar& s : sums)
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
    const Mat src = _src.getMat(), mask = _mask.getMat();
    const BandReduction<MinMax> how = { minMaxBandPlan, [&](const uchar* slot) {
                                           MinMax r;
                                           int64 minI, maxI;
                                           minMaxFromSlot(slot, src.depth(), haveMask, true, r.minVal, r.maxVal,
                                                          minI, maxI);
                                           r.minLoc = locationOf(minI, src.cols);
                                           r.maxLoc = locationOf(maxI, src.cols);
                                           return r;
                                       } };
    std::vector<MinMax> results;
    if (!bandResults(FN_MINMAX, src, mask, devices, how, results))
    {
        cv::minMaxLoc(src, minVal, maxVal, minLoc, maxLoc, mask);
        return;
    }
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
