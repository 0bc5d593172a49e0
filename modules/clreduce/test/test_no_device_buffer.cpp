// Images OpenCV keeps in host memory (no OpenCL buffer): each call runs OpenCV's
// own function, reports it, and gives OpenCV's CPU result. These tests need the
// device memory limited (ctest runs them with POCL_MEMORY_LIMIT=1).
#include "test_precomp.hpp"
#include "opencv2/clruntime/private/test_no_device_buffer.hpp"

namespace opencv_test { namespace {
using namespace clruntime_test;
typedef NoDeviceBufferTest Clreduce_NoDeviceBuffer;
using namespace clreduce_test;

// One image (and mask) for all the cases: allocating it is most of their cost.
// Values in [0, 200) with zeros for countNonZero, the extremes planted at the far end.
struct BigImage
{
    HostOnlyImage image, mask;

    BigImage() : image(squareSidePastLargestAllocation(), 0, 200, 0x5eed), mask(image.host.rows, 0, 2, 0x3a5c)
    {
        if (image.host.empty())
            return;
        const int last = image.host.rows - 1;
        image.host.at<uchar>(last, last - 3) = 255;
        image.host.at<uchar>(last, last - 1) = 255;
        mask.host.at<uchar>(last, last - 1) = 1;
    }
};

static const BigImage& bigImage()
{
    static BigImage big;
    return big;
}

static void checkReductions(const Mat& host, const UMat& u, const Mat& hostMask, const UMat& umask)
{
    ASSERT_FALSE(host.empty());
    expectOclLaunches(0, [&] {
        expectFallback([&] { EXPECT_EQ(cv::countNonZero(host), cv::clreduce::countNonZero(u)); });
        expectFallback([&] { EXPECT_EQ(cv::sum(host), cv::clreduce::sum(u)); });
        double expMin, expMax, min, max;
        Point expMinLoc, expMaxLoc, minLoc, maxLoc;
        cv::minMaxLoc(host, &expMin, &expMax, &expMinLoc, &expMaxLoc, hostMask);
        expectFallback([&] { cv::clreduce::minMaxLoc(u, &min, &max, &minLoc, &maxLoc, umask); });
        EXPECT_EQ(expMin, min);
        EXPECT_EQ(expMax, max);
        EXPECT_EQ(expMinLoc, minLoc);
        EXPECT_EQ(expMaxLoc, maxLoc);
    });
}

TEST_F(Clreduce_NoDeviceBuffer, wholeImage)
{
    const BigImage& big = bigImage();
    checkReductions(big.image.host, big.image.u, Mat(), UMat());
}

TEST_F(Clreduce_NoDeviceBuffer, wholeImageWithMask)
{
    const BigImage& big = bigImage();
    checkReductions(big.image.host, big.image.u, big.mask.host, big.mask.u);
}

TEST_F(Clreduce_NoDeviceBuffer, roi)
{
    const BigImage& big = bigImage();
    const Rect r(13, 7, 1001, 703);
    checkReductions(big.image.host(r), big.image.u(r), big.mask.host(r), big.mask.u(r));
}

// Only the mask lacks a device buffer.
TEST_F(Clreduce_NoDeviceBuffer, maskOnly)
{
    const BigImage& big = bigImage();
    const Rect r(5, 3, 640, 480);
    Mat src = big.image.host(r).clone();
    UMat usrc = src.getUMat(ACCESS_READ).clone();
    ASSERT_TRUE(cv::clruntime::hasDeviceBuffer(usrc));
    double expMin, expMax, min, max;
    Point expMinLoc, expMaxLoc, minLoc, maxLoc;
    cv::minMaxLoc(src, &expMin, &expMax, &expMinLoc, &expMaxLoc, big.mask.host(r));
    expectOclLaunches(0, [&] {
        expectFallback([&] { cv::clreduce::minMaxLoc(usrc, &min, &max, &minLoc, &maxLoc, big.mask.u(r)); });
    });
    EXPECT_EQ(expMin, min);
    EXPECT_EQ(expMax, max);
    EXPECT_EQ(expMinLoc, minLoc);
    EXPECT_EQ(expMaxLoc, maxLoc);
    // The same image with a mask on the device runs the kernel.
    UMat umask = big.mask.host(r).getUMat(ACCESS_READ).clone();
    expectOclLaunches(1, [&] { cv::clreduce::minMaxLoc(usrc, &min, &max, &minLoc, &maxLoc, umask); });
    EXPECT_EQ(expMinLoc, minLoc);
    EXPECT_EQ(expMaxLoc, maxLoc);
}

// A host image bigger than the device's largest allocation streams through one
// device in bands that fit, with and without a mask: no fallback.
TEST_F(Clreduce_NoDeviceBuffer, deviceSetStreamsImageBiggerThanAnAllocation)
{
    const BigImage& big = bigImage();
    const Mat& img = big.image.host;
    ASSERT_FALSE(img.empty());
    const cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(currentDeviceType(), { 0 });
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount(), before = cv::clreduce::detail::oclLaunchCount();
    EXPECT_EQ(cv::countNonZero(img), cv::clreduce::countNonZero(img, one));
    EXPECT_EQ(cv::sum(img), cv::clreduce::sum(img, one));
    for (const Mat& mask : { Mat(), big.mask.host })
    {
        double expMin, expMax, min, max;
        Point expMinLoc, expMaxLoc, minLoc, maxLoc;
        cv::minMaxLoc(img, &expMin, &expMax, &expMinLoc, &expMaxLoc, mask);
        cv::clreduce::minMaxLoc(img, &min, &max, &minLoc, &maxLoc, mask, one);
        EXPECT_EQ(expMin, min);
        EXPECT_EQ(expMax, max);
        EXPECT_EQ(expMinLoc, minLoc);
        EXPECT_EQ(expMaxLoc, maxLoc);
    }
    EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount());
    EXPECT_LE(before + 4 * 4, cv::clreduce::detail::oclLaunchCount()) << "several bands, each on the device";
}

// A band of one row that passes the largest allocation gets no device buffer: the
// call reports it and runs OpenCV's function on the host image.
TEST_F(Clreduce_NoDeviceBuffer, deviceSetRowPastAnAllocation)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    Mat img(2, (int)std::min<size_t>(maxAlloc + 64, INT_MAX - 64), CV_8UC1);
    randu(img, 0, 3);
    const cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(currentDeviceType(), { 0 });
    expectOclLaunches(0, [&] {
        expectFallback([&] { EXPECT_EQ(cv::countNonZero(img), cv::clreduce::countNonZero(img, one)); });
        expectFallback([&] { EXPECT_EQ(cv::sum(img), cv::clreduce::sum(img, one)); });
        double expMin, expMax, min, max;
        Point expMinLoc, expMaxLoc, minLoc, maxLoc;
        cv::minMaxLoc(img, &expMin, &expMax, &expMinLoc, &expMaxLoc);
        expectFallback([&] { cv::clreduce::minMaxLoc(img, &min, &max, &minLoc, &maxLoc, noArray(), one); });
        EXPECT_EQ(expMinLoc, minLoc);
        EXPECT_EQ(expMaxLoc, maxLoc);
    });
}

}} // namespace
