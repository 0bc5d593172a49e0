#include "test_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_test;

// For floating-point images: some -0.0 (zero), NaN and infinities (non-zero).
static void addSpecialValues(RNG& rng, RoiPair& p)
{
    if (p.whole.depth() < CV_32F)
        return;
    const double specials[] = { -0.0, std::numeric_limits<double>::quiet_NaN(),
                                std::numeric_limits<double>::infinity(), 0.0 };
    Mat whole64;
    p.whole.convertTo(whole64, CV_64F);
    for (int i = 0; i < (int)whole64.total() / 50 + 1; i++)
        whole64.at<double>(rng.uniform(0, whole64.rows), rng.uniform(0, whole64.cols)) = specials[rng.uniform(0, 4)];
    whole64.convertTo(p.whole, p.whole.type());
    p.whole.copyTo(p.uwhole);   // same size and type: the buffer, and so uroi, stay
}

typedef testing::TestWithParam<tuple<MatDepth, bool>> CountNonZero;

TEST_P(CountNonZero, matchesOpenCV)
{
    const int depth = get<0>(GetParam());
    const bool withRoi = get<1>(GetParam());
    RNG& rng = theRNG();
    for (Size size : testSizes(rng))
    {
        SCOPED_TRACE(cv::format("size %dx%d", size.width, size.height));
        // Ranges with many zeros, only zeros, and none (values in [1, 100)).
        const double ranges[][2] = { { -2, 3 }, { 0, 1 }, { 1, 100 } };
        for (const auto& range : ranges)
        {
            double lo = depth == CV_8U || depth == CV_16U ? std::max(0.0, range[0]) : range[0];
            RoiPair p = makeRoiPair(rng, size, CV_MAKETYPE(depth, 1), withRoi, lo, range[1]);
            addSpecialValues(rng, p);
            int expected = cv::countNonZero(p.roi);
            int actual = -1;
            expectOclLaunches(1, [&] { actual = cv::clreduce::countNonZero(p.uroi); });
            ASSERT_EQ(expected, actual) << "range [" << lo << ", " << range[1] << ")";
        }
    }
}

INSTANTIATE_TEST_CASE_P(Clreduce, CountNonZero, Combine(OCL_ALL_DEPTHS, testing::Bool()));

// Large images: many groups, every group loops several times.
TEST(Clreduce_CountNonZero, large)
{
    RNG& rng = theRNG();
    const Size sizes[] = { Size(4096, 4096), Size(4099, 1531) };
    for (Size size : sizes)
        for (int depth : { CV_8U, CV_16S, CV_32F })
        {
            RoiPair p = makeRoiPair(rng, size, depth, size.width % 2 == 1, -1, 2);
            int actual = -1;
            expectOclLaunches(1, [&] { actual = cv::clreduce::countNonZero(p.uroi); });
            EXPECT_EQ(cv::countNonZero(p.roi), actual) << size << " depth " << depth;
        }
}

// Views whose rows start at every alignment inside a 16-byte chunk.
TEST(Clreduce_CountNonZero, everyRowAlignment)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_16U, CV_32S, CV_64F })
        for (int left = 0; left < 17; left++)
            for (int width : { 1, 5, 16, 33 })
            {
                Mat whole(9, 64, depth);
                rng.fill(whole, RNG::UNIFORM, 0, 3);
                UMat uwhole = whole.getUMat(ACCESS_READ).clone();
                Rect r(left, 1, width, 7);
                int actual = -1;
                expectOclLaunches(1, [&] { actual = cv::clreduce::countNonZero(uwhole(r)); });
                EXPECT_EQ(cv::countNonZero(whole(r)), actual) << "depth " << depth << " left " << left << " width " << width;
            }
}

TEST(Clreduce_CountNonZero, emptyGivesZeroLikeOpenCV)
{
    UMat empty;
    EXPECT_EQ(cv::countNonZero(Mat()), cv::clreduce::countNonZero(empty));
    EXPECT_EQ(0, cv::clreduce::countNonZero(UMat(0, 5, CV_8UC1)));
    // Empty images of every depth, Mat and UMat: OpenCV's count, or its error where
    // it has no code for the depth (16F in OpenCV 4, even with nothing to count).
    for (int depth = CV_8U; depth <= CV_16F; depth++)
        for (Size size : { Size(0, 0), Size(3, 0), Size(0, 3) })
        {
            const Mat m(size, CV_MAKETYPE(depth, 1));
            int expected = -1, fromMat = -2, fromUMat = -3;
            const int openCVCode = exceptionCode([&] { expected = cv::countNonZero(m); });
            EXPECT_EQ(openCVCode, exceptionCode([&] { fromMat = cv::clreduce::countNonZero(m); })) << depth << " " << size;
            EXPECT_EQ(openCVCode, exceptionCode([&] { fromUMat = cv::clreduce::countNonZero(UMat(size, m.type())); }))
                << depth << " " << size;
            if (openCVCode == 0)
            {
                EXPECT_EQ(expected, fromMat) << depth << " " << size;
                EXPECT_EQ(expected, fromUMat) << depth << " " << size;
            }
        }
    // An N-D UMat with no elements, whose first two sizes alone would hold some.
    const int sizes[] = { 64, 64, 0 };
    UMat nd(3, sizes, CV_8UC1);
    EXPECT_EQ(cv::countNonZero(Mat(3, sizes, CV_8UC1)), cv::clreduce::countNonZero(nd));
}

TEST(Clreduce_CountNonZero, multiChannelThrowsLikeOpenCV)
{
    for (int cn = 2; cn <= 4; cn++)
    {
        UMat u(4, 4, CV_MAKETYPE(CV_8U, cn), Scalar::all(1));
        Mat m = u.getMat(ACCESS_READ).clone();
        int openCVCode = exceptionCode([&] { cv::countNonZero(m); });
        int ourCode = exceptionCode([&] { cv::clreduce::countNonZero(u); });
        EXPECT_EQ(cv::Error::StsAssert, openCVCode);
        EXPECT_EQ(openCVCode, ourCode) << cn << " channels";
    }
}

// Mat input and OpenCL switched off go to cv::countNonZero: right result, no kernel.
TEST(Clreduce_CountNonZero, fallsThroughToOpenCV)
{
    RNG& rng = theRNG();
    RoiPair p = makeRoiPair(rng, Size(101, 37), CV_16SC1, true, -1, 2);
    expectFallsThrough(p, cv::countNonZero(p.roi), [](InputArray a) { return cv::clreduce::countNonZero(a); });
}

// Concurrent calls on several threads (each with its own queue and scratch pool)
// must not interfere.
TEST(Clreduce_CountNonZero, concurrentThreads)
{
    const int threads = 4;
    std::vector<Mat> images(threads);
    std::vector<UMat> uimages(threads);
    for (int t = 0; t < threads; t++)
    {
        images[t].create(300 + 37 * t, 500 + 11 * t, t % 2 ? CV_8UC1 : CV_32FC1);
        theRNG().fill(images[t], RNG::UNIFORM, 0, 3);
        images[t].copyTo(uimages[t]);
    }
    clruntime_test::expectSameOnThreads(
        threads, 50, [&](int t) { return cv::clreduce::countNonZero(uimages[t]) == cv::countNonZero(images[t]); },
        [](int t) { return cv::format("thread %d", t); });
}

}} // namespace
