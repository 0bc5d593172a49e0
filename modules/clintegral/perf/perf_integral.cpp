#include "perf_precomp.hpp"

namespace opencv_test { namespace {

//   clx:  cv::clintegral::integral on UMat (this module)
//   ocv:  cv::integral on UMat (OpenCV's OpenCL path for 8UC1 without tilted; the CPU otherwise)
//   cpu:  cv::integral on Mat (all threads)
//   cuda: cv::cuda::integral / sqrIntegral on GpuMat (8UC1 only) on a stream with the BufferPool
//   cuda_sync: the same on the default stream
//   (both when OpenCV is built with cudaarithm)
#ifdef HAVE_OPENCV_CUDAARITHM
#define CLINTEGRAL_PERF_IMPLS Values(std::string("clx"), std::string("ocv"), std::string("cpu"), std::string("cuda"), \
                                     std::string("cuda_sync"))
#else
#define CLINTEGRAL_PERF_IMPLS Values(std::string("clx"), std::string("ocv"), std::string("cpu"))
#endif

struct IntegralCase
{
    Size size;
    int type, sdepth, sqdepth;   // sqdepth < 0: no squared sum
    bool tilted;
    bool infAtTop;   // an infinite first pixel: the tilted sum of a float image formed again row by row
};

static std::ostream& operator<<(std::ostream& os, const IntegralCase& c)
{
    os << c.size.width << "x" << c.size.height << " " << typeToString(c.type) << "->" << depthToString(c.sdepth);
    if (c.sqdepth >= 0)
        os << "+sq" << depthToString(c.sqdepth);
    if (c.tilted)
        os << "+tilted";
    if (c.infAtTop)
        os << "+inf";
    return os;
}

typedef clruntime_perf::RingPerf<tuple<std::string, IntegralCase>> IntegralPerf;

/** With CLX_PERF_KERNEL_TIME=1 in the environment, runs `call` 30 more times on
OpenCV's profiling queue and records the median device time of clx's kernels as
the XML property "kernel_ms" (all kernels of a call) and "kernel_parts_ms" (each). */
template <typename F>
static void recordKernelTimes(F call)
{
    static const bool enabled = cv::utils::getConfigurationParameterBool("CLX_PERF_KERNEL_TIME", false);
    if (!enabled)
        return;
    std::vector<std::vector<double>> parts;
    cv::clruntime::detail::setKernelProfiling(true);
    for (int r = 0; r < 30; r++)
    {
        cv::clruntime::detail::clearKernelTimes();
        call();
        std::vector<int64> ns = cv::clruntime::detail::kernelTimesNs();
        parts.resize(std::max(parts.size(), ns.size() + 1));
        double total = 0;
        for (size_t k = 0; k < ns.size(); k++)
        {
            parts[k + 1].push_back(ns[k] * 1e-6);
            total += ns[k] * 1e-6;
        }
        parts[0].push_back(total);
    }
    cv::clruntime::detail::setKernelProfiling(false);
    std::vector<double> medians;
    for (std::vector<double>& p : parts)
    {
        std::nth_element(p.begin(), p.begin() + p.size() / 2, p.end());
        medians.push_back(p[p.size() / 2]);
    }
    std::string each;
    for (size_t k = 1; k < medians.size(); k++)
        each += cv::format("%s%.4f", k > 1 ? " " : "", medians[k]);
    std::cout << "[ KERNELS  ] total " << medians[0] << " ms, each " << each << std::endl;
    ::testing::Test::RecordProperty("kernel_ms", cv::format("%.6f", medians[0]));
    ::testing::Test::RecordProperty("kernel_parts_ms", each);
}

// Each sample ends with the outputs complete: cv::ocl::finish() for UMat, the
// stream's completion for cv::cuda.
PERF_TEST_P(IntegralPerf, integral,
            Combine(CLINTEGRAL_PERF_IMPLS,
                    Values(IntegralCase{ Size(8192, 8192), CV_8UC1, CV_32S, -1, false, false },
                           IntegralCase{ Size(4096, 4096), CV_8UC1, CV_32S, -1, false, false },
                           IntegralCase{ Size(1280, 1280), CV_8UC1, CV_32S, -1, false, false },
                           IntegralCase{ Size(8192, 8192), CV_8UC1, CV_32S, CV_64F, false, false },
                           IntegralCase{ Size(4096, 4096), CV_8UC1, CV_32S, CV_64F, false, false },
                           IntegralCase{ Size(1280, 1280), CV_8UC1, CV_32S, CV_64F, false, false },
                           IntegralCase{ Size(4096, 4096), CV_8UC3, CV_32S, -1, false, false },
                           IntegralCase{ Size(4096, 4096), CV_32FC1, CV_64F, -1, false, false },
                           IntegralCase{ Size(4096, 4096), CV_32FC1, CV_64F, CV_64F, false, false },
                           IntegralCase{ Size(4096, 4096), CV_8UC1, CV_32S, -1, true, false },
                           IntegralCase{ Size(8192, 8192), CV_8UC1, CV_32S, -1, true, false },
                           IntegralCase{ Size(1280, 1280), CV_8UC1, CV_32S, -1, true, false },
                           IntegralCase{ Size(4096, 4096), CV_32FC1, CV_64F, -1, true, false },
                           IntegralCase{ Size(4096, 4096), CV_32FC1, CV_64F, -1, true, true })))
{
    const std::string impl = get<0>(GetParam());
    const IntegralCase ic = get<1>(GetParam());
    const bool wantSq = ic.sqdepth >= 0;
    const int cn = CV_MAT_CN(ic.type);
    const Size isize(ic.size.width + 1, ic.size.height + 1);
#ifdef HAVE_OPENCV_CUDAARITHM
    if (impl.compare(0, 4, "cuda") == 0 && (ic.type != CV_8UC1 || ic.tilted || (wantSq && ic.sqdepth != CV_64F)))
        throw SkipTestException("cv::cuda has no such integral");
#endif
    // Enough input copies to exceed a 50 MB GPU cache, as in the clreduce benchmarks.
    const double inBytes = (double)ic.size.area() * CV_ELEM_SIZE(ic.type);
    const int copies = (int)std::min(16.0, std::max(1.0, std::ceil(128.0 * 1024 * 1024 / inBytes)));
    std::vector<Mat> ring(copies);
    for (Mat& m : ring)
    {
        m.create(ic.size, ic.type);
        randu(m, 0, CV_MAT_DEPTH(ic.type) == CV_8U ? 256 : 1000);
        if (ic.infAtTop)
            m.at<float>(0, 0) = std::numeric_limits<float>::infinity();
    }
    // Declared outputs count the bytes written: sum, and squared / tilted sums when asked.
    Mat outSum(isize, CV_MAKETYPE(ic.sdepth, cn)), outSq(isize, CV_MAKETYPE(wantSq ? ic.sqdepth : CV_8U, cn));
    if (wantSq && ic.tilted)
        declare.in(ring[0]).out(outSum, outSq, outSum);
    else if (wantSq)
        declare.in(ring[0]).out(outSum, outSq);
    else if (ic.tilted)
        declare.in(ring[0]).out(outSum, outSum);
    else
        declare.in(ring[0]).out(outSum);

    const int sqdepth = wantSq ? ic.sqdepth : -1;
    size_t last = 0;
    Mat sum, sqsum, tilted;
    if (impl == "clx" || impl == "ocv")
    {
        std::vector<UMat> uring(copies);
        for (int k = 0; k < copies; k++)
            ring[k].copyTo(uring[k]);
        UMat usum, usq, utilted;
        auto call = [&](size_t k) {
            if (impl == "clx")
                cv::clintegral::integral(uring[k], usum, wantSq ? _OutputArray(usq) : _OutputArray(),
                                         ic.tilted ? _OutputArray(utilted) : _OutputArray(), ic.sdepth, sqdepth);
            else
                cv::integral(uring[k], usum, wantSq ? _OutputArray(usq) : _OutputArray(),
                             ic.tilted ? _OutputArray(utilted) : _OutputArray(), ic.sdepth, sqdepth);
        };
        last = timeRing(copies, call, true, 300, [&](const std::function<void()>& next) {
            if (impl == "clx")
                recordKernelTimes(next);
        });
        usum.copyTo(sum);
        usq.copyTo(sqsum);
        utilted.copyTo(tilted);
    }
    else if (impl == "cpu")
    {
        auto call = [&](size_t k) {
            cv::integral(ring[k], sum, wantSq ? _OutputArray(sqsum) : _OutputArray(),
                         ic.tilted ? _OutputArray(tilted) : _OutputArray(), ic.sdepth, sqdepth);
        };
        last = timeRing(copies, call, false);
    }
#ifdef HAVE_OPENCV_CUDAARITHM
    else if (impl == "cuda" || impl == "cuda_sync")
    {
        std::vector<cuda::GpuMat> gring(copies);
        for (int k = 0; k < copies; k++)
            gring[k].upload(ring[k]);
        cuda::GpuMat gsum, gsq;
        cuda::Stream& stream = clruntime_perf::cudaStreamFor(impl);
        auto call = [&](size_t k) {
            cv::cuda::integral(gring[k], gsum, stream);
            if (wantSq)
                cv::cuda::sqrIntegral(gring[k], gsq, stream);
            stream.waitForCompletion();
        };
        last = timeRing(copies, call, false);
        gsum.download(sum);
        if (wantSq)
            gsq.download(sqsum);
    }
#endif
    Mat expSum, expSq, expTilted;
    cv::integral(ring[last], expSum, wantSq ? _OutputArray(expSq) : _OutputArray(),
                 ic.tilted ? _OutputArray(expTilted) : _OutputArray(), ic.sdepth, sqdepth);
    // Integer sums must match; float sums of this many values differ in the last
    // bits, and must be infinite or NaN where OpenCV's are.
    auto differs = [](const Mat& e, const Mat& a) {
        if (e.size() != a.size() || e.type() != a.type())
            return true;
        if (e.depth() == CV_32S)
            return cvtest::norm(e, a, NORM_INF) != 0;
        Mat e64, a64, eFinite, aFinite;
        e.convertTo(e64, CV_64F);
        a.convertTo(a64, CV_64F);
        eFinite = abs(e64) <= DBL_MAX;
        aFinite = abs(a64) <= DBL_MAX;
        if (cvtest::norm(eFinite, aFinite, NORM_INF) != 0)
            return true;
        e64.setTo(0, ~eFinite);
        a64.setTo(0, ~aFinite);
        return cvtest::norm(e64, a64, NORM_INF) > 1e-5 * std::max(1.0, cvtest::norm(e64, NORM_INF));
    };
    bool wrong = differs(expSum, sum) || (wantSq && differs(expSq, sqsum)) || (ic.tilted && differs(expTilted, tilted));
    if (impl == "clx")
        ASSERT_FALSE(wrong) << "clx differs from cv::integral";
    else if (wrong)
    {
        std::cout << "[ WARNING  ] wrong result" << std::endl;
        ::testing::Test::RecordProperty("wrong_result", "differs from cv::integral on Mat");
    }
    SANITY_CHECK_NOTHING();
}

// An output past 2^31 bytes (2.5 GB): clx against OpenCV's CPU code; --gtest_filter=BigImage*.
INSTANTIATE_TEST_CASE_P(BigImage, IntegralPerf_integral,
                        Combine(Values(std::string("clx"), std::string("cpu")),
                                Values(IntegralCase{ Size(25000, 25000), CV_8UC1, CV_32S, -1, false, false })));

// A host image (Mat) in, its integral (Mat) out, over one device or two
// (clruntime::DeviceSet): rows gpus_1 and gpus_2, --gtest_filter=MultiGpu*.
typedef clruntime_perf::RingPerf<tuple<std::string, Size>> MultiGpuIntegralPerf;

PERF_TEST_P(MultiGpuIntegralPerf, integral, Combine(CLX_MULTI_GPU_IMPLS, Values(Size(10240, 10240), Size(20480, 20480))))
{
    const std::string impl = get<0>(GetParam());
    const Size size = get<1>(GetParam());
    Mat src = clruntime_perf::multiGpuMat(impl, size, CV_8UC1);
    Mat sum = clruntime_perf::multiGpuMat(impl, size + Size(1, 1), CV_32SC1), expected;
    randu(src, 0, 256);
    declare.in(src).out(sum);
    const cv::clruntime::DeviceSet devices = clruntime_perf::multiGpuSet(impl);
    timeRing(1, [&](size_t) { cv::clintegral::integral(src, sum, noArray(), CV_32S, -1, devices); }, false);
    cv::integral(src, expected, CV_32S);
    ASSERT_EQ(0, cvtest::norm(expected, sum, NORM_INF));
    SANITY_CHECK_NOTHING();
}

}} // namespace
