"""cv2.clreduce, cv2.clintegral and cv2.clresize against cv2's own functions.

Run with the built cv2 on PYTHONPATH and an OpenCL device (on machines without a
GPU: PoCL and OPENCV_OPENCL_DEVICE=:CPU:); ctest's python_cv2_clx entry does both.
"""
import os

import numpy as np
import pytest

import cv2

RNG = np.random.default_rng(20261123)
DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.int32, np.float32, np.float64]
SHAPES = [(1, 1), (1, 9), (7, 1), (13, 17), (240, 321)]


def random_array(shape, dtype, lo=-50, hi=50):
    lo = 0 if np.issubdtype(dtype, np.unsignedinteger) else lo
    return RNG.integers(lo, hi, size=shape).astype(dtype)


def as_umat_roi(a):
    """A UMat view with an offset and a padded step inside a larger uploaded array."""
    pad = np.zeros((a.shape[0] + 5, a.shape[1] + 7) + a.shape[2:], a.dtype)
    pad[3:3 + a.shape[0], 4:4 + a.shape[1]] = a
    return cv2.UMat(cv2.UMat(pad), (3, 3 + a.shape[0]), (4, 4 + a.shape[1]))


def inputs(a):
    """The same data as numpy, whole UMat and UMat view."""
    return [("numpy", a), ("umat", cv2.UMat(a)), ("umat roi", as_umat_roi(a))]


def to_numpy(x):
    return x.get() if isinstance(x, cv2.UMat) else x


def test_opencl_device_is_used():
    # Without a device every test below would only compare cv2 with itself.
    assert cv2.ocl.haveOpenCL(), "no OpenCL runtime (install PoCL, set OPENCV_OPENCL_DEVICE=:CPU:)"
    assert cv2.ocl.useOpenCL(), "OpenCL is off or no device matches OPENCV_OPENCL_DEVICE"


@pytest.mark.parametrize("module, names", [
    ("clreduce", ["countNonZero", "sumElems", "minMaxLoc"]),   # and minMaxIdx, which cv2 lacks
    ("clintegral", ["integral", "integral2", "integral3"]),
    ("clresize", ["resize"]),
])
def test_names_are_cv2s(module, names):
    # A drop-in: the module's name for each function is cv2's.
    for name in names:
        assert callable(getattr(cv2, name)), name
        assert callable(getattr(getattr(cv2, module), name)), module + "." + name


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_count_non_zero(dtype, shape):
    a = random_array(shape, dtype, -2, 3)
    for kind, x in inputs(a):
        assert cv2.clreduce.countNonZero(x) == cv2.countNonZero(a), kind


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("cn", [1, 2, 3, 4])
def test_sum(dtype, cn):
    a = random_array((61, 83, cn) if cn > 1 else (61, 83), dtype)
    expected = cv2.sumElems(a)
    for kind, x in inputs(a):
        got = cv2.clreduce.sumElems(x)
        assert len(got) == 4, kind
        np.testing.assert_allclose(got, expected, rtol=1e-12, err_msg=kind)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_min_max_loc(dtype, shape):
    a = random_array(shape, dtype, -3, 4)   # narrow range: ties, the first occurrence wins
    mask = (RNG.integers(0, 2, size=shape)).astype(np.uint8)
    for kind, x in inputs(a):
        assert cv2.clreduce.minMaxLoc(x) == cv2.minMaxLoc(a), kind
        for mkind, m in inputs(mask):
            assert cv2.clreduce.minMaxLoc(x, m) == cv2.minMaxLoc(a, mask), (kind, mkind)
            assert cv2.clreduce.minMaxLoc(x, mask=m) == cv2.minMaxLoc(a, mask=mask), (kind, mkind)


@pytest.mark.parametrize("dtype", DTYPES)
def test_min_max_idx(dtype):
    a = random_array((37, 45), dtype, -3, 4)
    mn, mx, mnloc, mxloc = cv2.minMaxLoc(a)
    for kind, x in inputs(a):
        # (row, column) indices, where minMaxLoc gives (x, y) points.
        assert cv2.clreduce.minMaxIdx(x) == (mn, mx, mnloc[::-1], mxloc[::-1]), kind


INTEGRAL_CASES = [  # (source dtype, sdepth, sqdepth)
    (np.uint8, -1, -1), (np.uint8, cv2.CV_32S, cv2.CV_64F), (np.uint8, cv2.CV_32F, cv2.CV_64F),
    (np.uint8, cv2.CV_64F, cv2.CV_64F), (np.uint16, -1, -1), (np.int16, -1, -1),
    (np.float32, cv2.CV_32F, cv2.CV_64F), (np.float32, cv2.CV_64F, cv2.CV_64F), (np.float64, -1, -1),
]


@pytest.mark.parametrize("dtype,sdepth,sqdepth", INTEGRAL_CASES)
@pytest.mark.parametrize("cn", [1, 3])
def test_integral(dtype, sdepth, sqdepth, cn):
    a = random_array((45, 71, cn) if cn > 1 else (45, 71), dtype, 0, 100)
    exp1 = cv2.integral(a, sdepth=sdepth)
    exp2 = cv2.integral2(a, sdepth=sdepth, sqdepth=sqdepth)
    exp3 = cv2.integral3(a, sdepth=sdepth, sqdepth=sqdepth)
    for kind, x in inputs(a):
        got1 = to_numpy(cv2.clintegral.integral(x, sdepth=sdepth))
        got2 = [to_numpy(r) for r in cv2.clintegral.integral2(x, sdepth=sdepth, sqdepth=sqdepth)]
        got3 = [to_numpy(r) for r in cv2.clintegral.integral3(x, sdepth=sdepth, sqdepth=sqdepth)]
        for got, exp in [(got1, exp1)] + list(zip(got2, exp2)) + list(zip(got3, exp3)):
            assert got.dtype == exp.dtype and got.shape == exp.shape, kind
            # Integer data: every sum is exact in any output type used here.
            np.testing.assert_array_equal(got, exp, err_msg=kind)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.int16, np.float32, np.float64])
@pytest.mark.parametrize("cn", [1, 3, 4])
def test_resize_cubic(dtype, cn):
    a = random_array((37, 53, cn) if cn > 1 else (37, 53), dtype, 0, 250)
    for dsize, fx, fy in [((107, 75), 0, 0), (None, 2.0, 2.0), (None, 0.5, 0.75), ((53, 37), 0, 0)]:
        expected = cv2.resize(a, dsize, fx=fx, fy=fy, interpolation=cv2.INTER_CUBIC)
        for kind, x in inputs(a):
            got = to_numpy(cv2.clresize.resize(x, dsize, fx=fx, fy=fy, interpolation=cv2.INTER_CUBIC))
            assert got.dtype == expected.dtype and got.shape == expected.shape, kind
            np.testing.assert_array_equal(got, expected, err_msg=f"{kind} {dsize} {fx} {fy}")


def test_resize_other_interpolation_is_cv2s():
    # Passed to cv2.resize as they are: for a UMat, OpenCV's own OpenCL code, which
    # may round differently from its CPU code.
    a = random_array((31, 29), np.uint8, 0, 255)
    for interp in [cv2.INTER_LINEAR, cv2.INTER_NEAREST, cv2.INTER_AREA]:
        for x in [a, cv2.UMat(a)]:
            got = to_numpy(cv2.clresize.resize(x, (60, 50), interpolation=interp))
            np.testing.assert_array_equal(got, to_numpy(cv2.resize(x, (60, 50), interpolation=interp)))


def test_resize_cubic_coefficient():
    a = random_array((20, 30), np.float32, 0, 1)
    # a = -0.75 is OpenCV's coefficient: the same result as resize.
    got = to_numpy(cv2.clresize.resizeCubic(cv2.UMat(a), (61, 41), 0, 0, -0.75))
    np.testing.assert_array_equal(got, cv2.resize(a, (61, 41), interpolation=cv2.INTER_CUBIC))


def test_umat_in_umat_out():
    a = random_array((16, 16), np.uint8, 0, 255)
    assert isinstance(cv2.clresize.resize(cv2.UMat(a), (32, 32), interpolation=cv2.INTER_CUBIC), cv2.UMat)
    assert isinstance(cv2.clintegral.integral(cv2.UMat(a)), cv2.UMat)


ERROR_CASES = {
    "countNonZero of 3 channels": lambda: cv2.clreduce.countNonZero(cv2.UMat(np.ones((4, 4, 3), np.uint8))),
    "sum of 5 channels": lambda: cv2.clreduce.sumElems(np.ones((4, 4, 5), np.uint8)),
    "minMaxLoc of 3 channels": lambda: cv2.clreduce.minMaxLoc(cv2.UMat(np.ones((4, 4, 3), np.uint8))),
    "mask of another size": lambda: cv2.clreduce.minMaxLoc(cv2.UMat(np.ones((4, 4), np.uint8)),
                                                           cv2.UMat(np.ones((5, 4), np.uint8))),
    "mask of another type": lambda: cv2.clreduce.minMaxLoc(cv2.UMat(np.ones((4, 4), np.uint8)),
                                                           cv2.UMat(np.ones((4, 4), np.float32))),
    "integral 8U to 16S": lambda: cv2.clintegral.integral(cv2.UMat(np.ones((4, 4), np.uint8)), sdepth=cv2.CV_16S),
    "integral of int32": lambda: cv2.clintegral.integral(cv2.UMat(np.ones((4, 4), np.int32))),
    "resize to an empty size": lambda: cv2.clresize.resize(cv2.UMat(np.ones((4, 4), np.uint8)), (0, 0),
                                                           interpolation=cv2.INTER_CUBIC),
    "resize with a negative size": lambda: cv2.clresize.resize(cv2.UMat(np.ones((4, 4), np.uint8)), (-2, 3),
                                                               interpolation=cv2.INTER_CUBIC),
}


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_errors_raise_cv2_error(case):
    with pytest.raises(cv2.error):
        ERROR_CASES[case]()


def device_set(indices=()):
    """cv2.clruntime.DeviceSet of the current device's type and platform (ctest gives
    the Python tests two PoCL devices and CLX_TEST_DEVICES=2)."""
    return cv2.clruntime.DeviceSet_ofPlatform(cv2.ocl.Device_getDefault().type(), list(indices))


def test_device_set_of_the_platform():
    devices = device_set()
    assert devices.size() == int(os.environ.get("CLX_TEST_DEVICES", "1"))
    assert devices.memoryBudget() == 0
    devices.setMemoryBudget(1 << 20)
    assert devices.memoryBudget() == 1 << 20
    assert device_set([0]).size() == 1
    with pytest.raises(cv2.error):
        device_set([0, 0])   # an index given twice
    with pytest.raises(cv2.error):
        device_set([99])


@pytest.mark.parametrize("budget", [0, 64 << 10])
def test_device_set_calls_match_cv2(budget):
    devices = device_set()
    devices.setMemoryBudget(budget)
    a = random_array((301, 203), np.uint8, 0, 4)   # zeros and ties between the bands
    np.testing.assert_array_equal(cv2.clresize.resize(a, (0, 0), 2, 2, cv2.INTER_CUBIC, devices),
                                  cv2.resize(a, (0, 0), fx=2, fy=2, interpolation=cv2.INTER_CUBIC))
    assert cv2.clreduce.countNonZero(a, devices) == cv2.countNonZero(a)
    assert cv2.clreduce.sumElems(a, devices) == cv2.sumElems(a)
    mask = random_array(a.shape, np.uint8, 0, 2)
    assert cv2.clreduce.minMaxLoc(a, mask, devices) == cv2.minMaxLoc(a, mask)
    total, squares = cv2.clintegral.integral2(a, cv2.CV_32S, cv2.CV_64F, devices)
    expected_total, expected_squares = cv2.integral2(a, sdepth=cv2.CV_32S, sqdepth=cv2.CV_64F)
    np.testing.assert_array_equal(total, expected_total)
    np.testing.assert_array_equal(squares, expected_squares)
    tilted = cv2.clintegral.integral3(a, cv2.CV_32S, cv2.CV_64F, devices)[2]
    np.testing.assert_array_equal(tilted, cv2.integral3(a, sdepth=cv2.CV_32S, sqdepth=cv2.CV_64F)[2])


def test_empty_device_set_raises():
    with pytest.raises(cv2.error):
        cv2.clreduce.countNonZero(np.ones((4, 4), np.uint8), cv2.clruntime.DeviceSet())
