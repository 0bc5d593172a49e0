// minMaxLoc / minMaxIdx: the smallest and largest element and, on request, the
// position of their first occurrence in row-major order.
//
// Without a mask the view is read as 16-byte chunks aligned to the buffer, as in
// count_non_zero.cl. Without locations each work-item keeps a lane-wise running
// min and max and folds the lanes at the end. With locations it folds every
// chunk to its min and max and remembers the first chunk holding its best value
// (strict comparison, chunks visited in increasing order); at the end it reloads
// that chunk to find the lane. Chunks cut by a row end, and masked images, go
// element by element with a full comparison: smaller value first, then smaller
// index. NaNs are skipped. Each work-group writes its result to a 32-byte slot of
// `partials`: min value (srcT1) at byte 0, max value at byte 8, and the linear
// indices of min and max (int, -1 when the group saw no element) at bytes 16, 20.
//
// Build options:
//   -D srcT1=<uchar|char|ushort|short|int|float|double>  -D ESZ1=<1|2|4|8>  -D LANES=16/ESZ1
//   -D MIN_INIT=<largest value of srcT1>  -D MAX_INIT=<lowest value of srcT1>
//   -D IS_FLOAT for float and double (fmin/fmax, NaN skipped)
//   -D NEED_MIN, -D NEED_MAX, -D NEED_LOC: what the caller asked for
//   -D HAVE_MASK: an 8-bit mask of the same size selects the elements
//   -D MASK_ALIGNED: image and mask rows start at 16-byte boundaries
//   -D WGS, -D UNROLL, -D SINGLE_ROW, -D LONG_OFFSETS, -D DOUBLE_SUPPORT as in count_non_zero.cl

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

#ifdef IS_FLOAT
#define MIN(a, b) fmin(a, b)
#define MAX(a, b) fmax(a, b)
#define IS_NAN(v) ((v) != (v))
#else
#define MIN(a, b) min(a, b)
#define MAX(a, b) max(a, b)
#define IS_NAN(v) false
#endif

inline srcV load_chunk(__global const uchar* p)
{
    return CAT(as_, srcV)(*(__global const uint4*)p);
}

// Horizontal min and max of a chunk.
inline srcT1 chunk_min(srcV v)
{
#if LANES == 16
    CAT(srcT1, 8) a = MIN(v.lo, v.hi);
    CAT(srcT1, 4) b = MIN(a.lo, a.hi);
#elif LANES == 8
    CAT(srcT1, 4) b = MIN(v.lo, v.hi);
#elif LANES == 4
    CAT(srcT1, 4) b = v;
#endif
#if LANES >= 4
    CAT(srcT1, 2) c = MIN(b.lo, b.hi);
#else
    CAT(srcT1, 2) c = v;
#endif
    return MIN(c.x, c.y);
}

inline srcT1 chunk_max(srcV v)
{
#if LANES == 16
    CAT(srcT1, 8) a = MAX(v.lo, v.hi);
    CAT(srcT1, 4) b = MAX(a.lo, a.hi);
#elif LANES == 8
    CAT(srcT1, 4) b = MAX(v.lo, v.hi);
#elif LANES == 4
    CAT(srcT1, 4) b = v;
#endif
#if LANES >= 4
    CAT(srcT1, 2) c = MAX(b.lo, b.hi);
#else
    CAT(srcT1, 2) c = v;
#endif
    return MAX(c.x, c.y);
}

// The best value seen so far with its linear index (-1: none yet).
typedef struct { srcT1 min_val, max_val; int min_idx, max_idx; } MinMax;

inline void take_element(MinMax* r, srcT1 v, int idx)
{
    if (IS_NAN(v))
        return;
#ifdef NEED_MIN
    if (r->min_idx < 0 || v < r->min_val || (v == r->min_val && idx < r->min_idx))
        r->min_val = v, r->min_idx = idx;
#endif
#ifdef NEED_MAX
    if (r->max_idx < 0 || v > r->max_val || (v == r->max_val && idx < r->max_idx))
        r->max_val = v, r->max_idx = idx;
#endif
}

inline void take_result(MinMax* r, MinMax other)
{
#ifdef NEED_MIN
    if (other.min_idx >= 0 && (r->min_idx < 0 || other.min_val < r->min_val ||
                               (other.min_val == r->min_val && other.min_idx < r->min_idx)))
        r->min_val = other.min_val, r->min_idx = other.min_idx;
#endif
#ifdef NEED_MAX
    if (other.max_idx >= 0 && (r->max_idx < 0 || other.max_val > r->max_val ||
                               (other.max_val == r->max_val && other.max_idx < r->max_idx)))
        r->max_val = other.max_val, r->max_idx = other.max_idx;
#endif
}

inline srcT1 element_at(__global const uchar* src, offsetT p)
{
    return *(__global const srcT1*)(src + p);
}

// Elements of [lo, hi) of a row whose first byte is `first` and whose first
// element has linear index `first_idx`.
inline void take_range(MinMax* r, __global const uchar* src, offsetT first, int first_idx, offsetT lo, offsetT hi)
{
    for (offsetT p = lo; p < hi; p += ESZ1)
        take_element(r, element_at(src, p), first_idx + (int)((p - first) / ESZ1));
}

// Running state of the whole-chunk loop of one work-item.
typedef struct
{
#ifdef NEED_LOC
    srcT1 min_val, max_val;
    int min_chunk, max_chunk;   // chunk (slot) number of the first chunk holding the value, -1: none
#else
    srcV min_vec, max_vec;
    int any;
#endif
} ChunkState;

inline void chunk_state_init(ChunkState* s)
{
#ifdef NEED_LOC
    s->min_val = MIN_INIT; s->max_val = MAX_INIT;
    s->min_chunk = -1; s->max_chunk = -1;
#else
    s->min_vec = (srcV)(MIN_INIT); s->max_vec = (srcV)(MAX_INIT);
    s->any = 0;
#endif
}

inline void chunk_state_take(ChunkState* s, srcV v, int chunk)
{
#ifdef NEED_LOC
#ifdef NEED_MIN
    srcT1 m = chunk_min(v);
    if (m < s->min_val || (s->min_chunk < 0 && !IS_NAN(m)))
        s->min_val = m, s->min_chunk = chunk;
#endif
#ifdef NEED_MAX
    srcT1 M = chunk_max(v);
    if (M > s->max_val || (s->max_chunk < 0 && !IS_NAN(M)))
        s->max_val = M, s->max_chunk = chunk;
#endif
#else
#ifdef NEED_MIN
    s->min_vec = MIN(s->min_vec, v);
#endif
#ifdef NEED_MAX
    s->max_vec = MAX(s->max_vec, v);
#endif
    s->any = 1;
#endif
}

// UNROLL chunks at a time (chunk numbers first, first + stride, ...): they are
// folded lane-wise first, so only one horizontal min and max per group of
// chunks; which chunk holds a new best value is looked up only when there is one.
inline void chunk_state_take_group(ChunkState* s, const srcV* v, int first, int stride)
{
#ifdef NEED_LOC
    srcV vmin = v[0], vmax = v[0];
    for (int u = 1; u < UNROLL; u++)
    {
        vmin = MIN(vmin, v[u]);
        vmax = MAX(vmax, v[u]);
    }
#ifdef NEED_MIN
    srcT1 m = chunk_min(vmin);
    if (m < s->min_val || (s->min_chunk < 0 && !IS_NAN(m)))
        for (int u = 0; u < UNROLL; u++)
            if (chunk_min(v[u]) == m)
            {
                s->min_val = m, s->min_chunk = first + u * stride;
                break;
            }
#endif
#ifdef NEED_MAX
    srcT1 M = chunk_max(vmax);
    if (M > s->max_val || (s->max_chunk < 0 && !IS_NAN(M)))
        for (int u = 0; u < UNROLL; u++)
            if (chunk_max(v[u]) == M)
            {
                s->max_val = M, s->max_chunk = first + u * stride;
                break;
            }
#endif
#else
    for (int u = 0; u < UNROLL; u++)
        chunk_state_take(s, v[u], first + u * stride);
#endif
}

// The chunk state as values and indices: `min_ptr` is the byte offset of the
// remembered min chunk, `min_idx0` the linear index of its lane 0 (same for max).
inline void chunk_state_result(const ChunkState* s, MinMax* r, __global const uchar* src,
                               offsetT min_ptr, int min_idx0, offsetT max_ptr, int max_idx0)
{
#ifdef NEED_LOC
#ifdef NEED_MIN
    if (s->min_chunk >= 0)
    {
        // First lane of the remembered chunk that holds the value.
        for (int j = LANES - 1; j >= 0; j--)
            if (element_at(src, min_ptr + j * ESZ1) == s->min_val)
                r->min_idx = min_idx0 + j;
        r->min_val = s->min_val;
    }
#endif
#ifdef NEED_MAX
    if (s->max_chunk >= 0)
    {
        for (int j = LANES - 1; j >= 0; j--)
            if (element_at(src, max_ptr + j * ESZ1) == s->max_val)
                r->max_idx = max_idx0 + j;
        r->max_val = s->max_val;
    }
#endif
#else
    if (s->any)
    {
        // Without locations any index marks "found".
        srcT1 m = chunk_min(s->min_vec), M = chunk_max(s->max_vec);
#ifdef NEED_MIN
        if (!IS_NAN(m))
            r->min_val = m, r->min_idx = 0;
#endif
#ifdef NEED_MAX
        if (!IS_NAN(M))
            r->max_val = M, r->max_idx = 0;
#endif
    }
#endif
}

__kernel void min_max_loc(__global const uchar* src, int src_step, int src_offset,
                          int rows, int row_bytes, int chunks_per_row, int total_chunks, int cols,
#ifdef HAVE_MASK
                          __global const uchar* mask, int mask_step, int mask_offset,
#endif
                          __global uchar* partials)
{
    MinMax r;
    r.min_val = MIN_INIT; r.max_val = MAX_INIT;
    r.min_idx = -1; r.max_idx = -1;

#if defined HAVE_MASK && defined MASK_ALIGNED
    // Masked, image and mask rows 16-byte aligned: units of 16 pixels of a row,
    // 16 mask bytes and 16 elements loaded as vectors; the lanes the mask selects
    // are compared one by one. Units cut by the row end go pixel by pixel.
    int units_per_row = (cols + 15) >> 4;
    for (int i = get_global_id(0); i < rows * units_per_row; i += get_global_size(0))
    {
        int y = i / units_per_row, x0 = (i - y * units_per_row) << 4;
        __global const uchar* mrow = mask + mask_offset + y * mask_step;
        offsetT srow = src_offset + (offsetT)y * src_step;
        if (x0 + 16 <= cols)
        {
            uint4 m = *(__global const uint4*)(mrow + x0);
            if ((m.x | m.y | m.z | m.w) == 0)
                continue;
            uchar16 mb = as_uchar16(m);
            uchar mbytes[16];
            vstore16(mb, 0, mbytes);
            srcT1 vals[16];
            for (int part = 0; part < ESZ1; part++)
            {
                uint4 raw = *(__global const uint4*)(src + srow + (offsetT)x0 * ESZ1 + part * 16);
                CAT(vstore, LANES)(CAT(as_, srcV)(raw), part, vals);
            }
            for (int j = 0; j < 16; j++)
                if (mbytes[j])
                    take_element(&r, vals[j], y * cols + x0 + j);
        }
        else
        {
            for (int x = x0; x < cols; x++)
                if (mrow[x])
                    take_element(&r, element_at(src, srow + (offsetT)x * ESZ1), y * cols + x);
        }
    }
#elif defined HAVE_MASK
    // Masked, any alignment: element by element over the pixels, in row-major order.
    int total = rows * cols;
    for (int e = get_global_id(0); e < total; e += get_global_size(0))
    {
        int y = e / cols, x = e - y * cols;
        if (mask[mask_offset + y * mask_step + x])
            take_element(&r, element_at(src, src_offset + (offsetT)y * src_step + (offsetT)x * ESZ1), e);
    }
#elif defined SINGLE_ROW
    // One long row; element e has linear index e.
    ChunkState s;
    chunk_state_init(&s);
    offsetT row_end = (offsetT)src_offset + row_bytes;
    int first_full = (int)(((offsetT)src_offset + 15) >> 4), end_full = max(first_full, (int)(row_end >> 4));
    int gsize = get_global_size(0);
    int i = first_full + get_global_id(0);
    for (; i + (UNROLL - 1) * gsize < end_full; i += UNROLL * gsize)
    {
        srcV v[UNROLL];
        for (int u = 0; u < UNROLL; u++)
            v[u] = load_chunk(src + ((offsetT)(i + u * gsize) << 4));
        chunk_state_take_group(&s, v, i, gsize);
    }
    for (; i < end_full; i += gsize)
        chunk_state_take(&s, load_chunk(src + ((offsetT)i << 4)), i);
#ifdef NEED_LOC
    offsetT min_ptr = (offsetT)s.min_chunk << 4, max_ptr = (offsetT)s.max_chunk << 4;
    chunk_state_result(&s, &r, src, min_ptr, (int)((min_ptr - src_offset) / ESZ1),
                       max_ptr, (int)((max_ptr - src_offset) / ESZ1));
#else
    chunk_state_result(&s, &r, src, 0, 0, 0, 0);
#endif
    if (get_global_id(0) == 0)
    {
        offsetT head_end = min((offsetT)first_full << 4, row_end);
        take_range(&r, src, src_offset, 0, src_offset, head_end);
        take_range(&r, src, src_offset, 0, max((offsetT)end_full << 4, head_end), row_end);
    }
#else
    // Rows of a ROI: chunk slots as in count_non_zero.cl; row y's first element
    // has linear index y * cols.
    ChunkState s;
    chunk_state_init(&s);
    for (int i = get_global_id(0); i < total_chunks; i += get_global_size(0))
    {
        int y = i / chunks_per_row, k = i - y * chunks_per_row;
        offsetT row_start = src_offset + (offsetT)y * src_step;
        offsetT chunk = (row_start & ~(offsetT)15) + ((offsetT)k << 4);
        offsetT lo = max(chunk, row_start), hi = min(chunk + 16, row_start + row_bytes);
        if (lo == chunk && hi == chunk + 16)
            chunk_state_take(&s, load_chunk(src + chunk), i);
        else
            take_range(&r, src, row_start, y * cols, lo, hi);
    }
#ifdef NEED_LOC
    // Address and index of lane 0 of the remembered chunks.
    int ymin = s.min_chunk / chunks_per_row, ymax = s.max_chunk / chunks_per_row;
    offsetT min_row = src_offset + (offsetT)ymin * src_step, max_row = src_offset + (offsetT)ymax * src_step;
    offsetT min_ptr = (min_row & ~(offsetT)15) + ((offsetT)(s.min_chunk - ymin * chunks_per_row) << 4);
    offsetT max_ptr = (max_row & ~(offsetT)15) + ((offsetT)(s.max_chunk - ymax * chunks_per_row) << 4);
    MinMax c;
    c.min_val = MIN_INIT; c.max_val = MAX_INIT;
    c.min_idx = -1; c.max_idx = -1;
    chunk_state_result(&s, &c, src, min_ptr, ymin * cols + (int)((min_ptr - min_row) / ESZ1),
                       max_ptr, ymax * cols + (int)((max_ptr - max_row) / ESZ1));
    take_result(&r, c);
#else
    chunk_state_result(&s, &r, src, 0, 0, 0, 0);
#endif
#endif

    // Tree reduction of the group's results in local memory.
    __local MinMax scratch[WGS];
    int lid = get_local_id(0);
    scratch[lid] = r;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s2 = WGS / 2; s2 > 0; s2 >>= 1)
    {
        if (lid < s2)
        {
            MinMax a = scratch[lid];
            take_result(&a, scratch[lid + s2]);
            scratch[lid] = a;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
    {
        __global uchar* slot = partials + get_group_id(0) * 32;
        MinMax g = scratch[0];
        *(__global srcT1*)slot = g.min_val;
        *(__global srcT1*)(slot + 8) = g.max_val;
        *(__global int*)(slot + 16) = g.min_idx;
        *(__global int*)(slot + 20) = g.max_idx;
    }
}
