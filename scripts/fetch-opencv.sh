#!/bin/sh
# Brings Debian bookworm's OpenCV source package (4.6.0, contrib included)
# into a cache outside the source tree and prints the source directory.
# Later runs reuse the cache.  Cache: $CLX_CACHE_DIR or ~/.cache/clx.
set -eu

OPENCV_DEB_VERSION="4.6.0+dfsg-12"    # the bookworm version clx is tested with
CACHE_DIR="${CLX_CACHE_DIR:-$HOME/.cache/clx}"
SRC_DIR="$CACHE_DIR/opencv-4.6.0"

if [ -f "$SRC_DIR/CMakeLists.txt" ] && [ -d "$SRC_DIR/contrib/modules" ]; then
    echo "$SRC_DIR"
    exit 0
fi

mkdir -p "$CACHE_DIR"
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
