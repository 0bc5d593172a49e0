#include "test_precomp.hpp"

namespace opencv_test { namespace {

CLX_DEVICE_TEST_AND_LAUNCH_CHECK(Clresize, cv::clresize::detail::oclLaunchCount)

// Random values over the depth's range (-1000..1000 for floats).
static void fillRandom(RNG& rng, Mat& m)
{
    const int depth = m.depth();
    double lo = depth == CV_8U || depth == CV_16U ? 0 : depth == CV_16S ? -32768 : -1000;
    double hi = depth == CV_8U ? 256 : depth == CV_16U ? 65536 : depth == CV_16S ? 32768 : 1000;
    rng.fill(m, RNG::UNIFORM, lo, hi);
}

// A random image of `size` inside a larger one (a ROI with offset and padded
// step), on the host and as the same view of an uploaded UMat.
static void makeRoi(RNG& rng, Size size, int type, bool withRoi, Mat& roi, UMat& uroi)
{
    int l = withRoi ? rng.uniform(0, 9) : 0, t = withRoi ? rng.uniform(0, 5) : 0;
    int r = withRoi ? rng.uniform(0, 9) : 0, b = withRoi ? rng.uniform(0, 5) : 0;
    Mat whole(size.height + t + b, size.width + l + r, type);
    fillRandom(rng, whole);
    UMat uwhole;
    whole.copyTo(uwhole);
    roi = whole(Rect(l, t, size.width, size.height));
    uroi = uwhole(Rect(l, t, size.width, size.height));
}

// Elements of two images of one size and type whose bytes differ: for floats,
// norms cannot tell -0.0 from +0.0.
static int bitDifferences(const Mat& a, const Mat& b)
{
    int n = 0;
    const size_t esz = a.elemSize1();
    for (int y = 0; y < a.rows; y++)
        for (size_t x = 0; x < a.cols * a.elemSize(); x += esz)
            n += memcmp(a.ptr(y) + x, b.ptr(y) + x, esz) != 0;
    return n;
}

// Largest difference, and for floats the largest difference relative to the
// largest |value|, then every bit (the sign of zeros).
static void expectClose(const Mat& expected, const UMat& actual, const std::string& what)
{
    ASSERT_EQ(expected.size(), actual.size()) << what;
    ASSERT_EQ(expected.type(), actual.type()) << what;
    Mat got = actual.getMat(ACCESS_READ);
    double diff = cvtest::norm(expected, got, NORM_INF);
    if (expected.depth() >= CV_32F)
    {
        double scale = std::max(cvtest::norm(expected, NORM_INF), 1.0);
        EXPECT_LE(diff / scale, 1e-5) << what;
        EXPECT_EQ(0, diff) << what << " (not bit-exact)";
        EXPECT_EQ(0, bitDifferences(expected, got)) << what << " (elements with other bits, e.g. the sign of a zero)";
    }
    else
        EXPECT_EQ(0, diff) << what;
}

struct ScaleCase { Size dsize; double fx, fy; const char* what; };

static std::vector<ScaleCase> scaleCases(Size s)
{
    return {
        { Size(), 2, 2, "x2" }, { Size(), 4, 3, "x4 x3" }, { Size(), 0.5, 0.5, "x0.5" }, { Size(), 1.7, 0.6, "mixed 1.7 x 0.6" },
        { Size(), 1.37, 2.9, "non-integer" }, { Size(), 0.3, 0.45, "x0.3 x0.45" },
        { Size(), 0.15, 0.12, "x0.15 x0.12: several source rows per step down" },
        { Size(s.width * 3 + 1, s.height + 2), 0, 0, "dsize" }, { Size(1, 1), 0, 0, "to 1x1" },
    };
}

// The size cv::resize makes of a `size` image (empty: an error case).
static Size outputSize(Size size, const ScaleCase& sc)
{
    return sc.dsize.empty() ? Size(saturate_cast<int>(size.width * sc.fx), saturate_cast<int>(size.height * sc.fy))
                            : sc.dsize;
}

typedef testing::TestWithParam<tuple<MatDepth, int, bool>> ResizeCubic;

TEST_P(ResizeCubic, matchesOpenCV)
{
    const int depth = get<0>(GetParam()), cn = get<1>(GetParam());
    const bool withRoi = get<2>(GetParam());
    RNG& rng = theRNG();
    const Size sizes[] = { Size(1, 1), Size(1, 7), Size(9, 1), Size(3, 2), Size(17, 13), Size(64, 48),
                           Size(123, 77), Size(rng.uniform(1, 300), rng.uniform(1, 200)) };
    for (Size size : sizes)
        for (const ScaleCase& sc : scaleCases(size))
        {
            const Size expectedSize = outputSize(size, sc);
            if (expectedSize.empty())
                continue;   // an error case, tested below
            Mat roi, expected;
            UMat uroi, actual;
            makeRoi(rng, size, CV_MAKETYPE(depth, cn), withRoi, roi, uroi);
            cv::resize(roi, expected, sc.dsize, sc.fx, sc.fy, INTER_CUBIC);
            expectLaunches(expectedSize == size ? 0 : 1,
                           [&] { cv::clresize::resize(uroi, actual, sc.dsize, sc.fx, sc.fy, INTER_CUBIC); });
            expectClose(expected, actual, cv::format("%dx%d %s", size.width, size.height, sc.what));
        }
}

INSTANTIATE_TEST_CASE_P(Clresize, ResizeCubic,
                        Combine(Values(CV_8U, CV_16U, CV_16S, CV_32F, CV_64F), Values(1, 2, 3, 4), testing::Bool()));

// Float images of zeros of either sign: each output is a zero, -0 only where every
// product of its sums is -0 and the sums start from the first product (OpenCV
// starts the horizontal sums of the columns near the row's ends from +0). For
// resize, and for resizeCubic with other coefficients (a = 0 makes the x2 kernel's
// edge columns' first products +0 or -0 with the pixel) on the device and in the
// CPU version of its arithmetic (a Mat).
TEST(Clresize_ResizeCubic, signOfZeroLikeOpenCV)
{
    RNG& rng = theRNG();
    for (int depth : { CV_32F, CV_64F })
        for (int cn = 1; cn <= 4; cn++)
            for (Size size : { Size(1, 1), Size(5, 3), Size(37, 29), Size(rng.uniform(1, 120), rng.uniform(1, 90)) })
                for (const ScaleCase& sc : scaleCases(size))
                {
                    if (outputSize(size, sc).empty())
                        continue;   // an error case
                    Mat src(size, CV_MAKETYPE(depth, cn)), expected;
                    Mat flat = src.reshape(1);
                    for (int y = 0; y < flat.rows; y++)
                        for (int x = 0; x < flat.cols; x++)
                        {
                            const double zero = rng.uniform(0, 2) ? -0.0 : 0.0;
                            if (depth == CV_32F)
                                flat.at<float>(y, x) = (float)zero;
                            else
                                flat.at<double>(y, x) = zero;
                        }
                    const std::string what = cv::format("%s %dx%d %s", typeToString(src.type()).c_str(),
                                                        size.width, size.height, sc.what);
                    SCOPED_TRACE(what);
                    const uint64 launches = outputSize(size, sc) == size ? 0 : 1;
                    cv::resize(src, expected, sc.dsize, sc.fx, sc.fy, INTER_CUBIC);
                    UMat usrc, actual;
                    src.copyTo(usrc);
                    expectLaunches(launches, [&] { cv::clresize::resize(usrc, actual, sc.dsize, sc.fx, sc.fy, INTER_CUBIC); });
                    expectClose(expected, actual, what);
                    for (double a : { -0.75, -0.5, 0.0, -1.0 })
                    {
                        Mat onHost;
                        UMat onDevice;
                        cv::clresize::resizeCubic(src, onHost, sc.dsize, sc.fx, sc.fy, a);
                        expectLaunches(launches, [&] { cv::clresize::resizeCubic(usrc, onDevice, sc.dsize, sc.fx, sc.fy, a); });
                        expectClose(onHost, onDevice, what + cv::format(", a = %g", a));
                        if (a == -0.75)
                        {
                            EXPECT_EQ(0, bitDifferences(expected, onHost)) << what << ": the CPU version, a = -0.75";
                        }
                    }
                }
}

// Every scale case of several types and sizes on the device, with OpenCV's results,
// where work-groups of 256 (or 128) work-items cannot run.
static void expectResizesInSmallGroups()
{
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC3, CV_16UC2, CV_32FC1, CV_64FC4 })
        for (Size size : { Size(1, 1), Size(37, 29), Size(301, 97) })
            for (const ScaleCase& sc : scaleCases(size))
            {
                if (outputSize(size, sc).empty())
                    continue;   // an error case
                const std::string what = cv::format("%s %dx%d %s", typeToString(type).c_str(), size.width,
                                                    size.height, sc.what);
                SCOPED_TRACE(what);
                Mat roi, expected;
                UMat uroi, actual;
                makeRoi(rng, size, type, true, roi, uroi);
                cv::resize(roi, expected, sc.dsize, sc.fx, sc.fy, INTER_CUBIC);
                expectLaunches(outputSize(size, sc) == size ? 0 : 1,
                               [&] { cv::clresize::resize(uroi, actual, sc.dsize, sc.fx, sc.fy, INTER_CUBIC); });
                expectClose(expected, actual, what);
            }
}

// A device whose largest work-group is not a power of two and holds fewer than
// 256 work-items (PoCL limited to 100; their own CTest entry): the per-pixel kernel
// in smaller groups, where its groups of 256 had failed to launch.
TEST(Clresize_SmallWorkGroups, matchesOpenCV)
{
    if (!clruntime_test::workGroupLimitIsNoPowerOfTwo())
        return;
    expectResizesInSmallGroups();
}

// Kernels whose own work-group limit is below the device's (a compiler that gives
// register-hungry kernels smaller groups; here 64 work-items through the test hook,
// whose Launcher refuses larger groups as such a driver does): the per-pixel kernel
// in groups that fit, where the tiled and x2 kernels' groups do not.
TEST(Clresize_OpenCL, kernelWorkGroupLimit)
{
    clruntime_test::withKernelWorkGroupLimit(64, expectResizesInSmallGroups);
}

TEST(Clresize_ResizeCubic, large)
{
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC3, CV_32FC1 })
    {
        Mat roi, expected;
        UMat uroi, actual;
        makeRoi(rng, Size(1031, 777), type, true, roi, uroi);
        cv::resize(roi, expected, Size(), 1.9, 2.3, INTER_CUBIC);
        cv::clresize::resize(uroi, actual, Size(), 1.9, 2.3, INTER_CUBIC);
        expectClose(expected, actual, typeToString(type));
        // x2: for 8-bit, one channel, the kernel's window path (fixed tap offsets).
        cv::resize(roi, expected, Size(), 2, 2, INTER_CUBIC);
        cv::clresize::resize(uroi, actual, Size(), 2, 2, INTER_CUBIC);
        expectClose(expected, actual, typeToString(type) + " x2");
        cv::resize(roi, expected, Size(500, 333), 0, 0, INTER_CUBIC);
        cv::clresize::resize(uroi, actual, Size(500, 333), 0, 0, INTER_CUBIC);
        expectClose(expected, actual, typeToString(type) + " down");
    }
}

// The kernel W(x) of the cubic convolution with coefficient a, and a float64
// reference resize with it (edge pixels replicated), for the overload's test.
static double cubicWeight(double x, double a)
{
    x = std::abs(x);
    if (x <= 1)
        return ((a + 2) * x - (a + 3)) * x * x + 1;
    if (x < 2)
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
    return 0;
}

static Mat referenceCubic(const Mat& src, Size dsize, double a)
{
    Mat src64;
    src.convertTo(src64, CV_64F);
    const int cn = src.channels();
    Mat dst(dsize, CV_MAKETYPE(CV_64F, cn));
    const double sx = (double)src.cols / dsize.width, sy = (double)src.rows / dsize.height;
    for (int dy = 0; dy < dsize.height; dy++)
        for (int dx = 0; dx < dsize.width; dx++)
        {
            double fx = (dx + 0.5) * sx - 0.5, fy = (dy + 0.5) * sy - 0.5;
            int x0 = (int)std::floor(fx), y0 = (int)std::floor(fy);
            for (int c = 0; c < cn; c++)
            {
                double v = 0;
                for (int k = -1; k <= 2; k++)
                    for (int j = -1; j <= 2; j++)
                    {
                        int y = std::min(std::max(y0 + k, 0), src.rows - 1), x = std::min(std::max(x0 + j, 0), src.cols - 1);
                        v += src64.ptr<double>(y)[x * cn + c] * cubicWeight(fx - (x0 + j), a) * cubicWeight(fy - (y0 + k), a);
                    }
                dst.ptr<double>(dy)[dx * cn + c] = v;
            }
        }
    return dst;
}

TEST(Clresize_ResizeCubic, coefficientMatchesFloat64Reference)
{
    RNG& rng = theRNG();
    for (double a : { -0.5, -0.75, -1.0 })
        for (int type : { CV_32FC1, CV_32FC3, CV_8UC1, CV_16UC2 })
            for (bool useUMat : { true, false })
            {
                Mat roi;
                UMat uroi, actual;
                makeRoi(rng, Size(57, 43), type, true, roi, uroi);
                Mat ref = referenceCubic(roi, Size(131, 29), a), result;
                expectLaunches(useUMat ? 1 : 0, [&] {
                    if (useUMat)
                        cv::clresize::resizeCubic(uroi, actual, Size(131, 29), 0, 0, a);
                    else
                        cv::clresize::resizeCubic(roi, result, Size(131, 29), 0, 0, a);
                });
                if (useUMat)
                    actual.copyTo(result);
                Mat result64;
                result.convertTo(result64, CV_64F);
                double diff = cvtest::norm(ref, result64, NORM_INF);
                std::string what = cv::format("a=%g %s %s", a, typeToString(type).c_str(), useUMat ? "UMat" : "Mat");
                if (CV_MAT_DEPTH(type) == CV_32F)
                    EXPECT_LE(diff, 1e-5 * std::max(1.0, cvtest::norm(ref, NORM_INF))) << what;
                else   // 8U: 11-bit coefficients; 16U: float passes and rounding, then saturation
                {
                    Mat refSat;
                    ref.convertTo(refSat, type);
                    refSat.convertTo(refSat, CV_64F);
                    EXPECT_LE(cvtest::norm(refSat, result64, NORM_INF), CV_MAT_DEPTH(type) == CV_8U ? 2 : 1) << what;
                }
            }
    // a = -0.75 is OpenCV's resize exactly, on the device and on the CPU.
    Mat roi, expected, viaCpu;
    UMat uroi, viaOcl;
    makeRoi(rng, Size(99, 41), CV_8UC3, true, roi, uroi);
    cv::resize(roi, expected, Size(), 2.5, 1.5, INTER_CUBIC);
    cv::clresize::resizeCubic(uroi, viaOcl, Size(), 2.5, 1.5, -0.75);
    cv::clresize::resizeCubic(roi, viaCpu, Size(), 2.5, 1.5, -0.75);
    EXPECT_EQ(0, cvtest::norm(expected, viaOcl.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(expected, viaCpu, NORM_INF));
}

// A coefficient a so large that 8-bit horizontal sums pass 2^24 (the device
// keeps them as int then): the device and the CPU version agree exactly. The
// output rows are whole groups of 8 elements, so every element takes the float
// vertical pass (the integer one of the row ends would overflow int for such a).
TEST(Clresize_ResizeCubic, largeCoefficientExactOnDevice)
{
    RNG& rng = theRNG();
    for (double a : { -0.75, -12.0, -60.0 })
    {
        Mat roi, viaCpu;
        UMat uroi, viaOcl;
        makeRoi(rng, Size(77, 45), CV_8UC1, true, roi, uroi);
        expectLaunches(1, [&] { cv::clresize::resizeCubic(uroi, viaOcl, Size(176, 77), 0, 0, a); });
        cv::clresize::resizeCubic(roi, viaCpu, Size(176, 77), 0, 0, a);
        EXPECT_EQ(0, cvtest::norm(viaCpu, viaOcl.getMat(ACCESS_READ), NORM_INF)) << "a = " << a;
    }
}

// a must be finite with |a| <= 100: up to there the device and the CPU version
// agree bit for bit on every integer depth (past it they saturated coefficients
// and sums differently); past it a Mat and a UMat raise the same error.
TEST(Clresize_ResizeCubic, coefficientRange)
{
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_16UC1, CV_16SC1 })
    {
        Mat roi, viaCpu;
        UMat uroi, viaOcl;
        makeRoi(rng, Size(37, 23), type, true, roi, uroi);
        for (double a : { -100.0, 100.0 })
        {
            expectLaunches(1, [&] { cv::clresize::resizeCubic(uroi, viaOcl, Size(51, 45), 0, 0, a); });
            cv::clresize::resizeCubic(roi, viaCpu, Size(51, 45), 0, 0, a);
            EXPECT_EQ(0, cvtest::norm(viaCpu, viaOcl.getMat(ACCESS_READ), NORM_INF))
                << "a = " << a << " " << typeToString(type);
        }
        for (double a : { -100.5, 1000.0, -1e7, (double)NAN, (double)INFINITY, -(double)INFINITY })
        {
            expectLaunches(0, [&] {
                EXPECT_THROW(cv::clresize::resizeCubic(uroi, viaOcl, Size(51, 45), 0, 0, a), cv::Exception) << a;
                EXPECT_THROW(cv::clresize::resizeCubic(roi, viaCpu, Size(51, 45), 0, 0, a), cv::Exception) << a;
            });
        }
    }
}

// Every argument error raises what cv::resize raises.
TEST(Clresize_ResizeCubic, errorsLikeOpenCV)
{
    UMat img(10, 12, CV_8UC1, Scalar(5)), img8s(10, 12, CV_8SC1, Scalar(5)), img32s(10, 12, CV_32SC1, Scalar(5));
    Mat imgM = img.getMat(ACCESS_READ).clone(), img8sM = img8s.getMat(ACCESS_READ).clone(), img32sM = img32s.getMat(ACCESS_READ).clone();
    auto codeOf = [](const std::function<void()>& f) {
        try { f(); } catch (const cv::Exception& e) { return (int)e.code; }
        return 0;
    };
    struct Case { const char* what; std::function<void()> ours, theirs; };
    UMat u;
    Mat m;
    std::vector<Case> cases = {
        { "empty source", [&] { cv::clresize::resize(UMat(), u, Size(4, 4), 0, 0, INTER_CUBIC); },
                           [&] { cv::resize(Mat(), m, Size(4, 4), 0, 0, INTER_CUBIC); } },
        { "no size, no scale", [&] { cv::clresize::resize(img, u, Size(), 0, 0, INTER_CUBIC); },
                                [&] { cv::resize(imgM, m, Size(), 0, 0, INTER_CUBIC); } },
        { "negative scale", [&] { cv::clresize::resize(img, u, Size(), -1, 2, INTER_CUBIC); },
                             [&] { cv::resize(imgM, m, Size(), -1, 2, INTER_CUBIC); } },
        { "scale to nothing", [&] { cv::clresize::resize(img, u, Size(), 0.01, 0.01, INTER_CUBIC); },
                               [&] { cv::resize(imgM, m, Size(), 0.01, 0.01, INTER_CUBIC); } },
        { "negative dsize", [&] { cv::clresize::resize(img, u, Size(-3, 4), 0, 0, INTER_CUBIC); },
                             [&] { cv::resize(imgM, m, Size(-3, 4), 0, 0, INTER_CUBIC); } },
        { "8S", [&] { cv::clresize::resize(img8s, u, Size(20, 20), 0, 0, INTER_CUBIC); },
                 [&] { cv::resize(img8sM, m, Size(20, 20), 0, 0, INTER_CUBIC); } },
        { "32S", [&] { cv::clresize::resize(img32s, u, Size(20, 20), 0, 0, INTER_CUBIC); },
                  [&] { cv::resize(img32sM, m, Size(20, 20), 0, 0, INTER_CUBIC); } },
        { "unknown interpolation", [&] { cv::clresize::resize(img, u, Size(20, 20), 0, 0, 77); },
                                    [&] { cv::resize(imgM, m, Size(20, 20), 0, 0, 77); } },
    };
    for (const Case& c : cases)
    {
        int theirs = codeOf(c.theirs), ours = codeOf(c.ours);
        EXPECT_NE(0, theirs) << c.what;
        EXPECT_EQ(theirs, ours) << c.what;
    }
    // A 3-D source: what OpenCV makes of it, error or output, whatever the sizes.
    const int cubeSizes[] = { 4, 5, 6 };
    UMat cube(3, cubeSizes, CV_8UC1, Scalar(1));
    for (Size dsize : { Size(8, 10), Size() })
    {
        UMat ours, theirs;
        const int theirCode = codeOf([&] { cv::resize(cube, theirs, dsize, 2, 2, INTER_CUBIC); });
        const int ourCode = codeOf([&] { cv::clresize::resize(cube, ours, dsize, 2, 2, INTER_CUBIC); });
        EXPECT_EQ(theirCode, ourCode) << dsize;
        EXPECT_EQ(theirs.dims, ours.dims) << dsize;
        EXPECT_EQ(theirs.size(), ours.size()) << dsize;
    }
    UMat cubeOut;
    EXPECT_EQ(Error::StsAssert, codeOf([&] { cv::clresize::resizeCubic(cube, cubeOut, Size(8, 10), 0, 0, -0.75); }))
        << "resizeCubic of a 3-D source";
}

// The source may also be the destination, and the destination may be a Mat.
TEST(Clresize_ResizeCubic, inPlaceAndMatDestination)
{
    RNG& rng = theRNG();
    Mat roi, expected;
    UMat uroi;
    makeRoi(rng, Size(70, 50), CV_16UC1, false, roi, uroi);
    cv::resize(roi, expected, Size(), 1.5, 2, INTER_CUBIC);
    UMat inPlace = uroi.clone();
    expectLaunches(1, [&] { cv::clresize::resize(inPlace, inPlace, Size(), 1.5, 2, INTER_CUBIC); });
    EXPECT_EQ(0, cvtest::norm(expected, inPlace.getMat(ACCESS_READ), NORM_INF));
    Mat matDst;
    expectLaunches(1, [&] { cv::clresize::resize(uroi, matDst, Size(), 1.5, 2, INTER_CUBIC); });
    EXPECT_EQ(0, cvtest::norm(expected, matDst, NORM_INF));
}

// A destination that is a view of a larger UMat, of the right size and type, is
// written in place: its pixels equal cv::resize's, and nothing outside it changes.
TEST(Clresize_ResizeCubic, destinationView)
{
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC3, CV_16SC2, CV_32FC4 })
    {
        Mat roi, expected;
        UMat uroi;
        makeRoi(rng, Size(41, 29), type, true, roi, uroi);
        cv::resize(roi, expected, Size(94, 46), 0, 0, INTER_CUBIC);
        Mat parent(expected.rows + 7, expected.cols + 13, type);
        rng.fill(parent, RNG::UNIFORM, 0, 100);
        UMat uparent;
        parent.copyTo(uparent);
        const Rect view(5, 3, expected.cols, expected.rows);
        UMat dst = uparent(view);
        expectLaunches(1, [&] { cv::clresize::resize(uroi, dst, expected.size(), 0, 0, INTER_CUBIC); });
        Mat result = uparent.getMat(ACCESS_READ).clone();
        EXPECT_EQ(0, cvtest::norm(expected, result(view), NORM_INF)) << typeToString(type);
        parent(view).setTo(0);
        result(view).setTo(0);
        EXPECT_EQ(0, cvtest::norm(parent, result, NORM_INF)) << typeToString(type) << ": pixels outside the view changed";
    }
}

// Enlargement by exactly 2 has a kernel of its own (resize_cubic_x2): 8U with 8
// or 12 bytes of output a work-item, a window of aligned words away from the
// edges and clamped columns near them, 4- and 8-byte stores where the output row
// is aligned and byte stores elsewhere; other depths with up to 16 bytes a
// work-item, one vector store where the row is aligned for it and element stores
// elsewhere; rows walked in steps. Every depth and channel count, widths around
// those edge cases, heights around the steps, source ROIs at pixel offsets 0-3
// (every byte offset in a word for 8-bit one and three channels), and destination
// views at pixel offsets 0-7; pixels outside the view must not change.
TEST(Clresize_ResizeCubic, enlargeByTwo)
{
    RNG& rng = theRNG();
    int k = 0;
    // 8U: the widths around the window's edge cases; other depths: the span's
    // clamped columns and the vector stores' alignment.
    const std::vector<int> widths8U = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 23, 31, 33, 64, 77, 1001 };
    const std::vector<int> widths = { 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 1001 };
    for (int depth : { CV_8U, CV_16U, CV_16S, CV_32F, CV_64F })
        for (int cn = 1; cn <= 4; cn++)
            for (int width : depth == CV_8U ? widths8U : widths)
                for (int height : { 1, 2, 3, 5, 9, 17, 40 })
                {
                    const int type = CV_MAKETYPE(depth, cn), srcX = k % 4, dstX = k % 8;
                    k++;
                    Mat whole(height + 2, width + 5, type);
                    fillRandom(rng, whole);
                    const Rect srcRect(srcX, 1, width, height);
                    Mat src = whole(srcRect), expected;
                    UMat uwhole;
                    whole.copyTo(uwhole);
                    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);

                    Mat parent(expected.rows + 3, expected.cols + 9, type);
                    fillRandom(rng, parent);
                    UMat uparent;
                    parent.copyTo(uparent);
                    const Rect view(dstX, 2, expected.cols, expected.rows);
                    UMat dst = uparent(view);
                    expectLaunches(1, [&] { cv::clresize::resize(uwhole(srcRect), dst, Size(), 2, 2, INTER_CUBIC); });
                    Mat result = uparent.getMat(ACCESS_READ).clone();
                    const String what = format("%s %dx%d, source at x=%d, view at x=%d", typeToString(type).c_str(),
                                               width, height, srcX, dstX);
                    EXPECT_EQ(0, cvtest::norm(expected, result(view), NORM_INF)) << what;
                    parent(view).setTo(0);
                    result(view).setTo(0);
                    EXPECT_EQ(0, cvtest::norm(parent, result, NORM_INF)) << what << ": pixels outside the view changed";
                }
}

// 8-bit enlargements by 2 whose rows can take the interior path (x2_interior:
// source steps a multiple of 4, output steps of 8 bytes, 4 for three channels), with
// every alignment of the source and aligned and unaligned outputs; one channel
// through the portable horizontal sums and through the OpenCL C version of NVIDIA's
// dp2a ones.
// Turns a test hook of the module off when the test ends, however it ends.
struct HookOff
{
    void (*hook)(bool);
    ~HookOff() { hook(false); }
};

TEST(Clresize_ResizeCubic, enlargeByTwoInterior)
{
    const HookOff off{ clresize::detail::useEmulatedDp2a };
    RNG& rng = theRNG();
    int k = 0;
    for (int cn = 1; cn <= 4; cn++)
        for (bool dp2a : { false, true })
        {
            if (dp2a && cn > 1)
                continue;
            clresize::detail::useEmulatedDp2a(dp2a);
            for (int width : { 4, 8, 12, 20, 36, 64, 100, 252, 1000 })
                for (int height : { 1, 2, 3, 5, 8, 9, 16, 17, 33, 100 })
                {
                    const int type = CV_8UC(cn), srcX = k % 4, dstX = k % 3 == 2 ? 5 : 8 * (k % 3);
                    k++;
                    Mat whole(height + 2, (width + 7) / 4 * 4, type);
                    fillRandom(rng, whole);
                    const Rect srcRect(srcX, 1, width, height);
                    Mat expected;
                    cv::resize(whole(srcRect), expected, Size(), 2, 2, INTER_CUBIC);
                    UMat uwhole, uparent;
                    whole.copyTo(uwhole);
                    Mat parent(expected.rows + 3, expected.cols + 16, type, Scalar::all(7));
                    parent.copyTo(uparent);
                    const Rect view(dstX, 2, expected.cols, expected.rows);
                    UMat dst = uparent(view);
                    expectLaunches(1, [&] { cv::clresize::resize(uwhole(srcRect), dst, Size(), 2, 2, INTER_CUBIC); });
                    Mat result = uparent.getMat(ACCESS_READ).clone();
                    const String what = format("%s %dx%d, source at x=%d, view at x=%d, dp2a %d",
                                               typeToString(type).c_str(), width, height, srcX, dstX, (int)dp2a);
                    EXPECT_EQ(0, cvtest::norm(expected, result(view), NORM_INF)) << what;
                    result(view).setTo(Scalar::all(7));
                    EXPECT_EQ(0, cvtest::norm(parent, result, NORM_INF)) << what << ": pixels outside the view changed";
                }
        }
}

// Where the build with NVIDIA's dp2a fails (a driver without inline PTX), the call
// runs the portable build of the same kernel: OpenCV's result, one launch, no
// fallback, and again on the next call.
TEST(Clresize_ResizeCubic, dp2aBuildFailure)
{
    Mat src(40, 64, CV_8UC1), expected;
    fillRandom(theRNG(), src);
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    UMat usrc, udst;
    src.copyTo(usrc);
    const HookOff off{ clresize::detail::failDp2aBuild };
    clresize::detail::failDp2aBuild(true);
    for (int call = 0; call < 2; call++)
    {
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        expectLaunches(1, [&] { cv::clresize::resize(usrc, udst, Size(), 2, 2, INTER_CUBIC); });
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "call " << call;
        EXPECT_EQ(0, cvtest::norm(expected, udst.getMat(ACCESS_READ), NORM_INF)) << "call " << call;
    }
}

// Enlargement by 2 of images 4,200,000 pixels long: past output index 2^23 OpenCV's
// float source positions are no longer exact, so the x2 kernel's one set of
// coefficients would differ there; the result is OpenCV's, on the device.
TEST(Clresize_ResizeCubic, x2PastExactFloatPositions)
{
    for (Size size : { Size(4200000, 2), Size(2, 4200000) })
    {
        Mat src(size, CV_8UC1), expected;
        theRNG().fill(src, RNG::UNIFORM, 0, 256);
        cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
        UMat usrc, udst;
        src.copyTo(usrc);
        expectLaunches(1, [&] { cv::clresize::resize(usrc, udst, Size(), 2, 2, INTER_CUBIC); });
        EXPECT_EQ(0, cvtest::norm(expected, udst.getMat(ACCESS_READ), NORM_INF)) << size;
    }
}

// Mat input, OpenCL off and other interpolations go to cv::resize unchanged.
TEST(Clresize_ResizeCubic, fallsThroughToOpenCV)
{
    RNG& rng = theRNG();
    Mat roi, expected, viaMat;
    UMat uroi, viaOff, linear, same;
    makeRoi(rng, Size(45, 31), CV_8UC3, true, roi, uroi);
    cv::resize(roi, expected, Size(), 2, 2, INTER_CUBIC);
    expectLaunches(0, [&] { cv::clresize::resize(roi, viaMat, Size(), 2, 2, INTER_CUBIC); });
    EXPECT_EQ(0, cvtest::norm(expected, viaMat, NORM_INF));
    cv::ocl::setUseOpenCL(false);
    expectLaunches(0, [&] { cv::clresize::resize(uroi, viaOff, Size(), 2, 2, INTER_CUBIC); });
    cv::ocl::setUseOpenCL(true);
    EXPECT_EQ(0, cvtest::norm(expected, viaOff.getMat(ACCESS_READ), NORM_INF));
    Mat expectedLinear;
    cv::resize(roi, expectedLinear, Size(), 1.5, 1.5, INTER_LINEAR);
    expectLaunches(0, [&] { cv::clresize::resize(uroi, linear, Size(), 1.5, 1.5, INTER_LINEAR); });
    EXPECT_LE(cvtest::norm(expectedLinear, linear.getMat(ACCESS_READ), NORM_INF), 1);   // OpenCV's own OpenCL linear
    // Same size: a copy, as in OpenCV.
    expectLaunches(0, [&] { cv::clresize::resize(uroi, same, roi.size(), 0, 0, INTER_CUBIC); });
    EXPECT_EQ(0, cvtest::norm(roi, same.getMat(ACCESS_READ), NORM_INF));
}

// Several threads, each with its own queue and calls in flight, and each on its
// own kernel (x2 of one and of three channels, of 16-bit and of 64F, tiled up and
// down): every call's result is right though a thread releases its input and
// output at once.
TEST(Clresize_ResizeCubic, severalThreads)
{
    struct Job { int type; Size size; double f; };
    const Job jobs[] = { { CV_8UC1, Size(301, 77), 2 }, { CV_8UC3, Size(123, 95), 2 },
                         { CV_16UC1, Size(211, 63), 1.5 }, { CV_32FC2, Size(190, 144), 0.5 },
                         { CV_16UC1, Size(157, 88), 2 }, { CV_64FC2, Size(61, 40), 2 } };
    const int threads = (int)(sizeof(jobs) / sizeof(jobs[0]));
    std::vector<Mat> images(threads), expected(threads);
    for (int t = 0; t < threads; t++)
    {
        images[t].create(jobs[t].size, jobs[t].type);
        randu(images[t], 0, 256);
        cv::resize(images[t], expected[t], Size(), jobs[t].f, jobs[t].f, INTER_CUBIC);
    }
    clruntime_test::expectSameOnThreads(
        threads, 20,
        [&](int t) {
            UMat dst;
            {
                UMat src;
                images[t].copyTo(src);
                cv::clresize::resize(src, dst, Size(), jobs[t].f, jobs[t].f, INTER_CUBIC);
            }
            return cvtest::norm(expected[t], dst.getMat(ACCESS_READ), NORM_INF) == 0;
        },
        [&](int t) { return cv::format("thread %d, %s", t, typeToString(jobs[t].type).c_str()); });
}

// The kernel cache and calls in flight follow a switch of OpenCL queue or context.
TEST(Clresize_ResizeCubic, severalContexts)
{
    Mat src(97, 131, CV_8UC1), expected;
    randu(src, 0, 256);
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    clruntime_test::inSeveralContexts([&] {
        UMat usrc, udst;
        src.copyTo(usrc);
        expectLaunches(1, [&] { cv::clresize::resize(usrc, udst, Size(), 2, 2, INTER_CUBIC); });
        EXPECT_EQ(0, cvtest::norm(expected, udst.getMat(ACCESS_READ), NORM_INF));
    });
}

// A source or a kept destination of another OpenCL context than the current one:
// StsBadArg; back in their context the same UMats resize as OpenCV does.
TEST(Clresize_ResizeCubic, umatOfAnotherContext)
{
    Mat src(37, 53, CV_8UC1), expected;
    randu(src, 0, 256);
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    UMat usrc, udst;
    src.copyTo(usrc);
    udst.create(expected.size(), expected.type());   // the output's size: create() keeps it
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  UMat own;
                  cv::clresize::resize(usrc, own, Size(), 2, 2, INTER_CUBIC);
              })) << "source";
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  UMat own;
                  src.copyTo(own);
                  cv::clresize::resize(own, udst, Size(), 2, 2, INTER_CUBIC);
              })) << "destination";
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  cv::clresize::resizeCubic(usrc, udst, Size(), 2, 2, -0.75);
              })) << "resizeCubic";
    // A host source into that destination: also from the other paths (another
    // interpolation, OpenCV's function; a device set) before anything maps it.
    const cv::clruntime::DeviceSet devices =
        cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  cv::clresize::resize(src, udst, Size(), 2, 2, INTER_CUBIC);
              })) << "Mat source";
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  cv::clresize::resize(src, udst, Size(), 2, 2, INTER_LINEAR);
              })) << "another interpolation";
    EXPECT_EQ(Error::StsBadArg, clruntime_test::exceptionInAnotherContext([&] {
                  cv::clresize::resize(src, udst, Size(), 2, 2, INTER_CUBIC, devices);
              })) << "device set";
    // A destination of another size is made anew in the current context, as
    // OpenCV's functions make it.
    UMat smaller(5, 5, CV_8UC1, Scalar(1));
    EXPECT_EQ(0, clruntime_test::exceptionInAnotherContext([&] {
                  UMat own;
                  src.copyTo(own);
                  cv::clresize::resize(own, smaller, Size(), 2, 2, INTER_CUBIC);
                  EXPECT_EQ(0, cvtest::norm(expected, smaller.getMat(ACCESS_READ), NORM_INF));
                  smaller.release();   // before its context goes
              })) << "destination of another size";
    cv::clresize::resize(usrc, udst, Size(), 2, 2, INTER_CUBIC);
    EXPECT_EQ(0, cvtest::norm(expected, udst.getMat(ACCESS_READ), NORM_INF));
}

// OpenCV's OCL test idiom (ts/ocl_test.hpp): random borders around the source and
// the destination, cv::resize with OpenCL off against clresize with it on, the
// destination ROI equal and the rest of the destination untouched.
PARAM_TEST_CASE(ResizeCubicOcl, MatDepth, int, bool)
{
    int type;
    bool useRoi;
    TEST_DECLARE_INPUT_PARAMETER(src);
    TEST_DECLARE_OUTPUT_PARAMETER(dst);

    virtual void SetUp()
    {
        type = CV_MAKETYPE(get<0>(GetParam()), get<1>(GetParam()));
        useRoi = get<2>(GetParam());
    }

    void generateTestData()
    {
        const Size srcSize = randomSize(1, 90), dstSize(srcSize.width * 3 / 2 + 1, srcSize.height * 2 + 1);
        randomSubMat(src, src_roi, srcSize, randomBorder(0, useRoi ? MAX_VALUE : 0), type, 0, 256);
        randomSubMat(dst, dst_roi, dstSize, randomBorder(0, useRoi ? MAX_VALUE : 0), type, 5, 16);
        UMAT_UPLOAD_INPUT_PARAMETER(src);
        UMAT_UPLOAD_OUTPUT_PARAMETER(dst);
    }
};

OCL_TEST_P(ResizeCubicOcl, matchesOpenCV)
{
    for (int j = 0; j < 3 * cvtest::ocl::test_loop_times; j++)
    {
        generateTestData();
        OCL_OFF(cv::resize(src_roi, dst_roi, dst_roi.size(), 0, 0, INTER_CUBIC));
        OCL_ON(expectLaunches(1, [&] { cv::clresize::resize(usrc_roi, udst_roi, udst_roi.size(), 0, 0, INTER_CUBIC); }));
        OCL_EXPECT_MATS_NEAR(dst, 0);
    }
}

OCL_INSTANTIATE_TEST_CASE_P(Clresize, ResizeCubicOcl,
                            Combine(Values(CV_8U, CV_16U, CV_16S, CV_32F, CV_64F), Values(1, 3, 4), testing::Bool()));

}} // namespace
