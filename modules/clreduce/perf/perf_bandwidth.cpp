#include "perf_precomp.hpp"

namespace opencv_test { namespace {

// The device's copy bandwidth, measured in the same run as the reductions: a
// 256 MB UMat copied to another (read + write counted). perf/compare.py takes
// its GB/s as the floor that every other row is compared with.
typedef perf::TestBaseWithParam<tuple<std::string, Size>> DeviceBandwidth;

PERF_TEST_P(DeviceBandwidth, copy, Combine(Values(std::string("ocv")), Values(Size(8192, 8192))))
{
    const Size size = get<1>(GetParam());
    UMat src(size, CV_32FC1), dst(size, CV_32FC1);
    randu(src, 0, 1);
    declare.in(src).out(dst);
    clreduce_perf::warmUp([&] { src.copyTo(dst); });
    OCL_TEST_CYCLE() src.copyTo(dst);
    SANITY_CHECK_NOTHING();
}

// A plain write stream of the size of an 8192x8192 integral (268 MB of 32-bit
// sums): what a kernel that only writes such an output reaches.
PERF_TEST_P(DeviceBandwidth, fill, Combine(Values(std::string("ocv")), Values(Size(8193, 8193))))
{
    const Size size = get<1>(GetParam());
    UMat dst(size, CV_32SC1);
    declare.out(dst);
    clreduce_perf::warmUp([&] { dst.setTo(Scalar::all(1)); });
    OCL_TEST_CYCLE() dst.setTo(Scalar::all(1));
    SANITY_CHECK_NOTHING();
}

}} // namespace
