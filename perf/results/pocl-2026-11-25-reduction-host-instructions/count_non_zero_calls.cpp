#include <opencv2/core.hpp>
#include <opencv2/core/ocl.hpp>
#include <opencv2/clreduce.hpp>
#include <chrono>
#include <cstdio>
int main(int argc, char** argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 2000;
    cv::Mat m(16, 16, CV_8UC1);
    cv::randu(m, 0, 3);
    cv::UMat u;
    m.copyTo(u);
    int total = 0;
    for (int i = 0; i < 50; i++) total += cv::clreduce::countNonZero(u);
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; i++) total += cv::clreduce::countNonZero(u);
    auto t1 = std::chrono::steady_clock::now();
    printf("%.2f us a call (%d)\n", std::chrono::duration<double, std::micro>(t1 - t0).count() / n, total);
    return 0;
}
