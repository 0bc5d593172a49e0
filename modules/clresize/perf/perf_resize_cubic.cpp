#include "perf_precomp.hpp"

namespace opencv_test { namespace {

//   clx:  cv::clresize::resize on UMat (this module)
//   ocv:  cv::resize on UMat (OpenCV has no OpenCL cubic resize: it runs on the CPU)
//   cpu:  cv::resize on Mat (all threads)
//   cuda: cv::cuda::resize on GpuMat on a stream with the BufferPool, output kept
//   cuda_sync: the same on the default stream
//   (both when OpenCV is built with cudawarping)
#ifdef HAVE_OPENCV_CUDAWARPING
#define CLRESIZE_PERF_IMPLS Values(std::string("clx"), std::string("ocv"), std::string("cpu"), std::string("cuda"), \
                                   std::string("cuda_sync"))
#else
#define CLRESIZE_PERF_IMPLS Values(std::string("clx"), std::string("ocv"), std::string("cpu"))
#endif

struct ResizeCase
{
    Size from, to;
    int type;
};

static std::ostream& operator<<(std::ostream& os, const ResizeCase& c)
{
    return os << c.from.width << "x" << c.from.height << "->" << c.to.width << "x" << c.to.height << " "
              << typeToString(c.type);
}

typedef clruntime_perf::RingPerf<tuple<std::string, ResizeCase>> ResizeCubicPerf;

// Each sample ends with the output complete: cv::ocl::finish() for UMat, the
// stream's completion for cv::cuda.
PERF_TEST_P(ResizeCubicPerf, resizeCubic,
            Combine(CLRESIZE_PERF_IMPLS,
                    Values(ResizeCase{ Size(4096, 4096), Size(8192, 8192), CV_8UC1 },
                           ResizeCase{ Size(1280, 1280), Size(2560, 2560), CV_8UC1 },
                           ResizeCase{ Size(1920, 1080), Size(3840, 2160), CV_8UC3 },
                           ResizeCase{ Size(4096, 4096), Size(2048, 2048), CV_32FC1 },
                           ResizeCase{ Size(4096, 4096), Size(8192, 8192), CV_16UC1 },
                           ResizeCase{ Size(2048, 2048), Size(4096, 4096), CV_32FC1 })))
{
    const std::string impl = get<0>(GetParam());
    const ResizeCase rc = get<1>(GetParam());
    // Enough input copies to exceed a 50 MB GPU cache, as in the clreduce benchmarks.
    const int copies = (int)std::min(16.0, std::max(1.0, std::ceil(128.0 * 1024 * 1024 / ((double)rc.from.area() * CV_ELEM_SIZE(rc.type)))));
    std::vector<Mat> ring(copies);
    for (Mat& m : ring)
    {
        m.create(rc.from, rc.type);
        randu(m, 0, 256);
    }
    Mat out(rc.to, rc.type);
    declare.in(ring[0]).out(out);

    size_t last = 0;
    Mat result;
    if (impl == "clx" || impl == "ocv")
    {
        std::vector<UMat> uring(copies);
        for (int k = 0; k < copies; k++)
            ring[k].copyTo(uring[k]);
        UMat dst;
        auto call = [&](size_t k) {
            if (impl == "clx")
                cv::clresize::resize(uring[k], dst, rc.to, 0, 0, INTER_CUBIC);
            else
                cv::resize(uring[k], dst, rc.to, 0, 0, INTER_CUBIC);
        };
        last = timeRing(copies, call, true);
        dst.copyTo(result);
    }
    else if (impl == "cpu")
    {
        Mat dst;
        last = timeRing(copies, [&](size_t k) { cv::resize(ring[k], dst, rc.to, 0, 0, INTER_CUBIC); }, false);
        result = dst;
    }
#ifdef HAVE_OPENCV_CUDAWARPING
    else if (impl == "cuda" || impl == "cuda_sync")
    {
        std::vector<cuda::GpuMat> gring(copies);
        for (int k = 0; k < copies; k++)
            gring[k].upload(ring[k]);
        cuda::GpuMat dst;
        cuda::Stream& stream = clruntime_perf::cudaStreamFor(impl);
        auto call = [&](size_t k) {
            cv::cuda::resize(gring[k], dst, rc.to, 0, 0, INTER_CUBIC, stream);
            stream.waitForCompletion();
        };
        last = timeRing(copies, call, false);
        dst.download(result);
    }
#endif
    Mat expected;
    cv::resize(ring[last], expected, rc.to, 0, 0, INTER_CUBIC);
    double diff = cvtest::norm(expected, result, NORM_INF);
    if (impl == "clx")
        ASSERT_EQ(0, diff) << "clx differs from cv::resize";
    else if (diff > (CV_MAT_DEPTH(rc.type) == CV_8U ? 1 : 1e-3))
    {
        std::cout << "[ WARNING  ] wrong result: max difference " << diff << std::endl;
        ::testing::Test::RecordProperty("wrong_result", cv::format("max difference %g", diff));
    }
    SANITY_CHECK_NOTHING();
}

// An output past 2^31 bytes (2.3 GB): clx against OpenCV's CPU code; --gtest_filter=BigImage*.
INSTANTIATE_TEST_CASE_P(BigImage, ResizeCubicPerf_resizeCubic,
                        Combine(Values(std::string("clx"), std::string("cpu")),
                                Values(ResizeCase{ Size(24000, 24000), Size(48000, 48000), CV_8UC1 })));

// The host <-> device copies of a plain pinned transfer: the input uploaded from and
// the output downloaded to CL_MEM_ALLOC_HOST_PTR buffers mapped once, one after the
// other, on OpenCV's queue. What the link gives to a copy (the floor of clx_devices,
// which also copies the rows between the image and pinned memory).
class PinnedCopy
{
public:
    PinnedCopy(size_t inBytes, size_t outBytes)
        : devIn_(1, (int)std::min<size_t>(inBytes, INT_MAX), CV_8UC1), devOut_(1, (int)std::min<size_t>(outBytes, INT_MAX), CV_8UC1)
    {
        CV_Assert(inBytes <= INT_MAX && outBytes <= INT_MAX);
        CV_Assert(hostIn_.reserve(ocl::Context::getDefault(), ocl::Queue::getDefault(), inBytes) &&
                  hostOut_.reserve(ocl::Context::getDefault(), ocl::Queue::getDefault(), outBytes));
        memset(hostIn_.host(), 1, inBytes);
    }
    void run()
    {
        cl_command_queue queue = (cl_command_queue)ocl::Queue::getDefault().ptr();
        CV_Assert(clEnqueueWriteBuffer(queue, (cl_mem)devIn_.handle(ACCESS_WRITE), CL_FALSE, 0, devIn_.cols,
                                       hostIn_.host(), 0, NULL, NULL) == CL_SUCCESS);
        CV_Assert(clEnqueueReadBuffer(queue, (cl_mem)devOut_.handle(ACCESS_READ), CL_TRUE, 0, devOut_.cols,
                                      hostOut_.host(), 0, NULL, NULL) == CL_SUCCESS);
    }

private:
    UMat devIn_, devOut_;
    cv::clruntime::PinnedBuffer hostIn_, hostOut_;
};

// A host image in, a host image out (clruntime::DeviceSet):
//   clx_devices: cv::clresize::resize(Mat) over every device of the current one's type
//                (bands streamed through pinned memory, copies and kernels overlapped)
//   clx_budget:  the same with a memory budget of an eighth of the output (more, smaller bands)
//   clx_budget_1g: the first device alone, with a memory budget of 1 GB
//   clx_umat:    upload, cv::clresize::resize(UMat), download (the one-device call on host data)
//   copy:        the upload and download alone (pageable memory: the transfer floor of clx_umat)
//   pinned_copy: the same bytes through pinned memory (PinnedCopy)
//   host_copy:   the same bytes copied on the host by BandStream::copyRows (the image to
//                other host memory and back: what clx_devices adds to the transfers)
//   cpu:         cv::resize(Mat)
typedef clruntime_perf::RingPerf<tuple<std::string, ResizeCase>> HostImagePerf;

PERF_TEST_P(HostImagePerf, resizeCubic,
            Combine(Values(std::string("clx_devices"), std::string("clx_pinned"), std::string("clx_budget"), std::string("clx_umat"),
                           std::string("copy"), std::string("pinned_copy"), std::string("host_copy"),
                           std::string("cpu")),
                    Values(ResizeCase{ Size(8192, 8192), Size(16384, 16384), CV_8UC1 })))
{
    const std::string impl = get<0>(GetParam());
    const ResizeCase rc = get<1>(GetParam());
    // clx_pinned, clx_budget_1g_pinned: the host images in pinned memory.
    Mat src = clruntime_perf::multiGpuMat(impl, rc.from, rc.type), dst = clruntime_perf::multiGpuMat(impl, rc.to, rc.type);
    randu(src, 0, 256);
    declare.in(src).out(dst);
    // The perf XML holds byte counts in 32 bits: the whole count of the case past 4 GB, for perf/compare.py.
    RecordProperty("bytes", cv::format("%zu", src.total() * src.elemSize() + dst.total() * dst.elemSize()));
    // clx_budget_1g: one device, as a machine with one GPU has.
    const bool budget1g = impl.compare(0, 13, "clx_budget_1g") == 0;
    clruntime::DeviceSet devices = clruntime::DeviceSet::ofPlatform(
        clruntime_test::currentDeviceType(), budget1g ? std::vector<int>{ 0 } : std::vector<int>());
    if (impl == "clx_budget")
        devices.setMemoryBudget(dst.total() * dst.elemSize() / 8);
    else if (budget1g)
        devices.setMemoryBudget((size_t)1 << 30);
    std::unique_ptr<PinnedCopy> pinned;
    if (impl == "pinned_copy")
        pinned.reset(new PinnedCopy(src.total() * src.elemSize(), dst.total() * dst.elemSize()));
    UMat usrc, udst;
    Mat hostIn, hostOut;
    if (impl == "host_copy")
    {
        hostIn.create(src.size(), src.type());
        hostOut.create(dst.size(), dst.type());
        hostOut.setTo(Scalar::all(1));
    }
    auto call = [&](size_t) {
        if (impl.compare(0, 3, "clx") == 0 && impl != "clx_umat")
            cv::clresize::resize(src, dst, rc.to, 0, 0, INTER_CUBIC, devices);
        else if (impl == "clx_umat" || impl == "copy")
        {
            src.copyTo(usrc);
            if (impl == "clx_umat")
                cv::clresize::resize(usrc, udst, rc.to, 0, 0, INTER_CUBIC);
            else if (udst.size() != rc.to)
                udst.create(rc.to, rc.type);
            udst.copyTo(dst);
        }
        else if (impl == "pinned_copy")
            pinned->run();
        else if (impl == "host_copy")
        {
            clruntime::BandStream::copyRows(src, hostIn);
            clruntime::BandStream::copyRows(hostOut, dst);
        }
        else
            cv::resize(src, dst, rc.to, 0, 0, INTER_CUBIC);
    };
    timeRing(1, call, false);
    if (budget1g)
    {
        // Bit-identical to the in-memory call on one device.
        UMat whole;
        src.copyTo(usrc);
        cv::clresize::resize(usrc, whole, rc.to, 0, 0, INTER_CUBIC);
        ASSERT_EQ(0, cvtest::norm(whole.getMat(ACCESS_READ), dst, NORM_INF)) << impl << " differs from the UMat call";
    }
    else if (impl != "copy" && impl != "pinned_copy" && impl != "host_copy")
    {
        Mat expected;
        cv::resize(src, expected, rc.to, 0, 0, INTER_CUBIC);
        ASSERT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << impl << " differs from cv::resize";
    }
    SANITY_CHECK_NOTHING();
}

// Out of core: a 60000x60000 image (3.6 GB) enlarged x2 (14.4 GB) under a 1 GB device
// memory budget; --gtest_filter=HugeHostImage*.
INSTANTIATE_TEST_CASE_P(HugeHostImage, HostImagePerf_resizeCubic,
                        Combine(Values(std::string("clx_budget_1g"), std::string("clx_budget_1g_pinned")),
                                Values(ResizeCase{ Size(60000, 60000), Size(120000, 120000), CV_8UC1 })));

// A host image over one device or two (clruntime::DeviceSet): rows gpus_1 and
// gpus_2, --gtest_filter=MultiGpu*.
typedef clruntime_perf::RingPerf<tuple<std::string, ResizeCase>> MultiGpuResizePerf;

PERF_TEST_P(MultiGpuResizePerf, resizeCubic,
            Combine(CLX_MULTI_GPU_IMPLS, Values(ResizeCase{ Size(10240, 10240), Size(20480, 20480), CV_8UC1 },
                                                ResizeCase{ Size(20480, 20480), Size(40960, 40960), CV_8UC1 })))
{
    const std::string impl = get<0>(GetParam());
    const ResizeCase rc = get<1>(GetParam());
    Mat src = clruntime_perf::multiGpuMat(impl, rc.from, rc.type), dst = clruntime_perf::multiGpuMat(impl, rc.to, rc.type);
    Mat expected;
    randu(src, 0, 256);
    declare.in(src).out(dst);
    const cv::clruntime::DeviceSet devices = clruntime_perf::multiGpuSet(impl);
    timeRing(1, [&](size_t) { cv::clresize::resize(src, dst, rc.to, 0, 0, INTER_CUBIC, devices); }, false);
    cv::resize(src, expected, rc.to, 0, 0, INTER_CUBIC);
    ASSERT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
    SANITY_CHECK_NOTHING();
}

}} // namespace
