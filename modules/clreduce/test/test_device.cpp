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

}} // namespace
