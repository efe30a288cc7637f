#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Make the synthetic measurement sets of examples/ for fricore fit.

The forces come from fricore's double-precision model (fricore curve for the
steady state, fricore trace for the exact-step LuGre), from the Canudas de
Wit (1995) set; then, as on a real rig: Gaussian force noise (1 % of the RMS
force), encoder quantization of the position (1 um counts), and a few
outliers (0.5 % of the rows, +-20 % of the force).

  scripts/fit_examples.py build/bin/fricore examples/
"""
import random
import subprocess
import sys

SEED = 1995
TS = 1e-4          # 10 kHz
COUNT = 1e-6       # encoder count, m
NOISE = 0.01       # relative to the RMS force
OUTLIERS = 0.005   # fraction of rows


def run(fricore, args, lines):
    out = subprocess.run([fricore] + args, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    rows = out.stdout.strip().split("\n")[1:]
    return [float(r.split(",")[1]) for r in rows]


def spoil(rng, f):
    rms = (sum(x * x for x in f) / len(f)) ** 0.5
    f = [x + rng.gauss(0.0, NOISE * rms) for x in f]
    for i in rng.sample(range(len(f)), max(1, int(OUTLIERS * len(f)))):
        f[i] *= 1.0 + rng.choice((-0.2, 0.2))
    return f


def main():
    fricore, outdir = sys.argv[1], sys.argv[2].rstrip("/")
    rng = random.Random(SEED)
    # static: 30 speeds log-spaced 1e-4 .. 0.5 m/s each way, 4 runs each
    v = []
    for _ in range(4):
        for i in range(30):
            s = 1e-4 * (0.5 / 1e-4) ** (i / 29)
            v += [s, -s]
    f = spoil(rng, run(fricore, ["curve", "--model", "lugre"], ["%.17g" % x for x in v]))
    with open(outdir + "/static.csv", "w") as o:
        o.write("v,F\n")
        for a, b in zip(v, f):
            o.write("%.6g,%.6g\n" % (a, b))
    # dynamic: small-amplitude sinusoid (5 um, 20 Hz) then a slow breakaway, position from an encoder
    n = 4000
    x = []
    for k in range(n):
        t = k * TS
        x.append(5e-6 * __import__("math").sin(2 * 3.141592653589793 * 20.0 * t) if k < 3000 else x[-1] + 2e-4 * TS * (k - 3000) / 1000)
    xq = [round(p / COUNT) * COUNT for p in x]
    vel = ["0"] + ["%.17g" % ((xq[k] - xq[k - 1]) / TS) for k in range(1, n)]
    f = run(fricore, ["trace", "--model", "lugre", "--ts", str(TS)], vel)
    f[0] = 0.0
    f = spoil(rng, f)
    with open(outdir + "/dynamic.csv", "w") as o:
        o.write("t,x,F\n")
        for k in range(n):
            o.write("%.6g,%.6g,%.6g\n" % (k * TS, xq[k], f[k]))


if __name__ == "__main__":
    main()
