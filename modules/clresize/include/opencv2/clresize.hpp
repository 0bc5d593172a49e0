#ifndef OPENCV_CLRESIZE_HPP
#define OPENCV_CLRESIZE_HPP

#include "opencv2/core.hpp"
#include "opencv2/imgproc.hpp"
#include "opencv2/clruntime/device_set.hpp"

/**
@defgroup clresize OpenCL bicubic resize on UMat

cv::resize with INTER_CUBIC has no OpenCL path in OpenCV: on a `UMat` it runs on
the CPU, with copies both ways. cv::clresize::resize runs it on the OpenCL device.
*/

namespace cv {
namespace clresize {

//! @addtogroup clresize
//! @{

/** @brief Resizes an image, like cv::resize; INTER_CUBIC runs on the OpenCL device.

Same signature, output size rules (dsize, or fx/fy with rounding as OpenCV does),
and exceptions as cv::resize. With INTER_CUBIC, a `UMat` source of depth CV_8U,
CV_16U, CV_16S, CV_32F or CV_64F with 1 to 4 channels runs one kernel, whatever
its size or the output's (64-bit offsets past 2^31 bytes). Every
other interpolation, a `Mat` source, OpenCL switched off, or a device without
fp64 (the source coordinates are computed in double, as OpenCV does) call
cv::resize.

The kernel reproduces OpenCV's arithmetic: the same float coordinates and
coefficients, 11-bit fixed-point coefficients for 8U, edge pixels replicated
outside the image, and in the vertical pass the order of operations of OpenCV's
128-bit SIMD code where that code runs and of its scalar code elsewhere.
Maximum differences from cv::resize on `Mat` measured by the tests (x86-64,
OpenCV 4.13.0, 4.6.0 and 5.0.0 with their default SIMD baselines): 0 for 8U, 16U
and 16S, 0 for 32F and 64F; a build of OpenCV with other SIMD code may round some
pixels differently (8U, 16U, 16S within 1; 32F, 64F within 1e-5 relative).
*/
CV_EXPORTS_W void resize(InputArray src, OutputArray dst, Size dsize, double fx = 0, double fy = 0,
                         int interpolation = INTER_LINEAR);

/** @brief resize() of a host image split over several OpenCL devices (or streamed
through one in bands, with a memory budget): see cv::clruntime::DeviceSet.

With INTER_CUBIC and a `Mat` source of a type resize() runs on the device, the
output is cut into horizontal bands (at most 64 MB of rows each, 16 MB where
both images are in pinned memory, fewer bytes under a memory budget), streamed
through the devices (cv::clruntime::BandStream: copies through pinned memory, or
straight from and to the images where they are pinned, overlapped with the
kernels: cv::clruntime::getPinnedAllocator), and each device
computes its bands from the source rows they need, in the coordinates of the
whole image: the result is bit-identical to
resize() on one device and to cv::resize. A `UMat` source, another
interpolation or OpenCL switched off: as resize(). An empty set raises
StsBadArg, and so does a memory budget that cannot hold three bands (in flight on
a device at once) of one output row with its source rows (before `dst` is
touched; not for rows past 2^31 bytes, which take no device memory). An output
whose memory overlaps the source's (other than the same Mat) gives an undefined
result, as it does for cv::resize. Where a device cannot run the kernel (no buffer for a band, a
program that does not build, no fp64) the whole image is resized by cv::resize,
reported once through OpenCV's logging; so is one whose source or output rows pass
2^31 bytes (the kernel takes int steps).
*/
CV_EXPORTS_W void resize(InputArray src, OutputArray dst, Size dsize, double fx, double fy, int interpolation,
                         const clruntime::DeviceSet& devices);

/** @brief Bicubic resize with a chosen cubic coefficient `a`.

The cubic convolution kernel is W(x) = (a+2)|x|^3 - (a+3)|x|^2 + 1 for |x| <= 1 and
a|x|^3 - 5a|x|^2 + 8a|x| - 4a for 1 < |x| < 2. OpenCV uses a = -0.75 (this
overload with -0.75 gives exactly what resize() gives); Catmull-Rom (Keys) is
a = -0.5; the cubic-convolution paper by Lai et al. uses a = -1. `a` must be
finite with |a| <= 100 (else StsError is raised): within that range the CPU
version's results are the device's bit for bit. Other arguments as in resize()
with INTER_CUBIC, for sources of 1 to 4 channels of CV_8U, CV_16U, CV_16S, CV_32F
or CV_64F (others raise StsAssert, also where the size stays, unlike cv::resize,
which takes more channels); a source of more than two dimensions raises StsAssert.
Without OpenCL, or for a `Mat`, a CPU implementation of the same arithmetic runs.
*/
CV_EXPORTS_W void resizeCubic(InputArray src, OutputArray dst, Size dsize, double fx, double fy, double a);

//! @}

namespace detail {
/** @brief Number of OpenCL kernel launches this module has made on the calling thread (for tests). */
CV_EXPORTS uint64 oclLaunchCount();
/** @brief For tests: enlargements by 2 take the integer dot-product sums that NVIDIA devices
take through inline PTX, written in OpenCL C, on any device. */
CV_EXPORTS void useEmulatedDp2a(bool on);
/** @brief For tests: the build with those sums fails, as on a driver without inline PTX. */
CV_EXPORTS void failDp2aBuild(bool on);
} // namespace detail

} // namespace clresize
} // namespace cv

#endif // OPENCV_CLRESIZE_HPP
