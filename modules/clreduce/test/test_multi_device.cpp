// countNonZero, sum and minMaxLoc of a host image over several OpenCL devices
// (clruntime::DeviceSet). CTest runs these with two PoCL devices.
#include "test_precomp.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace opencv_test { namespace {

using namespace clreduce_test;
using cv::clruntime::DeviceSet;
using clruntime_test::testDevices;

// The three reductions of `src` (and `mask` for minMaxLoc) over `devices` against
// OpenCV's CPU results; each band launches one kernel per call.
static void expectAsOpenCV(const Mat& src, const Mat& mask, const DeviceSet& devices, int bands,
                           const std::string& what)
{
    const int depth = src.depth();
    if (src.channels() == 1)
    {
        int count = -1;
        expectOclLaunches(bands, [&] { count = cv::clreduce::countNonZero(src, devices); });
        EXPECT_EQ(cv::countNonZero(src), count) << what;

        double minV = 0, maxV = 0, eMinV = 0, eMaxV = 0;
        Point minL, maxL, eMinL, eMaxL;
        cv::minMaxLoc(src, &eMinV, &eMaxV, &eMinL, &eMaxL, mask);
        expectOclLaunches(bands, [&] { cv::clreduce::minMaxLoc(src, &minV, &maxV, &minL, &maxL, mask, devices); });
        EXPECT_EQ(eMinV, minV) << what;
        EXPECT_EQ(eMaxV, maxV) << what;
        EXPECT_EQ(eMinL, minL) << what;
        EXPECT_EQ(eMaxL, maxL) << what;
    }
    // Floating-point input against the one-device call: both add in double, in
    // another order (OpenCV's CPU code rounds partial sums to float).
    Scalar s, expected;
    if (depth >= CV_32F)
    {
        UMat usrc;
        src.copyTo(usrc);
        expected = cv::clreduce::sum(usrc);
    }
    else
        expected = cv::sum(src);
    expectOclLaunches(bands, [&] { s = cv::clreduce::sum(src, devices); });
    const double bound = 1e-12 * std::max(1.0, cvtest::norm(src, NORM_L1));
    for (int c = 0; c < 4; c++)
        if (depth >= CV_32F)
            EXPECT_LE(std::abs(s[c] - expected[c]), bound) << what;
        else
            EXPECT_EQ(expected[c], s[c]) << what;
}

TEST(Clreduce_MultiDevice, matchesOpenCV)
{
    const DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    const Size sizes[] = { Size(1, 1), Size(7, 5), Size(333, 1), Size(1, 777), Size(640, 480), Size(1023, 255),
                           Size(rng.uniform(1, 700), rng.uniform(1, 300)) };
    for (int type : { CV_8UC1, CV_8SC1, CV_16UC1, CV_16SC1, CV_32SC1, CV_32FC1, CV_64FC1, CV_8UC3, CV_32FC4 })
        for (Size size : sizes)
        {
            // Few distinct values: many zeros and ties between the bands.
            RoiPair p = makeRoiPair(rng, size, type, true, -3, 4);
            Mat mask(size, CV_8UC1);
            rng.fill(mask, RNG::UNIFORM, 0, 2);
            const int bands = std::min(size.height, (int)devices.size());
            const std::string what = cv::format("%s %dx%d", cvtest::getTypeName(type), size.width, size.height);
            expectAsOpenCV(p.roi, Mat(), devices, bands, what);
            if (CV_MAT_CN(type) == 1)
            {
                double minV, maxV, eMinV, eMaxV;
                Point minL, maxL, eMinL, eMaxL;
                cv::minMaxLoc(p.roi, &eMinV, &eMaxV, &eMinL, &eMaxL, mask);
                expectOclLaunches(bands, [&] { cv::clreduce::minMaxLoc(p.roi, &minV, &maxV, &minL, &maxL, mask, devices); });
                EXPECT_EQ(eMinV, minV) << what << " masked";
                EXPECT_EQ(eMaxV, maxV) << what << " masked";
                EXPECT_EQ(eMinL, minL) << what << " masked";
                EXPECT_EQ(eMaxL, maxL) << what << " masked";
            }
        }
}

// Pinned host images (and masks) reach the devices with no host copies, views with
// offsets too, with or without a budget (many bands).
TEST(Clreduce_MultiDevice, pinnedHostImages)
{
    DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_16SC1, CV_32FC1, CV_8UC3 })
        for (Size size : { Size(1, 1), Size(333, 1), Size(640, 480), Size(97, 301) })
            for (size_t budget : { (size_t)0, (size_t)60 << 10 })
                for (int border : { 0, 5 })
                {
                    devices.setMemoryBudget(budget);
                    Mat values(size, type);
                    rng.fill(values, RNG::UNIFORM, -3, 4);
                    const Mat src = clruntime_test::pinnedCopy(values, border);
                    Mat maskValues(size, CV_8UC1);
                    rng.fill(maskValues, RNG::UNIFORM, 0, 2);
                    const Mat mask = clruntime_test::pinnedCopy(maskValues, border);
                    const std::string what = cv::format("%s %dx%d, budget %zu, border %d", cvtest::getTypeName(type),
                                                        size.width, size.height, budget, border);
                    // The bands of an image without a mask: its rows and a 32-byte result each.
                    const int bands = cv::clruntime::sameBandsOnEveryDevice(
                        cv::clruntime::bandCount(devices, size.height, (double)size.width * src.elemSize(), 32, "",
                                                 cv::clruntime::BandStream::SLOTS,
                                                 cv::clruntime::BandStream::MAX_PINNED_BAND_BYTES),
                        size.height, devices);
                    clruntime_test::expectStagedBytes(0, [&] {
                        expectAsOpenCV(src, budget ? Mat() : mask, devices, bands, what);
                    }, what);
                }
}

// Many bands (a small memory budget), extremes tied across bands: the first
// occurrence in the whole image wins; a mask that selects nothing. The bands are
// streamed: SLOTS bands in flight on a device, each its rows (and mask rows) and
// its 32-byte result.
TEST(Clreduce_MultiDevice, bandsWithinMemoryBudget)
{
    DeviceSet devices = testDevices();
    Mat img(101, 37, CV_16SC1, Scalar(0)), none(img.size(), CV_8UC1, Scalar(0));
    img.at<short>(77, 3) = 900;   // in a later band
    img.at<short>(40, 30) = 900;  // the first occurrence
    img.at<short>(90, 1) = -900;
    img.at<short>(41, 0) = -900;
    for (size_t rowsPerBand : { 1, 3, 10 })
    {
        devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (rowsPerBand * img.cols * img.elemSize() + 32));
        const int bands = cv::clruntime::sameBandsOnEveryDevice((int)((img.rows + rowsPerBand - 1) / rowsPerBand),
                                                                img.rows, devices);
        expectAsOpenCV(img, Mat(), devices, bands, cv::format("%d rows per band", (int)rowsPerBand));
        double minV = 1, maxV = 1;
        Point minL, maxL;
        cv::clreduce::minMaxLoc(img, &minV, &maxV, &minL, &maxL, none, devices.setMemoryBudget(0));
        EXPECT_EQ(0, minV);
        EXPECT_EQ(0, maxV);
        EXPECT_EQ(Point(-1, -1), minL);
        EXPECT_EQ(Point(-1, -1), maxL);

        // A mask that hides the first occurrences, streamed with the image rows.
        Mat mask(img.size(), CV_8UC1, Scalar(1));
        mask.at<uchar>(40, 30) = 0;
        mask.at<uchar>(41, 0) = 0;
        mask.rowRange(0, 20).setTo(0);   // bands that select nothing
        devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (rowsPerBand * img.cols * (img.elemSize() + 1) + 32));
        double eMinV, eMaxV;
        Point eMinL, eMaxL;
        cv::minMaxLoc(img, &eMinV, &eMaxV, &eMinL, &eMaxL, mask);
        expectOclLaunches(bands, [&] { cv::clreduce::minMaxLoc(img, &minV, &maxV, &minL, &maxL, mask, devices); });
        EXPECT_EQ(eMinV, minV);
        EXPECT_EQ(eMaxV, maxV);
        EXPECT_EQ(eMinL, minL);
        EXPECT_EQ(eMaxL, maxL);
        EXPECT_EQ(Point(3, 77), maxL);
    }
    devices.setMemoryBudget(img.cols * img.elemSize() - 1);
    const int code = exceptionCode([&] { cv::clreduce::countNonZero(img, devices); });
    EXPECT_EQ(Error::StsBadArg, code);
}

// A band that fails part-way (a transfer refused before or after its kernels):
// the call reports the fallback and gives OpenCV's result.
TEST(Clreduce_MultiDevice, failingBand)
{
    DeviceSet devices = testDevices();
    Mat img(101, 37, CV_16SC1);
    randu(img, -1000, 1000);
    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (3 * img.cols * img.elemSize() + 32));   // 34 bands
    double eMinV, eMaxV, minV, maxV;
    Point eMinL, eMaxL, minL, maxL;
    cv::minMaxLoc(img, &eMinV, &eMaxV, &eMinL, &eMaxL);
    for (bool afterKernels : { false, true })
        for (int failing : { 0, 1, 20 })
        {
            const std::string what = cv::format("band %d fails %s its kernels", failing, afterKernels ? "after" : "before");
            const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
            cv::clruntime::detail::failBandSubmit(failing, afterKernels);
            cv::clreduce::minMaxLoc(img, &minV, &maxV, &minL, &maxL, noArray(), devices);
            cv::clruntime::detail::failBandSubmit(-1, false);
            EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << what;
            EXPECT_EQ(eMinV, minV) << what;
            EXPECT_EQ(eMaxV, maxV) << what;
            EXPECT_EQ(eMinL, minL) << what;
            EXPECT_EQ(eMaxL, maxL) << what;
        }
    EXPECT_EQ(cv::countNonZero(img), cv::clreduce::countNonZero(img, devices));
}

// The host can start no thread for the devices (as under a limit of processes), or
// has no memory for one: a streamed call reports the fallback and gives OpenCV's
// result, runBands runs its bands on the calling thread with each device's context
// bound in turn, and the calls after run on the devices again. With no memory for
// the slots of one device's stream, a streamed call falls back too.
TEST(Clreduce_MultiDevice, noHostThreadOrMemory)
{
    DeviceSet devices = testDevices();
    Mat img(301, 203, CV_8UC1);
    randu(img, 0, 3);
    const int expected = cv::countNonZero(img);
    const int bands = 5;
    using namespace clruntime_test;
    for (HostFailure failure : { NO_THREAD, NO_MEMORY_FOR_THREAD })
    {
        std::vector<void*> contexts(bands, NULL);
        std::vector<std::thread::id> threads(bands);
        uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        int count = -1;
        withHostFailure(failure, [&] {
            count = cv::clreduce::countNonZero(img, devices);
            cv::clruntime::runBands(devices, bands, [&](int b) {
                contexts[b] = cv::ocl::Context::getDefault().ptr();
                threads[b] = std::this_thread::get_id();
            });
        });
        EXPECT_EQ(expected, count) << describe(failure);
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "no fallback reported: " << describe(failure);
        for (int b = 0; b < bands; b++)
        {
            EXPECT_EQ(devices.context(b % devices.size()).getContext().ptr(), contexts[b]) << "band " << b;
            EXPECT_EQ(std::this_thread::get_id(), threads[b]) << "band " << b;
        }
        fallbacks = cv::clruntime::detail::fallbackCount();
        EXPECT_EQ(expected, cv::clreduce::countNonZero(img, devices));
        EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount());
    }
    uint64 fallbacks = cv::clruntime::detail::fallbackCount();
    int count = -1;
    withHostFailure(NO_MEMORY_FOR_STREAM, [&] { count = cv::clreduce::countNonZero(img, devices); });
    EXPECT_EQ(expected, count) << describe(NO_MEMORY_FOR_STREAM);
    EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "no fallback reported: "
                                                               << describe(NO_MEMORY_FOR_STREAM);
}

// clruntime::streamBands hands the first SLOTS rounds of bands to the devices in
// turn (band b to device b % devices), whichever thread starts first; the rest go
// to whichever device is free. Every band runs once, and a band that throws ends
// the call with its exception after no more than the bands already begun.
TEST(Clreduce_MultiDevice, bandsHandedOutInTurn)
{
    DeviceSet devices = testDevices();
    const int n = (int)devices.size(), slots = cv::clruntime::BandStream::SLOTS;
    for (int bands : { 1, n, 2 * n, n * slots, n * slots + 5 })
        for (int call = 0; call < 5; call++)
        {
            std::mutex lock;
            std::vector<void*> contextOf(bands, NULL);
            std::vector<int> runs(bands, 0);
            ASSERT_TRUE(cv::clruntime::streamBands(devices, bands, "test", [&](int b, cv::clruntime::BandStream&) {
                std::lock_guard<std::mutex> guard(lock);
                contextOf.at(b) = cv::ocl::Context::getDefault().ptr();
                runs.at(b)++;
            }));
            for (int b = 0; b < bands; b++)
            {
                EXPECT_EQ(1, runs[b]) << "band " << b << " of " << bands;
                if (b < std::min(bands, n * slots))
                {
                    EXPECT_EQ(devices.context(b % n).getContext().ptr(), contextOf[b]) << "band " << b << " of " << bands;
                }
            }
        }
    std::atomic<int> begun(0);
    EXPECT_THROW(cv::clruntime::streamBands(devices, 40, "test", [&](int b, cv::clruntime::BandStream&) {
                     begun++;
                     if (b == 3)
                         CV_Error(Error::StsError, "band 3 throws");
                 }),
                 cv::Exception);
    EXPECT_LT(begun.load(), 40);
}

// Guard rows around every band's result on the device (clruntime::detail::
// setBandGuardRows) stay as they were, and the results are OpenCV's: each band's
// kernel writes its result where the band's output view starts.
TEST(Clreduce_MultiDevice, noWritesOutsideBands)
{
    DeviceSet devices = testDevices();
    RNG& rng = theRNG();
    for (int type : { CV_8UC1, CV_32FC1 })
        for (int rowsPerBand : { 1, 7 })
        {
            Mat img(45, 301, type), mask(img.size(), CV_8UC1);
            rng.fill(img, RNG::UNIFORM, -1, 3);
            rng.fill(mask, RNG::UNIFORM, 0, 2);
            devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (rowsPerBand * img.cols * (img.elemSize() + 1) + 32));
            const std::string what = cv::format("%s, %d rows per band", cvtest::getTypeName(type), rowsPerBand);
            const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
            clruntime_test::expectGuardRowsKept([&] {
                EXPECT_EQ(cv::countNonZero(img), cv::clreduce::countNonZero(img, devices)) << what;
                // Floats against the one-device call, which adds in double too (as matchesOpenCV).
                UMat uimg;
                img.copyTo(uimg);
                const Scalar expSum = type == CV_32FC1 ? cv::clreduce::sum(uimg) : cv::sum(img);
                EXPECT_LE(std::abs(expSum[0] - cv::clreduce::sum(img, devices)[0]), type == CV_32FC1 ? 1e-9 : 0.0) << what;
                double expMin, expMax, minV, maxV;
                Point expMinLoc, expMaxLoc, minLoc, maxLoc;
                cv::minMaxLoc(img, &expMin, &expMax, &expMinLoc, &expMaxLoc, mask);
                cv::clreduce::minMaxLoc(img, &minV, &maxV, &minLoc, &maxLoc, mask, devices);
                EXPECT_EQ(expMin, minV) << what;
                EXPECT_EQ(expMax, maxV) << what;
                EXPECT_EQ(expMinLoc, minLoc) << what;
                EXPECT_EQ(expMaxLoc, maxLoc) << what;
            }, what);
            EXPECT_EQ(fallbacks, cv::clruntime::detail::fallbackCount()) << what << ": the bands ran on the devices";
        }
}

// clruntime::bandCount of an image of no rows: one band, streamed or not, with a memory
// budget or without.
TEST(Clreduce_MultiDevice, bandCountOfNoRows)
{
    DeviceSet devices = testDevices();
    for (size_t budget : { (size_t)0, (size_t)1 << 20 })
    {
        devices.setMemoryBudget(budget);
        EXPECT_EQ(1, cv::clruntime::bandCount(devices, 0, 64, 32, "test")) << "budget " << budget;
        EXPECT_EQ(1, cv::clruntime::bandCount(devices, 0, 64, 32, "test", cv::clruntime::BandStream::SLOTS))
            << "budget " << budget;
    }
}

// After the handed-out rounds a device takes a band only once it has a free slot:
// a device whose bands are slow to retire (here its retire functions wait until
// every band has been taken, 10 s at most) takes none of the rest while another
// device is free, so the last bands of a call go to the devices that finish first.
TEST(Clreduce_MultiDevice, bandsTakenWhenSlotFree)
{
    DeviceSet devices = testDevices();
    ASSERT_GE(devices.size(), (size_t)2) << "this test needs two devices (CLX_TEST_DEVICES=2)";
    const int slots = cv::clruntime::BandStream::SLOTS, handedOut = 2 * slots, bands = handedOut + 10;
    devices = DeviceSet({ devices.context(0), devices.context(1) });
    const void* slowContext = devices.context(0).getContext().ptr();
    std::mutex lock;
    std::condition_variable taken;
    std::vector<int> deviceOf(bands, -1);
    int takenBands = 0;
    const Mat row(1, 64, CV_8UC1, Scalar(7));
    ASSERT_TRUE(cv::clruntime::streamBands(devices, bands, "test", [&](int b, cv::clruntime::BandStream& stream) {
        const bool slow = cv::ocl::Context::getDefault().ptr() == slowContext;
        {
            std::lock_guard<std::mutex> guard(lock);
            deviceOf.at(b) = slow ? 0 : 1;
            if (++takenBands == bands)
                taken.notify_all();
        }
        ASSERT_TRUE(stream.submit(
            row, { { row.size(), CV_8UC1, Mat(), 0 } },
            [](const UMat& in, const std::vector<UMat>& out) {
                in.copyTo(out[0]);
                return true;
            },
            [&, slow](const std::vector<Mat>& results) {
                EXPECT_EQ(0, cvtest::norm(row, results.at(0), NORM_INF));
                std::unique_lock<std::mutex> guard(lock);
                if (slow)
                    taken.wait_for(guard, std::chrono::seconds(10), [&] { return takenBands == bands; });
            }));
    }));
    for (int b = 0; b < bands; b++)
        EXPECT_EQ(b < handedOut ? b % 2 : 1, deviceOf[b]) << "band " << b;
}

// A band whose downloads end with an error (a transfer the device could not finish):
// its retire function hears of it, with no results, so that what waits for that band
// can stop waiting (the integral's carries do); the call reports the fallback and
// comes back false, the other bands retired with their rows.
TEST(Clreduce_MultiDevice, failedDownloadTellsItsBand)
{
    const DeviceSet devices = testDevices();
    const Mat row(1, 64, CV_8UC1, Scalar(7));
    for (int failing : { 0, 4 })
    {
        std::mutex lock;
        int told = 0;
        const uint64 fallbacks = cv::clruntime::detail::fallbackCount();
        cv::clruntime::detail::failBandDownload(failing);
        const bool finished = cv::clruntime::streamBands(devices, 12, "test", [&](int, cv::clruntime::BandStream& stream) {
            stream.submit(
                row, { { row.size(), CV_8UC1, Mat(), 0 } },
                [](const UMat& in, const std::vector<UMat>& out) {
                    in.copyTo(out[0]);
                    return true;
                },
                [&](const std::vector<Mat>& results) {
                    std::lock_guard<std::mutex> guard(lock);
                    if (results.empty())
                        told++;
                    else
                        EXPECT_EQ(0, cvtest::norm(row, results.at(0), NORM_INF));
                });
        });
        cv::clruntime::detail::failBandDownload(-1);
        EXPECT_FALSE(finished) << "downloads " << failing;
        EXPECT_EQ(1, told) << "downloads " << failing;
        EXPECT_LT(fallbacks, cv::clruntime::detail::fallbackCount()) << "downloads " << failing;
    }
}

// A call's device threads stay with their devices: once a thread has run a
// device's bands, no later call gives it another device's, whatever order the
// device set lists them in (its kernel caches and the driver's state for that
// device stay warm).
TEST(Clreduce_MultiDevice, deviceThreadsStayWithTheirDevice)
{
    const DeviceSet devices = testDevices();
    ASSERT_GE(devices.size(), (size_t)2) << "this test needs two devices (CLX_TEST_DEVICES=2)";
    const DeviceSet reversed({ devices.context(1), devices.context(0) });
    std::mutex lock;
    std::map<std::thread::id, std::set<void*>> devicesOf;
    for (int call = 0; call < 20; call++)
    {
        const DeviceSet& set = call % 3 == 1 ? reversed : devices;
        ASSERT_TRUE(cv::clruntime::streamBands(set, 2, "test", [&](int, cv::clruntime::BandStream&) {
            std::lock_guard<std::mutex> guard(lock);
            devicesOf[std::this_thread::get_id()].insert(cv::ocl::Device::getDefault().ptr());
        }));
    }
    EXPECT_GE(devicesOf.size(), (size_t)2);
    for (const auto& t : devicesOf)
        EXPECT_EQ((size_t)1, t.second.size()) << "a device thread ran the bands of " << t.second.size() << " devices";
}

// What a device thread's work throws: streamBands calls `thrown` on that thread
// before it waits for the other threads, then throws it again. Band 1 waits for what
// band 0 was to give (as the integral's bands wait for carries), which only `thrown`
// lets go; without it the call would hang (here: the wait gives up after a minute).
// Band 0 throws once band 1 waits (else band 1's thread might see the stop first and
// never run).
TEST(Clreduce_MultiDevice, streamBandsTellsOfAThrow)
{
    const DeviceSet devices = testDevices();
    ASSERT_GE(devices.size(), (size_t)2) << "this test needs two devices (CLX_TEST_DEVICES=2)";
    std::mutex lock;
    std::condition_variable changed;
    bool waiting = false, released = false, gaveUp = false;
    int thrownCalls = 0;
    EXPECT_THROW(cv::clruntime::streamBands(devices, 2, "test", [&](int band, cv::clruntime::BandStream&) {
        std::unique_lock<std::mutex> guard(lock);
        if (band == 0)
        {
            gaveUp = !changed.wait_for(guard, std::chrono::seconds(60), [&] { return waiting; });
            throw std::bad_alloc();
        }
        waiting = true;
        changed.notify_all();
        gaveUp = !changed.wait_for(guard, std::chrono::seconds(60), [&] { return released; });
    }, [&] {
        std::lock_guard<std::mutex> guard(lock);
        released = true;
        thrownCalls++;
        changed.notify_all();
    }), std::bad_alloc);
    EXPECT_EQ(1, thrownCalls);
    EXPECT_TRUE(waiting) << "band 1 never ran";
    EXPECT_FALSE(gaveUp) << "a band waited for a minute: `thrown` was not called before the threads were waited for";
}

// Streamed bands of floats where the first bands hold only NaNs (their results
// are skipped), and a band with infinities.
TEST(Clreduce_MultiDevice, bandsOfNaNs)
{
    DeviceSet devices = testDevices();
    Mat img(60, 17, CV_32FC1);
    randu(img, -5, 5);
    img.rowRange(0, 25).setTo(std::numeric_limits<float>::quiet_NaN());
    img.at<float>(50, 3) = std::numeric_limits<float>::infinity();
    devices.setMemoryBudget(cv::clruntime::BandStream::SLOTS * (10 * img.cols * img.elemSize() + 32));
    int count = -1;
    expectOclLaunches(6, [&] { count = cv::clreduce::countNonZero(img, devices); });
    EXPECT_EQ(cv::countNonZero(img), count);
    double minV = 0, maxV = 0, eMinV = 0, eMaxV = 0;
    Point minL, maxL, eMinL, eMaxL;
    cv::minMaxLoc(img, &eMinV, &eMaxV, &eMinL, &eMaxL);
    expectOclLaunches(6, [&] { cv::clreduce::minMaxLoc(img, &minV, &maxV, &minL, &maxL, noArray(), devices); });
    EXPECT_EQ(eMinV, minV);
    EXPECT_EQ(eMaxV, maxV);
    EXPECT_EQ(eMinL, minL);
    EXPECT_EQ(eMaxL, maxL);
    EXPECT_TRUE(cvIsNaN(cv::clreduce::sum(img, devices)[0]));

    // Only NaNs: as the one-device call.
    img.setTo(std::numeric_limits<float>::quiet_NaN());
    expectOclLaunches(6, [&] { cv::clreduce::minMaxLoc(img, &minV, &maxV, &minL, &maxL, noArray(), devices); });
    UMat uimg;
    img.copyTo(uimg);
    cv::clreduce::minMaxLoc(uimg, &eMinV, &eMaxV, &eMinL, &eMaxL);   // the one-device call
    EXPECT_EQ(eMinV, minV);
    EXPECT_EQ(eMaxV, maxV);
    EXPECT_EQ(eMinL, minL);
    EXPECT_EQ(eMaxL, maxL);
}

TEST(Clreduce_MultiDevice, otherCallsAsOneDevice)
{
    const DeviceSet devices = testDevices();
    RoiPair p = makeRoiPair(theRNG(), Size(65, 33), CV_8UC1, true, 0, 3);
    expectOclLaunches(1, [&] { EXPECT_EQ(cv::countNonZero(p.roi), cv::clreduce::countNonZero(p.uroi, devices)); });
    expectOclLaunches(1, [&] { EXPECT_EQ(cv::sum(p.roi), cv::clreduce::sum(p.uroi, devices)); });
    Mat threeChannels(4, 4, CV_8UC3, Scalar::all(1)), wrongMask(5, 5, CV_8UC1);
    const int cnzCode = exceptionCode([&] { cv::countNonZero(threeChannels); });
    EXPECT_EQ(cnzCode, exceptionCode([&] { cv::clreduce::countNonZero(threeChannels, devices); }));
    double v;
    const int maskCode = exceptionCode([&] { cv::minMaxLoc(p.roi, &v, &v, 0, 0, wrongMask); });
    EXPECT_EQ(maskCode, exceptionCode([&] { cv::clreduce::minMaxLoc(p.roi, &v, &v, 0, 0, wrongMask, devices); }));
    EXPECT_EQ(0, cv::clreduce::countNonZero(Mat(), devices));
    cv::ocl::setUseOpenCL(false);   // OpenCV's own function, no kernel
    expectOclLaunches(0, [&] { EXPECT_EQ(cv::countNonZero(p.roi), cv::clreduce::countNonZero(p.roi, devices)); });
    cv::ocl::setUseOpenCL(true);
    const DeviceSet none;
    const int c1 = exceptionCode([&] { cv::clreduce::countNonZero(p.roi, none); });
    const int c2 = exceptionCode([&] { cv::clreduce::sum(p.roi, none); });
    const int c3 = exceptionCode([&] { cv::clreduce::minMaxLoc(p.roi, &v, &v, 0, 0, noArray(), none); });
    EXPECT_EQ(Error::StsBadArg, c1);
    EXPECT_EQ(Error::StsBadArg, c2);
    EXPECT_EQ(Error::StsBadArg, c3);
}

// A depth the kernel does not take (16F; OpenCV 5's 64-bit integers too): OpenCV's
// function on the whole host image, its result or its exception, and no kernel.
TEST(Clreduce_MultiDevice, depthsTheKernelDoesNotTake)
{
    const DeviceSet devices = testDevices();
    std::vector<int> depths = { CV_16F };
#if CV_VERSION_MAJOR >= 5
    depths.push_back(CV_64S);
    depths.push_back(CV_32U);
#endif
    for (int depth : depths)
    {
        Mat img, values(37, 23, CV_32FC1), mask(values.size(), CV_8UC1);
        theRNG().fill(values, RNG::UNIFORM, -3, 4);
        values.convertTo(img, depth);
        theRNG().fill(mask, RNG::UNIFORM, 0, 2);
        const std::string what = cv::format("depth %d", depth);
        expectOclLaunches(0, [&] {
            int expectedCount = -1, count = -1;
            const int countCode = exceptionCode([&] { expectedCount = cv::countNonZero(img); });
            const int ourCountCode = exceptionCode([&] { count = cv::clreduce::countNonZero(img, devices); });
            EXPECT_EQ(countCode, ourCountCode) << what;
            EXPECT_EQ(expectedCount, count) << what;
            Scalar expectedSum(-1), sum(-1);
            const int sumCode = exceptionCode([&] { expectedSum = cv::sum(img); });
            const int ourSumCode = exceptionCode([&] { sum = cv::clreduce::sum(img, devices); });
            EXPECT_EQ(sumCode, ourSumCode) << what;
            EXPECT_EQ(expectedSum, sum) << what;
            double expectedMin = -1, expectedMax = -1, minV = -1, maxV = -1;
            Point expectedMinLoc, expectedMaxLoc, minLoc, maxLoc;
            const int minMaxCode = exceptionCode([&] {
                cv::minMaxLoc(img, &expectedMin, &expectedMax, &expectedMinLoc, &expectedMaxLoc, mask);
            });
            const int ourMinMaxCode = exceptionCode([&] {
                cv::clreduce::minMaxLoc(img, &minV, &maxV, &minLoc, &maxLoc, mask, devices);
            });
            EXPECT_EQ(minMaxCode, ourMinMaxCode) << what;
            EXPECT_EQ(expectedMin, minV) << what;
            EXPECT_EQ(expectedMax, maxV) << what;
            EXPECT_EQ(expectedMinLoc, minLoc) << what;
            EXPECT_EQ(expectedMaxLoc, maxLoc) << what;
        });
    }
}

// Several threads reducing their images over the same devices at once, pinned and
// ordinary images, with and without a budget (many bands or one per device).
TEST(Clreduce_MultiDevice, severalThreads)
{
    const int threads = 4;
    const int types[threads] = { CV_8UC1, CV_16UC1, CV_32FC1, CV_8UC1 };
    std::vector<Mat> images(threads), masks(threads);
    std::vector<int> counts(threads);
    std::vector<Scalar> sums(threads);
    std::vector<double> mins(threads), maxs(threads);
    std::vector<Point> minLocs(threads), maxLocs(threads);
    for (int t = 0; t < threads; t++)
    {
        Mat values;   // small integers, so that float sums are exact in any order
        cvtest::randomMat(theRNG(), Size(157 + 31 * t, 203 + 17 * t), CV_8UC1, 0, 4, false).convertTo(values, types[t]);
        images[t] = t < 2 ? clruntime_test::pinnedCopy(values, t) : values;
        masks[t] = t % 2 ? cvtest::randomMat(theRNG(), values.size(), CV_8UC1, 0, 2, false) : Mat();
        counts[t] = cv::countNonZero(images[t]);
        sums[t] = cv::sum(images[t]);
        cv::minMaxLoc(images[t], &mins[t], &maxs[t], &minLocs[t], &maxLocs[t], masks[t]);
    }
    clruntime_test::expectSameOnThreads(
        threads, 10,
        [&](int t) {
            DeviceSet devices = testDevices();
            devices.setMemoryBudget(t % 2 ? (size_t)40 << 10 : 0);
            double minV = 0, maxV = 0;
            Point minL, maxL;
            cv::clreduce::minMaxLoc(images[t], &minV, &maxV, &minL, &maxL, masks[t], devices);
            return cv::clreduce::countNonZero(images[t], devices) == counts[t] &&
                   cv::clreduce::sum(images[t], devices) == sums[t] &&
                   minV == mins[t] && maxV == maxs[t] && minL == minLocs[t] && maxL == maxLocs[t];
        },
        [&](int t) { return cv::format("thread %d", t); });
}

}} // namespace
