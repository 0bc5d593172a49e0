// Kernel-only times of modules/clreduce/src/opencl/reduce.cl over one long row of
// n bytes (-D SINGLE_ROW, a continuous image), for timing variants of the kernel
// against each other: builds `reduce` with the given options on the first GPU
// (else the first device), prints what the compiler reports (NV=1: registers,
// spills), runs it 50 times with `groups` work-groups of WGS and prints the median
// and fastest event time and the 32-byte result slot, so that variants can be
// checked against each other; for 8-bit data it also checks the slot against the
// host (countNonZero, a one-channel sum, minMaxLoc) and exits with 1 if it differs.
//
//   cc -O2 reduce_kernel_times.c -lOpenCL -o reduce_kernel_times
//   ./reduce_kernel_times "OPTIONS" N_BYTES GROUPS
//
// Run from the repository root. CL_FILE=<file> builds another version of the
// kernel file; PTX=<file> writes the program binary (PTX on NVIDIA);
// DATA=ramp fills the row with bytes rising from 0 to 255 along it (every
// work-item finds a new largest value on every step) instead of random bytes.
// Example, minMaxLoc of an 8192x8192 8-bit image as clreduce builds it on an H100:
//   O="-D OP_MIN_MAX -D srcT1=uchar -D ESZ1=1 -D LANES=16 -D MIN_INIT=255 -D MAX_INIT=0
//      -D NEED_MIN -D NEED_MAX -D NEED_LOC -D WGS=256 -D UNROLL=2 -D SINGLE_ROW"
//   ./reduce_kernel_times "$O" 67108864 1056
#include "cl_tool.h"

#define RUNS 50

int main(int argc, char** argv)
{
    if (argc < 4)
    {
        fprintf(stderr, "usage: %s OPTIONS N_BYTES GROUPS\n", argv[0]);
        return 1;
    }
    const char* options = argv[1];
    const int n = atoi(argv[2]), groups = atoi(argv[3]);
    const char* wgsOption = strstr(options, "-D WGS=");
    const size_t local = wgsOption ? (size_t)atoi(wgsOption + 7) : 256, global = local * groups;

    cl_device_id dev = pickDevice(CL_DEVICE_TYPE_GPU, 1);
    if (!dev)
    {
        fprintf(stderr, "no OpenCL device\n");
        return 1;
    }
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);

    cl_program prog = buildKernelFile(ctx, dev, "modules/clreduce/src/opencl/reduce.cl", options);
    cl_kernel k = clCreateKernel(prog, "reduce", &err);
    CHECK(err);

    unsigned char* bytes = malloc(n);
    const int ramp = getenv("DATA") && !strcmp(getenv("DATA"), "ramp");
    srand(1);
    for (int i = 0; i < n; i++)
        bytes[i] = ramp ? (unsigned char)((long long)i * 256 / n) : (unsigned char)(rand() & 255);
    cl_mem src = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n, bytes, &err);
    CHECK(err);
    cl_mem partials = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)groups * 32, NULL, &err);
    CHECK(err);
    const int zero = 0;
    cl_mem counters = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, (void*)&zero, &err);
    CHECK(err);
    cl_mem slot = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 32, NULL, &err);
    CHECK(err);
    // The arguments of a whole continuous view, 32-bit offsets: step, offset,
    // rows, row bytes, chunks per row, total chunks.
    const int view[6] = { n, 0, 1, n, (n + 15) / 16, (n + 15) / 16 };
    int a = 0;
    CHECK(clSetKernelArg(k, a++, sizeof src, &src));
    for (int i = 0; i < 6; i++)
        CHECK(clSetKernelArg(k, a++, sizeof(int), &view[i]));
    CHECK(clSetKernelArg(k, a++, sizeof partials, &partials));
    CHECK(clSetKernelArg(k, a++, sizeof counters, &counters));
    CHECK(clSetKernelArg(k, a++, sizeof slot, &slot));
    CHECK(clSetKernelArg(k, a++, sizeof zero, &zero));   // the result's offset in `slot`

    double t[RUNS];
    for (int run = -3; run < RUNS; run++)
    {
        const double us = eventUs(q, k, 1, &global, &local);
        if (run >= 0)
            t[run] = us;
    }
    long long result[4];
    CHECK(clEnqueueReadBuffer(q, slot, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL));
    const double mid = median(t, RUNS);
    // minMaxLoc's slot holds its values in their first ESZ1 bytes (countNonZero's
    // and a one-channel sum's the whole first word).
    const char* esz = strstr(options, "-D ESZ1=");
    const int valueBytes = strstr(options, "OP_MIN_MAX") && esz ? atoi(esz + 8) : 8;
    const unsigned long long mask = valueBytes >= 8 ? ~0ull : (1ull << (8 * valueBytes)) - 1;
    printf("reduce %d bytes, %d groups of %zu: median %.1f us min %.1f  slot %llx %llx %lld %lld\n", n, groups, local,
           mid, t[0], result[0] & mask, result[1] & mask, result[2], result[3]);

    // For 8-bit data, the slot against the same reduction on the host: the count of
    // non-zero bytes, the sum of one channel, or (with locations) the smallest and
    // largest byte and their first indices.
    if (!strstr(options, "srcT1=uchar"))
        return 0;
    long long count = 0, sum = 0, minIdx = 0, maxIdx = 0;
    for (int i = 0; i < n; i++)
    {
        count += bytes[i] != 0;
        sum += bytes[i];
        minIdx = bytes[i] < bytes[minIdx] ? i : minIdx;
        maxIdx = bytes[i] > bytes[maxIdx] ? i : maxIdx;
    }
    int ok = 1;
    if (strstr(options, "OP_COUNT_NON_ZERO"))
        ok = result[0] == count;
    else if (strstr(options, "OP_SUM") && strstr(options, "-D CN=1"))
        ok = result[0] == sum;
    else if (strstr(options, "OP_MIN_MAX") && strstr(options, "NEED_LOC"))
        ok = (result[0] & mask) == bytes[minIdx] && (result[1] & mask) == bytes[maxIdx] && result[2] == minIdx &&
             result[3] == maxIdx;
    printf("host check: %s\n", ok ? "same" : "DIFFERENT");
    return ok ? 0 : 1;
}
