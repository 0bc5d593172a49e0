// cv::clintegral::integral: host side of opencl/integral.cl.
#include "precomp.hpp"

#include <atomic>
#include <cmath>
#include <exception>
#include <map>
#include <thread>

namespace cv {
namespace clintegral {

namespace detail {
uint64 oclLaunchCount()
{
    return clruntime::launchCount(clruntime::CLINTEGRAL);
}

// failHostCarries: the band at which the host's carries throw, -1 for none.
static std::atomic<int> hostCarriesFailAt(-1);
// failOwnRowRead: the band whose own rows' read-back fails, -1 for none, and how.
static std::atomic<int> ownRowReadFailAt(-1);
static std::atomic<bool> ownRowReadFailsEnqueued(false);
// throwInBand: the band whose device thread throws before submitting it, -1 for none.
static std::atomic<int> bandThrowsAt(-1);
// carryRowsMade: bytes of the device carry rows made since the process started.
static std::atomic<uint64> carryRowBytes(0);
static std::atomic<bool> carryRowsFail(false);

uint64 carryRowsMade()
{
    return carryRowBytes;
}

void failCarryRows(bool fail)
{
    carryRowsFail = fail;
}

void failHostCarries(int band)
{
    hostCarriesFailAt = band;
}

void failOwnRowRead(int band, bool enqueued)
{
    ownRowReadFailsEnqueued = enqueued;
    ownRowReadFailAt = band;
}

void throwInBand(int band)
{
    bandThrowsAt = band;
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

static const char* const FN = "clintegral::integral";

#ifdef HAVE_OPENCL
namespace {

ocl::Kernel& kernel(const char* name, const String& options)
{
    return clruntime::cachedKernel(name, ocl::clintegral::integral_oclsrc, options);
}

// Type of the arithmetic for an output depth: unsigned for int, so that sums
// wrap modulo 2^32 as the CPU code's do, without signed overflow in OpenCL C.
const char* accTypeName(int depth)
{
    return depth == CV_32S ? "uint" : ocl::typeToStr(depth);
}

// Launch geometry of opencl/integral.cl: LSIZE work-items of VX pixels side by
// side, RPR rows per work-group scan (blocksRpr in integral_blocks), blocks of
// blockH rows.
struct Geometry
{
    int lsize, vx, rpr, blocksRpr, blockH, nbx, nby;
};

// Slots of a local buffer of n elements of esz bytes, padded as PADDED_BY in
// opencl/integral.cl (a slot every 128 bytes).
size_t paddedSlots(size_t n, size_t esz)
{
    return n + n / (128 / esz);
}

// The geometry for an image of `size` and `cn` channels, sums of accBytes a pixel,
// in work-groups of at most `most` work-items (a power of two).
Geometry chooseGeometry(const ocl::Device& dev, Size size, int cn, size_t accBytes, int most)
{
    Geometry g;
    g.vx = cn == 1 ? 4 : cn == 2 ? 2 : 1;
    // As many rows per scan as 32 KB of local memory allow (the scans cost three
    // barriers per RPR rows), at most 32 segments per row in the scan.
    const size_t localLimit = std::min<size_t>(32 * 1024, dev.localMemSize() / 2);
    // A power of two, a multiple of the rows per scan (below 32 the launches fail and
    // the call runs OpenCV's function).
    const int maxWgs = std::max(32, clruntime::powerOfTwoWorkGroup(dev, most));
    for (g.rpr = 8;; g.rpr /= 2)
    {
        g.lsize = std::min(maxWgs, 32 * g.rpr);
        if (g.rpr == 1 || paddedSlots((size_t)g.rpr * g.lsize, accBytes) * accBytes <= localLimit)
            break;
    }
    // integral_blocks keeps the prefix sums of its RPR rows in registers across
    // the scan: one channel, 8 rows, 122 registers a work-item on an H100, two
    // work-groups of 256 per multiprocessor; half as many rows (up to 64 segments
    // a row in its scan) let four run: 8192x8192 8U 0.229 -> 0.180 ms, 32F -> 64F
    // at 4096x4096 0.188 -> 0.163. With three channels half as many rows were
    // slower (blocks kernel 0.264 -> 0.299 ms, and 0.132 -> 0.266 once the rows
    // were loaded a batch ahead; perf/NOTES.md). The block sums kernel keeps no
    // such values and stays with the longer scans.
    g.blocksRpr = cn == 1 ? std::max(1, g.rpr / 2) : g.rpr;
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

// Runs integral_carries, its arguments set up to index `argc`, over `series`
// series of at most `longest` entries: each series cut into as many segments
// (up to 8, one work-item each) as it has chunks of 32 entries.
static bool runCarries(clruntime::Launcher& launcher, ocl::Kernel& carries, int argc, size_t series, int longest)
{
    const size_t groupW = 32;   // CARRY_GROUP_W
    const size_t maxSegs = std::max<size_t>(1, std::min<size_t>(8, clruntime::kernelWorkGroupLimit(carries) / groupW));
    const size_t segs = std::min(maxSegs, std::max<size_t>(1, ((size_t)longest + 31) / 32));
    size_t local[2] = { groupW, segs }, global[2] = { (series + groupW - 1) / groupW * groupW, segs };
    return launcher.run(carries, argc, 2, global, local);
}

namespace {
// The tilted sum from the four kernels of opencl/integral.cl (one where the
// image is a single band): bands of TILT_H rows, each walked by work-groups of
// lsize items holding vx columns each. The constructor takes the scratch
// buffers, so that a call has all of its buffers before the first launch.
class TiltedRun
{
public:
    TiltedRun(const UMat& src, const UMat& tilted, const String& runOptions, bool longOffsets,
              clruntime::ScratchBuffers& scratch);
    bool haveBuffers() const;
    bool enqueue(clruntime::Launcher& launcher) const;

private:
    UMat src, out;
    bool longOffsets, fits;
    int lsize, own, nb, bw, cw;
    String opts;
    UMat sums, rays, diags, corners, tiltedCarries;
    UMat nonFinite;   // the carries' flag (counters of the queue; unused with one band)
    UMat rowRays;     // float sums over several bands: integral_tilted_rows
};

// Bands of 32 rows: a band costs its work-groups 2 * 32 columns of their span
// (the edges their walk spoils), and its carries a row of the scratch. The walks
// of the rays' and diagonals' carries in 4 segments each.
const int TILT_H = 32, TILT_RAY_SEGS = 4;

TiltedRun::TiltedRun(const UMat& src_, const UMat& tilted, const String& runOptions, bool longOffsets_,
                     clruntime::ScratchBuffers& scratch)
    : src(src_), out(tilted), longOffsets(longOffsets_)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int cols = src.cols;
    const size_t esz = out.elemSize(), accBytes = out.elemSize1() * (out.channels() == 3 ? 4 : out.channels());
    // The row exchange: two buffers of two values a column, within 32 KB.
    lsize = (int)std::min<size_t>(256, dev.maxWorkGroupSize());
    int vx = 4;
    while (vx > 1 && 4 * (size_t)lsize * vx * accBytes > std::min<size_t>(32 * 1024, dev.localMemSize()))
        vx /= 2;
    own = lsize * vx - 2 * TILT_H;
    fits = own > 0 && 4 * (size_t)lsize * vx * accBytes <= dev.localMemSize() &&
           dev.maxWorkGroupSize() >= (size_t)2 * TILT_H * TILT_RAY_SEGS;
    opts = runOptions + format(" -D TILT_H=%d -D TILT_LSIZE=%d -D TILT_VX=%d -D TILT_RAY_SEGS=%d", TILT_H, lsize,
                               vx, TILT_RAY_SEGS);
    nb = (src.rows + TILT_H - 1) / TILT_H;
    bw = cols + 2 * TILT_H;       // band sums of columns -TILT_H .. cols + TILT_H - 1
    cw = cols + TILT_H + 2;       // carries of columns -TILT_H - 1 .. cols
    const size_t carryBytes = esz * (std::max(nb, 2) - 1) * cw;
    if (nb > 1)
    {
        sums = scratch.get(2 * esz * (nb - 1) * bw);
        diags = scratch.get(carryBytes);
        corners = scratch.get(esz * nb);
        // Float carries go through sums and differences, which an Inf or NaN spoils
        // and which may pass the type's range where OpenCV's sums do not; where a
        // carry or a sum made from one is not finite, integral_tilted_rows forms the
        // sum again (a flag set on the device: the call does not wait for it).
        if (out.depth() != CV_32S)
            rowRays = scratch.get(2 * esz * (cols + 1));
    }
    // The last kernel takes both carries and the flag, also where there are none.
    nonFinite = scratch.zeroedCounters();
    rays = scratch.get(carryBytes);
    tiltedCarries = scratch.get(carryBytes);
}

bool TiltedRun::haveBuffers() const
{
    if (!fits)
        return clruntime::reportFallback(FN, "the device's work-groups are too small for the tilted sum");
    if (nb > 1 && !clruntime::haveDeviceBuffers(FN, { { sums, "scratch buffer" }, { diags, "scratch buffer" },
                                                      { corners, "scratch buffer" } }))
        return false;
    if (!rowRays.empty() && !clruntime::haveDeviceBuffers(FN, { { rowRays, "scratch buffer" } }))
        return false;
    return clruntime::haveDeviceBuffers(FN, { { rays, "scratch buffer" }, { tiltedCarries, "scratch buffer" },
                                              { nonFinite, "counters" } });
}

bool TiltedRun::enqueue(clruntime::Launcher& launcher) const
{
    const int cols = src.cols;
    size_t groupLocal[2] = { (size_t)lsize, 1 };
    if (nb > 1)
    {
        ocl::Kernel& bandSums = kernel("integral_tilted_band_sums", opts);
        int i = launcher.setView(bandSums, 0, src, ACCESS_READ, longOffsets);
        i = bandSums.set(i, cols);
        i = bandSums.set(i, nb);
        i = launcher.setArg(bandSums, i, sums, ACCESS_WRITE);
        i = bandSums.set(i, bw);
        size_t sumsGlobal[2] = { (size_t)(bw + own - 1) / own * lsize, (size_t)nb - 1 };
        if (!launcher.run(bandSums, i, 2, sumsGlobal, groupLocal))
            return false;

        // A walk for each anti-diagonal x + (b - 1) * TILT_H in [-2 * TILT_H, cols +
        // (nb - 2) * TILT_H), in whole groups, then one for each diagonal x - (b - 1) *
        // TILT_H in [-(nb - 2) * TILT_H, cols).
        const size_t rayGroup = 2 * TILT_H, roundUp = rayGroup - 1;
        const size_t rayWalks = ((size_t)cols + (size_t)nb * TILT_H + roundUp) / rayGroup * rayGroup;
        const size_t diagWalks = ((size_t)cols + (size_t)(nb - 2) * TILT_H + roundUp) / rayGroup * rayGroup;
        ocl::Kernel& rayCarries = kernel("integral_tilted_ray_carries", opts);
        i = launcher.setArg(rayCarries, 0, sums, ACCESS_READ);
        i = rayCarries.set(i, bw);
        i = rayCarries.set(i, nb);
        i = rayCarries.set(i, cols);
        i = rayCarries.set(i, (int)rayWalks);
        i = launcher.setArg(rayCarries, i, rays, ACCESS_WRITE);
        i = launcher.setArg(rayCarries, i, diags, ACCESS_WRITE);
        i = rayCarries.set(i, cw);
        i = launcher.setArg(rayCarries, i, corners, ACCESS_WRITE);
        size_t walksGlobal[2] = { rayWalks + diagWalks, TILT_RAY_SEGS }, walksLocal[2] = { rayGroup, TILT_RAY_SEGS };
        if (!launcher.run(rayCarries, i, 2, walksGlobal, walksLocal))
            return false;

        ocl::Kernel& carries = kernel("integral_tilted_carries", opts);
        i = launcher.setArg(carries, 0, rays, ACCESS_READ);
        i = launcher.setArg(carries, i, diags, ACCESS_READ);
        i = launcher.setArg(carries, i, corners, ACCESS_READ);
        i = carries.set(i, cw);
        i = carries.set(i, cols);
        i = launcher.setArg(carries, i, tiltedCarries, ACCESS_WRITE);
        i = launcher.setArg(carries, i, nonFinite, ACCESS_RW);
        size_t rowsGlobal[1] = { (size_t)(nb - 1) * lsize }, rowsLocal[1] = { (size_t)lsize };
        if (!launcher.run(carries, i, 1, rowsGlobal, rowsLocal))
            return false;
    }

    ocl::Kernel& tilt = kernel("integral_tilted", opts);
    int i = launcher.setView(tilt, 0, src, ACCESS_READ, longOffsets);
    i = tilt.set(i, src.rows);
    i = tilt.set(i, cols);
    i = launcher.setArg(tilt, i, rays, ACCESS_READ);
    i = launcher.setArg(tilt, i, tiltedCarries, ACCESS_READ);
    i = tilt.set(i, cw);
    i = launcher.setView(tilt, i, out, ACCESS_WRITE, longOffsets);
    i = launcher.setArg(tilt, i, nonFinite, ACCESS_RW);
    size_t tiltedGlobal[2] = { (size_t)(cols + own) / own * lsize, (size_t)nb };
    if (!launcher.run(tilt, i, 2, tiltedGlobal, groupLocal))
        return false;
    if (rowRays.empty())
        return true;
    ocl::Kernel& byRows = kernel("integral_tilted_rows", opts);
    i = launcher.setView(byRows, 0, src, ACCESS_READ, longOffsets);
    i = byRows.set(i, src.rows);
    i = byRows.set(i, cols);
    i = launcher.setArg(byRows, i, nonFinite, ACCESS_RW);
    i = launcher.setArg(byRows, i, rowRays, ACCESS_RW);
    i = launcher.setView(byRows, i, out, ACCESS_WRITE, longOffsets);
    size_t oneGroup[1] = { std::min((size_t)lsize, clruntime::kernelWorkGroupLimit(byRows)) };
    return launcher.run(byRows, i, 1, oneGroup, oneGroup);
}
} // namespace

namespace {
// One output of the integral from the three kernels of opencl/integral.cl: the
// sums, or with `squared` the sums of the squared pixels. (The squared sum is a
// run of its own rather than a second output of the same kernels: perf/NOTES.md.)
// The constructor takes the scratch buffers, so that every run of a call has its
// buffers before the first is enqueued.
class IntegralRun
{
public:
    IntegralRun(const UMat& src, const UMat& out, bool squared, bool longOffsets, clruntime::ScratchBuffers& scratch);
    bool haveBuffers() const;
    // Has this run's block sums kernel form the block sums of `squares` as well,
    // where it can: one channel, a 64-bit float squared sum, both runs of the
    // same blocks. `squares` then launches no block sums kernel (that was a third
    // of its time at 8192x8192 8U; perf/NOTES.md).
    void formBlockSumsOf(IntegralRun& squares);
    bool enqueue(clruntime::Launcher& launcher) const;
    // Options of every kernel of the run: what the tilted sum's kernels take.
    const String& options() const { return opts; }

private:
    // The geometry and options for work-groups of at most `most` work-items; true
    // when the kernels take its groups.
    bool plan(bool squared, int most);

    UMat src, out;
    bool longOffsets, blockSums8U, ownBlockSums = true;
    Geometry g;
    int bsSize;
    size_t bsLocalBytes, accBytes;
    String opts, blockSumsOpts, blocksOpts;
    UMat carry[3];   // per column and block row, per row and block column, per block
    UMat squaresCarry[3];   // the squared sum's, where formBlockSumsOf took it
};

IntegralRun::IntegralRun(const UMat& src_, const UMat& out_, bool squared, bool longOffsets_,
                         clruntime::ScratchBuffers& scratch)
    : src(src_), out(out_), longOffsets(longOffsets_)
{
    // Work-groups of up to 256 work-items, fewer where a kernel's own limit (its
    // registers or local memory) is below what the geometry asks of it.
    for (int most = 256; !plan(squared, most) && most > 32; most /= 2)
        ;
    const size_t pixels[3] = { (size_t)g.nby * src.cols, (size_t)g.nbx * src.rows, (size_t)g.nbx * g.nby };
    for (int c = 0; c < 3; c++)
        carry[c] = scratch.get(out.elemSize() * pixels[c]);
}

// True when kernel `k` takes work-groups of `items` (or did not build: that is
// reported at its launch).
static bool takesGroups(const ocl::Kernel& k, size_t items)
{
    return k.empty() || clruntime::kernelWorkGroupLimit(k) >= items;
}

bool IntegralRun::plan(bool squared, int most)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int depth = src.depth(), cn = src.channels(), odepth = out.depth();
    const size_t outEsz = out.elemSize();
    accBytes = (odepth == CV_64F ? 8 : 4) * (cn == 3 ? 4 : cn);
    g = chooseGeometry(dev, src.size(), cn, accBytes, most);

    opts = format("-D srcT1=%s -D CN=%d -D sumT1=%s -D accT1=%s -D LSIZE=%d -D VX=%d%s%s%s%s",
                  ocl::typeToStr(depth), cn, ocl::typeToStr(odepth), accTypeName(odepth), g.lsize, g.vx,
                  odepth == CV_32S ? " -D SUM_IS_INT" : "", dev.doubleFPConfig() > 0 ? " -D DOUBLE_SUPPORT" : "",
                  longOffsets ? " -D LONG_OFFSETS" : "", squared ? " -D SQUARED" : "");
    const size_t groupBytes = 4 * CV_ELEM_SIZE1(depth);   // loadRow's vector of 4 pixels
    if (cn == 1 && g.vx == 4 && src.offset % groupBytes == 0 && src.step[0] % groupBytes == 0 && src.cols % 4 == 0)
        opts += format(" -D SRC_GROUP_LOAD -D groupT=%s", depth == CV_8U ? "uint" : ocl::typeToStr(CV_MAKETYPE(depth, 4)));
    blocksOpts = opts + format(" -D RPR=%d", g.blocksRpr);
    // NVIDIA: the blocks kernel's scan across a row's segments with warp shuffles,
    // where a row's segments are one warp (two to four channels) and sums 32-bit.
    if (dev.isNVidia() && odepth != CV_64F)
        blocksOpts += " -D WARP_SCAN";
    opts += format(" -D RPR=%d", g.rpr);
    blockSumsOpts = opts;
    // One channel: integral_blocks writes through a local row buffer (blocksRpr
    // rows of the block) where that fits beside the scan's. (With three channels
    // it was slower: perf/NOTES.md.)
    if (cn == 1)
    {
        const size_t blocksLocal = (size_t)g.blocksRpr * g.lsize * g.vx * outEsz +
                                   paddedSlots((size_t)g.blocksRpr * g.lsize, accBytes) * accBytes + (g.lsize + g.blocksRpr) * accBytes;
        if (blocksLocal <= dev.localMemSize())
            blocksOpts += " -D STRIPED_STORES";
    }
    // 8-bit to 32-bit sums: block sums from 16-byte loads, in work-groups of
    // bsSize (a block's width in bytes / 4) with a whole number of the kernel's
    // row segments (8 column work-items) in a row.
    const int blockBytes = g.lsize * g.vx * cn;
    bsSize = blockBytes / 4;
    bsLocalBytes = (size_t)cn * 4 * (blockBytes / 16 * 33 + bsSize);   // parts (padded) and segments
    blockSums8U = depth == CV_8U && odepth == CV_32S && !squared && blockBytes % 128 == 0 &&
                  (size_t)bsSize <= dev.maxWorkGroupSize() && bsLocalBytes <= dev.localMemSize() &&
                  g.blockH <= 256 && src.offset % 16 == 0 && src.step[0] % 16 == 0 && (src.cols * cn) % 16 == 0;
    if (blockSums8U)
        blockSumsOpts += " -D BLOCK_SUMS_8U";

    // (The block sums of a squared sum that the sum's run may form, formBlockSumsOf,
    // are left unbuilt: a build takes up to a second on NVIDIA. Where they are
    // not formed there, a limit below their groups is reported at their launch.)
    const bool mayShareBlockSums = squared && cn == 1 && odepth == CV_64F;
    return takesGroups(kernel("integral_blocks", blocksOpts), g.lsize) &&
           (mayShareBlockSums ||
            takesGroups(kernel("integral_block_sums", blockSumsOpts), blockSums8U ? bsSize : g.lsize));
}

void IntegralRun::formBlockSumsOf(IntegralRun& squares)
{
    // The block sums kernel's local memory with WITH_SQUARES. The 8-bit one: its
    // parts and segments twice (one channel), 16 uint column sums a work-item and
    // BATCH_ROWS (32) ulong row totals. The general one: its scan buffers for both.
    const size_t scanValues = (size_t)g.rpr * g.lsize, segValues = g.lsize + g.rpr;
    const size_t localBytes = blockSums8U ? 2 * bsLocalBytes + 16 * 4 * (size_t)bsSize + 32 * 8
                                          : (paddedSlots(scanValues, accBytes) + segValues) * accBytes +
                                                (paddedSlots(scanValues, 8) + segValues) * 8;
    const String withSquares = blockSumsOpts + " -D WITH_SQUARES";
    if (src.channels() != 1 || squares.out.depth() != CV_64F || squares.g.lsize != g.lsize ||
        squares.g.rpr != g.rpr || squares.g.blockH != g.blockH || squares.g.nbx != g.nbx || squares.g.nby != g.nby ||
        localBytes > ocl::Device::getDefault().localMemSize() ||
        !takesGroups(kernel("integral_block_sums", withSquares), blockSums8U ? bsSize : g.lsize))
        return;
    blockSumsOpts = withSquares;
    for (int c = 0; c < 3; c++)
        squaresCarry[c] = squares.carry[c];
    squares.ownBlockSums = false;
}

bool IntegralRun::haveBuffers() const
{
    for (int c = 0; c < 3; c++)
        if (!clruntime::haveDeviceBuffers(FN, { { carry[c], "scratch buffer" } }))
            return false;
    return true;
}

bool IntegralRun::enqueue(clruntime::Launcher& launcher) const
{
    if (ownBlockSums)
    {
        ocl::Kernel& blockSums = kernel("integral_block_sums", blockSumsOpts);
        int i = launcher.setView(blockSums, 0, src, ACCESS_READ, longOffsets);
        i = blockSums.set(i, src.rows);
        i = blockSums.set(i, src.cols);
        i = blockSums.set(i, g.blockH);
        for (int c = 0; c < 3; c++)
            i = launcher.setArg(blockSums, i, carry[c], ACCESS_WRITE);
        for (int c = 0; c < 3 && !squaresCarry[c].empty(); c++)
            i = launcher.setArg(blockSums, i, squaresCarry[c], ACCESS_WRITE);
        size_t sumsLocal[2] = { (size_t)(blockSums8U ? bsSize : g.lsize), 1 };
        size_t sumsGlobal[2] = { g.nbx * sumsLocal[0], (size_t)g.nby };
        if (!launcher.run(blockSums, i, 2, sumsGlobal, sumsLocal))
            return false;
    }

    ocl::Kernel& carries = kernel("integral_carries", opts);
    int i = carries.set(0, src.rows);
    i = carries.set(i, src.cols);
    i = carries.set(i, g.nbx);
    i = carries.set(i, g.nby);
    for (int c = 0; c < 3; c++)
        i = launcher.setArg(carries, i, carry[c], ACCESS_RW);
    if (!runCarries(launcher, carries, i, (size_t)src.cols + src.rows + g.nbx, std::max(g.nbx, g.nby)))
        return false;

    size_t blockGlobal[2] = { (size_t)g.nbx * g.lsize, (size_t)g.nby }, blockLocal[2] = { (size_t)g.lsize, 1 };
    ocl::Kernel& blocks = kernel("integral_blocks", blocksOpts);
    i = launcher.setView(blocks, 0, src, ACCESS_READ, longOffsets);
    i = blocks.set(i, src.rows);
    i = blocks.set(i, src.cols);
    i = blocks.set(i, g.blockH);
    i = launcher.setView(blocks, i, out, ACCESS_WRITE, longOffsets);
    for (int c = 0; c < 3; c++)
        i = launcher.setArg(blocks, i, carry[c], ACCESS_READ);
    return launcher.run(blocks, i, 2, blockGlobal, blockLocal);
}
} // namespace

// The kernels take steps as int (a row of 2 GB) and count pixels of a row in int:
// true when the source's rows (`srcStep` bytes apart) or the outputs' pass that.
static bool rowPast2GB(size_t srcStep, Size size, int cn, int sdepth, int sqdepth)
{
    const size_t outEsz = std::max(CV_ELEM_SIZE(CV_MAKETYPE(sdepth, cn)), CV_ELEM_SIZE(CV_MAKETYPE(sqdepth, cn)));
    return srcStep > (size_t)INT_MAX || (size_t)(size.width + 1) * outEsz > (size_t)INT_MAX ||
           size.height > INT_MAX / 2 || size.width > INT_MAX / 2;
}

static bool ocl_integral(InputArray _src, OutputArray _sum, OutputArray _sqsum, OutputArray _tilted,
                         int sdepth, int sqdepth)
{
    const ocl::Device& dev = ocl::Device::getDefault();
    const int type = _src.type(), depth = CV_MAT_DEPTH(type), cn = CV_MAT_CN(type);
    const bool wantSq = _sqsum.needed(), wantTilted = _tilted.needed();
    const bool needsDouble = depth == CV_64F || sdepth == CV_64F || (wantSq && sqdepth == CV_64F);
    if (cn > 4 || _src.dims() > 2)
        return false;
    if (needsDouble && dev.doubleFPConfig() <= 0)
        return clruntime::reportFallback(FN, "the device has no fp64");

    UMat src = _src.getUMat();
    const Size isize(src.cols + 1, src.rows + 1);
    if (rowPast2GB(src.step[0], src.size(), cn, sdepth, sqdepth))
        return clruntime::reportFallback(FN, clruntime::ROW_PAST_2GB);

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
    // A source inside an output's buffer (a view of the sum, say): work-groups would
    // read pixels that others have written over. OpenCV's CPU code reads each pixel
    // before it writes there; the kernels read a copy.
    for (const UMat* out : { &sum, &sqsum, &tilted })
        if (out->u && out->u == src.u)
        {
            src = src.clone();
            break;
        }
    // Offsets past 2^31 bytes (views deep inside a big buffer), and sources whose rows
    // lie past byte 2^31 of their buffer (the 8-bit block sums address rows in
    // offsetT), take 64-bit offsets; the kernels index pixels from them in size_t.
    const bool longOffsets = std::max(std::max(src.offset, sum.offset), std::max(sqsum.offset, tilted.offset)) >
                                 (size_t)INT_MAX ||
                             src.offset + src.step[0] * (size_t)src.rows > (size_t)INT_MAX;
    // The kernels take int steps: an output view of a buffer whose rows pass 2^31
    // bytes runs OpenCV's function.
    for (const UMat* out : { &sum, &sqsum, &tilted })
        if (out->step[0] > (size_t)INT_MAX)
            return clruntime::reportFallback(FN, clruntime::ROW_PAST_2GB);
    if (!clruntime::haveDeviceBuffers(FN, { { src, "source" }, { sum, "sum" } }) ||
        (wantSq && !clruntime::haveDeviceBuffers(FN, { { sqsum, "squared sum" } })) ||
        (wantTilted && !clruntime::haveDeviceBuffers(FN, { { tilted, "tilted sum" } })))
        return false;

    clruntime::ScratchBuffers scratch;
    std::vector<IntegralRun> runs(1, IntegralRun(src, sum, false, longOffsets, scratch));
    if (wantSq)
    {
        runs.emplace_back(src, sqsum, true, longOffsets, scratch);
        runs[0].formBlockSumsOf(runs[1]);
    }
    std::vector<TiltedRun> tiltedRun;
    if (wantTilted)
        tiltedRun.emplace_back(src, tilted, runs[0].options(), longOffsets, scratch);
    for (const IntegralRun& run : runs)
        if (!run.haveBuffers())
            return false;
    if (wantTilted && !tiltedRun[0].haveBuffers())
        return false;
    clruntime::Launcher launcher(clruntime::CLINTEGRAL, FN);
    for (const IntegralRun& run : runs)
        if (!run.enqueue(launcher))
            return false;
    return !wantTilted || tiltedRun[0].enqueue(launcher);
}
#endif

// OpenCV's defaults for the output depths (sdepth or sqdepth <= 0), and the depth
// of a type given instead of a depth.
static void resolveDepths(int depth, int& sdepth, int& sqdepth)
{
    if (sdepth <= 0)
        sdepth = depth == CV_8U ? CV_32S : CV_64F;
    if (sqdepth <= 0)
        sqdepth = CV_64F;
    sdepth = CV_MAT_DEPTH(sdepth);
    sqdepth = CV_MAT_DEPTH(sqdepth);
}

// A source, or an output that create() would keep, of another OpenCL context than
// the current one raises (clruntime::requireCurrentContext).
static void requireCurrentContexts(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted,
                                   int sdepth, int sqdepth)
{
    clruntime::requireCurrentContext(FN, { src });
    if (src.dims() > 2)
        return;
    const Size isize(src.cols() + 1, src.rows() + 1);
    const int cn = src.channels();
    clruntime::requireCurrentContext(FN, sum, isize, CV_MAKETYPE(sdepth, cn));
    clruntime::requireCurrentContext(FN, sqsum, isize, CV_MAKETYPE(sqdepth, cn));
    clruntime::requireCurrentContext(FN, tilted, isize, CV_MAKETYPE(sdepth, cn));
}

// The outputs of an empty 2-D source: zeros, a row and a column more than the
// source, as OpenCV's. (Its CPU code writes past them or reads past the source for
// some: 2 to 5 channels with a tilted sum, a row or column of none; seen with valgrind.)
static void zeroIntegrals(Size size, int cn, OutputArray sum, OutputArray sqsum, OutputArray tilted, int sdepth,
                          int sqdepth)
{
    const Size isize(size.width + 1, size.height + 1);
    // One value: a Scalar holds 4 channels at most.
    sum.create(isize, CV_MAKETYPE(sdepth, cn));
    sum.setTo(0.0);
    if (sqsum.needed())
    {
        sqsum.create(isize, CV_MAKETYPE(sqdepth, cn));
        sqsum.setTo(0.0);
    }
    if (tilted.needed())
    {
        tilted.create(isize, CV_MAKETYPE(sdepth, cn));
        tilted.setTo(0.0);
    }
}

void integral(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted, int sdepth, int sqdepth)
{
    CV_INSTRUMENT_REGION();
    const int depth = src.depth();
    resolveDepths(depth, sdepth, sqdepth);
    // Checked here, not only in cv::integral: OpenCV's own OpenCL path accepts some
    // combinations its CPU code rejects.
    if (!isSupportedCombination(depth, sdepth, sqdepth))
        CV_Error(Error::StsUnsupportedFormat,
                 format("integral: unsupported combination of source depth %s, sdepth %s and sqdepth %s",
                        depthToString(depth), depthToString(sdepth), depthToString(sqdepth)));
    requireCurrentContexts(src, sum, sqsum, tilted, sdepth, sqdepth);
    // (An empty vector of Mats goes to cv::integral, which raises for it.)
    const int kind = src.kind();
    if (src.empty() && src.dims() <= 2 &&
        (kind == _InputArray::MAT || kind == _InputArray::UMAT || kind == _InputArray::MATX ||
         kind == _InputArray::STD_VECTOR))
    {
        zeroIntegrals(src.size(), src.channels(), sum, sqsum, tilted, sdepth, sqdepth);
        return;
    }
    CV_OCL_RUN(src.isUMat() && sum.isUMat() && (!sqsum.needed() || sqsum.isUMat()) &&
               (!tilted.needed() || tilted.isUMat()),
               clruntime::reportingExceptions(FN, [&] { return ocl_integral(src, sum, sqsum, tilted, sdepth, sqdepth); }))
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

namespace {
// out = band + carry (one row, added to each row of the band), in the sums'
// arithmetic: int sums wrap modulo 2^32, as the CPU code's do.
template <typename T>
void addCarryRows(const Mat& band, const Mat& carry, const Mat& out)
{
    const size_t n = (size_t)band.cols * band.channels();
    clruntime::BandStream::parallelRows(band.rows, band.total() * band.elemSize(), [&](const Range& rows) {
        const T* c = carry.ptr<T>();
        for (int y = rows.start; y < rows.end; y++)
        {
            const T* b = band.ptr<T>(y);
            T* o = (T*)out.ptr(y);
            for (size_t i = 0; i < n; i++)
                o[i] = b[i] + c[i];
        }
    });
}

void addCarryRows(const Mat& band, const Mat& carry, const Mat& out)
{
    switch (band.depth())
    {
    case CV_32S: addCarryRows<uint32_t>(band, carry, out); break;
    case CV_32F: addCarryRows<float>(band, carry, out); break;
    default:     addCarryRows<double>(band, carry, out); break;
    }
}

// A band's tilted sum, the value above the band and a carry, added in the sums'
// arithmetic: int sums wrap modulo 2^32 (the carry is an exact integer there).
template <typename T>
T addTilted(T band, T above, double carry)
{
    return (T)((double)band + above + carry);
}

uint32_t addTilted(uint32_t band, uint32_t above, double carry)
{
    return band + above + (uint32_t)(int64)carry;
}

// The tilted sum of a band of rows r0 .. r1 - 1, from the band's own tilted sum
// (as if nothing lay above it). For Y = r0 + d the part of Y's triangle above
// row r0 is the triangle of (r0, X) widened by one pixel each side per step
// below r0: for each step j one more anti-diagonal (x + y = X + r0 - 2 + j) and
// one more diagonal (x - y = X - r0 - j) of the rows above, each whole there. So
//   T(r0 + d, X) = band(d, X) + T(r0, X) + sum over j = 1..d of Anti(X + r0 - 2 + j)
//                + Diag(X - r0 - j),
// Anti and Diag being the sums along those lines of the rows above r0, kept here
// band after band (in double: exact for 8-bit to 32-bit sums, whose results
// then wrap modulo 2^32 as the CPU code's do).
class TiltedCarry
{
public:
    TiltedCarry(int rows, int cols, int cn)
        : rows_(rows), n_(rows + cols), cn_(cn), anti_((size_t)n_ * cn), diag_((size_t)n_ * cn), nonFinite_(false) {}

    // True once a carry met an infinite or NaN line sum: the differences of the
    // prefix sums it takes are not the sums then (Inf - Inf), so the call's
    // tilted sum is not the CPU's.
    bool metNonFinite() const
    {
        return nonFinite_;
    }

    // Rows r0 + 1 .. r0 + band.rows - 1 of `tilted`, from `band` (the band's own
    // tilted sum: a zero row, then its rows) and row r0 of `tilted`.
    void addCarry(const Mat& band, int r0, Mat& tilted) const
    {
        switch (band.depth())
        {
        case CV_32S: addCarry<uint32_t>(band, r0, tilted); break;
        case CV_32F: addCarry<float>(band, r0, tilted); break;
        default:     addCarry<double>(band, r0, tilted); break;
        }
    }

    // Adds the source rows r0 .. r1 - 1 to the line sums.
    void addRows(const Mat& src, int r0, int r1)
    {
        Mat rows64;
        src.rowRange(r0, r1).convertTo(rows64, CV_64F);
        for (int y = r0; y < r1; y++)
        {
            const double* p = rows64.ptr<double>(y - r0);
            for (int x = 0; x < src.cols; x++)
                for (int c = 0; c < cn_; c++)
                {
                    anti_[(size_t)(x + y) * cn_ + c] += p[(size_t)x * cn_ + c];
                    diag_[(size_t)(x - y + rows_ - 1) * cn_ + c] += p[(size_t)x * cn_ + c];
                }
        }
    }

private:
    template <typename T>
    void addCarry(const Mat& band, int r0, Mat& tilted) const
    {
        std::vector<double> preAnti, preDiag;
        prefix(anti_, preAnti);
        prefix(diag_, preDiag);
        const int cols = band.cols, cn = cn_;
        for (int c = 0; c < cn; c++)   // a prefix sum past an Inf or NaN stays one
            if (!std::isfinite(preAnti[(size_t)n_ * cn + c]) || !std::isfinite(preDiag[(size_t)n_ * cn + c]))
                nonFinite_ = true;
        // Sums of the lines [lo, hi) of a prefix array, indices clamped to the lines that exist.
        auto lines = [&](const std::vector<double>& pre, int lo, int hi, int c) {
            lo = std::min(std::max(lo, 0), n_), hi = std::min(std::max(hi, 0), n_);
            return pre[(size_t)hi * cn + c] - pre[(size_t)lo * cn + c];
        };
        clruntime::BandStream::parallelRows(band.rows - 1, band.total() * band.elemSize(), [&](const Range& r) {
            const T* above = tilted.ptr<T>(r0);
            for (int d = r.start + 1; d <= r.end; d++)
            {
                const T* b = band.ptr<T>(d);
                T* out = tilted.ptr<T>(r0 + d);
                for (int x = 0; x < cols; x++)
                    for (int c = 0; c < cn; c++)
                    {
                        // Anti index a = x + y; Diag index b + rows - 1 for b = x - y.
                        const double carry = lines(preAnti, x + r0 - 1, x + r0 - 1 + d, c) +
                                             lines(preDiag, x - r0 - d + rows_ - 1, x - r0 + rows_ - 1, c);
                        const size_t i = (size_t)x * cn + c;
                        out[i] = addTilted(b[i], above[i], carry);
                    }
            }
        });
    }

    // pre[i] = sum of lines[0 .. i - 1], per channel.
    void prefix(const std::vector<double>& lines, std::vector<double>& pre) const
    {
        pre.assign((size_t)(n_ + 1) * cn_, 0.);
        for (size_t i = 0; i < (size_t)n_ * cn_; i++)
            pre[i + cn_] = pre[i] + lines[i];
    }

    int rows_, n_, cn_;
    std::vector<double> anti_, diag_;
    mutable std::atomic<bool> nonFinite_;   // bands are retired on the devices' threads
};

// Byte offset in its buffer, and bytes, of the last row of `sums`.
size_t lastRowOffset(const UMat& sums)
{
    return sums.offset + (sums.rows - 1) * sums.step;
}
size_t rowBytes(const UMat& sums)
{
    return sums.cols * sums.elemSize();
}

template <typename T>
void addRowTo(const uchar* row, uchar* sum, int n)
{
    const T* r = (const T*)row;
    T* s = (T*)sum;
    for (int i = 0; i < n; i++)
        s[i] += r[i];
}

// Adds the n elements of `row` to those of `sum` (both of `depth`): 32S modulo
// 2^32 (as the CPU code's sums wrap), 32F and 64F as they are.
void addRowTo(const uchar* row, uchar* sum, int n, int depth)
{
    if (depth == CV_32S)
        addRowTo<uint32_t>(row, sum, n);
    else if (depth == CV_32F)
        addRowTo<float>(row, sum, n);
    else
        addRowTo<double>(row, sum, n);
}

// The rows a call's device threads use, kept between calls per OpenCL context (the
// key): a device thread takes them for the call and gives them back at its end,
// once nothing reads or writes them. Each keeps its context alive, so only the
// contexts used last keep theirs, MAX_KEPT_CONTEXTS or the devices of the call that
// gives them back if more (a caller that makes a context per call would otherwise
// keep them all). Never destroyed: OpenCL may be unloaded before static objects are.
//  - ownRows: pinned host memory for the bands' own last rows; making and freeing
//    it took 1-2 ms of every call.
//  - carryRows: device carry rows, at most MAX_KEPT_CARRY_ROWS buffers a context; a
//    call's own were released at the next call's first launch (the Launcher keeps
//    what its kernels use), where NVIDIA's driver waited 0.25 ms for the uploads
//    enqueued before it.
// (perf/NOTES.md)
struct KeptRows
{
    std::vector<clruntime::PinnedBuffer> ownRows;
    std::vector<UMat> carryRows;
    uint64 lastUse = 0;   // keptRowsUses when rows were last taken or given back
};
std::mutex keptRowsLock;
std::map<void*, KeptRows>& keptRows = *new std::map<void*, KeptRows>();
uint64 keptRowsUses = 0;
const size_t MAX_KEPT_CARRY_ROWS = 8, MAX_KEPT_CONTEXTS = 4;

// The kept rows of `context`, marked as used now (keptRowsLock held).
KeptRows& keptRowsOf(void* context)
{
    KeptRows& kept = keptRows[context];
    kept.lastUse = ++keptRowsUses;
    return kept;
}

// The rows of the contexts used longest ago, past the `keep` used last, moved out of
// keptRows into `dropped` (keptRowsLock held): the caller frees them after the lock,
// as freeing pinned memory waits for its queue.
void dropOldestContexts(size_t keep, std::vector<KeptRows>& dropped)
{
    while (keptRows.size() > keep)
    {
        auto oldest = keptRows.begin();
        for (auto it = keptRows.begin(); it != keptRows.end(); ++it)
            if (it->second.lastUse < oldest->second.lastUse)
                oldest = it;
        dropped.push_back(std::move(oldest->second));
        keptRows.erase(oldest);
    }
}
} // namespace

namespace detail {
size_t keptRowContexts()
{
    std::lock_guard<std::mutex> guard(keptRowsLock);
    return keptRows.size();
}
} // namespace detail

namespace {

// CARRY_ROWS x cols rows of `type` on the current context's device, taken from
// the pool or made (without a device buffer when the device had no memory).
UMat takeCarryRows(int rows, int cols, int type)
{
    if (detail::carryRowsFail)
        return UMat();   // as a UMat the device had no memory for
    {
        std::lock_guard<std::mutex> guard(keptRowsLock);
        std::vector<UMat>& kept = keptRowsOf(ocl::Context::getDefault().ptr()).carryRows;
        for (auto it = kept.begin(); it != kept.end(); ++it)
            if (it->rows == rows && it->cols == cols && it->type() == type)
            {
                UMat taken = *it;
                kept.erase(it);
                return taken;
            }
    }
    UMat made(rows, cols, type);
    if (clruntime::hasDeviceBuffer(made))
        detail::carryRowBytes += made.total() * made.elemSize();
    return made;
}

// A pinned buffer of at least `bytes` of the current context (taken from the pool
// or made), or an empty one when the host had none.
clruntime::PinnedBuffer takeOwnRows(size_t bytes)
{
    clruntime::PinnedBuffer buffer;
    {
        std::lock_guard<std::mutex> guard(keptRowsLock);
        std::vector<clruntime::PinnedBuffer>& kept = keptRowsOf(ocl::Context::getDefault().ptr()).ownRows;
        if (!kept.empty())
        {
            buffer = std::move(kept.back());
            kept.pop_back();
        }
    }
    if (!buffer.reserve(ocl::Context::getDefault(), ocl::Queue::getDefault(), bytes))
        buffer.release();
    return buffer;
}

// The rows of the integral (and squared integral) at the first row of each band,
// which the devices add to the bands' own sums: band b's carry is the last row of
// band b - 1's complete sums, that is the sum of the last rows of the own sums of
// bands 0 .. b - 1. Each device thread of the call keeps a ring of CARRY_ROWS carry
// rows on its device. On one device, band b - 1's carry kernel writes the last row
// it completes into band b's row as it goes, and band b waits for that on the
// device (an event of the other queue): no carry goes through the host. Across
// devices each band's kernels read the last row of its own sums back into pinned
// memory (readOwnRow), a thread of the chain adds those rows up band after band,
// and the band's later kernels (BandStream::Later) write its carry into its row
// on its queue, then add it. The stream enqueues a band's later kernels and the
// first half of its downloads once the next band on its device is uploaded, before
// that band's kernels (which read its own rows back), and the rest after them: so
// each read-back leaves its device behind half of the band before's downloads
// (behind all of them it waited too long, with none of them ahead the link idled:
// perf/NOTES.md), and a band's kernels are enqueued once the band before on its
// device has its carries. The host reads no source row (column sums of the source
// by the host read it a second time through the host's memory, which the links'
// copies need: 2 ms slower at 20480x20480 on two H100s, perf/NOTES.md).
class CarryChain
{
public:
    // Rows of a device's rings: band b's carry is in row b % CARRY_ROWS on one
    // device; across devices the k-th band of the device's thread takes row
    // k % CARRY_ROWS of its carry rows and of its own last rows. A carry row is
    // written again CARRY_ROWS bands on, when the band that read it is done: a
    // device's stream takes a band's slot again for the band SLOTS after it, once
    // that band is retired. An own last row is read again CARRY_ROWS bands on, after
    // the later kernels of the band before, which waited for a carry that summed it.
    // (A buffer of a row per band outgrew a small memory budget.)
    enum { CARRY_ROWS = clruntime::BandStream::SLOTS + 1 };

    // A chain over `bands` bands of a `rows` x `cols` image of `cn` channels
    // (bandFirstRow) in one context (`oneContext`) or several, of sums of depth
    // `sdepth` and, with `sqdepth` >= 0, squared sums of that depth. Across devices,
    // starts the thread that adds up the bands' own rows; when the host can start
    // none, failed() (reported).
    CarryChain(int cols, int cn, int bands, bool oneContext, int sdepth, int sqdepth)
        : bands_(bands), oneContext_(oneContext), depths_{ sdepth }, passed_(bands, (cl_event)NULL),
          own_(bands)
    {
        if (sqdepth >= 0)
            depths_.push_back(sqdepth);
        if (oneContext || bands < 2)
            return;
        // In pageable memory: pinning them per call made two H200s 30-70% slower.
        for (int depth : depths_)
            carries_.push_back(Mat::zeros(bands, (cols + 1) * cn, depth));
        try
        {
            adding_ = std::thread([this] { addOwnRows(); });
        }
        catch (const std::exception&)   // no thread (system_error) or no memory for one
        {
            noThread();
        }
    }
    ~CarryChain()
    {
        fail();   // the adding thread stops (a chain that finished has nothing left to add)
        if (adding_.joinable())
            adding_.join();
        for (cl_event e : passed_)
            if (e)
                clReleaseEvent(e);
        for (Own& o : own_)
            if (o.read)
                clReleaseEvent(o.read);
        // The streams are done: nothing reads into the own rows any more, and the
        // carry rows are written again only by kernels of a later call.
        std::vector<KeptRows> dropped;
        std::lock_guard<std::mutex> guard(keptRowsLock);
        for (auto& r : rings_)
        {
            KeptRows& kept = keptRowsOf(r.second.context);
            if (r.second.ownRows.host())
                kept.ownRows.push_back(std::move(r.second.ownRows));
            kept.carryRows.insert(kept.carryRows.end(), r.second.rows.begin(), r.second.rows.end());
            if (kept.carryRows.size() > MAX_KEPT_CARRY_ROWS)
                kept.carryRows.erase(kept.carryRows.begin(), kept.carryRows.end() - MAX_KEPT_CARRY_ROWS);
        }
        dropOldestContexts(std::max(MAX_KEPT_CONTEXTS, rings_.size()), dropped);
    }

    // The carry rows of the calling device thread: `rows[i]` (CARRY_ROWS rows) for
    // output i (the sizes and types of `sums`, a band's sums), made in its context,
    // and `row`, band b's (b > 0; -1 for band 0). False when the device had no memory
    // for them (reported).
    bool carryRows(const std::vector<UMat>& sums, int b, std::vector<UMat>& rows, int& row)
    {
        std::lock_guard<std::mutex> guard(lock_);
        Ring* ring = ringOf(sums);
        if (!ring)
            return false;
        rows = ring->rows;
        row = b == 0 ? -1 : oneContext_ ? b % CARRY_ROWS : ring->used++ % CARRY_ROWS;
        return true;
    }

    // Across devices, after band b's own sums `sums` (b + 1 < bands), on its queue:
    // reads the last row of each back into the thread's pinned rows, for the carries
    // of the bands below. False when that could not be enqueued (reported).
    bool readOwnRow(int b, const std::vector<UMat>& sums)
    {
        cl_command_queue q = (cl_command_queue)ocl::Queue::getDefault().ptr();
        std::vector<uchar*> rows;
        {
            std::lock_guard<std::mutex> guard(lock_);
            Ring* ring = ringOf(sums);
            if (!ring)
                return false;
            const int k = ring->ownUsed++ % CARRY_ROWS;
            uchar* p = (uchar*)ring->ownRows.host();
            for (const UMat& s : sums)
                p += k * rowBytes(s);
            for (const UMat& s : sums)
            {
                rows.push_back(p);
                p += rowBytes(s);
            }
        }
        int failAt = b;
        const bool failing = detail::ownRowReadFailAt.compare_exchange_strong(failAt, -1);
        cl_event read = NULL;
        for (size_t i = 0; i < sums.size(); i++)
            if ((failing && !detail::ownRowReadFailsEnqueued) ||
                clEnqueueReadBuffer(q, (cl_mem)sums[i].handle(ACCESS_READ), CL_FALSE, lastRowOffset(sums[i]),
                                    rowBytes(sums[i]), rows[i], 0, NULL, i + 1 == sums.size() ? &read : NULL) != CL_SUCCESS)
                return clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        clFlush(q);
        if (failing && !(read = static_cast<cl_event>(clruntime::detail::failedEventInPlaceOf(read))))
            return clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        std::lock_guard<std::mutex> guard(lock_);
        own_[b].read = read;   // the queue is in order: the last read tells
        own_[b].rows = rows;
        changed_.notify_all();
        return true;
    }

    // On one device, band 0's carry for band 1, on the current queue: the last row
    // of its sums.
    bool passFirst(const std::vector<UMat>& sums, const std::vector<UMat>& rows)
    {
        if (!oneContext_)
            return true;
        cl_command_queue q = (cl_command_queue)ocl::Queue::getDefault().ptr();
        for (size_t i = 0; i < sums.size(); i++)
            if (clEnqueueCopyBuffer(q, (cl_mem)sums[i].handle(ACCESS_READ), (cl_mem)rows[i].handle(ACCESS_WRITE),
                                    lastRowOffset(sums[i]), rows[i].offset + rows[i].step, rowBytes(sums[i]), 0, NULL,
                                    NULL) != CL_SUCCESS)
                return clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        return passed(0);
    }

    // Before band b's carry kernels (b > 0), on its queue: makes the queue's next
    // commands see band b's carries in row `row` of `rows` (after a failure of
    // another band, maybe not: the results are thrown away). False when that could
    // not be done (reported).
    bool awaitCarries(int b, const std::vector<UMat>& rows, int row)
    {
        cl_command_queue q = (cl_command_queue)ocl::Queue::getDefault().ptr();
        if (oneContext_)
        {
            cl_event passedAbove = NULL;
            {
                std::lock_guard<std::mutex> guard(lock_);
                passedAbove = passed_[b - 1];
            }
            return (passedAbove && clEnqueueBarrierWithWaitList(q, 1, &passedAbove, NULL) == CL_SUCCESS) ||
                   clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        }
        {
            std::unique_lock<std::mutex> guard(lock_);
            if (!failed_ && carriedBands_ < b)
            {
                guard.unlock();
                clFlush(q);   // the band's own sums go on while this thread waits
                guard.lock();
                changed_.wait(guard, [&] { return failed_ || carriedBands_ >= b; });
            }
            if (carriedBands_ < b)
                return true;   // another band failed: the results are thrown away
        }
        for (size_t i = 0; i < rows.size(); i++)
        {
            // The chain's rows outlive the queue's commands.
            const size_t bytes = rowBytes(rows[i]);
            CV_Assert(carries_[i].cols * carries_[i].elemSize() == bytes);
            if (clEnqueueWriteBuffer(q, (cl_mem)rows[i].handle(ACCESS_WRITE), CL_FALSE, rows[i].offset + row * rows[i].step,
                                     bytes, carries_[i].ptr(b), 0, NULL, NULL) != CL_SUCCESS)
                return clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        }
        return true;
    }

    // The row of the carry rows into which band b's carry kernel writes the last
    // row it completes (the next band's carry), -1 for none: on one device, all
    // bands but the last.
    int passRow(int b) const
    {
        return oneContext_ && b + 1 < bands_ ? (b + 1) % CARRY_ROWS : -1;
    }

    // On one device, after band b's kernels that wrote band b + 1's carry row
    // (b + 1 < bands), on its queue. False when that could not be enqueued (reported).
    bool passed(int b)
    {
        if (!oneContext_)
            return true;
        cl_command_queue q = (cl_command_queue)ocl::Queue::getDefault().ptr();
        cl_event done = NULL;
        if (clEnqueueMarkerWithWaitList(q, 0, NULL, &done) != CL_SUCCESS)
            return clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        // Submitted now, not behind the band's downloads: the next band's queue may
        // wait for it (without this, calls of one device varied by up to 30%).
        clFlush(q);
        std::lock_guard<std::mutex> guard(lock_);
        passed_[b] = done;
        return true;
    }

    // A band failed (or was never submitted): the threads waiting for carries go on
    // without them, so that the streams can finish; the call then runs OpenCV's
    // function.
    void fail()
    {
        std::lock_guard<std::mutex> guard(lock_);
        failed_ = true;
        changed_.notify_all();
    }
    bool failed()
    {
        std::lock_guard<std::mutex> guard(lock_);
        return failed_;
    }

    // Once the bands are done (or none ran): the adding thread stops, and what it
    // threw is thrown again.
    void rethrow()
    {
        {
            std::lock_guard<std::mutex> guard(lock_);
            bandsDone_ = true;
            changed_.notify_all();
        }
        if (adding_.joinable())
            adding_.join();
        if (readBackFailed_)
            clruntime::reportFallback(FN, clruntime::LAUNCH_FAILED);
        if (thrown_)
            std::rethrow_exception(thrown_);
    }

private:
    struct Ring
    {
        std::vector<UMat> rows;                          // one buffer of CARRY_ROWS carry rows per output
        clruntime::PinnedBuffer ownRows;                 // across devices: CARRY_ROWS rows of every output's own
                                                         // last row, side by side (from keptRows)
        void* context = NULL;                            // the context of its buffers
        int used = 0;                                    // across devices: bands that took a carry row
        int ownUsed = 0;                                 // across devices: bands that read their own row back
    };
    // Band b's own last rows, read back: `read` completes when they are in `rows`
    // (per output, in the reading thread's pinned ring).
    struct Own
    {
        cl_event read = NULL;
        std::vector<uchar*> rows;
    };

    // The calling device thread's rings (made in its context on first use; lock_
    // held), or NULL when the device or host had no memory for them (reported).
    Ring* ringOf(const std::vector<UMat>& sums)
    {
        Ring& ring = rings_[std::this_thread::get_id()];
        if (!ring.rows.empty())
            return &ring;
        ring.context = ocl::Context::getDefault().ptr();
        size_t ownBytes = 0;
        for (const UMat& s : sums)
        {
            ring.rows.push_back(takeCarryRows(CARRY_ROWS, s.cols, s.type()));
            if (!clruntime::haveDeviceBuffers(FN, { { ring.rows.back(), "carry rows" } }))
            {
                ring.rows.clear();
                return NULL;
            }
            ownBytes += CARRY_ROWS * rowBytes(s);
        }
        if (oneContext_)
            return &ring;
        ring.ownRows = takeOwnRows(ownBytes);
        if (!ring.ownRows.host())
        {
            ring.rows.clear();
            clruntime::reportFallback(FN, "no pinned host memory for the bands' own rows");
            return NULL;
        }
        return &ring;
    }

    // The host can start no thread to add the rows up: no band runs across devices.
    void noThread()
    {
        clruntime::reportFallback(FN, "the host could not start a thread for the carries");
        fail();
    }

    // Across devices: the carry rows of bands 1 .. bands - 1 in order, each the one
    // before plus the own last row of the band before, once it is read back.
    void addOwnRows()
    {
        try
        {
            for (int b = 1; b < bands_; b++)
            {
                Own above;
                {
                    std::unique_lock<std::mutex> guard(lock_);
                    changed_.wait(guard, [&] { return failed_ || bandsDone_ || own_[b - 1].read; });
                    if (failed_ || !own_[b - 1].read)
                        return;
                    above = own_[b - 1];
                }
                int failAt = b;
                if (detail::hostCarriesFailAt.compare_exchange_strong(failAt, -1))
                    CV_Error(Error::StsError, "host carries made to fail (clintegral::detail::failHostCarries)");
                cl_int status = CL_SUCCESS;
                if (clWaitForEvents(1, &above.read) != CL_SUCCESS ||
                    clGetEventInfo(above.read, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL) !=
                        CL_SUCCESS || status != CL_COMPLETE)
                {
                    {
                        std::lock_guard<std::mutex> guard(lock_);
                        readBackFailed_ = true;   // reported on the calling thread, which counts its fallbacks
                    }
                    fail();
                    return;
                }
                for (size_t i = 0; i < carries_.size(); i++)
                {
                    carries_[i].row(b - 1).copyTo(carries_[i].row(b));
                    addRowTo(above.rows[i], carries_[i].ptr(b), carries_[i].cols, carries_[i].depth());
                }
                std::lock_guard<std::mutex> guard(lock_);
                carriedBands_ = b;
                changed_.notify_all();
            }
        }
        catch (...)
        {
            thrown_ = std::current_exception();
            fail();
        }
    }

    const int bands_;
    const bool oneContext_;
    std::vector<int> depths_;                          // the outputs' depths
    std::vector<cl_event> passed_;                     // one device: band b's carry for the next band is
                                                       // written when passed_[b] has completed
    std::vector<Mat> carries_;                         // across devices: row b, band b's carry (per output)
    std::vector<Own> own_;                             // across devices: band b's own last rows
    std::map<std::thread::id, Ring> rings_;            // rings by device thread
    std::mutex lock_;                                  // guards passed_, own_, rings_ and what follows
    std::condition_variable changed_;
    bool failed_ = false;
    bool bandsDone_ = false;                           // no band reads a row back any more
    int carriedBands_ = 0;                             // the host carries of bands 1 .. carriedBands_ are made
    std::thread adding_;                               // across devices: addOwnRows
    std::exception_ptr thrown_;                        // what addOwnRows threw
    bool readBackFailed_ = false;                      // addOwnRows found a read-back failed (unreported)
};

// Adds row `carryRow` of `carryRows` (rows of n elements, in the current context)
// to every row of `sums` after its first, in place, on the current queue; with a
// `nextRow` (-1: none), also writes the last row, complete, into that row (the next
// band's carry).
bool addCarry(const UMat& sums, const UMat& carryRows, int carryRow, int nextRow)
{
    clruntime::Launcher launcher(clruntime::CLINTEGRAL, FN);
    const int depth = sums.depth();
    const bool longOffsets = sums.offset + sums.step * sums.rows > (size_t)INT_MAX;
    const String opts = format("-D elemT=%s%s%s", accTypeName(depth), depth == CV_64F ? " -D DOUBLE_SUPPORT" : "",
                               longOffsets ? " -D LONG_OFFSETS" : "");
    ocl::Kernel& k = clruntime::cachedKernel("integral_add_carry", ocl::clintegral::integral_bands_oclsrc, opts);
    const int n = sums.cols * sums.channels();
    int i = launcher.setView(k, 0, sums, ACCESS_RW, longOffsets);
    i = k.set(i, sums.rows);
    i = k.set(i, n);
    i = launcher.setArg(k, i, carryRows, ACCESS_RW);
    i = k.set(i, carryRow);
    i = k.set(i, nextRow);
    // Up to 1024 rows of work-items, each walking down its column (NVIDIA's grids
    // take at most 65535 rows of groups), in groups of 64 or as many as the kernel takes.
    const size_t groupW = (size_t)std::max(1, clruntime::powerOfTwoWorkGroup(k, 64));
    size_t local[2] = { groupW, 1 },
           global[2] = { ((size_t)n + groupW - 1) / groupW * groupW, (size_t)std::min(sums.rows - 1, 1024) };
    return launcher.run(k, i, 2, global, local);
}

// Bands of `src` streamed over `devices`, with outputs of types `outTypes` (each
// band its rows, and its sums with a zero row first). Raises, as bandCount does,
// when the memory budget holds no row.
int streamedBandCount(const Mat& src, const std::vector<int>& outTypes, const clruntime::DeviceSet& devices)
{
    // Pinned images too in bands of MAX_BAND_BYTES: across devices each band waits
    // for the carries of the bands above, and bands of MAX_PINNED_BAND_BYTES were
    // slower (two H200s, 10240x10240: 8.3-8.6 ms against 5.0-5.1; perf/NOTES.md).
    double outRowBytes = 0;
    for (int type : outTypes)
        outRowBytes += (double)(src.cols + 1) * CV_ELEM_SIZE(type);
    // A band of h rows: h source rows, and h + 1 rows of each output (a zero row first).
    return clruntime::bandCount(devices, src.rows, (double)src.cols * src.elemSize() + outRowBytes, outRowBytes, FN,
                                clruntime::BandStream::SLOTS);
}

// Bands of integralOverDevices: with two rounds of bands or more, each device's
// first band (a lead band) is shorter than the others, so that the first download
// waits for a short upload (two H100s, 10240x10240: the devices' first downloads
// 0.2 ms sooner). On one device a quarter of their height, and with three rounds
// or more a second lead band of half their height (on one H100 0.15-0.3 ms faster
// at 10240x10240 and 20480x20480). Across devices, where each band more is one more
// carry round trip and a second round of lead bands was slower: half their height,
// and as many bands on every device (two H200s, 10240x10240: 4.46 ms against 4.59
// with a quarter; perf/NOTES.md). The other bands are as high as `uniformBands`
// bands would be, or less.
struct LeadBands
{
    int rows, bands, lead, rounds;   // rounds of lead bands: the first of firstQuarters, then half the others' height
    int firstQuarters;               // the first round's height in quarters of the others'
    LeadBands(int rows_, int uniformBands, int deviceCount) : rows(rows_)
    {
        lead = std::min(deviceCount, uniformBands);
        rounds = deviceCount == 1 && uniformBands >= 3 ? 2 : 1;
        firstQuarters = deviceCount == 1 ? 1 : 2;
        bands = uniformBands + (rounds == 2 ? (5 * lead + 3) / 4 : ((4 - firstQuarters) * lead + 3) / 4);
        bands = (bands + lead - 1) / lead * lead;
        if (uniformBands < 2 * lead || rows < 4 * bands)   // one round, or too few rows to cut so
            lead = 0, rounds = 0, bands = uniformBands;
    }
    // Quarters of the regular height in bands 0 .. b - 1.
    int64 weight(int b) const
    {
        int64 w = 0;
        for (int r = 0; r < rounds && b > 0; r++)
        {
            const int k = std::min(b, lead);
            w += (int64)k * (r == 0 ? firstQuarters : 2);
            b -= k;
        }
        return w + 4 * (int64)b;
    }
    int firstRow(int b) const
    {
        return (int)(rows * weight(b) / weight(bands));
    }
};
} // namespace

namespace detail {
int bandsOverDevices(int rows, int uniformBands, int deviceCount)
{
    return LeadBands(rows, uniformBands, deviceCount).bands;
}
} // namespace detail

namespace {

// integral() over the devices without the tilted sum: each band's own sums on a
// device, its carry rows (CarryChain) added there in place, and its rows straight
// into the outputs (downloaded into them when they are pinned, else copied there
// from the stream's pinned memory). False when a band could not run (reported).
bool integralOverDevices(const Mat& src, const std::vector<Mat*>& outs, int sdepth, int sqdepth,
                         const clruntime::DeviceSet& devices, int uniformBands)
{
    const LeadBands layout(src.rows, uniformBands, (int)devices.size());
    const int bands = layout.bands;
    const bool wantSq = outs.size() > 1;
    const bool oneDevice = devices.size() == 1;
    CarryChain chain(src.cols, src.channels(), bands, oneDevice, sdepth, wantSq ? sqdepth : -1);
    if (chain.failed())   // reported
        return false;
    // Band b on `stream`: false when it could not be submitted (reported).
    auto submitBand = [&](int b, clruntime::BandStream& stream) {
        int throwAt = b;
        if (detail::bandThrowsAt.compare_exchange_strong(throwAt, -1))
            throw std::bad_alloc();
        const int r0 = layout.firstRow(b), r1 = layout.firstRow(b + 1);
        // A band's own sums: a zero row, then its rows. Band 0 also gives the
        // outputs' zero first row, and has no carry; the others leave that row out.
        const int first = b == 0 ? 0 : 1;
        std::vector<clruntime::BandStream::Output> outputs;
        for (const Mat* out : outs)
            outputs.push_back({ Size(out->cols, r1 - r0 + 1), out->type(), out->rowRange(r0 + first, r1 + 1), first });
        // The band's sums in its device buffers, for its carry kernels.
        std::shared_ptr<std::vector<UMat>> sums = std::make_shared<std::vector<UMat>>();
        // Its carry added: on one device after its own sums, across devices later
        // (the stream's Later), once the band above has been read back.
        auto addCarries = [&chain, sums, b]() {
            std::vector<UMat> carryRows;
            int row = -1;
            if (!chain.carryRows(*sums, b, carryRows, row))
                return false;
            if (b == 0)
                return chain.passFirst(*sums, carryRows);
            if (!chain.awaitCarries(b, carryRows, row))
                return false;
            const int passRow = chain.passRow(b);
            for (size_t i = 0; i < sums->size(); i++)
                if (!addCarry((*sums)[i], carryRows[i], row, passRow))
                    return false;
            return passRow < 0 || chain.passed(b);
        };
        auto kernels = [&](const UMat& in, const std::vector<UMat>& out) {
            // The one-device call never fails: without its kernels it reports and runs OpenCV's function.
            clintegral::integral(in, out[0], wantSq ? _InputOutputArray(out[1]) : noArray(), sdepth, sqdepth);
            *sums = out;
            if (bands == 1)
                return true;
            if (oneDevice)
                return addCarries();
            return b + 1 == bands || chain.readOwnRow(b, out);
        };
        // Band 0 too, which has no carry: so that its device does not free a slot
        // sooner than the others and take more of the last bands. A band whose
        // downloads failed lets go of the bands waiting for carries (the streams
        // then stop, and a band they no longer submit would hold those).
        return stream.submit(src.rowRange(r0, r1), outputs, kernels,
                             oneDevice ? clruntime::BandStream::Later() : clruntime::BandStream::Later(addCarries),
                             [&chain](const std::vector<Mat>& results) {
                                 if (results.empty())
                                     chain.fail();
                             });
    };
    // Whatever fails or throws on a device's thread, the bands waiting for carries on
    // the other devices stop waiting (the streams then wait for the bands behind them).
    const bool finished = clruntime::streamBands(devices, bands, FN, [&](int b, clruntime::BandStream& stream) {
        if (!chain.failed() && !submitBand(b, stream))
            chain.fail();
    }, [&chain] { chain.fail(); });
    chain.rethrow();
    return finished && !chain.failed();
}

// The bands of a device set, retired in order: a band's rows need the last row
// of the band above, final once that band is retired. Any band that fails
// releases the waiting ones (the caller then runs OpenCV's function).
class BandChain
{
public:
    // Waits until the bands before `band` are retired; false when one failed.
    bool waitTurn(int band)
    {
        std::unique_lock<std::mutex> guard(lock_);
        turn_.wait(guard, [&] { return failed_ || retired_ == band; });
        return !failed_;
    }
    void retired()
    {
        std::lock_guard<std::mutex> guard(lock_);
        retired_++;
        turn_.notify_all();
    }
    void fail()
    {
        std::lock_guard<std::mutex> guard(lock_);
        failed_ = true;
        turn_.notify_all();
    }
    bool failed()
    {
        std::lock_guard<std::mutex> guard(lock_);
        return failed_;
    }

private:
    std::mutex lock_;
    std::condition_variable turn_;
    int retired_ = 0;
    bool failed_ = false;
};
// integral() over the devices with the tilted sum (`outs`: sum, squared sum when
// wanted, tilted sum): each band's own integrals on a device (a zero first row,
// then the band's rows), streamed back; retired band after band, its rows become
// the band's integral plus the whole image's sums down to the band's first row: the
// last row of the band above, complete once that band is retired (for the tilted
// sum, that row and the line sums of TiltedCarry). False when a band could not run
// (reported).
bool tiltedIntegralOverDevices(const Mat& src, const std::vector<Mat*>& outs, int sdepth, int sqdepth,
                               const clruntime::DeviceSet& devices, int bands)
{
    const bool wantSq = outs.size() > 2;
    Mat& tilted = *outs.back();
    TiltedCarry tiltedCarry(src.rows, src.cols, src.channels());
    BandChain chain;
    const bool finished = clruntime::streamBands(devices, bands, FN, [&](int b, clruntime::BandStream& stream) {
        if (chain.failed())
            return;
        const int r0 = clruntime::bandFirstRow(src.rows, b, bands);
        const int r1 = clruntime::bandFirstRow(src.rows, b + 1, bands);
        auto retire = [&, b, r0, r1](const std::vector<Mat>& result) {
            if (result.empty() || !chain.waitTurn(b))
            {
                chain.fail();
                return;
            }
            // The first band also gives the output's zero first row.
            const int first = b == 0 ? 0 : 1;
            try
            {
                for (size_t i = 0; i < result.size(); i++)
                {
                    const Mat bandRows = result[i].rowRange(first, r1 - r0 + 1), out = outs[i]->rowRange(r0 + first, r1 + 1);
                    if (b == 0)
                        clruntime::BandStream::copyRows(bandRows, out);
                    else if (outs[i] == &tilted)
                        tiltedCarry.addCarry(result[i], r0, tilted);
                    else
                        addCarryRows(bandRows, outs[i]->row(r0), out);
                }
                tiltedCarry.addRows(src, r0, r1);
            }
            catch (...)
            {
                chain.fail();   // the bands below stop waiting for this one
                throw;
            }
            chain.retired();
        };
        std::vector<clruntime::BandStream::Output> outputs;
        for (const Mat* out : outs)
            outputs.push_back({ Size(out->cols, r1 - r0 + 1), out->type(), Mat(), 0 });
        // The one-device call never fails: without its kernels it reports and runs OpenCV's function.
        if (!stream.submit(src.rowRange(r0, r1), outputs, [&](const UMat& in, const std::vector<UMat>& out) {
                clintegral::integral(in, out[0], wantSq ? _InputOutputArray(out[1]) : noArray(), out.back(),
                                     sdepth, sqdepth);
                return true;
            }, retire))
            chain.fail();
    }, [&chain] { chain.fail(); });   // what throws on a device's thread releases the bands waiting their turn
    if (finished && !chain.failed() && tiltedCarry.metNonFinite())
        return clruntime::reportFallback(FN, "an infinite or NaN sum above a band of the tilted sum");
    return finished && !chain.failed();
}
} // namespace

void integral(InputArray src, OutputArray sum, OutputArray sqsum, int sdepth, int sqdepth,
              const clruntime::DeviceSet& devices)
{
    clintegral::integral(src, sum, sqsum, noArray(), sdepth, sqdepth, devices);
}

void integral(InputArray _src, OutputArray _sum, OutputArray _sqsum, OutputArray _tilted, int sdepth, int sqdepth,
              const clruntime::DeviceSet& devices)
{
    CV_INSTRUMENT_REGION();
    clruntime::requireDevices(devices, FN);
    const int depth = _src.depth(), cn = _src.channels();
    resolveDepths(depth, sdepth, sqdepth);
    if (_src.isUMat() || _src.empty() || _src.dims() > 2 || cn > 4 || !ocl::useOpenCL() ||
        !isSupportedCombination(depth, sdepth, sqdepth))
    {
        // The one-device call: its checks and exceptions, UMat input, OpenCV's function.
        clintegral::integral(_src, _sum, _sqsum, _tilted, sdepth, sqdepth);
        return;
    }
    requireCurrentContexts(_src, _sum, _sqsum, _tilted, sdepth, sqdepth);
    Mat src = _src.getMat();
    const bool wantSq = _sqsum.needed(), wantTilted = _tilted.needed();
    std::vector<int> outTypes = { CV_MAKETYPE(sdepth, cn) };
    if (wantSq)
        outTypes.push_back(CV_MAKETYPE(sqdepth, cn));
    if (wantTilted)
        outTypes.push_back(CV_MAKETYPE(sdepth, cn));
    // The kernels take int steps: a row past 2^31 bytes goes to cv::integral (below),
    // whatever the budget. Else a budget too small raises before the outputs are made.
    const bool rowPast = rowPast2GB(src.cols * src.elemSize(), src.size(), cn, sdepth, sqdepth);
    const int bands = rowPast ? 1 : streamedBandCount(src, outTypes, devices);
    _sum.create(src.rows + 1, src.cols + 1, CV_MAKETYPE(sdepth, cn));
    Mat sum = _sum.getMat(), sqsum, tilted;
    if (wantSq)
    {
        _sqsum.create(src.rows + 1, src.cols + 1, CV_MAKETYPE(sqdepth, cn));
        sqsum = _sqsum.getMat();
    }
    if (wantTilted)
    {
        _tilted.create(src.rows + 1, src.cols + 1, CV_MAKETYPE(sdepth, cn));
        tilted = _tilted.getMat();
    }
    // The outputs in the order the bands give them.
    std::vector<Mat*> outs = { &sum };
    if (wantSq)
        outs.push_back(&sqsum);
    if (wantTilted)
        outs.push_back(&tilted);
    // A source in an output's memory (a view of the sum, say) would be read where
    // retired bands have written (the tilted sum's line sums read its rows after
    // their band's rows are written); OpenCV's CPU code reads each pixel first.
    for (const Mat* out : outs)
        if (src.datastart < out->dataend && out->datastart < src.dataend)
        {
            src = src.clone();
            break;
        }
    // The bands' rows are as long as the image's (uploaded packed).
    bool ran = false;
    if (rowPast)
        clruntime::reportFallback(FN, clruntime::ROW_PAST_2GB);
    else if (wantTilted)
        ran = tiltedIntegralOverDevices(src, outs, sdepth, sqdepth, devices, bands);
    else
        ran = integralOverDevices(src, outs, sdepth, sqdepth, devices, bands);
    if (!ran)   // reported: OpenCV's function on the host image
    {
        if (wantTilted)
            cv::integral(src, sum, sqsum, tilted, sdepth, sqdepth);   // sqsum: a local Mat when not wanted
        else if (wantSq)
            cv::integral(src, sum, sqsum, sdepth, sqdepth);
        else
            cv::integral(src, sum, sdepth);
    }
}

} // namespace clintegral
} // namespace cv
