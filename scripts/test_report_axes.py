#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The axes of `fricore sim --report` as headless Chromium draws them.

    /usr/bin/python3 scripts/test_report_axes.py FRICORE OUTDIR

Writes two reports with FRICORE: the Canudas de Wit (1995) example, and a
run scaled down to milliseconds and micronewtons, so the tick labels take
SI prefixes. Each is loaded in headless Chromium (Selenium with Debian's
python3-selenium and chromium-driver, as scripts/test_lab.py), and for each
of its three plots (friction and velocity over time, the force-displacement
loop):
  - every text of the plot lies inside the plot's box as rendered, so no
    label is clipped at the plot's edge;
  - the tick labels are plain numbers of at most 5 characters, and the axis
    labels carry the unit with the prefix those numbers are in ([ms], [µN],
    [mm/s]);
  - a screenshot of the plot is written to OUTDIR (report-NAME-PLOT.png) and
    is a PNG of the plot's rendered size.
The note under the plots names the stride as an ordinal ("every 38th
sample"). A negative control moves one tick label past the edge and expects
the clipping check to catch it. Exit 1 on the first failure.
"""
import os
import re
import struct
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"

# name: (the command's options, {plot id: (x label, y label) as drawn})
RUNS = {
    "canudas": (["--example", "canudas1995", "--duration", "15", "--dt", "1e-4", "--integrator", "exact"],
                {"time-data": ("time t [s]", "friction force F_f [N]"),
                 "velocity-data": ("time t [s]", "velocity v [mm/s]"),
                 "hysteresis-data": ("displacement x [m]", "friction force F_f [N]")}),
    "micro": (["--example", "canudas1995", "--fc", "2e-5", "--fs", "3e-5", "--sigma0", "10", "--sigma1", "0.1",
               "--b", "1e-4", "--mass", "1e-3", "--k", "0.05", "--vd", "1e-3", "--duration", "0.05", "--dt", "1e-6",
               "--integrator", "exact"],
               {"time-data": ("time t [ms]", "friction force F_f [\u00b5N]"),
                "velocity-data": ("time t [ms]", "velocity v [\u00b5m/s]"),
                "hysteresis-data": ("displacement x [nm]", "friction force F_f [\u00b5N]")}),
}

# every text of the svg holding the plot group id: its string and its box, and the svg's box
MEASURE = """
const g = document.getElementById(arguments[0]), svg = g.ownerSVGElement, b = svg.getBoundingClientRect();
return {svg: [b.left, b.top, b.right, b.bottom],
        texts: [...svg.querySelectorAll('text')].map((t) => {
          const r = t.getBoundingClientRect();
          return [t.textContent, r.left, r.top, r.right, r.bottom];
        })};
"""

failed = False


def ok(msg):
    print("ok   " + msg)


def bad(msg):
    global failed
    failed = True
    print("FAIL " + msg)


def ordinal(n):
    if n % 100 in (11, 12, 13):
        return "%dth" % n
    return "%d%s" % (n, {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def clipped(m):
    """the texts that reach past the svg's box (0.5 px of slack for rounding)"""
    l, t, r, b = m["svg"]
    return [x[0] for x in m["texts"] if x[1] < l - 0.5 or x[2] < t - 0.5 or x[3] > r + 0.5 or x[4] > b + 0.5]


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def browser():
    o = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
              "--window-size=1200,1000", "--force-device-scale-factor=1", "--disable-background-networking",
              "--disable-component-update"):
        o.add_argument(a)
    o.binary_location = CHROMIUM
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=o)


def main():
    fricore, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    d = browser()
    try:
        for name, (args, plots) in RUNS.items():
            page = os.path.abspath(os.path.join(outdir, "report-%s.html" % name))
            p = subprocess.run([fricore, "sim"] + args + ["--report", page], capture_output=True, text=True)
            if p.returncode != 0:
                bad("%s: fricore sim %s: status %d: %s" % (name, " ".join(args), p.returncode, p.stderr[-300:]))
                continue
            d.get("file://" + page)
            note = d.execute_script("return [...document.querySelectorAll('p')].map((e) => e.textContent)"
                                    ".find((t) => t.startsWith('The plots show')) || ''")
            m = re.match(r"The plots show every (\d+)(st|nd|rd|th) sample of the run \((\d+) points\)", note)
            if m and ordinal(int(m.group(1))) == m.group(1) + m.group(2):
                ok("%s: the stride reads as an ordinal: '%s'" % (name, note[:60]))
            else:
                bad("%s: the stride note: '%s'" % (name, note))
            for gid, (xlabel, ylabel) in plots.items():
                what = "%s %s" % (name, gid)
                if not d.execute_script("return !!document.getElementById(arguments[0])", gid):
                    bad("%s: no such plot" % what)
                    continue
                d.execute_script("document.getElementById(arguments[0]).ownerSVGElement.scrollIntoView()", gid)
                meas = d.execute_script(MEASURE, gid)
                texts = [t[0] for t in meas["texts"]]
                out = clipped(meas)
                ticks = [t for t in texts if re.fullmatch(r"-?[0-9.]+(e-?[0-9]+)?", t)]
                long_ticks = [t for t in ticks if len(t) > 5]
                if out:
                    bad("%s: labels past the plot's edge: %s" % (what, out))
                elif len(ticks) < 6 or long_ticks:
                    bad("%s: tick labels %s (at least 6, at most 5 characters each)" % (what, ticks))
                elif xlabel not in texts or ylabel not in texts:
                    bad("%s: axis labels %r and %r expected, the plot has %s" % (what, xlabel, ylabel, texts[-12:]))
                else:
                    ok("%s: %d texts inside the plot, ticks %s, axes '%s', '%s'" %
                       (what, len(texts), " ".join(ticks[:4]) + " ...", xlabel, ylabel))
                svg = d.find_element("id", gid).find_element("xpath", "./ancestor::*[local-name()='svg']")
                shot = svg.screenshot_as_png
                path = os.path.join(outdir, "report-%s-%s.png" % (name, gid.replace("-data", "")))
                with open(path, "wb") as f:
                    f.write(shot)
                w, h = png_size(shot)
                l, t, r, b = meas["svg"]
                if abs(w - (r - l)) <= 2 and abs(h - (b - t)) <= 2 and len(shot) > 5000:
                    ok("%s: screenshot %s (%dx%d px, %d bytes)" % (what, path, w, h, len(shot)))
                else:
                    bad("%s: screenshot %dx%d px, %d bytes, for a plot of %.0fx%.0f px" %
                        (what, w, h, len(shot), r - l, b - t))
            if name == "canudas":
                # negative control: a tick label moved past the right edge is caught
                d.execute_script("const t = document.getElementById('time-data').ownerSVGElement"
                                 ".querySelector('g[text-anchor=middle] text');"
                                 "t.setAttribute('x', 716); t.textContent = '25.25';")
                out = clipped(d.execute_script(MEASURE, "time-data"))
                if out:
                    ok("negative control: a tick label moved to the right edge is caught as clipped (%s)" % out)
                else:
                    bad("negative control: a tick label at the right edge went unnoticed")
    finally:
        d.quit()
    if failed:
        sys.exit(1)
    ok("the report's axes: every check passed")


if __name__ == "__main__":
    main()
