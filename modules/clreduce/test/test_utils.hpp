// Helpers shared by the clreduce tests: random images with ROIs, and the
// check that the OpenCL path really ran.
#ifndef OPENCV_CLREDUCE_TEST_UTILS_HPP
#define OPENCV_CLREDUCE_TEST_UTILS_HPP

#include <functional>

namespace opencv_test {
namespace clreduce_test {

/** A view of `size` inside a larger random image (when withRoi), on the host and
as a UMat view of an uploaded copy of the whole image, so it has the same
offset and padded step. */
struct RoiPair
{
    Mat whole, roi;
    UMat uwhole, uroi;
};

/** Values uniform in [lo, hi) converted to `type`. With ranges around zero many
elements are zero, which matters for countNonZero and for min/max ties. */
inline RoiPair makeRoiPair(RNG& rng, Size size, int type, bool withRoi, double lo, double hi)
{
    RoiPair p;
    int left = 0, top = 0, right = 0, bottom = 0;
    if (withRoi)
    {
        left = rng.uniform(0, 17); right = rng.uniform(0, 17);
        top = rng.uniform(0, 5); bottom = rng.uniform(0, 5);
    }
    Mat wide(size.height + top + bottom, size.width + left + right, CV_MAKETYPE(CV_64F, CV_MAT_CN(type)));
    rng.fill(wide, RNG::UNIFORM, Scalar::all(lo), Scalar::all(hi));
    wide.convertTo(p.whole, type);
    Rect r(left, top, size.width, size.height);
    p.roi = p.whole(r);
    p.whole.copyTo(p.uwhole);
    p.uroi = p.uwhole(r);
    return p;
}

/** Sizes every reduction test covers: degenerate, odd, wider than a vector, large. */
inline std::vector<Size> testSizes(RNG& rng)
{
    std::vector<Size> sizes = {
        Size(1, 1), Size(2, 1), Size(1, 2), Size(3, 3), Size(7, 5), Size(15, 1), Size(1, 33),
        Size(16, 16), Size(17, 3), Size(31, 17), Size(64, 64), Size(127, 129), Size(333, 1),
        Size(1, 777), Size(640, 480), Size(1023, 255), Size(1920, 1080)
    };
    for (int i = 0; i < 6; i++)
        sizes.push_back(Size(rng.uniform(1, 700), rng.uniform(1, 300)));
    return sizes;
}

/** The code of the cv::Exception `call` throws; 0 when it throws none. */
inline int exceptionCode(const std::function<void()>& call)
{
    try { call(); } catch (const cv::Exception& e) { return e.code; }
    return 0;
}

/** Runs `call` and checks it made exactly `launches` OpenCL kernel launches. */
template <typename F>
void expectOclLaunches(uint64 launches, F call)
{
    clruntime_test::expectLaunches(cv::clreduce::detail::oclLaunchCount, launches, call);
}

/** OpenCV's OCL_OFF / OCL_ON check: `op` (a clreduce call on an InputArray) on the
Mat, and on the UMat with OpenCL switched off, runs OpenCV's function (no kernel);
on the UMat with OpenCL on it runs one kernel; all three give `expected`. */
template <typename R, typename F>
void expectFallsThrough(const RoiPair& p, const R& expected, F op)
{
    expectOclLaunches(0, [&] { EXPECT_EQ(expected, op(p.roi)); });
    cv::ocl::setUseOpenCL(false);
    expectOclLaunches(0, [&] { EXPECT_EQ(expected, op(p.uroi)); });
    cv::ocl::setUseOpenCL(true);
    expectOclLaunches(1, [&] { EXPECT_EQ(expected, op(p.uroi)); });
}

}} // namespace

#endif
