// Images past 2^31 bytes and elements stay on the device: 64-bit offsets and
// indices in the kernels (the images take seconds to make, so one image serves
// every check). Run as their own CTest entry, one at a time (memory).
#include "test_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_test;

// 46341 x 46500 8UC1: 2^31 + 7.4 million elements, the last 100 rows starting past
// byte 2^31. Mostly 100, the last rows random, with zeros and the extremes planted
// past element 2^31, ties included (the first occurrence counts).
class Clreduce_BigImage : public ::testing::Test
{
protected:
    static Mat image;
    static UMat uimage;

    static void SetUpTestCase()
    {
        image.create(46500, 46341, CV_8UC1);
        image.setTo(Scalar::all(100));
        RNG rng(17);
        Mat lastRows = image.rowRange(image.rows - 100, image.rows);
        rng.fill(lastRows, RNG::UNIFORM, 5, 250);
        const int64 past = ((int64)1 << 31) + 77;   // element index past 2^31
        uchar* data = image.data;
        data[past] = 0;                   // the minimum, first at this index...
        data[past + 1000] = 0;            // ...and again later
        data[image.total() - 1] = 255;    // the maximum at the last element...
        data[past + 5] = 255;             // ...but first here
        image.row(image.rows - 3).colRange(100, 3000).setTo(Scalar::all(0));
        image.copyTo(uimage);
    }

    static void TearDownTestCase()
    {
        image.release();
        uimage.release();
    }

    // The reductions on `u` match OpenCV's on `m`, and each ran its kernel. A
    // count past INT_MAX is INT_MAX (OpenCV's own int count wraps to a negative).
    static void expectSameAsOpenCV(const Mat& m, const UMat& u)
    {
        int count = -1;
        expectOclLaunches(1, [&] { count = cv::clreduce::countNonZero(u); });
        int64 zeros = 0;
        for (int y = 0; y < m.rows; y++)
            zeros += m.cols - cv::countNonZero(m.row(y));
        EXPECT_EQ(saturate_cast<int>((int64)m.total() - zeros), count);
        Scalar s;
        expectOclLaunches(1, [&] { s = cv::clreduce::sum(u); });
        EXPECT_EQ(cv::sum(m)[0], s[0]);
        double minV = 0, maxV = 0, eMin = 0, eMax = 0;
        Point minL, maxL, eMinL, eMaxL;
        expectOclLaunches(1, [&] { cv::clreduce::minMaxLoc(u, &minV, &maxV, &minL, &maxL); });
        cv::minMaxLoc(m, &eMin, &eMax, &eMinL, &eMaxL);
        EXPECT_EQ(eMin, minV);
        EXPECT_EQ(eMax, maxV);
        EXPECT_EQ(eMinL, minL);
        EXPECT_EQ(eMaxL, maxL);
    }
};
Mat Clreduce_BigImage::image;
UMat Clreduce_BigImage::uimage;

TEST_F(Clreduce_BigImage, wholeImage)
{
    ASSERT_GT((int64)image.total(), (int64)INT_MAX);
    expectSameAsOpenCV(image, uimage);
    // The locations past 2^31 elements, checked against the planted values.
    Point minL, maxL;
    cv::clreduce::minMaxLoc(uimage, NULL, NULL, &minL, &maxL);
    const int64 past = ((int64)1 << 31) + 77;
    EXPECT_EQ(Point((int)(past % image.cols), (int)(past / image.cols)), minL);
    EXPECT_EQ(Point((int)((past + 5) % image.cols), (int)((past + 5) / image.cols)), maxL);
    int idx[2] = { -1, -1 };
    cv::clreduce::minMaxIdx(uimage, NULL, NULL, idx, NULL);
    EXPECT_EQ(past / image.cols, idx[0]);
    EXPECT_EQ(past % image.cols, idx[1]);
}

// Views whose offset passes 2^31 bytes: whole rows (walked as one row) and a
// column range (row by row), with and without a mask.
TEST_F(Clreduce_BigImage, viewsPast2GB)
{
    Range rows(image.rows - 100, image.rows);
    ASSERT_GT((int64)uimage.rowRange(rows).offset, (int64)INT_MAX);
    expectSameAsOpenCV(image.rowRange(rows), uimage.rowRange(rows));
    Rect r(3, image.rows - 100, 40001, 99);
    expectSameAsOpenCV(image(r), uimage(r));

    // With a mask: the column range pixel by pixel, and the whole rows (their offset a
    // multiple of 16: row 46400 of rows of 46341 bytes) as one long row of 16-pixel units.
    ASSERT_EQ(0, (int)(uimage.rowRange(rows).offset % 16));
    for (const Rect& view : { r, Rect(0, rows.start, image.cols, rows.size()) })
    {
        Mat mask(view.size(), CV_8UC1);
        RNG(3).fill(mask, RNG::UNIFORM, 0, 2);
        UMat umask;
        mask.copyTo(umask);
        double minV = 0, maxV = 0, eMin = 0, eMax = 0;
        Point minL, maxL, eMinL, eMaxL;
        expectOclLaunches(1, [&] { cv::clreduce::minMaxLoc(uimage(view), &minV, &maxV, &minL, &maxL, umask); });
        cv::minMaxLoc(image(view), &eMin, &eMax, &eMinL, &eMaxL, mask);
        EXPECT_EQ(eMin, minV);
        EXPECT_EQ(eMax, maxV);
        EXPECT_EQ(eMinL, minL);
        EXPECT_EQ(eMaxL, maxL);
    }
}

}} // namespace
