// The implementations every clreduce benchmark compares in one run.
#ifndef OPENCV_CLREDUCE_PERF_UTILS_HPP
#define OPENCV_CLREDUCE_PERF_UTILS_HPP

namespace opencv_test {
namespace clreduce_perf {

//   clx:  cv::clreduce on UMat (this module)
//   ocv:  OpenCV's own function on UMat (its OpenCL path)
//   cpu:  OpenCV's own function on Mat (all threads)
//   cuda: cv::cuda on GpuMat as a careful user runs it: a stream, the BufferPool,
//         outputs kept between calls, the result read back to page-locked memory
//   cuda_sync: the plain synchronous cv::cuda call most code makes
//   (both when OpenCV is built with cudaarithm)
#ifdef HAVE_OPENCV_CUDAARITHM
#define CLREDUCE_PERF_IMPLS Values(std::string("clx"), std::string("ocv"), std::string("cpu"), std::string("cuda"), \
                                   std::string("cuda_sync"))
#else
#define CLREDUCE_PERF_IMPLS Values(std::string("clx"), std::string("ocv"), std::string("cpu"))
#endif

#define CLREDUCE_PERF_SIZES Values(Size(1280, 1280), Size(1920, 1080), Size(4096, 4096), Size(8192, 8192))

/** Enough copies of a random image that cycling through them never hits in a
GPU's last-level cache (50 MB on an H100): small images are timed from memory,
like large ones. Values are uniform in [lo, hi) so that zeros and ties occur. */
inline std::vector<Mat> makeInputRing(Size size, int type, double lo, double hi)
{
    const double ringBytes = 128.0 * 1024 * 1024;
    double bytes = (double)size.area() * CV_ELEM_SIZE(type);
    int copies = (int)std::min(64.0, std::max(1.0, std::ceil(ringBytes / bytes)));
    std::vector<Mat> ring(copies);
    RNG& rng = theRNG();
    for (Mat& m : ring)
    {
        m.create(size, type);
        rng.fill(m, RNG::UNIFORM, Scalar::all(lo), Scalar::all(hi));
    }
    return ring;
}

using clruntime_perf::warmUp;

template <typename T>
std::vector<T> uploadRing(const std::vector<Mat>& ring)
{
    std::vector<T> out(ring.size());
    for (size_t i = 0; i < ring.size(); i++)
        out[i].upload(ring[i]);
    return out;
}

template <>
inline std::vector<UMat> uploadRing<UMat>(const std::vector<Mat>& ring)
{
    std::vector<UMat> out(ring.size());
    for (size_t i = 0; i < ring.size(); i++)
        ring[i].copyTo(out[i]);
    return out;
}

/** Baselines are timed even when they return a wrong result; the result is then
recorded as the XML property "wrong_result", which perf/compare.py shows. */
inline void reportIfWrong(bool right, const std::string& what)
{
    if (right)
        return;
    std::cout << "[ WARNING  ] wrong result: " << what << std::endl;
    ::testing::Test::RecordProperty("wrong_result", what);
}

/** With CLX_PERF_KERNEL_TIME=1 in the environment, runs `call` 50 more times on
OpenCV's profiling queue and records the median device time of clx's kernel as the
XML property "kernel_ms" (host wall time minus it is the launch and read-back cost). */
template <typename F>
void recordKernelTime(F call)
{
    static const bool enabled = cv::utils::getConfigurationParameterBool("CLX_PERF_KERNEL_TIME", false);
    if (!enabled)
        return;
    std::vector<double> ms;
    cv::clruntime::detail::setKernelProfiling(true);
    for (int r = 0; r < 50; r++)
    {
        cv::clruntime::detail::clearKernelTimes();
        call();
        std::vector<int64> ns = cv::clruntime::detail::kernelTimesNs();
        if (ns.size() == 1)
            ms.push_back(ns[0] * 1e-6);
    }
    cv::clruntime::detail::setKernelProfiling(false);
    if (ms.empty())
        return;
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    ::testing::Test::RecordProperty("kernel_ms", cv::format("%.6f", ms[ms.size() / 2]));
}

/** Fixture of every clreduce benchmark: the first parameter names the implementation. */
template <typename Params>
class ImplPerf : public clruntime_perf::RingPerf<Params>
{
protected:
    /** Times call(i) on ring element i = 0, 1, ... (cycling), after the warm-up and
    the kernel profiling (recordKernelTime). Every clreduce call returns its result
    on the host, so a sample ends when the call returns: no extra cv::ocl::finish(),
    for any implementation. Returns the ring index of the last timed call. */
    template <typename F>
    size_t timeCalls(size_t ringSize, F call, double warmUpMs = 300)
    {
        return this->timeRing(ringSize, call, false, warmUpMs,
                              [](const std::function<void()>& next) { recordKernelTime(next); });
    }

    /** timeCalls for the OpenCL and CPU rows: "clx" times clx(UMat), "ocv"
    opencv(UMat), "cpu" opencv(Mat) on `ring` (UMat copies uploaded first). */
    template <typename Clx, typename OpenCV>
    size_t timeOpenCLOrCpu(const std::string& impl, const std::vector<Mat>& ring, Clx clx, OpenCV opencv)
    {
        if (impl == "cpu")
            return timeCalls(ring.size(), [&](size_t i) { opencv(ring[i]); }, 50);
        std::vector<UMat> uring = uploadRing<UMat>(ring);
        if (impl == "clx")
            return timeCalls(ring.size(), [&](size_t i) { clx(uring[i]); });
        return timeCalls(ring.size(), [&](size_t i) { opencv(uring[i]); });
    }
};

/** The images past 2^31 bytes or elements of the "BigImage" cases (64-bit offsets
and indices in the kernels): clx against OpenCV's CPU code only. They take
seconds each to make; run them with --gtest_filter=BigImage*. */
#define CLREDUCE_PERF_BIG_IMPLS Values(std::string("clx"), std::string("cpu"))
#define CLREDUCE_PERF_BIG_8U Values(Size(48000, 48000))
#define CLREDUCE_PERF_BIG_32F Values(Size(24000, 24000))

}} // namespace

#endif
