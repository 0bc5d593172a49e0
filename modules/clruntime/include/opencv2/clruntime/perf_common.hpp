// For the clx modules' benchmarks only: the GPU warm-up, and cv::cuda used the way
// a careful user uses it.
#ifndef OPENCV_CLRUNTIME_PERF_COMMON_HPP
#define OPENCV_CLRUNTIME_PERF_COMMON_HPP

#include "opencv2/core/cuda.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/core/utility.hpp"

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

/** The one stream the careful cv::cuda rows ("cuda") run on, with OpenCV's CUDA
BufferPool switched on: cv::cuda's functions then take their scratch memory from
the pool instead of a cudaMalloc per call. The pool must be switched on before
the first Stream is made, so this is the only place that makes one. The plain
rows ("cuda_sync") use the default stream and no pool, as most code does. */
inline cv::cuda::Stream& carefulCudaStream()
{
    static cv::cuda::Stream* stream = [] {
        cv::cuda::setBufferPoolUsage(true);
        cv::cuda::setBufferPoolConfig(cv::cuda::getDevice(), 64 << 20, 2);
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

}} // namespace

#endif
