// The integral of a host image over several devices (clintegral::integral with a
// DeviceSet): a band's output rows are its own sums (as if nothing lay above it:
// a zero row, then its rows) plus the whole image's sums down to its first row,
// the same row added to each, which the host makes from the source.
//
// Build options:
//   -D elemT=<uint|float|double>   the output's element type (uint for int sums:
//                                  they wrap modulo 2^32, as the CPU code's do)
//   -D DOUBLE_SUPPORT -D LONG_OFFSETS   (common.cl)

// dst row y = own row y + 1 + carry, for `rows` rows of n elements; a work-item
// takes element x of every get_global_size(1)-th row.
__kernel void integral_add_carry(__global const uchar* own, int own_step, offsetT own_offset,
                                 __global uchar* dst, int dst_step, offsetT dst_offset, int rows, int n,
                                 __global const uchar* carry)
{
    const int x = get_global_id(0);
    if (x >= n)
        return;
    const offsetT at = (offsetT)x * sizeof(elemT);
    const elemT c = ((__global const elemT*)carry)[x];
    for (int y = get_global_id(1); y < rows; y += get_global_size(1))
    {
        const elemT v = *(__global const elemT*)(own + own_offset + (offsetT)(y + 1) * own_step + at);
        *(__global elemT*)(dst + dst_offset + (offsetT)y * dst_step + at) = v + c;
    }
}
