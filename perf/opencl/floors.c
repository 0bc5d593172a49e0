// What no OpenCL code can go below on a device:
//  - one call: an empty kernel's device time (event start to end) and host wall
//    time (enqueue, wait, an 8-byte result read back in several ways: into
//    pageable or pinned memory, blocking or waiting on (or polling) the read's
//    event, by a map, or from host memory the kernel wrote),
//    medians of 200 calls. A reduction cannot take less host wall time
//    than the fastest way of these plus its own streaming time;
//  - plain streams over a buffer (default 256 MiB): fill, read, copy, and 8-bit
//    to 32-bit (an integral's input and output), 16-byte accesses, device time
//    and GB/s of the bytes read plus written, medians of 20 runs.
//
//   cc -O2 floors.c -lOpenCL -o floors && ./floors [gpu|cpu|all] [MiB]
#include "cl_tool.h"

#define CALLS 200

// Median device time (event start to end, us) of `runs` launches after three
// unmeasured ones, on a queue with profiling enabled.
static double medianDeviceUs(cl_command_queue queue, cl_kernel kernel, size_t global, size_t local, int runs)
{
    double t[CALLS];
    for (int run = -3; run < runs; run++)
    {
        const double us = eventUs(queue, kernel, 1, &global, &local);
        if (run >= 0)
            t[run] = us;
    }
    return median(t, runs);
}

// store_n writes n to out[0], so a read-back shows that it ran. The streams walk
// their n 16-byte elements with a grid stride; read_all stores only for a result
// that its source (zeros) never gives: the store keeps the reads, not the writes.
static const char* source =
    "__kernel void store_n(__global long* out, int n)\n"
    "{ if (get_global_id(0) == 0) out[0] = n; }\n"
    "__kernel void fill_all(__global uint4* dst, __global const uint4* unused, long n)\n"
    "{ for (long i = get_global_id(0); i < n; i += get_global_size(0)) dst[i] = (uint4)((uint)i); }\n"
    "__kernel void read_all(__global uint4* dst, __global const uint4* src, long n)\n"
    "{ uint4 a = 0; for (long i = get_global_id(0); i < n; i += get_global_size(0)) a ^= src[i];\n"
    "  if (a.x == 0x9e3779b9u && a.y == 0x7f4a7c15u) dst[0] = a; }\n"
    "__kernel void copy_all(__global uint4* dst, __global const uint4* src, long n)\n"
    "{ for (long i = get_global_id(0); i < n; i += get_global_size(0)) dst[i] = src[i]; }\n"
    "__kernel void widen_8u_32u(__global uint4* dst, __global const uchar4* src, long n)\n"
    "{ for (long i = get_global_id(0); i < n; i += get_global_size(0)) dst[i] = convert_uint4(src[i]); }\n";

// Ways to end one call and get its 8-byte result to the host. The last two
// read a host-memory buffer without a map after the kernel: OpenCL leaves that
// undefined, so they count the calls whose value was not the kernel's.
enum Wait { NO_WAIT, FINISH, READ_PAGEABLE, READ_PINNED, READ_ASYNC_FINISH, FLUSH_READ, READ_EVENT_WAIT,
            READ_EVENT_SPIN, MAP_HOST_BUFFER, HOST_BUFFER_MAPPED_ONCE, USE_HOST_PTR, WAIT_COUNT };
static const char* waitNames[WAIT_COUNT] = {
    "enqueue only", "enqueue + clFinish", "enqueue + blocking read (pageable)", "enqueue + blocking read (pinned)",
    "enqueue + read, no block + clFinish", "enqueue + clFlush + blocking read", "read, no block + clWaitForEvents",
    "read, no block + clFlush + poll its event", "alloc-host buffer, blocking map",
    "alloc-host buffer kept mapped, clFinish", "use-host-ptr buffer, clFinish"
};

int main(int argc, char** argv)
{
    const char* kind = argc > 1 ? argv[1] : "gpu";
    const long streamBytes = (argc > 2 ? atol(argv[2]) : 256) << 20;
    cl_device_id dev = deviceOfKind(kind);

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    // Device times from a profiling queue; host times from a plain one, as
    // OpenCV's default queue (profiling adds microseconds to every call).
    cl_command_queue profilingQueue = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err);
    cl_program program = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    CHECK(err);
    CHECK(clBuildProgram(program, 1, &dev, "", NULL, NULL));
    cl_kernel kernel = clCreateKernel(program, "store_n", &err);
    CHECK(err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
    CHECK(err);
    cl_mem pinnedBuffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, NULL, &err);
    CHECK(err);
    long* pinned = (long*)clEnqueueMapBuffer(queue, pinnedBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0,
                                             NULL, NULL, &err);
    CHECK(err);
    long pageable[8];
    CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));

    // Device time of the empty kernel for several grid sizes (work-groups of 256).
    const size_t local = 256;
    const int groupCounts[] = { 1, 132, 1056, 8448 };
    const int n = 0;
    CHECK(clSetKernelArg(kernel, 1, sizeof n, &n));
    for (int g = 0; g < 4; g++)
        printf("empty kernel, %5d groups of 256: device time %.2f us\n", groupCounts[g],
               medianDeviceUs(profilingQueue, kernel, local * groupCounts[g], local, CALLS));

    // Host wall time of one call, 1056 groups (a reduction's grid on an H100).
    cl_mem hostBuffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, NULL, &err);
    CHECK(err);
    cl_mem mappedOnceBuffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, NULL, &err);
    CHECK(err);
    volatile long* mappedOnce = (volatile long*)clEnqueueMapBuffer(
        queue, mappedOnceBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, NULL, NULL, &err);
    CHECK(err);
    static long userMemory[16] __attribute__((aligned(4096)));
    cl_mem userBuffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 64, userMemory, &err);
    CHECK(err);
    size_t global = local * 1056;
    for (int w = NO_WAIT; w < WAIT_COUNT; w++)
    {
        cl_mem target = w == MAP_HOST_BUFFER ? hostBuffer : w == HOST_BUFFER_MAPPED_ONCE ? mappedOnceBuffer
                      : w == USE_HOST_PTR ? userBuffer : out;
        CHECK(clSetKernelArg(kernel, 0, sizeof target, &target));
        double t[CALLS];
        int wrong = 0;
        for (int call = -10; call < CALLS; call++)
        {
            int n = call + 1000 + 1000 * w;
            long seen = n;
            CHECK(clSetKernelArg(kernel, 1, sizeof n, &n));
            double t0 = nowUs();
            CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL));
            if (w == FINISH)
                CHECK(clFinish(queue));
            else if (w == READ_PAGEABLE || w == FLUSH_READ)
            {
                if (w == FLUSH_READ)
                    CHECK(clFlush(queue));
                CHECK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(long), pageable, 0, NULL, NULL));
                seen = pageable[0];
            }
            else if (w == READ_PINNED || w == READ_ASYNC_FINISH)
            {
                CHECK(clEnqueueReadBuffer(queue, out, w == READ_PINNED, 0, sizeof(long), pinned, 0, NULL, NULL));
                if (w == READ_ASYNC_FINISH)
                    CHECK(clFinish(queue));
                seen = pinned[0];
            }
            else if (w == READ_EVENT_WAIT || w == READ_EVENT_SPIN)
            {
                // Polling the event's status keeps the host thread busy, as
                // CUDA's default synchronisation does, instead of sleeping in
                // the driver until it wakes the thread.
                cl_event done;
                CHECK(clEnqueueReadBuffer(queue, out, CL_FALSE, 0, sizeof(long), pinned, 0, NULL, &done));
                if (w == READ_EVENT_SPIN)
                {
                    CHECK(clFlush(queue));
                    cl_int status = CL_QUEUED;
                    while (status > CL_COMPLETE)
                        CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL));
                    CHECK(status);
                }
                else
                    CHECK(clWaitForEvents(1, &done));
                CHECK(clReleaseEvent(done));
                seen = pinned[0];
            }
            else if (w == MAP_HOST_BUFFER)
            {
                long* p = (long*)clEnqueueMapBuffer(queue, hostBuffer, CL_TRUE, CL_MAP_READ, 0, sizeof(long), 0,
                                                    NULL, NULL, &err);
                CHECK(err);
                seen = p[0];
                CHECK(clEnqueueUnmapMemObject(queue, hostBuffer, p, 0, NULL, NULL));
            }
            else if (w == HOST_BUFFER_MAPPED_ONCE || w == USE_HOST_PTR)
            {
                CHECK(clFinish(queue));
                seen = w == USE_HOST_PTR ? ((volatile long*)userMemory)[0] : mappedOnce[0];
            }
            double t1 = nowUs();
            if (w == NO_WAIT || w == MAP_HOST_BUFFER)
                CHECK(clFinish(queue));
            wrong += seen != n;
            if (call >= 0)
                t[call] = t1 - t0;
        }
        printf("%-40s host wall %.1f us", waitNames[w], median(t, CALLS));
        if (wrong)
            printf(" (%d of %d results not the kernel's)", wrong, CALLS + 10);
        printf("\n");
    }
    CHECK(clSetKernelArg(kernel, 0, sizeof out, &out));

    // Streams: one 16-byte element per step (4 bytes read for widen_8u_32u).
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, streamBytes, NULL, &err);
    CHECK(err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, streamBytes, NULL, &err);
    CHECK(err);
    const cl_uint zero = 0;
    CHECK(clEnqueueFillBuffer(queue, b, &zero, sizeof zero, 0, streamBytes, 0, NULL, NULL));
    CHECK(clFinish(queue));
    const char* streams[] = { "fill_all", "read_all", "copy_all", "widen_8u_32u" };
    const double bytesMoved[] = { 1, 1, 2, 1.25 };   // in units of the written (or read) buffer
    cl_uint units = 1;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL));
    for (int s = 0; s < 4; s++)
    {
        cl_kernel stream = clCreateKernel(program, streams[s], &err);
        CHECK(err);
        long elems = streamBytes / 16;
        CHECK(clSetKernelArg(stream, 0, sizeof a, &a));
        CHECK(clSetKernelArg(stream, 1, sizeof b, &b));
        CHECK(clSetKernelArg(stream, 2, sizeof elems, &elems));
        // 8 and 64 groups of 256 per compute unit.
        for (int perUnit = 8; perUnit <= 64; perUnit *= 8)
        {
            const double ms = medianDeviceUs(profilingQueue, stream, local * units * perUnit, local, 20) * 1e-3;
            printf("%-13s %4ld MiB, %2d groups a unit: %.4f ms, %6.0f GB/s\n", streams[s], streamBytes >> 20,
                   perUnit, ms, bytesMoved[s] * streamBytes / ms * 1e-6);
        }
        CHECK(clReleaseKernel(stream));
    }
    return 0;
}
