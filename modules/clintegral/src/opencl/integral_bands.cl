// The integral of a host image over several devices (clintegral::integral with a
// DeviceSet): a band's output rows are its own sums (as if nothing lay above it:
// a zero row, then its rows) plus the whole image's sums down to its first row,
// the same row added to each: the last row of the band above, complete, which the
// carry kernel of the band above writes as it goes on the same device, or the host
// uploads across devices.
//
// Build options:
//   -D elemT=<uint|float|double>   the output's element type (uint for int sums:
//                                  they wrap modulo 2^32, as the CPU code's do)
//   -D DOUBLE_SUPPORT -D LONG_OFFSETS   (common.cl)

// Adds row `carry_row` of `carry_rows` (n elements a row) to rows 1 .. rows - 1
// of `sums` (n elements a row), in place; with a `next_row` (-1: none), also writes
// the last row, complete, into that row (the next band's carry). A work-item takes
// element x of every get_global_size(1)-th of those rows.
__kernel void integral_add_carry(__global uchar* sums, int sums_step, offsetT sums_offset, int rows, int n,
                                 __global elemT* carry_rows, int carry_row, int next_row)
{
    const int x = get_global_id(0);
    if (x >= n)
        return;
    const elemT c = carry_rows[(size_t)carry_row * n + x];
    __global uchar* column = sums + sums_offset + (offsetT)x * sizeof(elemT);
    for (int y = get_global_id(1) + 1; y < rows; y += get_global_size(1))
    {
        __global elemT* sum = (__global elemT*)(column + (offsetT)y * sums_step);
        const elemT complete = *sum + c;
        *sum = complete;
        if (next_row >= 0 && y == rows - 1)
            carry_rows[(size_t)next_row * n + x] = complete;
    }
}
