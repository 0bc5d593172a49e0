#include "perf_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_perf;

typedef tuple<std::string, Size, MatDepth> CountNonZeroParams;
typedef perf::TestBaseWithParam<CountNonZeroParams> CountNonZeroPerf;

// Each iteration ends with the count on the host, for every implementation.
PERF_TEST_P(CountNonZeroPerf, countNonZero,
            Combine(CLREDUCE_PERF_IMPLS, CLREDUCE_PERF_SIZES, Values(CV_8U, CV_32F)))
{
    const std::string impl = get<0>(GetParam());
    const Size size = get<1>(GetParam());
    const int type = CV_MAKETYPE(get<2>(GetParam()), 1);

    std::vector<Mat> ring = makeInputRing(size, type, 0, 4);
    std::vector<int> expected(ring.size());
    for (size_t i = 0; i < ring.size(); i++)
        expected[i] = cv::countNonZero(ring[i]);

    size_t i = 0, last = 0;
    int result = -1;
    if (impl == "clx" || impl == "ocv")
    {
        std::vector<UMat> uring = uploadRing<UMat>(ring);
        declare.in(uring[0]);
        warmUp([&] { result = impl == "clx" ? cv::clreduce::countNonZero(uring[i++ % uring.size()])
                                            : cv::countNonZero(uring[i++ % uring.size()]); });
        OCL_TEST_CYCLE()
        {
            last = i++ % uring.size();
            result = impl == "clx" ? cv::clreduce::countNonZero(uring[last]) : cv::countNonZero(uring[last]);
        }
    }
    else if (impl == "cpu")
    {
        declare.in(ring[0]);
        warmUp([&] { result = cv::countNonZero(ring[i++ % ring.size()]); }, 50);
        TEST_CYCLE()
        {
            last = i++ % ring.size();
            result = cv::countNonZero(ring[last]);
        }
    }
#ifdef HAVE_OPENCV_CUDAARITHM
    else if (impl == "cuda")
    {
        std::vector<cuda::GpuMat> gring = uploadRing<cuda::GpuMat>(ring);
        declare.in(ring[0]);
        warmUp([&] { result = cv::cuda::countNonZero(gring[i++ % gring.size()]); });
        TEST_CYCLE()
        {
            last = i++ % gring.size();
            result = cv::cuda::countNonZero(gring[last]);
        }
    }
#endif
    ASSERT_EQ(expected[last], result) << impl;
    SANITY_CHECK_NOTHING();
}

}} // namespace
