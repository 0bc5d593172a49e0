// What every clx kernel file starts with: clruntime puts this text in front of
// each program (clruntime::withPreamble).
//
// Build options it reads:
//   -D DOUBLE_SUPPORT   the program uses double (the host checked the device has fp64)
//   -D LONG_OFFSETS     byte offsets and element indices may pass 2^31: offsetT is
//                       64-bit; otherwise 32-bit, which is faster on GPUs

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
