#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check that plots show the CSV data: plot_check.py RUN.csv FILE...

Each FILE is an SVG of `fricore sim --plot-time` / `--plot-hysteresis`, or an
HTML report holding three (inline, data groups `time-data`, `velocity-data`
and `hysteresis-data`). For every plot: the SI axis labels (the unit with
the prefix of the tick labels: [s], [mm/s]) and at least six tick labels
are there, the tick labels times the prefix are the ticks of the data range
recorded on the data group, and every polyline point, mapped back to data
through that axis transform, is the CSV sample it stands for (every
stride-th row, at most 4000 points) to within 0.002 px. Exit 1 with the
first disagreement.
"""
import csv
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
# data group: (x column, x label, y column, y label); a label's unit takes the prefix of its ticks
PLOTS = {"time": (0, "time t [s]", 4, "friction force F_f [N]"),
         "velocity": (0, "time t [s]", 2, "velocity v [m/s]"),
         "hysteresis": (1, "displacement x [m]", 4, "friction force F_f [N]")}
PREFIX = {"": 1.0, "m": 1e-3, "\u00b5": 1e-6, "n": 1e-9, "k": 1e3}


def prefixed(texts, label):
    """the prefix of label's unit as the plot writes it (the label must be there)"""
    head, unit = label[:label.rindex("[") + 1], label[label.rindex("[") + 1:]
    for p in PREFIX:
        if head + p + unit in texts:
            return PREFIX[p]
    raise AssertionError("no axis label %r (with any prefix) in %s" % (label, texts[:8]))


def check(root, gid, xcol, xlabel, rows, ycol=4, ylabel="friction force F_f [N]"):
    texts = [t.text for t in root.iter(SVG + "text")]
    kx, ky = prefixed(texts, xlabel), prefixed(texts, ylabel)
    ticks = [t for t in texts if t and re.fullmatch(r"-?[0-9.]+(e-?[0-9]+)?", t)]
    assert len(ticks) >= 6, (gid, ticks)
    g = root.find(".//%sg[@id='%s']" % (SVG, gid))
    assert g is not None, gid
    a = {k: float(v) for k, v in g.attrib.items() if k.startswith("data-")}
    # the first and last tick of each axis, times its prefix, are the ends of the data range
    vals = [float(t) for t in ticks]
    for lo, hi, k in ((a["data-x0"], a["data-x1"], kx), (a["data-y0"], a["data-y1"], ky)):
        for end in (lo, hi):
            assert any(abs(v * k - end) <= 1e-6 * max(abs(lo), abs(hi)) for v in vals), (gid, end, k, ticks)
        # the prefix brings the largest tick into [1, 1000)
        assert 1.0 <= max(abs(lo), abs(hi)) / k < 1000.0, (gid, lo, hi, k)
    pts = [tuple(map(float, p.split(","))) for p in g.find(SVG + "polyline").get("points").split()]
    stride = -(-len(rows) // 4000)
    want = rows[::stride]
    assert len(pts) == len(want), (gid, len(pts), len(want))
    sx = (a["data-x1"] - a["data-x0"]) / (a["data-px1"] - a["data-px0"])
    sy = (a["data-y1"] - a["data-y0"]) / (a["data-py1"] - a["data-py0"])
    for (px, py), r in zip(pts, want):
        x = a["data-x0"] + (px - a["data-px0"]) * sx
        y = a["data-y0"] + (py - a["data-py0"]) * sy
        assert abs(x - r[xcol]) <= abs(sx) * 0.002 and abs(y - r[ycol]) <= abs(sy) * 0.002, (gid, x, y, r)
    return len(pts)


def main():
    rows = [[float(x) for x in r] for r in list(csv.reader(open(sys.argv[1])))[1:]]
    for path in sys.argv[2:]:
        text = open(path, encoding="utf-8").read()
        if path.endswith(".html"):
            svgs = re.findall(r"<svg .*?</svg>", text, re.S)
            assert len(svgs) == 3, (path, len(svgs))
            for svg, (name, (xcol, xlabel, ycol, ylabel)) in zip(svgs, PLOTS.items()):
                check(ET.fromstring(svg), name + "-data", xcol, xlabel, rows, ycol, ylabel)
        else:
            root = ET.fromstring(text)
            texts = [t.text for t in root.iter(SVG + "text")]
            hyst = any(t and t.startswith("displacement x [") for t in texts)
            check(root, "data", 1 if hyst else 0, "displacement x [m]" if hyst else "time t [s]", rows)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("plot_check: %s" % (e,), file=sys.stderr)
        sys.exit(1)
