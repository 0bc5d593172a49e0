// countNonZero for single-channel images of any depth.
//
// Every work-item walks the image in a grid-stride loop over 16-byte chunks
// aligned to the buffer. A chunk that lies inside the view is loaded with one
// vector load; a chunk cut by a row end is counted element by element, so no
// byte outside the view is ever read. Each work-group writes one partial count;
// the host adds them after the single read-back.
//
// Build options:
//   -D elemT=<uchar|ushort|uint|float|double>  element type, by size (signedness does not matter)
//   -D ELEM_SIZE=<1|2|4|8>
//   -D WGS=<work-group size, a power of two>
//   -D SINGLE_ROW           the view is continuous and handled as one long row
//   -D UNROLL=<n>           chunks in flight per work-item and loop trip (SINGLE_ROW)
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

// Counts the elements of [lo, hi) (byte offsets) one by one.
inline int count_range(__global const uchar* src, offsetT lo, offsetT hi)
{
    int count = 0;
    for (offsetT p = lo; p < hi; p += ELEM_SIZE)
        count += count_element(src + p);
    return count;
}

__kernel void count_non_zero(__global const uchar* src, int src_step, int src_offset,
                             int rows, int row_bytes, int chunks_per_row, int total_chunks,
                             __global int* partials)
{
    int count = 0;
#ifdef SINGLE_ROW
    // One long row: the full chunks in between are read UNROLL at a time so that
    // several loads are in flight per work-item; the partial chunks at the two
    // ends go element by element to work-item 0.
    offsetT row_end = (offsetT)src_offset + row_bytes;
    int first_full = (int)(((offsetT)src_offset + 15) >> 4), end_full = max(first_full, (int)(row_end >> 4));
    int gsize = get_global_size(0);
    int i = first_full + get_global_id(0);
    for (; i + (UNROLL - 1) * gsize < end_full; i += UNROLL * gsize)
    {
        uint4 v[UNROLL];
        for (int u = 0; u < UNROLL; u++)
            v[u] = *(__global const uint4*)(src + ((offsetT)(i + u * gsize) << 4));
        for (int u = 0; u < UNROLL; u++)
            count += count_chunk(v[u]);
    }
    for (; i < end_full; i += gsize)
        count += count_chunk(*(__global const uint4*)(src + ((offsetT)i << 4)));
    if (get_global_id(0) == 0)
    {
        offsetT head_end = min((offsetT)first_full << 4, row_end);
        count += count_range(src, src_offset, head_end);
        count += count_range(src, max((offsetT)end_full << 4, head_end), row_end);
    }
#else
    // Rows of a ROI: chunk slot k of row y is the k-th 16-byte aligned chunk that
    // starts at or before the row's first byte; slots cut by the row's ends are
    // counted element by element, so nothing outside the view is read.
    for (int i = get_global_id(0); i < total_chunks; i += get_global_size(0))
    {
        int y = i / chunks_per_row, k = i - y * chunks_per_row;
        offsetT row_start = src_offset + (offsetT)y * src_step;
        offsetT chunk = (row_start & ~(offsetT)15) + ((offsetT)k << 4);
        offsetT lo = max(chunk, row_start), hi = min(chunk + 16, row_start + row_bytes);
        if (lo == chunk && hi == chunk + 16)
            count += count_chunk(*(__global const uint4*)(src + chunk));
        else
            count += count_range(src, lo, hi);
    }
#endif

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
