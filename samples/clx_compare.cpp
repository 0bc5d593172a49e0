// Runs the clx operations on an image (built in, or yours) and prints, for each,
// the result and the time of the clx call next to OpenCV's CPU and OpenCL calls.
//
//   clx_compare [--image=PATH | --size=WxH] [--iters=N] [--out=DIR] [--check]
//
// --image reads any format OpenCV reads, as 8-bit grey (the reductions take one channel).
//
// Drop-in use: the clx call takes the same arguments as OpenCV's:
//   int n = cv::countNonZero(umat);             // before
//   int n = cv::clreduce::countNonZero(umat);   // after
//   cv::clreduce::sum(umat), cv::clreduce::minMaxLoc(umat, &mn, &mx, &mnLoc, &mxLoc),
//   cv::clresize::resize(umat, out, size, 0, 0, cv::INTER_CUBIC) and
//   cv::clintegral::integral(umat, sum, sqsum, CV_32S, CV_64F) likewise.
// --out=DIR writes the image and its 2x cubic enlargement by clx there
// (clx_before.png, clx_after_cubic.png), for a person to look at.
// --check exits with an error when a clx result differs from OpenCV's CPU result
// or when the clx call did not run on an OpenCL device.
#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/clintegral.hpp>
#include <opencv2/clreduce.hpp>
#include <opencv2/clresize.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

// A synthetic test card: smooth gradients, a disc, and noise; a fifth of it zero.
static cv::Mat makeDefaultImage(cv::Size size)
{
    cv::Mat img(size, CV_8UC1);
    cv::RNG rng(20261122);
    for (int y = 0; y < size.height; y++)
    {
        uchar* row = img.ptr<uchar>(y);
        for (int x = 0; x < size.width; x++)
        {
            double dx = x - size.width / 2.0, dy = y - size.height / 2.0;
            bool inDisc = dx * dx + dy * dy < 0.1 * size.area();
            int v = inDisc ? 200 : (x * 255 / size.width + y * 128 / size.height) % 256;
            v += rng.uniform(-20, 21);
            row[x] = (uchar)(x % 5 == 0 ? 0 : std::min(255, std::max(1, v)));
        }
    }
    return img;
}

// Median wall time in milliseconds of `iters` calls; each call ends with its
// result on the host, and OpenCL work finished.
template <typename F>
static double medianMs(int iters, F call)
{
    call();   // warm-up: builds OpenCL programs, allocates buffers
    std::vector<double> times;
    for (int i = 0; i < iters; i++)
    {
        auto t0 = std::chrono::steady_clock::now();
        call();
        cv::ocl::finish();
        auto t1 = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
    return times[times.size() / 2];
}

int main(int argc, char** argv)
{
    const cv::String keys =
        "{image |         | your image (any format OpenCV reads), used as 8-bit grey}"
        "{size  |1920x1080| size of the built-in image, WxH}"
        "{iters |50       | timed calls per implementation}"
        "{check |         | exit with an error unless clx ran on OpenCL and matches the CPU}"
        "{out   |         | folder for the before/after images of the resize}"
        "{help h|         | print this help}";
    cv::CommandLineParser parser(argc, argv, keys);
    if (parser.has("help"))
    {
        parser.printMessage();
        return 0;
    }
    const std::string imagePath = parser.get<std::string>("image");
    int width = 0, height = 0;
    if (imagePath.empty() &&
        (std::sscanf(parser.get<std::string>("size").c_str(), "%dx%d", &width, &height) != 2 || width < 1 || height < 1))
    {
        std::fprintf(stderr, "bad --size, expected WxH\n");
        return 2;
    }
    const int iters = std::max(1, parser.get<int>("iters"));
    const bool check = parser.has("check");

    if (!cv::ocl::useOpenCL())
    {
        std::fprintf(stderr, "No OpenCL device in use (on a machine without a GPU, install PoCL and set "
                             "OPENCV_OPENCL_DEVICE=:CPU:); clx calls fall back to OpenCV's CPU code.\n");
        if (check)
            return 1;
    }
    else
        std::printf("OpenCL device: %s\n", cv::ocl::Device::getDefault().name().c_str());

    cv::Mat img;
    if (imagePath.empty())
    {
        img = makeDefaultImage(cv::Size(width, height));
        std::printf("image: built-in %dx%d 8UC1\n\n", width, height);
    }
    else
    {
        img = cv::imread(imagePath, cv::IMREAD_GRAYSCALE);
        if (img.empty())
        {
            std::fprintf(stderr, "cannot read %s as an image\n", imagePath.c_str());
            return 2;
        }
        width = img.cols, height = img.rows;
        std::printf("image: %s, %dx%d, as 8UC1\n\n", imagePath.c_str(), width, height);
    }
    cv::UMat uimg;
    img.copyTo(uimg);
    std::printf("%-14s %-22s %26s %10s\n", "operation", "implementation", "result", "median ms");

    bool ok = true;
    // Times OpenCV on Mat, OpenCV on UMat and clx on UMat; prints each result with
    // `show`, and checks that clx ran on OpenCL and agrees with the CPU.
    auto compare = [&](const char* op, auto cpuCall, auto ocvCall, auto clxCall, auto show) {
        auto cpu = cpuCall();
        auto ocv = ocvCall();
        auto clx = clxCall();
        double tCpu = medianMs(iters, [&] { cpu = cpuCall(); });
        double tOcv = medianMs(iters, [&] { ocv = ocvCall(); });
        auto launches = cv::clreduce::detail::oclLaunchCount();
        double tClx = medianMs(iters, [&] { clx = clxCall(); });
        bool ranOnOpenCL = cv::clreduce::detail::oclLaunchCount() > launches;
        std::printf("%-14s %-22s %26s %10.3f\n", op, "OpenCV CPU (Mat)", show(cpu).c_str(), tCpu);
        std::printf("%-14s %-22s %26s %10.3f\n", op, "OpenCV OpenCL (UMat)", show(ocv).c_str(), tOcv);
        std::printf("%-14s %-22s %26s %10.3f\n", op, ranOnOpenCL ? "clx (UMat)" : "clx (CPU fall-back)",
                    show(clx).c_str(), tClx);
        ok = ok && show(clx) == show(cpu) && ranOnOpenCL;
    };

    compare("countNonZero",
            [&] { return cv::countNonZero(img); }, [&] { return cv::countNonZero(uimg); },
            [&] { return cv::clreduce::countNonZero(uimg); },
            [](int n) { return std::to_string(n); });
    compare("sum",
            [&] { return cv::sum(img); }, [&] { return cv::sum(uimg); },
            [&] { return cv::clreduce::sum(uimg); },
            [](const cv::Scalar& s) { return cv::format("%.0f", s[0]); });
    struct MinMax { double mn = 0, mx = 0; cv::Point mnLoc, mxLoc; };
    auto showMinMax = [](const MinMax& r) {
        return cv::format("%g@(%d,%d) %g@(%d,%d)", r.mn, r.mnLoc.x, r.mnLoc.y, r.mx, r.mxLoc.x, r.mxLoc.y);
    };
    compare("minMaxLoc",
            [&] { MinMax r; cv::minMaxLoc(img, &r.mn, &r.mx, &r.mnLoc, &r.mxLoc); return r; },
            [&] { MinMax r; cv::minMaxLoc(uimg, &r.mn, &r.mx, &r.mnLoc, &r.mxLoc); return r; },
            [&] { MinMax r; cv::clreduce::minMaxLoc(uimg, &r.mn, &r.mx, &r.mnLoc, &r.mxLoc); return r; },
            showMinMax);

    // Integral image and squared integral: OpenCV's OpenCL path does 8UC1 in two
    // kernels through a transposed buffer.
    {
        cv::Mat cpuSum, cpuSq;
        cv::UMat ocvSum, ocvSq, clxSum, clxSq;
        double tCpu = medianMs(iters, [&] { cv::integral(img, cpuSum, cpuSq, CV_32S, CV_64F); });
        double tOcv = medianMs(iters, [&] { cv::integral(uimg, ocvSum, ocvSq, CV_32S, CV_64F); });
        auto launches = cv::clintegral::detail::oclLaunchCount();
        double tClx = medianMs(iters, [&] { cv::clintegral::integral(uimg, clxSum, clxSq, CV_32S, CV_64F); });
        bool ranOnOpenCL = cv::clintegral::detail::oclLaunchCount() > launches;
        double diff = std::max(cv::norm(cpuSum, clxSum.getMat(cv::ACCESS_READ), cv::NORM_INF),
                               cv::norm(cpuSq, clxSq.getMat(cv::ACCESS_READ), cv::NORM_INF));
        double ocvDiff = std::max(cv::norm(cpuSum, ocvSum.getMat(cv::ACCESS_READ), cv::NORM_INF),
                                  cv::norm(cpuSq, ocvSq.getMat(cv::ACCESS_READ), cv::NORM_INF));
        std::string shape = cv::format("%dx%d 32S+64F", cpuSum.cols, cpuSum.rows);
        std::printf("%-14s %-22s %26s %10.3f\n", "integral+sq", "OpenCV CPU (Mat)", shape.c_str(), tCpu);
        std::printf("%-14s %-22s %26s %10.3f\n", "integral+sq", "OpenCV OpenCL (UMat)",
                    cv::format("max diff %g", ocvDiff).c_str(), tOcv);
        std::printf("%-14s %-22s %26s %10.3f\n", "integral+sq", ranOnOpenCL ? "clx (UMat)" : "clx (CPU fall-back)",
                    cv::format("max diff %g", diff).c_str(), tClx);
        ok = ok && diff == 0 && ranOnOpenCL;
    }

    // Cubic 2x enlargement: OpenCV has no OpenCL cubic resize, so on a UMat it runs on the CPU.
    {
        cv::Size big(width * 2, height * 2);
        cv::Mat cpu;
        cv::UMat ocv, clx;
        double tCpu = medianMs(iters, [&] { cv::resize(img, cpu, big, 0, 0, cv::INTER_CUBIC); });
        double tOcv = medianMs(iters, [&] { cv::resize(uimg, ocv, big, 0, 0, cv::INTER_CUBIC); });
        auto launches = cv::clresize::detail::oclLaunchCount();
        double tClx = medianMs(iters, [&] { cv::clresize::resize(uimg, clx, big, 0, 0, cv::INTER_CUBIC); });
        bool ranOnOpenCL = cv::clresize::detail::oclLaunchCount() > launches;
        cv::Mat clxHost = clx.getMat(cv::ACCESS_READ).clone();
        double diff = cv::norm(cpu, clxHost, cv::NORM_INF);
        std::string shape = cv::format("%dx%d, max diff %g", big.width, big.height, diff);
        std::printf("%-14s %-22s %26s %10.3f\n", "resize cubic", "OpenCV CPU (Mat)", shape.c_str(), tCpu);
        std::printf("%-14s %-22s %26s %10.3f\n", "resize cubic", "OpenCV (UMat, on CPU)", "", tOcv);
        std::printf("%-14s %-22s %26s %10.3f\n", "resize cubic", ranOnOpenCL ? "clx (UMat)" : "clx (CPU fall-back)", "",
                    tClx);
        ok = ok && diff == 0 && ranOnOpenCL;
        const std::string out = parser.get<std::string>("out");
        if (!out.empty())
        {
            if (!cv::imwrite(out + "/clx_before.png", img) || !cv::imwrite(out + "/clx_after_cubic.png", clxHost))
            {
                std::fprintf(stderr, "could not write the images into %s (is it a folder?)\n", out.c_str());
                return 1;
            }
            std::printf("\nwrote %s/clx_before.png and %s/clx_after_cubic.png\n", out.c_str(), out.c_str());
        }
    }

    if (check)
        std::printf("\ncheck: %s\n", ok ? "clx results match OpenCV's CPU results" : "MISMATCH or no OpenCL");
    return check && !ok ? 1 : 0;
}
