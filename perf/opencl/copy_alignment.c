// Does where a download starts change its rate? A streamed integral downloads
// bands whose rows are (width + 1) * 4 bytes long, from row 1 of a device buffer
// into the caller's rows: neither end of such a copy starts on a 64-byte line,
// where cubic resize's rows (a multiple of 4096 bytes) always do. This tool times
// BANDS band downloads a device, back to back from pinned device-side slots into
// one pinned host image, each device alone and every device at once, optionally
// with a quarter as many bytes going up at the same time (the sources), with the
// host and device ends of every copy that many bytes past a 4096-byte boundary
// (both +4: as the integral's bands of 20480-pixel rows are), and "split": the
// copy in two, its first bytes up to the host's next 64-byte line on their own.
// GB/s, medians of RUNS rounds. Checks the bytes of the last round.
//
//   cc -O2 copy_alignment.c -lOpenCL -lpthread -o copy_alignment
//   ./copy_alignment [gpu|cpu] [MiB a band] [bands]
#include "cl_tool_threads.h"

#define RUNS 5
#define SLOTS 3
#define MAX_DEVICES MAX_TOOL_THREADS

struct Case
{
    const char* name;
    size_t hostOff, devOff;
    int split;
};
static const struct Case cases[] = { { "aligned", 0, 0, 0 },     { "host +4", 4, 0, 0 },   { "device +4", 0, 4, 0 },
                                     { "host +64", 64, 0, 0 },   { "host +256", 256, 0, 0 }, { "both +4", 4, 4, 0 },
                                     { "both +4 split", 4, 4, 1 } };
#define CASE_COUNT (int)(sizeof cases / sizeof cases[0])

static int deviceCount, bands;
static size_t bandBytes;
static cl_command_queue downQueues[MAX_DEVICES], upQueues[MAX_DEVICES];
static cl_mem slots[MAX_DEVICES][SLOTS], sources[MAX_DEVICES];
static unsigned char *image[MAX_DEVICES], *source[MAX_DEVICES];

static void stream(int device, int which, int withUploads)
{
    const struct Case c = cases[which];
    const size_t head = c.split ? (64 - c.hostOff % 64) % 64 : 0;
    for (int b = 0; b < bands; b++)
    {
        if (withUploads)
            CHECK(clEnqueueWriteBuffer(upQueues[device], sources[device], CL_FALSE, 0, bandBytes / 4,
                                       source[device] + b * (bandBytes / 4), 0, NULL, NULL));
        unsigned char* host = image[device] + c.hostOff + b * bandBytes;
        cl_mem slot = slots[device][b % SLOTS];
        if (head)
            CHECK(clEnqueueReadBuffer(downQueues[device], slot, CL_FALSE, c.devOff, head, host, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(downQueues[device], slot, CL_FALSE, c.devOff + head, bandBytes - head, host + head,
                                  0, NULL, NULL));
        CHECK(clFlush(downQueues[device]));
    }
    CHECK(clFinish(downQueues[device]));
    CHECK(clFinish(upQueues[device]));
}

struct StreamArgs
{
    int which, withUploads, only;
};

static void streamOnThread(int thread, void* p)
{
    const struct StreamArgs* a = p;
    stream(a->only >= 0 ? a->only : thread, a->which, a->withUploads);
}

// GB/s downloaded by devices 0 .. devices - 1 (or only `only` when >= 0) at once.
static double rate(int which, int withUploads, int devices, int only)
{
    struct StreamArgs args = { which, withUploads, only };
    return (double)bandBytes * bands * devices / medianOfThreadRounds(RUNS, devices, streamOnThread, &args) * 1e-3;
}

int main(int argc, char** argv)
{
    const char* kindArg = argc > 1 ? argv[1] : "gpu";
    bandBytes = (size_t)(argc > 2 ? atol(argv[2]) : 64) << 20;
    bands = argc > 3 ? atoi(argv[3]) : 16;
    cl_device_id devices[MAX_DEVICES];
    deviceCount = devicesOfKind(kindArg, devices, MAX_DEVICES);
    printf("%d devices, %d bands of %zu MiB a device\n", deviceCount, bands, bandBytes >> 20);

    cl_int err;
    for (int d = 0; d < deviceCount; d++)
    {
        cl_context ctx = clCreateContext(NULL, 1, &devices[d], NULL, NULL, &err);
        CHECK(err);
        downQueues[d] = clCreateCommandQueue(ctx, devices[d], 0, &err);
        CHECK(err);
        upQueues[d] = clCreateCommandQueue(ctx, devices[d], 0, &err);
        CHECK(err);
        for (int s = 0; s < SLOTS; s++)
        {
            slots[d][s] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bandBytes + 4096, NULL, &err);
            CHECK(err);
            // A pattern that tells the slot and the offset apart.
            unsigned char* fill = malloc(bandBytes + 4096);
            for (size_t i = 0; i < bandBytes + 4096; i++)
                fill[i] = (unsigned char)(i * 7 + s * 31 + d);
            CHECK(clEnqueueWriteBuffer(upQueues[d], slots[d][s], CL_TRUE, 0, bandBytes + 4096, fill, 0, NULL, NULL));
            free(fill);
        }
        sources[d] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bandBytes / 4, NULL, &err);
        CHECK(err);
        image[d] = pinnedHost(ctx, downQueues[d], bandBytes * bands + 4096);
        source[d] = pinnedHost(ctx, upQueues[d], bandBytes / 4 * bands);
        memset(image[d], 0, bandBytes * bands + 4096);
        memset(source[d], 0, bandBytes / 4 * bands);
    }

    int ok = 1;
    for (int withUploads = 0; withUploads <= 1; withUploads++)
        for (int which = 0; which < CASE_COUNT; which++)
        {
            printf("%-14s %-14s", cases[which].name, withUploads ? "+ uploads" : "downloads only");
            for (int d = 0; d < deviceCount; d++)
                printf("  device %d: %5.1f", d, rate(which, withUploads, 1, d));
            if (deviceCount > 1)
                printf("  all: %5.1f", rate(which, withUploads, deviceCount, -1));
            printf("  GB/s\n");
            // The last round's bytes: band b of device d is slot b % SLOTS from devOff on.
            const size_t hostOff = cases[which].hostOff, devOff = cases[which].devOff;
            for (int d = 0; d < deviceCount; d++)
                for (int b = 0; b < bands; b++)
                    for (size_t i = 0; i < bandBytes; i += 4093)
                        if (image[d][hostOff + b * bandBytes + i] !=
                            (unsigned char)((i + devOff) * 7 + (b % SLOTS) * 31 + d))
                        {
                            printf("  device %d band %d: wrong bytes\n", d, b);
                            ok = 0;
                            b = bands;
                            break;
                        }
        }
    printf(ok ? "every copy carried its bytes\n" : "FAILED\n");
    return ok ? 0 : 1;
}
