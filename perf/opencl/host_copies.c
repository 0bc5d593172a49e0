// Host-to-device and device-to-host copy rates of one OpenCL device for the ways
// a caller's host image can reach it (GB/s, medians of 10 copies of `MiB`):
//  - a write or read from plain (pageable) host memory;
//  - the same through pinned memory (a mapped CL_MEM_ALLOC_HOST_PTR buffer), and
//    a plain memcpy into or out of that pinned memory on the host (the staging
//    copy a streamed band makes);
//  - a CL_MEM_USE_HOST_PTR buffer made over the plain memory, copied to or from a
//    device buffer with clEnqueueCopyBuffer: whether the implementation pins the
//    caller's memory in place, and what making that buffer costs per call.
//
//   cc -O2 host_copies.c -lOpenCL -o host_copies && ./host_copies [gpu|cpu] [MiB]
#include "cl_tool.h"

#define RUNS 10

enum Way { WRITE_PAGEABLE, READ_PAGEABLE, WRITE_PINNED, READ_PINNED, MEMCPY_TO_PINNED, MEMCPY_FROM_PINNED,
           USE_HOST_PTR_MAKE, USE_HOST_PTR_TO_DEVICE, USE_HOST_PTR_FROM_DEVICE, USE_HOST_PTR_MAKE_AND_COPY,
           USE_HOST_PTR_UNALIGNED, USE_HOST_PTR_BANDS_TO_DEVICE, USE_HOST_PTR_BANDS_FROM_DEVICE, WAY_COUNT };
static const char* wayNames[WAY_COUNT] = {
    "write from pageable memory", "read into pageable memory", "write from pinned memory",
    "read into pinned memory", "host memcpy pageable -> pinned", "host memcpy pinned -> pageable",
    "make a use-host-ptr buffer (no copy)", "use-host-ptr buffer -> device buffer",
    "device buffer -> use-host-ptr buffer + map", "make use-host-ptr buffer + copy to device",
    "the same, host memory 64 bytes past a page", "8 bands: make use-host-ptr + copy to device",
    "8 bands: make use-host-ptr + copy back + map"
};

int main(int argc, char** argv)
{
    const char* kind = argc > 1 ? argv[1] : "gpu";
    const size_t bytes = (size_t)(argc > 2 ? atol(argv[2]) : 256) << 20;
    cl_device_id dev = deviceOfKind(kind);
    printf("%zu MiB a copy\n", bytes >> 20);

    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err);
    cl_mem device = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    cl_mem pinnedBuffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
    CHECK(err);
    unsigned char* pinned = (unsigned char*)clEnqueueMapBuffer(queue, pinnedBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE,
                                                               0, bytes, 0, NULL, NULL, &err);
    CHECK(err);
    // Plain host memory as a caller's image would be, touched so that its pages exist.
    unsigned char* plain = (unsigned char*)aligned_alloc(4096, bytes);
    for (size_t i = 0; i < bytes; i++)
        plain[i] = (unsigned char)(i * 2654435761u >> 24);
    memset(pinned, 1, bytes);

    for (int w = 0; w < WAY_COUNT; w++)
    {
        double t[RUNS];
        for (int run = -2; run < RUNS; run++)
        {
            cl_mem user = NULL;
            double t0 = nowUs();
            switch (w)
            {
            case WRITE_PAGEABLE: CHECK(clEnqueueWriteBuffer(queue, device, CL_TRUE, 0, bytes, plain, 0, NULL, NULL)); break;
            case READ_PAGEABLE: CHECK(clEnqueueReadBuffer(queue, device, CL_TRUE, 0, bytes, plain, 0, NULL, NULL)); break;
            case WRITE_PINNED: CHECK(clEnqueueWriteBuffer(queue, device, CL_TRUE, 0, bytes, pinned, 0, NULL, NULL)); break;
            case READ_PINNED: CHECK(clEnqueueReadBuffer(queue, device, CL_TRUE, 0, bytes, pinned, 0, NULL, NULL)); break;
            case MEMCPY_TO_PINNED: memcpy(pinned, plain, bytes); break;
            case MEMCPY_FROM_PINNED: memcpy(plain, pinned, bytes); break;
            case USE_HOST_PTR_UNALIGNED:
                user = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes - 4096, plain + 64, &err);
                CHECK(err);
                CHECK(clEnqueueCopyBuffer(queue, user, device, 0, 0, bytes - 4096, 0, NULL, NULL));
                CHECK(clFinish(queue));
                break;
            case USE_HOST_PTR_BANDS_TO_DEVICE:
            case USE_HOST_PTR_BANDS_FROM_DEVICE:
                // One buffer a band, released once its copy has been enqueued, as a
                // streamed image would go; a band's copy overlaps the next band's making.
                for (int b = 0; b < 8; b++)
                {
                    const size_t band = bytes / 8;
                    cl_mem part = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, band, plain + b * band, &err);
                    CHECK(err);
                    if (w == USE_HOST_PTR_BANDS_TO_DEVICE)
                        CHECK(clEnqueueCopyBuffer(queue, part, device, 0, b * band, band, 0, NULL, NULL));
                    else
                    {
                        CHECK(clEnqueueCopyBuffer(queue, device, part, b * band, 0, band, 0, NULL, NULL));
                        void* p = clEnqueueMapBuffer(queue, part, CL_FALSE, CL_MAP_READ, 0, band, 0, NULL, NULL, &err);
                        CHECK(err);
                        CHECK(clEnqueueUnmapMemObject(queue, part, p, 0, NULL, NULL));
                    }
                    CHECK(clReleaseMemObject(part));
                }
                CHECK(clFinish(queue));
                break;
            default:
                user = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, plain, &err);
                CHECK(err);
                if (w == USE_HOST_PTR_TO_DEVICE)
                    t0 = nowUs();   // the copy alone
                if (w == USE_HOST_PTR_TO_DEVICE || w == USE_HOST_PTR_MAKE_AND_COPY)
                    CHECK(clEnqueueCopyBuffer(queue, user, device, 0, 0, bytes, 0, NULL, NULL));
                if (w == USE_HOST_PTR_FROM_DEVICE)
                {
                    t0 = nowUs();
                    CHECK(clEnqueueCopyBuffer(queue, device, user, 0, 0, bytes, 0, NULL, NULL));
                    // The host sees the data only after a map (a copy back where the
                    // implementation keeps a device copy of the buffer).
                    void* p = clEnqueueMapBuffer(queue, user, CL_TRUE, CL_MAP_READ, 0, bytes, 0, NULL, NULL, &err);
                    CHECK(err);
                    CHECK(clEnqueueUnmapMemObject(queue, user, p, 0, NULL, NULL));
                }
                CHECK(clFinish(queue));
            }
            double t1 = nowUs();
            if (user)
                CHECK(clReleaseMemObject(user));
            CHECK(clFinish(queue));
            if (run >= 0)
                t[run] = t1 - t0;
        }
        const double us = median(t, RUNS);
        printf("%-42s %9.1f us  %6.1f GB/s\n", wayNames[w], us, bytes / us * 1e-3);
    }
    // The use-host-ptr copy carried the caller's bytes.
    cl_mem user = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, plain, &err);
    CHECK(err);
    CHECK(clEnqueueCopyBuffer(queue, user, device, 0, 0, bytes, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, device, CL_TRUE, 0, bytes, pinned, 0, NULL, NULL));
    CHECK(clReleaseMemObject(user));
    const int carried = !memcmp(pinned, plain, bytes);
    printf("use-host-ptr copy %s the caller's bytes\n", carried ? "carried" : "did NOT carry");
    // And a copy back through a use-host-ptr band plus a map reaches the caller's memory.
    memset(pinned, 7, bytes);
    CHECK(clEnqueueWriteBuffer(queue, device, CL_TRUE, 0, bytes, pinned, 0, NULL, NULL));
    user = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes / 8, plain, &err);
    CHECK(err);
    CHECK(clEnqueueCopyBuffer(queue, device, user, 0, 0, bytes / 8, 0, NULL, NULL));
    void* p = clEnqueueMapBuffer(queue, user, CL_TRUE, CL_MAP_READ, 0, bytes / 8, 0, NULL, NULL, &err);
    CHECK(err);
    CHECK(clEnqueueUnmapMemObject(queue, user, p, 0, NULL, NULL));
    CHECK(clReleaseMemObject(user));
    CHECK(clFinish(queue));
    const int reached = !memcmp(pinned, plain, bytes / 8);
    printf("use-host-ptr copy back %s the caller's memory\n", reached ? "reached" : "did NOT reach");
    return carried && reached ? 0 : 1;
}
