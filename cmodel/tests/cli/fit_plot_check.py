#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check that a fit's plot shows the data, the fitted model and the residuals:
fit_plot_check.py static|dynamic DATA.csv PARAMS.json FILE...

Each FILE is the SVG of `fricore fit ... --plot` or the HTML report of
`--report` (the same SVG inline). Every point of the groups "data", "fit"
and "residual", mapped back through the axis transform recorded on its
group, must be what it stands for, to within 0.002 px:
  static:  data = the CSV rows with v != 0; fit = F_ss(v) computed here from
           PARAMS.json (the parameter file the fit wrote); residual = F - F_ss(v)
           at each row;
  dynamic: data = the CSV's (t, F) from row 2 on; residual = data - fit at
           each point; fit = the model force, which this script does not
           recompute (the LuGre run is the C model's), only pairs with data.
At most 4000 points per series (every stride-th row). Exit 1 with the first
disagreement.
"""
import csv
import json
import math
import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
MAX_POINTS = 4000


def series(root, gid):
    """The points of group gid, in data units, and the data units of 0.002 px (x, y)."""
    g = root.find(".//%sg[@id='%s']" % (SVG, gid))
    assert g is not None, "no group %s" % gid
    a = {k: float(v) for k, v in g.attrib.items() if k.startswith("data-")}
    line = g.find(SVG + "polyline")
    if line is not None:
        pts = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    else:
        d = g.find(SVG + "path").get("d")
        pts = [(float(x), float(y)) for x, y in re.findall(r"M(-?[0-9.]+),(-?[0-9.]+)h0", d)]
    sx = (a["data-x1"] - a["data-x0"]) / (a["data-px1"] - a["data-px0"])
    sy = (a["data-y1"] - a["data-y0"]) / (a["data-py1"] - a["data-py0"])
    out = [(a["data-x0"] + (px - a["data-px0"]) * sx, a["data-y0"] + (py - a["data-py0"]) * sy) for px, py in pts]
    return out, abs(sx) * 0.002, abs(sy) * 0.002


def close(got, want, tol):
    return abs(got - want) <= tol


def f_ss(p, v):
    neg = v < 0
    fc = p.get("fc_neg", p["fc"]) if neg else p["fc"]
    fs = p.get("fs_neg", p["fs"]) if neg else p["fs"]
    b = p.get("sigma2_neg", p["sigma2"]) if neg else p["sigma2"]
    g = fc + (fs - fc) * math.exp(-abs(v / p["vs"]) ** p["delta"])
    return math.copysign(g, v) + b * v


def check(root, kind, rows, params):
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "friction force F [N]" in texts and "residuals" in texts, texts[:8]
    data, tx, ty = series(root, "data")
    fit, _, fty = series(root, "fit")
    res, _, rty = series(root, "residual")
    if kind == "static":
        used = [r for r in rows if r[0] != 0.0]
    else:
        used = [(r[0], r[2]) for r in rows[1:]]
    want = used[::-(-len(used) // MAX_POINTS)]
    assert len(data) == len(want) == len(res), (len(data), len(want), len(res))
    for (x, y), w in zip(data, want):
        assert close(x, w[0], tx) and close(y, w[1], ty), ("data", x, y, w)
    if kind == "static":
        assert len(fit) >= 100, len(fit)
        for x, y in fit:
            # the x read back is within tx: allow the curve's change over it
            slope = abs(f_ss(params, x + tx) - f_ss(params, x - tx)) / 2 if abs(x) > tx else float("inf")
            assert close(y, f_ss(params, x), fty + slope), ("fit", x, y, f_ss(params, x))
        for (x, y), w in zip(res, want):
            assert close(x, w[0], tx) and close(y, w[1] - f_ss(params, w[0]), rty), ("residual", x, y, w)
    else:
        assert len(fit) == len(data)
        for (x, y), (xf, yf), (xr, yr) in zip(data, fit, res):
            assert close(xf, x, tx) and close(xr, x, tx), ("time", x, xf, xr)
            assert close(yr, y - yf, rty + ty + fty), ("residual", yr, y - yf)
    return len(data)


def main():
    kind, data_csv, params_json = sys.argv[1:4]
    rows = [[float(x) for x in r] for r in list(csv.reader(open(data_csv)))[1:] if r and not r[0].startswith("#")]
    params = json.load(open(params_json))
    for path in sys.argv[4:]:
        text = open(path, encoding="utf-8").read()
        if path.endswith(".html"):
            svgs = re.findall(r"<svg .*?</svg>", text, re.S)
            assert len(svgs) == 1, (path, len(svgs))
            text = svgs[0]
        n = check(ET.fromstring(text), kind, rows, params)
        print("fit_plot_check: %s: %d points of data, fit and residuals check" % (path, n))


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("fit_plot_check: %s" % (e,), file=sys.stderr)
        sys.exit(1)
