#!/usr/bin/env python3
"""Tests of compare.py: parsing of the perf XML and the table arithmetic."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

# Two implementations of one case, a case with a wrong baseline, a device copy
# (the bandwidth floor), a failed case and a case without timing.
XML = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="SumPerf_sum">
    <testcase name="sum/0" value_param='("clx", 1280x1280, 8UC1)' status="run">
      <properties><property name="bytesIn" value="1638400"/><property name="bytesOut" value="0"/>
      <property name="median" value="20000"/><property name="frequency" value="1000000000"/>
      <property name="kernel_ms" value="0.007"/></properties>
    </testcase>
    <testcase name="sum/1" value_param='("ocv", 1280x1280, 8UC1)' status="run">
      <properties><property name="bytesIn" value="1638400"/><property name="bytesOut" value="0"/>
      <property name="median" value="40000"/><property name="frequency" value="1000000000"/>
      <property name="wrong_result" value="sum 1, expected 2"/></properties>
    </testcase>
    <testcase name="sum/2" value_param='("cpu", 1280x1280, 8UC1)' status="run">
      <failure message="boom"/>
    </testcase>
    <testcase name="sum/3" value_param='("cuda", 1280x1280, 8UC1)' status="notrun"/>
  </testsuite>
  <testsuite name="DeviceBandwidth_copy">
    <testcase name="copy/0" value_param='("ocv", 8192x8192)' status="run">
      <properties><property name="bytesIn" value="268435456"/><property name="bytesOut" value="268435456"/>
      <property name="median" value="200000"/><property name="frequency" value="1000000000"/></properties>
    </testcase>
  </testsuite>
</testsuites>
"""


class CompareTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".xml")
        with os.fdopen(fd, "w") as f:
            f.write(XML)

    def tearDown(self):
        os.unlink(self.path)

    def test_parse_value_param(self):
        self.assertEqual(compare.parse_value_param('("clx", 1280x1280, 8UC1)'), ["clx", "1280x1280", "8UC1"])
        self.assertEqual(compare.parse_value_param('("ocv", 8192x8192)'), ["ocv", "8192x8192"])

    def test_reads_only_timed_cases(self):
        rows = compare.read_results(self.path)
        self.assertEqual(sorted((r.op, r.impl) for r in rows), [("copy", "ocv"), ("sum", "clx"), ("sum", "ocv")])
        clx = [r for r in rows if r.impl == "clx"][0]
        self.assertAlmostEqual(clx.median_ms, 0.02)
        self.assertEqual(clx.bytes, 1638400)
        self.assertAlmostEqual(clx.kernel_ms, 0.007)
        self.assertFalse(clx.wrong)
        self.assertTrue([r for r in rows if r.op == "sum" and r.impl == "ocv"][0].wrong)

    def test_byte_counts_past_2gb(self):
        # 2304000000 bytes (48000x48000 8U) as OpenCV's perf framework writes it.
        self.assertEqual(compare.byte_count("-1990967296"), 2304000000)
        self.assertEqual(compare.byte_count("1638400"), 1638400)

    def test_whole_byte_count_past_4gb(self):
        # Past 4 GB the 32-bit counts are ambiguous: the case's own "bytes" property counts.
        fd, path = tempfile.mkstemp(suffix=".xml")
        with os.fdopen(fd, "w") as f:
            f.write("""<testsuites><testsuite name="HugeHostImage/HostImagePerf_resizeCubic">
  <testcase name="resizeCubic/0" value_param='("clx_budget_1g", 60000x60000)' status="run">
    <properties><property name="bytesIn" value="-694967296"/><property name="bytesOut" value="1515098112"/>
    <property name="bytes" value="18000000000"/>
    <property name="median" value="362000000"/><property name="frequency" value="1000000000"/></properties>
  </testcase></testsuite></testsuites>""")
        try:
            rows = compare.read_results(path)
        finally:
            os.unlink(path)
        self.assertEqual([r.bytes for r in rows], [18000000000])

    def test_bandwidth_from_copy(self):
        rows = compare.read_results(self.path)
        # 512 MiB in 0.2 ms
        self.assertAlmostEqual(compare.measured_bandwidth(rows), 536870912 / 0.2e6)

    def test_table_arithmetic(self):
        rows = [r for r in compare.read_results(self.path) if r.op != compare.BANDWIDTH_OP]
        table = compare.build_table(rows, bandwidth_gbps=1638.4)
        entries = table["sum"]
        self.assertEqual([e["impl"] for e in entries], ["clx", "ocv (wrong result)"])
        clx, ocv = entries
        self.assertAlmostEqual(clx["gbps"], 1638400 / 0.02e6)            # 81.92 GB/s
        self.assertAlmostEqual(clx["floor_pct"], 100 * (1638400 / 1638.4e6) / 0.02)   # 1 us floor of 20 us
        self.assertIsNone(clx["clx_speedup"])
        self.assertAlmostEqual(ocv["clx_speedup"], 2.0)

    def test_outputs(self):
        with tempfile.TemporaryDirectory() as out:
            self.assertEqual(compare.main([self.path, "--out", out]), 0)
            md = open(os.path.join(out, "table.md")).read()
            self.assertIn("| 1280x1280 8UC1 | clx | 0.0200 | 0.0070 |", md)
            csv_lines = open(os.path.join(out, "table.csv")).read().splitlines()
            self.assertEqual(csv_lines[0], "op,case,impl,median_ms,kernel_ms,gbps,floor_pct,clx_speedup")
            self.assertEqual(len(csv_lines), 3)

    def test_clx_rows_of_another_run(self):
        with tempfile.TemporaryDirectory() as out:
            self.assertEqual(compare.main([self.path, "--out", out, "--clx-from", "4.6.0=" + self.path]), 0)
            md = open(os.path.join(out, "table.md")).read()
            # Only the other run's clx row is added, after this run's rows, at the same time: 1.00x.
            self.assertIn("| 1280x1280 8UC1 | clx 4.6.0 | 0.0200 | 0.0070 | 81.9 |", md)
            self.assertIn("| 1.00x |", md)
            self.assertEqual(len(open(os.path.join(out, "table.csv")).read().splitlines()), 4)
        with self.assertRaises(SystemExit):
            compare.main([self.path, "--clx-from", "no-equals-sign"])

    def test_multi_gpu_csv(self):
        xml = """<?xml version="1.0" encoding="UTF-8"?><testsuites><testsuite name="MultiGpuReducePerf_reduce">
          <testcase name="reduce/0" value_param='("gpus_1", "sum", 10240x10240)' status="run"><properties>
            <property name="median" value="8000000"/><property name="frequency" value="1000000000"/></properties></testcase>
          <testcase name="reduce/1" value_param='("gpus_2", "sum", 10240x10240)' status="run"><properties>
            <property name="median" value="4200000"/><property name="frequency" value="1000000000"/></properties></testcase>
          <testcase name="reduce/2" value_param='("gpus_1", "sum", 20480x20480)' status="run"><properties>
            <property name="median" value="30000000"/><property name="frequency" value="1000000000"/></properties></testcase>
          <testcase name="reduce/3" value_param='("gpus_1_pinned", "sum", 10240x10240)' status="run"><properties>
            <property name="median" value="2000000"/><property name="frequency" value="1000000000"/></properties></testcase>
          <testcase name="reduce/4" value_param='("gpus_2_pinned", "sum", 10240x10240)' status="run"><properties>
            <property name="median" value="1000000"/><property name="frequency" value="1000000000"/></properties></testcase>
        </testsuite></testsuites>"""
        with tempfile.TemporaryDirectory() as out:
            path = os.path.join(out, "multi.xml")
            with open(path, "w") as f:
                f.write(xml)
            csv_path = os.path.join(out, "multi.csv")
            self.assertEqual(compare.main([path, "--multi-csv", csv_path]), 0)
            header = "op,case,one_gpu_ms,two_gpu_ms,speedup_vs_1gpu,passes,speedup_min,speedup_max"
            # The case timed on one device only has no line.
            self.assertEqual(open(csv_path).read().splitlines(),
                             [header, "reduce,sum 10240x10240,8.000,4.200,1.905,1,1.90,1.90",
                              "reduce,\"sum 10240x10240, pinned host memory\",2.000,1.000,2.000,1,2.00,2.00"])
            # Two more passes: medians of the times, their ratio, the passes' extremes.
            second, third = os.path.join(out, "second.xml"), os.path.join(out, "third.xml")
            with open(second, "w") as f:
                f.write(xml.replace('"4200000"', '"5000000"').replace('"8000000"', '"9000000"'))
            with open(third, "w") as f:
                f.write(xml.replace('"4200000"', '"4000000"').replace('"2000000"', '"2100000"'))
            self.assertEqual(compare.main([path, second, third, "--multi-csv", csv_path]), 0)
            self.assertEqual(open(csv_path).read().splitlines(),
                             [header, "reduce,sum 10240x10240,8.000,4.200,1.905,3,1.80,2.00",
                              "reduce,\"sum 10240x10240, pinned host memory\",2.000,1.000,2.000,3,2.00,2.10"])
            # A pass joined from two files: the variant's two-device row in place of the first file's.
            variant = os.path.join(out, "variant.xml")
            with open(variant, "w") as f:
                f.write(xml.replace('"4200000"', '"3200000"').replace('reduce/0', 'gone').replace(
                    '("gpus_1", "sum", 10240x10240)', '("gpus_9", "sum", 10240x10240)'))
            self.assertEqual(compare.main([path + "+" + variant, "--multi-csv", csv_path]), 0)
            self.assertEqual(open(csv_path).read().splitlines()[1], "reduce,sum 10240x10240,8.000,3.200,2.500,1,2.50,2.50")
            self.assertEqual(compare.main([self.path, "--multi-csv", csv_path]), 1)

    def test_plot(self):
        with tempfile.TemporaryDirectory() as out:
            self.assertEqual(compare.main([self.path, "--out", out, "--plot", "--title", "test"]), 0)
            with open(os.path.join(out, "table.png"), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_results_dir_name(self):
        self.assertEqual(compare.results_dir_name("NVIDIA H100 80GB HBM3", "2026-11-22"),
                         "nvidia-h100-80gb-hbm3-2026-11-22")
        self.assertEqual(compare.results_dir_name("  ", "2026-11-22"), "device-2026-11-22")


if __name__ == "__main__":
    unittest.main()
