// Integral images: sum, squared sum and tilted sum, 1 to 4 channels.
//
// The image is cut into blocks of block_h rows x BLOCK_W pixels, one
// work-group each; (y0, x0) is a block's first pixel. Every output element is
//
//   I(y, x) = corner + sum over y0 <= y' <= y of RowLeft(y')
//                    + sum over x0 <= x' <= x of Column(y, x'),
//
// where corner is the sum of everything above and left of the block, RowLeft(y')
// the sum of row y' left of the block, and Column(y, x') the sum of column x'
// down to row y. Walking down the block, each work-item keeps Column for its VX
// pixels in registers (starting from the sums above the block) and a work-group
// scan adds them across the row.
// Three kernels, so that each input byte is read twice and each output written
// once:
//   integral_block_sums  per block: sums of its columns, of its rows, and its total
//   integral_carries     exclusive scans of those sums down and across the blocks
//   integral_blocks      the output, from the source and the carries
// The squared sum is the same kernels built with -D SQUARED and run again, into
// its own output: two runs of the one-output kernels take less time than one run
// keeping both sums (perf/NOTES.md). For one channel the sum's block sums kernel
// forms the squared sum's block sums as well (WITH_SQUARES). The tilted sum has
// its own four kernels, at the end of the file.
//
// Build options:
//   -D srcT1=<uchar|ushort|short|float|double>  -D CN=<1..4>
//   -D sumT1=<int|float|double>   output element type;  -D accT1=<uint|float|double>
//       the type sums are formed in (uint for int: wraps as the CPU code does)
//   -D SQUARED   sums of the squared pixels, formed in accT1 (the squared sum)
//   -D LSIZE=<work-group size>  -D VX=<pixels per work-item>
//   -D RPR=<rows per scan>  -D SUM_IS_INT  -D DOUBLE_SUPPORT
//   -D SRC_GROUP_LOAD   see loadRow()
//   -D BLOCK_SUMS_8U     integral_block_sums for 8-bit to 32-bit sums (below)
//   -D WITH_SQUARES      one channel: integral_block_sums forms the squared sum's
//                        block sums too, as double (its run then has no block sums
//                        kernel of its own)
//   -D STRIPED_STORES   integral_blocks, one channel
//   -D WARP_SCAN        NVIDIA, 32-bit sums: scanSum's second level with warp shuffles
//                       where a row's segments are one warp (2-4 channels)
//   -D LONG_OFFSETS     (common.cl) a view's offset passes 2^31 bytes
//   -D TILT_H=<band rows> -D TILT_LSIZE -D TILT_VX -D TILT_RAY_SEGS   the tilted sum's kernels

#define BLOCK_W (LSIZE * VX)
#define CARRY_CHUNK 32

// One pixel (CN channels) in the accumulation types.
#if CN == 1
#define accT accT1
#define sumT sumT1
#define loadPixel(p) (*(p))
#define storeN(v, p) (*(p) = (v))
#define loadN(p) (*(p))
#else
#define accT CAT(accT1, CN)
#define sumT CAT(sumT1, CN)
#define loadPixel(p) CAT(vload, CN)(0, p)
#define storeN(v, p) CAT(vstore, CN)(v, 0, p)
#define loadN(p) CAT(vload, CN)(0, p)
#endif

#ifdef SQUARED
inline accT squared(accT a)
{
    return a * a;
}
#define toAcc(v) squared(CAT(convert_, accT)(v))
#else
#define toAcc(v) CAT(convert_, accT)(v)
#endif
// Unsigned sums go to int memory bit for bit (modulo 2^32, like the CPU code).
#ifdef SUM_IS_INT
#define toSum(v) CAT(as_, sumT)(v)
#define fromSum(v) CAT(as_, accT)(v)
#else
#define toSum(v) (v)
#define fromSum(v) (v)
#endif

// Carry buffers hold one pixel per entry in the output types.
#define storeSum(v, buf, i) storeN(toSum(v), (__global sumT1*)(buf) + (size_t)(i) * CN)
#define loadSum(buf, i) fromSum(loadN((__global const sumT1*)(buf) + (size_t)(i) * CN))

inline __global const srcT1* srcPixel(__global const uchar* src, int step, offsetT offset, int y, int x)
{
    return (__global const srcT1*)(src + offset + (size_t)y * step) + x * CN;
}

#if CN == 1
#define srcPix srcT1
#else
#define srcPix CAT(srcT1, CN)
#endif

// The VX pixels of a work-item in row y as loaded (RowPx), zero beyond the
// last column or where `inside` is false; unpackRow gives them as pixels. With
// SRC_GROUP_LOAD (one channel, VX = 4, rows of whole aligned groups of 4 pixels:
// the host checks) one vector load of type groupT instead of four loads: uint
// for 8-bit pixels, kept packed until used, else the 4-vector of srcT1.
#ifdef SRC_GROUP_LOAD
typedef groupT RowPx;
inline RowPx loadRow(__global const uchar* src, int step, offsetT offset, int y, int x0, int cols, bool inside)
{
    return inside && x0 < cols ? *(__global const groupT*)srcPixel(src, step, offset, y, x0) : (groupT)(0);
}
inline void unpackRow(RowPx g, srcPix* px)
{
    CAT(srcT1, 4) b = CAT(as_, CAT(srcT1, 4))(g);
    px[0] = b.s0; px[1] = b.s1; px[2] = b.s2; px[3] = b.s3;
}
#else
typedef struct { srcPix v[VX]; } RowPx;
inline RowPx loadRow(__global const uchar* src, int step, offsetT offset, int y, int x0, int cols, bool inside)
{
    RowPx p;
    for (int v = 0; v < VX; v++)
        p.v[v] = inside && x0 + v < cols ? loadPixel(srcPixel(src, step, offset, y, x0 + v)) : (srcPix)(0);
    return p;
}
inline void unpackRow(RowPx g, srcPix* px)
{
    for (int v = 0; v < VX; v++)
        px[v] = g.v[v];
}
#endif

// Local buffers written by one work-item and read with a stride by another skip
// a slot every 128 bytes (32 banks of 4 bytes), so that the strided accesses fall
// in different banks whatever the element's size; PADDED for 4-byte elements.
// (Skipping every 32nd slot of 8- and 16-byte elements left the strided accesses
// of double and uint3 scans two- to four-way conflicted: perf/NOTES.md.)
#define PADDED_SHIFT(esz) ((esz) <= 4 ? 5 : (esz) <= 8 ? 4 : (esz) <= 16 ? 3 : 2)   /* log2(128 / esz) */
#define PADDED_BY(i, esz) ((i) + ((i) >> PADDED_SHIFT(esz)))
#define PADDED(i) PADDED_BY(i, 4)

// NAME: the sum of the n values of local memory a[0], a[stride], ..., a[(n - 1) *
// stride]; padded_NAME: of the n values from index `first` on of a buffer padded for T.
#define DEFINE_LOCAL_SUM(NAME, T)                                                \
inline T NAME(__local const T* a, int n, int stride)                             \
{                                                                                \
    T s = (T)(0);                                                                \
    for (int k = 0; k < n; k++)                                                  \
        s += a[k * stride];                                                      \
    return s;                                                                    \
}                                                                                \
inline T padded_##NAME(__local const T* a, int first, int n)                     \
{                                                                                \
    T s = (T)(0);                                                                \
    for (int k = 0; k < n; k++)                                                  \
        s += a[PADDED_BY(first + k, sizeof(T))];                                 \
    return s;                                                                    \
}
DEFINE_LOCAL_SUM(localSum, accT)

// Work-group scan of RPR rows at once: v[r] is this work-item's value in row r.
// On return v[r] is the sum of the values of the work-items before it and
// total[r] the row's total. Two levels in local memory: each work-item scans
// RPR consecutive values of one row (a row has LSIZE / RPR such segments, at
// most 64: the host sees to it), then adds the totals of the segments before
// its own in that row (segsBefore). Three barriers, whatever LSIZE. The buffer is
// padded for accT.
#define SEGS_PER_ROW (LSIZE / RPR)
#define SCAN_BUF_SIZE(T) PADDED_BY(RPR * LSIZE, sizeof(T))

#if defined(WARP_SCAN) && SEGS_PER_ROW == 32
// NVIDIA (the host sees to it), a row's segments one warp: segsBefore from an
// exclusive scan of the segments' totals across the warp with shfl.sync, five
// steps instead of 32 local loads a work-item (with three channels the scan is half
// of integral_blocks and the loop a fifth of the scan: perf/NOTES.md).
inline uint shflUp(uint v, uint d)
{
    uint r;
    __asm__ volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(v), "r"(d));
    return r;
}
typedef union { accT v; uint u[sizeof(accT) / 4]; } AccWords;
inline accT warpUp(accT v, uint d)
{
    AccWords w, y;
    w.v = v;
    for (int j = 0; j < CN; j++)   /* accT's components: 32-bit (the host sees to it) */
        y.u[j] = shflUp(w.u[j], d);
    return y.v;
}
inline accT warpExclusiveSum(accT run)
{
    const uint lane = get_local_id(0) % 32;
    accT x = run;
    for (uint d = 1; d < 32; d <<= 1)
    {
        const accT y = warpUp(x, d);
        if (lane >= d)
            x += y;
    }
    // The lane below's inclusive sum (x - run would make an infinite run NaN).
    const accT below = warpUp(x, 1);
    return lane > 0 ? below : (accT)(0);
}
#endif

// The sum of the totals (`run`: this work-item's) of the segments before this
// work-item's in its row.
inline accT segsBefore(accT run, __local const accT* segs, int lid)
{
#if defined(WARP_SCAN) && SEGS_PER_ROW == 32
    return warpExclusiveSum(run);
#else
    accT before = (accT)(0);
    const int rowStart = lid - lid % SEGS_PER_ROW;
    for (int k = 0; k < SEGS_PER_ROW; k++)   // fixed trip count: unrolled
        if (rowStart + k < lid)
            before += segs[rowStart + k];
    return before;
#endif
}

inline void scanSum(accT* v, accT* total, __local accT* buf, __local accT* segs)
{
    const int lid = get_local_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < RPR; r++)
        buf[PADDED_BY(r * LSIZE + lid, sizeof(accT))] = v[r];
    barrier(CLK_LOCAL_MEM_FENCE);
    accT run = (accT)(0);
    for (int k = 0; k < RPR; k++)
    {
        const int i = PADDED_BY(lid * RPR + k, sizeof(accT));
        const accT x = buf[i];
        buf[i] = run;
        run += x;
    }
    segs[lid] = run;
    barrier(CLK_LOCAL_MEM_FENCE);
    const accT before = segsBefore(run, segs, lid);
    for (int k = 0; k < RPR; k++)
        buf[PADDED_BY(lid * RPR + k, sizeof(accT))] += before;
    if (lid % SEGS_PER_ROW == SEGS_PER_ROW - 1)
        segs[LSIZE + lid / SEGS_PER_ROW] = before + run;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < RPR; r++)
    {
        v[r] = buf[PADDED_BY(r * LSIZE + lid, sizeof(accT))];
        total[r] = segs[LSIZE + r];
    }
}

#ifndef BLOCK_SUMS_8U
#ifdef WITH_SQUARES
DEFINE_LOCAL_SUM(localSumSq, double)
#endif

// The sums of each block: of each of its columns (cols[by][x]), of each of its
// rows (rows[bx][y]) and of all of it (totals[by][bx]). WITH_SQUARES (one
// channel): the squared sum's block sums too, as double, formed as its own run's
// kernel (-D SQUARED) would form them.
__kernel void integral_block_sums(__global const uchar* src, int src_step, offsetT src_offset, int rows, int cols,
                                  int block_h,
                                  __global uchar* colSums, __global uchar* rowSums, __global uchar* totals
#ifdef WITH_SQUARES
                                  , __global uchar* sqColSums, __global uchar* sqRowSums, __global uchar* sqTotals
#endif
                                  )
{
    __local accT sbuf[SCAN_BUF_SIZE(accT)], ssegs[LSIZE + RPR];
    const int lid = get_local_id(0), bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
    const int x0 = bx * BLOCK_W + lid * VX, y0 = by * block_h, y1 = min(y0 + block_h, rows);

    accT colRun[VX] = { (accT)(0) };   // the elements not named are zero too
    accT rowsTotal = (accT)(0);   // kept by the first RPR work-items: their rows' totals
#ifdef WITH_SQUARES
    __local double qbuf[SCAN_BUF_SIZE(double)], qsegs[LSIZE + RPR];
    double sqColRun[VX] = { 0.0 };
    double sqRowsTotal = 0.0;
#endif

    // Row totals: each work-item's part of RPR rows goes to local memory, then
    // each work-item sums RPR consecutive parts of one row (a segment) and the first
    // RPR work-items add up their row's segments. Only the totals are needed: no
    // scan (the scan took a sixth of this kernel's time at 8192x8192 8U and more
    // with a squared sum or several channels; perf/NOTES.md).
    for (int y = y0; y < y1; y += RPR)
    {
        // The batch's rows are all loaded before the first is used, and before the
        // barrier: loaded row by row as they were used, 32F -> 64F at 4096x4096 took
        // 0.047 ms here instead of 0.042 (perf/NOTES.md).
        RowPx batch[RPR];
        for (int r = 0; r < RPR; r++)
            batch[r] = loadRow(src, src_step, src_offset, y + r, x0, cols, y + r < y1);
        barrier(CLK_LOCAL_MEM_FENCE);   // the buffers of the rows before are read
        for (int r = 0; r < RPR; r++)
        {
            srcPix px[VX];
            unpackRow(batch[r], px);
            accT part = (accT)(0);
#ifdef WITH_SQUARES
            double sqPart = 0.0;
#endif
            for (int v = 0; v < VX; v++)
            {
                accT p = toAcc(px[v]);
                colRun[v] += p;
                part += p;
#ifdef WITH_SQUARES
                const double q = convert_double(px[v]) * convert_double(px[v]);
                sqColRun[v] += q;
                sqPart += q;
#endif
            }
            sbuf[PADDED_BY(r * LSIZE + lid, sizeof(accT))] = part;
#ifdef WITH_SQUARES
            qbuf[PADDED_BY(r * LSIZE + lid, sizeof(double))] = sqPart;
#endif
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        ssegs[lid] = padded_localSum(sbuf, lid * RPR, RPR);
#ifdef WITH_SQUARES
        qsegs[lid] = padded_localSumSq(qbuf, lid * RPR, RPR);
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < RPR && y + lid < y1)
        {
            const accT rowTotal = localSum(ssegs + lid * SEGS_PER_ROW, SEGS_PER_ROW, 1);
            storeSum(rowTotal, rowSums, (size_t)bx * rows + y + lid);
            rowsTotal += rowTotal;
#ifdef WITH_SQUARES
            const double sqRowTotal = localSumSq(qsegs + lid * SEGS_PER_ROW, SEGS_PER_ROW, 1);
            ((__global double*)sqRowSums)[(size_t)bx * rows + y + lid] = sqRowTotal;
            sqRowsTotal += sqRowTotal;
#endif
        }
    }
    // The block's total from its rows' totals (a work-group scan of the column
    // sums took 1-3 us more: perf/NOTES.md).
    for (int v = 0; v < VX; v++)
        if (x0 + v < cols)
        {
            storeSum(colRun[v], colSums, (size_t)by * cols + x0 + v);
#ifdef WITH_SQUARES
            ((__global double*)sqColSums)[(size_t)by * cols + x0 + v] = sqColRun[v];
#endif
        }
    barrier(CLK_LOCAL_MEM_FENCE);   // the last rows' segments are read
    if (lid < RPR)
    {
        ssegs[lid] = rowsTotal;
#ifdef WITH_SQUARES
        qsegs[lid] = sqRowsTotal;
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
    {
        storeSum(localSum(ssegs, RPR, 1), totals, by * nbx + bx);
#ifdef WITH_SQUARES
        ((__global double*)sqTotals)[by * nbx + bx] = localSumSq(qsegs, RPR, 1);
#endif
    }
}
#endif

#ifdef BLOCK_SUMS_8U
// integral_block_sums for 8-bit, 1-4 channels, 32-bit sums (the host sees to it,
// and that rows are of whole 16-byte aligned groups, blocks at most 256 rows
// high and BLOCK_W * CN a multiple of 16 bytes). The row is taken as CN * cols
// bytes: each work-item loads 16 of them a row as one 16-byte vector (the 4-byte
// or smaller loads of the general kernel kept too few bytes in flight: it read
// at a quarter of the memory's rate; perf/NOTES.md). Column sums are per byte,
// whatever its channel; row totals are per channel, byte j of a work-item's 16
// counting for channel (its first byte's index + j) % CN. The group's COL_ITEMS
// "column work-items" of a row cover the block's BLOCK_W * CN bytes; four such
// rows of work-items (BS_SIZE work-items in all) take the block's rows in turn
// (work-item row l: rows l, l + 4, ...). Sums of bytes are formed two to a 32-bit
// word (16-bit halves, bytes 0 and 2 of a word in one, 1 and 3 in the other): a
// half holds at most a block column's 256 bytes, 65280.
// WITH_SQUARES (one channel): the same sums of the squared bytes, for the squared
// sum's run, from the same loads. Squares are summed in uint (a block column's 256
// squares and a row's 1024 fit), each block's total in ulong; all stored as double.
#define COL_ITEMS (BLOCK_W * CN / 16)
#define BS_SIZE (4 * COL_ITEMS)
#define BATCH_ROWS 32   /* rows whose totals are formed together: 8 per work-item row */
#define SEG_PARTS (BATCH_ROWS / 4)   /* parts a work-item adds up: BS_SIZE segments */
#define EVEN_BYTES 0x00ff00ffu

inline uint halvesSum(uint w)
{
    return (w & 0xffffu) + (w >> 16);
}

// The sum of the 16 bytes of w.
inline uint bytesSum(uint4 w)
{
    const uint4 pairs = (w & EVEN_BYTES) + ((w >> 8) & EVEN_BYTES);
    return halvesSum(pairs.x + pairs.y + pairs.z + pairs.w);
}

DEFINE_LOCAL_SUM(localSumU, uint)

#ifdef WITH_SQUARES
// Adds the squares of the 4 bytes of w to cols[0..3]; returns their sum.
inline uint addSquares(uint w, uint* cols)
{
    uint s = 0u;
    for (int j = 0; j < 4; j++)
    {
        const uint b = (w >> (8 * j)) & 0xffu, q = b * b;
        cols[j] += q;
        s += q;
    }
    return s;
}
#endif

// The 16 bytes of row y from byte e0 on; zero where `inside` is false or y is past y1.
inline uint4 load16(__global const uchar* src, int step, offsetT offset, int y, int e0, bool inside, int y1)
{
    return inside && y < y1 ? *(__global const uint4*)(src + offset + (offsetT)y * step + e0) : (uint4)(0);
}

// Two to four channels: each batch's rows are loaded while the batch before is
// summed (4096x4096 8UC3 0.039 -> 0.032 ms; one channel gained nothing, and with
// the squares lost 0.043 -> 0.051 ms at 8192x8192: perf/NOTES.md).
#if CN > 1
#define BATCH_AHEAD
#endif

// A pixel of CN uint from an array.
#if CN == 1
#define PIXEL_OF(a) ((a)[0])
#elif CN == 2
#define PIXEL_OF(a) ((uint2)((a)[0], (a)[1]))
#elif CN == 3
#define PIXEL_OF(a) ((uint3)((a)[0], (a)[1], (a)[2]))
#else
#define PIXEL_OF(a) ((uint4)((a)[0], (a)[1], (a)[2], (a)[3]))
#endif

__kernel __attribute__((reqd_work_group_size(BS_SIZE, 1, 1)))
void integral_block_sums(__global const uchar* src, int src_step, offsetT src_offset, int rows, int cols,
                         int block_h,
                         __global uchar* colSums, __global uchar* rowSums, __global uchar* totals
#ifdef WITH_SQUARES
                         , __global uchar* sqColSums, __global uchar* sqRowSums, __global uchar* sqTotals
#endif
                         )
{
    // Per channel: parts of the batch's row totals, one per column work-item, then
    // the sums of SEG_PARTS consecutive parts; at the end (channel 0's buffer) the
    // column sums of the four work-item rows.
    __local uint parts[CN][PADDED(BATCH_ROWS * COL_ITEMS)], segs[CN][BS_SIZE];
#ifdef WITH_SQUARES
    // The same for the squares (CN is 1), and each work-item's 16 column sums.
    __local uint sqParts[PADDED(BATCH_ROWS * COL_ITEMS)], sqSegs[BS_SIZE], sqColParts[16 * BS_SIZE];
    __local ulong sqRowTotals[BATCH_ROWS];
    uint sqCols[16] = { 0u };
    ulong sqBlockTotal = 0;
#endif
    const int lid = get_local_id(0), bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
    const int c = lid % COL_ITEMS, l = lid / COL_ITEMS;
    const int e0 = bx * BLOCK_W * CN + c * 16, y0 = by * block_h, y1 = min(y0 + block_h, rows), rowBytes = cols * CN;
    const bool inside = e0 < rowBytes;

#if CN > 1
    // Which of the 16 bytes belong to channels 0 .. CN - 2 (the last one's total
    // is what the others leave of the bytes' total).
    uint4 channelMask[CN - 1];
    for (int ch = 0; ch < CN - 1; ch++)
    {
        uint m[4] = { 0u, 0u, 0u, 0u };
        for (int j = 0; j < 16; j++)
            if ((e0 + j) % CN == ch)
                m[j / 4] |= 0xffu << (8 * (j % 4));
        channelMask[ch] = (uint4)(m[0], m[1], m[2], m[3]);
    }
#endif

    uint4 evenCols = (uint4)(0), oddCols = (uint4)(0);
    uint blockTotal[CN] = { 0u };   // kept by the first BATCH_ROWS work-items: their rows' totals
#ifdef BATCH_AHEAD
    uint4 nextW[BATCH_ROWS / 4];
    for (int i = 0; i < BATCH_ROWS / 4; i++)
        nextW[i] = load16(src, src_step, src_offset, y0 + 4 * i + l, e0, inside, y1);
#endif
    for (int yb = y0; yb < y1; yb += BATCH_ROWS)
    {
        uint part[BATCH_ROWS / 4][CN];
#ifdef WITH_SQUARES
        uint sqPart[BATCH_ROWS / 4];
#endif
#ifdef BATCH_AHEAD
        uint4 batchW[BATCH_ROWS / 4];
        for (int i = 0; i < BATCH_ROWS / 4; i++)
        {
            batchW[i] = nextW[i];
            nextW[i] = load16(src, src_step, src_offset, yb + BATCH_ROWS + 4 * i + l, e0, inside, y1);
        }
#endif
        for (int i = 0; i < BATCH_ROWS / 4; i++)
        {
#ifdef BATCH_AHEAD
            const uint4 w = batchW[i];
#else
            const uint4 w = load16(src, src_step, src_offset, yb + 4 * i + l, e0, inside, y1);
#endif
            const uint4 even = w & EVEN_BYTES, odd = (w >> 8) & EVEN_BYTES;
            evenCols += even;
            oddCols += odd;
            const uint4 pairs = even + odd;
            part[i][CN - 1] = halvesSum(pairs.x + pairs.y + pairs.z + pairs.w);
#ifdef WITH_SQUARES
            sqPart[i] = addSquares(w.x, sqCols) + addSquares(w.y, sqCols + 4) + addSquares(w.z, sqCols + 8) +
                        addSquares(w.w, sqCols + 12);
#endif
#if CN > 1
            for (int ch = 0; ch < CN - 1; ch++)
            {
                part[i][ch] = bytesSum(w & channelMask[ch]);
                part[i][CN - 1] -= part[i][ch];
            }
#endif
        }
        barrier(CLK_LOCAL_MEM_FENCE);   // the parts of the batch before are summed
        for (int i = 0; i < BATCH_ROWS / 4; i++)
        {
            for (int ch = 0; ch < CN; ch++)
                parts[ch][PADDED((4 * i + l) * COL_ITEMS + c)] = part[i][ch];
#ifdef WITH_SQUARES
            sqParts[PADDED((4 * i + l) * COL_ITEMS + c)] = sqPart[i];
#endif
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int ch = 0; ch < CN; ch++)
            segs[ch][lid] = padded_localSumU(parts[ch], lid * SEG_PARTS, SEG_PARTS);
#ifdef WITH_SQUARES
        sqSegs[lid] = padded_localSumU(sqParts, lid * SEG_PARTS, SEG_PARTS);
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < BATCH_ROWS && yb + lid < y1)
        {
            uint total[CN];
            for (int ch = 0; ch < CN; ch++)
            {
                total[ch] = localSumU(segs[ch] + lid * (COL_ITEMS / SEG_PARTS), COL_ITEMS / SEG_PARTS, 1);
                blockTotal[ch] += total[ch];
            }
            storeSum(PIXEL_OF(total), rowSums, (size_t)bx * rows + yb + lid);
#ifdef WITH_SQUARES
            const uint sqTotal = localSumU(sqSegs + lid * (COL_ITEMS / SEG_PARTS), COL_ITEMS / SEG_PARTS, 1);
            sqBlockTotal += sqTotal;
            ((__global double*)sqRowSums)[(size_t)bx * rows + yb + lid] = convert_double(sqTotal);
#endif
        }
    }

    // Column sums: the four work-item rows' halves added in local memory (channel
    // 0's parts buffer holds 8 words per work-item: enough).
    barrier(CLK_LOCAL_MEM_FENCE);
    __local uint* halves = parts[0];
    vstore4(evenCols, 0, halves + lid * 8);
    vstore4(oddCols, 0, halves + lid * 8 + 4);
    if (lid < BATCH_ROWS)
        for (int ch = 0; ch < CN; ch++)
            segs[ch][lid] = blockTotal[ch];
    barrier(CLK_LOCAL_MEM_FENCE);
    // Work-item lid adds up bytes 4 * (lid % 4) .. + 3 of column work-item lid / 4.
    const int cc = lid / 4, q = lid % 4;
    uint even = 0, odd = 0;
    for (int r = 0; r < 4; r++)
    {
        even += halves[(r * COL_ITEMS + cc) * 8 + q];
        odd += halves[(r * COL_ITEMS + cc) * 8 + 4 + q];
    }
    const int eq = bx * BLOCK_W * CN + cc * 16 + 4 * q;
    if (eq < rowBytes)
        vstore4((uint4)(even & 0xffffu, odd & 0xffffu, even >> 16, odd >> 16), 0,
                (__global uint*)colSums + (size_t)by * rowBytes + eq);
    if (lid == 0)
    {
        uint total[CN];
        for (int ch = 0; ch < CN; ch++)
            total[ch] = localSumU(segs[ch], BATCH_ROWS, 1);
        storeSum(PIXEL_OF(total), totals, by * nbx + bx);
    }

#ifdef WITH_SQUARES
    // The squares' column sums: the four work-item rows' added in local memory,
    // work-item lid taking bytes 4 * (lid % 4) .. + 3 of column work-item lid / 4;
    // the block's total from the row totals the first BATCH_ROWS work-items kept.
    for (int j = 0; j < 16; j++)
        sqColParts[j * BS_SIZE + lid] = sqCols[j];
    if (lid < BATCH_ROWS)
        sqRowTotals[lid] = sqBlockTotal;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint4 sq = (uint4)(0u);
    for (int r = 0; r < 4; r++)
    {
        __local const uint* p = sqColParts + 4 * q * BS_SIZE + r * COL_ITEMS + cc;
        sq += (uint4)(p[0], p[BS_SIZE], p[2 * BS_SIZE], p[3 * BS_SIZE]);
    }
    if (eq < rowBytes)
        vstore4(convert_double4(sq), 0, (__global double*)sqColSums + (size_t)by * rowBytes + eq);
    if (lid == 0)
    {
        ulong sqTotal = 0;
        for (int k = 0; k < BATCH_ROWS; k++)
            sqTotal += sqRowTotals[k];
        ((__global double*)sqTotals)[by * nbx + bx] = convert_double(sqTotal);
    }
#endif
}
#endif

// Turns the block sums into exclusive prefix sums, in place: colSums down the
// blocks (what lies above a block in each column), rowSums across them (what
// lies left of a block in each row) and totals down them (the corner sums are
// then a short sum across). One series (column, row or block column) per
// work-item in dimension 0 (CARRY_GROUP_W a group), cut into get_local_size(1)
// segments, one work-item each: each adds up its segment, then walks it again
// from the totals of the segments before it. (One walk per series made this
// kernel 13-15 us at 4096x4096 and 1280x1280, most of it waiting on loads.)
#define CARRY_GROUP_W 32
#define CARRY_SEGS_MAX 8
__kernel void integral_carries(int rows, int cols, int nbx, int nby,
                               __global uchar* colSums, __global uchar* rowSums, __global uchar* totals
                               )
{
    __local accT segTotals[CARRY_SEGS_MAX * CARRY_GROUP_W];
    const int i = get_global_id(0), li = get_local_id(0), seg = get_local_id(1), nsegs = get_local_size(1);
    size_t first = 0, stride = 0;
    int n = 0;   // no series: the work-item still meets the barrier
    __global uchar* sums = colSums;
    if (i < cols)
    {
        first = i; stride = cols; n = nby;
        sums = colSums;
    }
    else if (i < cols + rows)
    {
        first = i - cols; stride = rows; n = nbx;
        sums = rowSums;
    }
    else if (i < cols + rows + nbx)
    {
        first = i - cols - rows; stride = nbx; n = nby;
        sums = totals;
    }
    const int perSeg = (n + nsegs - 1) / nsegs;
    const int kBegin = min(n, seg * perSeg), kEnd = min(n, kBegin + perSeg);

    accT run = (accT)(0);
    // This segment's total (loads only: several in flight); with one segment
    // no other needs it.
    if (nsegs > 1)
        for (int k = kBegin; k < kEnd; k++)
            run += loadSum(sums, first + (size_t)k * stride);
    segTotals[seg * CARRY_GROUP_W + li] = run;
    barrier(CLK_LOCAL_MEM_FENCE);
    run = localSum(segTotals + li, seg, CARRY_GROUP_W);

    // CARRY_CHUNK loads at a time before their stores: the compiler cannot move a
    // load above a store to the same buffer.
    for (int k0 = kBegin; k0 < kEnd; k0 += CARRY_CHUNK)
    {
        accT s[CARRY_CHUNK];
        for (int j = 0; j < CARRY_CHUNK; j++)
        {
            const bool inside = k0 + j < kEnd;
            const size_t idx = first + (size_t)(inside ? k0 + j : 0) * stride;
            s[j] = inside ? loadSum(sums, idx) : (accT)(0);
        }
        for (int j = 0; j < CARRY_CHUNK && k0 + j < kEnd; j++)
        {
            const size_t idx = first + (size_t)(k0 + j) * stride;
            storeSum(run, sums, idx);
            run += s[j];
        }
    }
}

inline __global sumT1* outPixel(__global uchar* dst, int step, offsetT offset, int y, int x)
{
    return (__global sumT1*)(dst + offset + (size_t)y * step) + x * CN;
}


#ifdef STRIPED_STORES
// One row of a work-item's VX output pixels into the group's row buffer; one
// vector store where VX is 4, so that the banks do not collide.
inline void storeRowToLocal(__local sumT1* p, accT base, const accT* pre)
{
#if VX == 4
    *(__local CAT(sumT1, 4)*)p = (CAT(sumT1, 4))(toSum(base + pre[0]), toSum(base + pre[1]),
                                                 toSum(base + pre[2]), toSum(base + pre[3]));
#else
    for (int v = 0; v < VX; v++)
        p[v] = toSum(base + pre[v]);
#endif
}
#endif

// The integral of each block, from the source and the carries; also the zero
// first row and column of the output. STRIPED_STORES (one channel; the host
// sees to it): the output goes through local memory.
__kernel void integral_blocks(__global const uchar* src, int src_step, offsetT src_offset, int rows, int cols,
                              int block_h,
                              __global uchar* dst, int dst_step, offsetT dst_offset,
                              __global const uchar* colSums, __global const uchar* rowSums,
                              __global const uchar* totals
                              )
{
    __local accT sbuf[SCAN_BUF_SIZE(accT)], ssegs[LSIZE + RPR];
#ifdef STRIPED_STORES
    __local sumT1 outRows[RPR * BLOCK_W] __attribute__((aligned(16)));
#endif
    const int lid = get_local_id(0), bx = get_group_id(0), by = get_group_id(1), nbx = get_num_groups(0);
    const int x0 = bx * BLOCK_W + lid * VX, y0 = by * block_h, y1 = min(y0 + block_h, rows);

    // Everything above and left of the block, then left of each of its rows.
    accT left = (accT)(0);
    for (int j = 0; j < bx; j++)
        left += loadSum(totals, by * nbx + j);

    // Column sums of everything above the block, carried down in registers.
    accT colRun[VX];
    for (int v = 0; v < VX; v++)
    {
        bool inside = x0 + v < cols;
        colRun[v] = inside ? loadSum(colSums, (size_t)by * cols + x0 + v) : (accT)(0);
        if (by == 0 && inside)
            storeN((sumT)(0), outPixel(dst, dst_step, dst_offset, 0, x0 + v + 1));
    }
    if (bx == 0 && by == 0 && lid == 0)
        storeN((sumT)(0), outPixel(dst, dst_step, dst_offset, 0, 0));

    // The source rows and row carries of the next RPR rows are loaded before this
    // batch is scanned, so that their latency hides behind the scan's barriers
    // instead of stalling the group (perf/NOTES.md).
    RowPx nextRows[RPR];
    accT nextLeft[RPR];
    for (int r = 0; r < RPR; r++)
    {
        nextRows[r] = loadRow(src, src_step, src_offset, y0 + r, x0, cols, y0 + r < y1);
        nextLeft[r] = y0 + r < y1 ? loadSum(rowSums, (size_t)bx * rows + y0 + r) : (accT)(0);
    }
    for (int y = y0; y < y1; y += RPR)
    {
        // Row prefix sums of the running column sums inside this work-item...
        accT pre[RPR][VX], part[RPR], rowTotal[RPR];
        // The row carries are loaded with the source rows: loaded after the
        // scan, each row's stores waited for its load (the compiler cannot move
        // a load above stores that may alias it).
        accT rowLeft[RPR];
        RowPx rowPx[RPR];
        for (int r = 0; r < RPR; r++)
        {
            rowPx[r] = nextRows[r];
            rowLeft[r] = nextLeft[r];
        }
        if (y + RPR < y1)
            for (int r = 0; r < RPR; r++)
            {
                const int yn = y + RPR + r;
                nextRows[r] = loadRow(src, src_step, src_offset, yn, x0, cols, yn < y1);
                nextLeft[r] = yn < y1 ? loadSum(rowSums, (size_t)bx * rows + yn) : (accT)(0);
            }
        for (int r = 0; r < RPR; r++)
        {
            accT run = (accT)(0);
            srcPix px[VX];
            unpackRow(rowPx[r], px);
            for (int v = 0; v < VX; v++)
            {
                colRun[v] += toAcc(px[v]);
                run += colRun[v];
                pre[r][v] = run;
            }
            part[r] = run;
        }
        // ...and across the work-group.
        scanSum(part, rowTotal, sbuf, ssegs);
        for (int r = 0; r < RPR && y + r < y1; r++)
        {
            left += rowLeft[r];
            accT base = left + part[r];
#ifdef STRIPED_STORES
            storeRowToLocal(outRows + r * BLOCK_W + lid * VX, base, pre[r]);
#else
            for (int v = 0; v < VX; v++)
                if (x0 + v < cols)
                    storeN(toSum(base + pre[r][v]), outPixel(dst, dst_step, dst_offset, y + r + 1, x0 + v + 1));
#endif
            if (bx == 0 && lid == 0)
                storeN((sumT)(0), outPixel(dst, dst_step, dst_offset, y + r + 1, 0));
        }
#ifdef STRIPED_STORES
        // Work-item lid writes pixels lid, lid + LSIZE, ... of the block's row:
        // each store instruction of a warp covers consecutive addresses. (Four
        // 4-byte stores of a work-item's own consecutive pixels touch four times
        // as many sectors per instruction: perf/NOTES.md.) The next rows' scan
        // begins with a barrier, so outRows is free again then.
        barrier(CLK_LOCAL_MEM_FENCE);
        const int blockCols = min(BLOCK_W, cols - bx * BLOCK_W);
        for (int r = 0; r < RPR && y + r < y1; r++)
        {
            __global sumT1* blockRow = outPixel(dst, dst_step, dst_offset, y + r + 1, bx * BLOCK_W + 1);
            for (int k = 0; k < VX; k++)
                if (k * LSIZE + lid < blockCols)
                    blockRow[k * LSIZE + lid] = outRows[r * BLOCK_W + k * LSIZE + lid];
        }
#endif
    }
}

// ---------------------------------------------------------------------------
// Tilted sum: T(Y, X) = sum of src(y, x) over y < Y, |x - X + 1| <= Y - 1 - y,
// the triangle above (Y - 1, X - 1), cut by the image borders.
//
// With src zero outside the image, Ray(y, x) = src(y, x) + src(y - 1, x + 1) + ...
// (the pixels up and to the right of (y, x)) and Diag(y, x) = src(y, x) +
// src(y - 1, x - 1) + ... (up and to the left), for any column x:
//   Ray(y, x)  = src(y, x) + Ray(y - 1, x + 1)
//   Diag(y, x) = src(y, x) + Diag(y - 1, x - 1)
//   T(Y, X)    = T(Y - 1, X - 1) + Ray(Y - 1, X - 1) + Ray(Y - 2, X - 1)
//   T(Y, X)    = T(Y, X - 1) + Ray(Y - 1, X - 1) - Diag(Y - 1, X - 2)
// Walking down the rows, Ray moves one column left a row, Diag and T one column
// right. The image is cut into bands of TILT_H rows; a work-group walks a band
// over TILT_SPAN columns in registers, passing each row's values to the
// neighbouring columns through local memory. What lies outside its columns is
// unknown, which spoils one more column at each edge a row, so it keeps the
// columns at least TILT_H from either edge (TILT_OWN). A band starts from its
// carries: Ray of the row above it and T of its first row. Four kernels, each
// source pixel read twice and each output written once:
//   integral_tilted_band_sums  per band but the last: Ray and Diag of its last
//                              row as if the rows above it were zero
//   integral_tilted_ray_carries  Ray and Diag at the top of each band: the band
//                              sums added down the anti-diagonals / diagonals
//   integral_tilted_carries    T at the top of each band: the last formula along
//                              the row, from T at column -TILT_H (the sum of
//                              all x + y <= top - TILT_H - 2, from the rays)
//   integral_tilted            the output, each band from its carries
// Columns left of the image matter: the triangle of a point in column 0 is not
// empty, and a ray that starts left of the image may enter it.
#ifdef TILT_H
#define TILT_SPAN (TILT_LSIZE * TILT_VX)
#define TILT_OWN (TILT_SPAN - 2 * TILT_H)
#define SUMS_X0 (-TILT_H)        // band sums: columns SUMS_X0 .. SUMS_X0 + bw - 1 (zero outside)
#define CARRY_X0 (-TILT_H - 1)   // carries: columns CARRY_X0 .. cols, cw a row
#define RAY_GROUP (2 * TILT_H)   // walks a work-group of integral_tilted_ray_carries

// Float sums over several bands: the carries go through sums and differences of
// rays and diagonals, which an Inf or NaN spoils (Inf - Inf) and which may pass
// the type's range where OpenCV's additions do not (a ray of 3e38 less a diagonal
// of -3e38), so wherever a carry or a sum formed from one is not finite, the
// kernel sets the flag NONFINITE and integral_tilted_rows forms the tilted sum
// again in OpenCV's order. The flag is a word of the queue's zeroed counters (the
// reductions count in word 0), left zero again.
#define NONFINITE(counters) ((counters)[1])
#ifdef SUM_IS_INT
#define NOT_FINITE(v) false
#elif CN == 1
#define NOT_FINITE(v) (!isfinite(v))
#else
#define NOT_FINITE(v) any(!isfinite(v))
#endif

inline accT tiltedPixel(__global const uchar* src, int src_step, offsetT src_offset, int cols, int y, int c)
{
    return c >= 0 && c < cols ? toAcc(loadPixel(srcPixel(src, src_step, src_offset, y, c))) : (accT)(0);
}

// Walks rows y0 .. y0 + nrows - 1 over columns cmin .. cmin + TILT_SPAN - 1; a
// work-item holds columns cmin + v * TILT_LSIZE + lid. r[v] is Ray(y - 1, c)
// on entry and Ray(y0 + nrows - 1, c) on return; t[v] is T(y, c + 1), or with
// `diagonals` Diag(y - 1, c). With `store`, writes T(y, c + 1) for xbegin <= c +
// 1 < xend as it goes, and returns whether one of them was not finite.
inline bool tiltedWalk(__global const uchar* src, int src_step, offsetT src_offset, int cols, int y0, int nrows,
                       int cmin, accT* r, accT* t, __local accT* exchange, bool diagonals, bool store,
                       __global uchar* dst, int dst_step, offsetT dst_offset, int xbegin, int xend)
{
    bool notFinite = false;
    const int lid = get_local_id(0);
    // The source rows two ahead of the one in use: a row's loads are then in
    // flight during the two rows before it (one barrier each).
    accT next[TILT_VX], after[TILT_VX];
    for (int v = 0; v < TILT_VX; v++)
    {
        const int c = cmin + v * TILT_LSIZE + lid;
        next[v] = tiltedPixel(src, src_step, src_offset, cols, y0, c);
        after[v] = nrows > 1 ? tiltedPixel(src, src_step, src_offset, cols, y0 + 1, c) : (accT)(0);
    }
    for (int j = 0; j < nrows; j++)
    {
        // Two buffers in turn: one barrier a row.
        __local accT* exRay = exchange + (j & 1) * 2 * TILT_SPAN;
        __local accT* exRight = exRay + TILT_SPAN;
        for (int v = 0; v < TILT_VX; v++)
        {
            exRay[v * TILT_LSIZE + lid] = r[v];
            exRight[v * TILT_LSIZE + lid] = t[v];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const int y = y0 + j;
        for (int v = 0; v < TILT_VX; v++)
        {
            const int i = v * TILT_LSIZE + lid, c = cmin + i;
            const accT fromRight = i + 1 < TILT_SPAN ? exRay[i + 1] : (accT)(0);
            const accT fromLeft = i > 0 ? exRight[i - 1] : (accT)(0);
            const accT s = next[v];
            next[v] = after[v];
            after[v] = j + 2 < nrows ? tiltedPixel(src, src_step, src_offset, cols, y + 2, c) : (accT)(0);
            const accT ray = s + fromRight;
            t[v] = diagonals ? s + fromLeft : fromLeft + ray + r[v];
            r[v] = ray;
            if (store && c + 1 >= xbegin && c + 1 < xend)
            {
                storeN(toSum(t[v]), outPixel(dst, dst_step, dst_offset, y + 1, c + 1));
                notFinite = notFinite || NOT_FINITE(t[v]);
            }
        }
    }
    return notFinite;
}

// Band b's Ray and Diag of its last row, its own rows only (b = get_group_id(1)
// < nb - 1), into sums: two planes (rays, diagonals) of nb - 1 rows of bw.
__kernel __attribute__((reqd_work_group_size(TILT_LSIZE, 1, 1)))
void integral_tilted_band_sums(__global const uchar* src, int src_step, offsetT src_offset, int cols, int nb,
                               __global uchar* sums, int bw)
{
    __local accT exchange[4 * TILT_SPAN];
    const int lid = get_local_id(0), b = get_group_id(1);
    const int first = SUMS_X0 + get_group_id(0) * TILT_OWN, end = min(first + TILT_OWN, SUMS_X0 + bw);
    const int cmin = first - TILT_H;
    accT r[TILT_VX], d[TILT_VX];
    for (int v = 0; v < TILT_VX; v++)
        r[v] = d[v] = (accT)(0);
    tiltedWalk(src, src_step, src_offset, cols, b * TILT_H, TILT_H, cmin, r, d, exchange, true, false, 0, 0, 0, 0, 0);
    const size_t row = (size_t)b * bw - SUMS_X0, plane = (size_t)(nb - 1) * bw;
    for (int v = 0; v < TILT_VX; v++)
    {
        const int c = cmin + v * TILT_LSIZE + lid;
        if (c >= first && c < end)
        {
            storeSum(r[v], sums, row + c);
            storeSum(d[v], sums, plane + row + c);
        }
    }
}

inline accT bandSum(__global const uchar* sums, int plane, int nb, int bw, int b, int x)
{
    return x >= SUMS_X0 && x < SUMS_X0 + bw ? loadSum(sums, ((size_t)plane * (nb - 1) + b) * bw + x - SUMS_X0)
                                              : (accT)(0);
}

// At the top y0 of each band b >= 1: Ray(y0 - 1, x) into rays[b - 1] for
// CARRY_X0 <= x < cols, Diag(y0 - 1, x) into diags[b - 1] for 0 <= x < cols
// (both from column CARRY_X0 on, cw a row), and the sum of Ray(y0 - 1, x) over
// -TILT_H <= x < 0 into corners[b]. The first nr walks (get_global_id(0)) go
// down the bands along an anti-diagonal each (x + b * TILT_H constant: Ray), the
// others along a diagonal (x - b * TILT_H constant: Diag). A walk starts at band
// 1 or where its values are still zero: right of the image plus TILT_H for Ray,
// left of it for Diag. Each walk is cut into TILT_RAY_SEGS segments, one
// work-item each (get_local_id(1)): each adds up its segment, then walks it again
// from the totals of the segments before it (one long walk waited on its loads).
__kernel __attribute__((reqd_work_group_size(RAY_GROUP, TILT_RAY_SEGS, 1)))
void integral_tilted_ray_carries(__global const uchar* sums, int bw, int nb, int cols, int nr,
                                 __global uchar* rays, __global uchar* diags, int cw, __global uchar* corners)
{
    __local accT segTotals[TILT_RAY_SEGS * RAY_GROUP];
    __local accT cornerParts[RAY_GROUP];
    const int gid = get_global_id(0), lid = get_local_id(0), seg = get_local_id(1);
    // Ray walks of x + (b - 1) * TILT_H = k in [-2 TILT_H, cols + (nb - 2) TILT_H): the
    // TILT_H of k / TILT_H = q (half a group) reach -TILT_H <= x < 0 in band q + 2.
    // Diag walks of x - (b - 1) * TILT_H = kd in [-(nb - 2) TILT_H, cols).
    const bool isRay = gid < nr;
    const int k = gid - 2 * TILT_H, q = k >= 0 ? k / TILT_H : -((-k + TILT_H - 1) / TILT_H);
    const int kd = gid - nr - (nb - 2) * TILT_H;
    // The walk's bands b0 .. b1 - 1; its column in band b is x0 + (b - b0) * dx.
    int b0, b1, x0, dx;
    if (isRay)
    {
        b0 = k < cols + TILT_H ? 1 : (k - cols) / TILT_H + 1;              // where x < cols + TILT_H
        b1 = k < CARRY_X0 ? b0 : min(nb, (k - CARRY_X0) / TILT_H + 2);     // while x >= CARRY_X0
        x0 = k - (b0 - 1) * TILT_H;
        dx = -TILT_H;
    }
    else
    {
        b0 = kd >= 0 ? 1 : (-kd + TILT_H - 1) / TILT_H + 1;                // where x >= 0
        b1 = kd >= cols ? b0 : min(nb, (cols - kd + TILT_H - 1) / TILT_H + 1);   // while x < cols
        x0 = kd + (b0 - 1) * TILT_H;
        dx = TILT_H;
    }
    b1 = max(b0, b1);
    const int plane = isRay ? 0 : 1, per = (b1 - b0 + TILT_RAY_SEGS - 1) / TILT_RAY_SEGS;
    const int sb0 = min(b1, b0 + seg * per), sb1 = min(b1, sb0 + per);

    accT run = (accT)(0);
    for (int b = sb0; b < sb1; b++)
        run += bandSum(sums, plane, nb, bw, b - 1, x0 + (b - b0) * dx);
    segTotals[seg * RAY_GROUP + lid] = run;
    if (seg == 0)
        cornerParts[lid] = (accT)(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    run = localSum(segTotals + lid, seg, RAY_GROUP);
    // CARRY_CHUNK loads before their stores, so that several are in flight.
    for (int bc = sb0; bc < sb1; bc += CARRY_CHUNK)
    {
        accT in[CARRY_CHUNK];
        for (int j = 0; j < CARRY_CHUNK; j++)
            in[j] = bc + j < sb1 ? bandSum(sums, plane, nb, bw, bc + j - 1, x0 + (bc + j - b0) * dx) : (accT)(0);
        for (int j = 0; j < CARRY_CHUNK && bc + j < sb1; j++)
        {
            const int b = bc + j, x = x0 + (b - b0) * dx;
            run += in[j];
            if (!isRay)
                storeSum(run, diags, (size_t)(b - 1) * cw + x - CARRY_X0);
            else if (x < cols)
                storeSum(run, rays, (size_t)(b - 1) * cw + x - CARRY_X0);
            if (isRay && x >= -TILT_H && x < 0)
                cornerParts[lid] = run;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (isRay && seg == 0 && lid % TILT_H == 0 && q + 2 >= 1 && q + 2 < nb)
        storeSum(localSum(cornerParts + lid, TILT_H, 1), corners, q + 2);
}

// Exclusive scan of v over the TILT_LSIZE work-items of the group (Hillis-Steele
// in the two halves of buf), and the group's total.
inline accT tiltedGroupScan(accT v, __local accT* buf, accT* total)
{
    const int lid = get_local_id(0);
    __local accT* in = buf;
    __local accT* out = buf + TILT_LSIZE;
    in[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < TILT_LSIZE; d *= 2)
    {
        out[lid] = lid >= d ? in[lid] + in[lid - d] : in[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local accT* swap = in;
        in = out;
        out = swap;
    }
    *total = in[TILT_LSIZE - 1];
    const accT before = lid > 0 ? in[lid - 1] : (accT)(0);
    barrier(CLK_LOCAL_MEM_FENCE);   // buf is free again
    return before;
}

// T(y0, X) - T(y0, X - 1) = Ray(y0 - 1, X - 1) - Diag(y0 - 1, X - 2), from the
// carries' row `row`; zero at X = -TILT_H, where the row starts.
inline accT tiltedStep(__global const uchar* rays, __global const uchar* diags, size_t row, int X)
{
    if (X <= -TILT_H)
        return (accT)(0);
    const accT ray = loadSum(rays, row + X - 1), diag = X >= 2 ? loadSum(diags, row + X - 2) : (accT)(0);
    return ray - diag;
}

// T(y0, X) at the top y0 of band b = get_group_id(0) + 1, for -TILT_H <= X <=
// cols, into tilted[b - 1] (from column CARRY_X0 on, cw a row): from T(y0,
// -TILT_H), the sum of corners[1 .. b - 1], along the row in tiles of TILT_SPAN
// steps, loaded and stored side by side through local memory (so that a warp's
// accesses are contiguous), scanned TILT_VX consecutive steps a work-item.
__kernel __attribute__((reqd_work_group_size(TILT_LSIZE, 1, 1)))
void integral_tilted_carries(__global const uchar* rays, __global const uchar* diags, __global const uchar* corners,
                             int cw, int cols, __global uchar* tilted, __global int* counters)
{
    __local accT steps[TILT_SPAN];
    __local accT scanBuf[2 * TILT_LSIZE];
    const int lid = get_local_id(0), b = get_group_id(0) + 1;
    accT base = (accT)(0);
    for (int k = 1 + lid; k < b; k += TILT_LSIZE)
        base += loadSum(corners, k);
    tiltedGroupScan(base, scanBuf, &base);

    const size_t row = (size_t)(b - 1) * cw - CARRY_X0;
    const int n = cols + TILT_H + 1;   // step e is X = e - TILT_H
    for (int t0 = 0; t0 < n; t0 += TILT_SPAN)
    {
        for (int v = 0; v < TILT_VX; v++)
        {
            const int e = t0 + v * TILT_LSIZE + lid;
            steps[v * TILT_LSIZE + lid] = e < n ? tiltedStep(rays, diags, row, e - TILT_H) : (accT)(0);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        accT part[TILT_VX], run = (accT)(0), total;
        for (int v = 0; v < TILT_VX; v++)
        {
            run += steps[lid * TILT_VX + v];
            part[v] = run;
        }
        const accT before = base + tiltedGroupScan(run, scanBuf, &total);
        for (int v = 0; v < TILT_VX; v++)
            steps[lid * TILT_VX + v] = before + part[v];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int v = 0; v < TILT_VX; v++)
        {
            const int e = t0 + v * TILT_LSIZE + lid;
            if (e < n)
            {
                storeSum(steps[v * TILT_LSIZE + lid], tilted, row + e - TILT_H);
                // A step that is not finite leaves every carry after it so too.
                if (NOT_FINITE(steps[v * TILT_LSIZE + lid]))
                    NONFINITE(counters) = 1;
            }
        }
        base += total;
        barrier(CLK_LOCAL_MEM_FENCE);   // steps is free for the next tile
    }
}

// The tilted sum of band get_group_id(1), TILT_OWN columns a work-group, from
// the carries (none for band 0, which also writes the zero first row); a sum of
// a band with carries that is not finite sets NONFINITE (counters: unused where
// there is one band).
__kernel __attribute__((reqd_work_group_size(TILT_LSIZE, 1, 1)))
void integral_tilted(__global const uchar* src, int src_step, offsetT src_offset, int rows, int cols,
                     __global const uchar* rays, __global const uchar* tiltedCarries, int cw,
                     __global uchar* dst, int dst_step, offsetT dst_offset, __global int* counters)
{
    __local accT exchange[4 * TILT_SPAN];
    const int lid = get_local_id(0), b = get_group_id(1);
    const int x0 = get_group_id(0) * TILT_OWN, xend = min(x0 + TILT_OWN, cols + 1), cmin = x0 - TILT_H - 1;
    const size_t row = (size_t)(b > 0 ? b - 1 : 0) * cw - CARRY_X0;
    accT r[TILT_VX], t[TILT_VX];
    for (int v = 0; v < TILT_VX; v++)
    {
        // Ray is zero right of the image; T right of it is not needed (it only
        // moves right).
        const int c = cmin + v * TILT_LSIZE + lid;
        r[v] = b > 0 && c < cols ? loadSum(rays, row + c) : (accT)(0);
        t[v] = b > 0 && c + 1 <= cols ? loadSum(tiltedCarries, row + c + 1) : (accT)(0);
        if (b == 0 && c + 1 >= x0 && c + 1 < xend)
            storeN((sumT)(0), outPixel(dst, dst_step, dst_offset, 0, c + 1));
    }
    if (tiltedWalk(src, src_step, src_offset, cols, b * TILT_H, min(TILT_H, rows - b * TILT_H), cmin, r, t, exchange,
                   false, true, dst, dst_step, dst_offset, x0, xend) && b > 0)
        NONFINITE(counters) = 1;
}

#ifndef SUM_IS_INT
// The tilted sum of float sums again where integral_tilted_carries set NONFINITE
// (else nothing), by one work-group walking down the rows with the additions of
// OpenCV's CPU code in its order, which no Inf or NaN spoils; sets the flag back.
// rays: two rows of cols + 1 sums, Ray of the row before and of this row in turn
// (the last entry stays zero). Rows after the first:
//   T(y + 1, 0) = T(y, 1),  T(y + 1, 1) = (T(y, 1) + s(0)) + Ray(y - 1, 1),
//   T(y + 1, x + 1) = Ray(y - 1, x) + ((Ray(y - 1, x + 1) + s(x)) + T(y, x)),
//   T(y + 1, cols) = (s(cols - 1) + Ray(y - 1, cols - 1)) + T(y, cols - 1),
//   Ray(y, x) = Ray(y - 1, x + 1) + s(x) (s(cols - 1) for the last column).
__kernel void integral_tilted_rows(__global const uchar* src, int src_step, offsetT src_offset, int rows, int cols,
                                   __global int* counters, __global uchar* rays,
                                   __global uchar* dst, int dst_step, offsetT dst_offset)
{
    if (NONFINITE(counters) == 0)
        return;
    const int lid = get_local_id(0), lsize = get_local_size(0);
    if (lid == 0)
    {
        storeSum((accT)(0), rays, cols);
        storeSum((accT)(0), rays, 2 * cols + 1);
    }
    for (int y = 0; y < rows; y++)
    {
        const size_t before = (size_t)((y + 1) & 1) * (cols + 1), now = (size_t)(y & 1) * (cols + 1);
        for (int x = lid; x < cols; x += lsize)
        {
            const accT s = toAcc(loadPixel(srcPixel(src, src_step, src_offset, y, x)));
            if (y == 0)
            {
                storeN(toSum(s), outPixel(dst, dst_step, dst_offset, 1, x + 1));
                if (x == 0)
                    storeN((sumT)(0), outPixel(dst, dst_step, dst_offset, 1, 0));
                storeSum(s, rays, now + x);
                continue;
            }
            const accT rayHere = loadSum(rays, before + x), rayRight = loadSum(rays, before + x + 1);
            const accT above = loadN(outPixel(dst, dst_step, dst_offset, y, x));
            accT t;
            if (x == 0)
            {
                const accT aboveRight = loadN(outPixel(dst, dst_step, dst_offset, y, 1));
                storeN(toSum(aboveRight), outPixel(dst, dst_step, dst_offset, y + 1, 0));
                t = (aboveRight + s) + rayRight;
            }
            else if (x < cols - 1)
                t = rayHere + ((rayRight + s) + above);
            else
                t = (s + rayHere) + above;
            storeN(toSum(t), outPixel(dst, dst_step, dst_offset, y + 1, x + 1));
            storeSum(x < cols - 1 ? rayRight + s : s, rays, now + x);
        }
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
    if (lid == 0)
        NONFINITE(counters) = 0;
}
#endif
#endif
