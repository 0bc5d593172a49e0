#ifndef OPENCV_CLREDUCE_TEST_PRECOMP_HPP
#define OPENCV_CLREDUCE_TEST_PRECOMP_HPP

#include "opencv2/ts.hpp"
#include "opencv2/ts/ocl_test.hpp"
#include "opencv2/core/ocl.hpp"
#include "opencv2/clreduce.hpp"
#include "opencv2/clruntime.hpp"
#include "opencv2/clruntime/private/test_common.hpp"

#include "test_utils.hpp"

#endif
