#ifndef OPENCV_CLREDUCE_HPP
#define OPENCV_CLREDUCE_HPP

#include "opencv2/core.hpp"
#include "opencv2/clruntime/device_set.hpp"

/**
@defgroup clreduce OpenCL reductions on UMat

Drop-in replacements for OpenCV's reductions. Each function has the signature,
results and exceptions of the OpenCV function of the same name. A `UMat` input
runs one OpenCL kernel launch followed by one small read-back, whatever its size
(64-bit offsets and indices past 2^31 bytes or elements; two launches on a device
without a memory fence of device scope, which the work-groups' results need to come
together in one); a `Mat` input,
OpenCL switched off (`cv::ocl::useOpenCL() == false`), or a device that lacks
what the kernel needs (fp64 for CV_64F) call OpenCV's own function instead.
*/

namespace cv {
namespace clreduce {

//! @addtogroup clreduce
//! @{

/** @brief Counts the non-zero elements of a single-channel array, like cv::countNonZero.

Every depth (CV_8U, CV_8S, CV_16U, CV_16S, CV_32S, CV_32F, CV_64F), any 2-D size,
ROIs with offsets and padded steps. The result is exact. For floating-point
input -0.0 counts as zero and NaN as non-zero, as in OpenCV. A count past INT_MAX
(an image of more than 2^31 elements) is INT_MAX, where OpenCV's own int count
wraps to a wrong value.

@param src single-channel array (`UMat` for the OpenCL path).
@return the number of non-zero elements; 0 for an empty array.
@throws cv::Exception (cv::Error::StsAssert) for multi-channel input, and for a depth
OpenCV has no code for (CV_16F in OpenCV 4, also when empty), as cv::countNonZero.
*/
CV_EXPORTS_W int countNonZero(InputArray src);

/** @brief Sums the elements of an array per channel, like cv::sum.

Every depth (CV_8U to CV_64F), 1 to 4 channels, any 2-D size, ROIs. Integer
input is added in 64-bit integers: the result is exact (OpenCV's CPU code adds
in double and is exact while the sum stays under 2^53). CV_32F and CV_64F are
added in double; against a float64 reference the relative error measured in
the tests stays under 1e-12 for both. OpenCV's CPU code adds runs of 32F elements in float first, so
its result differs from this one by more than that (and is an infinity where those
float runs overflow); sums past a double's range may become an infinity or NaN
other than OpenCV's (the order of the additions decides it). Devices without fp64
run floating-point input on the CPU. An empty array gives OpenCV's result (zeros,
or its error for a type it has no code for).

@param src array with 1 to 4 channels (`UMat` for the OpenCL path).
@return the per-channel sums; unused channels are 0.
@throws cv::Exception for more than 4 channels, what cv::sum raises (StsAssert in
OpenCV 4.6, StsError in 4.13), and so for CV_16F with OpenCV 4, which OpenCV 5
sums on the CPU.
From Python `cv2.clreduce.sumElems`, as OpenCV's is `cv2.sumElems`.
*/
CV_EXPORTS_AS(sumElems) Scalar sum(InputArray src);

/** @brief Finds the global minimum and maximum and their positions, like cv::minMaxLoc.

Every depth (CV_8U to CV_64F), single-channel input, an optional mask of the
same size and of a type OpenCV takes (CV_8U; with OpenCV 5 also CV_8S and
CV_Bool). Values are exact; locations are the first occurrence in row-major
order, as OpenCV's CPU code returns them. Any output pointer may be NULL; the
kernel computes only what is asked for (no locations: no position tracking).
A zero minimum or maximum of float data is the element at its location (-0.0 or
+0.0) when a location is asked, of either sign otherwise; OpenCV's CPU code gives
the sign its SIMD folds meet first.
NaNs are skipped. With a mask that selects nothing the results are 0 and
(-1, -1), as in OpenCV.

@throws cv::Exception as cv::minMaxLoc: mask of another type, mask of another size,
more than 2 dimensions.
*/
CV_EXPORTS_W void minMaxLoc(InputArray src, CV_OUT double* minVal, CV_OUT double* maxVal = 0,
                            CV_OUT Point* minLoc = 0, CV_OUT Point* maxLoc = 0, InputArray mask = noArray());

/** @brief Finds the global minimum and maximum and their indices, like cv::minMaxIdx.

As minMaxLoc, with (row, column) indices. Multi-channel input is accepted where
OpenCV accepts it (no mask, no indices): all channels are searched together.
*/
CV_EXPORTS void minMaxIdx(InputArray src, double* minVal, double* maxVal = 0,
                          int* minIdx = 0, int* maxIdx = 0, InputArray mask = noArray());

/** @brief minMaxIdx with the indices as (row, column) pairs: `cv2.clreduce.minMaxIdx` in Python.

Python: `minVal, maxVal, minIdx, maxIdx = cv2.clreduce.minMaxIdx(src[, mask])`, with
minIdx and maxIdx as (row, column) tuples. Single-channel input (indices are
always returned).
*/
CV_EXPORTS_AS(minMaxIdx) void minMaxIdxPairs(InputArray src, CV_OUT double& minVal, CV_OUT double& maxVal,
                                             CV_OUT Vec2i& minIdx, CV_OUT Vec2i& maxIdx, InputArray mask = noArray());

/** @brief countNonZero, sum and minMaxLoc of a host image split over several OpenCL
devices (or streamed through one in bands, with a memory budget): see
cv::clruntime::DeviceSet.

A `Mat` is cut into bands of rows (at most 32 MB each, 16 MB where the image and
the mask are pinned, fewer bytes under a budget; as many on every device) that
stream through the devices (clruntime::BandStream: three bands in
flight a device, each its rows and, for minMaxLoc with a mask, its mask rows,
copied through pinned memory, or straight from the image where it is pinned:
cv::clruntime::getPinnedAllocator); the band results are combined: counts and integer
sums exactly, floating-point sums in double (in another order than one device:
equal within rounding), minMaxLoc with locations in the whole image and OpenCV's
first-occurrence rule on ties. A `UMat`, input the one-device function rejects, a
depth the kernel does not take (above CV_64F), or an empty `Mat`: as the one-device
function (for a `Mat`, OpenCV's function on the whole image). An empty set raises
StsBadArg, and so does a memory budget that holds no row, for the depths the
kernel takes (three bands in flight, each a row, its mask row and a 32-byte result).
*/
CV_EXPORTS_W int countNonZero(InputArray src, const clruntime::DeviceSet& devices);
/** @overload */
CV_EXPORTS_AS(sumElems) Scalar sum(InputArray src, const clruntime::DeviceSet& devices);
/** @overload */
CV_EXPORTS_W void minMaxLoc(InputArray src, CV_OUT double* minVal, CV_OUT double* maxVal, CV_OUT Point* minLoc,
                            CV_OUT Point* maxLoc, InputArray mask, const clruntime::DeviceSet& devices);

//! @}

namespace detail {
/** @brief Number of OpenCL kernel launches this module has made on the calling thread.

For tests and diagnostics: it shows whether a call took the OpenCL path and how
many kernels it launched.
*/
CV_EXPORTS uint64 oclLaunchCount();

/** @brief How the reductions from now on combine their work-groups' results (for tests):
as the device allows (the last group, behind a memory fence of device scope where the
device has one), in a second launch as on a device without one, or as the device
allows but with a build of the fence that fails (the second launch then). */
enum GroupCombine { COMBINE_AS_THE_DEVICE_ALLOWS, COMBINE_IN_SECOND_LAUNCH, COMBINE_FENCE_BUILD_FAILS };
CV_EXPORTS void setGroupCombine(GroupCombine way);
} // namespace detail

} // namespace clreduce
} // namespace cv

#endif // OPENCV_CLREDUCE_HPP
