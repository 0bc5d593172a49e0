// How fast the host sums the columns of an 8-bit image (what clintegral's carries
// over several devices read: uint32 sums, four rows a pass, the columns split over
// threads), in GB/s of the image, medians of RUNS sums of `MiB`:
//  - from pinned memory (a mapped CL_MEM_ALLOC_HOST_PTR buffer, as the pinned host
//    images of clruntime::getPinnedAllocator) and from pageable memory;
//  - with the devices idle, and while every device of the type copies a device
//    buffer into pinned host memory over and over (its link busy, as during a
//    streamed call's downloads).
//
//   cc -O3 host_sums.c -lOpenCL -lpthread -o host_sums && ./host_sums [gpu|cpu] [MiB] [threads]
#include "cl_tool.h"

#include <pthread.h>
#include <stdint.h>

#define RUNS 7
#define MAX_DEVICES 8
#define MAX_THREADS 64
#define WIDTH 10240

static const unsigned char* image;
static size_t rows;
static uint32_t sums[WIDTH];
static int threads;

struct Part
{
    int start, end;
};

static void* sumColumns(void* arg)
{
    const struct Part* part = (const struct Part*)arg;
    const int start = part->start, end = part->end;
    uint32_t* const a = sums;
    size_t y = 0;
    for (; y + 4 <= rows; y += 4)
    {
        const unsigned char *p0 = image + y * WIDTH, *p1 = p0 + WIDTH, *p2 = p1 + WIDTH, *p3 = p2 + WIDTH;
        for (int i = start; i < end; i++)
            a[i] += (uint32_t)p0[i] + p1[i] + p2[i] + p3[i];
    }
    for (; y < rows; y++)
        for (int i = start; i < end; i++)
            a[i] += image[y * WIDTH + i];
    return NULL;
}

// One sum of the image's columns over `threads` threads; microseconds.
static double timeSums(void)
{
    pthread_t t[MAX_THREADS];
    struct Part parts[MAX_THREADS];
    memset(sums, 0, sizeof sums);
    const double t0 = nowUs();
    for (int i = 0; i < threads; i++)
    {
        parts[i].start = WIDTH * i / threads;
        parts[i].end = WIDTH * (i + 1) / threads;
        pthread_create(&t[i], NULL, sumColumns, &parts[i]);
    }
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    return nowUs() - t0;
}

static double medianSums(void)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++)
        t[r] = timeSums();
    return median(t, RUNS);
}

// The devices' copies that keep their links busy.
static int deviceCount;
static cl_command_queue queues[MAX_DEVICES];
static cl_mem deviceBuffers[MAX_DEVICES];
static unsigned char* copyTargets[MAX_DEVICES];
static size_t copyBytes = (size_t)256 << 20;
static volatile int copying;
static int copies[MAX_DEVICES];

static void* copyLoop(void* arg)
{
    const int d = (int)(intptr_t)arg;
    while (copying)
    {
        CHECK(clEnqueueReadBuffer(queues[d], deviceBuffers[d], CL_TRUE, 0, copyBytes, copyTargets[d], 0, NULL, NULL));
        copies[d]++;
    }
    return NULL;
}

int main(int argc, char** argv)
{
    const char* kind = argc > 1 ? argv[1] : "gpu";
    const size_t bytes = (size_t)(argc > 2 ? atol(argv[2]) : 100) << 20;
    threads = argc > 3 ? atoi(argv[3]) : 16;
    if (threads < 1 || threads > MAX_THREADS)
        threads = 16;
    rows = bytes / WIDTH;
    const cl_device_type type = !strcmp(kind, "cpu") ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU;
    cl_platform_id platform = NULL;
    cl_device_id devices[MAX_DEVICES];
    cl_uint count = 0;
    {
        cl_platform_id platforms[8];
        cl_uint n = 0;
        CHECK(clGetPlatformIDs(8, platforms, &n));
        for (cl_uint i = 0; i < n && !count; i++)
            if (clGetDeviceIDs(platforms[i], type, MAX_DEVICES, devices, &count) == CL_SUCCESS && count)
                platform = platforms[i];
    }
    if (!platform)
    {
        fprintf(stderr, "no %s device\n", kind);
        return 1;
    }
    deviceCount = (int)count;
    if (type == CL_DEVICE_TYPE_CPU)
        copyBytes = (size_t)16 << 20;
    unsigned char* pinnedImage = NULL;
    for (int d = 0; d < deviceCount; d++)
    {
        cl_int err;
        cl_context ctx = clCreateContext(NULL, 1, &devices[d], NULL, NULL, &err);
        CHECK(err);
        queues[d] = clCreateCommandQueue(ctx, devices[d], 0, &err);
        CHECK(err);
        deviceBuffers[d] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, copyBytes, NULL, &err);
        CHECK(err);
        cl_mem target = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, copyBytes, NULL, &err);
        CHECK(err);
        copyTargets[d] = (unsigned char*)clEnqueueMapBuffer(queues[d], target, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                                            copyBytes, 0, NULL, NULL, &err);
        CHECK(err);
        if (d == 0)
        {
            cl_mem img = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
            CHECK(err);
            pinnedImage = (unsigned char*)clEnqueueMapBuffer(queues[d], img, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                                             bytes, 0, NULL, NULL, &err);
            CHECK(err);
        }
    }
    unsigned char* pageableImage = (unsigned char*)malloc(bytes);
    for (size_t i = 0; i < bytes; i++)
        pinnedImage[i] = pageableImage[i] = (unsigned char)(i * 7 + i / WIDTH);
    printf("%d device(s), %zu MiB image %d wide, %d threads\n", deviceCount, bytes >> 20, WIDTH, threads);

    uint32_t expected[WIDTH];
    for (int busy = 0; busy < 2; busy++)
    {
        pthread_t loops[MAX_DEVICES];
        double start = nowUs();
        if (busy)
        {
            copying = 1;
            for (int d = 0; d < deviceCount; d++)
            {
                copies[d] = 0;
                pthread_create(&loops[d], NULL, copyLoop, (void*)(intptr_t)d);
            }
        }
        for (int pinned = 1; pinned >= 0; pinned--)
        {
            image = pinned ? pinnedImage : pageableImage;
            const double us = medianSums();
            if (!busy && pinned)
                memcpy(expected, sums, sizeof sums);
            else if (memcmp(expected, sums, sizeof sums))
            {
                fprintf(stderr, "the sums differ\n");
                return 1;
            }
            printf("%-8s memory, devices %-7s %9.1f us %7.1f GB/s\n", pinned ? "pinned" : "pageable",
                   busy ? "copying" : "idle", us, bytes / us * 1e-3);
        }
        if (busy)
        {
            copying = 0;
            int total = 0;
            for (int d = 0; d < deviceCount; d++)
            {
                pthread_join(loops[d], NULL);
                total += copies[d];
            }
            const double seconds = (nowUs() - start) * 1e-6;
            printf("the devices' copies meanwhile: %.1f GB/s over all\n", total * (double)copyBytes / seconds * 1e-9);
        }
    }
    free(pageableImage);
    return 0;
}
