// Sources OpenCV keeps in host memory, and destinations the device has no memory
// for: the call runs cv::resize, reports it, and gives OpenCV's CPU result. These
// tests need the device memory limited (ctest runs them with POCL_MEMORY_LIMIT=1).
#include "test_precomp.hpp"
#include "opencv2/clruntime/private/test_no_device_buffer.hpp"

namespace opencv_test { namespace {
using namespace clruntime_test;
typedef NoDeviceBufferTest Clresize_NoDeviceBuffer;

static const HostOnlyImage& bigImage()
{
    static HostOnlyImage big(squareSidePastLargestAllocation(), 0, 256, 0xc0b1c);
    return big;
}

static void checkResize(const Mat& src, const UMat& usrc, Size dsize, double f)
{
    Mat expected;
    cv::resize(src, expected, dsize, f, f, INTER_CUBIC);
    UMat dst;
    const uint64 before = cv::clresize::detail::oclLaunchCount();
    expectFallback([&] { cv::clresize::resize(usrc, dst, dsize, f, f, INTER_CUBIC); });
    EXPECT_EQ(before, cv::clresize::detail::oclLaunchCount());
    ASSERT_EQ(expected.size(), dst.size());
    ASSERT_EQ(expected.type(), dst.type());
    EXPECT_EQ(0, cvtest::norm(expected, dst.getMat(ACCESS_READ), NORM_INF));
}

TEST_F(Clresize_NoDeviceBuffer, wholeSourceShrunk)
{
    const HostOnlyImage& big = bigImage();
    ASSERT_FALSE(big.host.empty());
    checkResize(big.host, big.u, Size(), 0.5);
}

TEST_F(Clresize_NoDeviceBuffer, roiSourceEnlarged)
{
    const HostOnlyImage& big = bigImage();
    ASSERT_FALSE(big.host.empty());
    const Rect r(9, 4, 777, 501);
    checkResize(big.host(r), big.u(r), Size(), 2);
}

// The source is on the device; the destination is bigger than the largest
// allocation: a 32F image enlarged x4 (tiled kernel), an 8-bit one and a 16-bit
// one x2 (resize_cubic_x2).
TEST_F(Clresize_NoDeviceBuffer, destinationTooBig)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    struct Case { int type, factor; } cases[] = { { CV_32FC1, 4 }, { CV_8UC1, 2 }, { CV_16UC1, 2 } };
    for (const Case& c : cases)
    {
        const int esz = CV_ELEM_SIZE(c.type);
        const int side = (int)std::sqrt((double)maxAlloc / esz / (c.factor * c.factor)) + 16;   // output past the limit
        Mat src(side, side, c.type);
        theRNG().fill(src, RNG::UNIFORM, 0, 100);
        UMat usrc = src.getUMat(ACCESS_READ).clone();
        ASSERT_TRUE(cv::clruntime::hasDeviceBuffer(usrc));
        checkResize(src, usrc, Size(side * c.factor, side * c.factor), 0);
        // In place (dst the source's UMat), by resize and by resizeCubic: the fallback
        // reads the source, whose UMat the output has taken over.
        for (bool withA : { false, true })
        {
            Mat expected;
            cv::resize(src, expected, Size(side * c.factor, side * c.factor), 0, 0, INTER_CUBIC);
            UMat inPlace = usrc.clone();
            expectFallback([&] {
                if (withA)
                    cv::clresize::resizeCubic(inPlace, inPlace, Size(side * c.factor, side * c.factor), 0, 0, -0.75);
                else
                    cv::clresize::resize(inPlace, inPlace, Size(side * c.factor, side * c.factor), 0, 0, INTER_CUBIC);
            });
            ASSERT_EQ(expected.size(), inPlace.size());
            EXPECT_EQ(0, cvtest::norm(expected, inPlace.getMat(ACCESS_READ), NORM_INF)) << "in place, resizeCubic " << withA;
        }
    }
}

}} // namespace

namespace opencv_test { namespace {
using namespace clruntime_test;

// A host image over a device set whose output does not fit one allocation streams
// through the device in bands of at most BandStream::MAX_BAND_BYTES, or smaller
// ones under a memory budget: no fallback, bit-identical.
TEST_F(Clresize_NoDeviceBuffer, deviceSetStreamsImageBiggerThanAnAllocation)
{
    const HostOnlyImage& big = bigImage();
    ASSERT_FALSE(big.host.empty());
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    const int side = (int)std::sqrt((double)maxAlloc / 4) + 8;   // x2: an output past the largest allocation
    const Mat src = big.host(Rect(3, 5, side, side));
    Mat expected, viaBands(2 * side, 2 * side, CV_8UC1);
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);

    cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(currentDeviceType(), { 0 });
    for (size_t budget : { (size_t)0, maxAlloc / 2 })
    {
        one.setMemoryBudget(budget);
        viaBands.setTo(Scalar::all(0));
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        const uint64 launches = cv::clresize::detail::oclLaunchCount();
        cv::clresize::resize(src, viaBands, Size(), 2, 2, INTER_CUBIC, one);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "budget " << budget;
        EXPECT_LE(launches + 4, cv::clresize::detail::oclLaunchCount()) << "several bands, each on the device";
        EXPECT_EQ(0, cvtest::norm(expected, viaBands, NORM_INF)) << "budget " << budget;
    }
}

// The pinned allocator asked for more than the device's largest allocation gives
// ordinary memory: usable, not pinned, and a device-set call stages its rows.
TEST_F(Clresize_NoDeviceBuffer, pinnedAllocatorPastLargestAllocation)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    Mat big;
    big.allocator = cv::clruntime::getPinnedAllocator();
    big.create((int)(maxAlloc / 4096) + 1, 4096, CV_8UC1);
    ASSERT_EQ(big.rows * (size_t)4096, big.total());
    EXPECT_FALSE(cv::clruntime::isPinned(big));
    randu(big, 0, 256);
    const Mat src = big(Rect(5, big.rows - 300, 333, 300));
    Mat expected, viaBands;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    const cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(currentDeviceType(), { 0 });
    expectStagedBytes(src.total() * 5, [&] { cv::clresize::resize(src, viaBands, Size(), 2, 2, INTER_CUBIC, one); },
                      "an unpinned source and output (four times its bytes)");
    EXPECT_EQ(0, cvtest::norm(expected, viaBands, NORM_INF));
}

// A band of one output row longer than the device's largest allocation gets no
// device buffer: the call reports it and runs cv::resize on the host image.
TEST_F(Clresize_NoDeviceBuffer, deviceSetRowPastAnAllocation)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    ASSERT_LT(maxAlloc, (size_t)INT_MAX / 2);
    Mat src(2, (int)(maxAlloc / 2) + 8, CV_8UC1), expected, viaBands;
    randu(src, 0, 256);
    cv::resize(src, expected, Size(2 * src.cols, 1), 0, 0, INTER_CUBIC);
    const cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(currentDeviceType(), { 0 });
    clruntime_test::expectLaunches(cv::clresize::detail::oclLaunchCount, 0, [&] {
        expectFallback([&] { cv::clresize::resize(src, viaBands, Size(2 * src.cols, 1), 0, 0, INTER_CUBIC, one); });
    });
    EXPECT_EQ(0, cvtest::norm(expected, viaBands, NORM_INF));
}

}} // namespace
