// The kernel preamble and cache, the one launch function, launch counters and
// kernel profiling the clx modules share.
#include "precomp.hpp"
#include "opencl_kernels_clruntime.hpp"

#include <map>
#include <mutex>

namespace cv {
namespace clruntime {

namespace {
// Built kernels of one thread, valid for one OpenCL context.
struct KernelCache
{
    void* context = NULL;
    std::map<String, ocl::Kernel> kernels;
};
thread_local KernelCache kernelCache;
thread_local bool profiling = false;
thread_local std::vector<int64> kernelTimes;
thread_local uint64 launches[MODULE_COUNT] = {};
} // namespace

const ocl::ProgramSource& withPreamble(const KernelFile& file)
{
    // One combined source per kernel file (they are static objects), made once;
    // OpenCV hashes the text for its program cache.
    static std::mutex lock;
    static std::map<const KernelFile*, ocl::ProgramSource> combined;
    std::lock_guard<std::mutex> guard(lock);
    auto it = combined.find(&file);
    if (it == combined.end())
    {
        String code = String(ocl::clruntime::common_oclsrc.programCode) + "\n" + file.programCode;
        it = combined.emplace(&file, ocl::ProgramSource(file.module, file.name, code, "")).first;
    }
    return it->second;
}

ocl::Kernel& cachedKernel(const char* name, const KernelFile& file, const String& options)
{
    void* context = ocl::Context::getDefault().ptr();
    if (context != kernelCache.context)
    {
        kernelCache.kernels.clear();
        kernelCache.context = context;
    }
    // The file's address tells the modules' programs apart (they are static objects).
    String key = format("%p %s %s", (const void*)&file, name, options.c_str());
    auto it = kernelCache.kernels.find(key);
    if (it == kernelCache.kernels.end())
    {
        it = kernelCache.kernels.emplace(key, ocl::Kernel()).first;
        it->second.create(name, withPreamble(file), options);
    }
    return it->second;
}

ocl::Kernel makeKernel(const char* name, const KernelFile& file, const String& options)
{
    return ocl::Kernel(name, withPreamble(file), options);
}

int setOffsetArg(ocl::Kernel& k, int i, int64 value, bool longOffsets)
{
    return longOffsets ? k.set(i, value) : k.set(i, (int)value);
}

bool launch(Module module, const char* function, ocl::Kernel& k, int argsSet, int dims, size_t* global,
            size_t* local, bool sync)
{
    if (k.empty())
        return reportFallback(function, PROGRAM_BUILD_FAILED);
    if (argsSet < 0)
        return reportFallback(function, LAUNCH_FAILED);
    bool ok;
    if (profiling)
    {
        int64 ns = k.runProfiling(dims, global, local, ocl::Queue::getDefault());
        ok = ns >= 0;
        if (ok)
            kernelTimes.push_back(ns);
    }
    else
        ok = k.run(dims, global, local, sync);
    if (!ok)
        return reportFallback(function, LAUNCH_FAILED);
    ++launches[module];
    return true;
}

uint64 launchCount(Module module)
{
    return launches[module];
}

namespace detail {
void setKernelProfiling(bool on)
{
    profiling = on;
    kernelTimes.clear();
}

bool kernelProfiling()
{
    return profiling;
}

std::vector<int64> kernelTimesNs()
{
    return kernelTimes;
}

void clearKernelTimes()
{
    kernelTimes.clear();
}
} // namespace detail

} // namespace clruntime
} // namespace cv
