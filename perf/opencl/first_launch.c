// Why does the first kernel launch of a two-GPU integral call take 0.26-0.32 ms of
// host time on NVIDIA's driver, where the same launch of the next band takes
// 0.02-0.05 ms (perf/NOTES.md, host-image item 34)? This tool does what a call of
// a device set does on each device, without clx: a thread per device (kept across
// rounds, as clruntime's device threads are), its own context and SLOTS queues.
// A round is one call: all threads at once, each writing BANDS bands of `MiB` from
// pinned host memory into its slots' device buffers (band b on queue b % SLOTS)
// and launching a kernel that reads each, then waiting for its queues. Cases:
//  - "other context": the host memory pinned through device 0's context, as a Mat
//    of clruntime::getPinnedAllocator() made on the caller's thread is;
//  - "own context": each device's bands pinned through its own context;
//  - "no upload": the launches alone.
// Prints, per case and band of a round, the medians over RUNS rounds and the
// devices of the host time of the write's enqueue and of the launch's enqueue, in
// us. Checks the last round's kernel outputs against the host bytes.
//
//   cc -O2 first_launch.c -lOpenCL -lpthread -o first_launch && ./first_launch [gpu|cpu] [MiB]
#include "cl_tool.h"

#include <pthread.h>

#define RUNS 15
#define SLOTS 3
#define BANDS 4
#define MAX_DEVICES 8

enum Case { OTHER_CONTEXT, OWN_CONTEXT, NO_UPLOAD, CASE_COUNT };
static const char* caseNames[CASE_COUNT] = { "other context", "own context", "no upload" };

static const char* kernelSource =
    "__kernel void fold(__global const uint4* in, __global uint* out, uint n)\n"
    "{\n"
    "    const uint i = get_global_id(0);\n"
    "    if (i < n) { const uint4 v = in[i]; out[i] = v.x ^ v.y ^ v.z ^ v.w; }\n"
    "}\n";

static int deviceCount;
static size_t bandBytes;
static cl_command_queue queues[MAX_DEVICES][SLOTS];
static cl_mem inputs[MAX_DEVICES][SLOTS], outputs[MAX_DEVICES][SLOTS];
static cl_kernel kernels[MAX_DEVICES];
// Host bands: [0] pinned through device 0's context, [1] through each device's own.
static unsigned char* hostBands[2][MAX_DEVICES];
// Host times of the round being run: [device][band].
static double writeUs[MAX_DEVICES][BANDS], launchUs[MAX_DEVICES][BANDS];

static enum Case currentCase;
static int stop;
static pthread_barrier_t roundStart, roundEnd;

// One call's work on device d.
static void call(int d)
{
    const cl_uint n = (cl_uint)(bandBytes / 16);
    const size_t local = 256, global = (n + local - 1) / local * local;
    for (int b = 0; b < BANDS; b++)
    {
        cl_command_queue q = queues[d][b % SLOTS];
        const double t0 = nowUs();
        if (currentCase != NO_UPLOAD)
        {
            const unsigned char* host = hostBands[currentCase == OWN_CONTEXT][d] + b * bandBytes;
            CHECK(clEnqueueWriteBuffer(q, inputs[d][b % SLOTS], CL_FALSE, 0, bandBytes, host, 0, NULL, NULL));
        }
        const double t1 = nowUs();
        CHECK(clSetKernelArg(kernels[d], 0, sizeof(cl_mem), &inputs[d][b % SLOTS]));
        CHECK(clSetKernelArg(kernels[d], 1, sizeof(cl_mem), &outputs[d][b % SLOTS]));
        CHECK(clSetKernelArg(kernels[d], 2, sizeof n, &n));
        CHECK(clEnqueueNDRangeKernel(q, kernels[d], 1, NULL, &global, &local, 0, NULL, NULL));
        const double t2 = nowUs();
        CHECK(clFlush(q));
        writeUs[d][b] = t1 - t0;
        launchUs[d][b] = t2 - t1;
    }
    for (int s = 0; s < SLOTS; s++)
        CHECK(clFinish(queues[d][s]));
}

static void* deviceThread(void* p)
{
    const int d = (int)(size_t)p;
    for (;;)
    {
        pthread_barrier_wait(&roundStart);
        if (stop)
            return NULL;
        call(d);
        pthread_barrier_wait(&roundEnd);
    }
}

// The kernel outputs of the last round's bands that are still in the slots (the
// last SLOTS bands of each device) against the host bytes of `c`: 1 when all match.
static int outputsMatch(enum Case c)
{
    const size_t n = bandBytes / 16;
    unsigned int* out = malloc(n * sizeof(unsigned int));
    int ok = 1;
    for (int d = 0; d < deviceCount && ok; d++)
        for (int b = BANDS - SLOTS; b < BANDS && ok; b++)
        {
            const int s = b % SLOTS;
            CHECK(clEnqueueReadBuffer(queues[d][s], outputs[d][s], CL_TRUE, 0, n * sizeof(unsigned int), out, 0, NULL,
                                      NULL));
            const unsigned int* in = (const unsigned int*)(hostBands[c == OWN_CONTEXT][d] + b * bandBytes);
            for (size_t i = 0; i < n && ok; i += 997)
                if (out[i] != (in[4 * i] ^ in[4 * i + 1] ^ in[4 * i + 2] ^ in[4 * i + 3]))
                {
                    printf("  device %d band %d: wrong output\n", d, b);
                    ok = 0;
                }
        }
    free(out);
    return ok;
}

int main(int argc, char** argv)
{
    const char* kindArg = argc > 1 ? argv[1] : "gpu";
    bandBytes = (size_t)(argc > 2 ? atol(argv[2]) : 13) << 20;
    cl_device_id devices[MAX_DEVICES];
    deviceCount = devicesOfKind(kindArg, devices, MAX_DEVICES);
    printf("%d devices, %d bands of %zu MiB a device a round, %d rounds a case\n", deviceCount, BANDS, bandBytes >> 20,
           RUNS);

    cl_int err;
    for (int d = 0; d < deviceCount; d++)
    {
        cl_context ctx = clCreateContext(NULL, 1, &devices[d], NULL, NULL, &err);
        CHECK(err);
        for (int s = 0; s < SLOTS; s++)
        {
            queues[d][s] = clCreateCommandQueue(ctx, devices[d], 0, &err);
            CHECK(err);
            inputs[d][s] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bandBytes, NULL, &err);
            CHECK(err);
            outputs[d][s] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bandBytes / 4, NULL, &err);
            CHECK(err);
        }
        cl_program prog = clCreateProgramWithSource(ctx, 1, &kernelSource, NULL, &err);
        CHECK(err);
        CHECK(clBuildProgram(prog, 1, &devices[d], "", NULL, NULL));
        kernels[d] = clCreateKernel(prog, "fold", &err);
        CHECK(err);
        hostBands[1][d] = pinnedHost(ctx, queues[d][0], bandBytes * BANDS);
    }
    // Device 0's context pins one image for every device, band after band of each.
    cl_context ctx0;
    CHECK(clGetCommandQueueInfo(queues[0][0], CL_QUEUE_CONTEXT, sizeof ctx0, &ctx0, NULL));
    unsigned char* shared = pinnedHost(ctx0, queues[0][0], bandBytes * BANDS * deviceCount);
    for (int d = 0; d < deviceCount; d++)
    {
        hostBands[0][d] = shared + d * bandBytes * BANDS;
        for (size_t i = 0; i < bandBytes * BANDS; i++)
            hostBands[0][d][i] = (unsigned char)(i * 7 + d), hostBands[1][d][i] = (unsigned char)(i * 13 + d + 1);
    }

    pthread_barrier_init(&roundStart, NULL, deviceCount + 1);
    pthread_barrier_init(&roundEnd, NULL, deviceCount + 1);
    pthread_t threads[MAX_DEVICES];
    for (int d = 0; d < deviceCount; d++)
        pthread_create(&threads[d], NULL, deviceThread, (void*)(size_t)d);

    int ok = 1;
    double write[BANDS][RUNS * MAX_DEVICES], launch[BANDS][RUNS * MAX_DEVICES];
    for (int c = 0; c < CASE_COUNT; c++)
    {
        currentCase = (enum Case)c;
        for (int r = -1; r < RUNS; r++)   // round -1 is not counted
        {
            pthread_barrier_wait(&roundStart);
            pthread_barrier_wait(&roundEnd);
            for (int d = 0; r >= 0 && d < deviceCount; d++)
                for (int b = 0; b < BANDS; b++)
                    write[b][r * deviceCount + d] = writeUs[d][b], launch[b][r * deviceCount + d] = launchUs[d][b];
        }
        printf("%-14s", caseNames[c]);
        for (int b = 0; b < BANDS; b++)
            printf("  band %d: write %6.1f launch %6.1f", b, median(write[b], RUNS * deviceCount),
                   median(launch[b], RUNS * deviceCount));
        printf("  us\n");
        if (c != NO_UPLOAD && !outputsMatch(currentCase))
            ok = 0;
    }
    stop = 1;
    pthread_barrier_wait(&roundStart);
    for (int d = 0; d < deviceCount; d++)
        pthread_join(threads[d], NULL);
    printf(ok ? "every band's kernel read its bytes\n" : "FAILED\n");
    return ok ? 0 : 1;
}
