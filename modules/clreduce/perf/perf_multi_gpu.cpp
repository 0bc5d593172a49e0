#include "perf_precomp.hpp"

namespace opencv_test { namespace {

// A host image (Mat) reduced over one device or two (clruntime::DeviceSet), each
// device reducing a band: rows gpus_1 and gpus_2, --gtest_filter=MultiGpu*.
typedef clruntime_perf::RingPerf<tuple<std::string, std::string, Size>> MultiGpuReducePerf;

PERF_TEST_P(MultiGpuReducePerf, reduce,
            Combine(CLX_MULTI_GPU_IMPLS, Values(std::string("countNonZero"), std::string("sum"), std::string("minMaxLoc")),
                    Values(Size(10240, 10240), Size(20480, 20480))))
{
    const std::string impl = get<0>(GetParam()), op = get<1>(GetParam());
    const Size size = get<2>(GetParam());
    Mat src = clruntime_perf::multiGpuMat(impl, size, CV_8UC1);
    randu(src, 0, 4);   // zeros and ties
    declare.in(src);
    const cv::clruntime::DeviceSet devices = clruntime_perf::multiGpuSet(impl);
    double result[6] = {};
    auto reduce = [&](const Mat& img, double* r, bool viaDevices) {
        if (op == "countNonZero")
            r[0] = viaDevices ? cv::clreduce::countNonZero(img, devices) : cv::countNonZero(img);
        else if (op == "sum")
            r[0] = (viaDevices ? cv::clreduce::sum(img, devices) : cv::sum(img))[0];
        else
        {
            Point minLoc, maxLoc;
            if (viaDevices)
                cv::clreduce::minMaxLoc(img, &r[0], &r[1], &minLoc, &maxLoc, noArray(), devices);
            else
                cv::minMaxLoc(img, &r[0], &r[1], &minLoc, &maxLoc);
            r[2] = minLoc.x, r[3] = minLoc.y, r[4] = maxLoc.x, r[5] = maxLoc.y;
        }
    };
    timeRing(1, [&](size_t) { reduce(src, result, true); }, false);
    double expected[6] = {};
    reduce(src, expected, false);
    for (int i = 0; i < 6; i++)
        ASSERT_EQ(expected[i], result[i]) << op << " result " << i;
    SANITY_CHECK_NOTHING();
}

}} // namespace
