// cv::clintegral::integral: host side of opencl/integral.cl.
#include "precomp.hpp"

namespace cv {
namespace clintegral {

namespace detail {
uint64 oclLaunchCount()
{
    return clruntime::launchCount(clruntime::CLINTEGRAL);
}
} // namespace detail

// The (source, sum, squared sum) depths cv::integral accepts.
static bool isSupportedCombination(int depth, int sdepth, int sqdepth)
{
    switch (depth)
    {
    case CV_8U:
        return (sdepth == CV_32S && (sqdepth == CV_32S || sqdepth == CV_32F || sqdepth == CV_64F)) ||
               (sdepth == CV_32F && (sqdepth == CV_32F || sqdepth == CV_64F)) ||
               (sdepth == CV_64F && sqdepth == CV_64F);
    case CV_16U:
    case CV_16S:
    case CV_64F:
        return sdepth == CV_64F && sqdepth == CV_64F;
    case CV_32F:
        return (sdepth == CV_32F && (sqdepth == CV_32F || sqdepth == CV_64F)) ||
               (sdepth == CV_64F && sqdepth == CV_64F);
    default:
        return false;
    }
}

#ifdef HAVE_OPENCL
namespace {
// What one thread keeps between calls, for one OpenCL context: the carry
// buffers (the kernels are in clruntime's cache). Creating buffers on every
// call, and OpenCV's completion callback on every asynchronous run, cost more
// than the kernels themselves on small images.
// Carry buffers up to this size stay between calls; bigger ones (the tilted
// sum's rays take rows x cols x 4 or 8 bytes) are released once their call
// completes. Making a 67 MB buffer again costs about 0.1 ms per call on an H100
// (tilted sum of 4096x4096 8U: 0.43 -> 0.53 ms with a 16 MB limit), so images up
// to about 5000x5000 keep theirs.
enum { MAX_KEPT_SCRATCH_BYTES = 128 << 20 };

struct ThreadCache
{
    void* context = NULL;
    UMat buffers[8];

    // The kernels are enqueued without OpenCV's tracking (see launch), so the
    // UMats they use are kept here until a marker enqueued after them has
    // completed: a caller may release its UMats at once, and OpenCV's buffer pool
    // could hand their memory to another thread's queue while our kernels still
    // use it. The queue runs in order, so calls complete in order.
    struct Pending
    {
        cl_event done;
        std::vector<UMat> views;
    };
    std::deque<Pending> pending;
    std::vector<UMat> replaced;   // carry buffers reallocated during the current call

    ~ThreadCache()
    {
        for (Pending& p : pending)
            clReleaseEvent(p.done);
    }

    // Drops the views of completed calls; with `wait`, of all calls.
    void releaseFinished(bool wait)
    {
        while (!pending.empty())
        {
            cl_int status = CL_COMPLETE;
            if (wait)
                clWaitForEvents(1, &pending.front().done);
            else if (clGetEventInfo(pending.front().done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status),
                                    &status, NULL) != CL_SUCCESS)
                status = CL_COMPLETE;
            if (status > CL_COMPLETE)   // queued, submitted or running
                break;
            clReleaseEvent(pending.front().done);
            pending.pop_front();
        }
    }

    void checkContext()
    {
        void* current = ocl::Context::getDefault().ptr();
        if (current != context)
        {
            releaseFinished(true);
            for (UMat& b : buffers)
                b.release();
            context = current;
        }
    }
};
thread_local ThreadCache threadCache;
} // namespace

namespace detail {
size_t keptScratchBytes()
{
    size_t bytes = 0;
    for (const UMat& b : threadCache.buffers)
        bytes += b.total() * b.elemSize();
    return bytes;
}
} // namespace detail

namespace {

// Keeps `views` (and the carry buffers replaced during the call) until the
// kernels enqueued so far have completed; constructed before the first launch
// of a call, so that every way out of it keeps them.
class KeepUntilDone
{
public:
    explicit KeepUntilDone(std::vector<UMat> views) : views_(std::move(views)) {}
    ~KeepUntilDone()
    {
        ThreadCache& c = threadCache;
        // Scratch memory stays bounded: buffers past the limit go with this call.
        for (UMat& b : c.buffers)
            if (b.total() > MAX_KEPT_SCRATCH_BYTES)
            {
                c.replaced.push_back(b);
                b.release();
            }
        views_.insert(views_.end(), c.replaced.begin(), c.replaced.end());
        c.replaced.clear();
        if (clruntime::detail::kernelProfiling())
            return;   // every kernel ran to completion
        cl_event done = NULL;
        cl_command_queue queue = (cl_command_queue)ocl::Queue::getDefault().ptr();
        if (clEnqueueMarkerWithWaitList(queue, 0, NULL, &done) != CL_SUCCESS)
        {
            clFinish(queue);
            return;
        }
        c.pending.push_back(ThreadCache::Pending{ done, std::move(views_) });
        // A thread that calls often without ever waiting keeps a bounded number of calls.
        while (c.pending.size() > 32)
        {
            clWaitForEvents(1, &c.pending.front().done);
            c.releaseFinished(false);
        }
    }

private:
    std::vector<UMat> views_;
};

enum { COL_SUMS, ROW_SUMS, TOTALS, SQ_COL_SUMS, SQ_ROW_SUMS, SQ_TOTALS, RAYS, SEGMENT_SUMS };

ocl::Kernel& cachedKernel(const char* name, const String& options)
{
    return clruntime::cachedKernel(name, ocl::clintegral::integral_oclsrc, options);
}

// A device buffer of at least `bytes`, kept between calls. Calls on one thread
// use OpenCV's in-order queue, so a kernel of the next call never overtakes one
// of this call that still uses the buffer.
const UMat& carryBuffer(int which, size_t bytes)
{
    UMat& b = threadCache.buffers[which];
    if (b.empty() || b.total() < bytes || !clruntime::hasDeviceBuffer(b))
    {
        if (clruntime::hasDeviceBuffer(b))
            threadCache.replaced.push_back(b);   // earlier calls' kernels may still use it
        b = UMat(1, (int)bytes, CV_8U);
    }
    return b;
}

// Sets arguments i, i+1, i+2 to m's buffer, step and offset; -1 when m has no
// device buffer. OpenCV keeps no reference to m for the kernel; KeepUntilDone does.
int setImage(ocl::Kernel& k, int i, const UMat& m, AccessFlag access)
{
    i = clruntime::setBufferArg(k, i, m, access);
    i = k.set(i, (int)m.step[0]);
    return k.set(i, (int)m.offset);
}

// Enqueues `k` (`argsSet`: what setting its arguments returned, negative when one
// failed) on OpenCV's queue without waiting and without OpenCV's
// completion tracking (see ThreadCache::pending); with clruntime's kernel profiling
// on, runs it on the profiling queue and records its device time instead.
bool launch(ocl::Kernel& k, int argsSet, int dims, size_t* global, size_t* local)
{
    if (argsSet < 0)
        return false;   // the kernel would run with another call's buffers
    if (clruntime::detail::kernelProfiling())
    {
        if (!clruntime::runProfiled(k, dims, global, local))
            return clruntime::reportFallback("clintegral::integral", clruntime::LAUNCH_FAILED);
    }
    else if (clEnqueueNDRangeKernel((cl_command_queue)ocl::Queue::getDefault().ptr(), (cl_kernel)k.ptr(), dims,
                                    NULL, global, local, 0, NULL, NULL) != CL_SUCCESS)
        return clruntime::reportFallback("clintegral::integral", clruntime::LAUNCH_FAILED);
    clruntime::countLaunch(clruntime::CLINTEGRAL);
    return true;
}

// Type of the arithmetic for an output depth: unsigned for int, so that sums
// wrap modulo 2^32 as the CPU code's do, without signed overflow in OpenCL C.
const char* accTypeName(int depth)
{
    return depth == CV_32S ? "uint" : ocl::typeToStr(depth);
}

// Launch geometry of opencl/integral.cl: LSIZE work-items of VX pixels side by
// side, RPR rows per work-group scan, blocks of blockH rows.
struct Geometry
{
    int lsize, vx, rpr, blockH, nbx, nby;
};

Geometry chooseGeometry(const ocl::Device& dev, Size size, int cn, size_t accBytes, size_t sqBytes)
{
    Geometry g;
    g.vx = cn == 1 ? 4 : cn == 2 ? 2 : 1;
    // As many rows per scan as 32 KB of local memory allow (the scans cost three
    // barriers per RPR rows), at most 32 segments per row in the scan.
    const size_t localLimit = std::min<size_t>(32 * 1024, dev.localMemSize() / 2);
    int maxWgs = std::max(32, (int)std::min<size_t>(256, dev.maxWorkGroupSize()));
    for (g.rpr = 8;; g.rpr /= 2)
    {
        g.lsize = std::min(maxWgs, 32 * g.rpr);
        if (g.rpr == 1 || (size_t)g.rpr * g.lsize * (accBytes + sqBytes) * 33 / 32 <= localLimit)
            break;
    }
    // Blocks get shorter until there are enough of them to fill the device
    // twice, because each block is one work-group. blockH is a kernel argument,
    // so that one program per type serves every image size.
    g.nbx = (size.width + g.lsize * g.vx - 1) / (g.lsize * g.vx);
    const int64 minBlocks = 2 * (int64)std::max(dev.maxComputeUnits(), 1);
    g.blockH = 256;
    while (g.blockH > g.rpr && (int64)g.nbx * ((size.height + g.blockH - 1) / g.blockH) < minBlocks)
        g.blockH /= 2;
    g.nby = (size.height + g.blockH - 1) / g.blockH;
    return g;
}
} // namespace

// Exclusive sums down the nseg segments of each of n diagonals, in place:
// integral_carries' column scan with n columns and nseg block rows.
static bool scanSegments(ocl::Kernel& carries, const UMat& segSums, int n, int nseg)
{
    int i = carries.set(0, 0);   // rows: no row sums
    i = carries.set(i, n);
    i = carries.set(i, 0);       // nbx: no totals
    i = carries.set(i, nseg);
    for (int c = 0; c < 3; c++)
        i = clruntime::setBufferArg(carries, i, segSums, ACCESS_RW);
    size_t local = 64, global = ((size_t)n + 63) / 64 * 64;
    return launch(carries, i, 1, &global, &local);
}

// One segmented diagonal scan of opencl/integral.cl: `k`, its arguments set
// up to its last one (`final`, argument finalArg), runs once to write the
// segment sums, they are scanned, and it runs again to write its output.
static bool segmentedScan(ocl::Kernel& k, int finalArg, int diags, int nseg, ocl::Kernel& carries,
                          const UMat& segSums)
{
    size_t local[2] = { 64, 1 }, global[2] = { ((size_t)diags + 63) / 64 * 64, (size_t)nseg };
    return launch(k, k.set(finalArg, 0), 2, global, local) && scanSegments(carries, segSums, diags, nseg) &&
           launch(k, k.set(finalArg, 1), 2, global, local);
}

// The tilted sum (opencl/integral.cl): Ray from the source, then the tilted
// sum from Ray, each a segmented diagonal scan.
static bool ocl_tilted(const UMat& src, UMat& tilted, int sdepth, const String& opts)
{
    ocl::Kernel& rays = cachedKernel("integral_tilted_rays", opts);
    ocl::Kernel& tilt = cachedKernel("integral_tilted", opts);
    ocl::Kernel& carries = cachedKernel("integral_carries", opts);
    if (rays.empty() || tilt.empty() || carries.empty())
        return clruntime::reportFallback("clintegral::integral", clruntime::PROGRAM_BUILD_FAILED);
    const size_t esz = CV_ELEM_SIZE(CV_MAKETYPE(sdepth, src.channels()));
    // Segments of 64 rows: walks short enough to keep enough work-items busy
    // on a tall image, long enough that the segment sums stay small.
    const int segH = 64, nseg = (src.rows + segH - 1) / segH;
    const int rayDiags = src.rows + src.cols - 1, tiltDiags = src.rows + src.cols + 1;
    if ((int64)esz * nseg * tiltDiags > INT_MAX)
        return clruntime::reportFallback("clintegral::integral", clruntime::PAST_32BIT_SIZES);
    const UMat& rayBuf = carryBuffer(RAYS, esz * src.rows * src.cols);
    const UMat& segSums = carryBuffer(SEGMENT_SUMS, esz * nseg * tiltDiags);
    if (!clruntime::haveDeviceBuffers("clintegral::integral", { { rayBuf, "scratch buffer" }, { segSums, "scratch buffer" } }))
        return false;

    int i = setImage(rays, 0, src, ACCESS_READ);
    i = rays.set(i, src.rows);
    i = rays.set(i, src.cols);
    i = rays.set(i, segH);
    i = clruntime::setBufferArg(rays, i, segSums, ACCESS_RW);
    i = clruntime::setBufferArg(rays, i, rayBuf, ACCESS_WRITE);
    if (!segmentedScan(rays, i, rayDiags, nseg, carries, segSums))
        return false;

    i = clruntime::setBufferArg(tilt, 0, rayBuf, ACCESS_READ);
    i = tilt.set(i, src.rows);
    i = tilt.set(i, src.cols);
    i = tilt.set(i, segH);
    i = clruntime::setBufferArg(tilt, i, segSums, ACCESS_RW);
    i = setImage(tilt, i, tilted, ACCESS_WRITE);
    return segmentedScan(tilt, i, tiltDiags, nseg, carries, segSums);
}

static bool ocl_integral(InputArray _src, OutputArray _sum, OutputArray _sqsum, OutputArray _tilted,
                         int sdepth, int sqdepth)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int type = _src.type(), depth = CV_MAT_DEPTH(type), cn = CV_MAT_CN(type);
    const bool wantSq = _sqsum.needed(), wantTilted = _tilted.needed();
    const bool needsDouble = depth == CV_64F || sdepth == CV_64F || (wantSq && sqdepth == CV_64F);
    if (cn > 4 || _src.dims() > 2 || (needsDouble && dev.doubleFPConfig() <= 0))
        return false;

    UMat src = _src.getUMat();
    const Size isize(src.cols + 1, src.rows + 1);
    const size_t sumEsz = CV_ELEM_SIZE(CV_MAKETYPE(sdepth, cn)), sqEsz = CV_ELEM_SIZE(CV_MAKETYPE(sqdepth, cn));
    // The kernels take steps and offsets as int and index pixels from them in size_t.
    if (src.step[0] > (size_t)INT_MAX || src.offset > (size_t)INT_MAX ||
        (size_t)isize.width * std::max(sumEsz, sqEsz) > (size_t)INT_MAX || src.rows > INT_MAX / 2 ||
        src.cols > INT_MAX / 2)
        return clruntime::reportFallback("clintegral::integral", clruntime::PAST_32BIT_SIZES);

    _sum.create(isize, CV_MAKETYPE(sdepth, cn));
    UMat sum = _sum.getUMat(), sqsum, tilted;
    if (wantSq)
    {
        _sqsum.create(isize, CV_MAKETYPE(sqdepth, cn));
        sqsum = _sqsum.getUMat();
    }
    if (wantTilted)
    {
        _tilted.create(isize, CV_MAKETYPE(sdepth, cn));
        tilted = _tilted.getUMat();
    }
    if (sum.offset > (size_t)INT_MAX || (wantSq && sqsum.offset > (size_t)INT_MAX) ||
        (wantTilted && tilted.offset > (size_t)INT_MAX))
        return clruntime::reportFallback("clintegral::integral", clruntime::PAST_32BIT_SIZES);
    if (src.empty())
    {
        // As cv::integral: a 1x1 zero output.
        sum.setTo(Scalar::all(0));
        if (wantSq)
            sqsum.setTo(Scalar::all(0));
        if (wantTilted)
            tilted.setTo(Scalar::all(0));
        return true;
    }

    const size_t accBytes = (sdepth == CV_64F ? 8 : 4) * (cn == 3 ? 4 : cn);
    const size_t sqBytes = wantSq ? (sqdepth == CV_64F ? 8 : 4) * (cn == 3 ? 4 : cn) : 0;
    const Geometry g = chooseGeometry(dev, src.size(), cn, accBytes, sqBytes);
    const int64 colBytes = (int64)sumEsz * g.nby * src.cols, rowBytes = (int64)sumEsz * g.nbx * src.rows;
    const int64 rayBytes = wantTilted ? (int64)sumEsz * src.rows * src.cols : 0;
    if (std::max(colBytes, rowBytes) * (wantSq ? 2 : 1) > INT_MAX || rayBytes > INT_MAX)
        return clruntime::reportFallback("clintegral::integral", clruntime::PAST_32BIT_SIZES);

    String opts = format("-D srcT1=%s -D CN=%d -D sumT1=%s -D accT1=%s -D LSIZE=%d -D VX=%d -D RPR=%d%s%s",
                         ocl::typeToStr(depth), cn, ocl::typeToStr(sdepth), accTypeName(sdepth), g.lsize, g.vx,
                         g.rpr, sdepth == CV_32S ? " -D SUM_IS_INT" : "",
                         dev.doubleFPConfig() > 0 ? " -D DOUBLE_SUPPORT" : "");
    if (depth == CV_8U && cn == 1 && g.vx == 4 && src.offset % 4 == 0 && src.step[0] % 4 == 0 && src.cols % 4 == 0)
        opts += " -D SRC_GROUP_LOAD";
    const String sumOpts = opts;   // the tilted sum's kernels need no squared sum
    if (wantSq)
        opts += format(" -D SQSUM -D sqT1=%s -D sqAccT1=%s%s", ocl::typeToStr(sqdepth), accTypeName(sqdepth),
                       sqdepth == CV_32S ? " -D SQ_IS_INT" : "");

    threadCache.checkContext();
    threadCache.releaseFinished(false);
    ocl::Kernel& blockSums = cachedKernel("integral_block_sums", opts);
    ocl::Kernel& carries = cachedKernel("integral_carries", opts);
    ocl::Kernel& blocks = cachedKernel("integral_blocks", opts);
    if (blockSums.empty() || carries.empty() || blocks.empty())
        return clruntime::reportFallback("clintegral::integral", clruntime::PROGRAM_BUILD_FAILED);
    // Carries: one pixel per column and block row, per row and block column, per block.
    const UMat* carry[6] = {
        &carryBuffer(COL_SUMS, colBytes), &carryBuffer(ROW_SUMS, rowBytes),
        &carryBuffer(TOTALS, sumEsz * g.nbx * g.nby), NULL, NULL, NULL
    };
    if (wantSq)
    {
        carry[3] = &carryBuffer(SQ_COL_SUMS, sqEsz * g.nby * src.cols);
        carry[4] = &carryBuffer(SQ_ROW_SUMS, sqEsz * g.nbx * src.rows);
        carry[5] = &carryBuffer(SQ_TOTALS, sqEsz * g.nbx * g.nby);
    }
    const int ncarry = wantSq ? 6 : 3;
    const char* fn = "clintegral::integral";
    if (!clruntime::haveDeviceBuffers(fn, { { src, "source" }, { sum, "sum" } }) ||
        (wantSq && !clruntime::haveDeviceBuffers(fn, { { sqsum, "squared sum" } })) ||
        (wantTilted && !clruntime::haveDeviceBuffers(fn, { { tilted, "tilted sum" } })))
        return false;
    for (int c = 0; c < ncarry; c++)
        if (!clruntime::haveDeviceBuffers(fn, { { *carry[c], "scratch buffer" } }))
            return false;
    KeepUntilDone keep({ src, sum, sqsum, tilted });

    int i = setImage(blockSums, 0, src, ACCESS_READ);
    i = blockSums.set(i, src.rows);
    i = blockSums.set(i, src.cols);
    i = blockSums.set(i, g.blockH);
    for (int c = 0; c < ncarry; c++)
        i = clruntime::setBufferArg(blockSums, i, *carry[c], ACCESS_WRITE);
    size_t blockGlobal[2] = { (size_t)g.nbx * g.lsize, (size_t)g.nby }, blockLocal[2] = { (size_t)g.lsize, 1 };
    if (!launch(blockSums, i, 2, blockGlobal, blockLocal))
        return false;

    i = carries.set(0, src.rows);
    i = carries.set(i, src.cols);
    i = carries.set(i, g.nbx);
    i = carries.set(i, g.nby);
    for (int c = 0; c < ncarry; c++)
        i = clruntime::setBufferArg(carries, i, *carry[c], ACCESS_RW);
    size_t carryLocal = 64, carryGlobal = ((size_t)src.cols + src.rows + g.nbx + 63) / 64 * 64;
    if (!launch(carries, i, 1, &carryGlobal, &carryLocal))
        return false;

    i = setImage(blocks, 0, src, ACCESS_READ);
    i = blocks.set(i, src.rows);
    i = blocks.set(i, src.cols);
    i = blocks.set(i, g.blockH);
    i = setImage(blocks, i, sum, ACCESS_WRITE);
    for (int c = 0; c < 3; c++)
        i = clruntime::setBufferArg(blocks, i, *carry[c], ACCESS_READ);
    if (wantSq)
    {
        i = setImage(blocks, i, sqsum, ACCESS_WRITE);
        for (int c = 3; c < 6; c++)
            i = clruntime::setBufferArg(blocks, i, *carry[c], ACCESS_READ);
    }
    if (!launch(blocks, i, 2, blockGlobal, blockLocal))
        return false;

    if (wantTilted && !ocl_tilted(src, tilted, sdepth, sumOpts))
        return false;
    return true;
}
#endif
#ifndef HAVE_OPENCL
namespace detail {
size_t keptScratchBytes()
{
    return 0;
}
} // namespace detail
#endif

void integral(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted, int sdepth, int sqdepth)
{
    CV_INSTRUMENT_REGION();
    const int depth = src.depth();
    if (sdepth <= 0)
        sdepth = depth == CV_8U ? CV_32S : CV_64F;
    if (sqdepth <= 0)
        sqdepth = CV_64F;
    sdepth = CV_MAT_DEPTH(sdepth);
    sqdepth = CV_MAT_DEPTH(sqdepth);
    // Checked here, not only in cv::integral: OpenCV's own OpenCL path accepts some
    // combinations its CPU code rejects.
    if (!isSupportedCombination(depth, sdepth, sqdepth))
        CV_Error(Error::StsUnsupportedFormat,
                 format("integral: unsupported combination of source depth %s, sdepth %s and sqdepth %s",
                        depthToString(depth), depthToString(sdepth), depthToString(sqdepth)));
#ifdef HAVE_OPENCL
    if (src.isUMat() && sum.isUMat() && (!sqsum.needed() || sqsum.isUMat()) &&
        (!tilted.needed() || tilted.isUMat()) && ocl::useOpenCL() &&
        ocl_integral(src, sum, sqsum, tilted, sdepth, sqdepth))
        return;
#endif
    cv::integral(src, sum, sqsum, tilted, sdepth, sqdepth);
}

void integral(InputArray src, OutputArray sum, int sdepth)
{
    clintegral::integral(src, sum, noArray(), noArray(), sdepth, -1);
}

void integral(InputArray src, OutputArray sum, OutputArray sqsum, int sdepth, int sqdepth)
{
    clintegral::integral(src, sum, sqsum, noArray(), sdepth, sqdepth);
}

} // namespace clintegral
} // namespace cv
