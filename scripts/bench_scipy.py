#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The SciPy baseline of `make bench`: the stick-slip run of
`fricore sim --example canudas1995` solved with scipy.integrate.solve_ivp,
what a control engineer would otherwise write.

The equations are the simulator's (cmodel/include/fric_plant.h):

    x' = v
    m v' = k (vd t - x) - F
    z' = v - sigma0 |v| z / g(v),   g(v) = Fc + (Fs - Fc) exp(-(v/vs)^2)
    F  = sigma0 z + sigma1 z' + sigma2 v

with the Canudas de Wit et al. (1995) set, from rest. Each method (Radau,
LSODA; rtol 1e-8, atol below) is timed over the solve_ivp
call alone, best of --reps runs. The stick-slip period is then measured as
fricore sim measures it (fric_sim.h): the solution sampled every --dt, a
slip starts where |v| crosses the slip threshold (10 vs; the crossing
interpolated linearly between samples) and stays above it, in one
direction, for the minimum slip duration (10 dt); it ends below the stick
threshold (vs / 10) or when v turns. The period is the time between the last
two slip onsets. Also the peak |v| over the last cycle.

    bench_scipy.py [--duration S] [--dt S] [--reps N] [--out FILE.json]

Exit status 2 on a bad option; 1 when a solver fails.
"""
import argparse
import json
import sys
import time

import numpy as np
import scipy
from scipy.integrate import solve_ivp

# the set of fricore sim --example canudas1995 (fric_lugre_cfg_canudas1995,
# fric_sim_cli_init's plant)
FC, FS, VS = 1.0, 1.5, 1e-3
SIGMA0, SIGMA1, SIGMA2 = 1e5, 1e5 ** 0.5, 0.4
MASS, K, VD = 1.0, 2.0, 0.1
STICK = VS / 10.0  # FRIC_SIM_STICK_DIVISOR
SLIP = 10.0 * VS   # FRIC_SIM_SLIP_FACTOR
MIN_SLIP_STEPS = 10  # FRIC_SIM_SLIP_MIN_STEPS
RTOL = 1e-8
# absolute tolerances per state: x, v well below a micrometre and a
# micrometre per second; z (about 1e-5 m at its largest) to 1e-14 m, the
# bristle force sigma0 z to 1e-9 N
ATOL = (1e-12, 1e-12, 1e-14)


def rhs(t, y):
    x, v, z = y
    g = FC + (FS - FC) * np.exp(-(v / VS) ** 2)
    dz = v - SIGMA0 * abs(v) * z / g
    f = SIGMA0 * z + SIGMA1 * dz + SIGMA2 * v
    return (v, (K * (VD * t - x) - f) / MASS, dz)


def metrics(sol, duration, dt):
    """Period and last-cycle peak |v| as fricore sim defines them."""
    n = int(round(duration / dt))
    t = np.arange(n + 1) * dt
    v = sol.sol(t)[1]
    a, sg = np.abs(v), np.sign(v)
    min_slip = MIN_SLIP_STEPS * dt
    # the runs of samples above the slip threshold in one direction
    up = np.where(a >= SLIP, sg, 0)
    edges = np.flatnonzero(np.diff(np.concatenate(([0], up, [0]))) != 0)
    runs = [(i, j) for i, j in zip(edges[:-1], edges[1:]) if up[i] != 0]
    onsets, ends_at, d = [], -1, 0  # ends_at: the last sample of the last slip's run (-1: no slip yet)
    for i, j in runs:
        if ends_at >= 0:
            # the slip goes on past its run until |v| < stick or v turns: a new one needs that first
            gap = slice(ends_at + 1, i + 1)
            if not np.any((a[gap] < STICK) | (sg[gap] != d)):
                continue
        u0 = up[i] * v[i - 1] if i > 0 else 0.0
        cand = t[i] - dt * (a[i] - SLIP) / (a[i] - u0) if i > 0 and a[i] > u0 else t[i]
        if t[j - 1] - cand >= min_slip:
            onsets.append((cand, i))
            ends_at, d = j - 1, up[i]
    if len(onsets) < 2:
        return {"slips": int(len(onsets)), "period_s": None, "peak_abs_velocity_m_per_s": None}
    (t0, i0), (t1, i1) = onsets[-2], onsets[-1]
    return {
        "slips": int(len(onsets)),
        "period_s": float(t1 - t0),
        "peak_abs_velocity_m_per_s": float(a[i0:i1].max()),
    }


def run(method, duration, reps):
    best = None
    sol = None
    for _ in range(reps):
        t0 = time.perf_counter()
        s = solve_ivp(rhs, (0.0, duration), (0.0, 0.0, 0.0), method=method, rtol=RTOL, atol=ATOL,
                      dense_output=True)
        el = time.perf_counter() - t0
        if not s.success:
            print(f"bench_scipy: {method} failed: {s.message}", file=sys.stderr)
            sys.exit(1)
        if best is None or el < best:
            best = el
        sol = s
    return best, sol


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--duration", type=float, default=25.0, help="simulated time [s] (default 25)")
    ap.add_argument("--dt", type=float, default=1e-5, help="sampling of the solution for the metrics [s] (default 1e-5)")
    ap.add_argument("--reps", type=int, default=3, help="timed runs per method, best taken (default 3)")
    ap.add_argument("--methods", default="Radau,LSODA", help="solve_ivp methods (default Radau,LSODA)")
    ap.add_argument("--out", help="write the results as JSON there")
    try:
        a = ap.parse_args()
    except SystemExit as e:
        sys.exit(2 if e.code else 0)
    if not (0 < a.duration <= 100):
        print(f"bench_scipy: --duration {a.duration}: allowed 0 < S <= 100", file=sys.stderr)
        sys.exit(2)
    if not (0 < a.dt <= a.duration / 100):
        print(f"bench_scipy: --dt {a.dt}: allowed 0 < S <= duration/100", file=sys.stderr)
        sys.exit(2)
    if not (1 <= a.reps <= 20):
        print(f"bench_scipy: --reps {a.reps}: allowed 1..20", file=sys.stderr)
        sys.exit(2)
    out = {"scipy": scipy.__version__, "numpy": np.__version__, "duration_s": a.duration, "rtol": RTOL,
           "atol": list(ATOL), "metric_dt_s": a.dt, "methods": []}
    for m in a.methods.split(","):
        if m not in ("Radau", "LSODA", "BDF", "RK45", "DOP853"):
            print(f"bench_scipy: --methods: '{m}' is not one of Radau, LSODA, BDF, RK45, DOP853", file=sys.stderr)
            sys.exit(2)
        wall, sol = run(m, a.duration, a.reps)
        r = {"method": m, "wall_s": wall, "rhs_evaluations": int(sol.nfev), "jacobians": int(sol.njev),
             "steps": int(len(sol.t) - 1)}
        r.update(metrics(sol, a.duration, a.dt))
        out["methods"].append(r)
        print(f"bench_scipy: {m:6s} {wall:8.3f} s  {r['steps']:7d} steps  {r['rhs_evaluations']:8d} f-evals  "
              f"period {r['period_s']} s  peak |v| {r['peak_abs_velocity_m_per_s']} m/s")
    if a.out:
        with open(a.out, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
