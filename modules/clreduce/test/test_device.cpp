#include "test_precomp.hpp"

namespace opencv_test { namespace {

// The OpenCL tests are meaningless on the CPU fall-through: without a device
// this binary fails here instead of passing quietly.
TEST(Clreduce_OpenCL, deviceIsAvailable)
{
    clruntime_test::assertOpenCLDevice();
}

// A result is read into the thread's pinned memory for the context; without pinned
// memory it is read straight into the call's own, with no fallback: every op
// still runs its kernel and gives OpenCV's result, in several contexts too.
TEST(Clreduce_OpenCL, resultsWithAndWithoutPinnedMemory)
{
    using clreduce_test::expectOclLaunches;
    Mat src(97, 131, CV_8UC1);
    randu(src, 0, 4);   // zeros for countNonZero, ties for minMaxLoc
    src.at<uchar>(50, 60) = 200;
    double minCPU, maxCPU;
    Point minLocCPU, maxLocCPU;
    cv::minMaxLoc(src, &minCPU, &maxCPU, &minLocCPU, &maxLocCPU);
    for (bool pinned : { true, false })
    {
        auto calls = [&] {
            UMat usrc;
            src.copyTo(usrc);
            const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
            expectOclLaunches(1, [&] { EXPECT_EQ(cv::sum(src), cv::clreduce::sum(usrc)); });
            expectOclLaunches(1, [&] { EXPECT_EQ(cv::countNonZero(src), cv::clreduce::countNonZero(usrc)); });
            double minV, maxV;
            Point minLoc, maxLoc;
            expectOclLaunches(1, [&] { cv::clreduce::minMaxLoc(usrc, &minV, &maxV, &minLoc, &maxLoc); });
            EXPECT_EQ(minCPU, minV);
            EXPECT_EQ(maxCPU, maxV);
            EXPECT_EQ(minLocCPU, minLoc);
            EXPECT_EQ(maxLocCPU, maxLoc);
            EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "a fallback reported";
        };
        SCOPED_TRACE(pinned ? "pinned memory" : "no pinned memory");
        if (pinned)
            clruntime_test::inSeveralContexts(calls);
        else
            clruntime_test::withHostFailure(clruntime_test::NO_PINNED_MEMORY,
                                            [&] { clruntime_test::inSeveralContexts(calls); });
    }
}

// sum, countNonZero and minMaxLoc (with and without a mask) of ROIs of several types
// and sizes on the device, each call with `launches` kernel launches and OpenCV's
// result: exact, or within rounding in double for 32F sums.
void expectReductionsLikeOpenCV(uint64 launches)
{
    using clreduce_test::makeRoiPair;
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC3, CV_16SC1, CV_32FC1 })
        for (Size size : { Size(1, 1), Size(37, 29), Size(1023, 255), Size(1920, 1080) })
        {
            const std::string what = cv::format("%s %dx%d", typeToString(type).c_str(), size.width, size.height);
            SCOPED_TRACE(what);
            const clreduce_test::RoiPair p = makeRoiPair(rng, size, type, true, -3, 200);
            Scalar s;
            clreduce_test::expectOclLaunches(launches, [&] { s = cv::clreduce::sum(p.uroi); });
            // The float64 sum (OpenCV's CPU sum of 32F is further from it than rounding
            // in double): exact for the integer types, within rounding for 32F.
            Mat roi64;
            p.roi.convertTo(roi64, CV_64F);
            const Scalar expected = cv::sum(roi64);
            EXPECT_LE(cv::norm(expected - s), 1e-12 * cv::norm(roi64, NORM_L1)) << what;
            if (CV_MAT_DEPTH(type) != CV_32F)
            {
                EXPECT_EQ(expected, s) << what;
            }
            if (CV_MAT_CN(type) > 1)
                continue;
            int n = -1;
            clreduce_test::expectOclLaunches(launches, [&] { n = cv::clreduce::countNonZero(p.uroi); });
            EXPECT_EQ(cv::countNonZero(p.roi), n) << what;
            Mat mask(size, CV_8UC1);
            randu(mask, 0, 2);
            for (const Mat& m : { Mat(), mask })
            {
                double minV = 0, maxV = 0, minCPU = 0, maxCPU = 0;
                Point minLoc, maxLoc, minLocCPU, maxLocCPU;
                cv::minMaxLoc(p.roi, &minCPU, &maxCPU, &minLocCPU, &maxLocCPU, m);
                UMat um;
                m.copyTo(um);
                clreduce_test::expectOclLaunches(launches, [&] { cv::clreduce::minMaxLoc(p.uroi, &minV, &maxV, &minLoc, &maxLoc, um); });
                EXPECT_EQ(minCPU, minV) << what;
                EXPECT_EQ(maxCPU, maxV) << what;
                EXPECT_EQ(minLocCPU, minLoc) << what;
                EXPECT_EQ(maxLocCPU, maxLoc) << what;
            }
        }
}

// A device whose largest work-group is not a power of two (PoCL limited to 100
// work-items; their own CTest entry): the reductions' groups and trees take the
// power of two below, on the device, with OpenCV's results.
TEST(Clreduce_SmallWorkGroups, matchesOpenCV)
{
    if (!clruntime_test::workGroupLimitIsNoPowerOfTwo())
        return;
    expectReductionsLikeOpenCV(1);
}

// Kernels whose own work-group limit is below the device's (a compiler that gives
// register-hungry kernels smaller groups; here 64 work-items through the test hook,
// whose Launcher refuses larger groups as such a driver does): the reductions in
// groups that fit, as many more of them, on the device.
TEST(Clreduce_OpenCL, kernelWorkGroupLimit)
{
    clruntime_test::withKernelWorkGroupLimit(64, [] { expectReductionsLikeOpenCV(1); });
}

// Each way the work-groups of a reduction combine their results (opencl/reduce.cl):
// in the last group, behind a memory fence of device scope (on PoCL OpenCL C 3.0's,
// on NVIDIA PTX's membar.gl); in a second launch, as on a device without such a
// fence; and in the second launch when the fence's build failed, with no fallback
// reported. Each on the device, with OpenCV's results.
TEST(Clreduce_OpenCL, everyWayOfCombiningGroups)
{
    using namespace cv::clreduce::detail;
    struct Restore
    {
        ~Restore() { setGroupCombine(COMBINE_AS_THE_DEVICE_ALLOWS); }
    } restore;
    for (GroupCombine way : { COMBINE_AS_THE_DEVICE_ALLOWS, COMBINE_IN_SECOND_LAUNCH, COMBINE_FENCE_BUILD_FAILS })
    {
        SCOPED_TRACE(cv::format("way %d", (int)way));
        setGroupCombine(way);
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        expectReductionsLikeOpenCV(way == COMBINE_AS_THE_DEVICE_ALLOWS ? 1 : 2);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "a fallback reported";
    }
}

}} // namespace
