#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Identify a friction element from measurements and compile it for the
hardware, in one script with fricore's Python package:

  1. fit static: Fc, Fs, vs, sigma2 from constant-velocity runs
     (examples/static.csv: v,F);
  2. fit dynamic: sigma0, sigma1 of the LuGre model from a presliding record
     (examples/dynamic.csv: t,x,F), the steady state held at step 1;
  3. compile the LuGre set for the fric_lugre core at the record's sample
     time, and run the record through the bit-exact fixed-point model
     against the double-precision one;
  4. write static.json, lugre.json (parameter files that every fricore
     command reads with --params), compiled.json (the words), and with
     matplotlib installed identify_compile.png;
  5. run the set as a servo axis's friction, without and with the LuGre
     compensator (fricore servo's default sine reference).

  python examples/python/identify_compile.py [--out DIR] [--width 16|18]
"""
import argparse
import json
import os
import sys

import numpy as np

import fricore

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..")


def load_csv(path, header):
    with open(path) as f:
        got = f.readline().strip()
    if got != header:
        raise SystemExit("%s: expected the header %s, got %s" % (path, header, got))
    return np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2).T.copy()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=".", help="directory for the outputs (default: the current one)")
    ap.add_argument("--width", type=int, default=16, choices=(16, 18), help="datapath width of the core")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    # 1. the steady-state curve
    v, F = (np.ascontiguousarray(c) for c in load_csv(os.path.join(DATA, "static.csv"), "v,F"))
    static = fricore.fit_static(v, F)
    print("fit static: fc %.4g N, fs %.4g N, vs %.4g m/s, sigma2 %.4g N*s/m (rms %.3g N over %d rows)"
          % (static["fc"], static["fs"], static["vs"], static["sigma2"], static.fit.rms, static.fit.points))
    for w in static.fit.warnings:
        print("  warning:", w)
    static.save(os.path.join(a.out, "static.json"))

    # 2. the bristles, from a position record: the mean velocity of each step
    #    is what the exact step holds over it (as fricore fit dynamic reads t,x,F)
    t, x, Fd = (np.ascontiguousarray(c) for c in load_csv(os.path.join(DATA, "dynamic.csv"), "t,x,F"))
    vd = np.empty_like(x)
    vd[1:] = np.diff(x) / np.diff(t)
    vd[0] = vd[1]
    lugre = fricore.fit_dynamic(t, vd, Fd, static)
    se = lugre.fit.stderr
    print("fit dynamic: sigma0 %.4g +- %.2g N/m, sigma1 %.4g +- %.2g N*s/m (rms %.3g N over %d rows)"
          % (lugre["sigma0"], se["sigma0"], lugre["sigma1"], se["sigma1"], lugre.fit.rms, lugre.fit.points))
    for w in lugre.fit.warnings:
        print("  warning:", w)
    lugre.save(os.path.join(a.out, "lugre.json"))

    # 3. the hardware's words, and the record through the fixed-point model
    #    The port's full scales hold the record with a quarter to spare: the
    #    velocity's, and the force's from the double-precision run (the
    #    quantized position makes velocity steps, and the sigma1 term force
    #    peaks, beyond the steady curve that the automatic f_max covers).
    ts = float(np.median(np.diff(t)))
    dbl = fricore.trace(lugre, vd, ts)
    v_max = float(2.0 ** np.ceil(np.log2(1.25 * np.max(np.abs(vd)))))
    f_max = float(2.0 ** np.ceil(np.log2(1.25 * np.max(np.abs(dbl.F)))))
    c = fricore.compile(lugre, ts, a.width, v_max=v_max, f_max=f_max)
    worst = max(c.quantization, key=lambda q: abs(q["rel_error"]))
    print("compile: %d words for the %s core, W %d, v_max %g m/s, f_max %g N; largest quantization error %s %.2g %%"
          % (len(c.words), c.core, c.width, c.v_max, c.f_max, worst["param"], 100 * worst["rel_error"]))
    fx = fricore.trace(lugre, vd, ts, fixed=True, width=a.width, v_max=v_max, f_max=f_max)
    err = np.max(np.abs(fx.F - dbl.F)) / c.f_lsb
    print("trace: fixed point against double over %d samples: max %.2f LSB, flags %s"
          % (len(vd), err, ", ".join(fricore.flag_names(fx.flags)) or "none"))
    with open(os.path.join(a.out, "compiled.json"), "w") as f:
        json.dump({"model": c.model, "core": c.core, "width": c.width, "v_max": c.v_max, "f_max": c.f_max,
                   "ts": c.ts, "fields": c.fields, "words": ["0x%08x" % w for w in c.words],
                   "fixed_vs_double_max_lsb": err}, f, indent=1)
        f.write("\n")

    # 4. the set as a servo axis's friction (read as N*m and rad): the
    #    tracking error of fricore servo's default sine, without and with
    #    the LuGre compensator in the core's fixed point
    rms = {}
    for comp in ("none", "lugre"):
        arith = "double" if comp == "none" else "fixed"
        summ, _ = fricore.servo(lugre, compensation=comp, comp_arith=arith, duration=1.0, width=a.width,
                                series=False)
        rms[comp] = summ["rms_position_error_rad"]
    print("servo: rms position error %.3g rad without compensation, %.3g rad with the LuGre compensator"
          % (rms["none"], rms["lugre"]))

    # 5. the figure, when matplotlib is there
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no figure")
        return 0
    fig, ax = plt.subplots(1, 2, figsize=(11, 4))
    g = np.geomspace(1e-5, np.max(np.abs(v)), 400)
    vv = np.concatenate([-g[::-1], g])
    ax[0].plot(v, F, ".", ms=3, label="measured")
    ax[0].plot(vv, fricore.curve(static, vv), label="fit static")
    ax[0].set(xlabel="v [m/s]", ylabel="F [N]", title="steady state")
    ax[0].set_xscale("symlog", linthresh=1e-5)
    ax[1].plot(t, Fd, ".", ms=2, label="measured")
    ax[1].plot(t, dbl.F, label="LuGre fit, double")
    ax[1].plot(t, fx.F, "--", label="LuGre fit, fixed point W %d" % a.width)
    ax[1].set(xlabel="t [s]", ylabel="F [N]", title="presliding record")
    for x_ in ax:
        x_.grid(True, alpha=0.3)
        x_.legend(fontsize=8)
    fig.tight_layout()
    png = os.path.join(a.out, "identify_compile.png")
    fig.savefig(png, dpi=90)
    print("figure:", png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
