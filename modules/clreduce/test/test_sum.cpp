#include "test_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_test;

// Sum of |x| per channel in float64: the scale for the floating-point tolerance.
static Scalar absSum(const Mat& m)
{
    Mat m64;
    m.convertTo(m64, CV_64F);
    return cv::sum(cv::abs(m64));
}

// Exact per-channel sums of an integer image.
static Scalar exactSum(const Mat& m)
{
    Mat m32;
    m.convertTo(m32, CV_32S);
    int64 sums[4] = { 0, 0, 0, 0 };
    for (int y = 0; y < m32.rows; y++)
        for (int x = 0; x < m32.cols * m32.channels(); x++)
            sums[x % m32.channels()] += m32.ptr<int>(y)[x];
    return Scalar((double)sums[0], (double)sums[1], (double)sums[2], (double)sums[3]);
}

// alsoOpenCV: the CPU result of cv::sum is exact for this data, compare with it too.
// (OpenCV 4.6's CPU sum of 32S loses multiples of 2^32 once sums get large.)
static void expectSumMatches(const Mat& roi, const UMat& uroi, const std::string& what, bool alsoOpenCV = true)
{
    const int depth = roi.depth();
    Scalar actual;
    expectOclLaunches(1, [&] { actual = cv::clreduce::sum(uroi); });
    if (depth <= CV_32S)
    {
        EXPECT_EQ(exactSum(roi), actual) << what;
        if (alsoOpenCV)
        {
            EXPECT_EQ(cv::sum(roi), actual) << what << " (OpenCV's CPU sum)";
        }
        return;
    }
    Mat ref64;
    roi.convertTo(ref64, CV_64F);
    Scalar expected = cv::sum(ref64), scale = absSum(roi);
    for (int c = 0; c < 4; c++)
        EXPECT_LE(std::abs(actual[c] - expected[c]), 1e-12 * scale[c] + 1e-300) << what << " channel " << c;
}

typedef testing::TestWithParam<tuple<MatDepth, int, bool>> Sum;

TEST_P(Sum, matchesOpenCV)
{
    const int depth = get<0>(GetParam()), cn = get<1>(GetParam());
    const bool withRoi = get<2>(GetParam());
    RNG& rng = theRNG();
    for (Size size : testSizes(rng))
    {
        // Full range of the type for integers, signed values for the others.
        double lo = depth == CV_8U ? 0 : depth == CV_8S ? -128 : depth == CV_16U ? 0 : depth == CV_16S ? -32768 : -1e6;
        double hi = depth == CV_8U ? 256 : depth == CV_8S ? 128 : depth == CV_16U ? 65536 : depth == CV_16S ? 32768 : 1e6;
        RoiPair p = makeRoiPair(rng, size, CV_MAKETYPE(depth, cn), withRoi, lo, hi);
        expectSumMatches(p.roi, p.uroi, cv::format("size %dx%d", size.width, size.height));
    }
}

INSTANTIATE_TEST_CASE_P(Clreduce, Sum, Combine(OCL_ALL_DEPTHS, OCL_ALL_CHANNELS, testing::Bool()));

// Sums far beyond 32 bits, where OpenCV 4.6's own OpenCL sum overflows (32S, 16UC3).
TEST(Clreduce_Sum, largeSumsAreExact)
{
    RNG& rng = theRNG();
    const int types[] = { CV_32SC1, CV_32SC2, CV_32SC4, CV_16UC3, CV_8UC4 };
    for (int type : types)
    {
        const bool is32S = CV_MAT_DEPTH(type) == CV_32S;
        RoiPair p = makeRoiPair(rng, Size(2011, 1531), type, true, is32S ? 1 << 29 : 0,
                                is32S ? (1 << 30) : CV_MAT_DEPTH(type) == CV_16U ? 65536 : 256);
        expectSumMatches(p.roi, p.uroi, typeToString(type), !is32S);
    }
}

TEST(Clreduce_Sum, large)
{
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_16SC2, CV_32FC1, CV_64FC3 })
    {
        RoiPair p = makeRoiPair(rng, Size(4096, 2049), type, false, -100, 100);
        expectSumMatches(p.roi, p.uroi, typeToString(type));
    }
}

// Views whose rows start at every alignment inside a 16-byte chunk, every channel count.
TEST(Clreduce_Sum, everyRowAlignment)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_16S, CV_32F, CV_64F })
        for (int cn = 1; cn <= 4; cn++)
            for (int left = 0; left < 9; left++)
                for (int width : { 1, 5, 16, 33 })
                {
                    Mat whole(9, 48, CV_MAKETYPE(depth, cn));
                    rng.fill(whole, RNG::UNIFORM, -50, 50);
                    UMat uwhole;
                    whole.copyTo(uwhole);
                    Rect r(left, 1, width, 7);
                    expectSumMatches(whole(r), uwhole(r), cv::format("depth %d cn %d left %d width %d", depth, cn, left, width));
                    // Whole rows: a continuous view that starts at an offset.
                    Rect rows(0, 1 + left % 3, 48, 5);
                    expectSumMatches(whole(rows), uwhole(rows), cv::format("rows, depth %d cn %d", depth, cn));
                }
}

TEST(Clreduce_Sum, emptyAndErrorsLikeOpenCV)
{
    EXPECT_EQ(cv::sum(Mat()), cv::clreduce::sum(UMat()));
    // Empty images of every type, Mat and UMat: OpenCV's zero sum, or its error where
    // it has no code for the type (16F in OpenCV 4, even with nothing to sum).
    for (int depth = CV_8U; depth <= CV_16F; depth++)
        for (int cn = 1; cn <= 5; cn++)
            for (Size size : { Size(0, 0), Size(3, 0), Size(0, 3) })
            {
                const Mat m(size, CV_MAKETYPE(depth, cn));
                Scalar expected, fromMat, fromUMat;
                const int openCVCode = exceptionCode([&] { expected = cv::sum(m); });
                EXPECT_EQ(openCVCode, exceptionCode([&] { fromMat = cv::clreduce::sum(m); }))
                    << typeToString(m.type()) << " " << size;
                EXPECT_EQ(openCVCode, exceptionCode([&] { fromUMat = cv::clreduce::sum(UMat(size, m.type())); }))
                    << typeToString(m.type()) << " " << size;
                if (openCVCode == 0)
                {
                    EXPECT_EQ(expected, fromMat) << typeToString(m.type()) << " " << size;
                    EXPECT_EQ(expected, fromUMat) << typeToString(m.type()) << " " << size;
                }
            }
    // An N-D UMat with no elements, whose first two sizes alone would hold some.
    for (int type : { CV_8UC1, CV_32FC3 })
    {
        const int sizes[] = { 64, 64, 0 };
        EXPECT_EQ(cv::sum(Mat(3, sizes, type)), cv::clreduce::sum(UMat(3, sizes, type))) << typeToString(type);
    }
    // More than 4 channels: OpenCV asserts; so do we. CV_16F: OpenCV 4 asserts,
    // OpenCV 5 sums it; we do what the OpenCV we are built with does.
    for (int type : { CV_8UC(5), CV_16FC1 })
    {
        Mat m(3, 3, type);
        memset(m.data, 1, m.total() * m.elemSize());
        UMat u;
        m.copyTo(u);
        int openCVCode = exceptionCode([&] { cv::sum(m); });
        int ourCode = exceptionCode([&] { cv::clreduce::sum(u); });
        if (type == CV_8UC(5) || CV_VERSION_MAJOR < 5)
        {
            EXPECT_NE(0, openCVCode) << typeToString(type);
        }
        EXPECT_EQ(openCVCode, ourCode) << typeToString(type);
        if (openCVCode == 0)
        {
            EXPECT_EQ(cv::sum(m), cv::clreduce::sum(u)) << typeToString(type);
        }
    }
}

TEST(Clreduce_Sum, fallsThroughToOpenCV)
{
    RNG& rng = theRNG();
    RoiPair p = makeRoiPair(rng, Size(101, 37), CV_32SC2, true, -1000, 1000);
    expectFallsThrough(p, cv::sum(p.roi), [](InputArray a) { return cv::clreduce::sum(a); });
}

// The kernel cache and scratch pool follow a switch of OpenCL queue or context.
TEST(Clreduce_Sum, severalContexts)
{
    Mat src(211, 333, CV_8UC3);
    randu(src, 0, 256);
    const Scalar expected = cv::sum(src);
    clruntime_test::inSeveralContexts([&] {
        UMat usrc;
        src.copyTo(usrc);
        expectOclLaunches(1, [&] { EXPECT_EQ(expected, cv::clreduce::sum(usrc)); });
    });
}

}} // namespace
