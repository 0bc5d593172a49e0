#ifndef OPENCV_CLRUNTIME_DEVICE_SET_HPP
#define OPENCV_CLRUNTIME_DEVICE_SET_HPP

#include "opencv2/core.hpp"
#include "opencv2/core/ocl.hpp"

#include <functional>
#include <vector>

namespace cv {
namespace clruntime {

//! @addtogroup clruntime
//! @{

/** @brief The OpenCL devices one call splits a host image over, and how much
device memory it may use on each.

Each device has its own OpenCL context and queue (a cv::ocl::OpenCLExecutionContext,
the object OpenCV binds to a thread to pick a device). A call given a DeviceSet
(for example cv::clresize::resize with a DeviceSet) cuts its output into
horizontal bands and runs one host thread per device, with that device's
context bound; each thread takes bands in turn. Cubic resize, integral and the
reductions stream them (BandStream: three bands in flight per device, copies
through pinned memory overlapped with kernels; images whose own memory is pinned,
getPinnedAllocator, are copied straight from and to it). With a memory budget, bands are
made small enough that the buffers of the bands in flight fit in it, so an image
bigger than a device's memory streams through it band by band.

@code
cv::clruntime::DeviceSet gpus = cv::clruntime::DeviceSet::ofPlatform();   // every GPU
cv::clresize::resize(hostImage, result, cv::Size(), 2, 2, cv::INTER_CUBIC, gpus);
@endcode
*/
class CV_EXPORTS_W_SIMPLE DeviceSet
{
public:
    /** An empty set; calls given one raise StsBadArg. */
    CV_WRAP DeviceSet() : budget_(0) {}

    /** The given contexts, one device each (two contexts may share a device).
    An empty context raises StsBadArg. */
    explicit DeviceSet(const std::vector<ocl::OpenCLExecutionContext>& contexts);

    /** The devices of type `deviceType` (cv::ocl::Device::TYPE_GPU, TYPE_CPU,
    TYPE_ALL; from Python -1 for all, as cv2.ocl.Device_TYPE_ALL does not fit the
    int) of the OpenCL platform of OpenCV's current device, each with an OpenCL
    context for that device alone (cv::ocl::Context::fromDevice: sets made for the
    same device share it); `indices` picks some of them, in the platform's order
    (empty: all).
    StsObjectNotFound when OpenCL is unavailable or the platform has no such
    device, StsOutOfRange for an index past the last device or negative, StsBadArg for an
    index given twice and for OpenCV's TYPE_DGPU and TYPE_IGPU (no OpenCL types). */
    CV_WRAP static DeviceSet ofPlatform(int deviceType = ocl::Device::TYPE_GPU,
                                const std::vector<int>& indices = std::vector<int>());

    CV_WRAP size_t size() const { return contexts_.size(); }
    bool empty() const { return contexts_.empty(); }
    const ocl::OpenCLExecutionContext& context(size_t i) const { return contexts_.at(i); }

    /** The most device memory, in bytes, that a call may take on a device for its
    bands in flight (their input and output buffers); 0, the default: no limit
    (bands of at most BandStream::MAX_BAND_BYTES, or the smaller sizes each call
    documents). */
    CV_WRAP DeviceSet& setMemoryBudget(size_t bytes)
    {
        budget_ = bytes;
        return *this;
    }
    CV_WRAP size_t memoryBudget() const { return budget_; }

private:
    std::vector<ocl::OpenCLExecutionContext> contexts_;
    size_t budget_;
};

/** @brief Raises StsBadArg, naming `function`, when `devices` is empty. */
CV_EXPORTS void requireDevices(const DeviceSet& devices, const char* function);

/** @brief Raises StsBadArg, naming `function`, when the memory budget of `devices`
holds not even one row: `inFlight` bands of one row, each taking fixedBytes +
bytesPerRow of device memory (see bandCount). Calls that make outputs call it
first, so that a caller's outputs are left as they were. */
CV_EXPORTS void requireRowInBudget(const DeviceSet& devices, double bytesPerRow, double fixedBytes,
                                   const char* function, int inFlight = 1);

/** @brief How many bands `rows` rows are cut into: one per device (at most one per
row), more when the memory budget needs them, a band of h rows taking
fixedBytes + h * bytesPerRow of device memory (fixedBytes may be negative where
the first row costs less than the others) and `inFlight` bands being on a
device at once (BandStream::SLOTS for streamBands, 1 for runBands). Streamed
bands (inFlight > 1) also take at most `maxBandBytes` each (0:
BandStream::MAX_BAND_BYTES), so that copies and kernels overlap. Raises as
requireRowInBudget does. No rows: one band. */
CV_EXPORTS int bandCount(const DeviceSet& devices, int rows, double bytesPerRow, double fixedBytes,
                         const char* function, int inFlight = 1, double maxBandBytes = 0);

/** @brief First row of band `band` of `bands` (nearly equal bands of `rows` rows in all;
band `bands` gives `rows`). */
inline int bandFirstRow(int rows, int band, int bands)
{
    return (int)((int64)rows * band / bands);
}

/** @brief `bands` rounded up to a multiple of the number of devices (at most `rows`),
so that each device takes as many bands of the same height and they end together. */
inline int sameBandsOnEveryDevice(int bands, int rows, const DeviceSet& devices)
{
    const int n = std::max(1, (int)devices.size());
    return std::max(bands, std::min(rows, (bands + n - 1) / n * n));
}

/** @brief The bands of a streamed call (streamBands) whose first and last rounds,
a band for each device, are each cut into two bands of half the others' height.

The smaller first bands start the first downloads sooner. The smaller last bands
let the devices end closer together: after the first rounds a band goes to the
device that frees a slot first, so one device may end up to a band's time after
another. Otherwise as `uniformBands` nearly equal bands, and exactly those (the
rows of bandFirstRow) when there are fewer than three rounds or fewer than 8 rows
a band. On one H200, cubic x2 of a pinned 10240x10240 image took 7.99 ms against
8.02 with equal bands (perf/results/nvidia-h200-2026-11-29-resize-ramp); not yet
measured on two GPUs. */
class CV_EXPORTS RampedBands
{
public:
    RampedBands(int rows, int uniformBands, int deviceCount);
    int count() const { return bands_; }
    /** First row of band `band` (band count() gives the rows). */
    int firstRow(int band) const { return (int)(rows_ * halves(band) / halves(bands_)); }

private:
    int64 halves(int band) const;   // the height of bands 0 .. band - 1, in halves of the regular one
    int rows_, bands_, halved_;     // halved_: bands of half height at each end
};

/** @brief Runs `work(band)` for bands 0 .. bands - 1 over the devices: one thread per
device (no more threads than bands) with its context bound, each taking the next
band when it has finished one. The threads are kept between calls, and a thread that
ran a device's bands runs that device's bands again when it is idle. The kernel
launches and fallbacks counted on those threads are added to the calling thread's
counters (for tests). The first exception a band throws is thrown again once every
thread has ended. When the host can start no thread, the bands run on the calling
thread, each device's context bound in turn.
An empty set raises StsBadArg. */
CV_EXPORTS void runBands(const DeviceSet& devices, int bands, const std::function<void(int band)>& work);

/** @brief Host memory a device copies from and to at the link's rate: an OpenCL
buffer with CL_MEM_ALLOC_HOST_PTR (pinned by the driver), mapped while it lives
(the queue it is mapped on is kept for the unmap). Move-only; the destructor
unmaps and releases it. */
class CV_EXPORTS PinnedBuffer
{
public:
    PinnedBuffer() : mem_(NULL), queue_(NULL), host_(NULL), bytes_(0) {}
    PinnedBuffer(PinnedBuffer&& other) noexcept;
    PinnedBuffer& operator=(PinnedBuffer&& other) noexcept;
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    ~PinnedBuffer() { release(); }

    /** Makes it hold at least `bytes` (a new buffer of `context`, mapped on `queue`,
    when it holds fewer); false when OpenCL could not give it. */
    bool reserve(const ocl::Context& context, const ocl::Queue& queue, size_t bytes);
    void release();
    void* host() const { return host_; }
    size_t bytes() const { return bytes_; }

private:
    void* mem_;     // cl_mem
    void* queue_;   // cl_command_queue the buffer is mapped on
    void* host_;
    size_t bytes_;
};

/** @brief An allocator of pinned (page-locked) host memory for cv::Mat, as
cv::cuda::HostMem::getAllocator() is for CUDA.

Calls given a DeviceSet copy the bands of a Mat made with it straight between
its memory and the devices, at the link's rate, instead of copying them on the
host through pinned staging memory first: on a host whose memory copies are
slower than its devices' links (or shared by several devices' links), that is
what sets the pace of a streamed call. A Mat takes it before it allocates:
@code
cv::Mat image;
image.allocator = cv::clruntime::getPinnedAllocator();
image.create(rows, cols, CV_8UC1);   // or cv::Mat::setDefaultAllocator(...) for every Mat
@endcode
Its memory is an OpenCL buffer with CL_MEM_ALLOC_HOST_PTR of the calling
thread's OpenCL context, mapped while the Mat lives (NVIDIA's driver pins it for
its other contexts too: perf/results/nvidia-h100-x2-2026-11-25-multi-pinned). Pinning costs about
as much as copying the memory once, so pinned Mats are for images that live
across calls. Where OpenCL is off or the driver gives no such buffer, it gives
ordinary memory (isPinned() says which). */
CV_EXPORTS MatAllocator* getPinnedAllocator();

/** @brief True when `m` (or the Mat it is a view of) has its memory from getPinnedAllocator(). */
CV_EXPORTS bool isPinned(const Mat& m);

/** @brief Streams bands of a host image through the device of the calling thread's
OpenCL execution context, with copies and kernels overlapped.

Each band goes to one of SLOTS slots in turn; a slot has its own queue (same
context), device buffers and pinned host buffers (CL_MEM_ALLOC_HOST_PTR, mapped
once), which the driver copies to and from at the link's rate and without waiting
for the host. submit() copies a band's host rows into its slot's pinned input (on
several host threads; rows already in pinned memory, isPinned, go to the device
straight from there), enqueues the upload, the kernels and the downloads without
waiting, and returns; the band's results are handed to its `retire` function when
its slot is used again, or at finish(), in the order the bands were submitted.
So the upload of one band, the kernels of another and the download of a third run
at once, while the host copies a fourth. SLOTS slots of up to 2 * MAX_BAND_BYTES
a device are kept for the next call on the same context (pinning memory costs
about as much as copying it).
*/
class CV_EXPORTS BandStream
{
public:
    enum
    {
        SLOTS = 3,                    //!< bands in flight on a device
        MAX_BAND_BYTES = 64 << 20,    //!< most input + output bytes of a streamed band
        /** The same for a band whose host rows are all pinned: with no host copy
        per band, smaller bands shorten the pipeline's start and end. */
        MAX_PINNED_BAND_BYTES = 16 << 20
    };
    /** Size and type of one output of a band's kernels, and optionally where it goes. */
    struct Output
    {
        Size size;
        int type;
        /** Host rows the output is to end in (its rows from skipRows on; its type),
        or empty. The stream puts it there before the band is retired: downloaded
        straight into them when they are pinned (isPinned), else copied from its
        pinned memory. */
        Mat into;
        /** Rows at the top of the output that are not downloaded (working rows of the kernels). */
        int skipRows;
    };
    /** The kernels of a band: `out` holds device buffers of the outputs asked for.
    Enqueue them on OpenCV's queue (the slot's, bound while they are called) without
    waiting; false when they could not run (reported by them). */
    typedef std::function<bool(const UMat& in, const std::vector<UMat>& out)> Kernels;
    /** The same for a band of several inputs (e.g. an image and its mask). */
    typedef std::function<bool(const std::vector<UMat>& in, const std::vector<UMat>& out)> KernelsOfInputs;
    /** What becomes of a band's results (host memory, valid during the call): the
    outputs in order, without their skipRows (an Output's `into` where one was
    given); none when their download, or their copy into `into`, failed, or when its
    later kernels or downloads could not be enqueued (reported): what waits for the
    band must stop waiting then. May be empty. Called with no results, it must not
    throw (what it throws then is dropped). */
    typedef std::function<void(const std::vector<Mat>& results)> Retire;

    /** A stream on the current execution context; `function` names the call in the
    fallback reports. With a `memoryBudget` (bytes, 0: none), a slot kept from an
    earlier call whose device buffers hold more than its share (memoryBudget / SLOTS)
    gives them back before its next band. */
    explicit BandStream(const char* function, size_t memoryBudget = 0);
    /** Waits for what is in flight (finish()). */
    ~BandStream();

    /** Queues one band: `in` (host rows, any step) to the device, `kernels`, the
    outputs back, and `retire` with them later. False, after reporting why, when
    pinned or device memory could not be had, a transfer failed, or `kernels`
    returned false; `retire` is then not called, and the caller runs OpenCV's
    function on the host image. */
    bool submit(const Mat& in, const std::vector<Output>& outputs, const Kernels& kernels, const Retire& retire);
    /** Kernels of a band enqueued later than its first ones (see the submit() that
    takes them), on the band's queue (bound while they are called), without waiting;
    false when they could not run (reported by them). They may wait on the host for
    what bands of other streams read back. */
    typedef std::function<bool()> Later;
    /** submit() with kernels `later` that are enqueued before the band's downloads,
    once the next band's upload is and before its kernels are (at the next submit(),
    or at finish()), so they must not wait for anything the next band's kernels give;
    the first half of the downloads' rows follows them, the rest once the next band's
    kernels are enqueued, and waits for those: what the next band's kernels read back
    to the host leaves the device behind half of this band's downloads, not behind
    all of them (the device's copies to the host leave in the order they are
    submitted, whatever their queues: perf/opencl/readback_order.c), and the link to
    the host is busy while the next band is uploaded. False as submit() is, or when
    the later kernels of the band before could not run (that band is then dropped:
    its retire function is told, with no results). */
    bool submit(const Mat& in, const std::vector<Output>& outputs, const Kernels& kernels, const Later& later,
                const Retire& retire);
    /** submit() for a band of several inputs (rows of several host images). */
    bool submit(const std::vector<Mat>& in, const std::vector<Output>& outputs, const KernelsOfInputs& kernels,
                const Retire& retire);

    /** Waits until the slot that the next submit() takes is free, retiring the band
    in it. False, after reporting it, when that band's download or its copy failed
    (its retire function told). */
    bool awaitSlot();

    /** Waits for every band submitted and retires them. False, after reporting it,
    when a download failed. */
    bool finish();

    /** Runs `part(rows)` over parts of [0, rows) on several host threads when the rows
    hold `bytes` of 4 MB or more (the host's cores shared between the streams
    running): one thread copied 9-15 GB/s on an H100's host, a fifth of what one PCIe 5
    link takes (perf/NOTES.md, "Host images streamed through pinned memory", item 10).
    With `bytesPerThread`, on as many threads as the rows hold that many bytes
    (within the same share). */
    static void parallelRows(int rows, size_t bytes, const std::function<void(const Range& part)>& part,
                             size_t bytesPerThread = 0);
    /** Copies `from` into `to` (same size and type) with parallelRows. */
    static void copyRows(const Mat& from, const Mat& to);

    struct Slot;

private:
    BandStream(const BandStream&);
    BandStream& operator=(const BandStream&);
    bool submitBand(const std::vector<Mat>& in, const std::vector<Output>& outputs, const KernelsOfInputs& kernels,
                    const Later& later, const Retire& retire);
    bool enqueueLaterKernels(Slot& slot);
    bool enqueueLaterHead(Slot& slot);
    bool enqueueLater(Slot& slot, void* gate);   // gate: a cl_event, or NULL
    bool enqueueDownloads(Slot& slot);
    bool retire(Slot& slot);   // the waiting band's later kernels and downloads first, when it is the slot's
    bool retireInFlight(Slot& slot);
    void dropWaiting(Slot& slot);
    bool enqueueLaterOrDrop(Slot& slot, void* gate);
    const char* function_;
    size_t slotBudget_;
    std::vector<Slot*> slots_;
    size_t next_;
    Slot* waiting_;   // the band whose later kernels or downloads are not all enqueued yet, or NULL
    uint64 made_;     // when the stream was made, on the clock of the kept slots
};

/** @brief runBands with a BandStream on each device's thread: `work(band, stream)`
submits its band to `stream`, which is finished when the thread has no band left.
A submit does not wait for its band, so the first SLOTS rounds of bands are handed
to the devices in turn (band b to device b % devices) once every device's stream
is made, and only the bands after them go to whichever device is free: a thread
takes a band once its stream has a free slot (awaitSlot), so that the last bands
go to the devices that finish first. None runs
when a device's stream cannot be made or the host can start no thread for a device.
False when a stream or a thread could not be made or a stream's finish() failed
(reported). When a thread's work or stream throws, `thrown` (if any; it must not
throw, and may run on several threads at once) is called on that thread before the
other threads are waited for: what they wait for from that thread's bands will not
come (the integral's carries), and the exception is thrown again once all have
stopped. */
CV_EXPORTS bool streamBands(const DeviceSet& devices, int bands, const char* function,
                            const std::function<void(int band, BandStream& stream)>& work,
                            const std::function<void()>& thrown = std::function<void()>());

//! @}

namespace detail {
/** @brief Bytes of device buffers that the BandStream slots kept between calls hold, on
the devices of `devices` (for tests). */
CV_EXPORTS size_t keptBandDeviceBytes(const DeviceSet& devices);
/** @brief (Context, device) pairs that BandStream slots are kept for between calls
(those used last: 8, or those of a call over more). */
CV_EXPORTS size_t keptBandSlotDevices();

/** @brief Bytes the BandStreams of this process have copied on the host between a
caller's rows and their pinned buffers (band inputs, and outputs given an
Output::into), since the process started (for tests: none for pinned rows). */
CV_EXPORTS uint64 stagedBandBytes();

/** @brief Makes the host threads of the calls over device sets unavailable, as when the
host can start no thread (`fail`; with `outOfMemory`, as when it has no memory for
one: std::bad_alloc), or available again (for tests). */
CV_EXPORTS void failDeviceThreads(bool fail, bool outOfMemory = false);

/** @brief Makes the next BandStream made throw std::bad_alloc, as when the host has no
memory for its slots (`fail`; once), or not (for tests). Over several devices, the
other devices' threads then must not wait for that one. */
CV_EXPORTS void failBandStreams(bool fail);

/** @brief Makes the `n`-th BandStream::submit of this process from now on (0: the
next) fail as a refused transfer does, before the band's kernels are enqueued or,
with `afterKernels`, after them; n < 0 switches it off (for tests of what a failing
band leaves behind: queues waiting for it, its own enqueued work). */
CV_EXPORTS void failBandSubmit(int n, bool afterKernels);

/** @brief Makes the downloads of the `n`-th band of this process whose downloads are
enqueued from now on (0: the next) end with an error, as a transfer the device could
not finish; n < 0 switches it off (for tests of the bands waiting for that one). */
CV_EXPORTS void failBandDownload(int n);

/** @brief For failure hooks: waits for and releases the event `done` (a cl_event, may be
NULL) and gives in its place an event of the current context that reports a failed
command (a cl_event), or NULL when none could be made. */
CV_EXPORTS void* failedEventInPlaceOf(void* done);

/** @brief Gives each band output `rows` rows of guard above and below its rows on the
device, set to a known value before the band's kernels and checked when the band is
retired (0: none, the default; for tests of kernels that write with no bounds
checks). bandGuardsChanged() counts the outputs whose guard rows were found changed. */
CV_EXPORTS void setBandGuardRows(int rows);

/** @brief Band outputs of this process whose guard rows (setBandGuardRows) a kernel
changed. */
CV_EXPORTS uint64 bandGuardsChanged();

/** @brief Makes every PinnedBuffer::reserve fail, whatever the buffer holds, as when the
host has no pinned memory left (`fail`), or not (for tests; the pinned allocator then
gives ordinary memory). */
CV_EXPORTS void failPinnedMemory(bool fail);

/** @brief Makes every BandStream::parallelRows split its rows into `threads` parts
(0: as many as the host and the streams running allow), whatever their bytes (for
tests: several parts on a host of few cores, where parts wait for a free thread). */
CV_EXPORTS void setCopyThreads(int threads);
} // namespace detail

} // namespace clruntime

//! @cond IGNORED
// OpenCV 4.6's Python binding generator names a class of another namespace by its
// namespaces joined with '_' in the wrappers it writes for the functions of
// clresize, clreduce and clintegral that take a DeviceSet; those wrappers see
// namespace cv.
typedef clruntime::DeviceSet clruntime_DeviceSet;
//! @endcond

} // namespace cv

#endif
