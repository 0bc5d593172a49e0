#ifndef OPENCV_CLRESIZE_TEST_PRECOMP_HPP
#define OPENCV_CLRESIZE_TEST_PRECOMP_HPP

#include "opencv2/ts.hpp"
#include "opencv2/ts/ocl_test.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/imgproc.hpp"
#include "opencv2/clresize.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/clruntime/private/test_common.hpp"

#endif
