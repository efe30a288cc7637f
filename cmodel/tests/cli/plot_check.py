#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check that plots show the CSV data: plot_check.py RUN.csv FILE...

Each FILE is an SVG of `fricore sim --plot-time` / `--plot-hysteresis`, or an
HTML report holding both (inline, data groups `time-data` and
`hysteresis-data`). For every plot: the SI axis labels and at least six tick
labels are there, and every polyline point, mapped back to data through the
axis transform recorded on the data group, is the CSV sample it stands for
(every stride-th row, at most 4000 points) to within 0.002 px. Exit 1 with
the first disagreement.
"""
import csv
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
PLOTS = {"time": (0, "time t [s]"), "hysteresis": (1, "displacement x [m]")}


def check(root, gid, xcol, xlabel, rows):
    texts = [t.text for t in root.iter(SVG + "text")]
    assert xlabel in texts and "friction force F_f [N]" in texts, (gid, texts[:5])
    ticks = [t for t in texts if t and re.fullmatch(r"-?[0-9.]+(e-?[0-9]+)?", t)]
    assert len(ticks) >= 6, (gid, ticks)
    g = root.find(".//%sg[@id='%s']" % (SVG, gid))
    assert g is not None, gid
    a = {k: float(v) for k, v in g.attrib.items() if k.startswith("data-")}
    pts = [tuple(map(float, p.split(","))) for p in g.find(SVG + "polyline").get("points").split()]
    stride = -(-len(rows) // 4000)
    want = rows[::stride]
    assert len(pts) == len(want), (gid, len(pts), len(want))
    sx = (a["data-x1"] - a["data-x0"]) / (a["data-px1"] - a["data-px0"])
    sy = (a["data-y1"] - a["data-y0"]) / (a["data-py1"] - a["data-py0"])
    for (px, py), r in zip(pts, want):
        x = a["data-x0"] + (px - a["data-px0"]) * sx
        y = a["data-y0"] + (py - a["data-py0"]) * sy
        assert abs(x - r[xcol]) <= abs(sx) * 0.002 and abs(y - r[4]) <= abs(sy) * 0.002, (gid, x, y, r)
    return len(pts)


def main():
    rows = [[float(x) for x in r] for r in list(csv.reader(open(sys.argv[1])))[1:]]
    for path in sys.argv[2:]:
        text = open(path, encoding="utf-8").read()
        if path.endswith(".html"):
            svgs = re.findall(r"<svg .*?</svg>", text, re.S)
            assert len(svgs) == 2, (path, len(svgs))
            for svg, (name, (xcol, xlabel)) in zip(svgs, PLOTS.items()):
                check(ET.fromstring(svg), name + "-data", xcol, xlabel, rows)
        else:
            root = ET.fromstring(text)
            xlabel = next(t.text for t in root.iter(SVG + "text") if t.text in ("time t [s]", "displacement x [m]"))
            xcol = 0 if xlabel.startswith("time") else 1
            check(root, "data", xcol, xlabel, rows)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("plot_check: %s" % (e,), file=sys.stderr)
        sys.exit(1)
