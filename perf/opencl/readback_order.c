// Does a small read-back wait for the big downloads that other queues of the same
// device have in flight? (The two-device integral could take each band's carry
// from the band above's own last row, 80 KB read back from its device; the
// band below waits for it while its device downloads bands of about 50 MB.)
// One device; DOWNLOADS queues each read `MiB` from a device buffer into pinned
// host memory (a mapped CL_MEM_ALLOC_HOST_PTR buffer, as clruntime's streams),
// and one more queue reads SMALL_BYTES into pinned memory:
//  - alone: the small read with nothing else in flight;
//  - after: enqueued (and flushed) just after the downloads;
//  - before: enqueued just before them.
// Per case, medians over RUNS of: the small read's host wait (enqueue to its event
// complete, us) and its end against the downloads' ends (event times: the small
// read ends after how many of them).
//
//   cc -O2 readback_order.c -lOpenCL -o readback_order && ./readback_order [gpu|cpu] [MiB]
#include "cl_tool.h"

#define RUNS 7
#define DOWNLOADS 2
#define SMALL_BYTES (80 << 10)

enum Case { ALONE, AFTER, BEFORE, CASE_COUNT };
static const char* caseNames[CASE_COUNT] = { "alone", "after the downloads", "before the downloads" };

static cl_command_queue bigQueues[DOWNLOADS], smallQueue;
static cl_mem bigDevice[DOWNLOADS], smallDevice;
static unsigned char* bigPinned[DOWNLOADS];
static void* smallPinned;
static size_t bigBytes;

// One run of case `c`: the small read's host wait (us) into *waitUs, and how many
// downloads ended before it ended into *after.
static void runCase(enum Case c, double* waitUs, double* after)
{
    cl_event big[DOWNLOADS] = { 0 }, small = NULL;
    double t0 = 0;
    if (c == BEFORE)
    {
        t0 = nowUs();
        CHECK(clEnqueueReadBuffer(smallQueue, smallDevice, CL_FALSE, 0, SMALL_BYTES, smallPinned, 0, NULL, &small));
        CHECK(clFlush(smallQueue));
    }
    if (c != ALONE)
        for (int i = 0; i < DOWNLOADS; i++)
        {
            CHECK(clEnqueueReadBuffer(bigQueues[i], bigDevice[i], CL_FALSE, 0, bigBytes, bigPinned[i], 0, NULL, &big[i]));
            CHECK(clFlush(bigQueues[i]));
        }
    if (c != BEFORE)
    {
        t0 = nowUs();
        CHECK(clEnqueueReadBuffer(smallQueue, smallDevice, CL_FALSE, 0, SMALL_BYTES, smallPinned, 0, NULL, &small));
        CHECK(clFlush(smallQueue));
    }
    CHECK(clWaitForEvents(1, &small));
    *waitUs = nowUs() - t0;
    *after = 0;
    const cl_ulong smallEnd = eventTime(small, CL_PROFILING_COMMAND_END);
    for (int i = 0; i < DOWNLOADS && c != ALONE; i++)
    {
        CHECK(clWaitForEvents(1, &big[i]));
        *after += eventTime(big[i], CL_PROFILING_COMMAND_END) <= smallEnd;
        CHECK(clReleaseEvent(big[i]));
    }
    CHECK(clReleaseEvent(small));
}

int main(int argc, char** argv)
{
    cl_device_id dev = deviceOfKind(argc > 1 ? argv[1] : "gpu");
    bigBytes = (size_t)(argc > 2 ? atoi(argv[2]) : 48) << 20;
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    smallQueue = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    smallDevice = clCreateBuffer(ctx, CL_MEM_READ_WRITE, SMALL_BYTES, NULL, &err);
    CHECK(err);
    smallPinned = pinnedHost(ctx, smallQueue, SMALL_BYTES);
    bigCopies(ctx, dev, DOWNLOADS, bigBytes, bigQueues, bigDevice, bigPinned);
    const unsigned char smallPattern = 7;
    CHECK(clEnqueueFillBuffer(smallQueue, smallDevice, &smallPattern, 1, 0, SMALL_BYTES, 0, NULL, NULL));
    CHECK(clFinish(smallQueue));
    printf("%d downloads of %zu MiB on queues of their own, a read of %d KB on another\n", DOWNLOADS, bigBytes >> 20,
           SMALL_BYTES >> 10);
    for (int c = 0; c < CASE_COUNT; c++)
    {
        double wait[RUNS], after[RUNS];
        for (int r = 0; r < RUNS; r++)
            runCase((enum Case)c, &wait[r], &after[r]);
        const double afterMedian = median(after, RUNS);
        printf("%-22s small read waited %8.1f us; ended after %.0f of %d downloads\n", caseNames[c],
               median(wait, RUNS), afterMedian, c == ALONE ? 0 : DOWNLOADS);
    }
    // The bytes came: the small read's and the last download's.
    const int ok = ((unsigned char*)smallPinned)[SMALL_BYTES - 1] == 7 &&
                   bigPinned[DOWNLOADS - 1][bigBytes - 1] == DOWNLOADS;
    printf("copies %s\n", ok ? "checked" : "WRONG");
    return ok ? 0 : 1;
}
