#include "perf_precomp.hpp"

namespace opencv_test { namespace {
using namespace clreduce_perf;

typedef ImplPerf<tuple<std::string, Size, MatDepth, std::string>> MinMaxLocPerf;

// All four outputs asked for; "mask": with a random 8-bit mask (two thirds set).
PERF_TEST_P(MinMaxLocPerf, minMaxLoc,
            Combine(CLREDUCE_PERF_IMPLS, CLREDUCE_PERF_SIZES, Values(CV_8U, CV_32F), Values(std::string("nomask"), std::string("mask"))))
{
    const std::string impl = get<0>(GetParam());
    const Size size = get<1>(GetParam());
    const int type = CV_MAKETYPE(get<2>(GetParam()), 1);
    const bool masked = get<3>(GetParam()) == "mask";
    std::vector<Mat> ring = makeInputRing(size, type, 0, 256);
    Mat mask;
    if (masked)
    {
        mask.create(size, CV_8UC1);
        theRNG().fill(mask, RNG::UNIFORM, 0, 3);
        declare.in(ring[0], mask);
    }
    else
        declare.in(ring[0]);

    double minVal = 0, maxVal = 0;
    Point minLoc, maxLoc;
    size_t last = 0;
    if (impl == "clx" || impl == "ocv" || impl == "cpu")
    {
        UMat umask;
        mask.copyTo(umask);
        last = timeOpenCLOrCpu(impl, ring,
            [&](InputArray a) { cv::clreduce::minMaxLoc(a, &minVal, &maxVal, &minLoc, &maxLoc, umask); },
            [&](InputArray a) {
                cv::minMaxLoc(a, &minVal, &maxVal, &minLoc, &maxLoc, a.isUMat() ? _InputArray(umask) : _InputArray(mask));
            });
    }
#ifdef HAVE_OPENCV_CUDAARITHM
    else if (impl == "cuda" || impl == "cuda_sync")
    {
        std::vector<cuda::GpuMat> gring = uploadRing<cuda::GpuMat>(ring);
        cuda::GpuMat gmask(mask), vals, locs;
        cuda::HostMem hostVals, hostLocs;
        cuda::Stream& stream = clruntime_perf::cudaStreamFor(impl);
        if (impl == "cuda")
            last = timeCalls(ring.size(), [&](size_t i) {
                // What cv::cuda::minMaxLoc does, on our stream: values and linear indices, min then max.
                cv::cuda::findMinMaxLoc(gring[i], vals, locs, gmask, stream);
                vals.download(hostVals, stream);
                Mat l = clruntime_perf::readBack(locs, hostLocs, stream);
                Mat v;
                hostVals.createMatHeader().convertTo(v, CV_64F);
                minVal = v.at<double>(0), maxVal = v.at<double>(1);
                const int minI = l.at<int>(0), maxI = l.at<int>(1);
                minLoc = Point(minI % size.width, minI / size.width);
                maxLoc = Point(maxI % size.width, maxI / size.width);
            });
        else
            last = timeCalls(ring.size(), [&](size_t i) {
                cv::cuda::minMaxLoc(gring[i], &minVal, &maxVal, &minLoc, &maxLoc, gmask);
            });
    }
#endif
    double eMin = 0, eMax = 0;
    Point eMinLoc, eMaxLoc;
    cv::minMaxLoc(ring[last], &eMin, &eMax, &eMinLoc, &eMaxLoc, mask);
    bool right = eMin == minVal && eMax == maxVal && eMinLoc == minLoc && eMaxLoc == maxLoc;
    if (impl == "clx")
        ASSERT_TRUE(right) << "clx " << minVal << " " << maxVal << " " << minLoc << " " << maxLoc;
    else
        reportIfWrong(right, cv::format("min %g at (%d, %d), max %g at (%d, %d); expected min %g at (%d, %d), max %g at (%d, %d)",
                                        minVal, minLoc.x, minLoc.y, maxVal, maxLoc.x, maxLoc.y,
                                        eMin, eMinLoc.x, eMinLoc.y, eMax, eMaxLoc.x, eMaxLoc.y));
    SANITY_CHECK_NOTHING();
}

INSTANTIATE_TEST_CASE_P(BigImage8U, MinMaxLocPerf_minMaxLoc,
                        Combine(CLREDUCE_PERF_BIG_IMPLS, CLREDUCE_PERF_BIG_8U, Values(CV_8U), Values(std::string("nomask"))));
INSTANTIATE_TEST_CASE_P(BigImage32F, MinMaxLocPerf_minMaxLoc,
                        Combine(CLREDUCE_PERF_BIG_IMPLS, CLREDUCE_PERF_BIG_32F, Values(CV_32F), Values(std::string("nomask"))));

}} // namespace
