// cv::clintegral::integral: host side of opencl/integral.cl.
#include "precomp.hpp"

namespace cv {
namespace clintegral {

static thread_local uint64 kernelLaunches = 0;

namespace detail {
uint64 oclLaunchCount()
{
    return kernelLaunches;
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
// Type of the arithmetic for an output depth: unsigned for int, so that sums
// wrap modulo 2^32 as the CPU code's do, without signed overflow in OpenCL C.
static const char* accTypeName(int depth)
{
    return depth == CV_32S ? "uint" : ocl::typeToStr(depth);
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
        return false;

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
        return false;
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

    // Geometry (opencl/integral.cl): LSIZE work-items of VX pixels side by side,
    // RPR rows per work-group scan, blocks of blockH rows. Blocks get shorter
    // until there are enough of them to fill the device twice, because each
    // block is one work-group. blockH is a kernel argument, so that one program
    // per type serves every image size.
    const int vx = cn == 1 ? 4 : cn == 2 ? 2 : 1;
    int lsize = 256;
    while (lsize > (int)dev.maxWorkGroupSize())
        lsize /= 2;
    const size_t accBytes = (sdepth == CV_64F ? 8 : 4) * (cn == 3 ? 4 : cn);
    const size_t sqBytes = wantSq ? (sqdepth == CV_64F ? 8 : 4) * (cn == 3 ? 4 : cn) : 0;
    int rpr = 8;
    while (rpr > 1 && (size_t)rpr * lsize * (accBytes + sqBytes) > 16 * 1024)
        rpr /= 2;
    const int blockW = lsize * vx, nbx = (src.cols + blockW - 1) / blockW;
    const int minBlocks = 2 * std::max(dev.maxComputeUnits(), 1);
    int blockH = 256;
    while (blockH > rpr && (int64)nbx * ((src.rows + blockH - 1) / blockH) < minBlocks)
        blockH /= 2;
    const int nby = (src.rows + blockH - 1) / blockH;

    String opts = format("-D srcT1=%s -D CN=%d -D sumT1=%s -D accT1=%s -D LSIZE=%d -D VX=%d -D RPR=%d%s%s",
                         ocl::typeToStr(depth), cn, ocl::typeToStr(sdepth), accTypeName(sdepth), lsize, vx, rpr,
                         sdepth == CV_32S ? " -D SUM_IS_INT" : "",
                         dev.doubleFPConfig() > 0 ? " -D DOUBLE_SUPPORT" : "");
    if (wantSq)
        opts += format(" -D SQSUM -D sqT1=%s -D sqAccT1=%s%s", ocl::typeToStr(sqdepth), accTypeName(sqdepth),
                       sqdepth == CV_32S ? " -D SQ_IS_INT" : "");

    // Carries: one pixel per block column, block row and block (see the kernels).
    UMat colSums(1, (int)(sumEsz * nby * src.cols), CV_8U), rowSums(1, (int)(sumEsz * nbx * src.rows), CV_8U);
    UMat totals(1, (int)(sumEsz * nbx * nby), CV_8U), sqColSums, sqRowSums, sqTotals;
    if (wantSq)
    {
        sqColSums.create(1, (int)(sqEsz * nby * src.cols), CV_8U);
        sqRowSums.create(1, (int)(sqEsz * nbx * src.rows), CV_8U);
        sqTotals.create(1, (int)(sqEsz * nbx * nby), CV_8U);
    }
    if ((int64)sumEsz * nby * src.cols > INT_MAX || (int64)sumEsz * nbx * src.rows > INT_MAX)
        return false;

    const ocl::ProgramSource& source = ocl::clintegral::integral_oclsrc;
    ocl::Kernel blockSums("integral_block_sums", source, opts), carries("integral_carries", source, opts),
        blocks("integral_blocks", source, opts);
    if (blockSums.empty() || carries.empty() || blocks.empty())
        return false;

    int i = blockSums.set(0, ocl::KernelArg::ReadOnly(src));   // ptr, step, offset, rows, cols
    i = blockSums.set(i, blockH);
    i = blockSums.set(i, ocl::KernelArg::PtrWriteOnly(colSums));
    i = blockSums.set(i, ocl::KernelArg::PtrWriteOnly(rowSums));
    i = blockSums.set(i, ocl::KernelArg::PtrWriteOnly(totals));
    if (wantSq)
    {
        i = blockSums.set(i, ocl::KernelArg::PtrWriteOnly(sqColSums));
        i = blockSums.set(i, ocl::KernelArg::PtrWriteOnly(sqRowSums));
        blockSums.set(i, ocl::KernelArg::PtrWriteOnly(sqTotals));
    }
    size_t blockGlobal[2] = { (size_t)nbx * lsize, (size_t)nby }, blockLocal[2] = { (size_t)lsize, 1 };
    if (!blockSums.run(2, blockGlobal, blockLocal, false))
        return false;
    ++kernelLaunches;

    i = carries.set(0, src.rows);
    i = carries.set(i, src.cols);
    i = carries.set(i, nbx);
    i = carries.set(i, nby);
    i = carries.set(i, ocl::KernelArg::PtrReadWrite(colSums));
    i = carries.set(i, ocl::KernelArg::PtrReadWrite(rowSums));
    i = carries.set(i, ocl::KernelArg::PtrReadWrite(totals));
    if (wantSq)
    {
        i = carries.set(i, ocl::KernelArg::PtrReadWrite(sqColSums));
        i = carries.set(i, ocl::KernelArg::PtrReadWrite(sqRowSums));
        carries.set(i, ocl::KernelArg::PtrReadWrite(sqTotals));
    }
    size_t carryLocal = 64, carryGlobal = ((size_t)src.cols + src.rows + nbx + 63) / 64 * 64;
    if (!carries.run(1, &carryGlobal, &carryLocal, false))
        return false;
    ++kernelLaunches;

    i = blocks.set(0, ocl::KernelArg::ReadOnly(src));
    i = blocks.set(i, blockH);
    i = blocks.set(i, ocl::KernelArg::WriteOnlyNoSize(sum));   // ptr, step, offset
    i = blocks.set(i, ocl::KernelArg::PtrReadOnly(colSums));
    i = blocks.set(i, ocl::KernelArg::PtrReadOnly(rowSums));
    i = blocks.set(i, ocl::KernelArg::PtrReadOnly(totals));
    if (wantSq)
    {
        i = blocks.set(i, ocl::KernelArg::WriteOnlyNoSize(sqsum));
        i = blocks.set(i, ocl::KernelArg::PtrReadOnly(sqColSums));
        i = blocks.set(i, ocl::KernelArg::PtrReadOnly(sqRowSums));
        blocks.set(i, ocl::KernelArg::PtrReadOnly(sqTotals));
    }
    if (!blocks.run(2, blockGlobal, blockLocal, false))
        return false;
    ++kernelLaunches;

    if (wantTilted)
    {
        if ((int64)sumEsz * src.rows * src.cols > INT_MAX)
            return false;
        UMat rays(1, (int)(sumEsz * src.rows * src.cols), CV_8U);
        ocl::Kernel kRays("integral_tilted_rays", source, opts), kTilted("integral_tilted", source, opts);
        if (kRays.empty() || kTilted.empty())
            return false;
        kRays.args(ocl::KernelArg::ReadOnly(src), ocl::KernelArg::PtrWriteOnly(rays));
        size_t local = 64, global = ((size_t)src.rows + src.cols - 1 + 63) / 64 * 64;
        if (!kRays.run(1, &global, &local, false))
            return false;
        ++kernelLaunches;
        kTilted.args(ocl::KernelArg::PtrReadOnly(rays), src.rows, src.cols, ocl::KernelArg::WriteOnlyNoSize(tilted));
        global = ((size_t)src.rows + src.cols + 1 + 63) / 64 * 64;
        if (!kTilted.run(1, &global, &local, false))
            return false;
        ++kernelLaunches;
    }
    return true;
}
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
