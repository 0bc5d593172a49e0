// Launch machinery shared by the reduction kernels of this module: the launch
// geometry (the numbers that depend on the device live here and nowhere else),
// the per-thread cache of built kernels and of the partial-results buffer, and
// the launch-and-read-back step.
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

/** Largest number of groups chooseReduceLaunch returns. */
enum { MAX_REDUCE_GROUPS = 4096 };
/** Largest partial result, in bytes, a kernel writes per group. */
enum { MAX_PARTIAL_BYTES = 32 };

/** A device buffer of MAX_REDUCE_GROUPS * MAX_PARTIAL_BYTES bytes, kept per thread
and OpenCL context, for the partial results. Allocating a buffer on every call
costs tens of microseconds on some drivers. */
UMat& partialsBuffer();

/** Launches `k` (1-D, launch.groups x launch.wgs work-items; arguments already set)
and copies the first `bytes` of the partials buffer to `host`, waiting for both. */
bool runAndReadPartials(ocl::Kernel& k, const ReduceLaunch& launch, void* host, size_t bytes);

/** True when the UMat's elements can be addressed by the kernels: element-aligned
offset and step. */
bool isElementAligned(const UMat& m);

/** How the reduction kernels walk a view: rows of 16-byte chunks aligned to the
buffer (see opencl/count_non_zero.cl). A continuous view may be walked as one
long row, which spares the kernel a division per chunk. */
struct ChunkLayout
{
    bool singleRow;       //!< the view is walked as one long row (-D SINGLE_ROW)
    int rows;             //!< rows the kernel walks
    int64 rowBytes;       //!< bytes per walked row
    int64 chunksPerRow;   //!< chunk slots per row: a row may start anywhere inside its first chunk
    int64 totalChunks;
    bool longOffsets;     //!< byte offsets may exceed INT_MAX (-D LONG_OFFSETS)
    bool fits;            //!< every size fits the kernels' int arguments
};

ChunkLayout chunkLayout(const UMat& m, bool allowSingleRow);

/** Sets kernel arguments i, i+1, ... to the view and its layout: buffer, step,
offset, rows, row bytes, chunks per row, total chunks. Returns the next index,
or -1 when the view has no device buffer (clruntime::setBufferArg). */
int setChunkArgs(ocl::Kernel& k, int i, const UMat& m, const ChunkLayout& layout);

} // namespace clreduce
} // namespace cv

#endif
