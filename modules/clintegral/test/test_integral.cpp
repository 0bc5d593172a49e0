#include "test_precomp.hpp"
#include "opencv2/core/utils/allocator_stats.hpp"

#include <functional>
#include <thread>

namespace cv { namespace ocl {
// OpenCV's counters of its OpenCL allocator (exported by the core module of 4.x
// and 5.x, not declared in its headers).
CV_EXPORTS cv::utils::AllocatorStatisticsInterface& getOpenCLAllocatorStatistics();
}} // namespace cv::ocl

namespace opencv_test { namespace {

CLX_DEVICE_TEST_AND_LAUNCH_CHECK(Clintegral, cv::clintegral::detail::oclLaunchCount)

// Launches of `calls` integrals with a squared sum (and `others` launches besides):
// three kernels for each of the two sums, one fewer where the sum's block sums
// kernel forms the squared sum's block sums too (one channel, a 64-bit float
// squared sum, a device with the local memory). Which one a call takes is pinned
// by Clintegral_Integral.squaredSumBlockSums.
template <typename F>
static void expectLaunchesWithSquares(uint64 others, uint64 calls, F call)
{
    const uint64 before = cv::clintegral::detail::oclLaunchCount();
    call();
    const uint64 made = cv::clintegral::detail::oclLaunchCount() - before;
    EXPECT_LE(others + 5 * calls, made) << "the call did not take the expected OpenCL path";
    EXPECT_GE(others + 6 * calls, made) << "the call did not take the expected OpenCL path";
}

// Launches of the tilted sum of an image of `rows` rows into sums of `sdepth`: four
// kernels, and for float sums a fifth that forms the sum again where the carries
// met an Inf or NaN; one where the image is a single band (of 32 rows).
static uint64 tiltedLaunches(int rows, int sdepth)
{
    return rows <= 32 ? 1 : sdepth == CV_32S ? 4 : 5;
}

static int exceptionCode(const std::function<void()>& call)
{
    try { call(); } catch (const cv::Exception& e) { return e.code; }
    return 0;
}

// A random image of `size` inside a larger one (a ROI with offset and padded
// step), on the host and as the same view of an uploaded UMat.
static void makeRoi(RNG& rng, Size size, int type, bool withRoi, double lo, double hi, Mat& roi, UMat& uroi)
{
    int l = withRoi ? rng.uniform(0, 9) : 0, t = withRoi ? rng.uniform(0, 5) : 0;
    int r = withRoi ? rng.uniform(0, 9) : 0, b = withRoi ? rng.uniform(0, 5) : 0;
    Mat wide(size.height + t + b, size.width + l + r, CV_MAKETYPE(CV_64F, CV_MAT_CN(type))), whole;
    rng.fill(wide, RNG::UNIFORM, Scalar::all(lo), Scalar::all(hi));
    wide.convertTo(whole, type);
    UMat uwhole;
    whole.copyTo(uwhole);
    roi = whole(Rect(l, t, size.width, size.height));
    uroi = uwhole(Rect(l, t, size.width, size.height));
}

static void valueRange(int depth, double& lo, double& hi)
{
    lo = depth == CV_8U || depth == CV_16U ? 0 : depth == CV_16S ? -32768 : -1000;
    hi = depth == CV_8U ? 256 : depth == CV_16U ? 65536 : depth == CV_16S ? 32768 : 1000;
}

/** Checks an output of clintegral against cv::integral's and, for floating-point
outputs, against a float64 reference: |actual - reference| <= (rows + cols + 32)
* eps * bound, the tolerance the header documents, where `bound` holds the sum
of the absolute values added into each element. `exact`: the results must be
equal (integer outputs, and 64F sums of integers). */
static void expectIntegral(const Mat& expected, const UMat& actual, const Mat& reference, const Mat& bound,
                           bool exact, const std::string& what)
{
    ASSERT_EQ(expected.size(), actual.size()) << what;
    ASSERT_EQ(expected.type(), actual.type()) << what;
    Mat a = actual.getMat(ACCESS_READ);
    if (exact)
    {
        EXPECT_EQ(0, cvtest::norm(expected, a, NORM_INF)) << what;
        return;
    }
    const int rows = expected.rows - 1, cols = expected.cols - 1;
    const double eps = expected.depth() == CV_32F ? FLT_EPSILON : DBL_EPSILON;
    Mat a64, e64, tol;
    a.convertTo(a64, CV_64F);
    expected.convertTo(e64, CV_64F);
    bound.convertTo(tol, CV_64F, (rows + cols + 32) * eps);
    Mat errRef = abs(a64 - reference), errCpu = abs(a64 - e64);
    Mat overRef = errRef > tol, overCpu = errCpu > 2 * tol;
    EXPECT_EQ(0, countNonZero(overRef.reshape(1))) << what << ": beyond the documented tolerance of the float64 sum, "
                                                   << "max error " << cvtest::norm(errRef, NORM_INF);
    EXPECT_EQ(0, countNonZero(overCpu.reshape(1))) << what << ": too far from cv::integral, max difference "
                                                   << cvtest::norm(errCpu, NORM_INF);
}

struct Combination { int depth, sdepth, sqdepth; };

static std::ostream& operator<<(std::ostream& os, const Combination& c)
{
    return os << depthToString(c.depth) << "->" << depthToString(c.sdepth) << "/" << depthToString(c.sqdepth);
}

// Every combination cv::integral accepts.
static const Combination combinations[] = {
    { CV_8U, CV_32S, CV_64F }, { CV_8U, CV_32S, CV_32F }, { CV_8U, CV_32S, CV_32S },
    { CV_8U, CV_32F, CV_64F }, { CV_8U, CV_32F, CV_32F }, { CV_8U, CV_64F, CV_64F },
    { CV_16U, CV_64F, CV_64F }, { CV_16S, CV_64F, CV_64F },
    { CV_32F, CV_32F, CV_64F }, { CV_32F, CV_32F, CV_32F }, { CV_32F, CV_64F, CV_64F },
    { CV_64F, CV_64F, CV_64F },
};

static bool isExact(int depth, int outDepth)
{
    return outDepth == CV_32S || (outDepth == CV_64F && depth != CV_32F && depth != CV_64F);
}

// The tilted sum's tolerance bound: everything in the rows above, from the
// integral of the absolute values (float64).
static Mat tiltedBound(const Mat& absSum)
{
    const int cn = absSum.channels();
    Mat absRows(absSum.size(), absSum.type());
    for (int y = 0; y < absSum.rows; y++)
    {
        const double* last = absSum.ptr<double>(y) + (size_t)(absSum.cols - 1) * cn;
        Scalar s;
        for (int k = 0; k < cn; k++)
            s[k] = last[k];
        absRows.row(y).setTo(s);
    }
    return absRows;
}

typedef testing::TestWithParam<tuple<Combination, int, bool>> Integral;

// Sum, sum + squared sum, and sum + squared sum + tilted sum, against
// cv::integral on the same data as a Mat.
TEST_P(Integral, matchesOpenCV)
{
    const Combination c = get<0>(GetParam());
    const int cn = get<1>(GetParam());
    const bool withRoi = get<2>(GetParam());
    const int type = CV_MAKETYPE(c.depth, cn);
    RNG& rng = theRNG();
    double lo, hi;
    valueRange(c.depth, lo, hi);
    const Size sizes[] = { Size(1, 1), Size(1, 7), Size(9, 1), Size(3, 2), Size(17, 13), Size(64, 48),
                           Size(123, 77), Size(300, 3), Size(2, 259), Size(rng.uniform(1, 400), rng.uniform(1, 200)) };
    for (Size size : sizes)
    {
        const std::string what = cv::format("%s %dx%d", typeToString(type).c_str(), size.width, size.height);
        Mat roi, sum, sqsum, tilted;
        UMat uroi, usum, usqsum, utilted;
        makeRoi(rng, size, type, withRoi, lo, hi, roi, uroi);

        // float64 references and the sums of absolute values for the tolerance
        Mat src64, abs64, ref, refSq, refTilted, absSum, absTilted;
        roi.convertTo(src64, CV_64F);
        abs64 = abs(src64);
        cv::integral(src64, ref, refSq, refTilted, CV_64F, CV_64F);
        cv::integral(abs64, absSum, noArray(), absTilted, CV_64F, CV_64F);
        const Mat absRows = tiltedBound(absSum);

        cv::integral(roi, sum, c.sdepth);
        expectLaunches(3, [&] { cv::clintegral::integral(uroi, usum, c.sdepth); });
        expectIntegral(sum, usum, ref, absSum, isExact(c.depth, c.sdepth), what + " sum");

        cv::integral(roi, sum, sqsum, c.sdepth, c.sqdepth);
        expectLaunchesWithSquares(0, 1, [&] { cv::clintegral::integral(uroi, usum, usqsum, c.sdepth, c.sqdepth); });
        expectIntegral(sum, usum, ref, absSum, isExact(c.depth, c.sdepth), what + " sum (with sqsum)");
        expectIntegral(sqsum, usqsum, refSq, refSq, isExact(c.depth, c.sqdepth), what + " sqsum");

        cv::integral(roi, sum, sqsum, tilted, c.sdepth, c.sqdepth);
        expectLaunchesWithSquares(tiltedLaunches(size.height, c.sdepth), 1, [&] { cv::clintegral::integral(uroi, usum, usqsum, utilted, c.sdepth, c.sqdepth); });
        expectIntegral(sum, usum, ref, absSum, isExact(c.depth, c.sdepth), what + " sum (with tilted)");
        expectIntegral(sqsum, usqsum, refSq, refSq, isExact(c.depth, c.sqdepth), what + " sqsum (with tilted)");
        expectIntegral(tilted, utilted, refTilted, absRows, isExact(c.depth, c.sdepth), what + " tilted");
    }
}

INSTANTIATE_TEST_CASE_P(Clintegral, Integral,
                        Combine(ValuesIn(combinations), Values(1, 2, 3, 4), testing::Bool()));

// Sizes where the work-groups are cut into many blocks in both directions, and
// 32-bit sums that wrap around, as the CPU code's do.
TEST(Clintegral_Integral, large)
{
    RNG& rng = theRNG();
    struct Case { Size size; int type, sdepth; double lo, hi; bool roi; };
    const Case cases[] = {
        { Size(1920, 1080), CV_8UC1, CV_32S, 0, 256, true },
        { Size(1920, 1080), CV_8UC1, CV_32S, 0, 256, false },   // whole aligned rows: 4-byte loads
        { Size(3001, 2999), CV_8UC1, CV_32S, 200, 256, true },   // last sums exceed 2^31
        { Size(1031, 777), CV_8UC3, CV_32S, 0, 256, true },
        { Size(1031, 777), CV_32FC1, CV_64F, -1000, 1000, true },
        { Size(5000, 9), CV_8UC1, CV_32S, 0, 256, true },
        { Size(3, 5000), CV_8UC2, CV_32S, 0, 256, true },
        // Widths that are whole blocks (1024 = 256 work-items of 4 pixels, and
        // every smaller block width): no work-item past the last column.
        { Size(2048, 37), CV_8UC1, CV_32S, 0, 256, false },
        { Size(1024, 19), CV_8UC1, CV_32F, 0, 256, true },
        { Size(2048, 300), CV_32FC1, CV_64F, -1000, 1000, false },   // one 16-byte load a row
        // Rows of whole 16-byte groups (8-bit sums from 16-byte loads), with
        // sums past 2^31, a last block of one group, blocks of a few rows.
        { Size(3008, 2999), CV_8UC1, CV_32S, 200, 256, false },
        { Size(1040, 301), CV_8UC1, CV_32S, 0, 256, false },
        { Size(1280, 1280), CV_8UC1, CV_32S, 0, 256, false },
        { Size(16, 700), CV_8UC1, CV_32S, 0, 256, false },
        // The same kernel for 2-4 channels: rows as bytes, totals per channel (a
        // 16-byte load holds parts of several pixels for three channels).
        { Size(1040, 301), CV_8UC3, CV_32S, 0, 256, false },
        { Size(528, 300), CV_8UC2, CV_32S, 0, 256, false },
        { Size(16, 700), CV_8UC4, CV_32S, 0, 256, false },
        { Size(2000, 1200), CV_8UC4, CV_32S, 200, 256, false },
        { Size(4096, 257), CV_8UC3, CV_32S, 0, 256, false },
    };
    for (const Case& k : cases)
    {
        Mat roi, sum, sqsum;
        UMat uroi, usum, usqsum;
        makeRoi(rng, k.size, k.type, k.roi, k.lo, k.hi, roi, uroi);
        const std::string what = typeToString(k.type) + cv::format(" %dx%d", k.size.width, k.size.height);
        // The sum alone, then with the squared sum (the kernels again, over squared
        // pixels, into a 64-bit float output).
        for (bool withSq : { false, true })
        {
            if (withSq)
            {
                cv::integral(roi, sum, sqsum, k.sdepth, CV_64F);
                expectLaunchesWithSquares(0, 1, [&] { cv::clintegral::integral(uroi, usum, usqsum, k.sdepth, CV_64F); });
            }
            else
            {
                cv::integral(roi, sum, k.sdepth);
                expectLaunches(3, [&] { cv::clintegral::integral(uroi, usum, k.sdepth); });
            }
            const std::string whatSum = what + (withSq ? " sum (with sqsum)" : " sum");
            if (k.sdepth == CV_32S)
            {
                EXPECT_EQ(0, cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF)) << whatSum;
            }
            else
            {
                Mat src64, ref, absSum;
                roi.convertTo(src64, CV_64F);
                cv::integral(src64, ref, CV_64F);
                cv::integral(abs(src64), absSum, CV_64F);
                expectIntegral(sum, usum, ref, absSum, false, whatSum);
            }
        }
        // Squares of 8U are integers; their 64F sums are exact at these sizes.
        if (CV_MAT_DEPTH(k.type) == CV_8U)
        {
            EXPECT_EQ(0, cvtest::norm(sqsum, usqsum.getMat(ACCESS_READ), NORM_INF)) << what << " sqsum";
        }
    }
}

TEST(Clintegral_Integral, tiltedLarge)
{
    RNG& rng = theRNG();
    Mat roi, sum, sqsum, tilted;
    UMat uroi, usum, utilted;
    makeRoi(rng, Size(1003, 701), CV_8UC1, true, 0, 256, roi, uroi);
    cv::integral(roi, sum, sqsum, tilted, CV_32S, CV_64F);
    expectLaunches(3 + 4, [&] { cv::clintegral::integral(uroi, usum, noArray(), utilted, CV_32S, -1); });
    EXPECT_EQ(0, cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(tilted, utilted.getMat(ACCESS_READ), NORM_INF));
}

// A source that is a view of the sum's own buffer (the sum's pixels from (1, 1) on,
// as a float image): OpenCV's CPU code reads each pixel before writing there; the
// kernels, whose work-groups write while others read, get the same result.
TEST(Clintegral_Integral, sourceInsideTheOutput)
{
    RNG& rng = theRNG();
    for (Size size : { Size(37, 29), Size(300, 130) })
    {
        Mat ints(size.height + 1, size.width + 1, CV_32SC1), sum;
        rng.fill(ints, RNG::UNIFORM, -10, 10);   // small integers: float sums exact either way
        ints.convertTo(sum, CV_32F);
        UMat usum;
        sum.copyTo(usum);
        Mat src = sum(Rect(1, 1, size.width, size.height));
        UMat usrc = usum(Rect(1, 1, size.width, size.height));
        cv::integral(src, sum, CV_32F);   // writes over src as it goes
        expectLaunches(3, [&] { cv::clintegral::integral(usrc, usum, CV_32F); });
        EXPECT_EQ(0, cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF)) << size;
    }
}

// Every element of `actual` as in `expected` (float or double): NaN where it has
// NaN, the same infinity, and finite values within `tol` of its (0: equal).
static void expectSameFloats(const Mat& expected, const Mat& actual, double tol, const std::string& what)
{
    ASSERT_EQ(expected.size(), actual.size()) << what;
    ASSERT_EQ(expected.type(), actual.type()) << what;
    Mat e64, a64;
    expected.convertTo(e64, CV_64F);
    actual.convertTo(a64, CV_64F);
    e64 = e64.reshape(1);
    a64 = a64.reshape(1);
    int differing = 0;
    for (int y = 0; y < e64.rows; y++)
        for (int x = 0; x < e64.cols; x++)
        {
            const double e = e64.at<double>(y, x), a = a64.at<double>(y, x);
            const bool same = e == a || (std::isnan(e) && std::isnan(a)) ||
                              (std::isfinite(e) && std::abs(a - e) <= tol);
            if (!same && differing++ == 0)
                ADD_FAILURE() << what << ": first difference at (" << y << ", " << x << "): " << a << " against " << e;
        }
    EXPECT_EQ(0, differing) << what;
}

// Float tilted sums of images with infinite or NaN pixels, or whose sums pass the
// float range: the carries between bands of rows take differences of sums, which
// an Inf spoils (Inf - Inf), so such a call forms the tilted sum again on the
// device, row by row with OpenCV's additions in their order: every element as
// cv::integral's. The sums (no differences) have its infinities and NaNs too.
TEST(Clintegral_Integral, tiltedNonFinite)
{
    struct Case { Size size; int type, sdepth; std::vector<Point> at; std::vector<double> values; double fill; };
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    const Case cases[] = {
        { Size(60, 70), CV_32FC1, CV_64F, { Point(20, 10) }, { -inf }, 1 },
        { Size(60, 70), CV_32FC1, CV_32F, { Point(20, 10) }, { -inf }, 1 },
        { Size(50, 40), CV_32FC1, CV_32F, { Point(5, 3), Point(30, 20) }, { inf, -inf }, -1 },
        { Size(45, 70), CV_64FC1, CV_64F, { Point(7, 40), Point(44, 5) }, { nan, inf }, -1 },
        { Size(33, 80), CV_32FC3, CV_32F, { Point(2, 2) }, { inf }, -1 },
        { Size(1, 65), CV_32FC1, CV_32F, { Point(0, 1) }, { -inf }, -1 },
        { Size(41, 50), CV_32FC1, CV_32F, {}, {}, 3e38 },   // sums past FLT_MAX
        // Finite sums, but carries (a ray less a diagonal) past the type's range.
        { Size(50, 80), CV_32FC1, CV_32F, { Point(5, 0), Point(9, 0) }, { 3e38, -3e38 }, 0 },
        { Size(70, 80), CV_64FC1, CV_64F, { Point(5, 0), Point(9, 0) }, { 1.5e308, -1.5e308 }, 0 },
        { Size(70, 37), CV_8UC1, CV_32F, {}, {}, -1 },      // finite: the bands
    };
    RNG& rng = theRNG();
    for (const Case& c : cases)
    {
        Mat src(c.size, c.type), sum, tilted;
        if (c.fill >= 0)
            src.setTo(Scalar::all(c.fill));
        else
            rng.fill(src, RNG::UNIFORM, -100, 100);
        for (size_t k = 0; k < c.at.size(); k++)
        {
            const int i = c.at[k].x * src.channels() + (src.channels() > 1 ? 1 : 0);
            if (src.depth() == CV_32F)
                src.ptr<float>(c.at[k].y)[i] = (float)c.values[k];
            else
                src.ptr<double>(c.at[k].y)[i] = c.values[k];
        }
        Mat expectedSum, expectedTilted;
        cv::integral(src, expectedSum, noArray(), expectedTilted, c.sdepth);
        UMat usrc, usum, utilted;
        src.copyTo(usrc);
        const std::string what = cv::format("%s %dx%d", typeToString(c.type).c_str(), c.size.width, c.size.height);
        expectLaunches(3 + tiltedLaunches(src.rows, c.sdepth),
                       [&] { cv::clintegral::integral(usrc, usum, noArray(), utilted, c.sdepth, -1); });
        // A finite image's tilted sum is not formed again: small integers, exact either way.
        expectSameFloats(expectedTilted, utilted.getMat(ACCESS_READ), 0, what + " tilted");
        expectSameFloats(expectedSum, usum.getMat(ACCESS_READ), 0.05, what + " sum");   // float rounding
    }
}

// Where the sum's block sums kernel also forms the squared sum's block sums (one
// launch fewer: one channel, a 64-bit float squared sum), with the 8-bit kernel of
// 16-byte loads or the general one, and where the squared sum's run has its own.
TEST(Clintegral_Integral, squaredSumBlockSums)
{
    struct Case { Size size; int type, sdepth, sqdepth, lo, hi, offset; int launches; const char* what; };
    const Case cases[] = {
        { Size(1040, 301), CV_8UC1, CV_32S, CV_64F, 0, 256, 0, 5, "8-bit kernel, whole aligned rows" },
        // Sums past 2^31. Where blocks are 256 rows high (a device of few compute
        // units, as PoCL's), a block's squares past 2^32, its column sums near 2^24.
        { Size(3008, 2999), CV_8UC1, CV_32S, CV_64F, 255, 256, 0, 5, "8-bit kernel, sums past 2^31" },
        { Size(16, 700), CV_8UC1, CV_32S, CV_64F, 0, 256, 0, 5, "8-bit kernel, one 16-byte group a row" },
        { Size(1037, 301), CV_8UC1, CV_32S, CV_64F, 0, 256, 1, 5, "general kernel, rows not aligned" },
        { Size(1031, 777), CV_16UC1, CV_64F, CV_64F, 0, 65536, 3, 5, "general kernel, 16U" },
        { Size(1031, 777), CV_16SC1, CV_64F, CV_64F, -32768, 32768, 0, 5, "general kernel, 16S" },
        { Size(2048, 300), CV_32FC1, CV_32F, CV_64F, -1000, 1000, 0, 5, "general kernel, 32F" },
        { Size(1031, 777), CV_64FC1, CV_64F, CV_64F, -1000, 1000, 2, 5, "general kernel, 64F" },
        { Size(1040, 301), CV_8UC1, CV_32S, CV_32F, 0, 256, 0, 6, "32-bit float squared sum" },
        { Size(1040, 301), CV_8UC2, CV_32S, CV_64F, 0, 256, 0, 6, "two channels" },
    };
    // The kernels forming both need up to 38 KB of local memory.
    const bool roomForBoth = cv::ocl::Device::getDefault().localMemSize() >= 40 * 1024;
    for (const Case& k : cases)
    {
        Mat whole(k.size.height, k.size.width + 16, k.type);
        theRNG().fill(whole, RNG::UNIFORM, k.lo, k.hi);
        const Mat src = whole(Rect(k.offset, 0, k.size.width, k.size.height));
        UMat uwhole = whole.getUMat(ACCESS_READ).clone(), usum, usq;
        const UMat usrc = uwhole(Rect(k.offset, 0, k.size.width, k.size.height));
        Mat sum, sq, src64, ref, refSq, absSum;
        cv::integral(src, sum, sq, k.sdepth, k.sqdepth);
        src.convertTo(src64, CV_64F);
        cv::integral(src64, ref, refSq, CV_64F, CV_64F);
        cv::integral(Mat(abs(src64)), absSum, CV_64F);
        expectLaunches(k.launches == 5 && !roomForBoth ? 6 : k.launches,
                       [&] { cv::clintegral::integral(usrc, usum, usq, k.sdepth, k.sqdepth); });
        const int depth = CV_MAT_DEPTH(k.type);
        expectIntegral(sum, usum, ref, absSum, isExact(depth, k.sdepth), std::string(k.what) + " sum");
        expectIntegral(sq, usq, refSq, refSq, isExact(depth, k.sqdepth), std::string(k.what) + " sqsum");
    }
}

// Default depths, depths passed as types, and outputs that are views into
// larger UMats of the right size and type (written in place, as cv::integral does).
TEST(Clintegral_Integral, defaultsAndOutputViews)
{
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_16UC2, CV_32FC3 })
    {
        double lo, hi;
        valueRange(CV_MAT_DEPTH(type), lo, hi);
        Mat roi, sum, sqsum;
        UMat uroi, usum, usqsum;
        makeRoi(rng, Size(37, 21), type, true, lo, hi, roi, uroi);
        cv::integral(roi, sum, sqsum);
        cv::clintegral::integral(uroi, usum, usqsum);
        EXPECT_EQ(sum.type(), usum.type());
        EXPECT_EQ(sqsum.type(), usqsum.type());
        EXPECT_LE(cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF | NORM_RELATIVE), 1e-12);
        EXPECT_LE(cvtest::norm(sqsum, usqsum.getMat(ACCESS_READ), NORM_INF | NORM_RELATIVE), 1e-12);
    }

    Mat roi, sum;
    UMat uroi;
    makeRoi(rng, Size(50, 40), CV_8UC1, true, 0, 256, roi, uroi);
    cv::integral(roi, sum, CV_32SC1);
    UMat bigSum(60, 70, CV_32SC1, Scalar::all(-7));
    UMat view = bigSum(Rect(5, 3, 51, 41));
    expectLaunches(3, [&] { cv::clintegral::integral(uroi, view, CV_32SC1); });
    Mat big = bigSum.getMat(ACCESS_READ);
    EXPECT_EQ(0, cvtest::norm(sum, big(Rect(5, 3, 51, 41)), NORM_INF)) << "output view";
    Mat outside = big.clone();
    outside(Rect(5, 3, 51, 41)).setTo(-7);
    EXPECT_EQ(0, cvtest::norm(outside, Mat(60, 70, CV_32SC1, Scalar::all(-7)), NORM_INF)) << "wrote outside the view";
}

// The kernels run after the call returns: releasing the source at once and
// filling a new image of the same size (which OpenCV's buffer pool may place in
// the same memory) on the same thread leaves the result intact. (Other threads'
// queues are kept away by holding the views until the kernels complete; no
// test here forces that interleaving.)
TEST(Clintegral_Integral, sourceReleasedAtOnce)
{
    RNG& rng = theRNG();
    for (int i = 0; i < 20; i++)
    {
        Mat src(301, 517, CV_8UC1), expected;
        rng.fill(src, RNG::UNIFORM, 0, 256);
        cv::integral(src, expected, CV_32S);
        UMat usum;
        {
            UMat usrc;
            src.copyTo(usrc);
            cv::clintegral::integral(usrc, usum, CV_32S);
        }
        UMat other(301, 517, CV_8UC1);
        other.setTo(Scalar::all(255));
        EXPECT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF)) << "call " << i;
    }
}

// Several threads, each with its own queue, scratch pool and calls in flight:
// every call's result is right though a thread releases its inputs and outputs
// at once (the Launcher keeps them until the kernels complete).
TEST(Clintegral_Integral, severalThreads)
{
    // Four one-channel images of odd widths, three- and four-channel ones and two
    // one-channel ones of whole 16-byte rows (the block sums of bytes); odd threads
    // with a squared sum too: for one channel its block sums formed by the sum's
    // kernel (the 8-bit one for thread 7), for four channels a run of its own.
    // Threads 0, 3 and 6 with the tilted sum too.
    const int threads = 8;
    std::vector<Mat> images(threads), expected(threads), expectedSq(threads), expectedTilted(threads);
    for (int t = 0; t < threads; t++)
    {
        if (t < 4)
            images[t].create(257 + 31 * t, 311 - 17 * t, CV_8UC1);
        else if (t < 6)
            images[t].create(203, 336, t == 4 ? CV_8UC3 : CV_8UC4);
        else
            images[t].create(203, 336, CV_8UC1);
        randu(images[t], 0, 256);
        cv::integral(images[t], expected[t], expectedSq[t], expectedTilted[t], CV_32S, CV_64F);
    }
    clruntime_test::expectSameOnThreads(
        threads, 20,
        [&](int t) {
            const bool withSq = t % 2 == 1, withTilted = t % 3 == 0;
            UMat sum, sq, tilted;
            {
                UMat src;
                images[t].copyTo(src);
                cv::clintegral::integral(src, sum, withSq ? _InputOutputArray(sq) : noArray(),
                                         withTilted ? _InputOutputArray(tilted) : noArray(), CV_32S, CV_64F);
            }
            return cvtest::norm(expected[t], sum.getMat(ACCESS_READ), NORM_INF) == 0 &&
                   (!withSq || cvtest::norm(expectedSq[t], sq.getMat(ACCESS_READ), NORM_INF) == 0) &&
                   (!withTilted || cvtest::norm(expectedTilted[t], tilted.getMat(ACCESS_READ), NORM_INF) == 0);
        },
        [](int t) { return cv::format("thread %d", t); });
}


// The kernel cache, scratch pool and calls in flight follow a switch of OpenCL
// queue or context.
TEST(Clintegral_Integral, severalContexts)
{
    Mat src(301, 517, CV_8UC1), expected, expectedSq, expectedTilted;
    randu(src, 0, 256);
    cv::integral(src, expected, expectedSq, expectedTilted, CV_32S, CV_64F);
    clruntime_test::inSeveralContexts([&] {
        UMat usrc, usum, usq, utilted;
        src.copyTo(usrc);
        expectLaunchesWithSquares(4, 1, [&] { cv::clintegral::integral(usrc, usum, usq, utilted, CV_32S, CV_64F); });
        EXPECT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF));
        EXPECT_EQ(0, cvtest::norm(expectedSq, usq.getMat(ACCESS_READ), NORM_INF));
        EXPECT_EQ(0, cvtest::norm(expectedTilted, utilted.getMat(ACCESS_READ), NORM_INF));
    });
}

// A source or a kept output of another OpenCL context than the current one:
// StsBadArg; back in their context the same UMats give OpenCV's sums.
TEST(Clintegral_Integral, umatOfAnotherContext)
{
    Mat src(41, 67, CV_8UC1), expected, expectedSq;
    randu(src, 0, 256);
    cv::integral(src, expected, expectedSq, CV_32S, CV_64F);
    UMat usrc, usum, usq;
    src.copyTo(usrc);
    usum.create(expected.size(), expected.type());   // the outputs' sizes: create() keeps them
    usq.create(expectedSq.size(), expectedSq.type());
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  UMat own;
                  cv::clintegral::integral(usrc, own, CV_32S);
              })) << "source";
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  UMat own, ownSum;
                  src.copyTo(own);
                  cv::clintegral::integral(own, ownSum, usq, CV_32S, CV_64F);
              })) << "squared sum";
    const cv::clruntime::DeviceSet devices =
        cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  cv::clintegral::integral(src, usum, noArray(), CV_32S, -1, devices);
              })) << "device set, Mat source";
    // An output of another size is made anew in the current context, as OpenCV's
    // functions make it.
    UMat smaller(3, 3, CV_32SC1, Scalar(1));
    EXPECT_EQ(0, clruntime_test::exceptionInAnotherContext([&] {
                  UMat own;
                  src.copyTo(own);
                  cv::clintegral::integral(own, smaller, CV_32S);
                  EXPECT_EQ(0, cvtest::norm(expected, smaller.getMat(ACCESS_READ), NORM_INF));
                  smaller.release();   // before its context goes
              })) << "output of another size";
    cv::clintegral::integral(usrc, usum, usq, CV_32S, CV_64F);
    EXPECT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(expectedSq, usq.getMat(ACCESS_READ), NORM_INF));
}

// OpenCV's buffer pools of the current context ("OCL" and "HOST_ALLOC") limited to
// set(bytes) (0: off) while this lives, as they were afterwards.
struct BufferPoolLimits
{
    std::vector<std::pair<cv::BufferPoolController*, size_t>> before;
    BufferPoolLimits()
    {
        for (const char* id : { "OCL", "HOST_ALLOC" })
        {
            cv::BufferPoolController* pool = ocl::getOpenCLAllocator()->getBufferPoolController(id);
            before.emplace_back(pool, pool->getMaxReservedSize());
        }
    }
    void set(size_t bytes)
    {
        for (auto& p : before)
            p.first->setMaxReservedSize(bytes);
    }
    ~BufferPoolLimits()
    {
        for (auto& p : before)
            p.first->setMaxReservedSize(p.second);
    }
};

// A thread on a queue of its own that ends while its call's kernels still run:
// the UMats it dropped go back to OpenCV's buffer pool (on in odd rounds; OpenCV
// keeps it on for Intel's GPUs) only once the kernels are done, and without the
// pool are freed by OpenCL only then, so that a UMat made next from the same
// memory is not written by them.
TEST(Clintegral_Integral, threadEndsWithKernelsInFlight)
{
    BufferPoolLimits pools;
    const int n = 1500;
    Mat src(n, n, CV_8UC1);
    randu(src, 0, 256);
    for (int round = 0; round < 20; round++)
    {
        pools.set(round % 2 ? (size_t)1 << 30 : 0);
        std::thread worker([&] {
            ocl::OpenCLExecutionContext own = ocl::OpenCLExecutionContext::getCurrent().cloneWithNewQueue();
            own.bind();
            UMat usrc, usum;
            src.copyTo(usrc);
            ocl::finish();
            cv::clintegral::integral(usrc, usum, CV_32S);   // returns with its kernels enqueued
        });
        worker.join();
        UMat fresh(n + 1, n + 1, CV_32SC1);
        fresh.setTo(Scalar::all(0));
        EXPECT_EQ(0, cv::countNonZero(fresh.getMat(ACCESS_READ))) << "round " << round;
    }
}

// Without OpenCV's buffer pools (their default but on Intel's devices), a call
// keeps no UMat once it returns: a caller that drops its source and output while
// the kernels have not run has them let go at once (OpenCL frees the buffers when
// the kernels are done), with no later clx call; a UMat made then is left alone by
// those kernels. (With a pool, the pool holds the memory anyway:
// threadEndsWithKernelsInFlight.)
TEST(Clintegral_Integral, droppedUMatsFreedWithoutAnotherCall)
{
    BufferPoolLimits pools;
    pools.set(0);
    const cv::utils::AllocatorStatisticsInterface& stats = ocl::getOpenCLAllocatorStatistics();
    const int n = 1500;
    Mat src(n, n, CV_8UC1), expected;
    randu(src, 0, 256);
    cv::integral(src, expected, CV_32S);
    const uint64 bothBytes = (uint64)n * n + (uint64)(n + 1) * (n + 1) * 4;
    {
        UMat usrc, usum;
        src.copyTo(usrc);
        cv::clintegral::integral(usrc, usum, CV_32S);
        ASSERT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF));
    }
    // The kernels held back behind a user event while the caller drops both UMats.
    cl_int err = CL_SUCCESS;
    cl_event gate = clCreateUserEvent((cl_context)ocl::Context::getDefault().ptr(), &err);
    ASSERT_EQ(CL_SUCCESS, err);
    struct Opened   // the gate opened however the test ends: the queue must not stay blocked
    {
        cl_event gate;
        void open()
        {
            if (gate)
                clSetUserEventStatus(gate, CL_COMPLETE), clReleaseEvent(gate), gate = NULL;
        }
        ~Opened() { open(); }
    } opened{ gate };
    uint64 withBoth = 0;
    {
        UMat usrc, usum(n + 1, n + 1, CV_32SC1);
        src.copyTo(usrc);
        ocl::finish();
        ASSERT_EQ(CL_SUCCESS, clEnqueueBarrierWithWaitList((cl_command_queue)ocl::Queue::getDefault().ptr(), 1, &gate,
                                                           NULL));
        cv::clintegral::integral(usrc, usum, CV_32S);   // returns with its kernels enqueued, not run
        withBoth = stats.getCurrentUsage();
    }
    const uint64 afterDrop = stats.getCurrentUsage();
    UMat fresh(n + 1, n + 1, CV_32SC1);   // a new buffer while the kernels wait
    opened.open();
    fresh.setTo(Scalar::all(7));
    ocl::finish();
    EXPECT_LE(afterDrop, withBoth - bothBytes) << "the source and output are still held";
    EXPECT_EQ(0, cvtest::norm(fresh.getMat(ACCESS_READ), Mat(n + 1, n + 1, CV_32SC1, Scalar(7)), NORM_INF));
}

// One thread taking turns on three queues of one context (what a BandStream
// does), without waiting in between: each queue has its own scratch buffers and
// calls in flight, so no call's kernels use another queue's buffers while they run.
TEST(Clintegral_Integral, queuesInTurn)
{
    const ocl::OpenCLExecutionContext current = ocl::OpenCLExecutionContext::getCurrent();
    std::vector<ocl::OpenCLExecutionContext> queues;
    for (int q = 0; q < 3; q++)
        queues.push_back(current.cloneWithNewQueue());
    const int calls = 12;
    std::vector<Mat> images(calls), expected(calls);
    std::vector<UMat> sums(calls);
    for (int c = 0; c < calls; c++)
    {
        images[c].create(200 + 37 * c, 333 - 11 * c, CV_8UC1);
        randu(images[c], 0, 256);
        cv::integral(images[c], expected[c], CV_32S);
    }
    for (int c = 0; c < calls; c++)
    {
        ocl::OpenCLExecutionContextScope scope(queues[c % 3]);
        UMat src;
        images[c].copyTo(src);
        expectLaunches(3, [&] { cv::clintegral::integral(src, sums[c], CV_32S); });
    }
    for (int c = 0; c < calls; c++)
    {
        ocl::OpenCLExecutionContextScope scope(queues[c % 3]);
        EXPECT_EQ(0, cvtest::norm(expected[c], sums[c].getMat(ACCESS_READ), NORM_INF)) << "call " << c;
    }
}

// Scratch memory stays bounded: the pools keep at most 128 MB between calls, so a
// bigger buffer goes back once its call is done; the tilted sum's scratch (a few
// rows for each band of 32 rows) is a small part of its output.
TEST(Clintegral_Integral, bigScratchIsGivenBack)
{
    // What the tests before left in the pools (up to the limit) does not count.
    cv::clruntime::detail::releaseKeptScratch();
    ASSERT_EQ(0u, cv::clruntime::detail::keptScratchBytes());
    const size_t keptLimit = (size_t)128 << 20;
    {
        cv::clruntime::ScratchBuffers scratch;
        UMat big = scratch.get(keptLimit + ((size_t)32 << 20));
        ASSERT_TRUE(cv::clruntime::hasDeviceBuffer(big));
    }
    EXPECT_LE(cv::clruntime::detail::keptScratchBytes(), keptLimit) << "the 160 MB buffer is still kept";

    Mat src(4243, 4241, CV_8UC1);
    randu(src, 0, 256);
    UMat usrc, sum, tilted;
    src.copyTo(usrc);
    Mat expSum, expSq, expTilted;
    cv::integral(src, expSum, expSq, expTilted, CV_64F, CV_64F);
    for (int call = 0; call < 2; call++)   // the second call takes the kept scratch
    {
        expectLaunches(3 + tiltedLaunches(src.rows, CV_64F),
                       [&] { cv::clintegral::integral(usrc, sum, noArray(), tilted, CV_64F, -1); });
        EXPECT_EQ(0, cvtest::norm(expSum, sum.getMat(ACCESS_READ), NORM_INF));
        EXPECT_EQ(0, cvtest::norm(expTilted, tilted.getMat(ACCESS_READ), NORM_INF));
        // The integral's other carry buffers as well: more on devices of many compute units.
        EXPECT_LT(cv::clruntime::detail::keptScratchBytes(), src.total() * sizeof(double) / 2) << "call " << call;
    }
}

TEST(Clintegral_Integral, emptyGivesOneZero)
{
    Mat sum, sqsum;
    cv::integral(Mat(), sum, sqsum);
    UMat usum, usqsum;
    cv::clintegral::integral(UMat(), usum, usqsum);
    EXPECT_EQ(sum.size(), usum.size());
    EXPECT_EQ(sum.type(), usum.type());
    EXPECT_EQ(0, cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(sqsum, usqsum.getMat(ACCESS_READ), NORM_INF));
    // An empty vector of Mats is no image: OpenCV's error.
    {
        const std::vector<Mat> none;
        Mat out;
        const int openCVCode = exceptionCode([&] { cv::integral(none, out); });
        EXPECT_NE(0, openCVCode);
        EXPECT_EQ(openCVCode, exceptionCode([&] { cv::clintegral::integral(none, out); }));
    }
    // Empty sources of 1 to 5 channels, with a row or a column of none, Mat and UMat,
    // alone and over a device set: zeros of a row and a column more, as OpenCV's
    // (whose CPU code writes past its outputs for some of them, so they are not
    // compared with its run).
    const cv::clruntime::DeviceSet one =
        cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    for (int cn = 1; cn <= 5; cn++)
        for (Size size : { Size(0, 0), Size(4, 0), Size(0, 3) })
            for (int how = 0; how < 3; how++)   // Mat, UMat, Mat over a device set
            {
                const std::string what = cv::format("%d channels, %dx%d, %s", cn, size.width, size.height,
                                                    how == 0 ? "Mat" : how == 1 ? "UMat" : "device set");
                Mat outs[3];
                const Mat src(size, CV_8UC(cn));
                if (how == 0)
                    cv::clintegral::integral(src, outs[0], outs[1], outs[2], CV_32S, CV_64F);
                else if (how == 2)
                    cv::clintegral::integral(src, outs[0], outs[1], outs[2], CV_32S, CV_64F, one);
                else
                {
                    UMat u[3];
                    cv::clintegral::integral(UMat(size, CV_8UC(cn)), u[0], u[1], u[2], CV_32S, CV_64F);
                    for (int k = 0; k < 3; k++)
                        u[k].copyTo(outs[k]);
                }
                for (int k = 0; k < 3; k++)
                {
                    EXPECT_EQ(Size(size.width + 1, size.height + 1), outs[k].size()) << what << ", output " << k;
                    EXPECT_EQ(CV_MAKETYPE(k == 1 ? CV_64F : CV_32S, cn), outs[k].type()) << what << ", output " << k;
                    EXPECT_EQ(0, countNonZero(outs[k].reshape(1))) << what << ", output " << k;
                }
            }
}

// Unsupported combinations raise what cv::integral raises on a Mat, on every path;
// OpenCV's own OpenCL path would run some of them.
TEST(Clintegral_Integral, unsupportedCombinationsThrow)
{
    struct Bad { int type, sdepth, sqdepth; };
    const Bad bad[] = {
        { CV_8UC1, CV_16S, -1 }, { CV_8UC1, CV_8S, -1 }, { CV_8UC1, CV_64F, CV_32F }, { CV_8UC1, CV_32F, CV_32S },
        { CV_16UC1, CV_32S, -1 }, { CV_16SC1, CV_32F, -1 }, { CV_32FC1, CV_32S, -1 }, { CV_32FC1, CV_64F, CV_32F },
        { CV_64FC1, CV_32F, -1 }, { CV_8SC1, -1, -1 }, { CV_32SC1, -1, -1 }, { CV_16FC1, -1, -1 },
    };
    for (const Bad& b : bad)
    {
        Mat src(5, 6, b.type, Scalar::all(1)), sum, sqsum;
        UMat usrc = src.getUMat(ACCESS_READ), usum, usqsum;
        int expected = exceptionCode([&] { cv::integral(src, sum, sqsum, b.sdepth, b.sqdepth); });
        EXPECT_EQ(cv::Error::StsUnsupportedFormat, expected) << typeToString(b.type);
        EXPECT_EQ(expected, exceptionCode([&] { cv::clintegral::integral(usrc, usum, usqsum, b.sdepth, b.sqdepth); }))
            << typeToString(b.type) << " " << b.sdepth << " " << b.sqdepth;
        // Without sqsum the default sqdepth applies, as in cv::integral.
        int expectedSumOnly = exceptionCode([&] { cv::integral(src, sum, b.sdepth); });
        EXPECT_EQ(expectedSumOnly, exceptionCode([&] { cv::clintegral::integral(usrc, usum, b.sdepth); }))
            << typeToString(b.type) << " " << b.sdepth << " (sum only)";
        EXPECT_EQ(expected, exceptionCode([&] { cv::clintegral::integral(src, sum, sqsum, b.sdepth, b.sqdepth); }))
            << typeToString(b.type) << " (Mat)";
    }
}

// Mat in or out, OpenCL off, and more than 4 channels go to cv::integral.
TEST(Clintegral_Integral, fallsThroughToOpenCV)
{
    RNG& rng = theRNG();
    Mat roi, sum, sqsum, tilted, actual;
    UMat uroi, usum;
    makeRoi(rng, Size(40, 30), CV_8UC1, true, 0, 256, roi, uroi);
    cv::integral(roi, sum, sqsum, tilted);

    expectLaunches(0, [&] { cv::clintegral::integral(roi, actual); });
    EXPECT_EQ(0, cvtest::norm(sum, actual, NORM_INF)) << "Mat";
    expectLaunches(0, [&] { cv::clintegral::integral(uroi, actual); });
    EXPECT_EQ(0, cvtest::norm(sum, actual, NORM_INF)) << "UMat in, Mat out";
    Mat asq, atilted;
    expectLaunches(0, [&] { cv::clintegral::integral(uroi, usum, asq, atilted); });
    EXPECT_EQ(0, cvtest::norm(tilted, atilted, NORM_INF)) << "UMat sum, Mat tilted";

    cv::ocl::setUseOpenCL(false);
    expectLaunches(0, [&] { cv::clintegral::integral(uroi, usum); });
    cv::ocl::setUseOpenCL(true);
    EXPECT_EQ(0, cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF)) << "OpenCL off";

    Mat src5(13, 11, CV_8UC(5)), sum5;
    rng.fill(src5, RNG::UNIFORM, 0, 256);
    UMat usrc5 = src5.getUMat(ACCESS_READ), usum5;
    cv::integral(src5, sum5);
    expectLaunches(0, [&] { cv::clintegral::integral(usrc5, usum5); });
    EXPECT_EQ(0, cvtest::norm(sum5, usum5.getMat(ACCESS_READ), NORM_INF)) << "5 channels";
}

// Sums and squared sums of several depth pairs, channel counts and ROI sizes on the
// device, in work-groups smaller than the kernels' usual 256 work-items, with OpenCV's
// results; the tilted sum, which needs its 256, reports its fallback.
static void expectIntegralsInSmallGroups()
{
    RNG& rng = theRNG();
    const Combination tried[] = { { CV_8U, CV_32S, CV_64F }, { CV_8U, CV_32F, CV_32F }, { CV_16U, CV_64F, CV_64F },
                                  { CV_32F, CV_64F, CV_64F } };
    for (const Combination& c : tried)
        for (int cn = 1; cn <= 4; cn++)
            for (Size size : { Size(1, 1), Size(17, 13), Size(1000, 517), Size(4099, 33), Size(31, 300) })
            {
                const int type = CV_MAKETYPE(c.depth, cn);
                const std::string what = cv::format("%s %dx%d", typeToString(type).c_str(), size.width, size.height);
                SCOPED_TRACE(what);
                double lo, hi;
                valueRange(c.depth, lo, hi);
                Mat roi, sum, sqsum, src64, ref, refSq, absSum;
                UMat uroi, usum, usqsum;
                makeRoi(rng, size, type, true, lo, hi, roi, uroi);
                roi.convertTo(src64, CV_64F);
                cv::integral(src64, ref, refSq, CV_64F, CV_64F);
                cv::integral(abs(src64), absSum, CV_64F);
                cv::integral(roi, sum, sqsum, c.sdepth, c.sqdepth);
                expectLaunchesWithSquares(0, 1, [&] { cv::clintegral::integral(uroi, usum, usqsum, c.sdepth, c.sqdepth); });
                expectIntegral(sum, usum, ref, absSum, isExact(c.depth, c.sdepth), what + " sum");
                expectIntegral(sqsum, usqsum, refSq, refSq, isExact(c.depth, c.sqdepth), what + " sqsum");
            }
    Mat roi, sum, sqsum, tilted;
    UMat uroi, usum, usqsum, utilted;
    makeRoi(rng, Size(301, 97), CV_8UC1, true, 0, 256, roi, uroi);
    cv::integral(roi, sum, sqsum, tilted, CV_32S, CV_64F);
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
    cv::clintegral::integral(uroi, usum, usqsum, utilted, CV_32S, CV_64F);
    EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "the tilted sum did not report its fallback";
    EXPECT_EQ(0, cvtest::norm(sum, usum.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(sqsum, usqsum.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(tilted, utilted.getMat(ACCESS_READ), NORM_INF));
}

// A device whose largest work-group is not a power of two (PoCL limited to 100
// work-items; their own CTest entry): the scans take the power of two below (with
// 100 work-items a group, 8UC3, 32FC1 and 16UC2 sums were wrong). The sums run on
// the device; the tilted sum, whose kernels need 256 work-items a group, runs
// OpenCV's function and says so.
TEST(Clintegral_SmallWorkGroups, matchesOpenCV)
{
    if (!clruntime_test::workGroupLimitIsNoPowerOfTwo())
        return;
    expectIntegralsInSmallGroups();
}

// Kernels whose own work-group limit is below the device's (a compiler that gives
// register-hungry kernels smaller groups; here 64 work-items through the test hook,
// whose Launcher refuses larger groups as such a driver does): the kernels in groups
// that fit, on the device.
TEST(Clintegral_OpenCL, kernelWorkGroupLimit)
{
    clruntime_test::withKernelWorkGroupLimit(64, [] {
        expectIntegralsInSmallGroups();
        // The bands of a host image streamed through one device add their carries in
        // groups that fit too.
        cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
        Mat src(203, 97, CV_8UC1), sum, sqsum, dsum, dsq;
        randu(src, 0, 256);
        cv::integral(src, sum, sqsum, CV_32S, CV_64F);
        one.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (97 + 98 * 12) * 6);   // bands of about 5 rows
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount(), launches = cv::clintegral::detail::oclLaunchCount();
        cv::clintegral::integral(src, dsum, dsq, CV_32S, CV_64F, one);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "a fallback reported";
        EXPECT_LT(launches + 20, cv::clintegral::detail::oclLaunchCount()) << "not in bands on the device";
        EXPECT_EQ(0, cvtest::norm(sum, dsum, NORM_INF));
        EXPECT_EQ(0, cvtest::norm(sqsum, dsq, NORM_INF));
    });
}

// OpenCV's OCL test idiom (ts/ocl_test.hpp), as its own integral test: random
// borders around the source and the two outputs, cv::integral with OpenCL off
// against clintegral with it on, the output ROIs equal (integer sources: exact)
// and the rest of each output untouched.
PARAM_TEST_CASE(IntegralOcl, MatDepth, int, bool)
{
    int type, sdepth;
    bool useRoi;
    TEST_DECLARE_INPUT_PARAMETER(src);
    TEST_DECLARE_OUTPUT_PARAMETER(sum);
    TEST_DECLARE_OUTPUT_PARAMETER(sqsum);

    virtual void SetUp()
    {
        type = CV_MAKETYPE(get<0>(GetParam()), get<1>(GetParam()));
        sdepth = get<0>(GetParam()) == CV_8U ? CV_32S : CV_64F;
        useRoi = get<2>(GetParam());
    }

    void generateTestData()
    {
        const Size size = randomSize(1, 120), isize(size.width + 1, size.height + 1);
        const int cn = CV_MAT_CN(type);
        randomSubMat(src, src_roi, size, randomBorder(0, useRoi ? MAX_VALUE : 0), type, 0, 256);
        randomSubMat(sum, sum_roi, isize, randomBorder(0, useRoi ? MAX_VALUE : 0), CV_MAKETYPE(sdepth, cn), 5, 16);
        randomSubMat(sqsum, sqsum_roi, isize, randomBorder(0, useRoi ? MAX_VALUE : 0), CV_MAKETYPE(CV_64F, cn), 5, 16);
        UMAT_UPLOAD_INPUT_PARAMETER(src);
        UMAT_UPLOAD_OUTPUT_PARAMETER(sum);
        UMAT_UPLOAD_OUTPUT_PARAMETER(sqsum);
    }
};

OCL_TEST_P(IntegralOcl, matchesOpenCV)
{
    for (int j = 0; j < 3 * cvtest::ocl::test_loop_times; j++)
    {
        generateTestData();
        OCL_OFF(cv::integral(src_roi, sum_roi, sqsum_roi, sdepth, CV_64F));
        OCL_ON(expectLaunchesWithSquares(0, 1, [&] { cv::clintegral::integral(usrc_roi, usum_roi, usqsum_roi, sdepth, CV_64F); }));
        OCL_EXPECT_MATS_NEAR(sum, 0);
        OCL_EXPECT_MATS_NEAR(sqsum, 0);
    }
}

OCL_INSTANTIATE_TEST_CASE_P(Clintegral, IntegralOcl, Combine(Values(CV_8U, CV_16U), Values(1, 2, 3, 4), testing::Bool()));

}} // namespace

namespace opencv_test { namespace {

// A host image over several OpenCL devices (clruntime::DeviceSet; CTest runs these
// with two PoCL devices): every combination, 1 and 3 channels, bands from the
// devices and from memory budgets, against cv::integral and the float64 reference,
// with guard rows around the bands' outputs on the devices.
TEST(Clintegral_MultiDevice, matchesOpenCV)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    RNG& rng = theRNG();
    for (const Combination& c : combinations)
        for (int cn : { 1, 3 })
            for (Size size : { Size(1, 1), Size(123, 77), Size(64, 301) })
                for (int rowsPerBand : { 0, 7 })   // 0: no budget, a band per device
                {
                    const int type = CV_MAKETYPE(c.depth, cn);
                    double lo, hi;
                    valueRange(c.depth, lo, hi);
                    // The tilted sum with the bands of the budget (the other sums as well with them).
                    const bool withTilted = rowsPerBand != 0;
                    {
                        Mat roi, sum, sqsum, tilted, src64, ref, refSq, refTilted, absSum, dsum, dsq, dtilted;
                        UMat uroi;
                        makeRoi(rng, size, type, true, lo, hi, roi, uroi);
                        roi.convertTo(src64, CV_64F);
                        cv::integral(src64, ref, refSq, refTilted, CV_64F, CV_64F);
                        cv::integral(Mat(abs(src64)), absSum, CV_64F);
                        cv::integral(roi, sum, sqsum, tilted, c.sdepth, c.sqdepth);

                        const size_t rowBytes = roi.cols * roi.elemSize() + (size.width + 1) * cn *
                                                (CV_ELEM_SIZE1(c.sdepth) * (withTilted ? 2 : 1) + CV_ELEM_SIZE1(c.sqdepth));
                        // SLOTS bands in flight on a device, each its rows and a zero row.
                        devices.setMemoryBudget(rowsPerBand ? cv::clruntime::BandStream::SLOTS * rowBytes * (rowsPerBand + 1) : 0);
                        const int uniformBands = std::min(size.height, std::max((int)devices.size(),
                                                          rowsPerBand ? (size.height + rowsPerBand - 1) / rowsPerBand : 1));
                        const int bands = withTilted ? uniformBands
                                                     : cv::clintegral::detail::bandsOverDevices(size.height, uniformBands,
                                                                                                (int)devices.size());
                        const std::string what = cv::format("%s %dx%d, %d bands%s", typeToString(type).c_str(), size.width,
                                                            size.height, bands, withTilted ? ", with tilted" : "");
                        // The tilted sum's kernels for each band. Without it every band after
                        // the first adds its carry rows to its sum and squared sum, one kernel
                        // each. No kernel writes outside its band's rows on the device.
                        const uint64 others = withTilted ? bands * tiltedLaunches((size.height + bands - 1) / bands, c.sdepth)
                                                         : 2 * (bands - 1);
                        clruntime_test::expectGuardRowsKept([&] {
                            expectLaunchesWithSquares(others, bands, [&] {
                                cv::clintegral::integral(roi, dsum, dsq, withTilted ? _InputOutputArray(dtilted) : noArray(),
                                                         c.sdepth, c.sqdepth, devices);
                            });
                        }, what);
                        expectIntegral(sum, dsum.getUMat(ACCESS_READ), ref, absSum, isExact(c.depth, c.sdepth),
                                       what + " sum");
                        expectIntegral(sqsum, dsq.getUMat(ACCESS_READ), refSq, refSq, isExact(c.depth, c.sqdepth),
                                       what + " sqsum");
                        if (withTilted)
                            expectIntegral(tilted, dtilted.getUMat(ACCESS_READ), refTilted, tiltedBound(absSum),
                                           isExact(c.depth, c.sdepth), what + " tilted");
                        else
                            EXPECT_TRUE(dtilted.empty()) << what;
                    }
                }
}

// One OpenCL context that holds every device, an execution context for each (the
// carry rows kept per context are taken by one band at a time): OpenCV's sums,
// with many bands.
TEST(Clintegral_MultiDevice, devicesOfOneContext)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevicesInOneContext();
    ASSERT_EQ(clruntime_test::testDevices().size(), devices.size());
    Mat src(301, 173, CV_8UC1), expected, expectedSq, expectedTilted, sum, sqsum, tilted;
    randu(src, 0, 256);
    cv::integral(src, expected, expectedSq, expectedTilted, CV_32S, CV_64F);
    for (size_t budget : { (size_t)0, (size_t)cv::clruntime::BandStream::SLOTS * 20 * 174 * 21 })
    {
        devices.setMemoryBudget(budget);
        cv::clintegral::integral(src, sum, sqsum, CV_32S, CV_64F, devices);
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << "budget " << budget;
        EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << "budget " << budget;
        cv::clintegral::integral(src, sum, noArray(), tilted, CV_32S, -1, devices);
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << "budget " << budget;
        EXPECT_EQ(0, cvtest::norm(expectedTilted, tilted, NORM_INF)) << "budget " << budget;
    }
}

// Pinned host images and outputs (views with offsets too) go to the devices and
// back with no host copies, with a band per device or the many bands of a
// budget, each band after the first adding its carry rows on its device.
TEST(Clintegral_MultiDevice, pinnedHostImages)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    RNG& rng = theRNG();
    for (const Combination& c : combinations)
        for (int cn : { 1, 3 })
            for (Size size : { Size(1, 1), Size(123, 77), Size(64, 301) })
                for (int rowsPerBand : { 0, 7 })
                    for (int border : { 0, 3 })
                    {
                        const int type = CV_MAKETYPE(c.depth, cn);
                        double lo, hi;
                        valueRange(c.depth, lo, hi);
                        Mat values(size, type), src64, ref, refSq, absSum, sum, sqsum;
                        rng.fill(values, RNG::UNIFORM, lo, hi);
                        const Mat src = clruntime_test::pinnedCopy(values, border);
                        src.convertTo(src64, CV_64F);
                        cv::integral(src64, ref, refSq, CV_64F, CV_64F);
                        cv::integral(Mat(abs(src64)), absSum, CV_64F);
                        cv::integral(src, sum, sqsum, c.sdepth, c.sqdepth);
                        const Size isize(size.width + 1, size.height + 1);
                        Mat dsum = clruntime_test::pinnedCopy(Mat::zeros(isize, CV_MAKETYPE(c.sdepth, cn)), border);
                        Mat dsq = clruntime_test::pinnedCopy(Mat::zeros(isize, CV_MAKETYPE(c.sqdepth, cn)), border);
                        // SLOTS bands in flight on a device, each its rows and its sums (a zero row first).
                        const size_t rowBytes = src.cols * src.elemSize() + isize.width * (dsum.elemSize() + dsq.elemSize());
                        devices.setMemoryBudget(rowsPerBand ? cv::clruntime::BandStream::SLOTS * rowBytes * (rowsPerBand + 1) : 0);
                        const int bands = cv::clintegral::detail::bandsOverDevices(
                            size.height,
                            std::min(size.height, std::max((int)devices.size(),
                                                           rowsPerBand ? (size.height + rowsPerBand - 1) / rowsPerBand : 1)),
                            (int)devices.size());
                        const std::string what = cv::format("%s %dx%d, %d bands, border %d", typeToString(type).c_str(),
                                                            size.width, size.height, bands, border);
                        clruntime_test::expectStagedBytes(0, [&] {
                            expectLaunchesWithSquares(2 * (bands - 1), bands, [&] {
                                cv::clintegral::integral(src, dsum, dsq, c.sdepth, c.sqdepth, devices);
                            });
                        }, what);
                        EXPECT_TRUE(cv::clruntime::isPinned(dsum) && cv::clruntime::isPinned(dsq)) << what;
                        expectIntegral(sum, dsum.getUMat(ACCESS_READ), ref, absSum, isExact(c.depth, c.sdepth),
                                       what + " sum");
                        expectIntegral(sqsum, dsq.getUMat(ACCESS_READ), refSq, refSq, isExact(c.depth, c.sqdepth),
                                       what + " sqsum");
                    }
}

// The bands of an integral over devices: lead bands only with two rounds of bands
// or more and rows enough for them, and then more bands than equal ones would be.
TEST(Clintegral_MultiDevice, leadBands)
{
    using cv::clintegral::detail::bandsOverDevices;
    EXPECT_EQ(10, bandsOverDevices(10240, 8, 2));   // 8 + 2/4 of the two lead bands, rounded up to even
    EXPECT_EQ(18, bandsOverDevices(10240, 16, 2));
    EXPECT_EQ(12, bandsOverDevices(10240, 8, 3));   // 8 + 2/4 of the three lead bands, rounded up to 3 a device
    EXPECT_EQ(10, bandsOverDevices(10240, 8, 1));   // 8 + 1/4 + 1/2 of one device's two lead bands, rounded up
    EXPECT_EQ(3, bandsOverDevices(10240, 2, 1));    // two rounds: one lead band
    EXPECT_EQ(3, bandsOverDevices(10240, 3, 2));    // one round
    EXPECT_EQ(8, bandsOverDevices(20, 8, 2));       // too few rows
    EXPECT_EQ(1, bandsOverDevices(1, 1, 2));
}

// One device of the set with the many bands of a budget: each band's carries come
// from the band above on the same device, and every combination still matches.
TEST(Clintegral_MultiDevice, oneDeviceManyBands)
{
    cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    ASSERT_EQ(1u, one.size());
    RNG& rng = theRNG();
    for (const Combination& c : combinations)
        for (int cn : { 1, 3 })
        {
            const Size size(97, 203);
            const int type = CV_MAKETYPE(c.depth, cn);
            double lo, hi;
            valueRange(c.depth, lo, hi);
            Mat src(size, type), src64, ref, refSq, absSum, sum, sqsum, dsum, dsq;
            rng.fill(src, RNG::UNIFORM, lo, hi);
            src.convertTo(src64, CV_64F);
            cv::integral(src64, ref, refSq, CV_64F, CV_64F);
            cv::integral(Mat(abs(src64)), absSum, CV_64F);
            cv::integral(src, sum, sqsum, c.sdepth, c.sqdepth);
            const size_t rowBytes = src.cols * src.elemSize() + (size.width + 1) * cn *
                                    (CV_ELEM_SIZE1(c.sdepth) + CV_ELEM_SIZE1(c.sqdepth));
            const int rowsPerBand = 5;
            const int bands =
                cv::clintegral::detail::bandsOverDevices(size.height, (size.height + rowsPerBand - 1) / rowsPerBand, 1);
            one.setMemoryBudget(cv::clruntime::BandStream::SLOTS * rowBytes * (rowsPerBand + 1));
            const uint64 carryBytes = cv::clintegral::detail::carryRowsMade();
            expectLaunchesWithSquares(2 * (bands - 1), bands, [&] {
                cv::clintegral::integral(src, dsum, dsq, c.sdepth, c.sqdepth, one);
            });
            const std::string what = cv::format("%s, %d bands on one device", typeToString(type).c_str(), bands);
            // A ring of SLOTS + 1 carry rows, not a row per band.
            EXPECT_LE(cv::clintegral::detail::carryRowsMade() - carryBytes,
                      (cv::clruntime::BandStream::SLOTS + 1) * (rowBytes - src.cols * src.elemSize())) << what;
            expectIntegral(sum, dsum.getUMat(ACCESS_READ), ref, absSum, isExact(c.depth, c.sdepth), what + " sum");
            expectIntegral(sqsum, dsq.getUMat(ACCESS_READ), refSq, refSq, isExact(c.depth, c.sqdepth), what + " sqsum");
        }
}

// An 8UC1 image in about 43 bands over a device set (the test devices unless given;
// its budget set so), and cv::integral's sums and squared sums of it: for the cases
// of a band's work failing.
struct ManyBands
{
    cv::clruntime::DeviceSet devices;
    Mat img = Mat(300, 301, CV_8UC1), expected, expectedSq;

    explicit ManyBands(const cv::clruntime::DeviceSet& set = clruntime_test::testDevices()) : devices(set)
    {
        randu(img, 0, 256);
        cv::integral(img, expected, expectedSq, CV_32S, CV_64F);
        const size_t rowBytes = img.cols + (img.cols + 1) * (4 + 8);
        devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * rowBytes * 8);
    }
    // The integral with squared sums while `setFailing(true)` has made some work fail
    // (setFailing(false) after it): a fallback reported, and cv::integral's sums.
    void expectFallback(const std::function<void(bool)>& setFailing, const std::string& what)
    {
        Mat sum, sqsum;
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        setFailing(true);
        cv::clintegral::integral(img, sum, sqsum, CV_32S, CV_64F, devices);
        setFailing(false);
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << what;
        EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << what;
    }
    // The same call with nothing failing: it runs on the devices (no fallback).
    void expectOnDevices()
    {
        Mat sum, sqsum;
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        cv::clintegral::integral(img, sum, sqsum, CV_32S, CV_64F, devices);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "the next call";
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << "the next call";
        EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << "the next call";
    }
};

// A band that fails part-way (a transfer refused before or after its kernels) while
// bands on the other device wait for its rows, or its own queue waits for its
// carries: the waiting queues are let go, the call reports the fallback and gives
// cv::integral's result.
TEST(Clintegral_MultiDevice, failingBand)
{
    ManyBands m;
    for (bool afterKernels : { false, true })
        for (int failing : { 0, 1, 2, 7, 30 })
            m.expectFallback([&](bool on) { cv::clruntime::detail::failBandSubmit(on ? failing : -1, afterKernels); },
                             cv::format("band %d fails %s its kernels", failing, afterKernels ? "after" : "before"));
    // The tilted sum's bands, retired in order on the host, let go of each other the same way.
    Mat expectedTilted, tilted, sum;
    cv::integral(m.img, sum, noArray(), expectedTilted, CV_32S);
    for (bool afterKernels : { false, true })
    {
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        cv::clruntime::detail::failBandSubmit(5, afterKernels);
        cv::clintegral::integral(m.img, sum, noArray(), tilted, CV_32S, -1, m.devices);
        cv::clruntime::detail::failBandSubmit(-1, false);
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "tilted, after kernels: " << afterKernels;
        EXPECT_EQ(0, cvtest::norm(m.expected, sum, NORM_INF));
        EXPECT_EQ(0, cvtest::norm(expectedTilted, tilted, NORM_INF));
    }
    m.expectOnDevices();
}

// A stream whose caller goes on submitting after failed submits (the integral's
// chain stops at the first; other callers may not): the band waiting for its next
// one still runs its later kernels once and is retired with all its rows when a
// later band (or awaitSlot) comes back to its slot, whether the failed submits came
// before the first half of its downloads was enqueued or after (a failure after
// their kernels). A band whose later kernels fail is dropped, never retired.
TEST(Clintegral_BandStream, waitingBandKeptAcrossFailedSubmits)
{
    using cv::clruntime::BandStream;
    const int bands = BandStream::SLOTS + 1;   // the last takes the first one's slot
    const BandStream::Kernels copyBand = [](const UMat& in, const std::vector<UMat>& out) {
        in.copyTo(out[0]);
        return true;
    };
    for (bool afterKernels : { false, true })
        for (bool awaitSlot : { false, true })
            for (int firstRows : { 1, 2, 7 })
            {
                SCOPED_TRACE(cv::format("fails %s kernels, %s, %d rows", afterKernels ? "after" : "before",
                                        awaitSlot ? "awaitSlot" : "no awaitSlot", firstRows));
                std::vector<Mat> rows(bands), retired(bands);
                int laterRuns = 0;
                {
                    BandStream stream("a test's stream");
                    for (int b = 0; b < bands; b++)
                    {
                        rows[b].create(firstRows + 2 * b, 33, CV_8UC1);
                        randu(rows[b], 0, 256);
                        const bool fails = b > 0 && b < bands - 1;
                        if (b == bands - 1 && awaitSlot)
                        {
                            EXPECT_TRUE(stream.awaitSlot());   // the first band's slot
                        }
                        cv::clruntime::detail::failBandSubmit(fails ? 0 : -1, afterKernels);
                        const bool submitted = stream.submit(
                            rows[b], { { rows[b].size(), CV_8UC1, Mat(), 0 } }, copyBand,
                            [&laterRuns] {
                                laterRuns++;
                                return true;
                            },
                            [&retired, b](const std::vector<Mat>& results) {
                                if (!results.empty())
                                    results[0].copyTo(retired[b]);
                            });
                        EXPECT_EQ(!fails, submitted) << "band " << b;
                    }
                    cv::clruntime::detail::failBandSubmit(-1, false);
                    EXPECT_TRUE(stream.finish());
                }
                EXPECT_EQ(2, laterRuns);
                for (int b = 0; b < bands; b++)
                    if (b == 0 || b == bands - 1)
                        EXPECT_EQ(0, cvtest::norm(rows[b], retired[b], NORM_INF)) << "band " << b;
                    else
                        EXPECT_TRUE(retired[b].empty()) << "band " << b;
            }

    // Later kernels that fail, at the next submit or at finish(): that band is not
    // retired, and its retire function hears of the failure (no results), once.
    for (bool atFinish : { false, true })
    {
        SCOPED_TRACE(atFinish ? "later kernels fail at finish()" : "later kernels fail at the next submit");
        int retiredWithRows = 0, toldOfFailure = 0, submitted = 0;
        {
            BandStream stream("a test's stream");
            for (int b = 0; b < (atFinish ? 1 : 2); b++)
            {
                Mat band(5, 33, CV_8UC1, Scalar::all(b + 1));
                submitted += stream.submit(
                    band, { { band.size(), CV_8UC1, Mat(), 0 } }, copyBand,
                    [b] { return b > 0; },   // the first band's later kernels fail
                    [&retiredWithRows, &toldOfFailure, b](const std::vector<Mat>& results) {
                        retiredWithRows += b == 0 && !results.empty();
                        toldOfFailure += b == 0 && results.empty();
                    });
            }
            stream.finish();
        }
        EXPECT_EQ(1, submitted) << "the submit that met the failure reports it";
        EXPECT_EQ(0, retiredWithRows);
        EXPECT_EQ(1, toldOfFailure);
    }
}

// A host source inside an output's memory (the sum's pixels from (1, 1) on, or the
// tilted sum's), over a device set in bands: cv::integral's result, which reads each
// pixel before writing there.
TEST(Clintegral_MultiDevice, sourceInsideTheOutput)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    const Size size(300, 130);
    const size_t rowBytes = size.width * sizeof(float) + (size.width + 1) * (2 * sizeof(float) + sizeof(double));
    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * rowBytes * 12);   // bands of about 11 rows
    for (int inside : { 0, 2 })   // the sum, the tilted sum
    {
        Mat ints(size.height + 1, size.width + 1, CV_32SC1), outs[3], expected[3];
        randu(ints, -10, 10);   // small integers: float sums exact either way
        for (int k = 0; k < 3; k++)
            ints.convertTo(outs[k], k == 1 ? CV_64F : CV_32F);
        for (int k = 0; k < 3; k++)
            outs[k].copyTo(expected[k]);
        cv::integral(expected[inside](Rect(1, 1, size.width, size.height)), expected[0], expected[1], expected[2],
                     CV_32F, CV_64F);
        cv::clintegral::integral(outs[inside](Rect(1, 1, size.width, size.height)), outs[0], outs[1], outs[2], CV_32F,
                                 CV_64F, devices);
        for (int k = 0; k < 3; k++)
            EXPECT_EQ(0, cvtest::norm(expected[k], outs[k], NORM_INF)) << "source in output " << inside << ", output " << k;
    }
}

// A float tilted sum over a device set of an image with an infinite pixel above a
// band: the host's carries between bands take differences of line sums, which the
// Inf spoils, so the call reports the fallback and gives cv::integral's sums; a
// finite image runs on the devices.
TEST(Clintegral_MultiDevice, tiltedNonFinite)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    Mat src(200, 60, CV_32FC1, Scalar(1)), expectedSum, expectedTilted, sum, tilted;
    const size_t rowBytes = src.cols * src.elemSize() + (src.cols + 1) * 2 * sizeof(double);
    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * rowBytes * 10);   // bands of about 9 rows
    cv::integral(src, expectedSum, noArray(), expectedTilted, CV_64F);
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
    cv::clintegral::integral(src, sum, noArray(), tilted, CV_64F, -1, devices);
    EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "finite";
    expectSameFloats(expectedTilted, tilted, 0, "finite, tilted");
    src.at<float>(10, 20) = -std::numeric_limits<float>::infinity();
    cv::integral(src, expectedSum, noArray(), expectedTilted, CV_64F);
    cv::clintegral::integral(src, sum, noArray(), tilted, CV_64F, -1, devices);
    EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "an Inf";
    expectSameFloats(expectedTilted, tilted, 0, "tilted");
    expectSameFloats(expectedSum, sum, 0, "sum");
    // Finite sums, but carries on the devices (bands of more than 32 rows) past the
    // type's range: OpenCV's sums all the same.
    devices.setMemoryBudget(0);
    Mat big(80, 50, CV_32FC1, Scalar(0));
    big.at<float>(0, 5) = 3e38f;
    big.at<float>(0, 9) = -3e38f;
    cv::integral(big, expectedSum, noArray(), expectedTilted, CV_32F);
    cv::clintegral::integral(big, sum, noArray(), tilted, CV_32F, -1, devices);
    expectSameFloats(expectedTilted, tilted, 0, "carries past FLT_MAX, tilted");
    expectSameFloats(expectedSum, sum, 0, "carries past FLT_MAX, sum");
}

// A band's downloads that end with an error (a transfer the device could not finish)
// while bands on the other devices wait for carries or for their turn: the streams
// stop, the bands they no longer submit do not hold the waiting ones, and the call
// reports the fallback and gives cv::integral's result.
TEST(Clintegral_MultiDevice, failingDownload)
{
    ManyBands m;
    for (int failing : { 0, 1, 2, 3, 7, 30 })
        m.expectFallback([&](bool on) { cv::clruntime::detail::failBandDownload(on ? failing : -1); },
                         cv::format("the downloads of band %d (in the order enqueued) fail", failing));
    Mat expectedTilted, tilted, sum;
    cv::integral(m.img, sum, noArray(), expectedTilted, CV_32S);
    for (int failing : { 0, 5 })
    {
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        cv::clruntime::detail::failBandDownload(failing);
        cv::clintegral::integral(m.img, sum, noArray(), tilted, CV_32S, -1, m.devices);
        cv::clruntime::detail::failBandDownload(-1);
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "tilted, band " << failing;
        EXPECT_EQ(0, cvtest::norm(m.expected, sum, NORM_INF));
        EXPECT_EQ(0, cvtest::norm(expectedTilted, tilted, NORM_INF));
    }
    m.expectOnDevices();
}

// The host's carries across devices failing part-way, as a host allocation may:
// the bands waiting for them let go, the call throws what the carries threw, and
// the next call runs on the devices.
TEST(Clintegral_MultiDevice, failingHostCarries)
{
    ManyBands m;
    ASSERT_GE(m.devices.size(), (size_t)2) << "the host makes the carries across devices only";
    for (int failing : { 1, 2, 20, 42 })
    {
        cv::clintegral::detail::failHostCarries(failing);
        try
        {
            Mat sum, sqsum;
            cv::clintegral::integral(m.img, sum, sqsum, CV_32S, CV_64F, m.devices);
            ADD_FAILURE() << "band " << failing << ": no exception";
        }
        catch (const cv::Exception& e)
        {
            EXPECT_EQ(Error::StsError, e.code) << "band " << failing << ": " << e.what();
        }
        cv::clintegral::detail::failHostCarries(-1);
    }
    m.expectOnDevices();
}

// A device thread that throws before it submits its band (a host allocation that
// failed): the bands on the other device that wait for its carries let go, the call
// throws what it threw, and the next call runs on the devices. (Before such a throw
// released the carries, the other device's thread waited for ever.)
TEST(Clintegral_MultiDevice, throwingBand)
{
    ManyBands m;
    ASSERT_GE(m.devices.size(), (size_t)2) << "the carries wait for another device across devices only";
    for (int throwing : { 1, 2, 20, 42 })
    {
        cv::clintegral::detail::throwInBand(throwing);
        Mat sum, sqsum;
        EXPECT_THROW(cv::clintegral::integral(m.img, sum, sqsum, CV_32S, CV_64F, m.devices), std::bad_alloc)
            << "band " << throwing;
        cv::clintegral::detail::throwInBand(-1);
    }
    m.expectOnDevices();
}

// The read-back of a band's own last rows fails, where it is enqueued or once it
// is: the call reports the fallback and gives OpenCV's result; the next call runs
// on the devices.
TEST(Clintegral_MultiDevice, failingOwnRowRead)
{
    ManyBands m;
    ASSERT_GE(m.devices.size(), (size_t)2) << "the own last rows are read back across devices only";
    for (bool enqueued : { false, true })
        for (int failing : { 0, 1, 7, 30 })
            m.expectFallback([&](bool on) { cv::clintegral::detail::failOwnRowRead(on ? failing : -1, enqueued); },
                             cv::format("band %d, %s", failing, enqueued ? "completion" : "enqueue"));
    m.expectOnDevices();
}

// No device memory for the carry rows (as a device out of memory gives): on one
// device, whose bands pass their carries on the device, and across devices. The
// call reports the fallback and gives OpenCV's result; the next call runs on the
// devices.
TEST(Clintegral_MultiDevice, noDeviceBufferForCarryRows)
{
    ManyBands all;
    ManyBands one(cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 }));
    for (ManyBands* m : { &one, &all })
    {
        const std::string what = m == &one ? "one device" : "every device";
        m->expectFallback([](bool on) { cv::clintegral::detail::failCarryRows(on); }, what);
        m->expectOnDevices();
    }
}

// Calls over one device in one new context after another (as a caller that makes a
// context per call): the rows kept between calls stay with the four contexts used
// last, so that the others (and their memory) can go; every call still runs on its
// device and matches.
TEST(Clintegral_MultiDevice, rowsKeptForFewContexts)
{
    const cv::ocl::OpenCLExecutionContext first = cv::ocl::OpenCLExecutionContext::getCurrent();
    for (int i = 0; i < 7; i++)
    {
        cv::ocl::OpenCLExecutionContext other;
        ASSERT_NO_FATAL_FAILURE(clruntime_test::anotherContext(first, other));
        ManyBands m(cv::clruntime::DeviceSet(std::vector<cv::ocl::OpenCLExecutionContext>{ other }));
        m.expectOnDevices();
        EXPECT_LE(cv::clintegral::detail::keptRowContexts(), (size_t)4) << "context " << i;
    }
}

// A set of more devices than contexts keep rows otherwise (six contexts of one
// device here): every one keeps its rows, so that the next call makes no carry
// rows again.
TEST(Clintegral_MultiDevice, rowsKeptForEveryDeviceOfACall)
{
    const cv::ocl::OpenCLExecutionContext first = cv::ocl::OpenCLExecutionContext::getCurrent();
    std::vector<cv::ocl::OpenCLExecutionContext> contexts(6);
    for (cv::ocl::OpenCLExecutionContext& c : contexts)
        ASSERT_NO_FATAL_FAILURE(clruntime_test::anotherContext(first, c));
    ManyBands six((cv::clruntime::DeviceSet(contexts)));
    six.expectOnDevices();
    EXPECT_LE((size_t)6, cv::clintegral::detail::keptRowContexts());
    const uint64 made = cv::clintegral::detail::carryRowsMade();
    six.expectOnDevices();
    EXPECT_LE((size_t)6, cv::clintegral::detail::keptRowContexts());
    EXPECT_EQ(made, cv::clintegral::detail::carryRowsMade()) << "carry rows made again";
}

// No pinned host memory to be had: neither for the bands' own last rows that the
// carries across devices read back (pinned images, which need no staging) nor for
// the bands of ordinary images. The call reports the fallback and gives OpenCV's
// result; the next call runs on the devices.
TEST(Clintegral_MultiDevice, noPinnedMemory)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    ASSERT_GE(devices.size(), (size_t)2) << "the own last rows are read back across devices only";
    Mat values(200, 301, CV_8UC1), expected, expectedSq;
    randu(values, 0, 256);
    cv::integral(values, expected, expectedSq, CV_32S, CV_64F);
    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (301 + 302 * (4 + 8)) * 20);   // about 10 bands
    for (bool pinned : { true, false })
    {
        const Mat src = pinned ? clruntime_test::pinnedCopy(values) : values;
        Mat sum = pinned ? clruntime_test::pinnedCopy(Mat::zeros(expected.size(), CV_32SC1)) : Mat();
        Mat sqsum = pinned ? clruntime_test::pinnedCopy(Mat::zeros(expected.size(), CV_64FC1)) : Mat();
        const std::string what = pinned ? "pinned images" : "ordinary images";
        uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        clruntime_test::withHostFailure(clruntime_test::NO_PINNED_MEMORY, [&] {
            cv::clintegral::integral(src, sum, sqsum, CV_32S, CV_64F, devices);
        });
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << what;
        EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << what;
        fallbacks = cv::clruntime::detail::fallbackCount();
        sum.setTo(Scalar::all(0));
        cv::clintegral::integral(src, sum, sqsum, CV_32S, CV_64F, devices);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << what;
    }
}

// The carries across devices, from the bands' own last rows read back and added up
// on the host, over bands of about 7 rows: exact sums, with wrapping 32S sums and
// squares, double sums of other depths, several channels, a single column.
TEST(Clintegral_MultiDevice, hostCarriesExact)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    ASSERT_GE(devices.size(), (size_t)2) << "the host makes the carries across devices only";
    struct Case
    {
        int type, sdepth, sqdepth;
        Size size;
    };
    for (const Case& c : { Case{ CV_8UC1, CV_32S, CV_32S, Size(301, 300) }, Case{ CV_8UC3, CV_32S, CV_64F, Size(97, 120) },
                           Case{ CV_16UC1, CV_64F, CV_64F, Size(5, 90) }, Case{ CV_32FC2, CV_64F, CV_64F, Size(64, 70) },
                           Case{ CV_8UC1, CV_32F, CV_64F, Size(1, 50) } })
    {
        // Whole numbers: the sums are exact in any order.
        Mat values(c.size, CV_MAKETYPE(CV_32S, CV_MAT_CN(c.type))), img, expected, expectedSq, sum, sqsum;
        randu(values, 0, CV_MAT_DEPTH(c.type) == CV_8U ? 256 : 1000);
        values.convertTo(img, c.type);
        cv::integral(img, expected, expectedSq, c.sdepth, c.sqdepth);
        const size_t rowBytes = img.cols * img.elemSize() +
                                (img.cols + 1) * img.channels() * (CV_ELEM_SIZE1(c.sdepth) + CV_ELEM_SIZE1(c.sqdepth));
        devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * rowBytes * 8);   // bands of about 7 rows
        const std::string what = cv::format("%s %dx%d", typeToString(c.type).c_str(), c.size.width, c.size.height);
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        cv::clintegral::integral(img, sum, sqsum, c.sdepth, c.sqdepth, devices);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << what;
        EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << what;
    }
}

// The host can start no thread for the devices (as under a limit of processes), has
// no memory for one, for the slots of one device's stream, or no pinned memory for
// the bands: the call, with or
// without the tilted sum, reports the fallback and gives cv::integral's result; the
// next call runs on the devices.
TEST(Clintegral_MultiDevice, noHostThreadOrMemory)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    Mat img(200, 301, CV_8UC1), expected, expectedSq, expectedTilted, sum, sqsum, tilted;
    randu(img, 0, 256);
    cv::integral(img, expected, expectedSq, expectedTilted, CV_32S, CV_64F);
    using namespace clruntime_test;
    for (HostFailure failure : { NO_THREAD, NO_MEMORY_FOR_THREAD, NO_MEMORY_FOR_STREAM, NO_PINNED_MEMORY })
        for (bool withTilted : { false, true })
        {
            const std::string what = cv::format("tilted: %d, %s", withTilted, describe(failure));
            sum.release(), sqsum.release(), tilted.release();
            const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
            withHostFailure(failure, [&] {
                cv::clintegral::integral(img, sum, sqsum, withTilted ? _InputOutputArray(tilted) : noArray(), CV_32S,
                                         CV_64F, devices);
            });
            EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
            EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << what;
            EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << what;
            if (withTilted)
            {
                EXPECT_EQ(0, cvtest::norm(expectedTilted, tilted, NORM_INF)) << what;
            }
        }
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
    cv::clintegral::integral(img, sum, sqsum, CV_32S, CV_64F, devices);
    EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount());
    EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF));
}

// Several threads splitting images over the same devices at once, each call with
// its own carry chain: with many bands (carries passed on a device and across) and
// with one band per device, pinned and ordinary images.
TEST(Clintegral_MultiDevice, severalThreads)
{
    const int threads = 4;
    std::vector<Mat> images(threads), expected(threads), expectedSq(threads);
    for (int t = 0; t < threads; t++)
    {
        Mat values(203 + 17 * t, 157 + 31 * t, t % 2 ? CV_8UC3 : CV_8UC1);
        randu(values, 0, 256);
        images[t] = t < 2 ? clruntime_test::pinnedCopy(values, t) : values;
        cv::integral(images[t], expected[t], expectedSq[t], CV_32S, CV_64F);
    }
    // Also with the host's copies in more parts than the host has threads for (each
    // call's parts wait for threads that other calls' parts hold).
    for (int copyParts : { 0, 5 })
    {
        clruntime_test::ForcedCopyThreads forced(copyParts);
        clruntime_test::expectSameOnThreads(
            threads, 10,
            [&](int t) {
                cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
                devices.setMemoryBudget(t % 2 ? (size_t)200 << 10 : 0);
                Mat sum, sqsum;
                cv::clintegral::integral(images[t], sum, sqsum, CV_32S, CV_64F, devices);
                return cvtest::norm(expected[t], sum, NORM_INF) == 0 && cvtest::norm(expectedSq[t], sqsum, NORM_INF) == 0;
            },
            [&](int t) { return cv::format("thread %d, %d copy parts", t, copyParts); });
    }
}

// Calls with and without the squared sums in turn: the streams' kept slots go
// from two outputs to one and back, and every call still matches cv::integral.
TEST(Clintegral_MultiDevice, oneAndTwoOutputsInTurn)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    devices.setMemoryBudget((size_t)256 << 10);
    Mat img(700, 333, CV_8UC1), expected, expectedSq, sum, sqsum;
    randu(img, 0, 256);
    cv::integral(img, expected, expectedSq, CV_32S, CV_64F);
    for (int call = 0; call < 4; call++)
    {
        sum.release(), sqsum.release();
        const bool wantSq = call % 2 == 0;
        cv::clintegral::integral(img, sum, wantSq ? _InputOutputArray(sqsum) : noArray(), CV_32S, CV_64F, devices);
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << "call " << call;
        if (wantSq)
            EXPECT_EQ(0, cvtest::norm(expectedSq, sqsum, NORM_INF)) << "call " << call;
        else
            EXPECT_TRUE(sqsum.empty());
    }
}

// 32S sums that wrap past 2^31 across the band boundary stay exact; what the
// device set does not take goes where integral() sends it.
TEST(Clintegral_MultiDevice, wrapsAndOtherCalls)
{
    cv::clruntime::DeviceSet devices = clruntime_test::testDevices();
    Mat img(3000, 3000, CV_8UC1, Scalar(255)), expected, actual;
    cv::integral(img, expected, CV_32S);
    devices.setMemoryBudget((size_t)1 << 20);   // bands of about 60 rows
    const uint64 carryBytes = cv::clintegral::detail::carryRowsMade();
    cv::clintegral::integral(img, actual, noArray(), CV_32S, -1, devices);
    EXPECT_EQ(0, cvtest::norm(expected, actual, NORM_INF));
    // Each device thread a ring of SLOTS + 1 carry rows, not a row per band (50 bands here).
    EXPECT_LE(cv::clintegral::detail::carryRowsMade() - carryBytes,
              devices.size() * (cv::clruntime::BandStream::SLOTS + 1) * (size_t)expected.cols * expected.elemSize());
    // The next calls take the carry rows the first one left (none made again).
    const uint64 afterFirst = cv::clintegral::detail::carryRowsMade();
    for (int call = 0; call < 3; call++)
    {
        actual.setTo(Scalar::all(0));
        cv::clintegral::integral(img, actual, noArray(), CV_32S, -1, devices);
        EXPECT_EQ(0, cvtest::norm(expected, actual, NORM_INF)) << "call " << call;
    }
    EXPECT_EQ(afterFirst, cv::clintegral::detail::carryRowsMade()) << "carry rows made again";
    // The tilted sum too, on random values (its carry runs along diagonals).
    Mat noisy(4000, 3001, CV_8UC1), expectedSum, expectedSq, expectedTilted, actualTilted;
    randu(noisy, 250, 256);
    cv::integral(noisy, expectedSum, expectedSq, expectedTilted, CV_32S, CV_64F);
    cv::clintegral::integral(noisy, actual, noArray(), actualTilted, CV_32S, -1, devices);
    EXPECT_EQ(0, cvtest::norm(expectedSum, actual, NORM_INF));
    EXPECT_EQ(0, cvtest::norm(expectedTilted, actualTilted, NORM_INF));
    // Random values without the tilted sum: the carries from the bands' own rows read back.
    actual.release();
    cv::clintegral::integral(noisy, actual, noArray(), CV_32S, -1, devices);
    EXPECT_EQ(0, cvtest::norm(expectedSum, actual, NORM_INF));
    double minTilted = 0;
    minMaxLoc(expectedTilted, &minTilted);
    EXPECT_LT(minTilted, 0.) << "no tilted sum wraps past 2^31";   // those that do read as negative

    UMat u, usum;
    img(Rect(0, 0, 50, 40)).copyTo(u);
    expectLaunches(3, [&] { cv::clintegral::integral(u, usum, noArray(), CV_32S, -1, devices); });
    EXPECT_EQ(0, cvtest::norm(expected(Rect(0, 0, 51, 41)), usum.getMat(ACCESS_READ), NORM_INF));
    Mat unsupported(4, 4, CV_8SC1, Scalar(1)), out;
    const int opencvCode = exceptionCode([&] { cv::integral(unsupported, out, CV_32S); });
    EXPECT_EQ(opencvCode,
              exceptionCode([&] { cv::clintegral::integral(unsupported, out, noArray(), CV_32S, -1, devices); }));
    const int emptySetCode = exceptionCode([&] {
        cv::clintegral::integral(img, out, noArray(), CV_32S, -1, cv::clruntime::DeviceSet());
    });
    EXPECT_EQ(Error::StsBadArg, emptySetCode);
    // The least budget the docs allow, three bands of a source row and two rows of each
    // output (a zero row first), runs; a byte less raises.
    const Mat part = img(Rect(0, 0, 97, 23));
    for (bool withSq : { false, true })
    {
        const size_t outRow = (size_t)(part.cols + 1) * (withSq ? 4 + 8 : 4);
        const size_t least = cv::clruntime::BandStream::SLOTS * (part.cols + 2 * outRow);
        Mat sum, sqsum, expSum, expSq;
        cv::integral(part, expSum, expSq, CV_32S, CV_64F);
        devices.setMemoryBudget(least);
        cv::clintegral::integral(part, sum, withSq ? _InputOutputArray(sqsum) : noArray(), CV_32S, CV_64F, devices);
        EXPECT_EQ(0, cvtest::norm(expSum, sum, NORM_INF)) << (withSq ? "with" : "without") << " a squared sum";
        if (withSq)
        {
            EXPECT_EQ(0, cvtest::norm(expSq, sqsum, NORM_INF));
        }
        devices.setMemoryBudget(least - 1);
        EXPECT_EQ(Error::StsBadArg, exceptionCode([&] {
                      cv::clintegral::integral(part, sum, withSq ? _InputOutputArray(sqsum) : noArray(), CV_32S, CV_64F, devices);
                  })) << "a byte under the least budget, " << (withSq ? "with" : "without") << " a squared sum";
    }
    // The error comes before the outputs are made: the caller's Mats are left as they were.
    devices.setMemoryBudget(100);
    Mat sum(3, 4, CV_8UC1, Scalar(7)), sqsum(2, 2, CV_32FC1, Scalar(1)), tilted(1, 5, CV_16UC1, Scalar(2));
    const Mat sumBefore = sum, sqsumBefore = sqsum, tiltedBefore = tilted;
    EXPECT_EQ(Error::StsBadArg,
              exceptionCode([&] { cv::clintegral::integral(img, sum, noArray(), -1, -1, devices); }));
    EXPECT_EQ(Error::StsBadArg,
              exceptionCode([&] { cv::clintegral::integral(img, sum, sqsum, tilted, -1, -1, devices); }));
    EXPECT_EQ(sumBefore.data, sum.data);
    EXPECT_EQ(sqsumBefore.data, sqsum.data);
    EXPECT_EQ(tiltedBefore.data, tilted.data);
    EXPECT_EQ(Size(4, 3), sum.size());
    EXPECT_EQ(CV_8UC1, sum.type());
}

}} // namespace
