#include "test_precomp.hpp"

namespace opencv_test { namespace {

// The OpenCL tests are meaningless on the CPU fall-through: without a device
// this binary fails here instead of passing quietly.
TEST(Clreduce_OpenCL, deviceIsAvailable)
{
    ASSERT_TRUE(cv::ocl::haveOpenCL()) << "no OpenCL runtime; on machines without a GPU install PoCL "
                                          "and set OPENCV_OPENCL_DEVICE=:CPU:";
    ASSERT_TRUE(cv::ocl::useOpenCL()) << "OpenCL is off or no device matches OPENCV_OPENCL_DEVICE";
    const cv::ocl::Device& dev = cv::ocl::Device::getDefault();
    ASSERT_TRUE(dev.available());
    std::cout << "OpenCL device under test: " << dev.name() << " (" << dev.version() << ", "
              << dev.maxComputeUnits() << " compute units, fp64 "
              << (dev.doubleFPConfig() > 0 ? "yes" : "no") << ")" << std::endl;
}

}} // namespace
