// Downloads fed to a device a few chunks at a time: does the link stay as busy as
// with everything enqueued at once, and how long does a small read-back wait then?
// (readback_order.c: a read-back waits behind every download enqueued before it, on
// any queue of the device. The two-device integral's carries are such read-backs.)
// One device: TOTAL_MIB read from a device buffer into pinned memory in chunks of
// `chunk` MiB, at most `window` chunks enqueued and not done (the feeding thread
// waits for chunk i - window before it enqueues chunk i; window 0: all at once).
// Meanwhile another thread reads ROW_BYTES back on a queue of its own every
// PROBE_GAP_US and times each read (enqueue to done). Per case, medians over RUNS:
// the downloads' GB/s, and the read-backs' median and largest wait (us).
//
//   cc -O2 fed_downloads.c -lOpenCL -lpthread -o fed_downloads && ./fed_downloads [gpu|cpu] [TOTAL_MIB]
#include "cl_tool.h"

#include <pthread.h>
#include <unistd.h>

#define RUNS 7
#define ROW_BYTES (80 << 10)
#define PROBE_GAP_US 200
#define MAX_CHUNKS 4096
#define MAX_PROBES 4096

static cl_command_queue feedQueue, probeQueue;
static cl_mem bigDevice, rowDevice;
static unsigned char *bigPinned, *rowPinned;
static size_t totalBytes;
static volatile int feeding;
static double probeWaits[MAX_PROBES];
static int probeCount;

static void* probe(void* unused)
{
    (void)unused;
    probeCount = 0;
    while (feeding && probeCount < MAX_PROBES)
    {
        const double t0 = nowUs();
        CHECK(clEnqueueReadBuffer(probeQueue, rowDevice, CL_TRUE, 0, ROW_BYTES, rowPinned, 0, NULL, NULL));
        probeWaits[probeCount++] = nowUs() - t0;
        usleep(PROBE_GAP_US);
    }
    return NULL;
}

// One run: the downloads' GB/s; the probes' median and largest wait into *med, *most.
static double runCase(size_t chunkBytes, int window, double* med, double* most)
{
    static cl_event done[MAX_CHUNKS];
    const int chunks = (int)((totalBytes + chunkBytes - 1) / chunkBytes);
    pthread_t prober;
    feeding = 1;
    CHECK(pthread_create(&prober, NULL, probe, NULL) != 0);
    usleep(100);   // the prober has started
    const double t0 = nowUs();
    for (int i = 0; i < chunks; i++)
    {
        if (window > 0 && i >= window)
        {
            CHECK(clWaitForEvents(1, &done[i - window]));
            CHECK(clReleaseEvent(done[i - window]));
            done[i - window] = NULL;
        }
        const size_t at = (size_t)i * chunkBytes, n = at + chunkBytes > totalBytes ? totalBytes - at : chunkBytes;
        CHECK(clEnqueueReadBuffer(feedQueue, bigDevice, CL_FALSE, at, n, bigPinned + at, 0, NULL, &done[i]));
        CHECK(clFlush(feedQueue));
    }
    CHECK(clFinish(feedQueue));
    const double us = nowUs() - t0;
    feeding = 0;
    pthread_join(prober, NULL);
    for (int i = 0; i < chunks; i++)
        if (done[i])
        {
            CHECK(clReleaseEvent(done[i]));
            done[i] = NULL;
        }
    double w[MAX_PROBES];
    memcpy(w, probeWaits, sizeof(double) * probeCount);
    *med = probeCount ? median(w, probeCount) : 0;
    *most = probeCount ? w[probeCount - 1] : 0;
    return totalBytes / us * 1e-3;
}

int main(int argc, char** argv)
{
    cl_device_id dev = deviceOfKind(argc > 1 ? argv[1] : "gpu");
    totalBytes = (size_t)(argc > 2 ? atoi(argv[2]) : 208) << 20;
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    feedQueue = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err);
    probeQueue = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err);
    bigDevice = clCreateBuffer(ctx, CL_MEM_READ_WRITE, totalBytes, NULL, &err);
    CHECK(err);
    rowDevice = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ROW_BYTES, NULL, &err);
    CHECK(err);
    bigPinned = pinnedHost(ctx, feedQueue, totalBytes);
    rowPinned = pinnedHost(ctx, probeQueue, ROW_BYTES);
    const unsigned char pattern = 3, rowPattern = 5;
    CHECK(clEnqueueFillBuffer(feedQueue, bigDevice, &pattern, 1, 0, totalBytes, 0, NULL, NULL));
    CHECK(clEnqueueFillBuffer(probeQueue, rowDevice, &rowPattern, 1, 0, ROW_BYTES, 0, NULL, NULL));
    CHECK(clFinish(feedQueue));
    CHECK(clFinish(probeQueue));
    printf("%zu MiB downloaded in chunks, a read-back of %d KB every %d us on another queue\n", totalBytes >> 20,
           ROW_BYTES >> 10, PROBE_GAP_US);
    const int chunkMiB[] = { 64, 16, 8, 4, 2, 1 };
    const int windows[] = { 0, 1, 2, 3, 4 };
    for (size_t c = 0; c < sizeof chunkMiB / sizeof chunkMiB[0]; c++)
        for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++)
        {
            double gbs[RUNS], med[RUNS], most[RUNS];
            for (int r = 0; r < RUNS; r++)
                gbs[r] = runCase((size_t)chunkMiB[c] << 20, windows[w], &med[r], &most[r]);
            char win[16];
            snprintf(win, sizeof win, windows[w] ? "%d" : "all", windows[w]);
            printf("chunks %2d MiB, window %-3s: %6.1f GB/s; read-backs waited median %7.1f us, largest %7.1f us\n",
                   chunkMiB[c], win, median(gbs, RUNS), median(med, RUNS), median(most, RUNS));
        }
    const int ok = bigPinned[totalBytes - 1] == 3 && rowPinned[ROW_BYTES - 1] == 5;
    printf("copies %s\n", ok ? "checked" : "WRONG");
    return ok ? 0 : 1;
}
