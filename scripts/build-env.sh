# Sourced by the scripts: the OpenCV version ($CLX_OPENCV_VERSION: 4.13.0 by
# default, or 4.6.0, 5.0.0) and its build folder (./build for 4.13.0,
# ./build-<version> otherwise; $CLX_BUILD_DIR overrides).
CLX_OPENCV_VERSION="${CLX_OPENCV_VERSION:-4.13.0}"
if [ "$CLX_OPENCV_VERSION" = "4.13.0" ]; then BUILD_DIR="${CLX_BUILD_DIR:-build}"
else BUILD_DIR="${CLX_BUILD_DIR:-build-$CLX_OPENCV_VERSION}"; fi
