#ifndef OPENCV_CLINTEGRAL_TEST_PRECOMP_HPP
#define OPENCV_CLINTEGRAL_TEST_PRECOMP_HPP

#include "opencv2/ts.hpp"
#include "opencv2/ts/ocl_test.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/imgproc.hpp"
#include "opencv2/clintegral.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/clruntime/test_common.hpp"

namespace opencv_test {
// Kernels one integral call on a device launches: one for a one-channel sum
// alone (a single pass), three with more channels or a squared sum, and six
// more for a tilted sum.
inline int integralLaunches(int cn, bool sqsum, bool tilted)
{
    return (cn == 1 && !sqsum ? 1 : 3) + (tilted ? 6 : 0);
}
} // namespace opencv_test

#endif
