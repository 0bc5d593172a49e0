// For the clx modules' tests only: what every module's tests check the same way.
#ifndef OPENCV_CLRUNTIME_TEST_COMMON_HPP
#define OPENCV_CLRUNTIME_TEST_COMMON_HPP

#include "opencv2/ts.hpp"
#include "opencv2/core/ocl.hpp"

namespace opencv_test {
namespace clruntime_test {

/** The OpenCL tests are meaningless on the CPU fall-through: a test binary calls
this in a test of its own, so that it fails (never skips) without a device, and
prints the device it tests. */
inline void assertOpenCLDevice()
{
    ASSERT_TRUE(cv::ocl::haveOpenCL()) << "no OpenCL runtime; on machines without a GPU install PoCL "
                                          "and set OPENCV_OPENCL_DEVICE=:CPU:";
    ASSERT_TRUE(cv::ocl::useOpenCL()) << "OpenCL is off or no device matches OPENCV_OPENCL_DEVICE";
    const cv::ocl::Device& dev = cv::ocl::Device::getDefault();
    ASSERT_TRUE(dev.available());
    std::cout << "OpenCL device under test: " << dev.name() << " (" << dev.version() << ", "
              << dev.maxComputeUnits() << " compute units, fp64 " << (dev.doubleFPConfig() > 0 ? "yes" : "no")
              << ")" << std::endl;
}

/** Runs `call` and checks that it made exactly `launches` kernel launches, as the
module's launch counter `count` (its detail::oclLaunchCount) tells. */
template <typename F>
void expectLaunches(uint64 (*count)(), uint64 launches, F call)
{
    const uint64 before = count();
    call();
    EXPECT_EQ(before + launches, count()) << "the call did not take the expected OpenCL path";
}

}} // namespace

/** In a module's test file: the test `<Prefix>_OpenCL.deviceIsAvailable`, which fails
without an OpenCL device, and `expectLaunches(launches, call)` on the module's
launch counter `counter` (its detail::oclLaunchCount). */
#define CLX_DEVICE_TEST_AND_LAUNCH_CHECK(Prefix, counter)                                    \
    TEST(Prefix##_OpenCL, deviceIsAvailable)                                                  \
    {                                                                                         \
        ::opencv_test::clruntime_test::assertOpenCLDevice();                                  \
    }                                                                                         \
    template <typename F>                                                                     \
    static void expectLaunches(uint64 launches, F call)                                       \
    {                                                                                         \
        ::opencv_test::clruntime_test::expectLaunches(counter, launches, call);               \
    }

#endif
