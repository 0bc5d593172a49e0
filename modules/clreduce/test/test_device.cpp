#include "test_precomp.hpp"

namespace opencv_test { namespace {

// The OpenCL tests are meaningless on the CPU fall-through: without a device
// this binary fails here instead of passing quietly.
TEST(Clreduce_OpenCL, deviceIsAvailable)
{
    clruntime_test::assertOpenCLDevice();
}

}} // namespace
