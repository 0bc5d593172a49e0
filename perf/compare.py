#!/usr/bin/env python3
"""Turns the XML files written by opencv_perf_cl* (--gtest_output=xml:...) into
one comparison table per operation: case, implementation, median ms, GB/s,
percentage of the device's bandwidth floor, and how many times faster clx is.

    compare.py RESULT.xml [RESULT.xml ...] [--bandwidth GBPS] [--out DIR] [--title T] [--plot]
               [--clx-from LABEL=RESULT.xml ...]
    compare.py PASS [PASS ...] --multi-csv FILE      (PASS: RESULT.xml[+RESULT.xml ...])
    compare.py --dir-name "DEVICE NAME" [--date YYYY-MM-DD]

--out writes table.md and table.csv, and with --plot table.png (matplotlib).
--clx-from adds the clx rows of another run as implementation "clx LABEL", so
that two builds (e.g. two OpenCV versions) stand side by side, with the ratio
of the other run's time to this one's in the last column.
--multi-csv writes, for the multi-device benchmarks (rows gpus_1 and gpus_2, and
gpus_1_pinned and gpus_2_pinned for host images in pinned memory),
one line per operation and case: the one-device and two-device times and
speedup_vs_1gpu. Each result file counts as a pass (a run of both rows on one
machine): the times are the medians over the passes, the speedup their ratio,
and speedup_min / speedup_max the extremes of the passes' own speedups. A pass
may join several files with '+': a row of a later file takes the place of the
same row of an earlier one (e.g. a variant timed on two devices only, against
the one-device rows of another file of the same pass).
--dir-name prints the results folder name for a device and a date,
perf/results/<device>-<date>.

GB/s counts the bytes the benchmark declared as input and output once each.
--bandwidth is the device's measured copy bandwidth (read + write), which sets
the floor: floor_ms = bytes / bandwidth.
"""
import argparse
import collections
import csv
import os
import re
import statistics
import sys
import xml.etree.ElementTree as ET

Row = collections.namedtuple("Row", "op case impl median_ms bytes wrong kernel_ms")


def parse_value_param(text):
    """'("clx", 1280x1280, 8UC1)' -> ['clx', '1280x1280', '8UC1']"""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    parts = [p.strip().strip('"') for p in re.split(r",\s*(?![^()]*\))", text)]
    return [p for p in parts if p]


def byte_count(text):
    """A byte count of the XML. OpenCV's perf framework writes it as a 32-bit int,
    negative past 2^31 (the images past 2 GB); below 4 GB the true count is that
    value modulo 2^32."""
    n = int(text)
    return n + 2**32 if n < 0 else n


def read_results(path):
    rows = []
    for tc in ET.parse(path).getroot().iter("testcase"):
        if tc.get("status", "run") != "run" or tc.find("failure") is not None:
            continue
        props = {k: v for k, v in tc.attrib.items()}
        for p in tc.iter("property"):
            props[p.get("name")] = p.get("value")
        if "median" not in props or "frequency" not in props or "value_param" not in props:
            continue
        params = parse_value_param(props["value_param"])
        impl, case = params[0], " ".join(params[1:])
        op = tc.get("name").split("/")[0]
        median_ms = float(props["median"]) * 1000.0 / float(props["frequency"])
        # Cases past 4 GB record their whole count themselves ("bytes").
        nbytes = int(props["bytes"]) if "bytes" in props else \
            byte_count(props.get("bytesIn", 0)) + byte_count(props.get("bytesOut", 0))
        kernel_ms = float(props["kernel_ms"]) if "kernel_ms" in props else None
        rows.append(Row(op, case, impl, median_ms, nbytes, "wrong_result" in props, kernel_ms))
    return rows


# The perf case whose GB/s is the device's bandwidth floor (perf_bandwidth.cpp).
BANDWIDTH_OP = "copy"


def measured_bandwidth(rows):
    """GB/s of the fastest device copy among the rows, or None."""
    rates = [r.bytes / (r.median_ms * 1e6) for r in rows if r.op == BANDWIDTH_OP and r.median_ms > 0]
    return max(rates) if rates else None


IMPL_ORDER = ["clx", "ocv", "cpu", "cuda", "cuda_sync", "npp", "cub"]


def build_table(rows, bandwidth_gbps=None):
    """Rows grouped per operation and case, with GB/s, % of floor and clx's speed-up."""
    tables = collections.OrderedDict()
    by_case = collections.OrderedDict()
    for r in rows:
        by_case.setdefault((r.op, r.case), {})[r.impl] = r
    for (op, case), impls in by_case.items():
        clx = impls.get("clx")
        order = sorted(impls, key=lambda i: IMPL_ORDER.index(i) if i in IMPL_ORDER else len(IMPL_ORDER))
        for impl in order:
            r = impls[impl]
            gbps = r.bytes / (r.median_ms * 1e6) if r.median_ms > 0 and r.bytes else None
            floor_pct = None
            if bandwidth_gbps and r.bytes:
                floor_ms = r.bytes / (bandwidth_gbps * 1e6)
                floor_pct = 100.0 * floor_ms / r.median_ms
            speedup = r.median_ms / clx.median_ms if clx is not None and impl != "clx" else None
            tables.setdefault(op, []).append(dict(case=case, impl=impl + (" (wrong result)" if r.wrong else ""),
                                                  median_ms=r.median_ms, kernel_ms=r.kernel_ms,
                                                  gbps=gbps, floor_pct=floor_pct, clx_speedup=speedup))
    return tables


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def to_markdown(tables, title=None):
    out = []
    if title:
        out += ["# " + title, ""]
    for op, entries in tables.items():
        # Device time of clx's kernel, when the run measured it (CLX_PERF_KERNEL_TIME=1).
        kernel = any(e.get("kernel_ms") is not None for e in entries)
        out += ["## " + op, "",
                "| case | impl | median ms |" + (" kernel ms |" if kernel else "") + " GB/s | % of floor | clx faster by |",
                "|---|---|---:|" + ("---:|" if kernel else "") + "---:|---:|---:|"]
        for e in entries:
            out.append("| %s | %s | %s |%s %s | %s | %s |" % (
                e["case"], e["impl"], fmt(e["median_ms"], ".4f"),
                (" %s |" % fmt(e.get("kernel_ms"), ".4f")) if kernel else "",
                fmt(e["gbps"], ".1f"), fmt(e["floor_pct"], ".1f"),
                fmt(e["clx_speedup"], ".2f") + ("x" if e["clx_speedup"] else "")))
        out.append("")
    return "\n".join(out)


def write_csv(tables, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["op", "case", "impl", "median_ms", "kernel_ms", "gbps", "floor_pct", "clx_speedup"])
        for op, entries in tables.items():
            for e in entries:
                w.writerow([op, e["case"], e["impl"], "%.6f" % e["median_ms"],
                            "" if e.get("kernel_ms") is None else "%.6f" % e["kernel_ms"],
                            "" if e["gbps"] is None else "%.2f" % e["gbps"],
                            "" if e["floor_pct"] is None else "%.2f" % e["floor_pct"],
                            "" if e["clx_speedup"] is None else "%.3f" % e["clx_speedup"]])


def multi_gpu_rows(rows):
    """(op, case, one_gpu_ms, two_gpu_ms, speedup_vs_1gpu) for every case timed on one and two devices."""
    times = collections.OrderedDict()
    for r in rows:
        # gpus_1_pinned / gpus_2_pinned: the same case with host images in pinned memory.
        m = re.match(r"^(gpus_[12])(_pinned)?$", r.impl)
        if m:
            case = r.case + (", pinned host memory" if m.group(2) else "")
            times.setdefault((r.op, case), {})[m.group(1)] = r.median_ms
    return [(op, case, t["gpus_1"], t["gpus_2"], t["gpus_1"] / t["gpus_2"])
            for (op, case), t in times.items() if "gpus_1" in t and "gpus_2" in t]


def multi_gpu_passes(passes):
    """Over passes (the rows of one result file each): (op, case, one_gpu_ms,
    two_gpu_ms, speedup_vs_1gpu, passes, speedup_min, speedup_max), the times the
    medians over the passes that timed the case on one and two devices, the speedup
    their ratio, and the lowest and highest speedup of a single pass."""
    cases = collections.OrderedDict()
    for rows in passes:
        for op, case, one, two, speedup in multi_gpu_rows(rows):
            cases.setdefault((op, case), []).append((one, two, speedup))
    out = []
    for (op, case), timed in cases.items():
        one, two = statistics.median(t[0] for t in timed), statistics.median(t[1] for t in timed)
        speedups = [t[2] for t in timed]
        out.append((op, case, one, two, one / two, len(timed), min(speedups), max(speedups)))
    return out


def write_multi_csv(passes, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["op", "case", "one_gpu_ms", "two_gpu_ms", "speedup_vs_1gpu", "passes", "speedup_min",
                    "speedup_max"])
        for op, case, one, two, speedup, n, lo, hi in multi_gpu_passes(passes):
            w.writerow([op, case, "%.3f" % one, "%.3f" % two, "%.3f" % speedup, n, "%.2f" % lo, "%.2f" % hi])


def results_dir_name(device, date):
    """'NVIDIA H100 80GB HBM3', '2026-11-22' -> 'nvidia-h100-80gb-hbm3-2026-11-22'"""
    slug = re.sub(r"[^a-z0-9]+", "-", device.lower()).strip("-") or "device"
    return "%s-%s" % (slug, date)


IMPL_COLOURS = {"clx": "#d62728", "ocv": "#1f77b4", "cpu": "#7f7f7f", "cuda": "#2ca02c", "cuda_sync": "#98df8a", "npp": "#9467bd",
                "cub": "#ff7f0e"}


def write_plot(tables, path, title=None):
    """One panel per operation: median ms per case and implementation, log scale."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ops = list(tables)
    heights = [max(1.5, 0.22 * len(tables[op]) + 0.8) for op in ops]
    fig, axes = plt.subplots(len(ops), 1, figsize=(10, sum(heights)), gridspec_kw={"height_ratios": heights},
                             squeeze=False)
    for ax, op in zip(axes[:, 0], ops):
        entries = tables[op]
        labels = ["%s  %s" % (e["case"], e["impl"]) for e in entries]
        ms = [e["median_ms"] for e in entries]
        colours = [IMPL_COLOURS.get(e["impl"], "#17becf") for e in entries]
        y = list(range(len(entries)))[::-1]
        ax.barh(y, ms, color=colours)
        ax.set_yticks(y)
        ax.set_yticklabels(labels, fontsize=7)
        ax.set_xscale("log")
        ax.set_xlabel("median ms (log scale; shorter is faster)", fontsize=8)
        ax.set_title(op, fontsize=10)
        for yi, v in zip(y, ms):
            ax.text(v, yi, " %.3g" % v, va="center", fontsize=6)
    if title:
        fig.suptitle(title, fontsize=11)
    # Room at the top for the title, about a quarter of an inch.
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.25 / fig.get_figheight()))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("xml", nargs="*")
    ap.add_argument("--bandwidth", type=float,
                    help="device bandwidth in GB/s (read + write); default: the measured copy in the results")
    ap.add_argument("--out", help="folder for table.md and table.csv")
    ap.add_argument("--title")
    ap.add_argument("--plot", action="store_true", help="also write table.png to --out")
    ap.add_argument("--multi-csv", metavar="FILE", help="write the one- against two-device times to FILE")
    ap.add_argument("--dir-name", metavar="DEVICE", help="print the results folder name for DEVICE and exit")
    ap.add_argument("--date", help="date for --dir-name (default: today)")
    ap.add_argument("--clx-from", action="append", default=[], metavar="LABEL=XML",
                    help="also the clx rows of another run, as implementation 'clx LABEL'")
    args = ap.parse_args(argv)
    if args.dir_name:
        import datetime
        print(results_dir_name(args.dir_name, args.date or datetime.date.today().isoformat()))
        return 0
    if not args.xml:
        ap.error("no result files")
    # A pass may be several files joined with '+'.
    passes = [[r for part in path.split("+") for r in read_results(part)] for path in args.xml]
    rows = [r for rows_of_pass in passes for r in rows_of_pass]
    for spec in args.clx_from:
        label, _, path = spec.partition("=")
        if not path:
            ap.error("--clx-from takes LABEL=RESULT.xml")
        rows += [r._replace(impl="clx " + label) for r in read_results(path) if r.impl == "clx"]
    if args.multi_csv:
        # Each pass's one- and two-device rows are compared with each other.
        write_multi_csv(passes, args.multi_csv)
        lines = multi_gpu_passes(passes)
        for op, case, one, two, speedup, n, lo, hi in lines:
            print("%s %s: %.3f ms on one device, %.3f on two, %.2fx (%d pass%s, %.2f-%.2fx)" %
                  (op, case, one, two, speedup, n, "" if n == 1 else "es", lo, hi))
        return 0 if lines else 1
    bandwidth = args.bandwidth or measured_bandwidth(rows)
    if bandwidth:
        print("bandwidth floor: %.0f GB/s (%s)\n" % (bandwidth, "given" if args.bandwidth else "measured copy"))
    tables = build_table([r for r in rows if r.op != BANDWIDTH_OP], bandwidth)
    md = to_markdown(tables, args.title)
    print(md)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "table.md"), "w") as f:
            f.write(md + "\n")
        write_csv(tables, os.path.join(args.out, "table.csv"))
        if args.plot:
            write_plot(tables, os.path.join(args.out, "table.png"), args.title)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
