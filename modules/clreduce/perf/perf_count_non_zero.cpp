#include "perf_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_perf;

typedef ImplPerf<tuple<std::string, Size, MatDepth>> CountNonZeroPerf;

PERF_TEST_P(CountNonZeroPerf, countNonZero,
            Combine(CLREDUCE_PERF_IMPLS, CLREDUCE_PERF_SIZES, Values(CV_8U, CV_32F)))
{
    const std::string impl = get<0>(GetParam());
    const Size size = get<1>(GetParam());
    std::vector<Mat> ring = makeInputRing(size, CV_MAKETYPE(get<2>(GetParam()), 1), 0, 4);
    declare.in(ring[0]);

    int result = -1;
    size_t last = 0;
    if (impl == "clx" || impl == "ocv" || impl == "cpu")
        last = timeOpenCLOrCpu(impl, ring, [&](InputArray a) { result = cv::clreduce::countNonZero(a); },
                               [&](InputArray a) { result = cv::countNonZero(a); });
#ifdef HAVE_OPENCV_CUDAARITHM
    else if (impl == "cuda" || impl == "cuda_sync")
    {
        std::vector<cuda::GpuMat> gring = uploadRing<cuda::GpuMat>(ring);
        cuda::GpuMat count;
        cuda::HostMem host;
        cuda::Stream& stream = clruntime_perf::cudaStreamFor(impl);
        if (impl == "cuda")
            last = timeCalls(ring.size(), [&](size_t i) {
                cv::cuda::countNonZero(gring[i], count, stream);
                result = clruntime_perf::readBack(count, host, stream).at<int>(0);
            });
        else
            last = timeCalls(ring.size(), [&](size_t i) { result = cv::cuda::countNonZero(gring[i]); });
    }
#endif
    const int expected = cv::countNonZero(ring[last]);
    if (impl == "clx")
        ASSERT_EQ(expected, result);
    else
        reportIfWrong(expected == result, cv::format("%d, expected %d", result, expected));
    SANITY_CHECK_NOTHING();
}

INSTANTIATE_TEST_CASE_P(BigImage, CountNonZeroPerf_countNonZero,
                        Combine(CLREDUCE_PERF_BIG_IMPLS, CLREDUCE_PERF_BIG_8U, Values(CV_8U)));

}} // namespace
