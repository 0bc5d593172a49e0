// A cubic resize whose output passes 2^31 bytes stays on the device (64-bit
// offsets); one whose rows pass 2^31 bytes runs cv::resize. Run as its own CTest
// entry (memory).
#include "test_precomp.hpp"
#include "opencv2/clruntime/private/test_no_device_buffer.hpp"

namespace opencv_test { namespace {

// src enlarged x2 in one kernel launch, bit for bit as cv::resize on the CPU,
// with an output past 2^31 bytes.
static void expectX2PastTwoGB(const Mat& src)
{
    Mat expected;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    ASSERT_GT((int64)expected.total() * (int64)expected.elemSize(), (int64)INT_MAX);
    UMat usrc, udst;
    src.copyTo(usrc);
    clruntime_test::expectLaunches(cv::clresize::detail::oclLaunchCount, 1,
                                   [&] { cv::clresize::resize(usrc, udst, Size(), 2, 2, INTER_CUBIC); });
    EXPECT_EQ(0, cvtest::norm(expected, udst.getMat(ACCESS_READ), NORM_INF));
}

// 11586 x 11586 32FC1 x2 -> 23172 x 23172: 2^31 + 282688 bytes of output.
TEST(Clresize_BigImage, outputPast2GB)
{
    Mat src(11586, 11586, CV_32FC1);
    RNG(9).fill(src, RNG::UNIFORM, -1000, 1000);
    expectX2PastTwoGB(src);
}

// 8-bit x2 takes resize_cubic_x2 and its window of aligned source words:
// 23171 x 23171 -> 46342 x 46342, 2^31 + 97316 bytes of output.
TEST(Clresize_BigImage, windowPathOutputPast2GB)
{
    Mat src(23171, 23171, CV_8UC1);
    RNG(10).fill(src, RNG::UNIFORM, 0, 256);
    expectX2PastTwoGB(src);
}

// Rows whose steps are multiples of 4 and 8 take x2's interior path, here with
// 64-bit offsets: 23172 x 23172 -> 46344 x 46344, 2^31 + 282688 bytes of output.
TEST(Clresize_BigImage, interiorPathOutputPast2GB)
{
    Mat src(23172, 23172, CV_8UC1);
    RNG(12).fill(src, RNG::UNIFORM, 0, 256);
    expectX2PastTwoGB(src);
}

// The tiled kernel keeps the horizontal pass of a tile's source rows in local
// memory, sized for the rows OpenCV's float source positions reach. From 2^27
// source rows those positions are 16 rows apart, so a tile can span more rows
// than exact positions would: 1 x 136,000,000 -> 1 x 31,627,903 spans 148 rows
// in tiles near source row 2^27, where a margin of 8 planned 146. The result is
// still cv::resize's, on the device.
TEST(Clresize_BigImage, tiledPastExactFloatRows)
{
    Mat src(136000000, 1, CV_8UC1), expected;
    RNG(13).fill(src, RNG::UNIFORM, 0, 256);
    const Size outSize(1, 31627903);
    cv::resize(src, expected, outSize, 0, 0, INTER_CUBIC);
    UMat usrc, udst;
    src.copyTo(usrc);
    clruntime_test::expectLaunches(cv::clresize::detail::oclLaunchCount, 1,
                                   [&] { cv::clresize::resize(usrc, udst, outSize, 0, 0, INTER_CUBIC); });
    EXPECT_EQ(0, cvtest::norm(expected, udst.getMat(ACCESS_READ), NORM_INF));
}

// A host image over a device set whose source rows pass 2^31 bytes, which the
// kernel's int steps cannot take: reported, no band sent to a device (no source
// row staged for one), and cv::resize's result.
TEST(Clresize_BigImage, deviceSetRowPast2GB)
{
    // 1 x (2^27 + 8) 32FC4, a row of 2^31 + 128 bytes, -> 3 x 64.
    Mat src(1, (1 << 27) + 8, CV_32FC4), expected, dst;
    RNG(11).fill(src, RNG::UNIFORM, -1000, 1000);
    ASSERT_GT((int64)src.step[0], (int64)INT_MAX);
    cv::resize(src, expected, Size(64, 3), 0, 0, INTER_CUBIC);
    cv::clruntime::DeviceSet one = cv::clruntime::DeviceSet::ofPlatform(clruntime_test::currentDeviceType(), { 0 });
    // Also under a budget smaller than such a row: the row goes to cv::resize, which
    // takes no device memory, before any budget is asked about.
    for (size_t budget : { (size_t)0, (size_t)1 << 30 })
    {
        one.setMemoryBudget(budget);
        dst.release();
        const uint64 launches = cv::clresize::detail::oclLaunchCount();
        clruntime_test::expectStagedBytes(0, [&] {
            clruntime_test::expectFallback([&] { cv::clresize::resize(src, dst, Size(64, 3), 0, 0, INTER_CUBIC, one); });
        }, "a row past 2 GB");
        EXPECT_EQ(launches, cv::clresize::detail::oclLaunchCount());
        EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << "budget " << budget;
    }
}

}} // namespace
