// Reductions of a whole view, one kernel `reduce` built for one operation:
// countNonZero (-D OP_COUNT_NON_ZERO), sum per channel (-D OP_SUM) and
// minMaxLoc / minMaxIdx (-D OP_MIN_MAX).
//
// The walk is the same for all three. The view is read as 16-byte chunks aligned
// to the buffer: a chunk inside the view is loaded with one vector load and given
// to the operation whole (take_chunk); the elements of a chunk cut by a row end
// are given one by one (take_range), so no byte outside the view is read.
//  - A continuous view is one long row (-D SINGLE_ROW): every work-item keeps
//    UNROLL chunks in flight per loop trip (take_chunks); the cut chunks at the
//    row's two ends go to work-item 0.
//  - Otherwise chunk slot k of row y is the k-th aligned chunk that starts at or
//    before the row's first byte; there are chunks_per_row slots per row.
// Each work-item ends with one partial result (groupT), a tree reduction in local
// memory combines those of a work-group, and the group writes its result to its
// 32-byte slot of `partials`. The group that finishes last (a ticket counted in
// `counters`, which it sets back to zero) combines all slots into the 32 bytes at
// `results` + `result_offset`, the only ones the host reads.
//
// Build options:
//   -D OP_COUNT_NON_ZERO | -D OP_SUM | -D OP_MIN_MAX
//   -D srcT1=<uchar|char|ushort|short|int|float|double>  -D ESZ1=<1|2|4|8>  -D LANES=16/ESZ1
//   -D WGS=<work-group size, a power of two>  -D UNROLL=<n>  -D SINGLE_ROW
//   the groups' results come together (device_fence), by one of:
//             -D MEMBAR_GL      NVIDIA: PTX's membar.gl
//             -D SCOPED_FENCE   OpenCL C 2.0 or later (-cl-std): a fence of device scope
//             -D COMBINE_KERNEL neither: the groups write their slots, and a second
//                               launch (reduce_combine) combines them
//   -D LONG_OFFSETS  -D DOUBLE_SUPPORT   (common.cl)
//   sum:      -D laneT=<uint|int|long|double>  per-lane accumulator of one work-item,
//                wide enough for the chunks it adds (the host checks)
//             -D sumT=<long|double>  per-channel accumulator;  -D CN=<1..4>
//   min/max:  -D MIN_INIT=<largest value of srcT1>  -D MAX_INIT=<lowest value>
//             -D IS_FLOAT (fmin/fmax, NaNs skipped)  -D NEED_MIN  -D NEED_MAX  -D NEED_LOC
//             -D HAVE_MASK: an 8-bit mask of the same size selects the elements
//             -D MASK_FLAT: image and mask continuous, starting at 16-byte boundaries
//             -D MASK_ALIGNED: image and mask rows start at 16-byte boundaries

#define srcV CAT(srcT1, LANES)

#ifndef COMBINE_KERNEL
// Orders this work-item's global memory accesses before the fence ahead of those
// after it, for the work-items of every work-group. OpenCL 1.2 has no such fence:
// its mem_fence holds within the work-group, and NVIDIA's compiler keeps to that
// (membar.cta), which would let the last group read a slot before it is written.
inline void device_fence(void)
{
#ifdef MEMBAR_GL
    __asm__ volatile("membar.gl;" ::: "memory");
#else
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
#endif
}
#endif

inline uint4 load_chunk(__global const uchar* p)
{
    return *(__global const uint4*)p;
}

inline srcT1 element_at(__global const uchar* src, offsetT p)
{
    return *(__global const srcT1*)(src + p);
}

// The view as the kernel walks it; byte offsets from the start of the buffer.
typedef struct
{
    __global const uchar* src;
    offsetT step, offset, row_bytes, chunks_per_row;
#ifdef HAVE_MASK
    __global const uchar* mask;
    offsetT mask_step, mask_offset, cols, pixels, units;   // units: of 16 pixels (unit_at)
#endif
} View;

// Linear index of the element at byte offset p of the row that starts at byte
// row_start and whose first element has index first_idx.
inline offsetT index_of(offsetT p, offsetT row_start, offsetT first_idx)
{
    return first_idx + (p - row_start) / ESZ1;
}

#ifdef HAVE_MASK
// Unit `unit` of 16 pixels of a masked walk (masked_result): the byte offsets of its
// first element and mask byte, its first pixel's linear index, and how many of its
// pixels there are (fewer than 16 where a row or the image ends). Continuous images
// (-D MASK_FLAT) are one long row; otherwise each row has (cols + 15) / 16 units.
inline int unit_at(const View* v, offsetT unit, offsetT* src_at, offsetT* mask_at, offsetT* idx)
{
#ifdef MASK_FLAT
    offsetT p = unit << 4, left = v->pixels - p;
    *src_at = v->offset + p * ESZ1;
    *mask_at = v->mask_offset + p;
    *idx = p;
#else
    offsetT units_per_row = (v->cols + 15) >> 4, y = unit / units_per_row, x = (unit - y * units_per_row) << 4;
    offsetT left = v->cols - x;
    *src_at = v->offset + y * v->step + x * ESZ1;
    *mask_at = v->mask_offset + y * v->mask_step + x;
    *idx = y * v->cols + x;
#endif
    return (int)min(left, (offsetT)16);
}
#endif

#if defined OP_COUNT_NON_ZERO
// ---- countNonZero: the count of one work-item, one int per group ----

typedef int State;
typedef long groupT;   // past 2^31 non-zeros when the groups are combined

inline void state_init(State* s, const View* v)
{
    *s = 0;
}

// Non-zero elements of a 16-byte chunk.
inline void take_chunk(State* s, uint4 raw, offsetT chunk_no, offsetT chunk_ptr, offsetT row_start)
{
#if ESZ1 == 1
    // Bit 7 of each byte of z is set exactly when that byte of raw is zero.
    uint4 z = ~(((raw & 0x7f7f7f7fu) + 0x7f7f7f7fu) | raw | 0x7f7f7f7fu);
    *s += 16 - (int)(popcount(z.x) + popcount(z.y) + popcount(z.z) + popcount(z.w));
#elif ESZ1 == 2
    uint4 z = ~(((raw & 0x7fff7fffu) + 0x7fff7fffu) | raw | 0x7fff7fffu);
    *s += 8 - (int)(popcount(z.x) + popcount(z.y) + popcount(z.z) + popcount(z.w));
#elif ESZ1 == 4
    // Compared as srcT1, so that -0.0f counts as zero; true is -1 in a vector compare.
    int4 nz = CAT(as_, srcV)(raw) != (srcV)(0);
    *s -= nz.x + nz.y + nz.z + nz.w;
#else
    long2 nz = CAT(as_, srcV)(raw) != (srcV)(0);
    *s -= (int)(nz.x + nz.y);
#endif
}

inline void take_range(State* s, const View* v, offsetT row_start, offsetT first_idx, offsetT lo, offsetT hi)
{
    for (offsetT p = lo; p < hi; p += ESZ1)
        *s += element_at(v->src, p) != (srcT1)0 ? 1 : 0;
}

inline groupT state_result(State* s, const View* v)
{
    return *s;
}

inline void combine(groupT* a, groupT b)
{
    *a += b;
}

inline void group_init(groupT* g)
{
    *g = 0;
}

inline void store_group(__global uchar* slot, groupT g)
{
    *(__global long*)slot = g;
}

inline groupT load_group(__global volatile const uchar* slot)
{
    return *(__global volatile const long*)slot;
}

#elif defined OP_SUM
// ---- sum: per-channel sums (sumT) of one work-item, CN of them per group ----
// A work-item adds its whole chunks lane by lane into LANES private accumulators;
// on one long row lane j always holds the same channel (the grid stride is a
// multiple of the channel count: the host makes sure), so the lanes are folded
// into channels once, at the end. In rows of a ROI each chunk's lanes go to their
// channels directly, since a row's first byte may fall anywhere.

#define laneV CAT(laneT, LANES)

typedef struct { sumT c[CN]; } groupT;

inline void group_init(groupT* g)
{
    for (int c = 0; c < CN; c++)
        g->c[c] = 0;
}

typedef struct
{
    groupT channels;
#ifdef SINGLE_ROW
    laneV acc;
    int phase;   // channel of lane 0 of this work-item's chunks
#endif
} State;

// The chunk's elements widened to the lane accumulator type.
inline laneV widen(uint4 raw)
{
    return CAT(convert_, laneV)(CAT(as_, srcV)(raw));
}

// Adds v to channel ch, a run-time value, through compile-time indices only: an
// array indexed at run time would live in slow private memory.
inline void add_to_channel(groupT* g, int ch, sumT v)
{
    g->c[0] += ch == 0 ? v : (sumT)0;
#if CN > 1
    g->c[1] += ch == 1 ? v : (sumT)0;
#endif
#if CN > 2
    g->c[2] += ch == 2 ? v : (sumT)0;
#endif
#if CN > 3
    g->c[3] += ch == 3 ? v : (sumT)0;
#endif
}

// Adds the lanes of `acc`; lane 0 belongs to channel `phase`.
inline void add_lanes(groupT* g, laneV acc, int phase)
{
    laneT lanes[LANES];
    CAT(vstore, LANES)(acc, 0, lanes);
#pragma unroll
    for (int j = 0; j < LANES; j++)
        add_to_channel(g, (phase + j) % CN, (sumT)lanes[j]);
}

inline void state_init(State* s, const View* v)
{
    group_init(&s->channels);
#ifdef SINGLE_ROW
    s->acc = (laneV)(0);
    offsetT first_chunk = ((v->offset + 15) >> 4) + get_global_id(0);
    s->phase = (int)(((first_chunk << 4) - v->offset) / ESZ1 % CN);
#endif
}

inline void take_chunk(State* s, uint4 raw, offsetT chunk_no, offsetT chunk_ptr, offsetT row_start)
{
#ifdef SINGLE_ROW
    s->acc += widen(raw);
#else
    add_lanes(&s->channels, widen(raw), (int)((chunk_ptr - row_start) / ESZ1 % CN));
#endif
}

inline void take_range(State* s, const View* v, offsetT row_start, offsetT first_idx, offsetT lo, offsetT hi)
{
    for (offsetT p = lo; p < hi; p += ESZ1)
        add_to_channel(&s->channels, (int)((p - row_start) / ESZ1 % CN), (sumT)element_at(v->src, p));
}

inline groupT state_result(State* s, const View* v)
{
#ifdef SINGLE_ROW
    add_lanes(&s->channels, s->acc, s->phase);
#endif
    return s->channels;
}

inline void combine(groupT* a, groupT b)
{
    for (int c = 0; c < CN; c++)
        a->c[c] += b.c[c];
}

inline void store_group(__global uchar* slot, groupT g)
{
    for (int c = 0; c < CN; c++)
        ((__global sumT*)slot)[c] = g.c[c];
}

inline groupT load_group(__global volatile const uchar* slot)
{
    groupT g;
    for (int c = 0; c < CN; c++)
        g.c[c] = ((__global volatile const sumT*)slot)[c];
    return g;
}

#elif defined OP_MIN_MAX
// ---- minMaxLoc: the smallest and largest element and the linear index of their
// first occurrence in row-major order ----
// Without locations a work-item keeps a lane-wise running min and max of its
// chunks and folds the lanes at the end. With locations it folds every chunk to
// its min and max and remembers the first chunk holding its best value (strict
// comparison, chunks visited in increasing order); at the end it reloads that
// chunk to find the lane. Masked images whose rows (or whole image) start at
// 16-byte boundaries go in chunks too, their unselected lanes neutralised
// (masked_result); single elements, and other masked images, go one by one with a
// full comparison: smaller value first, then smaller index. NaNs are skipped.
// A group's slot: min value (srcT1) at byte 0, max value at byte 8, the linear
// indices of min and max (long, -1 when the group saw no element) at 16 and 24.

// Without locations the lane-wise bounds of floats start at NaN, which fmin and
// fmax skip: a selection of NaNs alone leaves them NaN and so counts as nothing
// found (starting at +-inf, it gave +-inf as found).
#ifdef IS_FLOAT
#define MIN(a, b) fmin(a, b)
#define MAX(a, b) fmax(a, b)
#define IS_NAN(v) ((v) != (v))
#define VEC_MIN_INIT NAN
#define VEC_MAX_INIT NAN
#else
#define MIN(a, b) min(a, b)
#define MAX(a, b) max(a, b)
#define IS_NAN(v) false
#define VEC_MIN_INIT MIN_INIT
#define VEC_MAX_INIT MAX_INIT
#endif

// Horizontal min and max of a chunk: the halves folded until one lane is left.
#if LANES == 16
#define FOLD_LANES(OP) CAT(srcT1, 8) a = OP(v.lo, v.hi); CAT(srcT1, 4) b = OP(a.lo, a.hi); \
                       CAT(srcT1, 2) c = OP(b.lo, b.hi); return OP(c.x, c.y);
#elif LANES == 8
#define FOLD_LANES(OP) CAT(srcT1, 4) b = OP(v.lo, v.hi); CAT(srcT1, 2) c = OP(b.lo, b.hi); return OP(c.x, c.y);
#elif LANES == 4
#define FOLD_LANES(OP) CAT(srcT1, 2) c = OP(v.lo, v.hi); return OP(c.x, c.y);
#else
#define FOLD_LANES(OP) return OP(v.x, v.y);
#endif
inline srcT1 chunk_min(srcV v) { FOLD_LANES(MIN) }
inline srcT1 chunk_max(srcV v) { FOLD_LANES(MAX) }

typedef struct { srcT1 min_val, max_val; offsetT min_idx, max_idx; } groupT;

inline void take_element(groupT* r, srcT1 v, offsetT idx)
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

inline void combine(groupT* r, groupT other)
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

inline void group_init(groupT* r)
{
    r->min_val = MIN_INIT; r->max_val = MAX_INIT;
    r->min_idx = -1; r->max_idx = -1;
}

typedef struct
{
    groupT elements;   // single elements
#ifdef NEED_LOC
    srcT1 min_val, max_val;
    offsetT min_chunk, max_chunk;   // number of the first chunk holding the value, -1: none
#else
    srcV min_vec, max_vec;
    int any;
#endif
} State;

inline void state_init(State* s, const View* v)
{
    group_init(&s->elements);
#ifdef NEED_LOC
    s->min_val = MIN_INIT; s->max_val = MAX_INIT;
    s->min_chunk = -1; s->max_chunk = -1;
#else
    s->min_vec = (srcV)(VEC_MIN_INIT); s->max_vec = (srcV)(VEC_MAX_INIT);
    s->any = 0;
#endif
}

// A chunk whose lanes `lo` give its minimum and `hi` its maximum (the same lanes,
// or with a mask the unselected ones set to values that cannot win).
inline void take_bounds(State* s, srcV lo, srcV hi, offsetT chunk_no)
{
#ifdef NEED_LOC
#ifdef NEED_MIN
    srcT1 m = chunk_min(lo);
    if (m < s->min_val || (s->min_chunk < 0 && !IS_NAN(m)))
        s->min_val = m, s->min_chunk = chunk_no;
#endif
#ifdef NEED_MAX
    srcT1 M = chunk_max(hi);
    if (M > s->max_val || (s->max_chunk < 0 && !IS_NAN(M)))
        s->max_val = M, s->max_chunk = chunk_no;
#endif
#else
#ifdef NEED_MIN
    s->min_vec = MIN(s->min_vec, lo);
#endif
#ifdef NEED_MAX
    s->max_vec = MAX(s->max_vec, hi);
#endif
    s->any = 1;
#endif
}

inline void take_chunk(State* s, uint4 raw, offsetT chunk_no, offsetT chunk_ptr, offsetT row_start)
{
    srcV v = CAT(as_, srcV)(raw);
    take_bounds(s, v, v, chunk_no);
}

inline void take_range(State* s, const View* v, offsetT row_start, offsetT first_idx, offsetT lo, offsetT hi)
{
    for (offsetT p = lo; p < hi; p += ESZ1)
        take_element(&s->elements, element_at(v->src, p), index_of(p, row_start, first_idx));
}

#if defined SINGLE_ROW && defined NEED_LOC
// UNROLL chunks (numbers first, first + stride, ...) folded lane-wise first, so
// only one horizontal min and max per loop trip; which chunk holds a new best
// value is looked up only when there is one.
#define HAVE_TAKE_CHUNKS
inline void take_chunks(State* s, const uint4* raw, offsetT first, offsetT stride)
{
    srcV vmin = CAT(as_, srcV)(raw[0]), vmax = vmin;
    for (int u = 1; u < UNROLL; u++)
    {
        vmin = MIN(vmin, CAT(as_, srcV)(raw[u]));
        vmax = MAX(vmax, CAT(as_, srcV)(raw[u]));
    }
#ifdef NEED_MIN
    srcT1 m = chunk_min(vmin);
    if (m < s->min_val || (s->min_chunk < 0 && !IS_NAN(m)))
        for (int u = 0; u < UNROLL; u++)
            if (chunk_min(CAT(as_, srcV)(raw[u])) == m)
            {
                s->min_val = m, s->min_chunk = first + u * stride;
                break;
            }
#endif
#ifdef NEED_MAX
    srcT1 M = chunk_max(vmax);
    if (M > s->max_val || (s->max_chunk < 0 && !IS_NAN(M)))
        for (int u = 0; u < UNROLL; u++)
            if (chunk_max(CAT(as_, srcV)(raw[u])) == M)
            {
                s->max_val = M, s->max_chunk = first + u * stride;
                break;
            }
#endif
}
#endif

#if defined NEED_LOC && defined HAVE_MASK
// The first selected lane of a remembered chunk that holds `*value`, whose element
// then becomes `*value` (the value reported with a location is the element there:
// -0.0 or +0.0 where the chunk's fmin or fmax gave either): chunk number k is part
// k % ESZ1 (16 bytes, LANES pixels) of unit k / ESZ1.
inline offsetT lane_of(const View* v, offsetT chunk_no, srcT1* value)
{
    offsetT src_at, mask_at, idx0, idx = -1;
    unit_at(v, chunk_no / ESZ1, &src_at, &mask_at, &idx0);
    const int first = (int)(chunk_no % ESZ1) * LANES;
    srcT1 found = *value;
    for (int j = first + LANES - 1; j >= first; j--)
    {
        const srcT1 e = element_at(v->src, src_at + j * ESZ1);
        if (v->mask[mask_at + j] && e == *value)
            idx = idx0 + j, found = e;
    }
    *value = found;
    return idx;
}
#elif defined NEED_LOC
// Byte offset of chunk `chunk_no` and the linear index of its lane 0.
inline offsetT chunk_address(const View* v, offsetT chunk_no, offsetT* idx0)
{
#ifdef SINGLE_ROW
    offsetT ptr = chunk_no << 4;
    *idx0 = index_of(ptr, v->offset, 0);
#else
    offsetT y = chunk_no / v->chunks_per_row, row_start = v->offset + y * v->step;
    offsetT ptr = (row_start & ~(offsetT)15) + ((chunk_no - y * v->chunks_per_row) << 4);
    *idx0 = index_of(ptr, row_start, y * (v->row_bytes / ESZ1));
#endif
    return ptr;
}

// The first lane of a remembered chunk that holds `*value`, whose element then
// becomes `*value` (as above).
inline offsetT lane_of(const View* v, offsetT chunk_no, srcT1* value)
{
    offsetT idx0, ptr = chunk_address(v, chunk_no, &idx0), idx = -1;
    srcT1 found = *value;
    for (int j = LANES - 1; j >= 0; j--)
    {
        const srcT1 e = element_at(v->src, ptr + j * ESZ1);
        if (e == *value)
            idx = idx0 + j, found = e;
    }
    *value = found;
    return idx;
}
#endif

inline groupT state_result(State* s, const View* v)
{
    groupT c;
    group_init(&c);
#ifdef NEED_LOC
#ifdef NEED_MIN
    if (s->min_chunk >= 0)
        c.min_val = s->min_val, c.min_idx = lane_of(v, s->min_chunk, &c.min_val);
#endif
#ifdef NEED_MAX
    if (s->max_chunk >= 0)
        c.max_val = s->max_val, c.max_idx = lane_of(v, s->max_chunk, &c.max_val);
#endif
#else
    if (s->any)
    {
        // Without locations any index marks "found".
        srcT1 m = chunk_min(s->min_vec), M = chunk_max(s->max_vec);
#ifdef NEED_MIN
        if (!IS_NAN(m))
            c.min_val = m, c.min_idx = 0;
#endif
#ifdef NEED_MAX
        if (!IS_NAN(M))
            c.max_val = M, c.max_idx = 0;
#endif
    }
#endif
    combine(&c, s->elements);
    return c;
}

inline void store_group(__global uchar* slot, groupT g)
{
    *(__global srcT1*)slot = g.min_val;
    *(__global srcT1*)(slot + 8) = g.max_val;
    *(__global long*)(slot + 16) = g.min_idx;
    *(__global long*)(slot + 24) = g.max_idx;
}

inline groupT load_group(__global volatile const uchar* slot)
{
    groupT g;
    g.min_val = *(__global volatile const srcT1*)slot;
    g.max_val = *(__global volatile const srcT1*)(slot + 8);
    g.min_idx = *(__global volatile const long*)(slot + 16);
    g.max_idx = *(__global volatile const long*)(slot + 24);
    return g;
}

#ifdef HAVE_MASK
#if defined MASK_FLAT || defined MASK_ALIGNED
// Lane selections: an integer vector of the element's width, all ones where selected.
#if ESZ1 == 1
#define maskT char
#elif ESZ1 == 2
#define maskT short
#elif ESZ1 == 4
#define maskT int
#else
#define maskT long
#endif
#define maskV CAT(maskT, LANES)
#ifdef IS_FLOAT
#define LO_NEUTRAL NAN   // fmin and fmax skip NaNs
#define HI_NEUTRAL NAN
#else
#define LO_NEUTRAL MIN_INIT
#define HI_NEUTRAL MAX_INIT
#if MAX_INIT == 0
#define UNSIGNED_ELEMENTS   // the largest value all ones, the lowest zero
#endif
#endif

// The lanes of chunk `part` of a unit whose 16 mask bytes are `m`: all ones where
// the mask selects.
inline maskV lanes_selected(uint4 m, int part)
{
#if ESZ1 == 1
    // Bit 7 of ((b & 0x7f) + 0x7f) | b is set exactly where byte b is not zero: word
    // operations instead of 16 byte compares.
    const uint4 nonzero = (((m & 0x7f7f7f7fu) + 0x7f7f7f7fu) | m) & 0x80808080u;
    return as_char16((nonzero >> 7) * 0xFFu);
#else
    uchar mbytes[16];   // indexed by a constant where the caller's loop is unrolled
    vstore16(as_uchar16(m), 0, mbytes);
    return CAT(convert_, maskV)(CAT(vload, LANES)(0, mbytes + part * LANES) != (CAT(uchar, LANES))(0));
#endif
}
#endif

// The masked walk, in units of 16 pixels in row-major order (unit_at).
inline groupT masked_result(const View* v)
{
#if defined MASK_FLAT || defined MASK_ALIGNED
    // Units start at 16-byte boundaries of image and mask: a unit's 16 mask bytes and
    // ESZ1 chunks of elements are vector loads, issued together (elements loaded
    // after the mask cost two waits for memory a unit). A chunk's unselected lanes
    // are set to values that cannot win (the type's largest for the min, its lowest
    // for the max, NaN for floats), and the chunk is taken as the unmasked walk takes
    // one: chunk number unit * ESZ1 + part, in increasing order per work-item, so
    // that the first chunk holding the best value is remembered; its lane is found
    // in the end among the selected ones (lane_of). Chunks with no lane selected are
    // skipped, so a remembered value is always a selected element's. Units cut by a
    // row's or the image's end go pixel by pixel.
    State s;
    state_init(&s, v);
    for (offsetT i = get_global_id(0); i < v->units; i += get_global_size(0))
    {
        offsetT src_at, mask_at, idx;
        const int n = unit_at(v, i, &src_at, &mask_at, &idx);
        if (n == 16)
        {
            const uint4 m = load_chunk(v->mask + mask_at);
            uint4 raw[ESZ1];
            #pragma unroll
            for (int part = 0; part < ESZ1; part++)
                raw[part] = load_chunk(v->src + src_at + part * 16);
            if ((m.x | m.y | m.z | m.w) == 0)
                continue;
            #pragma unroll
            for (int part = 0; part < ESZ1; part++)
            {
                const maskV selected = lanes_selected(m, part);
                if (ESZ1 > 1 && !any(selected))   // one chunk a unit: some lane is selected
                    continue;
#ifdef UNSIGNED_ELEMENTS
                const uint4 bits = CAT(as_, uint4)(selected);
                take_bounds(&s, CAT(as_, srcV)(raw[part] | ~bits), CAT(as_, srcV)(raw[part] & bits), i * ESZ1 + part);
#else
                const srcV val = CAT(as_, srcV)(raw[part]);
                take_bounds(&s, select((srcV)(LO_NEUTRAL), val, selected), select((srcV)(HI_NEUTRAL), val, selected),
                            i * ESZ1 + part);
#endif
            }
        }
        else
        {
            for (int j = 0; j < n; j++)
                if (v->mask[mask_at + j])
                    take_element(&s.elements, element_at(v->src, src_at + j * ESZ1), idx + j);
        }
    }
    return state_result(&s, v);
#else
    // Any alignment: element by element.
    groupT r;
    group_init(&r);
    for (offsetT e = get_global_id(0); e < v->pixels; e += get_global_size(0))
    {
        offsetT y = e / v->cols, x = e - y * v->cols;
        if (v->mask[v->mask_offset + y * v->mask_step + x])
            take_element(&r, element_at(v->src, v->offset + y * v->step + x * ESZ1), e);
    }
    return r;
#endif
}
#endif
#endif

// Tree reduction of the work-group's values in local memory; every work-item
// gets the group's result.
inline groupT reduce_group(groupT v, __local groupT* scratch)
{
    const int lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s2 = WGS / 2; s2 > 0; s2 >>= 1)
    {
        if (lid < s2)
        {
            groupT a = scratch[lid];
            combine(&a, scratch[lid + s2]);
            scratch[lid] = a;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    groupT r = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);   // scratch may be used again
    return r;
}

// The `ngroups` slots of `partials` combined into `result` by a work-group of WGS.
inline void combine_slots(__global const uchar* partials, int ngroups, __global uchar* result,
                          __local groupT* scratch)
{
    const int lid = get_local_id(0);
    groupT total;
    group_init(&total);
    for (int g = lid; g < ngroups; g += WGS)
        combine(&total, load_group(partials + g * 32));
    total = reduce_group(total, scratch);
    if (lid == 0)
        store_group(result, total);
}

__kernel void reduce(__global const uchar* src, offsetT src_step, offsetT src_offset, offsetT rows,
                     offsetT row_bytes, offsetT chunks_per_row, offsetT total_chunks,
#ifdef HAVE_MASK
                     __global const uchar* mask, offsetT mask_step, offsetT mask_offset,
#endif
                     __global uchar* partials, __global int* counters, __global uchar* results, offsetT result_offset)
{
    View view = { src, src_step, src_offset, row_bytes, chunks_per_row };
    groupT result;
#ifdef HAVE_MASK
    view.mask = mask;
    view.mask_step = mask_step;
    view.mask_offset = mask_offset;
    view.cols = row_bytes / ESZ1;
    view.pixels = rows * view.cols;
#ifdef MASK_FLAT
    view.units = (view.pixels + 15) >> 4;
#else
    view.units = rows * ((view.cols + 15) >> 4);
#endif
    result = masked_result(&view);
#else
    State s;
    state_init(&s, &view);
    const offsetT gsize = get_global_size(0);
#ifdef SINGLE_ROW
    // One long row; element e has linear index e.
    offsetT row_end = src_offset + row_bytes;
    offsetT first_full = (src_offset + 15) >> 4, end_full = max(first_full, row_end >> 4);
    offsetT i = first_full + get_global_id(0);
    for (; i + (UNROLL - 1) * gsize < end_full; i += UNROLL * gsize)
    {
        // Loads first, used afterwards: UNROLL loads in flight.
        uint4 raw[UNROLL];
        for (int u = 0; u < UNROLL; u++)
            raw[u] = load_chunk(src + ((i + u * gsize) << 4));
#ifdef HAVE_TAKE_CHUNKS
        take_chunks(&s, raw, i, gsize);
#else
        for (int u = 0; u < UNROLL; u++)
            take_chunk(&s, raw[u], i + u * gsize, (i + u * gsize) << 4, src_offset);
#endif
    }
    for (; i < end_full; i += gsize)
        take_chunk(&s, load_chunk(src + (i << 4)), i, i << 4, src_offset);
    if (get_global_id(0) == 0)
    {
        offsetT head_end = min(first_full << 4, row_end);
        take_range(&s, &view, src_offset, 0, src_offset, head_end);
        take_range(&s, &view, src_offset, 0, max(end_full << 4, head_end), row_end);
    }
#else
    // Rows of a ROI; row y's first element has linear index y * (row_bytes / ESZ1).
    for (offsetT i = get_global_id(0); i < total_chunks; i += gsize)
    {
        offsetT y = i / chunks_per_row, k = i - y * chunks_per_row;
        offsetT row_start = src_offset + y * src_step;
        offsetT chunk = (row_start & ~(offsetT)15) + (k << 4);
        offsetT lo = max(chunk, row_start), hi = min(chunk + 16, row_start + row_bytes);
        if (lo == chunk && hi == chunk + 16)
            take_chunk(&s, load_chunk(src + chunk), i, chunk, row_start);
        else
            take_range(&s, &view, row_start, y * (row_bytes / ESZ1), lo, hi);
    }
#endif
    result = state_result(&s, &view);
#endif

    __local groupT scratch[WGS];
    const int lid = get_local_id(0);
    result = reduce_group(result, scratch);
#ifdef COMBINE_KERNEL
    if (lid == 0)
        store_group(partials + get_group_id(0) * 32, result);
#else
    __local int is_last;
    const int ngroups = get_num_groups(0);
    if (lid == 0)
    {
        store_group(partials + get_group_id(0) * 32, result);
        // The slot is written before the ticket is taken, and the last ticket is
        // taken before the slots are read, so the group that takes it sees every
        // slot (it reads them past the caches: volatile).
        device_fence();
        is_last = atomic_inc(counters) == ngroups - 1;
        device_fence();
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (!is_last)
        return;
    combine_slots(partials, ngroups, results + result_offset, scratch);
    if (lid == 0)
        *counters = 0;
#endif
}

#ifdef COMBINE_KERNEL
// The second launch of COMBINE_KERNEL: one work-group.
__kernel void reduce_combine(__global const uchar* partials, int ngroups, __global uchar* results,
                             offsetT result_offset)
{
    __local groupT scratch[WGS];
    combine_slots(partials, ngroups, results + result_offset, scratch);
}
#endif
