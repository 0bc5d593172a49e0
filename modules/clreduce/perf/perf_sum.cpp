#include "perf_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_perf;

typedef ImplPerf<tuple<std::string, Size, MatType>> SumPerf;

PERF_TEST_P(SumPerf, sum,
            Combine(CLREDUCE_PERF_IMPLS, CLREDUCE_PERF_SIZES, Values(CV_8UC1, CV_32FC1, CV_8UC3, CV_8UC4)))
{
    const std::string impl = get<0>(GetParam());
    const Size size = get<1>(GetParam());
    const int type = get<2>(GetParam());
    std::vector<Mat> ring = makeInputRing(size, type, 0, 256);
    declare.in(ring[0]);

    Scalar result;
    size_t last = 0;
    if (impl == "clx" || impl == "ocv" || impl == "cpu")
        last = timeOpenCLOrCpu(impl, ring, [&](InputArray a) { result = cv::clreduce::sum(a); },
                               [&](InputArray a) { result = cv::sum(a); });
#ifdef HAVE_OPENCV_CUDAARITHM
    else if (impl == "cuda" || impl == "cuda_sync")
    {
        std::vector<cuda::GpuMat> gring = uploadRing<cuda::GpuMat>(ring);
        cuda::GpuMat sums;
        cuda::HostMem host;
        cuda::Stream& stream = clruntime_perf::cudaStreamFor(impl);
        if (impl == "cuda")
            last = timeCalls(ring.size(), [&](size_t i) {
                cv::cuda::calcSum(gring[i], sums, noArray(), stream);
                Mat h = clruntime_perf::readBack(sums, host, stream);   // 1x1, CV_64FC(cn)
                result = Scalar::all(0);
                for (int c = 0; c < h.channels(); c++)
                    result[c] = h.ptr<double>()[c];
            });
        else
            last = timeCalls(ring.size(), [&](size_t i) { result = cv::cuda::sum(gring[i]); });
    }
#endif
    // The reference: OpenCV's CPU sum, exact for these inputs. OpenCV's own OpenCL
    // sum overflows on large 8-bit images; a wrong baseline is reported, not fatal.
    Scalar expected = cv::sum(ring[last]);
    bool right = true;
    for (int c = 0; c < 4; c++)
        right = right && std::abs(result[c] - expected[c]) <= 1e-6 * std::abs(expected[c]);
    if (impl == "clx")
        ASSERT_TRUE(right) << "clx sum " << result << ", expected " << expected;
    else
        reportIfWrong(right, cv::format("sum [%.17g, %.17g, %.17g, %.17g], expected [%.17g, %.17g, %.17g, %.17g]",
                                        result[0], result[1], result[2], result[3],
                                        expected[0], expected[1], expected[2], expected[3]));
    SANITY_CHECK_NOTHING();
}

INSTANTIATE_TEST_CASE_P(BigImage8U, SumPerf_sum, Combine(CLREDUCE_PERF_BIG_IMPLS, CLREDUCE_PERF_BIG_8U, Values(CV_8UC1)));
INSTANTIATE_TEST_CASE_P(BigImage32F, SumPerf_sum, Combine(CLREDUCE_PERF_BIG_IMPLS, CLREDUCE_PERF_BIG_32F, Values(CV_32FC1)));

}} // namespace
