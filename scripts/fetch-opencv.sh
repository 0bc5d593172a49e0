#!/bin/sh
# Brings the source of an OpenCV version clx is tested with into a cache outside
# the source tree and prints the OpenCV source directory; opencv_contrib's
# modules are in ../opencv_contrib/modules beside it (4.6.0: contrib/modules in it).
#
#   scripts/fetch-opencv.sh [4.13.0|4.6.0|5.0.0]     (default 4.13.0)
#
# 4.6.0 is Debian bookworm's source package (apt-get source, deb-src enabled by
# scripts/install-deps.sh). 4.13.0 and 5.0.0 come from the opencv-contrib-python
# source distributions on PyPI, which hold the full opencv/ and opencv_contrib/
# trees; their archives are checked against the hashes below and kept.
# Later runs reuse the cache.  Cache: $CLX_CACHE_DIR or ~/.cache/clx.
set -eu

VERSION="${1:-4.13.0}"
CACHE_DIR="${CLX_CACHE_DIR:-$HOME/.cache/clx}"
mkdir -p "$CACHE_DIR"

case "$VERSION" in
4.6.0)
    OPENCV_DEB_VERSION="4.6.0+dfsg-12"    # the bookworm version clx is tested with
    SRC_DIR="$CACHE_DIR/opencv-4.6.0"
    if [ -f "$SRC_DIR/CMakeLists.txt" ] && [ -d "$SRC_DIR/contrib/modules" ]; then
        echo "$SRC_DIR"
        exit 0
    fi
    WORK="$CACHE_DIR/download.$$"
    rm -rf "$WORK" && mkdir -p "$WORK"
    (
        cd "$WORK"
        # Take the exact version when the archive still has it, else bookworm's current one.
        apt-get source -qq --download-only "opencv=$OPENCV_DEB_VERSION" >&2 ||
            apt-get source -qq --download-only opencv >&2
        dpkg-source -x --no-check ./opencv_*.dsc opencv >&2
        ls opencv_*.dsc | sed 's/^opencv_\(.*\)\.dsc$/\1/' > opencv/DEBIAN_VERSION
    )
    rm -rf "$SRC_DIR"
    mv "$WORK/opencv" "$SRC_DIR"
    rm -rf "$WORK"
    echo "$SRC_DIR"
    exit 0
    ;;
4.13.0) PYPI_VERSION="4.13.0.90"; SHA256="177d75b048021df8a2632cb5998b3827a30143f88540be2791cac5497e8592dd" ;;
5.0.0)  PYPI_VERSION="5.0.0.93";  SHA256="da0ba61096b08c63cb4440d8fd6f323835cbb78b714c5ba22a39e1db68c83166" ;;
*)
    echo "fetch-opencv.sh: unknown OpenCV version '$VERSION' (tested: 4.13.0, 4.6.0, 5.0.0)" >&2
    exit 2
    ;;
esac

SRC_DIR="$CACHE_DIR/opencv-$VERSION"
if [ -f "$SRC_DIR/opencv/CMakeLists.txt" ] && [ -d "$SRC_DIR/opencv_contrib/modules" ]; then
    echo "$SRC_DIR/opencv"
    exit 0
fi

ARCHIVE="$CACHE_DIR/opencv_contrib_python-$PYPI_VERSION.tar.gz"
if [ ! -f "$ARCHIVE" ] || ! echo "$SHA256  $ARCHIVE" | sha256sum -c --status; then
    rm -f "$ARCHIVE"
    # pip prepares the package's metadata in a throw-away environment; nothing is built.
    PYTHON="$(command -v /usr/bin/python3 || command -v python3)"
    "$PYTHON" -m pip download -q --no-deps --no-binary opencv-contrib-python \
        "opencv-contrib-python==$PYPI_VERSION" -d "$CACHE_DIR" >&2
    echo "$SHA256  $ARCHIVE" | sha256sum -c --status || {
        echo "fetch-opencv.sh: $ARCHIVE does not have the expected SHA-256" >&2
        exit 1
    }
fi

WORK="$CACHE_DIR/unpack.$$"
rm -rf "$WORK" && mkdir -p "$WORK"
tar -xzf "$ARCHIVE" -C "$WORK" --strip-components=1 --wildcards '*/opencv/*' '*/opencv_contrib/*'
rm -rf "$SRC_DIR"
mv "$WORK" "$SRC_DIR"
echo "$SRC_DIR/opencv"
