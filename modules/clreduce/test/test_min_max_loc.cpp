#include "test_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_test;

struct MinMaxResult
{
    double minVal = -12345, maxVal = -12345;
    Point minLoc = Point(-7, -7), maxLoc = Point(-7, -7);
};

static void expectSame(const MinMaxResult& expected, const MinMaxResult& actual, const std::string& what)
{
    EXPECT_EQ(expected.minVal, actual.minVal) << what;
    EXPECT_EQ(expected.maxVal, actual.maxVal) << what;
    EXPECT_EQ(expected.minLoc, actual.minLoc) << what;
    EXPECT_EQ(expected.maxLoc, actual.maxLoc) << what;
}

// Both calls, with the outputs selected by `outputs` (bit 0: minVal, 1: maxVal,
// 2: minLoc, 3: maxLoc); outputs not asked for keep their marker values.
// `umask` is what the clx call gets: a UMat, or the host mask itself.
static void checkMinMaxLoc(const Mat& roi, const UMat& uroi, const Mat& mask, InputArray umask, int outputs,
                           const std::string& what)
{
    MinMaxResult expected, actual;
    auto pick = [&](MinMaxResult& r, int bit) -> void* {
        switch (bit)
        {
        case 0: return outputs & 1 ? &r.minVal : NULL;
        case 1: return outputs & 2 ? &r.maxVal : NULL;
        case 2: return outputs & 4 ? &r.minLoc : NULL;
        default: return outputs & 8 ? &r.maxLoc : NULL;
        }
    };
    cv::minMaxLoc(roi, (double*)pick(expected, 0), (double*)pick(expected, 1), (Point*)pick(expected, 2),
                  (Point*)pick(expected, 3), mask);
    expectOclLaunches(outputs ? 1 : 0, [&] {
        cv::clreduce::minMaxLoc(uroi, (double*)pick(actual, 0), (double*)pick(actual, 1), (Point*)pick(actual, 2),
                                (Point*)pick(actual, 3), umask);
    });
    expectSame(expected, actual, what);
}

typedef testing::TestWithParam<tuple<MatDepth, bool, bool>> MinMaxLoc;

TEST_P(MinMaxLoc, matchesOpenCV)
{
    const int depth = get<0>(GetParam());
    const bool withRoi = get<1>(GetParam()), withMask = get<2>(GetParam());
    RNG& rng = theRNG();
    for (Size size : testSizes(rng))
    {
        // A narrow range gives many ties (first occurrence matters); a wide one, distinct values.
        const double ranges[][2] = { { -3, 4 }, { -1e5, 1e5 } };
        for (const auto& range : ranges)
        {
            double lo = depth == CV_8U || depth == CV_16U ? 0 : range[0];
            RoiPair p = makeRoiPair(rng, size, depth, withRoi, lo, range[1]);
            Mat mask;
            UMat umask;
            if (withMask)
            {
                RoiPair m = makeRoiPair(rng, size, CV_8UC1, withRoi, 0, 3);   // a third of it zero
                mask = m.roi;
                umask = m.uroi;
            }
            std::string what = cv::format("size %dx%d range %g", size.width, size.height, range[1]);
            checkMinMaxLoc(p.roi, p.uroi, mask, umask, 15, what);
        }
    }
}

INSTANTIATE_TEST_CASE_P(Clreduce, MinMaxLoc, Combine(OCL_ALL_DEPTHS, testing::Bool(), testing::Bool()));

// Every combination of requested outputs, with and without a mask.
TEST(Clreduce_MinMaxLoc, anySubsetOfOutputs)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_32F })
        for (int outputs = 0; outputs < 16; outputs++)
            for (bool withMask : { false, true })
            {
                RoiPair p = makeRoiPair(rng, Size(333, 77), depth, true, -5, 9);
                Mat mask;
                UMat umask;
                if (withMask)
                {
                    RoiPair m = makeRoiPair(rng, Size(333, 77), CV_8UC1, true, 0, 2);
                    mask = m.roi;
                    umask = m.uroi;
                }
                checkMinMaxLoc(p.roi, p.uroi, mask, umask, outputs,
                               cv::format("depth %d outputs %d mask %d", depth, outputs, (int)withMask));
            }
}

TEST(Clreduce_MinMaxLoc, large)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_16S, CV_32F })
    {
        RoiPair p = makeRoiPair(rng, Size(4096, 3001), depth, false, -1000, 1000);
        // 8U saturates to many 0s and 255s: the first occurrence decides.
        checkMinMaxLoc(p.roi, p.uroi, Mat(), UMat(), 15, cv::format("depth %d", depth));
    }
}

// The lowest and largest value of a depth; infinities for floats.
static void typeLimits(int depth, double& lo, double& hi)
{
    const double inf = std::numeric_limits<double>::infinity();
    switch (depth)
    {
    case CV_8U:  lo = 0, hi = 255; break;
    case CV_8S:  lo = -128, hi = 127; break;
    case CV_16U: lo = 0, hi = 65535; break;
    case CV_16S: lo = -32768, hi = 32767; break;
    case CV_32S: lo = INT_MIN, hi = INT_MAX; break;
    default:     lo = -inf, hi = inf; break;
    }
}

// Extremes equal to the type's limits, constant images, and infinities.
TEST(Clreduce_MinMaxLoc, typeLimitsAndConstants)
{
    for (int depth : { CV_8U, CV_8S, CV_16U, CV_16S, CV_32S, CV_32F, CV_64F })
        for (int fill = 0; fill < 3; fill++)
        {
            Mat m(37, 61, depth);
            double lo, hi;
            typeLimits(depth, lo, hi);
            m.setTo(fill == 0 ? lo : fill == 1 ? hi : 7);
            if (fill == 2)
            {
                Mat(1, 1, depth, Scalar(lo)).copyTo(m(Rect(50, 20, 1, 1)));
                Mat(1, 1, depth, Scalar(hi)).copyTo(m(Rect(3, 30, 1, 1)));
            }
            UMat u;
            m.copyTo(u);
            checkMinMaxLoc(m, u, Mat(), UMat(), 15, cv::format("depth %d fill %d", depth, fill));
        }
}

// Masks and images whose rows start at 16-byte boundaries take the vector path;
// widths that are not a multiple of 16 leave a tail for the pixel-by-pixel code.
TEST(Clreduce_MinMaxLoc, alignedMasks)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_8S, CV_16U, CV_32S, CV_32F, CV_64F })
        for (int width : { 16, 37, 64, 301 })
        {
            const int stride = (width + 15) / 16 * 16;   // elements per row: whole rows stay 16-byte aligned
            Mat whole(41, stride, depth), maskWhole(41, stride, CV_8UC1);
            rng.fill(whole, RNG::UNIFORM, -20, 20);
            rng.fill(maskWhole, RNG::UNIFORM, 0, 2);
            UMat uwhole, umaskWhole;
            whole.copyTo(uwhole);
            maskWhole.copyTo(umaskWhole);
            Rect r(0, 16, width, 25);
            checkMinMaxLoc(whole(r), uwhole(r), maskWhole(r), umaskWhole(r), 15,
                           cv::format("depth %d width %d", depth, width));
        }
}

TEST(Clreduce_MinMaxLoc, emptyMaskSelection)
{
    RNG& rng = theRNG();
    RoiPair p = makeRoiPair(rng, Size(100, 50), CV_32FC1, true, -1, 1);
    Mat mask = Mat::zeros(50, 100, CV_8UC1);
    UMat umask;
    mask.copyTo(umask);
    checkMinMaxLoc(p.roi, p.uroi, mask, umask, 15, "all-zero mask");
    // A Mat mask with a UMat image works too.
    mask(Rect(10, 10, 5, 5)).setTo(1);
    checkMinMaxLoc(p.roi, p.uroi, mask, mask, 15, "Mat mask");
}

// minMaxLoc by its definition: the smallest and largest selected element that is
// not NaN and the first location of each in row-major order; zeros and (-1, -1)
// where none is selected.
static MinMaxResult referenceMinMaxLoc(const Mat& img, const Mat& mask)
{
    MinMaxResult r;
    r.minVal = r.maxVal = 0;
    r.minLoc = r.maxLoc = Point(-1, -1);
    Mat values;
    img.convertTo(values, CV_64F);
    for (int y = 0; y < img.rows; y++)
        for (int x = 0; x < img.cols; x++)
        {
            const double v = values.at<double>(y, x);
            if (!mask.at<uchar>(y, x) || v != v)
                continue;
            if (r.minLoc.x < 0 || v < r.minVal)
                r.minVal = v, r.minLoc = Point(x, y);
            if (r.maxLoc.x < 0 || v > r.maxVal)
                r.maxVal = v, r.maxLoc = Point(x, y);
        }
    return r;
}

// Masked images whose selected pixels hold the values the masked vector walk gives
// unselected lanes (the type's largest and lowest; NaN for floats), infinities, and
// for floats NaNs alone (nothing found: zeros, also without locations):
// continuous (one long row of units), rows on 16-byte boundaries (units per row, a
// tail per row), and a view at an odd offset (pixel by pixel). The result is
// minMaxLoc's definition (NaNs skipped) and OpenCV's, except where OpenCV 4's CPU
// code counts no pixel: 32S, 32F and 64F with every selected pixel at the type's
// largest (or lowest) value, the values its search starts from (README).
TEST(Clreduce_MinMaxLoc, maskedTypeLimits)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_8S, CV_16U, CV_16S, CV_32S, CV_32F, CV_64F })
        for (int layout = 0; layout < 3; layout++)
            for (int fill = 0; fill < 4; fill++)
            {
                const bool isFloat = depth >= CV_32F;
                if (fill == 3 && !isFloat)
                    continue;
                double lo, hi;
                typeLimits(depth, lo, hi);
                const Size size(37, 23);
                Mat whole(size.height, layout == 0 ? size.width : 48 + 16, depth), maskWhole(whole.size(), CV_8UC1);
                rng.fill(whole, RNG::UNIFORM, -50, 50);
                rng.fill(maskWhole, RNG::UNIFORM, 0, 2);
                const Rect r(layout == 2 ? 1 : 0, 0, size.width, size.height);
                Mat img = whole(r), mask = maskWhole(r);
                if (fill < 2)   // every pixel the type's largest, or its lowest
                    img.setTo(fill == 0 ? hi : lo);
                else if (fill == 2)
                    for (int k = 0; k < 40; k++)   // the limits here and there, NaNs for floats
                    {
                        const Point p(rng.uniform(0, size.width), rng.uniform(0, size.height));
                        const double v = k % 3 == 0 ? hi : k % 3 == 1 ? lo : std::numeric_limits<double>::quiet_NaN();
                        if (k % 3 != 2 || isFloat)
                            Mat(1, 1, depth, Scalar(v)).copyTo(img(Rect(p.x, p.y, 1, 1)));
                    }
                // The first unit's first 8 pixels unselected, its 9th selected: with 2-8 byte
                // elements its first chunks have no lane selected.
                mask(Rect(0, 0, 8, 1)).setTo(0);
                mask.at<uchar>(0, 8) = 1;
                if (isFloat && fill == 2)   // a whole unit of selected NaNs
                {
                    img(Rect(16, 5, 16, 1)).setTo(std::numeric_limits<double>::quiet_NaN());
                    mask(Rect(16, 5, 16, 1)).setTo(1);
                }
                if (fill == 3)   // every selected pixel NaN, the others not
                    img.setTo(std::numeric_limits<double>::quiet_NaN(), mask);
                const std::string what = cv::format("depth %d layout %d fill %d", depth, layout, fill);
                const MinMaxResult expected = referenceMinMaxLoc(img, mask);
                MinMaxResult actual;
                UMat uwhole, umaskWhole;
                whole.copyTo(uwhole);
                maskWhole.copyTo(umaskWhole);
                expectOclLaunches(1, [&] {
                    cv::clreduce::minMaxLoc(uwhole(r), &actual.minVal, &actual.maxVal, &actual.minLoc, &actual.maxLoc,
                                            umaskWhole(r));
                });
                expectSame(expected, actual, what);
                // Without locations (lane-wise minima and maxima), and one value alone.
                double minOnly = -1, maxOnly = -1, bothMin = -1, bothMax = -1;
                expectOclLaunches(3, [&] {
                    cv::clreduce::minMaxLoc(uwhole(r), &bothMin, &bothMax, NULL, NULL, umaskWhole(r));
                    cv::clreduce::minMaxLoc(uwhole(r), &minOnly, NULL, NULL, NULL, umaskWhole(r));
                    cv::clreduce::minMaxLoc(uwhole(r), NULL, &maxOnly, NULL, NULL, umaskWhole(r));
                });
                EXPECT_EQ(expected.minVal, bothMin) << what << " (values only)";
                EXPECT_EQ(expected.maxVal, bothMax) << what << " (values only)";
                EXPECT_EQ(expected.minVal, minOnly) << what << " (min only)";
                EXPECT_EQ(expected.maxVal, maxOnly) << what << " (max only)";
                if (CV_VERSION_MAJOR < 5 && depth >= CV_32S && fill < 2)
                    continue;
                Mat notNan = mask.clone(), imgNoNan = img.clone();
                if (isFloat)
                {
                    notNan &= (img == img);
                    imgNoNan.setTo(0, img != img);
                }
                MinMaxResult opencv;
                cv::minMaxLoc(imgNoNan, &opencv.minVal, &opencv.maxVal, &opencv.minLoc, &opencv.maxLoc, notNan);
                expectSame(opencv, actual, what + " (against cv::minMaxLoc)");
            }
}

// NaNs are skipped: the result is that of the image without them.
TEST(Clreduce_MinMaxLoc, nanIsSkipped)
{
    Mat m(20, 30, CV_32FC1);
    theRNG().fill(m, RNG::UNIFORM, -5, 5);
    m.at<float>(0, 0) = std::numeric_limits<float>::quiet_NaN();
    m.at<float>(7, 13) = std::numeric_limits<float>::quiet_NaN();
    Mat noNan = m.clone();
    noNan.at<float>(0, 0) = 0;
    noNan.at<float>(7, 13) = 0;
    Mat mask = (noNan == noNan) & (Mat(20, 30, CV_8UC1, Scalar(1)));
    mask.at<uchar>(0, 0) = 0;
    mask.at<uchar>(7, 13) = 0;
    MinMaxResult expected, actual;
    cv::minMaxLoc(noNan, &expected.minVal, &expected.maxVal, &expected.minLoc, &expected.maxLoc, mask);
    UMat u;
    m.copyTo(u);
    cv::clreduce::minMaxLoc(u, &actual.minVal, &actual.maxVal, &actual.minLoc, &actual.maxLoc);
    expectSame(expected, actual, "NaN at (0,0) and (13,7)");
}

TEST(Clreduce_MinMaxIdx, multiChannelWithoutIndices)
{
    RNG& rng = theRNG();
    for (int depth : { CV_8U, CV_16S, CV_32S, CV_32F, CV_64F })
        for (int cn = 2; cn <= 4; cn++)
            for (bool withRoi : { false, true })
            {
                RoiPair p = makeRoiPair(rng, Size(123, 45), CV_MAKETYPE(depth, cn), withRoi, -100, 100);
                double emin = 0, emax = 0, amin = 1, amax = 1;
                cv::minMaxIdx(p.roi, &emin, &emax);
                expectOclLaunches(1, [&] { cv::clreduce::minMaxIdx(p.uroi, &amin, &amax); });
                EXPECT_EQ(emin, amin) << depth << " " << cn;
                EXPECT_EQ(emax, amax) << depth << " " << cn;
            }
}

TEST(Clreduce_MinMaxIdx, indicesMatchOpenCV)
{
    RNG& rng = theRNG();
    RoiPair p = makeRoiPair(rng, Size(77, 33), CV_16UC1, true, 0, 10);
    int emin[2], emax[2], amin[2], amax[2];
    double evmin, evmax, avmin, avmax;
    cv::minMaxIdx(p.roi, &evmin, &evmax, emin, emax);
    cv::clreduce::minMaxIdx(p.uroi, &avmin, &avmax, amin, amax);
    EXPECT_EQ(evmin, avmin);
    EXPECT_EQ(evmax, avmax);
    EXPECT_EQ(Point(emin[0], emin[1]), Point(amin[0], amin[1]));
    EXPECT_EQ(Point(emax[0], emax[1]), Point(amax[0], amax[1]));
}

// Every bad argument raises the exception OpenCV raises for it.
TEST(Clreduce_MinMaxLoc, errorsLikeOpenCV)
{
    UMat img(10, 10, CV_8UC1, Scalar(3)), img3(10, 10, CV_8UC3, Scalar::all(3));
    UMat mask16(10, 10, CV_16UC1, Scalar(1)), maskSmall(5, 10, CV_8UC1, Scalar(1)), mask8(10, 10, CV_8UC1, Scalar(1));
    int idx[2];
    Point loc;
    double v;
    struct Case { const char* what; std::function<void()> ours, theirs; };
    Mat imgM = img.getMat(ACCESS_READ).clone(), img3M = img3.getMat(ACCESS_READ).clone();
    Mat mask16M = mask16.getMat(ACCESS_READ).clone(), maskSmallM = maskSmall.getMat(ACCESS_READ).clone();
    Mat mask8M = mask8.getMat(ACCESS_READ).clone();
    std::vector<Case> cases = {
        { "16-bit mask", [&] { cv::clreduce::minMaxLoc(img, &v, &v, &loc, &loc, mask16); },
                          [&] { cv::minMaxLoc(imgM, &v, &v, &loc, &loc, mask16M); } },
        { "mask of another size", [&] { cv::clreduce::minMaxLoc(img, &v, &v, &loc, &loc, maskSmall); },
                                   [&] { cv::minMaxLoc(imgM, &v, &v, &loc, &loc, maskSmallM); } },
        { "3 channels with a mask", [&] { cv::clreduce::minMaxIdx(img3, &v, &v, NULL, NULL, mask8); },
                                     [&] { cv::minMaxIdx(img3M, &v, &v, NULL, NULL, mask8M); } },
        { "3 channels with indices", [&] { cv::clreduce::minMaxIdx(img3, &v, &v, idx, NULL); },
                                      [&] { cv::minMaxIdx(img3M, &v, &v, idx, NULL); } },
        { "3 channels, locations", [&] { cv::clreduce::minMaxLoc(img3, &v, &v, &loc, NULL); },
                                    [&] { cv::minMaxLoc(img3M, &v, &v, &loc, NULL); } },
    };
    for (const Case& c : cases)
    {
        int theirs = exceptionCode(c.theirs), ours = exceptionCode(c.ours);
        EXPECT_NE(0, theirs) << c.what;
        EXPECT_EQ(theirs, ours) << c.what;
    }
    // Nothing asked for, of a depth the kernel does not take: OpenCV's checks still
    // run (OpenCV 4 has no 16F minimum and raises).
    Mat halfM(10, 10, CV_16FC1, Scalar(1));
    UMat half;
    halfM.copyTo(half);
    const int theirLocCode = exceptionCode([&] { cv::minMaxLoc(halfM, NULL); });
    const int ourLocCode = exceptionCode([&] { cv::clreduce::minMaxLoc(half, NULL); });
    const int theirIdxCode = exceptionCode([&] { cv::minMaxIdx(halfM, NULL, NULL, NULL, NULL, mask8M); });
    const int ourIdxCode = exceptionCode([&] { cv::clreduce::minMaxIdx(half, NULL, NULL, NULL, NULL, mask8); });
    EXPECT_EQ(theirLocCode, ourLocCode);
    EXPECT_EQ(theirIdxCode, ourIdxCode);
#if CV_VERSION_MAJOR < 5
    EXPECT_NE(0, ourLocCode);
#endif
}

TEST(Clreduce_MinMaxLoc, emptyAndFallThroughLikeOpenCV)
{
    // An empty UMat as the empty 2-D Mat of its size and type: -1 indices, and
    // several channels with locations refused.
    for (Size size : { Size(), Size(4, 0) })
    {
        MinMaxResult expected, actual;
        cv::minMaxLoc(Mat(size, CV_32FC1), &expected.minVal, &expected.maxVal, &expected.minLoc, &expected.maxLoc);
        EXPECT_EQ(Point(-1, -1), expected.minLoc);
        cv::clreduce::minMaxLoc(UMat(size, CV_32FC1), &actual.minVal, &actual.maxVal, &actual.minLoc, &actual.maxLoc);
        expectSame(expected, actual, "empty");
        int expectedIdx[2] = { -5, -5 }, idx[2] = { -5, -5 };
        cv::minMaxIdx(Mat(size, CV_32FC1), NULL, NULL, expectedIdx, NULL);
        cv::clreduce::minMaxIdx(UMat(size, CV_32FC1), NULL, NULL, idx, NULL);
        EXPECT_EQ(expectedIdx[0], idx[0]);
        EXPECT_EQ(expectedIdx[1], idx[1]);
    }
    // An empty Mat that has data (as numpy's empty arrays give): OpenCV's
    // result for an empty one (OpenCV 5's own code divides by zero on it).
    {
        Mat whole(4, 6, CV_8UC1, Scalar(3));
        const Mat noRows(0, 6, CV_8UC1, whole.data);
        ASSERT_TRUE(noRows.empty() && noRows.data != NULL);
        MinMaxResult expected, actual;
        cv::minMaxLoc(Mat(noRows.size(), noRows.type()), &expected.minVal, &expected.maxVal, &expected.minLoc,
                      &expected.maxLoc);
        cv::clreduce::minMaxLoc(noRows, &actual.minVal, &actual.maxVal, &actual.minLoc, &actual.maxLoc);
        expectSame(expected, actual, "empty view with data");
        int expectedIdx[2] = { -5, -5 }, idx[2] = { -5, -5 };
        cv::minMaxIdx(Mat(noRows.size(), noRows.type()), NULL, NULL, expectedIdx, NULL);
        cv::clreduce::minMaxIdx(noRows, NULL, NULL, idx, NULL);
        EXPECT_EQ(expectedIdx[0], idx[0]);
        EXPECT_EQ(expectedIdx[1], idx[1]);
    }
#if CV_VERSION_MAJOR >= 5
    // OpenCV 5's 1-D arrays: the index alone, in the first entry (the second is not
    // written), on the device as in OpenCV's CPU code.
    {
        const int n = 7;
        const uchar values[n] = { 50, 30, 90, 10, 70, 10, 90 };
        const Mat m = Mat(1, &n, CV_8UC1, (void*)values).clone();
        ASSERT_EQ(1, m.dims);
        UMat u;
        m.copyTo(u);
        int expectedMin[2] = { -5, -5 }, expectedMax[2] = { -5, -5 }, minIdx[2] = { -5, -5 }, maxIdx[2] = { -5, -5 };
        cv::minMaxIdx(m, NULL, NULL, expectedMin, expectedMax);
        cv::clreduce::minMaxIdx(u, NULL, NULL, minIdx, maxIdx);
        for (int k = 0; k < 2; k++)
        {
            EXPECT_EQ(expectedMin[k], minIdx[k]) << "1-D, min index entry " << k;
            EXPECT_EQ(expectedMax[k], maxIdx[k]) << "1-D, max index entry " << k;
        }
    }
#endif
    // An N-D UMat with no elements, whose first two sizes alone would hold some.
    {
        const int sizes[] = { 64, 64, 0 };
        int expectedIdx[3] = { -5, -5, -5 }, idx[3] = { -5, -5, -5 };
        double expectedMin = 7, actualMin = 7;
        cv::minMaxIdx(Mat(3, sizes, CV_32FC1), &expectedMin, NULL, expectedIdx, NULL);
        cv::clreduce::minMaxIdx(UMat(3, sizes, CV_32FC1), &actualMin, NULL, idx, NULL);
        EXPECT_EQ(expectedMin, actualMin);
        for (int k = 0; k < 3; k++)
            EXPECT_EQ(expectedIdx[k], idx[k]) << "index " << k;
    }
    Point loc;
    const int threeChannels = exceptionCode([&] { cv::minMaxLoc(Mat(0, 0, CV_8UC3), NULL, NULL, &loc, NULL); });
    EXPECT_NE(0, threeChannels);
    EXPECT_EQ(threeChannels, exceptionCode([&] { cv::clreduce::minMaxLoc(UMat(0, 0, CV_8UC3), NULL, NULL, &loc, NULL); }));
    // A mask with an empty source: refused as a mask of another size is (OpenCV's CPU
    // code reads the mask there, out of bounds).
    const int maskOfOtherSize = exceptionCode([&] {
        cv::minMaxLoc(Mat(3, 4, CV_8UC1), NULL, NULL, &loc, NULL, Mat(4, 4, CV_8UC1, Scalar(1)));
    });
    EXPECT_NE(0, maskOfOtherSize);
    for (bool umat : { true, false })
    {
        const UMat uempty, umask(4, 4, CV_8UC1, Scalar(1));
        const Mat empty, mask(4, 4, CV_8UC1, Scalar(1));
        EXPECT_EQ(maskOfOtherSize, exceptionCode([&] {
            if (umat)
                cv::clreduce::minMaxLoc(uempty, NULL, NULL, &loc, NULL, umask);
            else
                cv::clreduce::minMaxLoc(empty, NULL, NULL, &loc, NULL, mask);
        })) << (umat ? "UMat" : "Mat");
        EXPECT_EQ(maskOfOtherSize, exceptionCode([&] {
            double v;
            if (umat)
                cv::clreduce::minMaxIdx(uempty, &v, NULL, NULL, NULL, umask);
            else
                cv::clreduce::minMaxIdx(empty, &v, NULL, NULL, NULL, mask);
        })) << (umat ? "UMat" : "Mat");
    }

    RNG& rng = theRNG();
    RoiPair p = makeRoiPair(rng, Size(101, 37), CV_32SC1, true, -1000, 1000);
    MinMaxResult cpu;
    cv::minMaxLoc(p.roi, &cpu.minVal, &cpu.maxVal, &cpu.minLoc, &cpu.maxLoc);
    MinMaxResult viaMat, viaOff;
    expectOclLaunches(0, [&] { cv::clreduce::minMaxLoc(p.roi, &viaMat.minVal, &viaMat.maxVal, &viaMat.minLoc, &viaMat.maxLoc); });
    expectSame(cpu, viaMat, "Mat input");
    cv::ocl::setUseOpenCL(false);
    expectOclLaunches(0, [&] { cv::clreduce::minMaxLoc(p.uroi, &viaOff.minVal, &viaOff.maxVal, &viaOff.minLoc, &viaOff.maxLoc); });
    cv::ocl::setUseOpenCL(true);
    expectSame(cpu, viaOff, "OpenCL off");
}

// Zeros of both signs: with a location asked, the value reported is the element at
// that location, -0.0 or +0.0 (OpenCV's CPU code gives the sign its SIMD folds meet
// first, not always that element's); values compare equal to OpenCV's and the
// locations are OpenCV's. All zeros, or the first zero anywhere among values above
// (below) it; on one device and over a device set in several bands; without a mask,
// with a flat one and with one whose rows keep 16-byte-aligned strides.
TEST(Clreduce_MinMaxLoc, zeroAtLocationKeepsItsSign)
{
    RNG& rng = theRNG();
    cv::clruntime::DeviceSet bands =
        cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    bands.setMemoryBudget(64 << 10);
    auto elementAt = [](const Mat& m, Point p) {
        return m.depth() == CV_32F ? (double)m.at<float>(p) : m.at<double>(p);
    };
    int zerosOfEachSign[2] = { 0, 0 };   // zero results, by the sign of the element at their location
    for (int depth : { CV_32F, CV_64F })
        for (int width : { 1, 3, 67, 256, 301 })
            for (int t = 0; t < 6; t++)
            {
                const int height = width < 8 ? 1 + t : 57;
                // Whole rows of a multiple of 16 elements: 16-byte-aligned rows for the mask walk.
                const int stride = (width + 15) / 16 * 16 + (t % 2 ? 16 : 0);
                Mat whole(height + 2, stride, CV_MAKETYPE(depth, 1)), maskWhole(height + 2, stride, CV_8UC1);
                rng.fill(whole, RNG::UNIFORM, 1, 2);
                if (t % 3 == 2)
                    whole.convertTo(whole, -1, -1);   // below zero: the zeros are the maximum
                randu(maskWhole, 0, 2);
                const int zeros = t % 3 == 0 ? (int)whole.total() : rng.uniform(1, 6);
                for (int k = 0; k < zeros; k++)
                {
                    const int i = t % 3 == 0 ? k : rng.uniform(0, (int)whole.total());
                    const double zero = rng.uniform(0, 2) ? -0.0 : 0.0;
                    if (depth == CV_32F)
                        whole.at<float>(i) = (float)zero;
                    else
                        whole.at<double>(i) = zero;
                }
                UMat uwhole, umaskWhole;
                whole.copyTo(uwhole);
                maskWhole.copyTo(umaskWhole);
                const Rect r(0, 1, width, height);
                const Mat roi = whole(r), mask = maskWhole(r);
                const std::string what = cv::format("depth %d, %dx%d, try %d", depth, width, height, t);
                for (bool masked : { false, true })
                {
                    MinMaxResult expected, onDevice, overBands;
                    cv::minMaxLoc(roi, &expected.minVal, &expected.maxVal, &expected.minLoc, &expected.maxLoc,
                                  masked ? _InputArray(mask) : _InputArray());
                    cv::clreduce::minMaxLoc(uwhole(r), &onDevice.minVal, &onDevice.maxVal, &onDevice.minLoc,
                                            &onDevice.maxLoc, masked ? _InputArray(umaskWhole(r)) : _InputArray());
                    cv::clreduce::minMaxLoc(roi, &overBands.minVal, &overBands.maxVal, &overBands.minLoc,
                                            &overBands.maxLoc, masked ? _InputArray(mask) : _InputArray(), bands);
                    for (const MinMaxResult* res : { &onDevice, &overBands })
                    {
                        const std::string where = what + (masked ? ", masked" : "") +
                                                  (res == &onDevice ? ", UMat" : ", device set");
                        expectSame(expected, *res, where);
                        if (res->minLoc.x < 0)
                            continue;   // nothing selected
                        const double atMin = elementAt(roi, res->minLoc), atMax = elementAt(roi, res->maxLoc);
                        EXPECT_EQ(std::signbit(atMin), std::signbit(res->minVal)) << where << ", minimum";
                        EXPECT_EQ(std::signbit(atMax), std::signbit(res->maxVal)) << where << ", maximum";
                        if (res->minVal == 0)
                            zerosOfEachSign[std::signbit(atMin) ? 1 : 0]++;
                        if (res->maxVal == 0)
                            zerosOfEachSign[std::signbit(atMax) ? 1 : 0]++;
                    }
                }
            }
    EXPECT_GT(zerosOfEachSign[0], 20) << "zero results at a +0.0";
    EXPECT_GT(zerosOfEachSign[1], 20) << "zero results at a -0.0";
}

// The masked walks (continuous, aligned rows) after a switch of OpenCL queue or
// context: their kernels made for each context, the results OpenCV's.
TEST(Clreduce_MinMaxLoc, masksInSeveralContexts)
{
    Mat whole(45, 64, CV_16UC1), maskWhole(45, 64, CV_8UC1);
    theRNG().fill(whole, RNG::UNIFORM, 0, 9);
    theRNG().fill(maskWhole, RNG::UNIFORM, 0, 2);
    clruntime_test::inSeveralContexts([&] {
        UMat uwhole, umaskWhole;
        whole.copyTo(uwhole);
        maskWhole.copyTo(umaskWhole);
        for (const Rect& r : { Rect(0, 0, 64, 45), Rect(0, 3, 50, 40) })
            checkMinMaxLoc(whole(r), uwhole(r), maskWhole(r), umaskWhole(r), 15,
                           cv::format("%dx%d at row %d", r.width, r.height, r.y));
    });
}

// A UMat of another OpenCL context than the current one (image or mask): StsBadArg
// from every reduction, naming the function called, and the same calls work again
// back in its own context.
TEST(Clreduce_Reductions, umatOfAnotherContext)
{
    Mat host(31, 47, CV_8UC1), hostMask(31, 47, CV_8UC1);
    theRNG().fill(host, RNG::UNIFORM, 0, 5);
    theRNG().fill(hostMask, RNG::UNIFORM, 0, 2);
    UMat img, mask;
    host.copyTo(img);
    hostMask.copyTo(mask);
    double v;
    Point loc;
    int idx[2];
    const std::vector<std::pair<const char*, std::function<void()>>> calls = {
        { "countNonZero", [&] { cv::clreduce::countNonZero(img); } },
        { "sum", [&] { cv::clreduce::sum(img); } },
        { "minMaxLoc", [&] { cv::clreduce::minMaxLoc(img, &v, &v, &loc, &loc); } },
        { "minMaxIdx", [&] { cv::clreduce::minMaxIdx(img, &v, &v, idx, idx); } },
        { "minMaxLoc, the mask", [&] {
              UMat own;
              host.copyTo(own);   // made in the current context
              cv::clreduce::minMaxLoc(own, &v, &v, &loc, &loc, mask);
          } },
        { "minMaxLoc of a Mat, the mask", [&] { cv::clreduce::minMaxLoc(host, &v, &v, &loc, &loc, mask); } },
    };
    for (const auto& c : calls)
    {
        std::string message;
        EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext(c.second, &message)) << c.first;
        const std::string called = std::string("clreduce::") + std::string(c.first).substr(0, std::string(c.first).find_first_of(", "));
        EXPECT_NE(std::string::npos, message.find(called + ":")) << c.first << ": " << message;
    }
    EXPECT_EQ(cv::countNonZero(host), cv::clreduce::countNonZero(img));
    EXPECT_EQ(cv::sum(host), cv::clreduce::sum(img));
    checkMinMaxLoc(host, img, hostMask, mask, 15, "back in the UMats' context");
}

// The three reductions at once on several threads, minMaxLoc with and without a
// mask: each thread's results are OpenCV's, call after call.
TEST(Clreduce_MinMaxLoc, concurrentWithTheOtherReductions)
{
    const int threads = 4;
    std::vector<Mat> images(threads);
    std::vector<UMat> uimages(threads);
    for (int t = 0; t < threads; t++)
    {
        images[t].create(211 + 29 * t, 307 - 13 * t, t % 2 ? CV_32FC1 : CV_8UC1);
        theRNG().fill(images[t], RNG::UNIFORM, 0, 7);   // ties: the first occurrence matters
        images[t].copyTo(uimages[t]);
    }
    Mat mask(images[2].size(), CV_8UC1);
    randu(mask, 0, 2);
    UMat umask;
    mask.copyTo(umask);
    const char* ops[] = { "countNonZero", "sum", "minMaxLoc with a mask", "minMaxLoc" };
    clruntime_test::expectSameOnThreads(
        threads, 30,
        [&](int t) {
            if (t == 0)
                return cv::clreduce::countNonZero(uimages[t]) == cv::countNonZero(images[t]);
            if (t == 1)
                return cv::clreduce::sum(uimages[t]) == cv::sum(images[t]);
            double e[2], a[2];
            Point el[2], al[2];
            const Mat m = t == 2 ? mask : Mat();
            const UMat um = t == 2 ? umask : UMat();
            cv::minMaxLoc(images[t], &e[0], &e[1], &el[0], &el[1], m);
            cv::clreduce::minMaxLoc(uimages[t], &a[0], &a[1], &al[0], &al[1], um);
            return e[0] == a[0] && e[1] == a[1] && el[0] == al[0] && el[1] == al[1];
        },
        [&](int t) { return std::string(ops[t]); });
}

}} // namespace
