// An integral whose output passes 2^31 bytes stays on the device (64-bit indices
// and scratch buffers past 2 GB); one whose rows pass 2^31 bytes runs
// cv::integral. Run as its own CTest entry (memory).
#include "test_precomp.hpp"
#include "opencv2/clruntime/private/test_no_device_buffer.hpp"

namespace opencv_test { namespace {

// 23184 x 23171 8UC1 -> 32S: 2^31 + 1487632 bytes of output, random values (the
// sums wrap past 2^31 as the CPU's do); the last rows and columns, whose sums are
// stored past byte 2^31, are compared with all the others.
TEST(Clintegral_BigImage, outputPast2GB)
{
    // Rows of whole 16-byte groups: the 8-bit block sums kernel of 16-byte loads.
    Mat src(23171, 23184, CV_8UC1), expected;
    RNG(5).fill(src, RNG::UNIFORM, 0, 256);
    cv::integral(src, expected, CV_32S);
    ASSERT_GT((int64)expected.total() * (int64)expected.elemSize(), (int64)INT_MAX);
    UMat usrc, usum;
    src.copyTo(usrc);
    clruntime_test::expectLaunches(cv::clintegral::detail::oclLaunchCount, 3,
                                   [&] { cv::clintegral::integral(usrc, usum, CV_32S); });
    EXPECT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF));
}

// A tilted sum past 2^31 bytes, the shape of outputPast2GB: its carries and its
// output kernel's stores past byte 2^31, on the device (four kernels), exact.
TEST(Clintegral_BigImage, tiltedSumPast2GB)
{
    Mat src(23171, 23184, CV_8UC1), expectedSum, expectedTilted;
    RNG(9).fill(src, RNG::UNIFORM, 0, 256);
    cv::integral(src, expectedSum, noArray(), expectedTilted, CV_32S);
    ASSERT_GT((int64)expectedTilted.total() * (int64)expectedTilted.elemSize(), (int64)INT_MAX);
    UMat usrc, usum, utilted;
    src.copyTo(usrc);
    src.release();
    clruntime_test::expectLaunches(cv::clintegral::detail::oclLaunchCount, 3 + 4, [&] {
        cv::clintegral::integral(usrc, usum, noArray(), utilted, CV_32S, -1);
    });
    usrc.release();
    EXPECT_EQ(0, cvtest::norm(expectedSum, usum.getMat(ACCESS_READ), NORM_INF));
    usum.release();
    expectedSum.release();
    EXPECT_EQ(0, cvtest::norm(expectedTilted, utilted.getMat(ACCESS_READ), NORM_INF));
}

// A squared sum past 2^31 bytes (16401 x 16401 x 8 bytes), its block sums formed by
// the sum's 8-bit kernel (rows of whole 16-byte groups): on the device, exact.
TEST(Clintegral_BigImage, squaredSumPast2GB)
{
    Mat src(16400, 16400, CV_8UC1), expected, expectedSq;
    RNG(7).fill(src, RNG::UNIFORM, 0, 256);
    cv::integral(src, expected, expectedSq, CV_32S, CV_64F);
    ASSERT_GT((int64)expectedSq.total() * (int64)expectedSq.elemSize(), (int64)INT_MAX);
    UMat usrc, usum, usq;
    src.copyTo(usrc);
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
    cv::clintegral::integral(usrc, usum, usq, CV_32S, CV_64F);
    EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << "the call left the device";
    EXPECT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF));
    EXPECT_EQ(0, cvtest::norm(expectedSq, usq.getMat(ACCESS_READ), NORM_INF));
}

// A source view whose rows lie past byte 2^31 of its buffer (offset 0, rows of 16 MiB):
// the 8-bit block sums kernel's row addresses in 64 bits, exact.
TEST(Clintegral_BigImage, sourceRowsPast2GB)
{
    const int rows = 129, step = 1 << 24;   // row 128 starts at byte 2^31
    UMat buffer(rows, step, CV_8UC1), usum;
    ASSERT_GT((int64)(rows - 1) * step, (int64)INT_MAX);
    Mat values(rows, 32, CV_8UC1), expected;
    RNG(7).fill(values, RNG::UNIFORM, 0, 256);
    UMat view = buffer(Rect(0, 0, 32, rows));
    values.copyTo(view);
    cv::integral(values, expected, CV_32S);
    clruntime_test::expectLaunches(cv::clintegral::detail::oclLaunchCount, 3,
                                   [&] { cv::clintegral::integral(view, usum, CV_32S); });
    EXPECT_EQ(0, cvtest::norm(expected, usum.getMat(ACCESS_READ), NORM_INF));
}

// A host image over a device set whose output rows pass 2^31 bytes, which the
// kernels' int steps cannot take: reported, no band sent to a device (no source
// row staged for one), and cv::integral's result.
TEST(Clintegral_BigImage, deviceSetRowPast2GB)
{
    // 1 x 2^28 8UC1 -> 2 x (2^28 + 1) 64F: rows of 2^31 + 8 bytes.
    Mat src(1, 1 << 28, CV_8UC1), expected, sum;
    RNG(6).fill(src, RNG::UNIFORM, 0, 256);
    cv::integral(src, expected, CV_64F);
    ASSERT_GT((int64)expected.step[0], (int64)INT_MAX);
    cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    // Also under a budget smaller than such a row: the row goes to cv::integral, which
    // takes no device memory, before any budget is asked about.
    for (size_t budget : { (size_t)0, (size_t)1 << 30 })
    {
        one.setMemoryBudget(budget);
        sum.release();
        const uint64 launches = cv::clintegral::detail::oclLaunchCount();
        clruntime_test::expectStagedBytes(0, [&] {
            clruntime_test::expectFallback([&] { cv::clintegral::integral(src, sum, noArray(), CV_64F, -1, one); });
        }, "a row past 2 GB");
        EXPECT_EQ(launches, cv::clintegral::detail::oclLaunchCount());
        EXPECT_EQ(0, cvtest::norm(expected, sum, NORM_INF)) << "budget " << budget;
    }
}

}} // namespace
