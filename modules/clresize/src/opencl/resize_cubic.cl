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
// Two kernels: resize_cubic_tiled (the fast one) computes a tile of TILE_W x
// TILE_H output pixels per work-group: the coefficients of its columns and rows
// once, then the horizontal pass of every source row the tile needs into local
// memory, then the vertical pass from there. resize_cubic computes each output
// pixel on its own; the host uses it when a tile's source rows would not fit in
// local memory (strong downscaling).
//
// Build options:
//   -D srcT=<uchar|ushort|short|float|double>  -D CN=<1..4>
//   -D TILE_W, TILE_H, LOCAL_H (work-group TILE_W x LOCAL_H), VX (output pixels
//      per work-item, one channel only), MAX_SRC_ROWS: tiled kernel
//   -D DEPTH_8U | DEPTH_16U | DEPTH_16S | DEPTH_32F | DEPTH_64F
//   -D DOUBLE_SUPPORT (always: the source coordinate is computed in double)
//   -D LONG_OFFSETS   (common.cl) the source or the output passes 2^31 bytes

#pragma OPENCL FP_CONTRACT OFF

#if defined DEPTH_8U
typedef int hT;        // horizontal pass result
#elif defined DEPTH_64F
typedef double hT;
#else
typedef float hT;
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

// One output element (element x of its row) from the horizontal results h[0..3]
// of the four source rows.
inline srcT compute_result(int x, const hT* h, const float* beta_f, const short* beta_i, int simd_end)
{
#if defined DEPTH_8U
    if (x < simd_end)
    {
        // As VResizeCubicVec_32s8u: ints to float, beta / 2048^2, multiply-add from row 3 up.
        const float scale = 1.f / (2048 * 2048);
        float b0 = beta_i[0] * scale, b1 = beta_i[1] * scale, b2 = beta_i[2] * scale, b3 = beta_i[3] * scale;
        float t = (float)h[3] * b3;
        t = (float)h[2] * b2 + t;
        t = (float)h[1] * b1 + t;
        t = (float)h[0] * b0 + t;
        return convert_uchar_sat(convert_int_sat_rte(t));
    }
    int v = h[0] * beta_i[0] + h[1] * beta_i[1] + h[2] * beta_i[2] + h[3] * beta_i[3];
    return convert_uchar_sat((v + (1 << 21)) >> 22);
#elif defined DEPTH_64F
    return h[0] * (double)beta_f[0] + h[1] * (double)beta_f[1] + h[2] * (double)beta_f[2] + h[3] * (double)beta_f[3];
#else
    float t;
    if (x < simd_end)
    {
        t = h[3] * beta_f[3];
        t = h[2] * beta_f[2] + t;
        t = h[1] * beta_f[1] + t;
        t = h[0] * beta_f[0] + t;
    }
    else
        t = h[0] * beta_f[0] + h[1] * beta_f[1] + h[2] * beta_f[2] + h[3] * beta_f[3];
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
                           double scale_x, double scale_y, float A, int simd_end)
{
    int dx = get_global_id(0), dy = get_global_id(1);
    if (dx >= dst_cols || dy >= dst_rows)
        return;

    float alpha[4], beta_f[4];
    int sx = source_pos(dx, scale_x, A, alpha);
    int sy = source_pos(dy, scale_y, A, beta_f);
#if defined DEPTH_8U
    short alpha_i[4], beta_i[4];
    for (int k = 0; k < 4; k++)
    {
        alpha_i[k] = convert_short_sat_rte(alpha[k] * 2048.f);
        beta_i[k] = convert_short_sat_rte(beta_f[k] * 2048.f);
    }
#else
    short beta_i[4] = { 0, 0, 0, 0 };
#endif

    int xs[4], ys[4];
    for (int k = 0; k < 4; k++)
    {
        xs[k] = clamp(sx - 1 + k, 0, src_cols - 1);
        ys[k] = clamp(sy - 1 + k, 0, src_rows - 1);
    }

    for (int c = 0; c < CN; c++)
    {
        hT h[4];
        for (int k = 0; k < 4; k++)
        {
            hT v = 0;
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
        dst_row(dst, dst_step, dst_offset, dy)[dx * CN + c] = compute_result(dx * CN + c, h, beta_f, beta_i, simd_end);
    }
}

#ifdef TILE_W
// Work-group: TILE_W x LOCAL_H work-items; each computes VX adjacent output
// pixels of a row (VX > 1 only for one channel), so a tile is TILE_W * VX wide.
#define TILE_COLS (TILE_W * VX)

__kernel void resize_cubic_tiled(__global const uchar* src, int src_step, offsetT src_offset, int src_rows, int src_cols,
                                 __global uchar* dst, int dst_step, offsetT dst_offset, int dst_rows, int dst_cols,
                                 double scale_x, double scale_y, float A, int simd_end)
{
    // Horizontal pass of the tile's source rows; column q * TILE_W + lx belongs to
    // work-item lx's q-th pixel, so neighbouring work-items use neighbouring banks.
    __local hT hbuf[MAX_SRC_ROWS][CN][TILE_COLS];
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
        row_sy[lid] = source_pos(min(tile_y0 + lid, dst_rows - 1), scale_y, A, beta);
        for (int k = 0; k < 4; k++)
            row_beta[lid][k] = beta[k];
    }
    // Source rows the tile needs: from its first row's sy - 1 to its last row's sy + 2.
    float unused[4];
    int first_row = source_pos(tile_y0, scale_y, A, unused) - 1;
    int last_row = source_pos(min(tile_y0 + TILE_H, dst_rows) - 1, scale_y, A, unused) + 2;
    int nrows = last_row - first_row + 1;

    // This work-item's columns: coefficients and clamped source columns.
    float alpha[VX][4];
    int xs[VX][4];
#if defined DEPTH_8U
    short alpha_i[VX][4];
#endif
    for (int q = 0; q < VX; q++)
    {
        int sx = source_pos(min(dx0 + q, dst_cols - 1), scale_x, A, alpha[q]);
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
        int y = clamp(first_row + r, 0, src_rows - 1);
        for (int q = 0; q < VX; q++)
            for (int c = 0; c < CN; c++)
            {
                hT v = 0;
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
                hbuf[r][c][q * TILE_W + lx] = v;
            }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (dx0 >= dst_cols)
        return;
    for (int rr = ly; rr < TILE_H && tile_y0 + rr < dst_rows; rr += LOCAL_H)
    {
        float beta_f[4];
        short beta_i[4];
        for (int k = 0; k < 4; k++)
        {
            beta_f[k] = row_beta[rr][k];
#if defined DEPTH_8U
            beta_i[k] = convert_short_sat_rte(beta_f[k] * 2048.f);
#else
            beta_i[k] = 0;
#endif
        }
        // Row sy - 1 + k of the source, clamped, is hbuf row sy - 1 + k - first_row.
        int r0 = row_sy[rr] - 1 - first_row;
        __global srcT* out = dst_row(dst, dst_step, dst_offset, tile_y0 + rr);
#if VX > 1
        srcT res[VX];
        for (int q = 0; q < VX; q++)
        {
            hT h[4];
            for (int k = 0; k < 4; k++)
                h[k] = hbuf[r0 + k][0][q * TILE_W + lx];
            res[q] = compute_result(dx0 + q, h, beta_f, beta_i, simd_end);
        }
        if (dx0 + VX <= dst_cols)
            CAT(vstore, VX)(CAT(vload, VX)(0, res), 0, out + dx0);
        else
            for (int q = 0; dx0 + q < dst_cols; q++)
                out[dx0 + q] = res[q];
#else
        for (int c = 0; c < CN; c++)
        {
            hT h[4];
            for (int k = 0; k < 4; k++)
                h[k] = hbuf[r0 + k][c][lx];
            out[dx0 * CN + c] = compute_result(dx0 * CN + c, h, beta_f, beta_i, simd_end);
        }
#endif
    }
}
#endif
