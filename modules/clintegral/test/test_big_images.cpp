// An integral whose output passes 2^31 bytes stays on the device (64-bit indices
// and scratch buffers past 2 GB). Run as its own CTest entry (memory).
#include "test_precomp.hpp"

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

}} // namespace
