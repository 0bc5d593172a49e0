// The kernel cache, launch counters and kernel profiling the clx modules share.
#include "precomp.hpp"

#include <map>

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

void countLaunch(Module module)
{
    ++launches[module];
}

uint64 launchCount(Module module)
{
    return launches[module];
}

ocl::Kernel& cachedKernel(const char* name, const ocl::ProgramSource& source, const String& options)
{
    void* context = ocl::Context::getDefault().ptr();
    if (context != kernelCache.context)
    {
        kernelCache.kernels.clear();
        kernelCache.context = context;
    }
    // The source's address tells the modules' programs apart (they are static objects).
    String key = format("%p %s %s", (const void*)&source, name, options.c_str());
    auto it = kernelCache.kernels.find(key);
    if (it == kernelCache.kernels.end())
    {
        it = kernelCache.kernels.emplace(key, ocl::Kernel()).first;
        it->second.create(name, source, options);
    }
    return it->second;
}

bool runProfiled(ocl::Kernel& k, int dims, size_t* global, size_t* local)
{
    int64 ns = k.runProfiling(dims, global, local, ocl::Queue::getDefault().getProfilingQueue());
    if (ns < 0)
        return false;
    kernelTimes.push_back(ns);
    return true;
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
