// clruntime::getPinnedAllocator: cv::Mat memory the OpenCL devices copy at the link's rate.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"

#include <memory>

namespace cv {
namespace clruntime {

namespace {
// Memory of a pinned OpenCL buffer (PinnedBuffer, kept in UMatData::userdata);
// ordinary memory from OpenCV's own allocator when there is none to be had.
class PinnedAllocator CV_FINAL : public MatAllocator
{
public:
    UMatData* allocate(int dims, const int* sizes, int type, void* data, size_t* step, AccessFlag flags,
                       UMatUsageFlags usageFlags) const CV_OVERRIDE
    {
        if (data)   // a header over the caller's memory: nothing to allocate
            return Mat::getStdAllocator()->allocate(dims, sizes, type, data, step, flags, usageFlags);
        size_t total = CV_ELEM_SIZE(type);
        for (int i = dims - 1; i >= 0; i--)
        {
            if (step)
                step[i] = total;
            total *= sizes[i];
        }
        std::unique_ptr<PinnedBuffer> pinned(new PinnedBuffer);
        if (total == 0 || !ocl::useOpenCL() || !ocl::Context::getDefault().ptr() ||
            !pinned->reserve(ocl::Context::getDefault(), ocl::Queue::getDefault(), total))
            return Mat::getStdAllocator()->allocate(dims, sizes, type, NULL, step, flags, usageFlags);
        UMatData* u = new UMatData(this);
        u->data = u->origdata = (uchar*)pinned->host();
        u->size = total;
        u->userdata = pinned.release();
        return u;
    }

    bool allocate(UMatData* u, AccessFlag, UMatUsageFlags) const CV_OVERRIDE
    {
        return u != NULL;
    }

    void deallocate(UMatData* u) const CV_OVERRIDE
    {
        if (!u)
            return;
        CV_Assert(u->urefcount == 0 && u->refcount == 0);
        delete (PinnedBuffer*)u->userdata;
        delete u;
    }
};
} // namespace

MatAllocator* getPinnedAllocator()
{
    static MatAllocator* allocator = new PinnedAllocator();   // never destroyed: Mats may outlive static objects
    return allocator;
}

bool isPinned(const Mat& m)
{
    return m.u && m.u->currAllocator == getPinnedAllocator();
}

} // namespace clruntime
} // namespace cv
