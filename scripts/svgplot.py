# SPDX-License-Identifier: Apache-2.0
"""A small line-plot writer for the figures of `make bench` (SVG, no
dependencies): axes with rounded ticks, a linear or log10 x axis, one
polyline per series, a legend.

    svgplot.line(path, title, xlabel, ylabel, series, logx=False)

series: a list of (label, xs, ys, colour); xs and ys sequences of floats.
"""
import math

W, H = 760, 420
ML, MR, MT, MB = 78, 20, 40, 56  # margins


def _ticks(lo, hi, n=6):
    """Rounded tick values covering [lo, hi]."""
    if hi <= lo:
        hi = lo + 1.0
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    t = math.ceil(lo / step) * step
    out = []
    while t <= hi + 1e-9 * step:
        out.append(0.0 if abs(t) < 1e-12 * step else t)
        t += step
    return out


def _fmt(v):
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 1e4 or a < 1e-3:
        return "%.0e" % v
    return ("%.4g" % v)


def _esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def line(path, title, xlabel, ylabel, series, logx=False):
    xs_all = [x for _, xs, _, _ in series for x in xs if not logx or x > 0]
    ys_all = [y for _, _, ys, _ in series for y in ys if math.isfinite(y)]
    if logx:
        lx0, lx1 = math.floor(math.log10(min(xs_all))), math.ceil(math.log10(max(xs_all)))
        fx = lambda x: (math.log10(x) - lx0) / (lx1 - lx0)
        xt = [10.0 ** k for k in range(lx0, lx1 + 1)]
    else:
        x0, x1 = min(xs_all), max(xs_all)
        xt = _ticks(x0, x1)
        x0, x1 = min(x0, xt[0]), max(x1, xt[-1])
        fx = lambda x: (x - x0) / (x1 - x0 if x1 > x0 else 1.0)
    y0, y1 = min(ys_all), max(ys_all)
    if y1 - y0 < 1e-12:
        y0, y1 = y0 - 1.0, y1 + 1.0
    yt = _ticks(y0, y1)
    y0, y1 = min(y0, yt[0]), max(y1, yt[-1])
    pw, ph = W - ML - MR, H - MT - MB
    px = lambda x: ML + pw * fx(x)
    py = lambda y: MT + ph * (1.0 - (y - y0) / (y1 - y0))
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="22" font-size="14" font-weight="bold">%s</text>' % (ML, _esc(title))]
    for t in xt:
        x = px(t)
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (x, MT, x, MT + ph))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x, MT + ph + 16, _fmt(t)))
    for t in yt:
        y = py(t)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (ML, y, ML + pw, y))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (ML - 6, y + 4, _fmt(t)))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>' % (ML, MT, pw, ph))
    o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (ML + pw / 2, H - 14, _esc(xlabel)))
    o.append('<text transform="translate(16,%.1f) rotate(-90)" text-anchor="middle">%s</text>' % (MT + ph / 2, _esc(ylabel)))
    o.append('<rect x="%d" y="%d" width="170" height="%d" fill="white" fill-opacity="0.85" stroke="#999"/>'
             % (ML + pw - 176, MT + 4, 16 * len(series) + 6))
    for k, (label, xs, ys, colour) in enumerate(series):
        pts = " ".join("%.1f,%.1f" % (px(x), py(y)) for x, y in zip(xs, ys)
                       if math.isfinite(y) and (not logx or x > 0))
        o.append('<polyline fill="none" stroke="%s" stroke-width="1.2" points="%s"/>' % (colour, pts))
        ly = MT + 16 + 16 * k
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>' % (ML + pw - 170, ly - 4, ML + pw - 150, ly - 4, colour))
        o.append('<text x="%d" y="%d">%s</text>' % (ML + pw - 144, ly, _esc(label)))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o) + "\n")
