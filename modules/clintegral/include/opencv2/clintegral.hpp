#ifndef OPENCV_CLINTEGRAL_HPP
#define OPENCV_CLINTEGRAL_HPP

#include "opencv2/core.hpp"
#include "opencv2/clruntime/device_set.hpp"

/**
@defgroup clintegral OpenCL integral images on UMat

cv::integral runs on the OpenCL device in OpenCV only for 8UC1 without the
tilted sum. cv::clintegral::integral runs every type and output OpenCV's CPU
code accepts on the device, in three kernel launches (two or three more for the
squared sum, four for the tilted sum of an image of more than 32 rows, one
otherwise), without temporary copies of the outputs, for
images and outputs of any size the device can hold (64-bit offsets past 2^31 bytes).
*/

namespace cv {
namespace clintegral {

//! @addtogroup clintegral
//! @{

/** @brief Integral image, squared integral and tilted integral, like cv::integral.

Same signature, output sizes ((rows+1) x (cols+1), zero first row and column),
types, defaults (sdepth <= 0: CV_32S for 8U, CV_64F otherwise; sqdepth <= 0:
CV_64F) and exceptions as cv::integral. The (src depth: sdepth/sqdepth)
combinations are OpenCV's, whether or not sqsum is requested: 8U: 32S/32S,
32S/32F, 32S/64F, 32F/32F, 32F/64F, 64F/64F; 16U and 16S: 64F/64F; 32F:
32F/32F, 32F/64F, 64F/64F; 64F: 64F/64F. Any other raises cv::Exception with
Error::StsUnsupportedFormat.

Runs on the OpenCL device when the source and every requested output are
`UMat`s, OpenCL is on, the source has 1 to 4 channels, the device has fp64
when a 64F type is involved, and its work-groups take 32 work-items (256 with the
tilted sum); otherwise cv::integral runs (reported once through OpenCV's log
where the device is what keeps the call off it). An empty source gives zero
outputs of one row and column more without OpenCV's CPU code, which writes past
its outputs for some (several channels with a tilted sum).

Results: integer outputs (CV_32S) equal OpenCV's exactly, including the
wrap-around modulo 2^32 when a sum exceeds the int range (for 8U, past about
8.4 million pixels of 255). Floating-point outputs add the same values in a
different order: each element differs from the exact sum by at most
(rows + cols + 32) * eps * S, where eps is the output type's epsilon and S the
sum of the absolute values added into it (the rectangle above and left of it;
for the tilted sum, the rows above it). CV_64F sums of integer sources are
exact while they stay below 2^53, so they equal OpenCV's. Infinite and NaN pixels
give OpenCV's infinities and NaNs; for the tilted sum of an image taller than 32
rows, whose carries between bands of rows take sums and differences of sums, such
an image, or carries or sums that pass the type's range (two pixels of 3e38 and
-3e38, whose sums OpenCV keeps finite), makes the device form the tilted sum again,
row by row with OpenCV's additions in their order (bit for bit OpenCV's, one
work-group: slower).
*/
CV_EXPORTS_AS(integral3) void integral(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted,
                                       int sdepth = -1, int sqdepth = -1);

/** @overload Sum only. */
CV_EXPORTS_W void integral(InputArray src, OutputArray sum, int sdepth = -1);

/** @overload Sum and squared sum. */
CV_EXPORTS_AS(integral2) void integral(InputArray src, OutputArray sum, OutputArray sqsum,
                                       int sdepth = -1, int sqdepth = -1);

/** @brief integral (sum, squared sum and tilted sum) of a host image split over
several OpenCL devices, or streamed through one in bands with a memory budget:
see cv::clruntime::DeviceSet.

A `Mat` is cut into bands of rows streamed through the devices
(cv::clruntime::BandStream; with two rounds of bands or more, each device's first
band shorter than the others, a quarter of their height on one device and half of
it across devices, so that the first downloads wait for a short upload); each
device computes its bands' own integrals with the one-device function, and what
the rows above a band sum to is added to them:
without the tilted sum, on the device. Band b's carry row is the last row of band
b - 1's complete sums: on one device, band b - 1's carry kernel writes it for band b
and band b's queue waits for that on the device (the host reads no source row);
across devices, each band's kernels read the last row of its own sums back to the
host, a host thread adds those rows up band after band into the carry rows, and
band b's carry kernels upload and add its carry row once the rows above are read
back (the host reads no source row); a device's stream enqueues a band's carry
kernels and downloads after the next band's own sums and read-back, so that the
read-backs do not wait behind the downloads. The bands go straight into outputs in
pinned memory (cv::clruntime::getPinnedAllocator). Each device also holds four
carry rows of each output, outside the memory budget and kept between calls;
across devices the host holds a row of each output's width per band (its carry
row) and, per device, four own last rows in pinned memory kept between calls. With
the tilted sum, by the host as each band is copied out, in band order: the last row
of the band above, and for the tilted sum also the sums along the diagonals and
anti-diagonals of the rows above (kept by the host as the bands pass). CV_32S
results are exact (wrapping modulo 2^32 as OpenCV's); floating-point ones within
the bound above; with the tilted sum, an infinite or NaN sum above a band (the
host's carries take differences of sums): cv::integral on the host image, reported
once through OpenCV's logging. A `UMat`, input the one-device function rejects, or
OpenCL switched off: as integral(). A row of the source or of an output past 2^31 bytes
(the kernels take int steps): cv::integral on the host image, reported once
through OpenCV's logging. An empty set raises StsBadArg, and so does a memory
budget that cannot hold three bands (in flight on a device at once) of one row of
the source and outputs, with a zero row of the outputs each (before the outputs
are touched; not for a row past 2^31 bytes, which takes no device memory).
*/
CV_EXPORTS_AS(integral3) void integral(InputArray src, OutputArray sum, OutputArray sqsum, OutputArray tilted,
                                       int sdepth, int sqdepth, const clruntime::DeviceSet& devices);

/** @overload Sum and squared sum over a device set. */
CV_EXPORTS_AS(integral2) void integral(InputArray src, OutputArray sum, OutputArray sqsum, int sdepth,
                                       int sqdepth, const clruntime::DeviceSet& devices);

//! @}

namespace detail {
/** @brief Number of OpenCL kernel launches this module has made on the calling thread (for tests). */
CV_EXPORTS uint64 oclLaunchCount();

/** @brief Makes the host's carries of the next integral over several devices throw a
cv::Exception (StsError) when they reach band `band` (for tests of a failing carry
thread; the call throws it once every band has let go); band < 0 switches it off. */
CV_EXPORTS void failHostCarries(int band);

/** @brief Makes the read-back of band `band`'s own last rows (which the carries
across devices add up) in the next integral over several devices fail: its enqueue
(`enqueued` false) or, once enqueued, its completion (`enqueued` true). For tests of
that failure: the call reports it and runs OpenCV's function. band < 0 switches it
off. */
CV_EXPORTS void failOwnRowRead(int band, bool enqueued);

/** @brief Makes the device thread of band `band` of the next integral over several
devices (without the tilted sum) throw std::bad_alloc before it submits the band, as
a host allocation there may (for tests: the bands on the other devices that wait
for its carries let go, and the call throws it); band < 0 switches it off. */
CV_EXPORTS void throwInBand(int band);

/** @brief Makes the integrals over device sets find no device buffer for their carry
rows (kept from earlier calls or made), as a device out of memory would, while
`fail` is true (for tests: such a call reports the fallback and runs OpenCV's
function). */
CV_EXPORTS void failCarryRows(bool fail);

/** @brief Bytes of device memory the integrals over device sets have made for their
carry rows (the integral's rows above their bands) since the process started (for
tests: a few rows per device thread, whatever the number of bands). */
CV_EXPORTS uint64 carryRowsMade();

/** @brief Number of OpenCL contexts for which the integrals over device sets keep rows
between calls (for tests: those used last, four or the devices of the last call if
more, whatever the number of contexts the calls ran in). */
CV_EXPORTS size_t keptRowContexts();

/** @brief How many bands integral() over `deviceCount` devices cuts an image of `rows`
rows into, without the tilted sum, where equal bands within the memory budget
would be `uniformBands`: with two rounds of bands or more, each device's first
band is shorter than the others: on one device a quarter of their height (with
three rounds or more, its second band half of it); across devices half of it, with
as many bands on every device. So there are more bands (for tests). */
CV_EXPORTS int bandsOverDevices(int rows, int uniformBands, int deviceCount);
} // namespace detail

} // namespace clintegral
} // namespace cv

#endif // OPENCV_CLINTEGRAL_HPP
