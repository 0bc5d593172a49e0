// The integral of a host image over several devices (clintegral::integral with a
// DeviceSet): a band's output rows are its own sums (as if nothing lay above it:
// a zero row, then its rows) plus the whole image's sums down to its first row,
// the same row added to each, which the host makes from the source.
//
// Build options:
//   -D elemT=<uint|float|double>   the output's element type (uint for int sums:
//                                  they wrap modulo 2^32, as the CPU code's do)
//   -D DOUBLE_SUPPORT -D LONG_OFFSETS   (common.cl)

// Adds carry to rows 1 .. rows - 1 of `sums` (n elements a row), in place; a
// work-item takes element x of every get_global_size(1)-th of those rows.
__kernel void integral_add_carry(__global uchar* sums, int sums_step, offsetT sums_offset, int rows, int n,
                                 __global const uchar* carry)
{
    const int x = get_global_id(0);
    if (x >= n)
        return;
    const elemT c = ((__global const elemT*)carry)[x];
    __global uchar* column = sums + sums_offset + (offsetT)x * sizeof(elemT);
    for (int y = get_global_id(1) + 1; y < rows; y += get_global_size(1))
        *(__global elemT*)(column + (offsetT)y * sums_step) += c;
}
