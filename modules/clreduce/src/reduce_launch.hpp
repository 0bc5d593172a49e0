// What the three reductions share on the host side of opencl/reduce.cl: the launch
// geometry (the numbers that depend on the device live here and nowhere else),
// how a view is walked in chunks, and the run-and-read-back step.
#ifndef OPENCV_CLREDUCE_REDUCE_LAUNCH_HPP
#define OPENCV_CLREDUCE_REDUCE_LAUNCH_HPP

#include "opencv2/core/ocl.hpp"

namespace cv {
namespace clreduce {

struct ReduceLaunch
{
    int wgs;      //!< work-group size, a power of two
    int groups;   //!< number of work-groups, each writes one result slot, the last combines them
};

/** Work-group size and count for a grid-stride reduction over `items` units of work
(one unit per work-item and loop trip): enough groups to fill every compute unit,
never more than the work needs. */
ReduceLaunch chooseReduceLaunch(const ocl::Device& dev, int64 items);

/** Largest number of groups chooseReduceLaunch returns. */
enum { MAX_REDUCE_GROUPS = 4096 };
/** Bytes of a group's result slot in the partial results. */
enum { SLOT_BYTES = 32 };

/** True when the UMat's elements can be addressed by the kernels: element-aligned
offset and step. */
bool isElementAligned(const UMat& m);

/** How opencl/reduce.cl walks a view: rows of 16-byte chunks aligned to the buffer.
A continuous view may be walked as one long row, which spares the kernel a
division per chunk. */
struct ChunkLayout
{
    bool singleRow;       //!< the view is walked as one long row (-D SINGLE_ROW)
    int64 rows;           //!< rows the kernel walks
    int64 rowBytes;       //!< bytes per walked row
    int64 chunksPerRow;   //!< chunk slots per row: a row may start anywhere inside its first chunk
    int64 totalChunks;
};

ChunkLayout chunkLayout(const UMat& m, bool allowSingleRow);

/** Runs the `reduce` kernel of opencl/reduce.cl over `src` (and `mask` when it is
not empty), built with the operation's `options` plus those of the launch and the
layout, and copies the combined result slot (SLOT_BYTES bytes) to `slot`. Offsets
and indices are 64-bit only when the view or the mask passes 2^31 bytes. False, after reporting why (clruntime::reportFallback), when the
kernel could not run. */
bool runReduce(const char* function, const String& options, const UMat& src, const ChunkLayout& layout,
               const ReduceLaunch& launch, int unroll, const UMat& mask, uchar* slot);

} // namespace clreduce
} // namespace cv

#endif
