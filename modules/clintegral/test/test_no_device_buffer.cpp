// Sources OpenCV keeps in host memory, and outputs the device has no memory for:
// the call runs cv::integral, reports it, and gives OpenCV's CPU result. These
// tests need the device memory limited (ctest runs them with POCL_MEMORY_LIMIT=1).
#include "test_precomp.hpp"
#include "opencv2/clruntime/private/test_no_device_buffer.hpp"

namespace opencv_test { namespace {
using namespace clruntime_test;
typedef NoDeviceBufferTest Clintegral_NoDeviceBuffer;

static const HostOnlyImage& bigImage()
{
    static HostOnlyImage big(squareSidePastLargestAllocation(), 0, 256, 0x1a7e);
    return big;
}

static uint64 launches()
{
    return cv::clintegral::detail::oclLaunchCount();
}

static void expectEqualMats(const Mat& expected, const UMat& actual, const char* what)
{
    ASSERT_EQ(expected.size(), actual.size()) << what;
    ASSERT_EQ(expected.type(), actual.type()) << what;
    EXPECT_EQ(0, cvtest::norm(expected, actual.getMat(ACCESS_READ), NORM_INF)) << what;
}

TEST_F(Clintegral_NoDeviceBuffer, wholeSource)
{
    const HostOnlyImage& big = bigImage();
    ASSERT_FALSE(big.host.empty());
    Mat expected;
    cv::integral(big.host, expected, CV_32S);
    UMat sum;
    const uint64 before = launches();
    expectFallback([&] { cv::clintegral::integral(big.u, sum, CV_32S); });
    EXPECT_EQ(before, launches());
    expectEqualMats(expected, sum, "sum");
}

// Every output kind, from a view of the host-only image.
TEST_F(Clintegral_NoDeviceBuffer, roiSource)
{
    const HostOnlyImage& big = bigImage();
    ASSERT_FALSE(big.host.empty());
    const Rect r(11, 5, 1001, 703);
    Mat expSum, expSq, expTilted;
    cv::integral(big.host(r), expSum, expSq, expTilted, CV_32S, CV_64F);
    UMat sum, sqsum, tilted;
    const uint64 before = launches();
    expectFallback([&] { cv::clintegral::integral(big.u(r), sum, sqsum, tilted, CV_32S, CV_64F); });
    EXPECT_EQ(before, launches());
    expectEqualMats(expSum, sum, "sum");
    expectEqualMats(expSq, sqsum, "sqsum");
    expectEqualMats(expTilted, tilted, "tilted");
}

// A three-channel source of whole 16-byte rows (the block sums of bytes) on the
// device, its 32S sum bigger than the largest allocation.
TEST_F(Clintegral_NoDeviceBuffer, threeChannelOutputTooBig)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    const int side = ((int)std::sqrt((double)maxAlloc / 12) + 16) / 16 * 16;   // a 32SC3 sum past the limit
    Mat src(side, side, CV_8UC3);
    theRNG().fill(src, RNG::UNIFORM, 0, 256);
    UMat usrc = src.getUMat(ACCESS_READ).clone();
    ASSERT_TRUE(cv::clruntime::hasDeviceBuffer(usrc));
    Mat expSum;
    cv::integral(src, expSum, CV_32S);
    UMat sum;
    expectFallback([&] { cv::clintegral::integral(usrc, sum, CV_32S); });
    expectEqualMats(expSum, sum, "32SC3 sum");
}

// The source is on the device; an output is bigger than the largest allocation.
TEST_F(Clintegral_NoDeviceBuffer, outputTooBig)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    const int side = (int)std::sqrt((double)maxAlloc / 8) + 64;   // a CV_64F output past the limit
    ASSERT_LT((size_t)side * side * 4, maxAlloc) << "a CV_32S output must still fit";
    Mat src(side, side, CV_8UC1);
    theRNG().fill(src, RNG::UNIFORM, 0, 256);
    UMat usrc = src.getUMat(ACCESS_READ).clone();
    ASSERT_TRUE(cv::clruntime::hasDeviceBuffer(usrc));

    Mat expSum, expSq;
    cv::integral(src, expSum, expSq, CV_64F, CV_64F);
    UMat sum, sqsum;
    expectFallback([&] { cv::clintegral::integral(usrc, sum, CV_64F); });
    expectEqualMats(expSum, sum, "64F sum");

    // Only the squared sum is too big: no kernel runs, not even the sum's, whose
    // buffers the device has.
    Mat expTilted;
    cv::integral(src, expSum, expSq, expTilted, CV_32S, CV_64F);
    UMat sum32, tilted;
    const uint64 before = launches();
    expectFallback([&] { cv::clintegral::integral(usrc, sum32, sqsum, tilted, CV_32S, CV_64F); });
    EXPECT_EQ(before, launches());
    expectEqualMats(expSum, sum32, "32S sum");
    expectEqualMats(expSq, sqsum, "64F squared sum");
    expectEqualMats(expTilted, tilted, "tilted sum");
}

// A one-column image whose outputs fit but whose tilted sum's band sums (two rows
// of cols + 64 values a band of 32 rows) do not: no kernel runs, not even the
// sum's, and every output is cv::integral's.
TEST_F(Clintegral_NoDeviceBuffer, tiltedScratchTooBig)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    const int rows = (int)(maxAlloc / 12);   // outputs of 8 bytes a row, band sums of about 16
    ASSERT_LT((size_t)(rows + 1) * 2 * sizeof(int), maxAlloc) << "the outputs must fit";
    Mat src(rows, 1, CV_8UC1);
    theRNG().fill(src, RNG::UNIFORM, 0, 256);
    UMat usrc = src.getUMat(ACCESS_READ).clone();
    ASSERT_TRUE(cv::clruntime::hasDeviceBuffer(usrc));
    Mat expSum, expTilted;
    cv::integral(src, expSum, noArray(), expTilted, CV_32S);
    UMat sum, tilted;
    const uint64 before = launches();
    expectFallback([&] { cv::clintegral::integral(usrc, sum, noArray(), tilted, CV_32S, -1); });
    EXPECT_EQ(before, launches());
    expectEqualMats(expSum, sum, "sum");
    expectEqualMats(expTilted, tilted, "tilted sum");
}

// A host image whose integral does not fit one allocation, over a device set:
// streamed in bands (the carry of each band added as it is copied out), exact,
// no fallback.
TEST_F(Clintegral_NoDeviceBuffer, deviceSetStreamsImageBiggerThanAnAllocation)
{
    const HostOnlyImage& big = bigImage();
    ASSERT_FALSE(big.host.empty());
    Mat expected, sum;
    cv::integral(big.host, expected, CV_32S);
    const cv::clruntime::DeviceSet one =
        cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount(), before = launches();
    cv::clintegral::integral(big.host, sum, noArray(), CV_32S, -1, one);
    EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount());
    EXPECT_LE(before + 3 * 4, launches()) << "several bands, each on the device";
    EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF));
}

// A band of one row whose sums pass the largest allocation gets no device buffer:
// the call reports it and runs cv::integral on the host image.
TEST_F(Clintegral_NoDeviceBuffer, deviceSetRowPastAnAllocation)
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    Mat src(2, (int)(maxAlloc / 4) + 8, CV_8UC1), expected, sum;
    randu(src, 0, 256);
    cv::integral(src, expected, CV_32S);
    const cv::clruntime::DeviceSet one =
        cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    const uint64 before = launches();
    expectFallback([&] { cv::clintegral::integral(src, sum, noArray(), CV_32S, -1, one); });
    EXPECT_EQ(before, launches());
    EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF));

    // With the tilted sum too: the same fallback gives every output.
    Mat expectedTilted, tilted;
    cv::integral(src, expected, noArray(), expectedTilted, CV_32S);
    expectFallback([&] { cv::clintegral::integral(src, sum, noArray(), tilted, CV_32S, -1, one); });
    EXPECT_EQ(before, launches());
    EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF));
    EXPECT_EQ(0, cvtest::norm(expectedTilted, tilted, NORM_INF));
}

}} // namespace
