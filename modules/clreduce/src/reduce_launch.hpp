// Launch geometry shared by the reduction kernels of this module. The numbers
// that depend on the device live here and nowhere else.
#ifndef OPENCV_CLREDUCE_REDUCE_LAUNCH_HPP
#define OPENCV_CLREDUCE_REDUCE_LAUNCH_HPP

#include "opencv2/core/ocl.hpp"

namespace cv {
namespace clreduce {

struct ReduceLaunch
{
    int wgs;      //!< work-group size, a power of two
    int groups;   //!< number of work-groups, each writes one partial result
};

/** Work-group size and count for a grid-stride reduction over `items` units of work
(one unit per work-item and loop trip): enough groups to fill every compute unit,
never more than the work needs. */
ReduceLaunch chooseReduceLaunch(const ocl::Device& dev, int64 items);

/** Largest number of groups chooseReduceLaunch returns, for host buffers. */
enum { MAX_REDUCE_GROUPS = 4096 };

/** Counts one kernel launch of this module on the calling thread. */
void noteKernelLaunch();

/** True when the UMat's elements can be addressed by the kernels: element-aligned
offset and step. */
bool isElementAligned(const UMat& m);

/** Bytes from the start of the buffer to the end of the view's last element. */
int64 viewByteSpan(const UMat& m);

} // namespace clreduce
} // namespace cv

#endif
