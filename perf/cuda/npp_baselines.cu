// NPP and CUB baselines for the clx comparison: the NPP (and, for the
// reductions, CUB) counterparts of the clx benchmarks, timed the same way
// (host wall time per call, median, inputs rotating through copies that exceed
// the L2, result on the host for reductions, the stream drained for images),
// written as gtest-style XML that perf/compare.py reads next to the perf
// binaries' output.
//
//   nvcc -O2 -std=c++17 npp_baselines.cu -lnppc -lnppist -lnppig -lnppitc -lnppial -o npp_baselines
//   ./npp_baselines results.xml [--big]   (--big: also the images past 2^31 bytes)
#include <cub/cub.cuh>
#include <cuda_runtime.h>
#include <npp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#define CHECK_CUDA(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); std::exit(1); } } while (0)
#define CHECK_NPP(call) do { NppStatus s_ = (call); if (s_ < 0) { \
    std::fprintf(stderr, "%s:%d: NPP error %d\n", __FILE__, __LINE__, (int)s_); std::exit(1); } } while (0)

// The buffer-size argument type differs between NPP versions (int or size_t):
// take it from the function's signature.
template <typename T> T bufferSizeType(NppStatus (*)(NppiSize, T*, NppStreamContext));

static NppStreamContext makeContext()
{
    NppStreamContext ctx = {};
    ctx.hStream = 0;
    CHECK_CUDA(cudaGetDevice(&ctx.nCudaDeviceId));
    cudaDeviceProp prop;
    CHECK_CUDA(cudaGetDeviceProperties(&prop, ctx.nCudaDeviceId));
    ctx.nMultiProcessorCount = prop.multiProcessorCount;
    ctx.nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    ctx.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
    ctx.nSharedMemPerBlock = prop.sharedMemPerBlock;
    ctx.nCudaDevAttrComputeCapabilityMajor = prop.major;
    ctx.nCudaDevAttrComputeCapabilityMinor = prop.minor;
    CHECK_CUDA(cudaStreamGetFlags(ctx.hStream, &ctx.nStreamFlags));
    return ctx;
}

// Random 8-bit images (values 0..3: zeros and ties) on the device, enough copies
// to exceed 128 MB together.
struct Ring
{
    std::vector<Npp8u*> images;
    int step = 0;
    Ring(int w, int h, int maxValue)
    {
        size_t bytes = (size_t)w * h;
        int copies = (int)std::min<size_t>(64, std::max<size_t>(1, (128u << 20) / bytes + 1));
        std::vector<Npp8u> host(bytes);
        for (int c = 0; c < copies; c++)
        {
            for (size_t i = 0; i < bytes; i++)
                host[i] = (Npp8u)(std::rand() % maxValue);
            Npp8u* d = nullptr;
            size_t pitch = 0;
            CHECK_CUDA(cudaMallocPitch(&d, &pitch, w, h));
            CHECK_CUDA(cudaMemcpy2D(d, pitch, host.data(), w, w, h, cudaMemcpyHostToDevice));
            step = (int)pitch;
            images.push_back(d);
        }
    }
    ~Ring() { for (Npp8u* d : images) cudaFree(d); }
};

struct Result { std::string op, impl, kase; double medianMs; long long bytesIn, bytesOut; };

// A device buffer big enough for the scratch of NPP's sum, min/max and count on `roi`.
static Npp8u* reductionScratch(NppiSize roi, NppStreamContext ctx)
{
    using SumBufT = decltype(bufferSizeType(nppiSumGetBufferHostSize_8u_C1R_Ctx));
    using MinMaxBufT = decltype(bufferSizeType(nppiMinMaxIndxGetBufferHostSize_8u_C1R_Ctx));
    using CountBufT = decltype(bufferSizeType(nppiCountInRangeGetBufferHostSize_8u_C1R_Ctx));
    SumBufT sumBytes = 0; MinMaxBufT minMaxBytes = 0; CountBufT countBytes = 0;
    CHECK_NPP(nppiSumGetBufferHostSize_8u_C1R_Ctx(roi, &sumBytes, ctx));
    CHECK_NPP(nppiMinMaxIndxGetBufferHostSize_8u_C1R_Ctx(roi, &minMaxBytes, ctx));
    CHECK_NPP(nppiCountInRangeGetBufferHostSize_8u_C1R_Ctx(roi, &countBytes, ctx));
    Npp8u* scratch = nullptr;
    CHECK_CUDA(cudaMalloc(&scratch, std::max<size_t>({ (size_t)sumBytes, (size_t)minMaxBytes, (size_t)countBytes })));
    return scratch;
}

// Median wall time of call(i), i cycling over the ring, after 300 ms of warm-up.
static double medianMs(size_t ringSize, const std::function<void(size_t)>& call)
{
    size_t i = 0;
    auto start = std::chrono::steady_clock::now();
    while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() < 300)
        call(i++ % ringSize);
    std::vector<double> times;
    for (int r = 0; r < 100; r++)
    {
        auto t0 = std::chrono::steady_clock::now();
        call(i++ % ringSize);
        auto t1 = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
    return times[times.size() / 2];
}

int main(int argc, char** argv)
{
    const char* outPath = argc > 1 ? argv[1] : "npp_baselines.xml";
    NppStreamContext ctx = makeContext();
    std::vector<Result> results;
    const int sizes[][2] = { { 1280, 1280 }, { 1920, 1080 }, { 4096, 4096 }, { 8192, 8192 } };

    for (const auto& s : sizes)
    {
        const int w = s[0], h = s[1];
        const NppiSize roi = { w, h };
        const std::string size = std::to_string(w) + "x" + std::to_string(h);
        const long long bytes = (long long)w * h;
        Ring ring(w, h, 4);
        const size_t n = ring.images.size();

        // Scratch buffers, allocated once per size.
        Npp8u* scratch = reductionScratch(roi, ctx);
        void* out = nullptr;   // device results
        CHECK_CUDA(cudaMalloc(&out, 64));

        // NPP: count of non-zero elements = count in [1, 255]; sum; min/max with index.
        results.push_back({ "countNonZero", "npp", size + " CV_8U", medianMs(n, [&](size_t i) {
            CHECK_NPP(nppiCountInRange_8u_C1R_Ctx(ring.images[i], ring.step, roi, (int*)out, 1, 255, scratch, ctx));
            int count; CHECK_CUDA(cudaMemcpy(&count, out, sizeof(count), cudaMemcpyDeviceToHost));
        }), bytes, 0 });
        results.push_back({ "sum", "npp", size + " 8UC1", medianMs(n, [&](size_t i) {
            CHECK_NPP(nppiSum_8u_C1R_Ctx(ring.images[i], ring.step, roi, scratch, (Npp64f*)out, ctx));
            double sum; CHECK_CUDA(cudaMemcpy(&sum, out, sizeof(sum), cudaMemcpyDeviceToHost));
        }), bytes, 0 });
        results.push_back({ "minMaxLoc", "npp", size + " CV_8U nomask", medianMs(n, [&](size_t i) {
            Npp8u* o = (Npp8u*)out;
            CHECK_NPP(nppiMinMaxIndx_8u_C1R_Ctx(ring.images[i], ring.step, roi, o, o + 1, (NppiPoint*)(o + 8),
                                                (NppiPoint*)(o + 16), scratch, ctx));
            unsigned char r[24]; CHECK_CUDA(cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost));
        }), bytes, 0 });

        // CUB over the whole image as one array (the ring's pitch equals the width
        // for these sizes, which are multiples of the pitch alignment).
        if (ring.step == w)
        {
            size_t cubBytes = 0, tmp = 0;
            CHECK_CUDA(cub::DeviceReduce::Sum(nullptr, tmp, ring.images[0], (long long*)out, (int)bytes));
            cubBytes = std::max(cubBytes, tmp);
            CHECK_CUDA(cub::DeviceReduce::Min(nullptr, tmp, ring.images[0], (Npp8u*)out, (int)bytes));
            cubBytes = std::max(cubBytes, tmp);
            void* cubScratch = nullptr;
            CHECK_CUDA(cudaMalloc(&cubScratch, cubBytes));
            results.push_back({ "sum", "cub", size + " 8UC1", medianMs(n, [&](size_t i) {
                size_t b = cubBytes;
                CHECK_CUDA(cub::DeviceReduce::Sum(cubScratch, b, ring.images[i], (long long*)out, (int)bytes));
                long long sum; CHECK_CUDA(cudaMemcpy(&sum, out, sizeof(sum), cudaMemcpyDeviceToHost));
            }), bytes, 0 });
            // Min and max values (no locations): the lower bound for minMaxLoc.
            results.push_back({ "minMaxLoc", "cub", size + " CV_8U nomask", medianMs(n, [&](size_t i) {
                size_t b = cubBytes;
                CHECK_CUDA(cub::DeviceReduce::Min(cubScratch, b, ring.images[i], (Npp8u*)out, (int)bytes));
                CHECK_CUDA(cub::DeviceReduce::Max(cubScratch, b, ring.images[i], (Npp8u*)out + 1, (int)bytes));
                unsigned char r[2]; CHECK_CUDA(cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost));
            }), bytes, 0 });
            cudaFree(cubScratch);
        }
        cudaFree(scratch);
        cudaFree(out);
    }

    // Cubic resize, the cases of opencv_perf_clresize (8UC1 only).
    const int resizes[][4] = { { 4096, 4096, 8192, 8192 }, { 1280, 1280, 2560, 2560 } };
    for (const auto& r : resizes)
    {
        Ring ring(r[0], r[1], 256);
        Npp8u* dst = nullptr;
        size_t dstPitch = 0;
        CHECK_CUDA(cudaMallocPitch(&dst, &dstPitch, r[2], r[3]));
        NppiSize srcSize = { r[0], r[1] }, dstSize = { r[2], r[3] };
        NppiRect srcRoi = { 0, 0, r[0], r[1] }, dstRoi = { 0, 0, r[2], r[3] };
        std::string kase = std::to_string(r[0]) + "x" + std::to_string(r[1]) + "->" + std::to_string(r[2]) + "x" +
                           std::to_string(r[3]) + " CV_8UC1";
        results.push_back({ "resizeCubic", "npp", kase, medianMs(ring.images.size(), [&](size_t i) {
            CHECK_NPP(nppiResize_8u_C1R_Ctx(ring.images[i], ring.step, srcSize, srcRoi, dst, (int)dstPitch, dstSize,
                                            dstRoi, NPPI_INTER_CUBIC, ctx));
            CHECK_CUDA(cudaStreamSynchronize(ctx.hStream));
        }), (long long)r[0] * r[1], (long long)r[2] * r[3] });
        cudaFree(dst);
    }

    // Integral images, the 8UC1 cases of opencv_perf_clintegral. NPP's output is
    // (w+1) x (h+1) with the zero first row and column, as cv::integral's.
    const int integrals[][3] = { { 8192, 8192, 0 }, { 4096, 4096, 0 }, { 1280, 1280, 0 },
                                 { 8192, 8192, 1 }, { 4096, 4096, 1 }, { 1280, 1280, 1 } };
    for (const auto& r : integrals)
    {
        const int w = r[0], h = r[1];
        const bool withSq = r[2] != 0;
        Ring ring(w, h, 256);
        Npp32s* sum = nullptr;
        Npp64f* sqsum = nullptr;
        size_t sumPitch = 0, sqPitch = 0;
        CHECK_CUDA(cudaMallocPitch(&sum, &sumPitch, (w + 1) * sizeof(Npp32s), h + 1));
        if (withSq)
            CHECK_CUDA(cudaMallocPitch(&sqsum, &sqPitch, (w + 1) * sizeof(Npp64f), h + 1));
        const NppiSize roi = { w, h };
        std::string kase = std::to_string(w) + "x" + std::to_string(h) + " CV_8UC1->CV_32S" + (withSq ? "+sqCV_64F" : "");
        const long long outBytes = (long long)(w + 1) * (h + 1) * (sizeof(Npp32s) + (withSq ? sizeof(Npp64f) : 0));
        results.push_back({ "integral", "npp", kase, medianMs(ring.images.size(), [&](size_t i) {
            if (withSq)
                CHECK_NPP(nppiSqrIntegral_8u32s64f_C1R_Ctx(ring.images[i], ring.step, sum, (int)sumPitch, sqsum,
                                                           (int)sqPitch, roi, 0, 0.0, ctx));
            else
                CHECK_NPP(nppiIntegral_8u32s_C1R_Ctx(ring.images[i], ring.step, sum, (int)sumPitch, roi, 0, ctx));
            CHECK_CUDA(cudaStreamSynchronize(ctx.hStream));
        }), (long long)w * h, outBytes });
        cudaFree(sum);
        cudaFree(sqsum);
    }

    // Images past 2^31 bytes or elements, the "BigImage" cases of the perf
    // binaries (one constant image each: NPP's time does not depend on the
    // values). NPP may refuse a size: the case is then left out, with a note.
    if (argc > 2 && std::string(argv[2]) == "--big")
    {
        auto bigImage = [](int w, int h, size_t elemBytes, int* step) {
            void* d = nullptr;
            size_t pitch = 0;
            CHECK_CUDA(cudaMallocPitch(&d, &pitch, w * elemBytes, h));
            CHECK_CUDA(cudaMemset2D(d, pitch, 7, w * elemBytes, h));
            *step = (int)pitch;
            return d;
        };
        auto tried = [](NppStatus status, const char* what) {
            if (status < 0)
                std::printf("%-40s NPP error %d: left out\n", what, (int)status);
            return status >= 0;
        };
        {
            const int w = 48000, h = 48000;
            const NppiSize roi = { w, h };
            int step = 0;
            Npp8u* img = (Npp8u*)bigImage(w, h, 1, &step);
            Npp8u* scratch = reductionScratch(roi, ctx);
            void* out = nullptr;
            CHECK_CUDA(cudaMalloc(&out, 64));
            const std::string size = "48000x48000";
            const long long bytes = (long long)w * h;
            if (tried(nppiCountInRange_8u_C1R_Ctx(img, step, roi, (int*)out, 1, 255, scratch, ctx), "countNonZero 48000x48000"))
                results.push_back({ "countNonZero", "npp", size + " CV_8U", medianMs(1, [&](size_t) {
                    CHECK_NPP(nppiCountInRange_8u_C1R_Ctx(img, step, roi, (int*)out, 1, 255, scratch, ctx));
                    int count; CHECK_CUDA(cudaMemcpy(&count, out, sizeof(count), cudaMemcpyDeviceToHost));
                }), bytes, 0 });
            if (tried(nppiSum_8u_C1R_Ctx(img, step, roi, scratch, (Npp64f*)out, ctx), "sum 48000x48000"))
                results.push_back({ "sum", "npp", size + " 8UC1", medianMs(1, [&](size_t) {
                    CHECK_NPP(nppiSum_8u_C1R_Ctx(img, step, roi, scratch, (Npp64f*)out, ctx));
                    double sum; CHECK_CUDA(cudaMemcpy(&sum, out, sizeof(sum), cudaMemcpyDeviceToHost));
                }), bytes, 0 });
            Npp8u* o = (Npp8u*)out;
            if (tried(nppiMinMaxIndx_8u_C1R_Ctx(img, step, roi, o, o + 1, (NppiPoint*)(o + 8), (NppiPoint*)(o + 16),
                                                scratch, ctx), "minMaxLoc 48000x48000"))
                results.push_back({ "minMaxLoc", "npp", size + " CV_8U nomask", medianMs(1, [&](size_t) {
                    CHECK_NPP(nppiMinMaxIndx_8u_C1R_Ctx(img, step, roi, o, o + 1, (NppiPoint*)(o + 8),
                                                        (NppiPoint*)(o + 16), scratch, ctx));
                    unsigned char r[24]; CHECK_CUDA(cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost));
                }), bytes, 0 });
            cudaFree(scratch);
            cudaFree(out);
            cudaFree(img);
        }
        {
            // Cubic x2 of 24000x24000 (2.3 GB out) and the integral of 25000x25000 (2.5 GB out).
            int step = 0, dstStep = 0, sumStep = 0;
            Npp8u* src = (Npp8u*)bigImage(24000, 24000, 1, &step);
            Npp8u* dst = (Npp8u*)bigImage(48000, 48000, 1, &dstStep);
            NppiSize srcSize = { 24000, 24000 }, dstSize = { 48000, 48000 };
            NppiRect srcRoi = { 0, 0, 24000, 24000 }, dstRoi = { 0, 0, 48000, 48000 };
            if (tried(nppiResize_8u_C1R_Ctx(src, step, srcSize, srcRoi, dst, dstStep, dstSize, dstRoi,
                                            NPPI_INTER_CUBIC, ctx), "resizeCubic 24000x24000->48000x48000"))
                results.push_back({ "resizeCubic", "npp", "24000x24000->48000x48000 CV_8UC1", medianMs(1, [&](size_t) {
                    CHECK_NPP(nppiResize_8u_C1R_Ctx(src, step, srcSize, srcRoi, dst, dstStep, dstSize, dstRoi,
                                                    NPPI_INTER_CUBIC, ctx));
                    CHECK_CUDA(cudaStreamSynchronize(ctx.hStream));
                }), 24000LL * 24000, 48000LL * 48000 });
            cudaFree(src);
            cudaFree(dst);
            src = (Npp8u*)bigImage(25000, 25000, 1, &step);
            Npp32s* sum = (Npp32s*)bigImage(25001, 25001, sizeof(Npp32s), &sumStep);
            const NppiSize roi = { 25000, 25000 };
            if (tried(nppiIntegral_8u32s_C1R_Ctx(src, step, sum, sumStep, roi, 0, ctx), "integral 25000x25000"))
                results.push_back({ "integral", "npp", "25000x25000 CV_8UC1->CV_32S", medianMs(1, [&](size_t) {
                    CHECK_NPP(nppiIntegral_8u32s_C1R_Ctx(src, step, sum, sumStep, roi, 0, ctx));
                    CHECK_CUDA(cudaStreamSynchronize(ctx.hStream));
                }), 25000LL * 25000, 25001LL * 25001 * 4 });
            cudaFree(src);
            cudaFree(sum);
        }
    }

    // gtest-style XML: median in ticks of a 1 GHz clock, as the OpenCV perf framework writes it.
    FILE* f = std::fopen(outPath, "w");
    if (!f)
        return 1;
    std::fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"npp_baselines\">\n");
    for (const Result& r : results)
    {
        std::fprintf(f, "    <testcase name=\"%s/%s\" value_param='(\"%s\", %s)' status=\"run\">\n", r.op.c_str(),
                     r.impl.c_str(), r.impl.c_str(), r.kase.c_str());
        std::fprintf(f, "      <properties><property name=\"median\" value=\"%.0f\"/><property name=\"frequency\" "
                        "value=\"1000000000\"/><property name=\"bytesIn\" value=\"%lld\"/><property name=\"bytesOut\" "
                        "value=\"%lld\"/></properties>\n    </testcase>\n",
                     r.medianMs * 1e6, r.bytesIn, r.bytesOut);
        std::printf("%-14s %-5s %-32s %10.4f ms\n", r.op.c_str(), r.impl.c_str(), r.kase.c_str(), r.medianMs);
    }
    std::fprintf(f, "  </testsuite>\n</testsuites>\n");
    std::fclose(f);
    return 0;
}
