// Can a small row reach the host, or the device, without waiting for the big copies
// a device has in flight? (readback_order.c: a read-back waits behind the downloads
// enqueued before it, whatever its queue; the two-device integral's carries are such
// rows.) Here a kernel writes the row itself into host-resident memory (a
// CL_MEM_ALLOC_HOST_PTR buffer), or reads it from there, so that no copy command
// carries it. One device; DOWNLOADS queues each read `MiB` into pinned memory (or,
// for the rows going up, UPLOADS queues each write `MiB` from it), and one more
// queue moves a row of ROW_BYTES:
//  - read:        clEnqueueReadBuffer of the row (the baseline);
//  - kernel+map:  a kernel writes the row into a host buffer, then the row is mapped
//                 for reading (the portable form) and unmapped;
//  - kernel only: a kernel writes the row into a host buffer that stays mapped; the
//                 host waits for the kernel's event and looks at the mapped row;
//  - host->kernel: the host writes the row into a mapped host buffer, and a kernel
//                 copies it from there into a device buffer, while uploads run;
//  - write:       clEnqueueWriteBuffer of the row while uploads run (the baseline).
// Per case, alone and with the big copies enqueued just before: median host wait
// (enqueue to the last event complete, us), how many big copies ended before the row
// (event times), and whether every run's row came through with its values.
//
//   cc -O2 host_row_writes.c -lOpenCL -o host_row_writes && ./host_row_writes [gpu|cpu] [MiB]
#include "cl_tool.h"

#define RUNS 9
#define BIG 2
#define ROW_BYTES (80 << 10)
#define ROW_N (ROW_BYTES / 4)

enum Case { READ, KERNEL_MAP, KERNEL_ONLY, HOST_TO_KERNEL, WRITE, CASE_COUNT };
static const char* caseNames[CASE_COUNT] = { "read", "kernel+map", "kernel only", "host->kernel", "write" };

static const char* source =
    "__kernel void write_row(__global uint* row, uint value, int n)\n"
    "{ int i = get_global_id(0); if (i < n) row[i] = value + i; }\n"
    "__kernel void copy_row(__global const uint* from, __global uint* to, int n)\n"
    "{ int i = get_global_id(0); if (i < n) to[i] = from[i]; }\n";

static cl_context ctx;
static cl_command_queue bigQueues[BIG], rowQueue;
static cl_mem bigDevice[BIG], rowDevice, hostRowMapped, hostRowUnmapped;
static unsigned char* bigPinned[BIG];
static cl_uint* rowPinned;     // pinned memory for read / write
static cl_uint* hostRowPtr;    // hostRowMapped, mapped for good
static cl_kernel writeRow, copyRow;
static size_t bigBytes;

static int rowHolds(const cl_uint* row, cl_uint value)
{
    for (int i = 0; i < ROW_N; i++)
        if (row[i] != value + (cl_uint)i)
            return 0;
    return 1;
}

static void fillRow(cl_uint* row, cl_uint value)
{
    for (int i = 0; i < ROW_N; i++)
        row[i] = value + (cl_uint)i;
}

static void launch(cl_kernel k, cl_mem a, cl_mem b, cl_uint value, cl_event* done)
{
    const int n = ROW_N;
    const size_t global = ROW_N;
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &a));
    if (b)
        CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &b));
    else
        CHECK(clSetKernelArg(k, 1, sizeof value, &value));
    CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    CHECK(clEnqueueNDRangeKernel(rowQueue, k, 1, NULL, &global, NULL, 0, NULL, done));
}

// One run of case `c` (with the big copies when `busy`): the row's host wait (us),
// how many big copies ended before the row did, and whether its values came.
static void runCase(enum Case c, int busy, cl_uint value, double* waitUs, double* after, int* ok)
{
    const int up = c == HOST_TO_KERNEL || c == WRITE;
    cl_event big[BIG] = { 0 }, rowDone = NULL;
    cl_int err;
    if (busy)
        for (int i = 0; i < BIG; i++)
        {
            if (up)
                CHECK(clEnqueueWriteBuffer(bigQueues[i], bigDevice[i], CL_FALSE, 0, bigBytes, bigPinned[i], 0, NULL, &big[i]));
            else
                CHECK(clEnqueueReadBuffer(bigQueues[i], bigDevice[i], CL_FALSE, 0, bigBytes, bigPinned[i], 0, NULL, &big[i]));
            CHECK(clFlush(bigQueues[i]));
        }
    const double t0 = nowUs();
    cl_uint* seen = NULL;   // where the host looks for the row the device wrote
    switch (c)
    {
    case READ:
        launch(writeRow, rowDevice, NULL, value, NULL);
        CHECK(clEnqueueReadBuffer(rowQueue, rowDevice, CL_FALSE, 0, ROW_BYTES, rowPinned, 0, NULL, &rowDone));
        seen = rowPinned;
        break;
    case KERNEL_MAP:
        launch(writeRow, hostRowUnmapped, NULL, value, NULL);
        seen = clEnqueueMapBuffer(rowQueue, hostRowUnmapped, CL_FALSE, CL_MAP_READ, 0, ROW_BYTES, 0, NULL, &rowDone, &err);
        CHECK(err);
        break;
    case KERNEL_ONLY:
        launch(writeRow, hostRowMapped, NULL, value, &rowDone);
        seen = hostRowPtr;
        break;
    case HOST_TO_KERNEL:
        fillRow(hostRowPtr, value);
        launch(copyRow, hostRowMapped, rowDevice, value, &rowDone);
        break;
    case WRITE:
        fillRow(rowPinned, value);
        CHECK(clEnqueueWriteBuffer(rowQueue, rowDevice, CL_FALSE, 0, ROW_BYTES, rowPinned, 0, NULL, &rowDone));
        break;
    default:
        break;
    }
    CHECK(clWaitForEvents(1, &rowDone));
    *waitUs = nowUs() - t0;
    *ok = seen && rowHolds(seen, value);
    if (c == KERNEL_MAP)
        CHECK(clEnqueueUnmapMemObject(rowQueue, hostRowUnmapped, seen, 0, NULL, NULL));
    *after = 0;
    const cl_ulong rowEnd = eventTime(rowDone, CL_PROFILING_COMMAND_END);
    for (int i = 0; i < BIG && busy; i++)
    {
        CHECK(clWaitForEvents(1, &big[i]));
        *after += eventTime(big[i], CL_PROFILING_COMMAND_END) <= rowEnd;
        CHECK(clReleaseEvent(big[i]));
    }
    CHECK(clReleaseEvent(rowDone));
    if (up)   // what the device got, read once the uploads are done
    {
        CHECK(clEnqueueReadBuffer(rowQueue, rowDevice, CL_TRUE, 0, ROW_BYTES, rowPinned, 0, NULL, NULL));
        *ok = rowHolds(rowPinned, value);
    }
}

int main(int argc, char** argv)
{
    cl_device_id dev = deviceOfKind(argc > 1 ? argv[1] : "gpu");
    bigBytes = (size_t)(argc > 2 ? atoi(argv[2]) : 48) << 20;
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    rowQueue = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK(err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    CHECK(err);
    CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
    writeRow = clCreateKernel(prog, "write_row", &err);
    CHECK(err);
    copyRow = clCreateKernel(prog, "copy_row", &err);
    CHECK(err);
    rowDevice = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ROW_BYTES, NULL, &err);
    CHECK(err);
    rowPinned = (cl_uint*)pinnedHost(ctx, rowQueue, ROW_BYTES);
    hostRowMapped = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, ROW_BYTES, NULL, &err);
    CHECK(err);
    hostRowPtr = clEnqueueMapBuffer(rowQueue, hostRowMapped, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, ROW_BYTES, 0, NULL,
                                    NULL, &err);
    CHECK(err);
    hostRowUnmapped = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, ROW_BYTES, NULL, &err);
    CHECK(err);
    bigCopies(ctx, dev, BIG, bigBytes, bigQueues, bigDevice, bigPinned);
    printf("%d copies of %zu MiB on queues of their own, a row of %d KB on another\n", BIG, bigBytes >> 20,
           ROW_BYTES >> 10);
    int allOk = 1;
    cl_uint value = 1000;
    for (int c = 0; c < CASE_COUNT; c++)
        for (int busy = 0; busy < 2; busy++)
        {
            double wait[RUNS], after[RUNS];
            int okRuns = 0;
            for (int r = 0; r < RUNS; r++)
            {
                int ok;
                runCase((enum Case)c, busy, value += 100000, &wait[r], &after[r], &ok);
                okRuns += ok;
            }
            // A kernel on a buffer the host keeps mapped is not promised by OpenCL:
            // reported, not required.
            if (c != KERNEL_ONLY && c != HOST_TO_KERNEL)
                allOk &= okRuns == RUNS;
            printf("%-13s %-18s waited %8.1f us; ended after %.0f of %d; values in %d of %d runs\n", caseNames[c],
                   busy ? (c == HOST_TO_KERNEL || c == WRITE ? "with uploads" : "with downloads") : "alone",
                   median(wait, RUNS), median(after, RUNS), busy ? BIG : 0, okRuns, RUNS);
        }
    printf("rows %s\n", allOk ? "checked" : "WRONG");
    return allOk ? 0 : 1;
}
