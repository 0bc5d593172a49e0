// countNonZero for single-channel images of any depth.
//
// Every work-item walks the image in a grid-stride loop over 16-byte chunks
// aligned to the buffer. A chunk that lies inside a row is loaded with one
// vector load; a chunk cut by a row end is counted element by element, so no
// byte outside the view is ever read. Each work-group writes one partial count;
// the host adds them after the single read-back.
//
// Build options:
//   -D elemT=<uchar|ushort|uint|float|double>  element type, by size (signedness does not matter)
//   -D ELEM_SIZE=<1|2|4|8>
//   -D WGS=<work-group size, a power of two>
//   -D SINGLE_ROW           the view is continuous and handled as one long row
//   -D LONG_OFFSETS         byte offsets may exceed INT_MAX
//   -D DOUBLE_SUPPORT       needed for elemT=double

#ifdef DOUBLE_SUPPORT
#ifdef cl_amd_fp64
#pragma OPENCL EXTENSION cl_amd_fp64:enable
#elif defined (cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64:enable
#endif
#endif

#define CAT_(a, b) a ## b
#define CAT(a, b) CAT_(a, b)

#ifdef LONG_OFFSETS
typedef long offsetT;
#else
typedef int offsetT;
#endif

// Non-zero elements in one 16-byte chunk.
inline int count_chunk(uint4 v)
{
#if ELEM_SIZE == 1
    // Bit 7 of each byte of z is set exactly when that byte of v is zero.
    uint4 z = ~(((v & 0x7f7f7f7fu) + 0x7f7f7f7fu) | v | 0x7f7f7f7fu);
    return 16 - (int)(popcount(z.x) + popcount(z.y) + popcount(z.z) + popcount(z.w));
#elif ELEM_SIZE == 2
    uint4 z = ~(((v & 0x7fff7fffu) + 0x7fff7fffu) | v | 0x7fff7fffu);
    return 8 - (int)(popcount(z.x) + popcount(z.y) + popcount(z.z) + popcount(z.w));
#elif ELEM_SIZE == 4
    // Compare as elemT so that -0.0f counts as zero; true is -1 in a vector compare.
    int4 nz = CAT(as_, CAT(elemT, 4))(v) != (CAT(elemT, 4))(0);
    return -(nz.x + nz.y + nz.z + nz.w);
#else
    long2 nz = as_double2(v) != (double2)(0.0);
    return (int)-(nz.x + nz.y);
#endif
}

inline int count_element(__global const uchar* p)
{
    return *(__global const elemT*)p != (elemT)0 ? 1 : 0;
}

__kernel void count_non_zero(__global const uchar* src, int src_step, int src_offset,
                             int rows, int row_bytes, int chunks_per_row, int total_chunks,
                             __global int* partials)
{
    int count = 0;
    for (int i = get_global_id(0); i < total_chunks; i += get_global_size(0))
    {
#ifdef SINGLE_ROW
        int y = 0, k = i;
#else
        int y = i / chunks_per_row, k = i - y * chunks_per_row;
#endif
        offsetT row_start = src_offset + (offsetT)y * src_step;
        offsetT chunk = (row_start & ~(offsetT)15) + ((offsetT)k << 4);
        offsetT lo = max(chunk, row_start), hi = min(chunk + 16, row_start + row_bytes);
        if (lo == chunk && hi == chunk + 16)
            count += count_chunk(*(__global const uint4*)(src + chunk));
        else
            for (offsetT p = lo; p < hi; p += ELEM_SIZE)
                count += count_element(src + p);
    }

    // Tree reduction of the group's counts in local memory.
    __local int scratch[WGS];
    int lid = get_local_id(0);
    scratch[lid] = count;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WGS / 2; s > 0; s >>= 1)
    {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partials[get_group_id(0)] = scratch[0];
}
