#!/bin/sh
# Installs what building and testing clx needs on Debian 12 (bookworm):
# a C++ toolchain, CMake, Ninja, ccache, the OpenCL ICD loader and headers,
# and PoCL so that machines without a GPU still have an OpenCL device (hwloc's
# lstopo for scripts/pocl-whole-memory.sh).
# Also enables deb-src so that scripts/fetch-opencv.sh can fetch OpenCV's source.
set -eu

if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi

# Enable source packages for bookworm when no deb-src entry exists yet.
if ! grep -rqs -E '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    $SUDO sh -c 'cat > /etc/apt/sources.list.d/clx-deb-src.sources' <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential cmake ninja-build ccache pkg-config dpkg-dev xz-utils \
    ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo hwloc-nox \
    python3 python3-dev python3-numpy python3-pytest python3-pip python3-venv python3-matplotlib \
    zlib1g-dev libpng-dev libjpeg-dev >/dev/null
