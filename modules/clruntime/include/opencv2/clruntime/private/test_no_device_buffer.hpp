// For the clx modules' tests only: UMats that have no OpenCL buffer.
#ifndef OPENCV_CLRUNTIME_TEST_NO_DEVICE_BUFFER_HPP
#define OPENCV_CLRUNTIME_TEST_NO_DEVICE_BUFFER_HPP

#include "opencv2/ts.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/clruntime.hpp"

namespace opencv_test {
namespace clruntime_test {

/** Fixture of the no-device-buffer tests. They size their images from the
device's largest allocation and run with the device's memory limited (PoCL:
POCL_MEMORY_LIMIT=1 gives 256 MB allocations, =2 gives 512 MB); on a device that
allows 24000 x 24000 bytes or more (a GPU's are tens of GB) each fails here,
before it makes images of gigabytes (of 2^31 elements or more, which OpenCV's
randu cannot fill). */
class NoDeviceBufferTest : public testing::Test
{
protected:
    void SetUp() override
    {
        const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
        ASSERT_LT(maxAlloc, (size_t)24000 * 24000)
            << "the device allows " << maxAlloc << "-byte allocations: run these tests with "
            << "the device memory limited (PoCL: POCL_MEMORY_LIMIT=1)";
    }
};

/** Side of the square 8UC1 image the no-device-buffer tests use: the first of
16500 and 24000 whose area passes the device's largest allocation (one of them
does: NoDeviceBufferTest). */
inline int squareSidePastLargestAllocation()
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    return (size_t)16500 * 16500 > maxAlloc ? 16500 : 24000;
}

/** A random 8UC1 host image of side x side, values in [lo, hi), and a UMat of it
that OpenCV keeps in host memory (Mat::getUMat finds no device buffer for it). */
struct HostOnlyImage
{
    Mat host;
    UMat u;

    HostOnlyImage(int side, int lo, int hi, uint64 seed)
    {
        if (side <= 0)
            return;
        host.create(side, side, CV_8UC1);
        RNG rng(seed);
        rng.fill(host, RNG::UNIFORM, lo, hi);
        u = host.getUMat(ACCESS_READ);
        EXPECT_FALSE(cv::clruntime::hasDeviceBuffer(u)) << "the image got a device buffer: the test proves nothing";
    }
};

/** Runs `call` and checks that it reported a fallback to OpenCV (and so ran no kernel). */
template <typename F>
void expectFallback(F call)
{
    uint64 before = cv::clruntime::detail::fallbackCount();
    call();
    EXPECT_LT(before, cv::clruntime::detail::fallbackCount()) << "the call did not report a fallback";
}

}} // namespace

#endif
