// resize() of a host image over several OpenCL devices (clruntime::DeviceSet). CTest
// runs these with two PoCL devices (POCL_DEVICES) and CLX_TEST_DEVICES=2.
#include "test_precomp.hpp"

namespace opencv_test { namespace {

using cv::clruntime::DeviceSet;

static void expectLaunches(uint64 launches, const std::function<void()>& call)
{
    clruntime_test::expectLaunches(cv::clresize::detail::oclLaunchCount, launches, call);
}

using clruntime_test::currentDeviceType;
using clruntime_test::testDevices;

// The call must raise a cv::Exception with this code.
static void expectError(int code, const std::function<void()>& call, const std::string& what)
{
    try
    {
        call();
        ADD_FAILURE() << what << ": no exception";
    }
    catch (const cv::Exception& e)
    {
        EXPECT_EQ(code, e.code) << what << ": " << e.what();
    }
}

// Host image, one-device UMat call and OpenCV's CPU result must agree bit for bit.
static void expectSameAsOneDeviceAndOpenCV(const Mat& src, Size dsize, double fx, double fy,
                                           const DeviceSet& devices, int launches, const std::string& what)
{
    Mat expected, viaDevices;
    cv::resize(src, expected, dsize, fx, fy, INTER_CUBIC);
    expectLaunches(launches, [&] { cv::clresize::resize(src, viaDevices, dsize, fx, fy, INTER_CUBIC, devices); });
    UMat usrc, viaOne;
    src.copyTo(usrc);
    cv::clresize::resize(usrc, viaOne, dsize, fx, fy, INTER_CUBIC);
    ASSERT_EQ(expected.size(), viaDevices.size()) << what;
    EXPECT_EQ(0, cvtest::norm(expected, viaDevices, NORM_INF)) << what << " (against cv::resize)";
    EXPECT_EQ(0, cvtest::norm(viaOne.getMat(ACCESS_READ), viaDevices, NORM_INF)) << what << " (against one device)";
}

TEST(Clresize_MultiDevice, matchesOneDeviceAndOpenCV)
{
    const DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    struct Scale { Size dsize; double fx, fy; } scales[] = {
        { Size(), 2, 2 }, { Size(), 0.5, 0.5 }, { Size(), 1.7, 0.6 }, { Size(), 0.15, 0.12 }, { Size(97, 301), 0, 0 } };
    for (int type : { CV_8UC1, CV_8UC3, CV_16SC4, CV_32FC1, CV_64FC2 })
        for (Size size : { Size(1, 1), Size(7, 5), Size(123, 77), Size(640, 37), Size(31, 500) })
            for (const Scale& sc : scales)
            {
                Mat src = cvtest::randomMat(rng, size, type, 0, 255, true);   // a view with an offset
                Size out = sc.dsize.empty() ? Size(saturate_cast<int>(size.width * sc.fx),
                                                   saturate_cast<int>(size.height * sc.fy)) : sc.dsize;
                if (out.empty() || out == size)
                    continue;
                expectSameAsOneDeviceAndOpenCV(src, sc.dsize, sc.fx, sc.fy, devices,
                                               std::min(out.height, (int)devices.size()),
                                               cv::format("%s %dx%d -> %dx%d", cvtest::getTypeName(type),
                                                          size.width, size.height, out.width, out.height));
            }
}

// The bands resize() streams: the first and the last round (a band a device) cut in
// two where there are three rounds or more of 8 rows or more a band; otherwise the
// equal bands of bandFirstRow.
TEST(Clresize_MultiDevice, rampedBands)
{
    const cv::clruntime::RampedBands ten240x2(20480, 32, 2);   // cubic x2 of 10240x10240, pinned
    ASSERT_EQ(36, ten240x2.count());
    for (int b = 0; b <= 36; b++)   // 320 rows, 640 between the first four and the last four
        EXPECT_EQ(b <= 4 ? 320 * b : b <= 32 ? 1280 + 640 * (b - 4) : 19200 + 320 * (b - 32), ten240x2.firstRow(b)) << b;
    for (int devices : { 1, 2, 3 })
        for (int rows : { 1, 7, 100, 406, 1000, 4099 })
            for (int uniform = 1; uniform <= std::min(rows, 60); uniform++)
            {
                const cv::clruntime::RampedBands layout(rows, uniform, devices);
                const int round = std::min(devices, uniform);
                const bool ramped = uniform >= 3 * round && rows >= 8 * (uniform + 2 * round);
                const std::string what = cv::format("%d rows, %d bands, %d devices", rows, uniform, devices);
                ASSERT_EQ(ramped ? uniform + 2 * round : uniform, layout.count()) << what;
                EXPECT_EQ(0, layout.firstRow(0)) << what;
                EXPECT_EQ(rows, layout.firstRow(layout.count())) << what;
                for (int b = 0; b < layout.count(); b++)
                {
                    const int height = layout.firstRow(b + 1) - layout.firstRow(b);
                    if (!ramped)
                    {
                        EXPECT_EQ(cv::clruntime::bandFirstRow(rows, b, uniform), layout.firstRow(b)) << what;
                        continue;
                    }
                    // rows / uniform a regular band, give or take the rounding of each end
                    const bool halved = b < 2 * round || b >= layout.count() - 2 * round;
                    const double regular = (double)rows / uniform;
                    EXPECT_LE(std::abs(height - (halved ? regular / 2 : regular)), 1.) << what << ", band " << b;
                    EXPECT_GE(height, 4) << what << ", band " << b;
                }
            }
}

TEST(Clresize_MultiDevice, listOfOneDevice)
{
    const DeviceSet one = DeviceSet::ofPlatform(currentDeviceType(), { 0 });
    ASSERT_EQ(1u, one.size());
    Mat src = cvtest::randomMat(theRNG(), Size(333, 211), CV_8UC1, 0, 255, true);
    expectSameAsOneDeviceAndOpenCV(src, Size(), 2, 2, one, 1, "one device");
}

// One OpenCL context that holds every device, an execution context for each: the
// kernels are made and cached for each device of the context; bit-identical.
TEST(Clresize_MultiDevice, devicesOfOneContext)
{
    DeviceSet devices = clruntime_test::testDevicesInOneContext();
    ASSERT_EQ(testDevices().size(), devices.size());
    Mat src = cvtest::randomMat(theRNG(), Size(301, 257), CV_8UC3, 0, 255, true);
    expectSameAsOneDeviceAndOpenCV(src, Size(), 2, 2, devices, (int)devices.size(), "one context");
    Mat src32f = cvtest::randomMat(theRNG(), Size(97, 130), CV_32FC1, -10, 10, true);
    expectSameAsOneDeviceAndOpenCV(src32f, Size(), 0.7, 1.3, devices, (int)devices.size(), "one context, 32F");
}

// A memory budget cuts the output into many bands (odd heights), streamed through
// the devices (several in flight on each, in slots of their own): still
// bit-identical, one launch per band. 8-bit widths of 300 give the bands' rows the
// alignment of x2's interior path.
TEST(Clresize_MultiDevice, bandsWithinMemoryBudget)
{
    DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC3, CV_8UC4, CV_32FC1 })
        for (int width : { 301, 300 })
            for (double scale : { 2.0, 0.45 })
            {
                if (width == 300 && (CV_MAT_DEPTH(type) != CV_8U || scale != 2.0))
                    continue;
                Mat src = cvtest::randomMat(rng, Size(width, 203), type, 0, 255, true);
                const Size out(saturate_cast<int>(width * scale), saturate_cast<int>(203 * scale));
                const size_t srcRow = src.cols * src.elemSize(), dstRow = out.width * src.elemSize();
                for (int rowsPerBand : { 1, 5, 13 })
                {
                    // SLOTS bands in flight on a device, each fixed bytes plus its rows.
                    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS *
                                            (8 * srcRow + (size_t)(rowsPerBand * (dstRow + srcRow / scale)) + 1));
                    // Halved first and last rounds where there are bands enough (x2, 13 rows).
                    const int bands = std::max((out.height + rowsPerBand - 1) / rowsPerBand,
                                               std::min(out.height, (int)devices.size()));
                    expectSameAsOneDeviceAndOpenCV(src, Size(), scale, scale, devices,
                                                   cv::clruntime::RampedBands(out.height, bands, (int)devices.size()).count(),
                                                   cv::format("%s %d wide x%.2f, %d rows per band",
                                                              cvtest::getTypeName(type), width, scale, rowsPerBand));
                }
            }
    // The least budget the docs allow, three bands of an output row and 8 source rows,
    // runs (for scales whose row bytes are not whole in double too); a byte less raises.
    for (double scale : { 3.0, 2.0, 1.7, 0.45 })
        for (int width : { 97, 64, 301 })
        {
            Mat src = cvtest::randomMat(rng, Size(width, 37), CV_8UC1, 0, 255, true), dst, expected;
            const Size out(saturate_cast<int>(width * scale), saturate_cast<int>(37 * scale));
            const size_t least = cv::clruntime::BandStream::SLOTS * ((size_t)out.width + 8 * (size_t)width);
            const std::string what = cv::format("%d wide x%.2f", width, scale);
            devices.setMemoryBudget(least);
            cv::clresize::resize(src, dst, Size(), scale, scale, INTER_CUBIC, devices);
            cv::resize(src, expected, Size(), scale, scale, INTER_CUBIC);
            EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << what;
            devices.setMemoryBudget(least - 1);
            expectError(Error::StsBadArg, [&] { cv::clresize::resize(src, dst, Size(), scale, scale, INTER_CUBIC, devices); },
                        "a byte under the least budget, " + what);
        }
    // The error comes before the output is made: the caller's Mat is left as it was.
    devices.setMemoryBudget(100);
    Mat src(64, 64, CV_8UC1, Scalar(1)), dst(5, 7, CV_16SC2, Scalar::all(3));
    const Mat dstBefore = dst;
    expectError(Error::StsBadArg, [&] { cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices); },
                "a budget smaller than one output row");
    EXPECT_EQ(dstBefore.data, dst.data);
    EXPECT_EQ(Size(7, 5), dst.size());
    EXPECT_EQ(CV_16SC2, dst.type());
}

// Guard rows around every band's output on the device (clruntime::detail::
// setBandGuardRows) stay as they were: no kernel writes outside its band, whatever
// the depth, channels, scale and band height; x2's interior path (8-bit widths of
// 300) writes with no row checks of its own.
TEST(Clresize_MultiDevice, noWritesOutsideBands)
{
    DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC2, CV_8UC3, CV_8UC4, CV_16UC1, CV_16SC3, CV_32FC1, CV_64FC2 })
        for (int width : { 300, 77 })
            for (double scale : { 2.0, 0.45, 1.7 })
            {
                Mat src = cvtest::randomMat(rng, Size(width, 41), type, 0, 255, true);
                const size_t srcRow = src.cols * src.elemSize(), dstRow = saturate_cast<int>(width * scale) * src.elemSize();
                for (int rowsPerBand : { 1, 4, 7 })
                {
                    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS *
                                            (8 * srcRow + (size_t)(rowsPerBand * (dstRow + srcRow / scale)) + 1));
                    const std::string what = cv::format("%s %d wide x%.2f, %d rows per band",
                                                        cvtest::getTypeName(type), width, scale, rowsPerBand);
                    clruntime_test::expectGuardRowsKept([&] {
                        Mat expected, viaDevices;
                        cv::resize(src, expected, Size(), scale, scale, INTER_CUBIC);
                        cv::clresize::resize(src, viaDevices, Size(), scale, scale, INTER_CUBIC, devices);
                        EXPECT_EQ(0, cvtest::norm(expected, viaDevices, NORM_INF)) << what;
                    }, what);
                }
            }
}

// A band that fails part-way (a transfer refused before or after its kernels):
// the call reports the fallback, gives cv::resize's result, and the next call runs
// on the devices again.
TEST(Clresize_MultiDevice, failingBand)
{
    DeviceSet devices = testDevices();
    Mat src = cvtest::randomMat(theRNG(), Size(301, 203), CV_8UC1, 0, 255, true), expected, dst;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (8 * 301 + 10 * (602 + 151)));   // about 40 bands
    for (bool afterKernels : { false, true })
        for (int failing : { 0, 1, 5, 30 })
        {
            const std::string what = cv::format("band %d fails %s its kernels", failing, afterKernels ? "after" : "before");
            dst.release();
            const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
            cv::clruntime::detail::failBandSubmit(failing, afterKernels);
            cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices);
            cv::clruntime::detail::failBandSubmit(-1, false);
            EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
            EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << what;
        }
    // Scales that give no whole output size: OpenCV's function falls in with the
    // caller's fx and fy (from the output size alone it would take other scales).
    Mat scaled;
    cv::resize(src, scaled, Size(), 1.5, 1.9, INTER_CUBIC);
    for (int failing : { 0, 5 })
    {
        dst.release();
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        cv::clruntime::detail::failBandSubmit(failing, false);
        cv::clresize::resize(src, dst, Size(), 1.5, 1.9, INTER_CUBIC, devices);
        cv::clruntime::detail::failBandSubmit(-1, false);
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "x1.5 x1.9, band " << failing;
        EXPECT_EQ(0, cvtest::norm(scaled, dst, NORM_INF)) << "x1.5 x1.9, band " << failing;
    }
    const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
    cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices);
    EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount());
    EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
}

// The host can start no thread for the devices (as under a limit of processes), has
// no memory for one, for the slots of one device's stream, or no pinned memory for
// the bands: the call reports the fallback and gives OpenCV's result (no device thread waits for another that never
// came); the next call runs on the devices.
TEST(Clresize_MultiDevice, noHostThreadOrMemory)
{
    DeviceSet devices = testDevices();
    Mat src = cvtest::randomMat(theRNG(), Size(301, 203), CV_8UC1, 0, 255, true), expected, dst;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    using namespace clruntime_test;
    for (HostFailure failure : { NO_THREAD, NO_MEMORY_FOR_THREAD, NO_MEMORY_FOR_STREAM, NO_PINNED_MEMORY })
    {
        uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        dst.release();
        withHostFailure(failure, [&] { cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices); });
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "no fallback: " << describe(failure);
        EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << describe(failure);
        fallbacks = cv::clruntime::detail::fallbackCount();
        dst.release();
        cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices);
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount());
        EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
    }
}

// The slots kept from a call without a budget give their bigger buffers back in a
// call with one: what stays kept afterwards fits in the budget.
TEST(Clresize_MultiDevice, keptBuffersWithinLaterBudget)
{
    DeviceSet devices = testDevices();
    Mat src = cvtest::randomMat(theRNG(), Size(1000, 1000), CV_8UC1, 0, 255, true);
    expectSameAsOneDeviceAndOpenCV(src, Size(), 2, 2, devices, (int)devices.size(), "no budget");
    const size_t budget = (size_t)512 << 10;
    ASSERT_GT(cv::clruntime::detail::keptBandDeviceBytes(devices), budget * devices.size())
        << "the call without a budget should keep bands bigger than the budget";
    devices.setMemoryBudget(budget);
    Mat dst;
    cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices);
    Mat expected;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
    EXPECT_LE(cv::clruntime::detail::keptBandDeviceBytes(devices), budget * devices.size());
    // Again, with a call of one band a device under the budget: the slots it does not
    // take give their bigger buffers back as well (at the stream's start).
    devices.setMemoryBudget(0);
    cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices);
    ASSERT_GT(cv::clruntime::detail::keptBandDeviceBytes(devices), budget * devices.size());
    devices.setMemoryBudget(budget);
    const Mat small = src(Rect(0, 0, 40, 2 * (int)devices.size()));
    cv::clresize::resize(small, dst, Size(), 2, 2, INTER_CUBIC, devices);
    cv::resize(small, expected, Size(), 2, 2, INTER_CUBIC);
    EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
    EXPECT_LE(cv::clruntime::detail::keptBandDeviceBytes(devices), budget * devices.size());
}

// A strong reduction of the height within a budget that holds the source rows of
// one output row (about 7) but not scaleY of them for every output row: it runs.
TEST(Clresize_MultiDevice, strongReductionWithinBudget)
{
    DeviceSet devices = testDevices();
    Mat src = cvtest::randomMat(theRNG(), Size(200, 3000), CV_8UC1, 0, 255, true), expected, dst;
    cv::resize(src, expected, Size(200, 3), 0, 0, INTER_CUBIC);
    devices.setMemoryBudget(200000);
    cv::clresize::resize(src, dst, Size(200, 3), 0, 0, INTER_CUBIC, devices);
    EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
}

// A caller that makes a new context for every call: the band slots (pinned host
// memory, device buffers) of the pairs of context and device used longest ago are
// freed, 8 pairs at most kept.
TEST(Clresize_MultiDevice, keptSlotsForFewContexts)
{
    const ocl::OpenCLExecutionContext first = ocl::OpenCLExecutionContext::getCurrent();
    Mat src = cvtest::randomMat(theRNG(), Size(200, 100), CV_8UC1, 0, 255, true), expected;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    for (int i = 0; i < 12; i++)
    {
        ocl::OpenCLExecutionContext other;
        ASSERT_NO_FATAL_FAILURE(clruntime_test::anotherContext(first, other));
        Mat dst;
        cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, DeviceSet(std::vector<ocl::OpenCLExecutionContext>{ other }));
        EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << "context " << i;
        EXPECT_LE(cv::clruntime::detail::keptBandSlotDevices(), (size_t)8) << "context " << i;
    }
}

// A call over more pairs of context and device than are kept otherwise (ten
// contexts of one device here): every pair of the call keeps its slots, so that the
// next call pins no memory again; a later call over one new context then frees all
// but 8 pairs' slots.
TEST(Clresize_MultiDevice, keptSlotsForEveryDeviceOfACall)
{
    const ocl::OpenCLExecutionContext first = ocl::OpenCLExecutionContext::getCurrent();
    std::vector<ocl::OpenCLExecutionContext> contexts(10);
    for (ocl::OpenCLExecutionContext& c : contexts)
        ASSERT_NO_FATAL_FAILURE(clruntime_test::anotherContext(first, c));
    const DeviceSet ten(contexts);
    Mat src = cvtest::randomMat(theRNG(), Size(200, 100), CV_8UC1, 0, 255, true), expected;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    for (int call = 0; call < 2; call++)
    {
        Mat dst;
        cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, ten);
        EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << "call " << call;
        EXPECT_LE((size_t)10, cv::clruntime::detail::keptBandSlotDevices()) << "call " << call;
        for (size_t d = 0; d < ten.size(); d++)
            EXPECT_LT((size_t)0, cv::clruntime::detail::keptBandDeviceBytes(DeviceSet(std::vector<ocl::OpenCLExecutionContext>{
                contexts[d] }))) << "call " << call << ", context " << d << ": no slots kept";
    }
    ocl::OpenCLExecutionContext other;
    ASSERT_NO_FATAL_FAILURE(clruntime_test::anotherContext(first, other));
    Mat dst;
    cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, DeviceSet(std::vector<ocl::OpenCLExecutionContext>{ other }));
    EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
    EXPECT_EQ((size_t)8, cv::clruntime::detail::keptBandSlotDevices());
}

TEST(Clresize_MultiDevice, badDeviceLists)
{
    expectError(Error::StsOutOfRange, [] { DeviceSet::ofPlatform(currentDeviceType(), { 99 }); },
                "index past the last device");
    expectError(Error::StsOutOfRange, [] { DeviceSet::ofPlatform(currentDeviceType(), { -1 }); }, "negative index");
    expectError(Error::StsBadArg, [] { DeviceSet::ofPlatform(currentDeviceType(), { 0, 0 }); }, "index given twice");
    expectError(Error::StsBadArg, [] { DeviceSet(std::vector<ocl::OpenCLExecutionContext>(1)); }, "empty context");
    expectError(Error::StsObjectNotFound, [] { DeviceSet::ofPlatform(ocl::Device::TYPE_ACCELERATOR); },
                "no device of the type");
    expectError(Error::StsBadArg, [] { DeviceSet::ofPlatform(ocl::Device::TYPE_DGPU); }, "OpenCV's TYPE_DGPU");
    expectError(Error::StsBadArg, [] { DeviceSet::ofPlatform(ocl::Device::TYPE_IGPU); }, "OpenCV's TYPE_IGPU");
    Mat src(16, 16, CV_8UC1, Scalar(7)), dst;
    expectError(Error::StsBadArg, [&] { cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, DeviceSet()); },
                "empty set");
}

// OpenCV's TYPE_ALL, an int of -1 once passed: every device of the platform, the
// current device's type among them.
TEST(Clresize_MultiDevice, allDeviceTypes)
{
    const size_t all = DeviceSet::ofPlatform(ocl::Device::TYPE_ALL).size();
    EXPECT_EQ(all, DeviceSet::ofPlatform(-1).size());
    EXPECT_LE(DeviceSet::ofPlatform(currentDeviceType()).size(), all);
    EXPECT_EQ((size_t)1, DeviceSet::ofPlatform(ocl::Device::TYPE_ALL, { 0 }).size());
}

using clruntime_test::pinnedCopy;

// Mats of the pinned allocator: their views are pinned, other Mats are not, and
// with OpenCL off it gives ordinary memory.
TEST(Clresize_PinnedMemory, allocator)
{
    Mat pinned;
    pinned.allocator = cv::clruntime::getPinnedAllocator();
    pinned.create(300, 401, CV_16UC3);
    ASSERT_TRUE(cv::clruntime::isPinned(pinned));
    EXPECT_TRUE(cv::clruntime::isPinned(pinned(Rect(5, 7, 100, 50))));
    EXPECT_TRUE(pinned.isContinuous());
    randu(pinned, 0, 65535);
    Mat copy = pinned.clone();   // OpenCV's allocator
    EXPECT_FALSE(cv::clruntime::isPinned(copy));
    EXPECT_EQ(0, cvtest::norm(copy, pinned, NORM_INF));
    EXPECT_FALSE(cv::clruntime::isPinned(Mat(4, 4, CV_8UC1, pinned.data)));   // a header over its memory
    EXPECT_FALSE(cv::clruntime::isPinned(Mat()));
    pinned.create(1, 1, CV_64FC4);   // released and made again
    EXPECT_TRUE(cv::clruntime::isPinned(pinned));
    Mat empty;
    empty.allocator = cv::clruntime::getPinnedAllocator();
    empty.create(0, 5, CV_8UC1);
    EXPECT_TRUE(empty.empty());
    {
        ocl::setUseOpenCL(false);
        Mat plain;
        plain.allocator = cv::clruntime::getPinnedAllocator();
        plain.create(64, 64, CV_8UC1);
        ocl::setUseOpenCL(true);
        EXPECT_FALSE(cv::clruntime::isPinned(plain));
        plain.setTo(3);
        EXPECT_EQ(64 * 64 * 3, cv::sum(plain)[0]);
    }
    // A pinned Mat as a UMat and back.
    UMat u;
    pinned.copyTo(u);
    EXPECT_EQ(0, cvtest::norm(pinned, u.getMat(ACCESS_READ), NORM_INF));
}

// Host images in pinned memory go to the devices and back with no host copies
// (none staged), continuous or views with offsets, with or without a budget,
// bit-identical to OpenCV.
TEST(Clresize_MultiDevice, pinnedHostImages)
{
    DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_8UC3, CV_16SC4, CV_32FC1, CV_64FC2 })
        for (Size size : { Size(1, 1), Size(123, 77), Size(31, 500) })
            for (double scale : { 2.0, 0.45 })
                for (size_t budget : { (size_t)0, (size_t)200 << 10 })
                    for (int border : { 0, 3 })
                    {
                        if (saturate_cast<int>(size.width * scale) == 0)
                            continue;
                        devices.setMemoryBudget(budget);
                        const Mat src = pinnedCopy(cvtest::randomMat(rng, size, type, 0, 255, false), border);
                        Mat expected;
                        cv::resize(src, expected, Size(), scale, scale, INTER_CUBIC);
                        Mat dst = pinnedCopy(Mat::zeros(expected.size(), type), border);
                        const std::string what = cv::format("%s %dx%d x%.2f, budget %zu, border %d",
                                                            cvtest::getTypeName(type), size.width, size.height,
                                                            scale, budget, border);
                        clruntime_test::expectStagedBytes(0, [&] {
                            cv::clresize::resize(src, dst, Size(), scale, scale, INTER_CUBIC, devices);
                        }, what);
                        EXPECT_TRUE(cv::clruntime::isPinned(dst)) << what;
                        EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF)) << what;
                    }
    // A pinned source into an ordinary output: the output goes through staging.
    devices.setMemoryBudget(0);
    const Mat src = pinnedCopy(cvtest::randomMat(rng, Size(200, 100), CV_8UC1, 0, 255, false));
    Mat dst, expected;
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    clruntime_test::expectStagedBytes(expected.total(), [&] {
        cv::clresize::resize(src, dst, Size(), 2, 2, INTER_CUBIC, devices);
    }, "pinned source only");
    EXPECT_EQ(0, cvtest::norm(expected, dst, NORM_INF));
}

// Several threads splitting their images over the same devices at once, pinned
// and ordinary images, with and without a budget: streams of one context share
// its kept slots and the host's copy threads.
TEST(Clresize_MultiDevice, severalThreads)
{
    const int threads = 4;
    std::vector<Mat> images(threads), expected(threads);
    for (int t = 0; t < threads; t++)
    {
        const Mat values = cvtest::randomMat(theRNG(), Size(157 + 31 * t, 203), t % 2 ? CV_8UC3 : CV_32FC1, 0, 255, false);
        images[t] = t < 2 ? pinnedCopy(values, t) : values;
        cv::resize(images[t], expected[t], Size(), 2, 2, INTER_CUBIC);
    }
    // Also with the host's copies in more parts than the host has threads for.
    for (int copyParts : { 0, 5 })
    {
        clruntime_test::ForcedCopyThreads forced(copyParts);
        clruntime_test::expectSameOnThreads(
            threads, 10,
            [&](int t) {
                DeviceSet devices = testDevices();
                devices.setMemoryBudget(t % 2 ? (size_t)300 << 10 : 0);
                Mat dst;
                cv::clresize::resize(images[t], dst, Size(), 2, 2, INTER_CUBIC, devices);
                return cvtest::norm(expected[t], dst, NORM_INF) == 0;
            },
            [&](int t) { return cv::format("thread %d, %d copy parts", t, copyParts); });
    }
}

// What the device set does not take goes where resize() sends it.
TEST(Clresize_MultiDevice, otherCallsAsOneDevice)
{
    const DeviceSet devices = testDevices();
    Mat src = cvtest::randomMat(theRNG(), Size(45, 31), CV_8UC3, 0, 255, true), expected, viaMat;
    UMat usrc, viaUMat;
    src.copyTo(usrc);
    cv::resize(src, expected, Size(), 2, 2, INTER_CUBIC);
    expectLaunches(1, [&] { cv::clresize::resize(usrc, viaUMat, Size(), 2, 2, INTER_CUBIC, devices); });
    EXPECT_EQ(0, cvtest::norm(expected, viaUMat.getMat(ACCESS_READ), NORM_INF));
    cv::resize(src, expected, Size(), 2, 2, INTER_LINEAR);
    expectLaunches(0, [&] { cv::clresize::resize(src, viaMat, Size(), 2, 2, INTER_LINEAR, devices); });
    EXPECT_EQ(0, cvtest::norm(expected, viaMat, NORM_INF));
    expectLaunches(0, [&] { cv::clresize::resize(src, viaMat, src.size(), 0, 0, INTER_CUBIC, devices); });
    EXPECT_EQ(0, cvtest::norm(src, viaMat, NORM_INF));
}

}} // namespace
