#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`make bench-fit`: the speed of `fricore fit` on 1e5 rows.

Two synthetic sets, made as scripts/fit_examples.py makes the shipped
examples (fricore's double model, 1 % force noise, 0.5 % outliers) but with
1e5 rows each:
  static:  100000 rows v,F: 1000 speeds log-spaced 1e-4 .. 0.5 m/s each way,
           50 runs of each;
  dynamic: 100000 samples t,v,F at 10 kHz: a 5 um, 20 Hz small-amplitude
           sinusoid (the LuGre presliding regime), from the exact-step model.
Each `fricore fit` command runs as a user runs it (the whole process: CSV
parse, fit, report), REPS times; the best wall time is the figure, with the
process's CPU time (user + system) beside it. The goal is at most 2 s each.

    scripts/bench_fit.py BUILD_DIR [OUT.json]

bench.py (make bench) calls measure() and puts report_lines() in
docs/results/bench.md.
"""
import json
import math
import os
import random
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit_examples  # noqa: E402

ROWS = 100000
REPS = 3
GOAL_S = 2.0
SEED = 2024


def make_sets(fricore, d):
    rng = random.Random(SEED)
    speeds = [1e-4 * (0.5 / 1e-4) ** (i / 999) for i in range(1000)]
    v = [s * sg for _ in range(50) for s in speeds for sg in (1, -1)]
    f = fit_examples.spoil(rng, fit_examples.run(fricore, ["curve", "--model", "lugre"], ["%.17g" % x for x in v]))
    static = os.path.join(d, "fit_static_1e5.csv")
    with open(static, "w") as o:
        o.write("v,F\n" + "".join("%.9g,%.9g\n" % r for r in zip(v, f)))
    ts = fit_examples.TS
    vel = [2 * math.pi * 20.0 * 5e-6 * math.cos(2 * math.pi * 20.0 * k * ts) for k in range(ROWS)]
    f = fit_examples.spoil(rng, fit_examples.run(fricore, ["trace", "--model", "lugre", "--ts", repr(ts)],
                                                 ["%.17g" % x for x in vel]))
    dynamic = os.path.join(d, "fit_dynamic_1e5.csv")
    with open(dynamic, "w") as o:
        o.write("t,v,F\n" + "".join("%.9g,%.9g,%.9g\n" % (k * ts, a, b) for k, (a, b) in enumerate(zip(vel, f))))
    return static, dynamic


def timed(cmd):
    """Best wall time of REPS runs, that run's CPU time, and the last run's stdout."""
    best = None
    for _ in range(REPS):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        if p.returncode != 0:
            raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        if best is None or wall < best[0]:
            best = (wall, cpu)
    return best[0], best[1], p.stdout


def measure(build):
    fricore = os.path.join(build, "bin", "fricore")
    d = os.path.join(build, "results", "bench")
    os.makedirs(d, exist_ok=True)
    static, dynamic = make_sets(fricore, d)
    out = {"rows": ROWS, "reps": REPS, "goal_s": GOAL_S, "cases": []}
    sj = os.path.join(d, "fit_static_1e5.json")
    wall, cpu, _ = timed([fricore, "fit", "static", "--data", static, "--out", sj])
    p = json.load(open(sj))
    out["cases"].append({"fit": "static", "command": "fricore fit static --data fit_static_1e5.csv",
                         "rows": p["fit_points"], "wall_s": wall, "cpu_s": cpu, "evaluations": p["fit_evaluations"],
                         "result": "fc %.4g N, fs %.4g N, vs %.4g m/s, sigma2 %.4g N*s/m" % (
                             p["fc"], p["fs"], p["vs"], p["sigma2"])})
    wall, cpu, text = timed([fricore, "fit", "dynamic", "--data", dynamic, "--params", sj])
    p = json.loads(text)
    out["cases"].append({"fit": "dynamic", "command": "fricore fit dynamic --data fit_dynamic_1e5.csv --params STATIC",
                         "rows": p["fit_points"] + 1, "wall_s": wall, "cpu_s": cpu,
                         "evaluations": p["fit_evaluations"],
                         "result": "sigma0 %.4g N/m, sigma1 %.4g N*s/m" % (p["sigma0"], p["sigma1"])})
    out["met"] = all(c["wall_s"] <= GOAL_S for c in out["cases"])
    return out


def report_lines(r):
    L = ["## Parameter fit speed", "",
         "`make bench-fit` (scripts/bench_fit.py): `fricore fit` on %d synthetic rows (fricore's double model, 1 %% "
         "force noise, 0.5 %% outliers), the whole process as a user runs it (CSV parse, Levenberg-Marquardt fit, "
         "report), best wall time of %d runs with that run's CPU time." % (r["rows"], r["reps"]), "",
         "| fit | rows | wall [s] | CPU [s] | model evaluations | result |", "|---|---|---|---|---|---|"]
    for c in r["cases"]:
        L.append("| %s | %d | %.3f | %.3f | %d | %s |" % (c["fit"], c["rows"], c["wall_s"], c["cpu_s"],
                                                        c["evaluations"], c["result"]))
    L += ["", "Check: each fit of %d rows in at most %g s: **%s**." % (r["rows"], r["goal_s"],
                                                                      "met" if r["met"] else "not met"), ""]
    return L


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: bench_fit.py BUILD_DIR [OUT.json]", file=sys.stderr)
        return 2
    r = measure(sys.argv[1])
    for c in r["cases"]:
        print("bench-fit: %-7s %d rows: %.3f s wall, %.3f s CPU, %d evaluations (%s)" % (
            c["fit"], c["rows"], c["wall_s"], c["cpu_s"], c["evaluations"], c["result"]))
    print("bench-fit: each fit in at most %g s: %s" % (r["goal_s"], "met" if r["met"] else "NOT met"))
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w") as f:
            json.dump(r, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
