// Checked kernel arguments from UMats, and the report of a fallback to OpenCV.
#include "precomp.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"

#include <mutex>
#include <set>
#include <string>

namespace cv {
namespace clruntime {

static thread_local uint64 fallbacks = 0;

bool hasDeviceBuffer(const UMat& m)
{
    // UMatData::handle is the cl_mem; it stays NULL for data OpenCV keeps in host memory.
    return m.u != NULL && m.u->handle != NULL;
}

void requireCurrentContext(const char* function, std::initializer_list<_InputArray> inputs)
{
    cl_context current = NULL;
    for (const _InputArray& a : inputs)
    {
        if (!a.isUMat())
            continue;
        const UMat m = a.getUMat();
        if (!hasDeviceBuffer(m))
            continue;
        if (!current)
            current = (cl_context)ocl::Context::getDefault().ptr();
        cl_context owner = NULL;
        if (clGetMemObjectInfo((cl_mem)m.u->handle, CL_MEM_CONTEXT, sizeof(owner), &owner, NULL) == CL_SUCCESS &&
            owner != current)
            CV_Error(Error::StsBadArg, format("%s: a UMat of another OpenCL context than the current one", function));
    }
}

void requireCurrentContext(const char* function, const _OutputArray& output, Size size, int type)
{
    if (output.isUMat() && output.size() == size && output.type() == type)
        requireCurrentContext(function, { output });
}

bool haveDeviceBuffers(const char* function, std::initializer_list<NamedUMat> buffers)
{
    for (const NamedUMat& b : buffers)
    {
        if (!hasDeviceBuffer(b.m))
        {
            reportFallback(function, format("the %s has no OpenCL buffer (made while OpenCL was off, larger than "
                                            "the device's largest allocation, or the device out of memory)",
                                            b.name).c_str());
            return false;
        }
    }
    return true;
}

bool reportFallback(const char* function, FallbackReason reason)
{
    static const char* const text[] = {
        "the view's offset or step is not a multiple of its element size",
        "a row of the image or its output passes 2^31 bytes (the kernels take int steps)",
        "the OpenCL program did not build for this device",
        "the kernel launch or the read-back failed"
    };
    return reportFallback(function, text[reason]);
}

bool reportFallback(const char* function, const char* reason)
{
    ++fallbacks;
    static std::mutex lock;
    static std::set<std::string> reported;
    std::string key = std::string(function) + ": " + reason;
    {
        std::lock_guard<std::mutex> guard(lock);
        if (!reported.insert(key).second)
            return false;
    }
    CV_LOG_WARNING(NULL, "clx: " << key << "; running OpenCV's own function instead (reported once)");
    return false;
}

namespace detail {
uint64 fallbackCount()
{
    return fallbacks;
}
} // namespace detail

void addFallbacks(uint64 count)
{
    fallbacks += count;
}

} // namespace clruntime
} // namespace cv
