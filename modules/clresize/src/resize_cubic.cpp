// cv::clresize::resize and resizeCubic: host side of opencl/resize_cubic.cl,
// and the CPU version of the same arithmetic for resizeCubic without OpenCL.
#include "precomp.hpp"

#include <atomic>

namespace cv {
namespace clresize {

namespace detail {
uint64 oclLaunchCount()
{
    return clruntime::launchCount(clruntime::CLRESIZE);
}

static std::atomic<bool> emulatedDp2a(false), dp2aBuildFails(false);

void useEmulatedDp2a(bool on)
{
    emulatedDp2a = on;
}

void failDp2aBuild(bool on)
{
    dp2aBuildFails = on;
}
} // namespace detail

// OpenCV's output size and scale rules (cv::resize), with its assertions.
static Size outputSize(Size ssize, Size dsize, double& invScaleX, double& invScaleY)
{
    CV_Assert(!ssize.empty());
    if (dsize.empty())
    {
        CV_Assert(invScaleX > 0); CV_Assert(invScaleY > 0);
        dsize = Size(saturate_cast<int>(ssize.width * invScaleX), saturate_cast<int>(ssize.height * invScaleY));
        CV_Assert(!dsize.empty());
    }
    else
    {
        invScaleX = (double)dsize.width / ssize.width;
        invScaleY = (double)dsize.height / ssize.height;
        CV_Assert(invScaleX > 0); CV_Assert(invScaleY > 0);
    }
    return dsize;
}

static const char* const FN = "clresize::resize";

// A UMat destination of another OpenCL context than the current one raises where
// create() would keep its buffer (clruntime::requireCurrentContext); checked with the
// size cv::resize gives it (its own errors for bad sizes), before any path writes it.
static void requireDestinationContext(InputArray src, OutputArray dst, Size dsize, double fx, double fy)
{
    if (dst.isUMat() && !src.empty() && src.dims() <= 2)
        clruntime::requireCurrentContext(FN, dst, outputSize(src.size(), dsize, fx, fy), src.type());
}

static bool isSupportedDepth(int depth)
{
    return depth == CV_8U || depth == CV_16U || depth == CV_16S || depth == CV_32F || depth == CV_64F;
}

// Row elements OpenCV's 128-bit SIMD vertical pass covers: whole groups of 8
// elements (4 for 32F); none for 64F.
static int simdEnd(int depth, int rowElems)
{
    int lanes = depth == CV_64F ? 0 : depth == CV_32F ? 4 : 8;
    return lanes ? rowElems / lanes * lanes : 0;
}

// The cubic coefficients for coefficient a (OpenCV's interpolateCubic) at
// fractional position x.
static void cubicCoeffs(float x, float A, float* c)
{
    c[0] = ((A * (x + 1) - 5 * A) * (x + 1) + 8 * A) * (x + 1) - 4 * A;
    c[1] = ((A + 2) * x - (A + 3)) * x * x + 1;
    c[2] = ((A + 2) * (1 - x) - (A + 3)) * (1 - x) * (1 - x) + 1;
    c[3] = 1.f - c[0] - c[1] - c[2];
}

#ifdef HAVE_OPENCL
// True when every 8-bit horizontal sum (4 pixels times coefficients rounded to
// 11 fractional bits) stays below 2^24 in magnitude, so a float holds it
// exactly: the sum of the coefficients' magnitudes, sampled over the fractional
// position with a margin of 2 for the points between samples.
static bool floatHoldsHorizontalSums(float a)
{
    // Remembered for the last a of this thread (resize always passes -0.75).
    static thread_local float lastA = 0.f;
    static thread_local bool lastAnswer = false, known = false;
    if (known && a == lastA)
        return lastAnswer;
    double worst = 0;
    for (int s = 0; s <= 1024; s++)
    {
        float c[4];
        cubicCoeffs(s / 1024.f, a, c);
        double sum = 0;
        for (int k = 0; k < 4; k++)
            sum += std::abs((double)saturate_cast<short>(c[k] * 2048.f));
        worst = std::max(worst, sum);
    }
    lastA = a;
    known = true;
    lastAnswer = 2 * worst * 255 < (double)(1 << 24);
    return lastAnswer;
}

// Source row (or column) of output row d, as the kernels compute it (source_pos).
static int sourceRow(int d, double scale)
{
    return cvFloor((float)((d + 0.5) * scale - 0.5));
}

// The tiled kernel's window path (hsums_from_window) for 8-bit, one channel: when
// the source columns of every whole group of vx output columns lie at the same
// offsets from the group's first one, those offsets as TAP_OFFSETS (digit q:
// column q) and WINDOW_BYTES; else nothing. Remembered for the last geometry of
// this thread (checking every column costs a few us per thousand).
static String tapOffsetsOptions(int dstCols, double scaleX, int vx)
{
    static thread_local int lastCols = 0, lastVx = 0;
    static thread_local double lastScale = 0;
    static thread_local String lastOptions;
    if (dstCols == lastCols && scaleX == lastScale && vx == lastVx)
        return lastOptions;
    std::vector<int> offsets(vx);
    bool fixed = vx > 1 && dstCols >= vx;
    for (int x0 = 0; fixed && x0 + vx <= dstCols; x0 += vx)
    {
        const int first = sourceRow(x0, scaleX);
        for (int q = 0; q < vx && fixed; q++)
        {
            const int offset = sourceRow(x0 + q, scaleX) - first;
            if (x0 == 0)
                offsets[q] = offset;
            fixed = offset == offsets[q];
        }
    }
    // The window: 4 taps from the first column's on; 4-bit offsets.
    const int windowBytes = fixed ? offsets[vx - 1] + 4 : 0;
    String options;
    if (fixed && windowBytes <= 16)
    {
        unsigned digits = 0;
        for (int q = 0; q < vx; q++)
            digits |= (unsigned)offsets[q] << (4 * q);
        options = format(" -D TAP_OFFSETS=0x%xu -D WINDOW_BYTES=%d", digits, windowBytes);
    }
    lastCols = dstCols;
    lastScale = scaleX;
    lastVx = vx;
    lastOptions = options;
    return options;
}

// Which rows of the whole image a kernel run covers: its source buffer holds
// source rows from srcY0 on, its output buffer output rows from dstY0 on, and
// srcRows is the whole source's height. A whole image is { 0, src.rows, 0 }.
struct Band
{
    int srcY0, srcRows, dstY0;
};

// Runs opencl/resize_cubic.cl from `src` to `dst` (both with device buffers; the
// type is the source's). False, after reporting why, when it could not run.
static bool runCubicKernel(const UMat& src, const UMat& dst, double scaleX, double scaleY, float a, int simd,
                           const Band& band)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int type = src.type(), depth = CV_MAT_DEPTH(type), cn = CV_MAT_CN(type);
    // 64-bit offsets only when the source or the output passes 2^31 bytes.
    const bool longOffsets = (int64)src.offset + (int64)src.step[0] * src.rows > INT_MAX ||
                             (int64)dst.offset + (int64)dst.step[0] * dst.rows > INT_MAX;

    static const char* depthNames[] = { "8U", "", "16U", "16S", "", "32F", "64F" };
    // Tiles of (64 * vx) x 32 output pixels, 64 x 4 work-items, vx adjacent pixels
    // per work-item (up to 8 for one channel, as wide as local memory allows). A tile
    // reads the source rows between its first and last row's cubic neighbourhoods;
    // their horizontal pass must fit in local memory, else each output pixel is
    // computed on its own.
    // Measured on an H100 over tile heights 16 / 32, 4 / 8 rows of work-items and
    // 2 / 4 / 8 pixels per work-item: 32, 4 and 8 were fastest (perf/NOTES.md).
    const int tileW = 64, tileH = 32, localH = 4;
    // OpenCV's source positions are floats: each may be off by half their spacing
    // (one row from 2^24 source rows, 8 from 2^26), which can widen a tile's span
    // by that spacing; 7 more rows cover the tile's taps and the floors.
    int positionSpacing = 1;
    while ((int64)band.srcY0 + band.srcRows > ((int64)1 << 24) * positionSpacing)
        positionSpacing *= 2;
    const int maxSrcRows = (int)std::ceil(tileH * scaleY) + 7 + positionSpacing;
    const size_t hBytes = depth == CV_8U ? sizeof(int) : depth == CV_64F ? sizeof(double) : sizeof(float);
    const size_t localLimit = std::min<size_t>(dev.localMemSize(), 40 * 1024);
    int vx = cn == 1 ? 8 : 1;
    while (vx > 1 && (size_t)maxSrcRows * cn * tileW * vx * hBytes > localLimit)
        vx /= 2;
    bool tiled = (size_t)maxSrcRows * cn * tileW * vx * hBytes + tileH * 5 * sizeof(float) <= localLimit &&
                 dev.maxWorkGroupSize() >= (size_t)tileW * localH;
    const bool intHSums = depth == CV_8U && !floatHoldsHorizontalSums(a);
    // Enlargement by exactly 2: resize_cubic_x2, x2Px output pixels (8U: 8 bytes a
    // row, 12 for three channels; other depths up to 16 bytes) and x2Rows source
    // rows (2 * x2Rows output rows) a work-item. 8 rows where that still gives 512
    // work-items a compute unit, else 4: on an H100, 8 and 16 took the same time at
    // 4096x4096 8UC1, 4 was fastest at 1280x1280 8UC1 and 8 at 1920x1080 8UC3
    // (perf/NOTES.md).
    // One set of coefficients for every output pixel holds while OpenCV's float source
    // positions (dx / 2 - 0.25) are exact: output indices below 2^23.
    // Its interior path steps two output rows at a time in int.
    bool x2 = !intHSums && scaleX == 0.5 && scaleY == 0.5 && dst.cols == 2 * src.cols &&
              dev.maxWorkGroupSize() >= 128 && dst.cols <= (1 << 23) && band.dstY0 + dst.rows <= (1 << 23) &&
              dst.step[0] <= (size_t)INT_MAX / 2;
    const int x2Px = depth == CV_8U ? (cn == 1 ? 8 : cn == 4 ? 2 : 4)
                                    : std::max(2, (int)(16 / CV_ELEM_SIZE1(type)) / cn / 2 * 2);
    const int x2Pairs = (band.dstY0 + dst.rows + 1) / 2 - band.dstY0 / 2;   // source rows of the band's output
    const int x2Rows =
        (double)((dst.cols + x2Px - 1) / x2Px) * ((x2Pairs + 7) / 8) >= 512. * dev.maxComputeUnits() ? 8 : 4;
    // The x2 or tiled kernel, or the per-pixel one where the first's own work-group
    // limit (its registers or local memory) is below its groups of 128 or 256.
    ocl::Kernel* kernel = NULL;
    for (;;)
    {
        String dp2aOpts;   // NVIDIA's dp2a for the x2 interior path (or the test hook's emulation of it)
        String opts = format("-D srcT=%s -D CN=%d -D DEPTH_%s -D DOUBLE_SUPPORT%s%s", ocl::typeToStr(depth), cn,
                             depthNames[depth], longOffsets ? " -D LONG_OFFSETS" : "", intHSums ? " -D INT_HSUMS" : "");
        if (x2)
        {
            opts += format(" -D X2_ROWS=%d -D VX=%d -D X2_ELEMS=%d", x2Rows, x2Px, x2Px * cn);
            if (depth == CV_8U)
            {
                // Output pixel q of a work-item's takes its taps from source pixel
                // (q + 1) / 2 of its window on; the window spans x2Px / 2 + 4 source pixels.
                unsigned digits = 0;
                for (int q = 0; q < x2Px; q++)
                    digits |= (unsigned)((q + 1) / 2) << (4 * q);
                opts += format(" -D TAP_OFFSETS=0x%xu -D WINDOW_BYTES=%d", digits, (x2Px / 2 + 4) * cn);
                // The interior path (x2_interior) where the odd rows' coefficients are the
                // even ones' reversed: with OpenCV's a = -0.75 they are 11-bit integers
                // computed exactly ({-72, 536, 1800, -216} / 2048 and the same reversed), on
                // the host as on any device. NVIDIA's dp2a for one channel's sums.
                if (a == -0.75f)
                {
                    opts += " -D X2_MIRRORED";
                    if (cn == 1)
                        dp2aOpts = detail::dp2aBuildFails ? " -D X2_DP2A -cl-clx-build-fails-for-tests"   // no compiler takes it
                                   : dev.isNVidia()       ? " -D X2_DP2A"
                                   : detail::emulatedDp2a ? " -D X2_DP2A -D X2_DP2A_EMULATED"
                                                          : "";
                }
            }
        }
        else if (tiled)
            opts += format(" -D TILE_W=%d -D TILE_H=%d -D LOCAL_H=%d -D VX=%d -D MAX_SRC_ROWS=%d",
                           tileW, tileH, localH, vx, maxSrcRows);
        if (!x2 && tiled && depth == CV_8U && cn == 1 && !intHSums)
            opts += tapOffsetsOptions(dst.cols, scaleX, vx);
        const char* name = x2 ? "resize_cubic_x2" : tiled ? "resize_cubic_tiled" : "resize_cubic";
        kernel = &clruntime::cachedKernel(name, ocl::clresize::resize_cubic_oclsrc, opts + dp2aOpts);
        if (kernel->empty() && !dp2aOpts.empty())   // a driver that takes no inline PTX: the portable sums
            kernel = &clruntime::cachedKernel(name, ocl::clresize::resize_cubic_oclsrc, opts);
        const size_t group = x2 ? 32 * 4 : tiled ? (size_t)tileW * localH : 0;
        if (group == 0 || kernel->empty() || clruntime::kernelWorkGroupLimit(*kernel) >= group)
            break;
        x2 = tiled = false;
    }
    ocl::Kernel& k = *kernel;
    clruntime::Launcher launcher(clruntime::CLRESIZE, FN);
    int i = launcher.setView(k, 0, src, ACCESS_READ, longOffsets);
    i = k.set(i, band.srcRows);
    i = k.set(i, src.cols);
    i = launcher.setView(k, i, dst, ACCESS_WRITE, longOffsets);
    i = k.set(i, dst.rows);
    i = k.set(i, dst.cols);
    i = k.set(i, scaleX);
    i = k.set(i, scaleY);
    i = k.set(i, a);
    i = k.set(i, simd);
    i = k.set(i, band.srcY0);
    i = k.set(i, band.dstY0);
    size_t localSize[2] = { (size_t)(tiled ? tileW : 32), (size_t)(tiled ? localH : 8) };
    size_t globalSize[2];
    if (x2)
    {
        localSize[0] = 32;
        localSize[1] = 4;
        globalSize[0] = (size_t)(dst.cols + x2Px * 32 - 1) / (x2Px * 32) * 32;
        globalSize[1] = (size_t)((x2Pairs + x2Rows - 1) / x2Rows + 3) / 4 * 4;
    }
    else if (tiled)
    {
        globalSize[0] = (size_t)(dst.cols + tileW * vx - 1) / (tileW * vx) * tileW;
        globalSize[1] = (size_t)(dst.rows + tileH - 1) / tileH * localH;
    }
    else
    {
        // 32 x 8 work-items, or fewer rows of them where the device's work-groups are
        // smaller (below 32 the launch fails and the call runs OpenCV's function).
        localSize[1] = (size_t)std::max(1, clruntime::powerOfTwoWorkGroup(k, 256) / 32);
        globalSize[0] = (size_t)(dst.cols + 31) / 32 * 32;
        globalSize[1] = (size_t)(dst.rows + localSize[1] - 1) / localSize[1] * localSize[1];
    }
    return launcher.run(k, i, 2, globalSize, localSize);
}

// The device can run the kernel for this type.
static bool kernelTakes(int type)
{
    return isSupportedDepth(CV_MAT_DEPTH(type)) && CV_MAT_CN(type) <= 4 &&
           ocl::Device::getDefault().doubleFPConfig() > 0;
}

static bool ocl_resizeCubic(InputArray _src, OutputArray _dst, Size dsize, double invScaleX, double invScaleY, float a)
{
    const int type = _src.type();
    if (!kernelTakes(type) || _src.dims() > 2)
        return false;

    UMat src = _src.getUMat();
    // Rows are addressed with int steps and in-row indices: a row of 2 GB is the limit.
    if (src.step[0] > (size_t)INT_MAX || (int64)dsize.width * CV_ELEM_SIZE(type) > INT_MAX)
        return clruntime::reportFallback(FN, clruntime::ROW_PAST_2GB);
    _dst.create(dsize, type);
    UMat dst = _dst.getUMat();
    if (dst.step[0] > (size_t)INT_MAX)   // a caller's view of a buffer with longer rows
        return clruntime::reportFallback(FN, clruntime::ROW_PAST_2GB);
    if (!clruntime::haveDeviceBuffers(FN, { { src, "source" }, { dst, "destination" } }))
        return false;
    return runCubicKernel(src, dst, 1. / invScaleX, 1. / invScaleY, a,
                          simdEnd(CV_MAT_DEPTH(type), dsize.width * CV_MAT_CN(type)), Band{ 0, src.rows, 0 });
}
#endif

// CPU version of the kernel's arithmetic (any coefficient a), for resizeCubic
// when the kernel cannot run.
template <typename T, typename HT>
static void resizeCubicCpu(const Mat& src, Mat& dst, double scaleX, double scaleY, float A)
{
    const int cn = src.channels(), depth = src.depth();
    const int simd = simdEnd(depth, dst.cols * cn);
    auto pos = [A](int d, double scale, float* c) {
        float f = (float)((d + 0.5) * scale - 0.5);
        int s = cvFloor(f);
        f -= s;
        cubicCoeffs(f, A, c);
        return s;
    };
    parallel_for_(Range(0, dst.rows), [&](const Range& range) {
        for (int dy = range.start; dy < range.end; dy++)
        {
            float beta[4];
            int sy = pos(dy, scaleY, beta);
            short ibeta[4];
            for (int k = 0; k < 4; k++)
                ibeta[k] = saturate_cast<short>(beta[k] * 2048.f);
            for (int dx = 0; dx < dst.cols; dx++)
            {
                float alpha[4];
                int sx = pos(dx, scaleX, alpha);
                // As OpenCV's HResizeCubic: sums start from the first product where the
                // four taps lie inside the row (-0 + p is p), from 0 near its ends.
                const HT start = sx >= 1 && sx + 2 < src.cols ? (HT)(-0.0) : (HT)0;
                short ialpha[4];
                for (int k = 0; k < 4; k++)
                    ialpha[k] = saturate_cast<short>(alpha[k] * 2048.f);
                for (int c = 0; c < cn; c++)
                {
                    HT h[4];
                    for (int k = 0; k < 4; k++)
                    {
                        const T* row = src.ptr<T>(std::min(std::max(sy - 1 + k, 0), src.rows - 1));
                        HT v = start;
                        for (int j = 0; j < 4; j++)
                        {
                            T s = row[std::min(std::max(sx - 1 + j, 0), src.cols - 1) * cn + c];
                            if (depth == CV_8U)
                                v += (HT)((int)s * ialpha[j]);
                            else
                                v += (HT)(s * alpha[j]);
                        }
                        h[k] = v;
                    }
                    int x = dx * cn + c;
                    T& out = dst.ptr<T>(dy)[x];
                    if (depth == CV_8U)
                    {
                        if (x < simd)
                        {
                            const float scale = 1.f / (2048 * 2048);
                            float t = (float)h[3] * (ibeta[3] * scale);
                            t = (float)h[2] * (ibeta[2] * scale) + t;
                            t = (float)h[1] * (ibeta[1] * scale) + t;
                            t = (float)h[0] * (ibeta[0] * scale) + t;
                            out = saturate_cast<T>(cvRound(t));
                        }
                        else
                        {
                            int v = (int)h[0] * ibeta[0] + (int)h[1] * ibeta[1] + (int)h[2] * ibeta[2] + (int)h[3] * ibeta[3];
                            out = saturate_cast<T>((v + (1 << 21)) >> 22);
                        }
                    }
                    else if (depth == CV_64F)
                        out = saturate_cast<T>(h[0] * (double)beta[0] + h[1] * (double)beta[1] + h[2] * (double)beta[2] + h[3] * (double)beta[3]);
                    else
                    {
                        float t;
                        if (x < simd)
                        {
                            t = (float)h[3] * beta[3];
                            t = (float)h[2] * beta[2] + t;
                            t = (float)h[1] * beta[1] + t;
                            t = (float)h[0] * beta[0] + t;
                        }
                        else
                            t = (float)h[0] * beta[0] + (float)h[1] * beta[1] + (float)h[2] * beta[2] + (float)h[3] * beta[3];
                        out = saturate_cast<T>(t);
                    }
                }
            }
        }
    });
}

void resize(InputArray src, OutputArray dst, Size dsize, double fx, double fy, int interpolation)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireCurrentContext(FN, { src });
    requireDestinationContext(src, dst, dsize, fx, fy);
#ifdef HAVE_OPENCL
    // N-D input (dims > 2) as OpenCV handles it: its function, whatever that makes of it.
    if (interpolation == INTER_CUBIC && src.isUMat() && src.dims() <= 2 && ocl::useOpenCL() &&
        isSupportedDepth(src.depth()))
    {
        double invScaleX = fx, invScaleY = fy;
        Size ssize = src.size();
        Size outSize = outputSize(ssize, dsize, invScaleX, invScaleY);
        if (outSize == ssize)
        {
            src.copyTo(dst);   // as OpenCV: same size is a copy
            return;
        }
        // The source as it is now: where dst is the same UMat (in place), creating the
        // output replaces that UMat's buffer, and OpenCV's function must still read this.
        const UMat source = src.getUMat();
        CV_OCL_RUN(true, clruntime::reportingExceptions(FN, [&] {
            return ocl_resizeCubic(source, dst, outSize, invScaleX, invScaleY, -0.75f);
        }))
        cv::resize(source, dst, dsize, fx, fy, interpolation);
        return;
    }
#endif
    cv::resize(src, dst, dsize, fx, fy, interpolation);
}

void resize(InputArray _src, OutputArray _dst, Size dsize, double fx, double fy, int interpolation,
            const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN);
#ifdef HAVE_OPENCL
    const int type = _src.type();
    if (!_src.isUMat() && interpolation == INTER_CUBIC && isSupportedDepth(CV_MAT_DEPTH(type)) &&
        CV_MAT_CN(type) <= 4 && _src.dims() <= 2 && ocl::useOpenCL())
    {
        double invScaleX = fx, invScaleY = fy;
        Mat src = _src.getMat();
        const Size outSize = outputSize(src.size(), dsize, invScaleX, invScaleY);
        clruntime::requireCurrentContext(FN, _dst, outSize, type);   // the other paths: resize() checks
        if (outSize == src.size())
        {
            src.copyTo(_dst);
            return;
        }
        const double scaleX = 1. / invScaleX, scaleY = 1. / invScaleY;
        // h output rows read about (h - 1) * scaleY + 4 source rows, with a margin of
        // 4 for rounding: h output rows and h * scaleY source rows, plus 8 - scaleY
        // source rows (negative past a reduction of the height by 8: the first output
        // row reads fewer source rows than each one after it).
        const double srcRowBytes = (double)src.cols * src.elemSize();
        const double dstRowBytes = (double)outSize.width * CV_ELEM_SIZE(type);
        const double bandRowBytes = dstRowBytes + scaleY * srcRowBytes, bandFixedBytes = (8 - scaleY) * srcRowBytes;
        // The kernel takes int steps: a row past 2^31 bytes goes to cv::resize, whatever
        // the budget (with the caller's scales: from outSize alone it would take others).
        const bool rowPast = std::max(srcRowBytes, dstRowBytes) > INT_MAX;
        if (!rowPast)
            clruntime::requireRowInBudget(devices, bandRowBytes, bandFixedBytes, FN, clruntime::BandStream::SLOTS);
        _dst.create(outSize, type);
        Mat dst = _dst.getMat();
        if (rowPast)
        {
            clruntime::reportFallback(FN, clruntime::ROW_PAST_2GB);
            cv::resize(src, dst, dsize, fx, fy, INTER_CUBIC);
            return;
        }
        const int simd = simdEnd(CV_MAT_DEPTH(type), dst.cols * CV_MAT_CN(type));
        const bool pinned = clruntime::isPinned(src) && clruntime::isPinned(dst);
        const clruntime::RampedBands layout(dst.rows,
                                            clruntime::bandCount(devices, dst.rows, bandRowBytes, bandFixedBytes, FN,
                                                                 clruntime::BandStream::SLOTS,
                                                                 pinned ? clruntime::BandStream::MAX_PINNED_BAND_BYTES : 0),
                                            (int)devices.size());
        const int bands = layout.count();

        std::atomic<bool> kernelsFailed(false);
        const bool finished = clruntime::streamBands(devices, bands, FN, [&](int b, clruntime::BandStream& stream) {
            if (kernelsFailed)
                return;
            if (!kernelTakes(type))   // this band's device has no fp64
            {
                clruntime::reportFallback(FN, "a device of the set has no fp64");
                kernelsFailed = true;
                return;
            }
            // bandCount gives at most one band per row, and RampedBands halves only bands of
            // 8 rows or more: d0 < d1.
            const int d0 = layout.firstRow(b);
            const int d1 = layout.firstRow(b + 1);
            const int s1 = std::min(src.rows - 1, sourceRow(d1 - 1, scaleY) + 3);
            const int s0 = std::min(s1, std::max(0, sourceRow(d0, scaleY) - 2));
            const Band band{ s0, src.rows, d0 };
            const Mat dstRows = dst.rowRange(d0, d1);
            if (!stream.submit(
                    src.rowRange(s0, s1 + 1), { { dstRows.size(), type, dstRows, 0 } },
                    [&](const UMat& in, const std::vector<UMat>& out) {
                        return runCubicKernel(in, out[0], scaleX, scaleY, -0.75f, simd, band);
                    },
                    clruntime::BandStream::Retire()))
                kernelsFailed = true;
        });
        // Reported: OpenCV's function on the host image, with the caller's arguments
        // (from dsize alone it would take the scales outSize / src.size(), not fx, fy).
        if (kernelsFailed || !finished)
            cv::resize(src, dst, dsize, fx, fy, INTER_CUBIC);
        return;
    }
#endif
    clresize::resize(_src, _dst, dsize, fx, fy, interpolation);
}

void resizeCubic(InputArray src, OutputArray dst, Size dsize, double fx, double fy, double a)
{
    CV_INSTRUMENT_REGION();
    CV_Assert(src.dims() <= 2);   // an image (its own function: no N-D rule of OpenCV's to follow)
    clruntime::requireCurrentContext(FN, { src });
    const int depth = src.depth();
    double invScaleX = fx, invScaleY = fy;
    Size ssize = src.size();
    Size outSize = outputSize(ssize, dsize, invScaleX, invScaleY);
    clruntime::requireCurrentContext(FN, dst, outSize, src.type());
    CV_Assert(isSupportedDepth(depth) && src.channels() <= 4);
    // Up to |a| = 100 every 8-bit coefficient (11 fractional bits) fits a short and no
    // 16-bit sum passes int, so the device and the CPU version agree; past it they
    // would saturate differently.
    CV_Check(a, std::isfinite(a) && std::abs(a) <= 100, "a must be finite, |a| <= 100");
    if (outSize == ssize)
    {
        src.copyTo(dst);
        return;
    }
    // The source as it is now (see resize(): an in-place call replaces dst's buffer).
    const UMat source = src.isUMat() ? src.getUMat() : UMat();
    CV_OCL_RUN(src.isUMat(), clruntime::reportingExceptions(FN, [&] {
        return ocl_resizeCubic(source, dst, outSize, invScaleX, invScaleY, (float)a);
    }))
    Mat s = src.isUMat() ? source.getMat(ACCESS_READ) : src.getMat();
    dst.create(outSize, s.type());
    Mat d = dst.getMat();
    const double scaleX = 1. / invScaleX, scaleY = 1. / invScaleY;
    switch (depth)
    {
    case CV_8U:  resizeCubicCpu<uchar, int>(s, d, scaleX, scaleY, (float)a); break;
    case CV_16U: resizeCubicCpu<ushort, float>(s, d, scaleX, scaleY, (float)a); break;
    case CV_16S: resizeCubicCpu<short, float>(s, d, scaleX, scaleY, (float)a); break;
    case CV_32F: resizeCubicCpu<float, float>(s, d, scaleX, scaleY, (float)a); break;
    default:     resizeCubicCpu<double, double>(s, d, scaleX, scaleY, (float)a); break;
    }
}

} // namespace clresize
} // namespace cv
