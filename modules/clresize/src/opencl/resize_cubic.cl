// Bicubic resize with the arithmetic of OpenCV's CPU code
// (modules/imgproc/src/resize.cpp), so that results match
// cv::resize(..., INTER_CUBIC):
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
// One work-item computes VX adjacent output pixels (all channels) in each of
// rows_per_item consecutive output rows, walking down: the horizontal pass of
// the four source rows the current output row needs is kept in registers (the
// window), and a step down computes only the source rows that enter it. Column
// coefficients are computed once per work-item, row coefficients once per row.
// No local memory, no barriers; any scale.
//
// Build options:
//   -D srcT=<uchar|ushort|short|float|double>  -D CN=<1..4>  -D VX=<pixels per work-item>
//   -D DEPTH_8U | DEPTH_16U | DEPTH_16S | DEPTH_32F | DEPTH_64F
//   -D DOUBLE_SUPPORT (always: the source coordinate is computed in double)
//   -D LONG_OFFSETS   (common.cl) the source or the output passes 2^31 bytes

#pragma OPENCL FP_CONTRACT OFF

// hT: the horizontal pass as computed; wT: as kept in the window. 8-bit
// sums are kept as float, which holds them exactly (the host checks that
// |h| < 2^24 for the coefficient a, else builds with -D INT_WINDOW), because the
// vertical pass of OpenCV's SIMD code works on them as float.
#if defined DEPTH_8U
typedef int hT;
#ifdef INT_WINDOW
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

// Coefficients of one output row for the vertical pass: beta_f as computed;
// for 8U, beta_i rounded to 11 fractional bits and beta_s = beta_i / 2048^2 as
// OpenCV's VResizeCubicVec_32s8u scales them.
typedef struct
{
    float beta_f[4], beta_s[4];
    int beta_i[4];
} RowCoeffs;

inline int row_coeffs(int dy, double scale_y, float A, RowCoeffs* rc)
{
    int sy = source_pos(dy, scale_y, A, rc->beta_f);
    for (int k = 0; k < 4; k++)
    {
        rc->beta_i[k] = convert_short_sat_rte(rc->beta_f[k] * 2048.f);
        rc->beta_s[k] = rc->beta_i[k] * (1.f / (2048 * 2048));
    }
    return sy;
}

// One output element (element x of its row) from the window column h0..h3.
inline srcT vertical_pass(int x, wT h0, wT h1, wT h2, wT h3, const RowCoeffs* rc, int simd_end)
{
#if defined DEPTH_8U
    if (x < simd_end)
    {
        // As VResizeCubicVec_32s8u: multiply-add from row 3 up, round to nearest even.
        float t = (float)h3 * rc->beta_s[3];
        t = (float)h2 * rc->beta_s[2] + t;
        t = (float)h1 * rc->beta_s[1] + t;
        t = (float)h0 * rc->beta_s[0] + t;
        return convert_uchar_sat(convert_int_sat_rte(t));
    }
    int v = (int)h0 * rc->beta_i[0] + (int)h1 * rc->beta_i[1] + (int)h2 * rc->beta_i[2] + (int)h3 * rc->beta_i[3];
    return convert_uchar_sat((v + (1 << 21)) >> 22);
#elif defined DEPTH_64F
    return h0 * (double)rc->beta_f[0] + h1 * (double)rc->beta_f[1] + h2 * (double)rc->beta_f[2] +
           h3 * (double)rc->beta_f[3];
#else
    const float* b = rc->beta_f;
    float t;
    if (x < simd_end)
    {
        t = h3 * b[3];
        t = h2 * b[2] + t;
        t = h1 * b[1] + t;
        t = h0 * b[0] + t;
    }
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

#define ELEMS (VX * CN)

__kernel void resize_cubic(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_cols,
                           __global uchar* dst, int dst_step, offsetT dst_offset, int dst_rows, int dst_cols,
                           double scale_x, double scale_y, float A, int simd_end, int rows_per_item)
{
    const int dx0 = get_global_id(0) * VX, dy0 = get_global_id(1) * rows_per_item;
    if (dx0 >= dst_cols || dy0 >= dst_rows)
        return;
    const int dy1 = min(dy0 + rows_per_item, dst_rows);

    // This work-item's columns: clamped source columns and their coefficients.
    int xs[VX][4];
#if defined DEPTH_8U
    int alpha[VX][4];
#else
    float alpha[VX][4];
#endif
    for (int q = 0; q < VX; q++)
    {
        float c[4];
        int sx = source_pos(min(dx0 + q, dst_cols - 1), scale_x, A, c);
        for (int j = 0; j < 4; j++)
        {
            xs[q][j] = clamp(sx - 1 + j, 0, src_cols - 1) * CN;
#if defined DEPTH_8U
            alpha[q][j] = convert_short_sat_rte(c[j] * 2048.f);
#else
            alpha[q][j] = c[j];
#endif
        }
    }

    // win[k][e]: horizontal pass of source row top + k (clamped) for element e.
    wT win[4][ELEMS];
    RowCoeffs rc;
    int top = row_coeffs(dy0, scale_y, A, &rc) - 1 - 4;   // nothing loaded yet
    for (int dy = dy0; dy < dy1; dy++)
    {
        int sy = dy == dy0 ? top + 5 : row_coeffs(dy, scale_y, A, &rc);
        // Source rows sy - 1 .. sy + 2 are needed; shift in the new ones.
        int enter = min(sy - 1 - top, 4);
        top = sy - 1 - enter;
        for (; enter > 0; enter--)
        {
            top++;
            __global const srcT* row = (__global const srcT*)(src + src_offset +
                                                            (offsetT)clamp(top + 3, 0, src_rows - 1) * src_step);
            for (int e = 0; e < ELEMS; e++)
            {
                const int q = e / CN, c = e % CN;
                hT v = 0;
                for (int j = 0; j < 4; j++)
                {
#if defined DEPTH_8U
                    v += (int)row[xs[q][j] + c] * alpha[q][j];
#elif defined DEPTH_64F
                    v += row[xs[q][j] + c] * (double)alpha[q][j];
#else
                    v += (float)row[xs[q][j] + c] * alpha[q][j];
#endif
                }
                win[0][e] = win[1][e];
                win[1][e] = win[2][e];
                win[2][e] = win[3][e];
                win[3][e] = (wT)v;
            }
        }

        srcT res[ELEMS];
        for (int e = 0; e < ELEMS; e++)
            res[e] = vertical_pass(dx0 * CN + e, win[0][e], win[1][e], win[2][e], win[3][e], &rc, simd_end);
        __global srcT* out = (__global srcT*)(dst + dst_offset + (offsetT)dy * dst_step) + dx0 * CN;
        if (dx0 + VX <= dst_cols)
        {
#if ELEMS == 8
            vstore8(vload8(0, res), 0, out);
#elif ELEMS % 4 == 0
            for (int g = 0; g < ELEMS / 4; g++)
                vstore4((CAT(srcT, 4))(res[4 * g], res[4 * g + 1], res[4 * g + 2], res[4 * g + 3]), g, out);
#else
            for (int e = 0; e < ELEMS; e++)
                out[e] = res[e];
#endif
        }
        else
            for (int e = 0; e < (dst_cols - dx0) * CN; e++)
                out[e] = res[e];
    }
}
