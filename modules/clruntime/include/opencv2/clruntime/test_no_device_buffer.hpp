// For the clx modules' tests only: UMats that have no OpenCL buffer.
#ifndef OPENCV_CLRUNTIME_TEST_NO_DEVICE_BUFFER_HPP
#define OPENCV_CLRUNTIME_TEST_NO_DEVICE_BUFFER_HPP

#include "opencv2/ts.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/clruntime.hpp"

namespace opencv_test {
namespace clruntime_test {

/** Side of the square 8UC1 image the no-device-buffer tests use: the first of
16500 and 24000 whose area passes the device's largest allocation. The tests run
with the device's memory limited (PoCL: POCL_MEMORY_LIMIT=1 gives 256 MB
allocations, =2 gives 512 MB); without a limit they fail here rather than
allocate gigabytes. */
inline int squareSidePastLargestAllocation()
{
    const size_t maxAlloc = cv::ocl::Device::getDefault().maxMemAllocSize();
    for (int side : { 16500, 24000 })
        if ((size_t)side * side > maxAlloc)
            return side;
    ADD_FAILURE() << "the device allows " << maxAlloc << "-byte allocations: run these tests with "
                  << "the device memory limited (PoCL: POCL_MEMORY_LIMIT=1)";
    return 0;
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
