// sum of all elements per channel, for 1 to 4 channels of any depth.
//
// The view is read as 16-byte chunks aligned to the buffer, as in
// count_non_zero.cl. Each work-item adds whole chunks lane by lane into LANES
// private accumulators; lane j always holds the same channel because the
// grid stride is a multiple of the channel count (the host makes sure), so the
// lanes are folded into channels once, at the end. Elements of chunks cut by a
// row end are added one by one. Each work-group writes the sums of its channels
// (sumT, 8 bytes each) to its 32-byte slot of `partials`; the host adds the slots.
//
// Build options:
//   -D srcT1=<uchar|char|ushort|short|int|float|double>   element type
//   -D ESZ1=<1|2|4|8>          element size;  -D LANES=16/ESZ1
//   -D laneT=<uint|int|long|double>   per-lane accumulator, wide enough for the
//                                     chunks one work-item adds (host checks)
//   -D sumT=<long|double>      per-channel accumulator
//   -D CN=<1..4>  -D WGS=<power of two>  -D UNROLL=<n>
//   -D SINGLE_ROW  -D LONG_OFFSETS  -D DOUBLE_SUPPORT   as in count_non_zero.cl

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

#define srcV CAT(srcT1, LANES)
#define laneV CAT(laneT, LANES)

inline uint4 load_chunk(__global const uchar* p)
{
    return *(__global const uint4*)p;
}

// The chunk's elements widened to the lane accumulator type.
inline laneV widen(uint4 raw)
{
    return CAT(convert_, laneV)(CAT(as_, srcV)(raw));
}

inline sumT element_at(__global const uchar* src, offsetT p)
{
    return (sumT)*(__global const srcT1*)(src + p);
}

// Adds the elements of [lo, hi) to their channels; `first` is the row's first byte.
inline void add_range(__global const uchar* src, offsetT first, offsetT lo, offsetT hi, sumT* channels)
{
    for (offsetT p = lo; p < hi; p += ESZ1)
        channels[((p - first) / ESZ1) % CN] += element_at(src, p);
}

// Adds the lanes of `acc`; lane 0 belongs to channel `phase`.
inline void add_lanes(laneV acc, int phase, sumT* channels)
{
    laneT lanes[LANES];
    CAT(vstore, LANES)(acc, 0, lanes);
    for (int j = 0; j < LANES; j++)
        channels[(phase + j) % CN] += (sumT)lanes[j];
}

__kernel void sum(__global const uchar* src, int src_step, int src_offset,
                  int rows, int row_bytes, int chunks_per_row, int total_chunks,
                  __global uchar* partials)
{
    sumT channels[4] = { 0, 0, 0, 0 };
#ifdef SINGLE_ROW
    offsetT row_end = (offsetT)src_offset + row_bytes;
    int first_full = (int)(((offsetT)src_offset + 15) >> 4), end_full = max(first_full, (int)(row_end >> 4));
    int gsize = get_global_size(0);
    int i = first_full + get_global_id(0);
    // Channel of lane 0 of this work-item's chunks: the same for all of them.
    int phase = (int)((((offsetT)i << 4) - src_offset) / ESZ1 % CN);
    laneV acc = (laneV)(0);
    for (; i + (UNROLL - 1) * gsize < end_full; i += UNROLL * gsize)
    {
        // Raw loads first, widened afterwards: fewer registers while loads are in flight.
        uint4 v[UNROLL];
        for (int u = 0; u < UNROLL; u++)
            v[u] = load_chunk(src + ((offsetT)(i + u * gsize) << 4));
        for (int u = 0; u < UNROLL; u++)
            acc += widen(v[u]);
    }
    for (; i < end_full; i += gsize)
        acc += widen(load_chunk(src + ((offsetT)i << 4)));
    add_lanes(acc, phase, channels);
    if (get_global_id(0) == 0)
    {
        offsetT head_end = min((offsetT)first_full << 4, row_end);
        add_range(src, src_offset, src_offset, head_end, channels);
        add_range(src, src_offset, max((offsetT)end_full << 4, head_end), row_end, channels);
    }
#else
    // Rows of a ROI: chunk slots as in count_non_zero.cl; each chunk's lanes go
    // to their channels directly, since a row's first byte may fall anywhere.
    for (int i = get_global_id(0); i < total_chunks; i += get_global_size(0))
    {
        int y = i / chunks_per_row, k = i - y * chunks_per_row;
        offsetT row_start = src_offset + (offsetT)y * src_step;
        offsetT chunk = (row_start & ~(offsetT)15) + ((offsetT)k << 4);
        offsetT lo = max(chunk, row_start), hi = min(chunk + 16, row_start + row_bytes);
        if (lo == chunk && hi == chunk + 16)
            add_lanes(widen(load_chunk(src + chunk)), (int)((chunk - row_start) / ESZ1 % CN), channels);
        else
            add_range(src, row_start, lo, hi, channels);
    }
#endif

    // Tree reduction of the group's channel sums in local memory.
    __local sumT scratch[CN][WGS];
    int lid = get_local_id(0);
    for (int c = 0; c < CN; c++)
        scratch[c][lid] = channels[c];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WGS / 2; s > 0; s >>= 1)
    {
        if (lid < s)
            for (int c = 0; c < CN; c++)
                scratch[c][lid] += scratch[c][lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
    {
        __global sumT* slot = (__global sumT*)(partials + get_group_id(0) * 32);
        for (int c = 0; c < CN; c++)
            slot[c] = scratch[c][0];
    }
}
