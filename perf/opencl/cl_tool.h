// What the small OpenCL tools of this folder share: status checks, a clock,
// medians, picking a device, and building one of the project's kernel files as
// clruntime builds it (modules/clruntime/src/opencl/common.cl in front). The
// tools are run from the repository root; each is one C file with this header.
#ifndef CLX_PERF_CL_TOOL_H
#define CLX_PERF_CL_TOOL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(call) do { cl_int e_ = (call); if (e_ != CL_SUCCESS) { \
    fprintf(stderr, "%s:%d: OpenCL error %d\n", __FILE__, __LINE__, (int)e_); exit(1); } } while (0)

static inline double nowUs(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static inline int byValue(const void* a, const void* b)
{
    double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

// Sorts t and returns its median.
static inline double median(double* t, int count)
{
    qsort(t, count, sizeof t[0], byValue);
    return t[count / 2];
}

// The first device of `type` over the platforms, or with `anyAfter` the first
// device of any type when there is none; NULL when there is none at all.
static inline cl_device_id pickDevice(cl_device_type type, int anyAfter)
{
    cl_platform_id platforms[8];
    cl_uint count = 0;
    if (clGetPlatformIDs(8, platforms, &count) != CL_SUCCESS)
        return NULL;
    cl_device_id dev = NULL;
    for (int pass = 0; pass < (anyAfter ? 2 : 1) && !dev; pass++)
        for (cl_uint i = 0; i < count && !dev; i++)
            if (clGetDeviceIDs(platforms[i], pass == 0 ? type : CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
                dev = NULL;
    return dev;
}

// The device a tool's first argument names ("gpu", "cpu" or "all": the first of
// that type); prints its name, exits when there is none.
static inline cl_device_id deviceOfKind(const char* kind)
{
    const cl_device_type type = !strcmp(kind, "cpu") ? CL_DEVICE_TYPE_CPU
                              : !strcmp(kind, "all") ? CL_DEVICE_TYPE_ALL : CL_DEVICE_TYPE_GPU;
    cl_device_id dev = pickDevice(type, 0);
    if (!dev)
    {
        fprintf(stderr, "no OpenCL device of type %s\n", kind);
        exit(1);
    }
    char name[256];
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL));
    printf("device: %s\n", name);
    return dev;
}

// Every device of the type a tool's first argument names, on the platform of the
// first one (deviceOfKind): at most `max` into `devices`; returns how many.
static inline int devicesOfKind(const char* kind, cl_device_id* devices, int max)
{
    const cl_device_type type = !strcmp(kind, "cpu") ? CL_DEVICE_TYPE_CPU
                              : !strcmp(kind, "all") ? CL_DEVICE_TYPE_ALL : CL_DEVICE_TYPE_GPU;
    cl_platform_id platform;
    CHECK(clGetDeviceInfo(deviceOfKind(kind), CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL));
    cl_uint count;
    CHECK(clGetDeviceIDs(platform, type, (cl_uint)max, devices, &count));
    return (int)count < max ? (int)count : max;
}

// Pinned host memory as clruntime's streams and pinned allocator have it: a
// CL_MEM_ALLOC_HOST_PTR buffer of `bytes` in `ctx`, mapped through `q` and kept
// mapped (the buffer is never released: the tools keep it to the end).
static inline unsigned char* pinnedHost(cl_context ctx, cl_command_queue q, size_t bytes)
{
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
    CHECK(err);
    unsigned char* host = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &err);
    CHECK(err);
    return host;
}

// A profiling time of event `e` (ns, the device's clock).
static inline cl_ulong eventTime(cl_event e, cl_profiling_info what)
{
    cl_ulong t = 0;
    CHECK(clGetEventProfilingInfo(e, what, sizeof t, &t, NULL));
    return t;
}

// `count` copies of `bytes` each for the tools that keep a device's link busy: for
// copy i a profiling queue, a device buffer filled with the byte i + 1, and pinned
// host memory (pinnedHost), into queues[i], device[i] and pinned[i].
static inline void bigCopies(cl_context ctx, cl_device_id dev, int count, size_t bytes, cl_command_queue* queues,
                             cl_mem* device, unsigned char** pinned)
{
    cl_int err;
    for (int i = 0; i < count; i++)
    {
        queues[i] = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
        CHECK(err);
        device[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
        CHECK(err);
        pinned[i] = pinnedHost(ctx, queues[i], bytes);
        const unsigned char pattern = (unsigned char)(i + 1);
        CHECK(clEnqueueFillBuffer(queues[i], device[i], &pattern, 1, 0, bytes, 0, NULL, NULL));
        CHECK(clFinish(queues[i]));
    }
}

static inline char* readFile(const char* path)
{
    FILE* f = fopen(path, "rb");
    if (!f)
    {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char* text = malloc(n + 1);
    if (fread(text, 1, n, f) != (size_t)n)
        exit(1);
    text[n] = 0;
    fclose(f);
    return text;
}

// The kernel file clFile (CL_FILE in the environment overrides it: a variant)
// built as clruntime builds it, with `options`. NV=1 in the environment adds
// -cl-nv-verbose and prints the build log (NVIDIA: registers, spills); PTX=<file>
// writes the program binary (PTX on NVIDIA). Exits when the build fails.
static inline cl_program buildKernelFile(cl_context ctx, cl_device_id dev, const char* clFile, const char* options)
{
    if (getenv("CL_FILE"))
        clFile = getenv("CL_FILE");
    char *common = readFile("modules/clruntime/src/opencl/common.cl"), *kernels = readFile(clFile);
    char* source = malloc(strlen(common) + strlen(kernels) + 2);
    sprintf(source, "%s\n%s", common, kernels);
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, (const char**)&source, NULL, &err);
    CHECK(err);
    char buildOptions[4096];
    snprintf(buildOptions, sizeof buildOptions, "%s%s", options, getenv("NV") ? " -cl-nv-verbose" : "");
    err = clBuildProgram(prog, 1, &dev, buildOptions, NULL, NULL);
    size_t logSize = 0;
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &logSize);
    char* log = malloc(logSize + 1);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, logSize, log, NULL);
    log[logSize] = 0;
    if (err != CL_SUCCESS)
    {
        printf("build failed (%d)\n%s\n", err, log);
        exit(1);
    }
    if (getenv("NV"))
        printf("%s", log);
    if (getenv("PTX"))
    {
        size_t size;
        CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL));
        unsigned char* binary = malloc(size);
        CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof binary, &binary, NULL));
        FILE* f = fopen(getenv("PTX"), "wb");
        fwrite(binary, 1, size, f);
        fclose(f);
    }
    free(log);
    free(source);
    free(common);
    free(kernels);
    return prog;
}

// Event time of one launch of `kernel`, in us, on a queue with profiling enabled.
static inline double eventUs(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t* global,
                      const size_t* local)
{
    cl_event done;
    cl_ulong start, end;
    CHECK(clEnqueueNDRangeKernel(queue, kernel, dims, NULL, global, local, 0, NULL, &done));
    CHECK(clWaitForEvents(1, &done));
    CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CHECK(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    CHECK(clReleaseEvent(done));
    return (end - start) * 1e-3;
}

#endif
