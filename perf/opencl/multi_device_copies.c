// Host <-> device copy rates of every device of a type, each alone and all at
// once (one host thread and queue each), for the host memory a streamed call can
// copy from: GB/s, medians of RUNS copies of `MiB` per device.
//  - pinned: a mapped CL_MEM_ALLOC_HOST_PTR buffer of the device's own context
//    (what clruntime::BandStream stages through; the plain pinned copy);
//  - pageable: plain malloc'd memory;
//  - registered: plain memory over which a CL_MEM_USE_HOST_PTR buffer was made
//    once in every device's context and kept: does a write or read from a pointer
//    into it (clEnqueueWrite/ReadBuffer, no copy of the buffer) run at the pinned
//    rate, and what does registering cost per context;
//  - another context's pinned memory: does memory pinned by device 0's context
//    copy at the pinned rate to device 1;
//  - one context of all devices: its pinned memory used by each device's queue;
//  - both ways at once: pinned memory up on one queue and down on another, each
//    device (a link carries both ways at once; "both" counts both copies' bytes).
// Each device copies its own part of the host memory. Checks that every kind
// carried the bytes (exit status 1 otherwise).
//
//   cc -O2 multi_device_copies.c -lOpenCL -lpthread -o multi_device_copies
//   ./multi_device_copies [gpu|cpu] [MiB]
#include "cl_tool_threads.h"

#define RUNS 7
#define MAX_DEVICES MAX_TOOL_THREADS

enum Kind { PINNED, PAGEABLE, REGISTERED, OTHER_CONTEXT_PINNED, SHARED_CONTEXT_PINNED, BOTH_WAYS, KIND_COUNT };
static const char* kindNames[KIND_COUNT] = { "pinned (own context)", "pageable", "registered (use-host-ptr kept)",
                                             "pinned by device 0's context", "pinned, one context of all devices",
                                             "pinned, up and down at once" };

static int deviceCount;
static size_t bytes;
static cl_command_queue queues[MAX_DEVICES], sharedQueues[MAX_DEVICES], downQueues[MAX_DEVICES];
static cl_mem deviceBuffers[MAX_DEVICES], sharedDeviceBuffers[MAX_DEVICES], downBuffers[MAX_DEVICES];
static unsigned char *pinned[MAX_DEVICES], *pageable, *sharedPinned, *downPinned[MAX_DEVICES];

static unsigned char* hostOf(int kind, int device)
{
    switch (kind)
    {
    case PINNED: return pinned[device];
    case OTHER_CONTEXT_PINNED: return pinned[0] + device * bytes / deviceCount / 4096 * 4096;
    case SHARED_CONTEXT_PINNED: return sharedPinned + device * bytes;
    case BOTH_WAYS: return pinned[device];
    default: return pageable + device * bytes;   // PAGEABLE and REGISTERED: the same memory
    }
}

static void copy(int kind, int device, int toDevice)
{
    const int shared = kind == SHARED_CONTEXT_PINNED;
    cl_command_queue q = shared ? sharedQueues[device] : queues[device];
    cl_mem d = shared ? sharedDeviceBuffers[device] : deviceBuffers[device];
    size_t n = kind == OTHER_CONTEXT_PINNED ? bytes / deviceCount / 4096 * 4096 : bytes;
    if (kind == BOTH_WAYS)   // up from pinned[device], down into downPinned[device] on the second queue
    {
        CHECK(clEnqueueWriteBuffer(q, d, CL_FALSE, 0, n, pinned[device], 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(downQueues[device], downBuffers[device], CL_FALSE, 0, n, downPinned[device], 0,
                                  NULL, NULL));
        CHECK(clFinish(q));
        CHECK(clFinish(downQueues[device]));
    }
    else if (toDevice)
        CHECK(clEnqueueWriteBuffer(q, d, CL_TRUE, 0, n, hostOf(kind, device), 0, NULL, NULL));
    else
        CHECK(clEnqueueReadBuffer(q, d, CL_TRUE, 0, n, hostOf(kind, device), 0, NULL, NULL));
}

struct CopyArgs
{
    int kind, toDevice, only;
};

static void copyOnThread(int thread, void* p)
{
    const struct CopyArgs* a = p;
    copy(a->kind, a->only >= 0 ? a->only : thread, a->toDevice);
}

// GB/s of `devices` devices (0 .. devices - 1, or only `only` when >= 0) copying at once.
static double rate(int kind, int toDevice, int devices, int only)
{
    struct CopyArgs args = { kind, toDevice, only };
    const double us = medianOfThreadRounds(RUNS, devices, copyOnThread, &args);
    const size_t moved = (kind == OTHER_CONTEXT_PINNED ? bytes / deviceCount / 4096 * 4096 : bytes) * devices *
                         (kind == BOTH_WAYS ? 2 : 1);
    return moved / us * 1e-3;
}

// A queue, a device buffer of `bytes` and as much mapped pinned host memory, on `ctx` for `dev`.
static void makeDeviceSide(cl_context ctx, cl_device_id dev, cl_command_queue* q, cl_mem* buffer, unsigned char** host)
{
    cl_int err;
    *q = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err);
    *buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    *host = pinnedHost(ctx, *q, bytes);
    memset(*host, 3, bytes);
}

int main(int argc, char** argv)
{
    const char* kindArg = argc > 1 ? argv[1] : "gpu";
    bytes = (size_t)(argc > 2 ? atol(argv[2]) : 256) << 20;
    cl_device_id devices[MAX_DEVICES];
    deviceCount = devicesOfKind(kindArg, devices, MAX_DEVICES);
    printf("%d devices, %zu MiB a copy a device\n", deviceCount, bytes >> 20);

    cl_int err;
    cl_context contexts[MAX_DEVICES];
    pageable = aligned_alloc(4096, bytes * deviceCount);
    for (size_t i = 0; i < bytes * deviceCount; i++)
        pageable[i] = (unsigned char)(i * 2654435761u >> 24);
    for (int d = 0; d < deviceCount; d++)
    {
        contexts[d] = clCreateContext(NULL, 1, &devices[d], NULL, NULL, &err);
        CHECK(err);
        makeDeviceSide(contexts[d], devices[d], &queues[d], &deviceBuffers[d], &pinned[d]);
        makeDeviceSide(contexts[d], devices[d], &downQueues[d], &downBuffers[d], &downPinned[d]);
    }
    cl_context shared = clCreateContext(NULL, (cl_uint)deviceCount, devices, NULL, NULL, &err);
    CHECK(err);
    cl_mem sharedPinnedBuffer = clCreateBuffer(shared, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                               bytes * deviceCount, NULL, &err);
    CHECK(err);
    for (int d = 0; d < deviceCount; d++)
    {
        sharedQueues[d] = clCreateCommandQueue(shared, devices[d], 0, &err);
        CHECK(err);
        sharedDeviceBuffers[d] = clCreateBuffer(shared, CL_MEM_READ_WRITE, bytes, NULL, &err);
        CHECK(err);
    }
    sharedPinned = clEnqueueMapBuffer(sharedQueues[0], sharedPinnedBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                      bytes * deviceCount, 0, NULL, NULL, &err);
    CHECK(err);
    memset(sharedPinned, 5, bytes * deviceCount);

    int ok = 1;
    for (int kind = 0; kind < KIND_COUNT; kind++)
    {
        if (kind == REGISTERED)
        {
            // The pageable memory registered with every context, kept until the end.
            for (int d = 0; d < deviceCount; d++)
            {
                double t0 = nowUs();
                cl_mem reg = clCreateBuffer(contexts[d], CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                                            bytes * deviceCount, pageable, &err);
                CHECK(err);
                // Touch it on the device's queue: an implementation may pin at first use.
                CHECK(clEnqueueCopyBuffer(queues[d], reg, deviceBuffers[d], 0, 0, 4096, 0, NULL, NULL));
                CHECK(clFinish(queues[d]));
                const double us = nowUs() - t0;
                printf("registering %zu MiB with context %d: %.1f ms (%.1f GB/s)\n", bytes * deviceCount >> 20, d,
                       us * 1e-3, bytes * deviceCount / us * 1e-3);
            }
        }
        printf("%-36s", kindNames[kind]);
        for (int toDevice = 1; toDevice >= (kind == BOTH_WAYS ? 1 : 0); toDevice--)
        {
            const char* way = kind == BOTH_WAYS ? "both" : toDevice ? "up" : "down";
            for (int d = 0; d < deviceCount; d++)
                printf("  %s %d: %5.1f", way, d, rate(kind, toDevice, 1, d));
            if (deviceCount > 1)
                printf("  %s all: %5.1f", way, rate(kind, toDevice, deviceCount, -1));
        }
        printf("  GB/s\n");
        // The bytes went up and came back: write a pattern up, clear the host, read it back.
        for (int d = 0; d < deviceCount; d++)
        {
            const size_t n = kind == OTHER_CONTEXT_PINNED ? bytes / deviceCount / 4096 * 4096 : bytes;
            unsigned char* host = hostOf(kind, d);
            for (size_t i = 0; i < n; i += 4093)
                host[i] = (unsigned char)(i + kind + d);
            copy(kind, d, 1);
            memset(host, 0, n);
            if (kind == BOTH_WAYS)   // what went up, read back on the first queue
                CHECK(clEnqueueReadBuffer(queues[d], deviceBuffers[d], CL_TRUE, 0, n, host, 0, NULL, NULL));
            else
                copy(kind, d, 0);
            for (size_t i = 0; i < n; i += 4093)
                if (host[i] != (unsigned char)(i + kind + d))
                {
                    printf("  %s: device %d did NOT carry the bytes\n", kindNames[kind], d);
                    ok = 0;
                    break;
                }
        }
    }
    printf(ok ? "every kind carried the bytes\n" : "FAILED\n");
    return ok ? 0 : 1;
}
