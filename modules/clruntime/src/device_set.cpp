// clruntime::DeviceSet and runBands: one host image split over several OpenCL devices.
#include "precomp.hpp"
#include "opencv2/clruntime/device_set.hpp"
#include "opencv2/core/opencl/runtime/opencl_core.hpp"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <system_error>
#include <thread>

namespace cv {
namespace clruntime {

DeviceSet::DeviceSet(const std::vector<ocl::OpenCLExecutionContext>& contexts) : contexts_(contexts), budget_(0)
{
    for (const ocl::OpenCLExecutionContext& c : contexts_)
        if (c.empty())
            CV_Error(Error::StsBadArg, "clruntime::DeviceSet: an empty OpenCL execution context");
}

DeviceSet DeviceSet::ofPlatform(int deviceType, const std::vector<int>& indices)
{
    if (!ocl::haveOpenCL() || !ocl::useOpenCL())
        CV_Error(Error::StsObjectNotFound, "clruntime::DeviceSet::ofPlatform: OpenCL is not available");
    cl_device_id current = (cl_device_id)ocl::Device::getDefault().ptr();
    cl_platform_id platform = NULL;
    if (!current || clGetDeviceInfo(current, CL_DEVICE_PLATFORM, sizeof(platform), &platform, NULL) != CL_SUCCESS)
        CV_Error(Error::StsObjectNotFound, "clruntime::DeviceSet::ofPlatform: no current OpenCL device");
    // OpenCV's device types are 32-bit masks (TYPE_ALL reaches here as -1): widened
    // without the sign, as cl_device_type's CL_DEVICE_TYPE_ALL is 0xFFFFFFFF.
    // TYPE_DGPU and TYPE_IGPU are OpenCV's own bits, which OpenCL does not know.
    const unsigned mask = (unsigned)deviceType;
    const unsigned openCVOnly = ((unsigned)ocl::Device::TYPE_DGPU | (unsigned)ocl::Device::TYPE_IGPU) &
                                ~(unsigned)ocl::Device::TYPE_GPU;
    if (mask != (unsigned)ocl::Device::TYPE_ALL && (mask & openCVOnly))
        CV_Error(Error::StsBadArg, "clruntime::DeviceSet::ofPlatform: TYPE_DGPU and TYPE_IGPU are not OpenCL "
                                   "device types; pass TYPE_GPU (and pick devices by index)");
    const cl_device_type type = (cl_device_type)mask;
    cl_uint count = 0;
    if (clGetDeviceIDs(platform, type, 0, NULL, &count) != CL_SUCCESS || count == 0)
        CV_Error(Error::StsObjectNotFound,
                 "clruntime::DeviceSet::ofPlatform: the platform of the current device has no device of that type");
    std::vector<cl_device_id> ids(count);
    clGetDeviceIDs(platform, type, count, ids.data(), NULL);

    std::vector<int> picked = indices;
    if (picked.empty())
        for (int i = 0; i < (int)count; i++)
            picked.push_back(i);
    std::set<int> seen;
    for (int i : picked)
    {
        if (i < 0 || i >= (int)count)
            CV_Error(Error::StsOutOfRange, format("clruntime::DeviceSet::ofPlatform: device index %d, the platform "
                                                  "has %u devices of that type", i, count));
        if (!seen.insert(i).second)
            CV_Error(Error::StsBadArg, format("clruntime::DeviceSet::ofPlatform: device index %d given twice", i));
    }
    std::vector<ocl::OpenCLExecutionContext> contexts;
    // One thread at a time: OpenCV lists a context made for a device before it is
    // complete, so a thread asking for the same device at once may get an empty
    // one (OpenCV 4.13, Context::Impl::findOrCreateContext).
    static std::mutex making;
    std::lock_guard<std::mutex> guard(making);
    for (int i : picked)
    {
        // The context's own Device object: OpenCV matches devices by object, not by handle.
        ocl::Context context = ocl::Context::fromDevice(ocl::Device::fromHandle(ids[i]));
        contexts.push_back(ocl::OpenCLExecutionContext::create(context, context.device(0)));
    }
    return DeviceSet(contexts);
}

void requireDevices(const DeviceSet& devices, const char* function)
{
    if (devices.empty())
        CV_Error(Error::StsBadArg, format("%s: an empty device set", function));
}

// Rows of a band that fit the budget (inFlight bands at once); +inf without one.
// The bytes of a row are sums of products in double (resize's are fractions of source
// rows): a budget of exactly one row's bytes may come out a hair under one row,
// hence a tolerance of half a byte over the bands in flight.
static double rowsInBudget(const DeviceSet& devices, double bytesPerRow, double fixedBytes, int inFlight)
{
    if (devices.memoryBudget() == 0)
        return std::numeric_limits<double>::infinity();
    return ((double)devices.memoryBudget() / inFlight - fixedBytes + 0.5 / inFlight) / bytesPerRow;
}

void requireRowInBudget(const DeviceSet& devices, double bytesPerRow, double fixedBytes, const char* function,
                        int inFlight)
{
    if (rowsInBudget(devices, bytesPerRow, fixedBytes, inFlight) < 1)
        CV_Error(Error::StsBadArg, format("%s: a memory budget of %zu bytes holds no row (%d bands of one row "
                                          "in flight take %.0f bytes)", function, devices.memoryBudget(),
                                          inFlight, inFlight * (fixedBytes + bytesPerRow)));
}

int bandCount(const DeviceSet& devices, int rows, double bytesPerRow, double fixedBytes, const char* function,
              int inFlight, double maxBandBytes)
{
    if (maxBandBytes <= 0)
        maxBandBytes = BandStream::MAX_BAND_BYTES;
    requireRowInBudget(devices, bytesPerRow, fixedBytes, function, inFlight);
    int bandRows = (int)std::min<double>(rowsInBudget(devices, bytesPerRow, fixedBytes, inFlight), rows);
    if (inFlight > 1)   // streamed: small enough bands that copies and kernels overlap, and their slots are kept
        bandRows = std::min(bandRows, (int)std::max(1., (maxBandBytes - fixedBytes) / bytesPerRow));
    bandRows = std::max(bandRows, 1);   // an image of no rows: one band
    return std::max(1, std::min(rows, std::max((int)devices.size(), (int)(((int64)rows + bandRows - 1) / bandRows))));
}

RampedBands::RampedBands(int rows, int uniformBands, int deviceCount) : rows_(rows)
{
    uniformBands = std::max(1, uniformBands);   // as bandCount gives: one band at least
    const int round = std::max(1, std::min(deviceCount, uniformBands));
    const bool ramped = uniformBands >= 3 * round && rows >= 8 * (uniformBands + 2 * round);
    halved_ = ramped ? 2 * round : 0;     // each band of the first and the last round in two
    bands_ = uniformBands + halved_;
}

int64 RampedBands::halves(int band) const
{
    const int tail = bands_ - halved_;   // the first band of the last, halved round
    return std::min(band, halved_) + 2 * (int64)std::max(0, std::min(band, tail) - halved_) +
           std::max(0, band - tail);
}

namespace {
// detail::failDeviceThreads: the device threads are not to be had (the host can
// start no thread, or has no memory for one).
enum ThreadFailure { THREADS_START, NO_THREAD, NO_MEMORY_FOR_THREAD };
std::atomic<int> threadsFail(THREADS_START);

// Host threads for the devices' bands, kept between calls: starting two threads
// and waking them took 60-90 us of a call's start on two H200s (perf/NOTES.md).
// A call takes idle ones, starting more when none is idle, and never one that
// another call holds (the bodies of a call may wait for each other). Never
// destroyed: its threads wait on it until the process exits.
class DeviceThreads
{
public:
    static DeviceThreads& get()
    {
        static DeviceThreads* threads = new DeviceThreads();
        return *threads;
    }

    // Runs tasks[i] on a thread of its own for each i and returns when all have
    // run; keys[i] names what task i works on (its device). An idle thread that
    // last ran a task of the same key takes it: a thread that stays with its
    // device keeps its kernels cached and the driver's state for that device.
    // The tasks must not throw. Throws std::system_error or std::bad_alloc, with
    // none of them run, when a thread could not be started (or
    // detail::failDeviceThreads says so).
    void run(const std::vector<std::function<void()>>& tasks, const std::vector<const void*>& keys)
    {
        CV_Assert(keys.size() == tasks.size());
        if (threadsFail == NO_THREAD)
            throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again),
                                    "no thread (clruntime::detail::failDeviceThreads)");
        if (threadsFail == NO_MEMORY_FOR_THREAD)
            throw std::bad_alloc();
        std::vector<Worker*> workers(tasks.size(), nullptr);
        {
            std::lock_guard<std::mutex> guard(lock_);
            for (size_t i = 0; i < tasks.size(); i++)   // first the threads that stay with their device
                for (size_t w = 0; w < idle_.size(); w++)
                    if (idle_[w]->key == keys[i])
                    {
                        workers[i] = idle_[w];
                        idle_.erase(idle_.begin() + w);
                        break;
                    }
            for (size_t i = 0; i < tasks.size() && !idle_.empty(); i++)
                if (!workers[i])
                {
                    workers[i] = idle_.back();
                    idle_.pop_back();
                }
        }
        try
        {
            for (Worker*& w : workers)
                if (!w)
                    w = start();
        }
        catch (...)
        {
            std::lock_guard<std::mutex> guard(lock_);
            for (Worker* w : workers)
                if (w)
                    idle_.push_back(w);
            throw;
        }
        std::mutex doneLock;
        std::condition_variable doneSignal;
        size_t left = tasks.size();
        // Every worker's task is made before any is woken: an allocation that fails
        // then leaves no thread running on this frame.
        std::vector<std::function<void()>> wrapped;
        try
        {
            for (size_t i = 0; i < tasks.size(); i++)
            {
                Worker* w = workers[i];
                wrapped.push_back([&, i, w] {
                    tasks[i]();
                    {
                        // Idle again before the call ends: the caller's next call finds it
                        // (idle_ has room for every worker: no allocation here).
                        std::lock_guard<std::mutex> g(lock_);
                        idle_.push_back(w);
                    }
                    std::lock_guard<std::mutex> g(doneLock);
                    if (--left == 0)
                        doneSignal.notify_one();
                });
            }
        }
        catch (...)
        {
            std::lock_guard<std::mutex> guard(lock_);
            idle_.insert(idle_.end(), workers.begin(), workers.end());
            throw;
        }
        {
            std::lock_guard<std::mutex> guard(lock_);
            for (size_t i = 0; i < tasks.size(); i++)
            {
                workers[i]->key = keys[i];
                workers[i]->task.swap(wrapped[i]);
                workers[i]->wake.notify_one();
            }
        }
        std::unique_lock<std::mutex> wait(doneLock);
        doneSignal.wait(wait, [&] { return left == 0; });
    }

private:
    struct Worker
    {
        std::function<void()> task;   // empty while idle
        std::condition_variable wake;
        const void* key = nullptr;    // of the task it ran last
    };

    // A new thread, waiting for its first task (not listed as idle).
    Worker* start()
    {
        std::unique_ptr<Worker> worker(new Worker);
        Worker* w = worker.get();
        {
            // Room to list every worker as idle: a worker listing itself allocates nothing.
            // Counted here, with the room made, as calls may start workers at once (a
            // thread that then does not start stays counted: room to spare).
            std::lock_guard<std::mutex> guard(lock_);
            idle_.reserve(++workerCount_);
        }
        std::thread([this, w] {
            std::unique_lock<std::mutex> guard(lock_);
            for (;;)
            {
                w->wake.wait(guard, [w] { return (bool)w->task; });
                std::function<void()> task;
                task.swap(w->task);
                guard.unlock();
                task();   // lists this thread as idle when its call's work is done
                task = nullptr;
                guard.lock();
            }
        }).detach();
        return worker.release();
    }

    std::mutex lock_;
    std::vector<Worker*> idle_;
    size_t workerCount_ = 0;   // workers started
};

// One thread per device (no more threads than bands) with its context bound, each
// running `body(next, device)`, which takes bands from `next` until there are none.
// Every thread is had before any body starts (a body may wait for the others).
// The launches and fallbacks counted on those threads are added to the caller's;
// the first exception is thrown again once every thread has ended. A thread whose
// context could not be bound runs `skipped(device)` instead of the body (bodies that
// wait for each other stop waiting for it). False, with no body run, when the host
// could not start the threads.
bool onDeviceThreads(const DeviceSet& devices, int bands, const std::function<void(std::atomic<int>&, int)>& body,
                     const std::function<void(int)>& skipped = std::function<void(int)>())
{
    requireDevices(devices, "clruntime::runBands");
    std::atomic<int> next(0);
    std::mutex lock;
    std::exception_ptr failure;
    uint64 launched[MODULE_COUNT] = {}, fellBack = 0;
    std::vector<std::function<void()>> tasks;
    std::vector<const void*> keys;
    for (size_t d = 0; d < devices.size() && (int)d < bands; d++)
    {
        keys.push_back(devices.context(d).getDevice().ptr());   // a context may hold several devices
        tasks.push_back([&, d] {
            uint64 before[MODULE_COUNT], fallbacksBefore = detail::fallbackCount();
            for (int m = 0; m < MODULE_COUNT; m++)
                before[m] = launchCount((Module)m);
            bool entered = false;
            try
            {
                ocl::OpenCLExecutionContextScope scope(devices.context(d));
                entered = true;
                body(next, (int)d);
            }
            catch (...)
            {
                {
                    std::lock_guard<std::mutex> guard(lock);
                    if (!failure)
                        failure = std::current_exception();
                    next = bands;   // the other threads stop after their current band
                }
                if (!entered && skipped)
                    skipped((int)d);
            }
            std::lock_guard<std::mutex> guard(lock);
            for (int m = 0; m < MODULE_COUNT; m++)
                launched[m] += launchCount((Module)m) - before[m];
            fellBack += detail::fallbackCount() - fallbacksBefore;
        });
    }
    try
    {
        DeviceThreads::get().run(tasks, keys);
    }
    catch (const std::exception&)   // std::system_error, or std::bad_alloc (a thread or its bookkeeping)
    {
        return false;
    }
    for (int m = 0; m < MODULE_COUNT; m++)
        addLaunches((Module)m, launched[m]);
    addFallbacks(fellBack);
    if (failure)
        std::rethrow_exception(failure);
    return true;
}
} // namespace

void runBands(const DeviceSet& devices, int bands, const std::function<void(int band)>& work)
{
    const bool threads = onDeviceThreads(devices, bands, [&](std::atomic<int>& next, int) {
        for (int band = next++; band < bands; band = next++)
            work(band);
    });
    if (threads)
        return;
    // No thread for the devices: the bands on this one, each on a device in turn.
    for (int band = 0; band < bands; band++)
    {
        ocl::OpenCLExecutionContextScope scope(devices.context(band % devices.size()));
        work(band);
    }
}

bool streamBands(const DeviceSet& devices, int bands, const char* function,
                 const std::function<void(int band, BandStream& stream)>& work, const std::function<void()>& thrown)
{
    const int used = std::min((int)devices.size(), bands);
    // Bands handed out in turn before any device takes what it wants: band
    // round * used + d for device d in the first SLOTS rounds. A submit does not
    // wait for its band, so the device whose thread starts first would otherwise
    // take the first SLOTS bands before the others start: of a call's few bands,
    // most on one device.
    const int handedOut = std::min(bands, used * BandStream::SLOTS);
    std::atomic<bool> finished(true), stop(false);
    std::mutex lock;
    std::condition_variable allStarted;
    int started = 0;
    // A device thread is there (made: its stream too); the others stop waiting for it.
    auto arrived = [&](bool made) {
        std::lock_guard<std::mutex> guard(lock);
        if (!made)
            stop = true, finished = false;
        if (++started == used)
            allStarted.notify_all();
    };
    const bool threads = onDeviceThreads(devices, bands, [&](std::atomic<int>& next, int d) {
        std::unique_ptr<BandStream> stream;
        // No queue of its own for the device (or no memory for the slots): no
        // device takes a band, and the caller runs OpenCV's function. Whatever the
        // stream throws, the other threads stop waiting for this one.
        bool made = false;
        try
        {
            made = reportingExceptions(function, [&] {
                stream.reset(new BandStream(function, devices.memoryBudget()));
                return true;
            });
        }
        catch (...)
        {
            arrived(false);
            throw;
        }
        arrived(made);
        {
            std::unique_lock<std::mutex> guard(lock);
            allStarted.wait(guard, [&] { return started == used; });
        }
        try
        {
            for (int band = d; band < handedOut && !stop; band += used)
                work(band, *stream);
            for (;;)
            {
                if (!stop && !stream->awaitSlot())
                    stop = true, finished = false;
                const int band = stop ? bands : handedOut + next++;
                if (band >= bands)
                    break;
                work(band, *stream);
            }
            if (stream && !stream->finish())
                finished = false;
        }
        catch (...)
        {
            stop = true;   // before the stream's destructor waits for its bands
            if (thrown)
                thrown();
            throw;
        }
    }, [&](int) { arrived(false); });
    // No thread for the devices: the caller runs OpenCV's function.
    return threads ? (bool)finished : reportFallback(function, "the host could not start a thread for a device");
}

namespace detail {
void failDeviceThreads(bool fail, bool outOfMemory)
{
    threadsFail = !fail ? THREADS_START : outOfMemory ? NO_MEMORY_FOR_THREAD : NO_THREAD;
}
} // namespace detail

} // namespace clruntime
} // namespace cv
