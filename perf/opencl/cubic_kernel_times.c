// Kernel-only times of modules/clresize/src/opencl/resize_cubic.cl for an 8-bit
// enlargement by 2 of random pixels (CN=<channels> in the environment, default 1): builds the kernel with the
// given options on the first GPU (else the first device), prints what the
// compiler reports about it (NVIDIA: registers, spills), runs it 50 times and
// prints the median and fastest event time and a hash of the output, so that
// variants of the kernel can be timed and checked against each other.
//
//   cc -O2 cubic_kernel_times.c -lOpenCL -o cubic_kernel_times
//   ./cubic_kernel_times KERNEL "OPTIONS" VX ROWS LOCAL_X LOCAL_Y WIDTH HEIGHT
//
// VX: output pixels a work-item in x; ROWS: source rows a work-item walks
// (resize_cubic_x2), or minus the tile height (resize_cubic_tiled). Run from the
// repository root. CL_FILE=<file> builds another version of the kernel file;
// NV=1 passes -cl-nv-verbose; PTX=<file> writes the program binary (PTX on
// NVIDIA). Examples (perf/results/nvidia-h100-80gb-hbm3-2026-11-25-cubic-x2):
//   O="-D srcT=uchar -D CN=1 -D DEPTH_8U -D DOUBLE_SUPPORT -D VX=8 -D TAP_OFFSETS=0x43322110u -D WINDOW_BYTES=8"
//   NV=1 ./cubic_kernel_times resize_cubic_x2 "$O -D X2_ROWS=8" 8 8 32 4 4096 4096
//   ./cubic_kernel_times resize_cubic_tiled "$O -D TILE_W=64 -D TILE_H=32 -D LOCAL_H=4 -D MAX_SRC_ROWS=24"
//     8 -32 64 4 4096 4096
#include "cl_tool.h"

#define RUNS 50

int main(int argc, char** argv)
{
    if (argc < 9)
    {
        fprintf(stderr, "usage: %s KERNEL OPTIONS VX ROWS LOCAL_X LOCAL_Y WIDTH HEIGHT\n", argv[0]);
        return 2;
    }
    const char *name = argv[1], *options = argv[2];
    const int vx = atoi(argv[3]), rows = atoi(argv[4]), lx = atoi(argv[5]), ly = atoi(argv[6]);
    int w = atoi(argv[7]), h = atoi(argv[8]), dw = 2 * w, dh = 2 * h;
    const int cn = getenv("CN") ? atoi(getenv("CN")) : 1;
    int srcStep = w * cn, dstStep = dw * cn;

    cl_device_id dev = pickDevice(CL_DEVICE_TYPE_GPU, 1);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);

    cl_program prog = buildKernelFile(ctx, dev, "modules/clresize/src/opencl/resize_cubic.cl", options);
    cl_kernel k = clCreateKernel(prog, name, &err);
    if (err != CL_SUCCESS)
    {
        printf("no kernel %s (%d)\n", name, err);
        return 1;
    }

    const size_t srcBytes = (size_t)srcStep * h, dstBytes = (size_t)dstStep * dh;
    unsigned char* pixels = malloc(srcBytes);
    srand(1);
    for (size_t i = 0; i < srcBytes; i++)
        pixels[i] = rand() & 255;
    cl_mem src = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, srcBytes, pixels, &err);
    cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, dstBytes, NULL, &err);
    // The arguments of every resize_cubic.cl kernel: whole images, no offsets.
    int zero = 0, simdEnd = dstStep / 8 * 8, a = 0;
    double scale = 0.5;
    float coeffA = -0.75f;
    clSetKernelArg(k, a++, sizeof src, &src);
    clSetKernelArg(k, a++, sizeof(int), &srcStep);
    clSetKernelArg(k, a++, sizeof(int), &zero);
    clSetKernelArg(k, a++, sizeof(int), &h);
    clSetKernelArg(k, a++, sizeof(int), &w);
    clSetKernelArg(k, a++, sizeof dst, &dst);
    clSetKernelArg(k, a++, sizeof(int), &dstStep);
    clSetKernelArg(k, a++, sizeof(int), &zero);
    clSetKernelArg(k, a++, sizeof(int), &dh);
    clSetKernelArg(k, a++, sizeof(int), &dw);
    clSetKernelArg(k, a++, sizeof(double), &scale);
    clSetKernelArg(k, a++, sizeof(double), &scale);
    clSetKernelArg(k, a++, sizeof(float), &coeffA);
    clSetKernelArg(k, a++, sizeof(int), &simdEnd);
    clSetKernelArg(k, a++, sizeof(int), &zero);
    clSetKernelArg(k, a++, sizeof(int), &zero);

    size_t global[2], local[2] = { (size_t)lx, (size_t)ly };
    global[0] = (size_t)(dw + vx * lx - 1) / (vx * lx) * lx;
    if (rows > 0)   // work-items walking `rows` source rows
        global[1] = (size_t)((h + rows - 1) / rows + ly - 1) / ly * ly;
    else            // tiles of -rows output rows, ly rows of work-items each
        global[1] = (size_t)(dh - rows - 1) / -rows * ly;
    double us[RUNS];
    for (int r = 0; r < RUNS; r++)
        us[r] = eventUs(q, k, 2, global, local);
    const double mid = median(us, RUNS);

    unsigned char* out = malloc(dstBytes);
    clEnqueueReadBuffer(q, dst, CL_TRUE, 0, dstBytes, out, 0, NULL, NULL);
    unsigned long long hash = 1469598103934665603ULL;   // FNV-1a
    for (size_t i = 0; i < dstBytes; i++)
        hash = (hash ^ out[i]) * 1099511628211ULL;
    printf("%s %dx%d: median %.1f us min %.1f  hash %016llx\n", name, w, h, mid, us[0], hash);
    return 0;
}
