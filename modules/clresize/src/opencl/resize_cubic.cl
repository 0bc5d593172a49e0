// Bicubic resize, one work-item per output pixel (all channels), with the
// arithmetic of OpenCV's CPU code (modules/imgproc/src/resize.cpp) so that
// results match cv::resize(..., INTER_CUBIC):
//  - source coordinate fx = (float)((dx + 0.5) * scale_x - 0.5) in double, then
//    sx = floor(fx), fx -= sx and the four cubic coefficients in float;
//  - 8U: coefficients rounded to short with 11 fractional bits, the horizontal
//    pass in int; other depths: float coefficients, float (double for 64F) passes;
//  - pixels outside the image are replaced by the nearest edge pixel;
//  - the vertical pass follows OpenCV's 128-bit SIMD code for the row elements
//    it covers (x < simd_end: float multiply-adds from the last row to the first,
//    round to nearest even) and OpenCV's scalar code for the rest of the row.
// Contraction into fused multiply-adds is off: every rounding is as on the CPU.
//
// Three kernels: resize_cubic_tiled (the general fast one) computes a tile of
// TILE_W x TILE_H output pixels per work-group: the coefficients of its columns
// and rows once, then the horizontal pass of every source row the tile needs into
// local memory, then the vertical pass from there. resize_cubic computes each
// output pixel on its own; the host uses it when a tile's source rows would not
// fit in local memory (strong downscaling). resize_cubic_x2 enlarges by exactly
// 2, in registers only; its 8-bit work-items away from the image's edges take a
// path of their own (x2_interior).
//
// A band of the output (several devices, or an image streamed through one): the
// output buffer holds output rows dst_y0 .. dst_y0 + dst_rows - 1 and the source
// buffer source rows from src_y0 on; src_rows is the whole source's height (rows
// are clamped to it, as in the whole image). Coordinates are those of the whole
// image, so a band is bit-identical to the same rows of a one-call result. A
// whole image is one band with src_y0 = dst_y0 = 0.
//
// Build options:
//   -D srcT=<uchar|ushort|short|float|double>  -D CN=<1..4>
//   -D TILE_W, TILE_H, LOCAL_H (work-group TILE_W x LOCAL_H), VX (output pixels
//      per work-item, one channel only), MAX_SRC_ROWS: tiled kernel
//   -D DEPTH_8U | DEPTH_16U | DEPTH_16S | DEPTH_32F | DEPTH_64F
//   -D INT_HSUMS      8U horizontal sums kept as int (see wT below)
//   -D TAP_OFFSETS, WINDOW_BYTES  8U: tiled (one channel) or x2; see hsums_from_window
//   -D X2_ROWS, X2_ELEMS  resize_cubic_x2: source rows per work-item, and VX * CN
//      (VX: output pixels per work-item; a number, for the vector type's name)
//   -D X2_MIRRORED  resize_cubic_x2, 8U: the interior path (x2_interior); -D X2_DP2A
//      (one channel) its horizontal sums through NVIDIA's dp2a (-D X2_DP2A_EMULATED: in
//      OpenCL C, for tests)
//   -D DOUBLE_SUPPORT (always: the source coordinate is computed in double)
//   -D LONG_OFFSETS   (common.cl) the source or the output passes 2^31 bytes

#pragma OPENCL FP_CONTRACT OFF

// hT: the horizontal pass as computed; wT: as kept for the vertical pass (in the
// tiled kernel's local memory). 8-bit sums are kept as float, which holds them
// exactly (the host checks that |h| < 2^24 for the coefficient a, else builds
// with -D INT_HSUMS): OpenCV's SIMD vertical pass works on them as float, and an
// int to float conversion per use costs as much as four multiply-adds on NVIDIA
// GPUs.
#if defined DEPTH_8U
typedef int hT;
#ifdef INT_HSUMS
typedef int wT;
#else
typedef float wT;
#endif
#elif defined DEPTH_64F
typedef double hT;
typedef double wT;
#else
typedef float hT;
typedef float wT;
#endif


// OpenCV's interpolateCubic with A = a.
inline void cubic_coeffs(float x, float A, float* c)
{
    c[0] = ((A * (x + 1) - 5 * A) * (x + 1) + 8 * A) * (x + 1) - 4 * A;
    c[1] = ((A + 2) * x - (A + 3)) * x * x + 1;
    c[2] = ((A + 2) * (1 - x) - (A + 3)) * (1 - x) * (1 - x) + 1;
    c[3] = 1.f - c[0] - c[1] - c[2];
}

// Source position and coefficients for output coordinate d.
inline int source_pos(int d, double scale, float A, float* c)
{
    float f = (float)((d + 0.5) * scale - 0.5);
    int s = (int)floor(f);
    f -= s;
    cubic_coeffs(f, A, c);
    return s;
}

inline srcT load_src(__global const uchar* src, int src_step, offsetT src_offset, int y, int x, int c)
{
    return ((__global const srcT*)(src + src_offset + (offsetT)y * src_step))[x * CN + c];
}

// The value a horizontal sum starts from. OpenCV's HResizeCubic starts from the
// first product where a column's four taps lie inside the row and from 0 near the
// row's ends; starting from -0 keeps the first product as it is (-0 + p is p, and
// 0 + -0 is +0), so a sum of zeros has the CPU's sign.
inline hT hsum_start(int sx, int src_cols)
{
    return sx >= 1 && sx + 2 < src_cols ? (hT)(-0.0f) : (hT)0;
}

// Coefficients of one output row for the vertical pass: beta_f as computed;
// for 8U, beta_i rounded to 11 fractional bits and beta_s = beta_i / 2048^2 as
// OpenCV's VResizeCubicVec_32s8u scales them.
typedef struct
{
    float beta_f[4], beta_s[4];
    int beta_i[4];
} RowCoeffs;

// beta_i and beta_s from beta_f.
inline void scale_row_coeffs(RowCoeffs* rc)
{
    for (int k = 0; k < 4; k++)
    {
        rc->beta_i[k] = convert_short_sat_rte(rc->beta_f[k] * 2048.f);
        rc->beta_s[k] = rc->beta_i[k] * (1.f / (2048 * 2048));
    }
}

inline int row_coeffs(int dy, double scale_y, float A, RowCoeffs* rc)
{
    int sy = source_pos(dy, scale_y, A, rc->beta_f);
    scale_row_coeffs(rc);
    return sy;
}

// The vertical pass's sum in the order of OpenCV's SIMD code, from the products of
// the four rows' sums and their coefficients: from row 3 up.
inline float simd_order_sum(float p0, float p1, float p2, float p3)
{
    return p0 + (p1 + (p2 + p3));
}

#if defined DEPTH_8U
// An 8-bit output element as OpenCV's VResizeCubicVec_32s8u computes it:
// multiply-add from row 3 up, round to nearest even; in the low byte.
inline uint vertical_simd_8u(wT h0, wT h1, wT h2, wT h3, const RowCoeffs* rc)
{
    const float t = simd_order_sum((float)h0 * rc->beta_s[0], (float)h1 * rc->beta_s[1], (float)h2 * rc->beta_s[2],
                                   (float)h3 * rc->beta_s[3]);
    // Saturate, then round to nearest even: the low bits of t + 1.5 * 2^23 hold
    // the rounded value (cheaper than a float-to-int conversion on GPUs).
    return as_uint(fmin(fmax(t, 0.f), 255.f) + 12582912.f) & 0xFFu;
}
#endif

// One output element (element x of its row) from the horizontal sums h0..h3 of
// the four source rows.
inline srcT vertical_pass(int x, wT h0, wT h1, wT h2, wT h3, const RowCoeffs* rc, int simd_end)
{
#if defined DEPTH_8U
    if (x < simd_end)
        return (uchar)vertical_simd_8u(h0, h1, h2, h3, rc);
    int v = (int)h0 * rc->beta_i[0] + (int)h1 * rc->beta_i[1] + (int)h2 * rc->beta_i[2] + (int)h3 * rc->beta_i[3];
    return convert_uchar_sat((v + (1 << 21)) >> 22);
#elif defined DEPTH_64F
    return h0 * (double)rc->beta_f[0] + h1 * (double)rc->beta_f[1] + h2 * (double)rc->beta_f[2] +
           h3 * (double)rc->beta_f[3];
#else
    const float* b = rc->beta_f;
    float t;
    if (x < simd_end)
        t = simd_order_sum(h0 * b[0], h1 * b[1], h2 * b[2], h3 * b[3]);
    else
        t = h0 * b[0] + h1 * b[1] + h2 * b[2] + h3 * b[3];
#if defined DEPTH_16U
    return convert_ushort_sat_rte(t);
#elif defined DEPTH_16S
    return convert_short_sat_rte(t);
#else
    return t;
#endif
#endif
}

inline __global srcT* dst_row(__global uchar* dst, int dst_step, offsetT dst_offset, int dy)
{
    return (__global srcT*)(dst + dst_offset + (offsetT)dy * dst_step);
}

__kernel void resize_cubic(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_cols,
                           __global uchar* dst, int dst_step, offsetT dst_offset, int dst_rows, int dst_cols,
                           double scale_x, double scale_y, float A, int simd_end, int src_y0, int dst_y0)
{
    int dx = get_global_id(0), dy = get_global_id(1);
    if (dx >= dst_cols || dy >= dst_rows)
        return;

    float alpha[4];
    RowCoeffs rc;
    int sx = source_pos(dx, scale_x, A, alpha);
    int sy = row_coeffs(dst_y0 + dy, scale_y, A, &rc);
#if defined DEPTH_8U
    short alpha_i[4];
    for (int k = 0; k < 4; k++)
        alpha_i[k] = convert_short_sat_rte(alpha[k] * 2048.f);
#endif

    int xs[4], ys[4];
    for (int k = 0; k < 4; k++)
    {
        xs[k] = clamp(sx - 1 + k, 0, src_cols - 1);
        ys[k] = clamp(sy - 1 + k, 0, src_rows - 1) - src_y0;
    }

    const hT start = hsum_start(sx, src_cols);
    for (int c = 0; c < CN; c++)
    {
        wT h[4];
        for (int k = 0; k < 4; k++)
        {
            hT v = start;
            for (int j = 0; j < 4; j++)
            {
                srcT s = load_src(src, src_step, src_offset, ys[k], xs[j], c);
#if defined DEPTH_8U
                v += (int)s * alpha_i[j];
#elif defined DEPTH_64F
                v += s * (double)alpha[j];
#else
                v += (float)s * alpha[j];
#endif
            }
            h[k] = v;
        }
        dst_row(dst, dst_step, dst_offset, dy)[dx * CN + c] = vertical_pass(dx * CN + c, h[0], h[1], h[2], h[3], &rc,
                                                                           simd_end);
    }
}

#ifdef TAP_OFFSETS
// The horizontal pass of one source row for a work-item's VX output columns when
// their source columns lie at fixed offsets from the first one's (the host checks
// this for every whole group of VX columns; x2 upscaling: 0, 1, 1, 2, ...):
// TAP_OFFSETS holds the offset of column q in its 4-bit digit q, WINDOW_BYTES is
// the span of source bytes the taps read (CN bytes a pixel), from the first
// column's left tap at byte offset `off` of the buffer on; h[q * CN + c] is
// channel c of column q. Instead of a byte load per tap (4 a column
// and row), the span is read as a few aligned 32-bit words, each
// byte becomes a float once (exponent trick: no int-to-float conversion) and the
// taps are float multiply-adds on integers, exact as the int sums since the host
// checked that every partial sum stays below 2^24. The aligned words stay inside
// the buffer: they start at most 3 bytes before `off` (the buffer is aligned) and
// the caller checks that they end inside the row.
#define WINDOW_WORDS ((WINDOW_BYTES + 3) / 4 + 1)

// The aligned words of the window that starts at byte `off`; the window's bytes are
// the words' bytes shifted right by (off & 3) * 8 bits.
inline void load_window(__global const uchar* src, offsetT off, uint w[WINDOW_WORDS])
{
    __global const uint* words = (__global const uint*)(src + (off & ~(offsetT)3));
    for (int i = 0; i < WINDOW_WORDS; i++)
        w[i] = words[i];
}

inline void hsums_of_words(const uint w[WINDOW_WORDS], int shift, const float alpha_i[VX][4], float h[VX * CN])
{
    float px[WINDOW_BYTES];
    for (int i = 0; i < WINDOW_BYTES; i++)
    {
        // Byte i of the window is byte i of the words shifted right by `shift` bits.
        uint aligned = (uint)((((ulong)w[i / 4 + 1] << 32) | w[i / 4]) >> shift);
        px[i] = as_float(0x4B000000u | ((aligned >> (i % 4 * 8)) & 0xFFu)) - 8388608.f;
    }
    for (int q = 0; q < VX; q++)
        for (int c = 0; c < CN; c++)
        {
            const int o = ((TAP_OFFSETS >> (4 * q)) & 15) * CN + c;
            float v = 0.f;
            for (int j = 0; j < 4; j++)
                v = fma(px[o + j * CN], alpha_i[q][j], v);
            h[q * CN + c] = v;
        }
}

inline void hsums_from_window(__global const uchar* src, offsetT off, const float alpha_i[VX][4], float h[VX * CN])
{
    uint w[WINDOW_WORDS];
    load_window(src, off, w);
    hsums_of_words(w, (int)(off & 3) * 8, alpha_i, h);
}
#endif

#ifdef TILE_W
// Work-group: TILE_W x LOCAL_H work-items; each computes VX adjacent output
// pixels of a row (VX > 1 only for one channel), so a tile is TILE_W * VX wide.
#define TILE_COLS (TILE_W * VX)

// The tiled kernel's horizontal pass, any type: rows ly, ly + LOCAL_H, ... of the
// nrows source rows from first_row on, for the VX output columns from dx0 on.
inline void hpass_columns(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_cols,
                          int dst_cols, int dx0, double scale_x, float A, int first_row, int nrows, int ly, int lx,
                          int src_y0, __local wT (*hbuf)[CN][TILE_COLS])
{
    // Coefficients and clamped source columns.
    float alpha[VX][4];
    int xs[VX][4];
    hT start[VX];
#if defined DEPTH_8U
    short alpha_i[VX][4];
#endif
    for (int q = 0; q < VX; q++)
    {
        int sx = source_pos(min(dx0 + q, dst_cols - 1), scale_x, A, alpha[q]);
        start[q] = hsum_start(sx, src_cols);
        for (int k = 0; k < 4; k++)
        {
            xs[q][k] = clamp(sx - 1 + k, 0, src_cols - 1);
#if defined DEPTH_8U
            alpha_i[q][k] = convert_short_sat_rte(alpha[q][k] * 2048.f);
#endif
        }
    }
    for (int r = ly; r < nrows; r += LOCAL_H)
    {
        int y = clamp(first_row + r, 0, src_rows - 1) - src_y0;
        for (int q = 0; q < VX; q++)
            for (int c = 0; c < CN; c++)
            {
                hT v = start[q];
                for (int j = 0; j < 4; j++)
                {
                    srcT s = load_src(src, src_step, src_offset, y, xs[q][j], c);
#if defined DEPTH_8U
                    v += (int)s * alpha_i[q][j];
#elif defined DEPTH_64F
                    v += s * (double)alpha[q][j];
#else
                    v += (float)s * alpha[q][j];
#endif
                }
                hbuf[r][c][q * TILE_W + lx] = (wT)v;
            }
    }
}

#ifdef TAP_OFFSETS
// The same with hsums_from_window, for a whole group of columns whose window of
// source bytes starts at column window_x0 (unclamped) and whose aligned words lie
// inside the row.
inline void hpass_window(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int dx0,
                         int window_x0, double scale_x, float A, int first_row, int nrows, int ly, int lx, int src_y0,
                         __local wT (*hbuf)[CN][TILE_COLS])
{
    // The 8-bit coefficients (11 fractional bits), as floats.
    float alpha_i[VX][4];
    for (int q = 0; q < VX; q++)
    {
        float alpha[4];
        source_pos(dx0 + q, scale_x, A, alpha);
        for (int k = 0; k < 4; k++)
            alpha_i[q][k] = convert_short_sat_rte(alpha[k] * 2048.f);
    }
    for (int r = ly; r < nrows; r += LOCAL_H)
    {
        int y = clamp(first_row + r, 0, src_rows - 1) - src_y0;
        float h[VX];
        hsums_from_window(src, src_offset + (offsetT)y * src_step + window_x0, alpha_i, h);
        for (int q = 0; q < VX; q++)
            hbuf[r][0][q * TILE_W + lx] = h[q];
    }
}
#endif

__kernel void resize_cubic_tiled(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_cols,
                                 __global uchar* dst, int dst_step, offsetT dst_offset, int dst_rows, int dst_cols,
                                 double scale_x, double scale_y, float A, int simd_end, int src_y0, int dst_y0)
{
    // Horizontal pass of the tile's source rows; column q * TILE_W + lx belongs to
    // work-item lx's q-th pixel, so neighbouring work-items use neighbouring banks.
    __local wT hbuf[MAX_SRC_ROWS][CN][TILE_COLS];
    __local float row_beta[TILE_H][4];
    __local int row_sy[TILE_H];

    int lx = get_local_id(0), ly = get_local_id(1);
    int tile_x0 = get_group_id(0) * TILE_COLS, tile_y0 = get_group_id(1) * TILE_H;
    int dx0 = tile_x0 + lx * VX;   // this work-item's first output column

    // Coefficients of the tile's rows, once per work-group.
    int lid = ly * TILE_W + lx;
    if (lid < TILE_H)
    {
        float beta[4];
        row_sy[lid] = source_pos(dst_y0 + min(tile_y0 + lid, dst_rows - 1), scale_y, A, beta);
        for (int k = 0; k < 4; k++)
            row_beta[lid][k] = beta[k];
    }
    // Source rows the tile needs: from its first row's sy - 1 to its last row's sy + 2.
    float unused[4];
    int first_row = source_pos(dst_y0 + tile_y0, scale_y, A, unused) - 1;
    int last_row = source_pos(dst_y0 + min(tile_y0 + TILE_H, dst_rows) - 1, scale_y, A, unused) + 2;
    int nrows = last_row - first_row + 1;

    // The horizontal pass of rows ly, ly + LOCAL_H, ... of the tile's source rows
    // for this work-item's columns. The two paths are separate loops so that each
    // holds only its own coefficients in registers (occupancy).
#ifdef TAP_OFFSETS
    const int window_x0 = source_pos(dx0, scale_x, A, unused) - 1;
    // A whole group whose aligned words lie inside the row.
    if (dx0 + VX <= dst_cols && window_x0 >= 0 && window_x0 + 4 * WINDOW_WORDS <= src_cols)
        hpass_window(src, src_step, src_offset, src_rows, dx0, window_x0, scale_x, A, first_row, nrows, ly, lx,
                     src_y0, hbuf);
    else
#endif
        hpass_columns(src, src_step, src_offset, src_rows, src_cols, dst_cols, dx0, scale_x, A, first_row, nrows, ly,
                      lx, src_y0, hbuf);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (dx0 >= dst_cols)
        return;
    for (int rr = ly; rr < TILE_H && tile_y0 + rr < dst_rows; rr += LOCAL_H)
    {
        RowCoeffs rc;
        for (int k = 0; k < 4; k++)
            rc.beta_f[k] = row_beta[rr][k];
        scale_row_coeffs(&rc);
        // Row sy - 1 + k of the source, clamped, is hbuf row sy - 1 + k - first_row.
        int r0 = row_sy[rr] - 1 - first_row;
        __global srcT* out = dst_row(dst, dst_step, dst_offset, tile_y0 + rr);
#if VX > 1
        srcT res[VX];
        for (int q = 0; q < VX; q++)
        {
            __local const wT* h = &hbuf[r0][0][q * TILE_W + lx];
            const int rowStride = CN * TILE_COLS;
            res[q] = vertical_pass(dx0 + q, h[0], h[rowStride], h[2 * rowStride], h[3 * rowStride], &rc, simd_end);
        }
        if (dx0 + VX <= dst_cols)
            CAT(vstore, VX)(CAT(vload, VX)(0, res), 0, out + dx0);
        else
            for (int q = 0; dx0 + q < dst_cols; q++)
                out[dx0 + q] = res[q];
#else
        for (int c = 0; c < CN; c++)
        {
            out[dx0 * CN + c] = vertical_pass(dx0 * CN + c, hbuf[r0][c][lx], hbuf[r0 + 1][c][lx], hbuf[r0 + 2][c][lx],
                                              hbuf[r0 + 3][c][lx], &rc, simd_end);
        }
#endif
    }
}
#endif

#ifdef X2_ROWS
// Enlargement by exactly 2 in both directions, any depth, 1-4 channels. Output
// column 2i takes source columns i - 2 .. i + 1 with the coefficients of fraction
// 0.75, column 2i + 1 columns i - 1 .. i + 2 with those of 0.25; rows likewise. A
// work-item owns VX output pixels of source pixels i0 .. i0 + VX / 2 - 1, so its
// taps lie in a span of X2_SPAN source pixels from i0 - 2 on (output pixel q's
// first tap is span pixel (q + 1) / 2); X2_ELEMS (VX * CN) elements a row. It walks
// down X2_ROWS source rows, each giving two output rows, keeps the horizontal sums
// of five source rows in registers and computes only the row that enters. No
// local memory, no barrier, and wide stores where the row's alignment allows
// them. The vertical pass is the one of the other kernels (vertical_pass).
#define X2_SPAN (VX / 2 + 4)

// Coefficients as the horizontal pass multiplies them: 8U the 11-bit integers
// (as float: the sums are exact, see hsums_from_window), 64F double, else float.
#if defined DEPTH_8U
typedef float coefT;
#define TO_COEF(c) ((float)convert_short_sat_rte((c) * 2048.f))
#elif defined DEPTH_64F
typedef double coefT;
#define TO_COEF(c) ((double)(c))
#else
typedef float coefT;
#define TO_COEF(c) (c)
#endif

// The horizontal sums of the source row at byte offset `row` for the work-item's
// VX output pixels, in OpenCV's order. 8U: from a window of aligned words where
// that lies inside the row, else one load per tap. Other depths: from the span's
// pixels, loaded once each, their columns clamped where the span crosses the
// row's ends.
inline void hsums_x2(__global const uchar* src, offsetT row, int i0, int src_cols, bool window,
                     const coefT alpha[VX][4], wT h[X2_ELEMS])
{
#if defined DEPTH_8U
    if (window)
    {
        hsums_from_window(src, row + (i0 - 2) * CN, alpha, h);
        return;
    }
    // Near the row's ends (a few work-items a row): columns clamped.
    for (int q = 0; q < VX; q++)
    {
        const int left = i0 + (q + 1) / 2 - 2;
        for (int c = 0; c < CN; c++)
        {
            float v = 0.f;   // integers below 2^24: the fused multiply-add is exact
            for (int j = 0; j < 4; j++)
                v = fma((float)src[row + clamp(left + j, 0, src_cols - 1) * CN + c], alpha[q][j], v);
            h[q * CN + c] = v;
        }
    }
#else
    __global const srcT* r = (__global const srcT*)(src + row);
    hT px[X2_SPAN * CN];
    const bool inside = i0 >= 2 && i0 - 2 + X2_SPAN <= src_cols;
    if (inside)
    {
        for (int e = 0; e < X2_SPAN * CN; e++)
            px[e] = r[(i0 - 2) * CN + e];
    }
    else
    {
        for (int k = 0; k < X2_SPAN; k++)
            for (int c = 0; c < CN; c++)
                px[k * CN + c] = r[clamp(i0 - 2 + k, 0, src_cols - 1) * CN + c];
    }
    for (int q = 0; q < VX; q++)
        for (int c = 0; c < CN; c++)
        {
            const int o = (q + 1) / 2 * CN + c;
            hT v = px[o] * alpha[q][0];
            for (int j = 1; j < 4; j++)
                v += px[o + j * CN] * alpha[q][j];
            h[q * CN + c] = v;
        }
    // Columns near the row's ends, whose sums OpenCV starts from 0: a sum plus 0 is
    // that sum (they differ in the sign of a zero only); the work-item's other
    // columns get -0, which changes nothing. Column q's source pixel (sx) is
    // i0 + (q + 1) / 2 - 1.
    if (!inside)
        for (int q = 0; q < VX; q++)
            for (int c = 0; c < CN; c++)
                h[q * CN + c] += hsum_start(i0 + (q + 1) / 2 - 1, src_cols);
#endif
}

// Output row `out_row` of the band (if inside it) from the horizontal sums of its
// four source rows; x0 is the work-item's first element of the row. The choice
// between OpenCV's SIMD and scalar vertical pass is made once for the whole group
// where it can be, and the results stay in registers (loops of fixed length).
inline void store_row_x2(__global uchar* dst, int dst_step, offsetT dst_offset, int dst_rows, int row_elems,
                         int out_row, int x0, const wT (*h)[X2_ELEMS], const RowCoeffs* rc, int simd_end)
{
    if (out_row < 0 || out_row >= dst_rows)
        return;
    const bool simd = x0 + X2_ELEMS <= simd_end;
#if defined DEPTH_8U
    // 8-bit: result e in byte e % 4 of word e / 4, stored as 8 or 4 bytes at a time.
#define X2_WORDS (X2_ELEMS / 4)
    uint words[X2_WORDS];
    for (int w = 0; w < X2_WORDS; w++)
        words[w] = 0u;
    if (simd)
    {
        #pragma unroll
        for (int e = 0; e < X2_ELEMS; e++)
            words[e >> 2] |= vertical_simd_8u(h[0][e], h[1][e], h[2][e], h[3][e], rc) << (8 * (e & 3));
    }
    else
    {
        #pragma unroll
        for (int e = 0; e < X2_ELEMS; e++)
            words[e >> 2] |= (uint)vertical_pass(x0 + e, h[0][e], h[1][e], h[2][e], h[3][e], rc, simd_end)
                             << (8 * (e & 3));
    }
    const offsetT off = dst_offset + (offsetT)out_row * dst_step + x0;
    const bool whole = x0 + X2_ELEMS <= row_elems;
#if X2_WORDS == 2
    if (whole && (off & 7) == 0)
    {
        *(__global uint2*)(dst + off) = (uint2)(words[0], words[1]);
        return;
    }
#endif
    if (whole && (off & 3) == 0)
    {
        #pragma unroll
        for (int w = 0; w < X2_WORDS; w++)
            ((__global uint*)(dst + off))[w] = words[w];
        return;
    }
    #pragma unroll
    for (int e = 0; e < X2_ELEMS; e++)
        if (x0 + e < row_elems)
            dst[off + e] = (uchar)(words[e >> 2] >> (8 * (e & 3)));
#else
    srcT res[X2_ELEMS];
    #pragma unroll
    for (int e = 0; e < X2_ELEMS; e++)   // x = 0 takes the SIMD order
        res[e] = vertical_pass(simd ? 0 : x0 + e, h[0][e], h[1][e], h[2][e], h[3][e], rc, simd_end);
    const offsetT off = dst_offset + (offsetT)out_row * dst_step + x0 * (int)sizeof(srcT);
    const bool whole = x0 + X2_ELEMS <= row_elems;
    __global srcT* out = (__global srcT*)(dst + off);
#if X2_ELEMS == 2 || X2_ELEMS == 4 || X2_ELEMS == 8 || X2_ELEMS == 16
    // One vector store where the offset is a multiple of its size.
    if (whole && (off & (X2_ELEMS * sizeof(srcT) - 1)) == 0)
    {
        *(__global CAT(srcT, X2_ELEMS)*)out = CAT(vload, X2_ELEMS)(0, res);
        return;
    }
#endif
    #pragma unroll
    for (int e = 0; e < X2_ELEMS; e++)
        if (x0 + e < row_elems)
            out[e] = res[e];
#endif
}

#ifdef X2_MIRRORED
// Interior work-items of an 8-bit enlargement whose odd rows' coefficients are the
// even rows' reversed (OpenCV's a = -0.75; the host checks): every output element is
// in OpenCV's SIMD range, and the two rows of a step are whole stores (8 bytes on 8-byte
// boundaries, 12 for three channels on 4-byte ones) inside the band. The general loop
// below spends most of its instructions on the checks and branches such work-items
// never need, and waits for each entering row's load; here the loop is unrolled, the
// source windows of all X2_ROWS + 4 rows are loaded first where they fit in about 48
// registers (all loads in flight at once), the product h2 * b2 serves both rows of a
// step (b2 of the even rows is b1 of the odd ones), and rounding is one conversion.
// Same arithmetic, same results.
//
// -D X2_DP2A (one channel): the horizontal sums as integer dot products of the
// window's bytes and the 16-bit coefficients, two a sum: NVIDIA's dp2a through inline
// PTX (the host asks for it only where the device says it is NVIDIA's), or in OpenCL C
// with -D X2_DP2A_EMULATED (a test hook: PoCL checks the byte selection). Exact, as the
// float sums of hsums_of_words are.
#ifdef X2_DP2A
#ifdef X2_DP2A_EMULATED
// c + the two signed 16-bit halves of a times bytes 0 and 1 of b (lo) or 2 and 3 (hi).
inline int dp2a_lo(uint a, uint b, int c)
{
    return c + (short)(a & 0xFFFFu) * (int)(b & 0xFFu) + (short)(a >> 16) * (int)((b >> 8) & 0xFFu);
}
inline int dp2a_hi(uint a, uint b, int c)
{
    return dp2a_lo(a, b >> 16, c);
}
#else
inline int dp2a_lo(uint a, uint b, int c)
{
    int d;
    asm("dp2a.lo.s32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
inline int dp2a_hi(uint a, uint b, int c)
{
    int d;
    asm("dp2a.hi.s32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
#endif

// Column q's 4 taps are the 4 window bytes from byte (q + 1) / 2 on; coef[p][0] holds
// the first two 16-bit coefficients of even (p = 0) or odd columns, coef[p][1] the
// last two.
inline void hsums_dp2a(const uint w[WINDOW_WORDS], int shift, const uint coef[2][2], float h[VX])
{
    uint bytes[WINDOW_WORDS - 1];   // the window's bytes 4i .. 4i + 3
    for (int i = 0; i < WINDOW_WORDS - 1; i++)
        bytes[i] = (uint)((((ulong)w[i + 1] << 32) | w[i]) >> shift);
    for (int q = 0; q < VX; q++)
    {
        const int o = (TAP_OFFSETS >> (4 * q)) & 15, n = 8 * (o % 4);
        const uint taps = n == 0 ? bytes[o / 4] : (bytes[o / 4] >> n) | (bytes[o / 4 + 1] << (32 - n));
        h[q] = (float)dp2a_hi(coef[q & 1][1], taps, dp2a_lo(coef[q & 1][0], taps, 0));
    }
}
#endif

#if X2_ELEMS == 12
#define X2_STORE_ALIGN 3
#else
#define X2_STORE_ALIGN 7
#endif
// All rows' windows loaded before the loop where they take at most 48 registers.
#define X2_PRELOAD ((X2_ROWS + 4) * WINDOW_WORDS <= 48)

inline void x2_interior(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_y0,
                        __global uchar* out, int dst_step, int first, int i0, const float alpha[VX][4],
                        const RowCoeffs* even)
{
    const float b0 = even->beta_s[0], b1 = even->beta_s[1], b2 = even->beta_s[2], b3 = even->beta_s[3];
#if defined X2_DP2A && CN == 1
    uint coef[2][2];
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < 2; k++)
            coef[p][k] = (uint)(ushort)(short)alpha[p][2 * k] | ((uint)(ushort)(short)alpha[p][2 * k + 1] << 16);
#define HSUMS(w, h) hsums_dp2a(w, shift, coef, h)
#else
#define HSUMS(w, h) hsums_of_words(w, shift, alpha, h)
#endif
    // Every row's shift: the caller checks that the step is a multiple of 4.
    const int shift = (int)((src_offset + (i0 - 2) * CN) & 3) * 8;
#define ROW_OFFSET(k) \
    (src_offset + (offsetT)(clamp(first - 2 + (k), 0, src_rows - 1) - src_y0) * src_step + (i0 - 2) * CN)
#if X2_PRELOAD
    uint w[X2_ROWS + 4][WINDOW_WORDS];
    for (int k = 0; k < X2_ROWS + 4; k++)
        load_window(src, ROW_OFFSET(k), w[k]);
#define WINDOW(k) w[k]
#else
    uint w[WINDOW_WORDS];
#define WINDOW(k) (load_window(src, ROW_OFFSET(k), w), w)
#endif
    // h[k]: the horizontal sums of source row j - 2 + k.
    float h[5][X2_ELEMS];
    for (int k = 0; k < 4; k++)
        HSUMS(WINDOW(k), h[k]);
    #pragma unroll
    for (int r = 0; r < X2_ROWS; r++)
    {
        HSUMS(WINDOW(r + 4), h[4]);
        uint even_words[X2_ELEMS / 4], odd_words[X2_ELEMS / 4];
        for (int e = 0; e < X2_ELEMS; e += 4)
        {
            uchar even_px[4], odd_px[4];
            for (int u = 0; u < 4; u++)
            {
                // Odd rows take b3 .. b0 for b0 .. b3: h2 * b2 is in both sums.
                const float p = h[2][e + u] * b2;
                const float te = simd_order_sum(h[0][e + u] * b0, h[1][e + u] * b1, p, h[3][e + u] * b3);
                const float to = simd_order_sum(h[1][e + u] * b3, p, h[3][e + u] * b1, h[4][e + u] * b0);
                even_px[u] = convert_uchar_sat_rte(te);
                odd_px[u] = convert_uchar_sat_rte(to);
            }
            even_words[e / 4] = as_uint(vload4(0, even_px));
            odd_words[e / 4] = as_uint(vload4(0, odd_px));
        }
#if X2_ELEMS == 12
        vstore3((uint3)(even_words[0], even_words[1], even_words[2]), 0, (__global uint*)out);
        vstore3((uint3)(odd_words[0], odd_words[1], odd_words[2]), 0, (__global uint*)(out + dst_step));
#else
        *(__global uint2*)out = (uint2)(even_words[0], even_words[1]);
        *(__global uint2*)(out + dst_step) = (uint2)(odd_words[0], odd_words[1]);
#endif
        out += 2 * dst_step;
        for (int k = 0; k < 4; k++)
            for (int e = 0; e < X2_ELEMS; e++)
                h[k][e] = h[k + 1][e];
    }
#undef WINDOW
#undef ROW_OFFSET
#undef HSUMS
}
#endif

__kernel void resize_cubic_x2(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_cols,
                              __global uchar* dst, int dst_step, offsetT dst_offset, int dst_rows, int dst_cols,
                              double scale_x, double scale_y, float A, int simd_end, int src_y0, int dst_y0)
{
    const int dx0 = get_global_id(0) * VX, i0 = dx0 / 2;
    // Source rows j = first .. end - 1 give output rows 2j and 2j + 1.
    const int first = (dst_y0 >> 1) + get_global_id(1) * X2_ROWS;
    const int end = min(first + X2_ROWS, (dst_y0 + dst_rows + 1) >> 1);
    if (dx0 >= dst_cols || first >= end)
        return;

    // Coefficients of even and odd output columns and rows.
    coefT alpha[VX][4];
    float c0[4], c1[4];
    source_pos(0, scale_x, A, c0);
    source_pos(1, scale_x, A, c1);
    for (int q = 0; q < VX; q++)
        for (int k = 0; k < 4; k++)
            alpha[q][k] = TO_COEF(q & 1 ? c1[k] : c0[k]);
    RowCoeffs even, odd;
    row_coeffs(0, scale_y, A, &even);
    row_coeffs(1, scale_y, A, &odd);

#if defined DEPTH_8U
    // The window path where its aligned words lie inside the row.
    const bool window = i0 >= 2 && (i0 - 2) * CN + 4 * WINDOW_WORDS <= src_cols * CN;
#else
    const bool window = false;
#endif
#ifdef X2_MIRRORED
    if (window && end == first + X2_ROWS && dx0 * CN + X2_ELEMS <= simd_end && dx0 + VX <= dst_cols &&
        2 * first >= dst_y0 && 2 * end - dst_y0 <= dst_rows && ((dst_offset + dx0 * CN) & X2_STORE_ALIGN) == 0 &&
        (dst_step & X2_STORE_ALIGN) == 0 && (src_step & 3) == 0)
    {
        x2_interior(src, src_step, src_offset, src_rows, src_y0,
                    dst + dst_offset + (offsetT)(2 * first - dst_y0) * dst_step + dx0 * CN, dst_step, first, i0,
                    alpha, &even);
        return;
    }
#endif
    // h[k]: the horizontal sums of source row j - 2 + k.
    wT h[5][X2_ELEMS];
    for (int k = 0; k < 4; k++)
        hsums_x2(src, src_offset + (offsetT)(clamp(first - 2 + k, 0, src_rows - 1) - src_y0) * src_step, i0, src_cols,
                 window, alpha, h[k]);
    for (int j = first; j < end; j++)
    {
        hsums_x2(src, src_offset + (offsetT)(min(j + 2, src_rows - 1) - src_y0) * src_step, i0, src_cols, window,
                 alpha, h[4]);
        store_row_x2(dst, dst_step, dst_offset, dst_rows, dst_cols * CN, 2 * j - dst_y0, dx0 * CN, h, &even,
                     simd_end);
        store_row_x2(dst, dst_step, dst_offset, dst_rows, dst_cols * CN, 2 * j + 1 - dst_y0, dx0 * CN, h + 1, &odd,
                     simd_end);
        for (int k = 0; k < 4; k++)
            for (int e = 0; e < X2_ELEMS; e++)
                h[k][e] = h[k + 1][e];
    }
}
#endif
