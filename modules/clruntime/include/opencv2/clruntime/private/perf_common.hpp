// For the clx modules' benchmarks only: the GPU warm-up, and cv::cuda used the way
// a careful user uses it.
#ifndef OPENCV_CLRUNTIME_PERF_COMMON_HPP
#define OPENCV_CLRUNTIME_PERF_COMMON_HPP

#include "opencv2/core/cuda.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/utility.hpp"
#include "opencv2/clruntime/device_set.hpp"
#include "opencv2/ts/ts_perf.hpp"
#include "opencv2/ts/ocl_perf.hpp"

#include <functional>

namespace opencv_test {
namespace clruntime_perf {

/** Calls `call` (and cv::ocl::finish()) for about `ms` milliseconds before timing
starts. An idle GPU runs at a low clock and needs tens of milliseconds of steady
work to reach its working clock; a hundred short calls are not enough, so without
this the first cases of a run (and any case after a long host-side set-up) are
timed at idle clocks. */
template <typename F>
void warmUp(F call, double ms = 300)
{
    const int64 start = cv::getTickCount();
    do
    {
        call();
        cv::ocl::finish();
    } while ((cv::getTickCount() - start) * 1000.0 / cv::getTickFrequency() < ms);
}

/** Fixture of the clx benchmarks: inputs rotate through a ring of copies. */
template <typename Params>
class RingPerf : public perf::TestBaseWithParam<Params>
{
protected:
    /** Warms up (warmUp), runs `afterWarmUp` with the call on the next ring element
    (kernel profiling, when asked for), then times call(k) on ring element k =
    0, 1, ... (cycling). With `oclFinish` every sample ends with cv::ocl::finish()
    (UMat outputs complete, as OCL_TEST_CYCLE). Returns the ring index of the last
    timed call. */
    template <typename F>
    size_t timeRing(size_t ringSize, F call, bool oclFinish, double warmUpMs = 300,
                    const std::function<void(const std::function<void()>&)>& afterWarmUp = nullptr)
    {
        size_t i = 0, last = 0;
        const std::function<void()> nextCall = [&] { call(i++ % ringSize); };
        warmUp(nextCall, warmUpMs);
        if (afterWarmUp)
            afterWarmUp(nextCall);
        cvtest::ocl::perf::safeFinish();
        for (; this->next() && this->startTimer(); this->stopTimer())
        {
            last = i++ % ringSize;
            call(last);
            if (oclFinish)
                cv::ocl::finish();
        }
        return last;
    }
};

/** The one stream the careful cv::cuda rows ("cuda") run on, with OpenCV's CUDA
BufferPool switched on: cv::cuda's functions then take their scratch memory from
the pool instead of a cudaMalloc per call. The pool must be switched on before
the first Stream is made, so this is the only place that makes one. The plain
rows ("cuda_sync") use the default stream and no pool, as most code does. */
inline cv::cuda::Stream& carefulCudaStream()
{
    static cv::cuda::Stream* stream = [] {
        const int device = cv::cuda::getDevice();
        cv::cuda::setBufferPoolUsage(true);
        // OpenCV 4.13 makes every device's pool on the first setBufferPoolConfig,
        // switching to each device in turn and not back, so that call's memory
        // would come from the last device: on two GPUs the plain rows then failed
        // in the same process ("invalid argument" in GpuMat::setTo). A first call
        // without memory makes the pools; the second allocates on `device`.
        cv::cuda::setBufferPoolConfig(device, 0, 0);
        cv::cuda::setBufferPoolConfig(device, 64 << 20, 2);
        return new cv::cuda::Stream();
    }();
    return *stream;
}

/** The stream of a cv::cuda row: the careful one for "cuda", the default one for "cuda_sync". */
inline cv::cuda::Stream& cudaStreamFor(const std::string& impl)
{
    return impl == "cuda" ? carefulCudaStream() : cv::cuda::Stream::Null();
}

/** Copies a small device result into page-locked host memory on `stream` and
waits: the result is on the host when this returns, as clx's are. */
inline cv::Mat readBack(const cv::cuda::GpuMat& result, cv::cuda::HostMem& host, cv::cuda::Stream& stream)
{
    result.download(host, stream);
    stream.waitForCompletion();
    return host.createMatHeader();
}

/** Rows "gpus_1" and "gpus_2" of the multi-device benchmarks (--gtest_filter=MultiGpu*):
the first device, or the first two devices, of the current device's type and
platform, with host images in ordinary memory; "gpus_1_pinned" and
"gpus_2_pinned" the same with host images in pinned memory (multiGpuMat). Fails
when the platform has fewer devices. */
inline cv::clruntime::DeviceSet multiGpuSet(const std::string& impl)
{
    const int type = cv::ocl::Device::getDefault().type() &
                     (cv::ocl::Device::TYPE_CPU | cv::ocl::Device::TYPE_GPU | cv::ocl::Device::TYPE_ACCELERATOR);
    return cv::clruntime::DeviceSet::ofPlatform(type, impl.compare(0, 6, "gpus_2") == 0 ? std::vector<int>{ 0, 1 }
                                                                                        : std::vector<int>{ 0 });
}

/** A host image of a multi-device benchmark row: pinned (clruntime::getPinnedAllocator)
for the "_pinned" rows, else ordinary memory. */
inline cv::Mat multiGpuMat(const std::string& impl, cv::Size size, int type)
{
    cv::Mat m;
    if (impl.find("_pinned") != std::string::npos)
        m.allocator = cv::clruntime::getPinnedAllocator();
    m.create(size, type);
    return m;
}

#define CLX_MULTI_GPU_IMPLS Values(std::string("gpus_1"), std::string("gpus_2"), std::string("gpus_1_pinned"), \
                                   std::string("gpus_2_pinned"))

}} // namespace

#endif
