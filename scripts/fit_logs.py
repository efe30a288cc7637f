#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Make the synthetic measured logs of examples/ for fricore fit reduce and
fricore fit static --loss/--compare.

examples/log.csv (t,x,F): a constant-velocity identification run as a real
rig records it. Plateaus at 12 speeds per direction (0.2 mm/s to 1 m/s,
log-spaced), 0.6 s each, joined by 0.08 s ramps, sampled at 250 Hz. The
force is the steady-state curve at the commanded velocity with levels and a
Stribeck velocity per direction (TRUTH below), plus, as measured: a
position-periodic torque ripple (0.01 N, 50 um period), Gaussian noise
(0.01 N), 1 % of the rows as gross outliers (+-0.5 N), and the position
quantized to 0.2 um encoder counts.

examples/static_outliers.csv (v,F): 240 constant-velocity points of the
symmetric Canudas de Wit (1995) curve with 1 % force noise, 5 % of them
gross outliers (+-30 % of the force).

  scripts/fit_logs.py examples/
"""
import math
import os
import random
import sys

SEED = 42
TRUTH = dict(fc=1.0, fs=1.5, sigma2=0.4, fc_neg=0.9, fs_neg=1.3, sigma2_neg=0.35, vs=1e-3, vs_neg=2e-3, delta=2.0)
RATE = 250.0      # samples per second
PLATEAU = 0.6     # s
RAMP = 0.08       # s
COUNT = 2e-7      # encoder count, m
RIPPLE = (0.01, 50e-6)  # amplitude N, period m
NOISE = 0.01      # N
OUTLIERS = (0.01, 0.5)  # fraction of rows, size N


def steady(v, p):
    if v == 0.0:
        return 0.0
    neg = "_neg" if v < 0 else ""
    fc, fs, b = p["fc" + neg], p["fs" + neg], p["sigma2" + neg]
    vs = p["vs" + neg]
    g = fc + (fs - fc) * math.exp(-abs(v / vs) ** p["delta"])
    return math.copysign(g, v) + b * v


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "examples"
    rng = random.Random(SEED)
    rows = []
    # plateaus joined by ramps: the ramp starts at t_phase
    dt = 1.0 / RATE
    speeds = [2e-4 * (5000.0 ** (i / 11.0)) for i in range(12)]
    t, x, v = 0.0, 0.0, 0.0
    for target in speeds + [-s for s in speeds]:
        n_ramp, n_plat = int(round(RAMP * RATE)), int(round(PLATEAU * RATE))
        for k in range(n_ramp + n_plat):
            vv = v + (target - v) * (k + 1) / n_ramp if k < n_ramp else target
            x += vv * dt
            t += dt
            f = steady(vv, TRUTH) + RIPPLE[0] * math.sin(2.0 * math.pi * x / RIPPLE[1]) + rng.gauss(0.0, NOISE)
            if rng.random() < OUTLIERS[0]:
                f += rng.choice((-1.0, 1.0)) * OUTLIERS[1]
            rows.append((t, COUNT * round(x / COUNT), f))
        v = target
    with open(os.path.join(out, "log.csv"), "w") as fh:
        fh.write("# synthetic identification log (scripts/fit_logs.py): t [s], x [m, 0.2 um counts], F [N]\nt,x,F\n")
        for r in rows:
            fh.write("%.6f,%.7g,%.6g\n" % r)
    canudas = dict(fc=1.0, fs=1.5, sigma2=0.4, fc_neg=1.0, fs_neg=1.5, sigma2_neg=0.4, vs=1e-3, vs_neg=1e-3, delta=2.0)
    rng = random.Random(SEED + 1)
    pts = []
    for rep in range(6):
        for i in range(20):
            for s in (1.0, -1.0):
                vv = s * 1e-4 * (10000.0 ** (i / 19.0))
                f = steady(vv, canudas)
                f += rng.gauss(0.0, 0.01 * abs(f))
                if rng.random() < 0.05:
                    f += rng.choice((-1.0, 1.0)) * 0.3 * abs(f)
                pts.append((vv, f))
    with open(os.path.join(out, "static_outliers.csv"), "w") as fh:
        fh.write("# synthetic constant-velocity points with 5 % gross outliers (scripts/fit_logs.py)\nv,F\n")
        for r in pts:
            fh.write("%.9g,%.9g\n" % r)


if __name__ == "__main__":
    main()
