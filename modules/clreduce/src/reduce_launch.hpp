// What the three reductions share on the host side of opencl/reduce.cl: the launch
// geometry (the numbers that depend on the device live here and nowhere else),
// how a view is walked in chunks, and the run-and-read-back step.
#ifndef OPENCV_CLREDUCE_REDUCE_LAUNCH_HPP
#define OPENCV_CLREDUCE_REDUCE_LAUNCH_HPP

#include "opencv2/core/ocl.hpp"
#include "opencv2/clruntime.hpp"

namespace cv {
namespace clreduce {

struct ReduceLaunch
{
    int wgs;      //!< work-group size, a power of two
    int groups;   //!< number of work-groups, each writes one result slot (groupCombineOptions)
};

/** Work-group size and count for a grid-stride reduction over `items` units of work
(one unit per work-item and loop trip): enough groups to fill every compute unit,
never more than the work needs. `gpuItemsPerUnit` is the number of work-items a GPU
compute unit is given: 2048, as many as it keeps resident at most; fewer where that
was measured faster (minMaxLoc with locations, perf/NOTES.md). */
ReduceLaunch chooseReduceLaunch(const ocl::Device& dev, int64 items, int gpuItemsPerUnit = 2048);

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

/** One reduction of one view, ready to run: the operation's build options (those
of the launch and the layout are added by enqueueReduce), and how the view is
walked. */
struct ReducePlan
{
    String options;
    ChunkLayout layout;
    ReduceLaunch launch;
    int unroll;   //!< chunks in flight per work-item and loop trip
};

/** Enqueues the `reduce` kernel of opencl/reduce.cl over `src` (and `mask` when it
is not empty) without waiting; the combined result (SLOT_BYTES bytes) goes to the
start of `result`, a device buffer. Offsets and indices are 64-bit only when the
view or the mask passes 2^31 bytes. False, after reporting why
(clruntime::reportFallback), when the kernel could not run. */
bool enqueueReduce(clruntime::Launcher& launcher, const char* function, const ReducePlan& plan, const UMat& src,
                   const UMat& mask, const UMat& result);

/** The build options that say how the work-groups of `reduce` combine their results
(opencl/reduce.cl): the last group combines them behind a fence of device scope where
`dev` has one (NVIDIA's PTX, OpenCL C 2.0 and later), else a second launch
(reduce_combine, " -D COMBINE_KERNEL"). */
String groupCombineOptions(const ocl::Device& dev);

/** enqueueReduce, then copies the result to `slot` (SLOT_BYTES bytes), waiting for it. */
bool runReduce(const char* function, const ReducePlan& plan, const UMat& src, const UMat& mask, uchar* slot);

/** A reduction without a mask on one device: `plan` (countNonZeroPlan or sumPlan)
plans it, runReduce runs it and copies its result slot to `slot`. False where
either does. */
bool planAndRun(const char* function, bool (*plan)(const UMat&, ReducePlan&), const UMat& src, uchar* slot);

/** The plans and results of the three operations (count_non_zero.cpp, sum.cpp,
min_max_loc.cpp). A plan function returns false when the kernel does not take
`src` on the current device (after reporting why where OpenCV's own OpenCL code
would not take over: an unaligned view, reported as `function`). */
bool countNonZeroPlan(const UMat& src, ReducePlan& plan);
int64 countFromSlot(const uchar* slot);
bool sumPlan(const UMat& src, ReducePlan& plan);
Scalar sumFromSlot(const uchar* slot, int depth, int cn);
bool minMaxPlan(const char* function, const UMat& src, const UMat& mask, bool needMin, bool needMax, bool needLoc,
                ReducePlan& plan);
/** Min and max value of a min/max result slot and their linear element indices,
as OpenCV gives them where no element counted (-1 with a mask, else the
initial +-infinity at 0). */
void minMaxFromSlot(const uchar* slot, int depth, bool haveMask, bool needMin, double& minV, double& maxV,
                    int64& minI, int64& maxI);

/** What OpenCV's CPU code takes for `a`: its Mat, and for an empty array an empty
Mat of its sizes and type without data (a UMat's getMat gives a 0-D 8UC1 one, for
which OpenCV's checks pass, whatever the type, and minMaxIdx's indices are left
unwritten, where for a 2-D one they are -1; OpenCV 5's minMaxIdx divides by zero
on an empty Mat that has data, as numpy's empty arrays do). An N-D one keeps all
its sizes: size() gives the first two, which may hold elements where a later size
is 0 (and raises in OpenCV 5). */
inline Mat hostView(InputArray a)
{
    if (!a.empty())
        return a.getMat();
    if (a.dims() <= 2)
        return Mat(a.size(), a.type());
    std::vector<int> sizes(a.dims());
    a.sizend(sizes.data());
    return Mat((int)sizes.size(), sizes.data(), a.type());
}

} // namespace clreduce
} // namespace cv

#endif
