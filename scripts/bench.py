#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`make bench`: run every benchmark, print every figure, and write
build/results/bench.json and docs/results/bench.md with its plots
(docs/results/bench_*.svg). Nothing in the report is typed by hand: each
figure is measured in this run, on this machine, or read from the records
of this build (build/results/synth.json, accuracy.json).

Parts:
  1. C model speed: build/bin/fric-bench-speed (double, fixed point, libm).
  2. Simulator: build/bin/fric-bench-sim (steps/s), and the canudas1995 run
     of `fricore sim` over 25 s against scripts/bench_scipy.py (solve_ivp
     Radau and LSODA, rtol 1e-8) at matched accuracy: for each integrator the
     largest step of a ladder at which it and every smaller step give the
     stick-slip period within 1e-4 of SciPy's Radau period. Timed two ways,
     each like for like: the solver alone (the solve_ivp call against the
     run loop's own time) and the command as a user runs it (the script's
     whole process against fricore's, both spawned from here); the mixed
     ratio (the solve_ivp call alone against fricore's whole process) is
     printed too, as the strictest.
  3. RTL simulation: each Verilator bench's test_sim_speed (SIM_SPEED=N).
  4. FPGA: the records of make synth-report, with the latency each bench
     measured and the axes a core serves at 10 kHz and 50 kHz.
  5. Accuracy: build/results/accuracy.json (make bench-accuracy), the
     Stribeck error against velocity (fricore curve, every input code) and
     the co-simulated stick-slip, RTL against double (fricore-cosim).
  0. Microcontroller (first in the report: the stated cost of the
     fixed-point model): the records of make bench-mcu
     (build/mcu/bench/*.json, scripts/mcu_emu.py), instructions per sample
     and sizes on an emulated Cortex-M0+ and Cortex-M4 without FPU.

    scripts/bench.py BUILD_DIR PYTHON OUT.json OUT.md
    scripts/bench.py --mcu MCU_BENCH_DIR OUT.json OUT.md
        make bench-mcu: the microcontroller part alone; rewrites its section
        of OUT.md in place (or adds it before the first section)
"""
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import svgplot  # noqa: E402
import bench_fit  # noqa: E402  (the parameter fit's speed: its own section)

PERIOD_TOL = 1e-4
SIM_ARGS = ["sim", "--example", "canudas1995", "--duration", "25"]
LADDER = {"rk4": [7e-5, 5e-5, 2e-5, 1e-5], "exact": [2e-3, 1.5e-3, 1.25e-3, 1e-3, 5e-4, 2e-4, 1e-4, 1e-5]}
REPS = 5
SCRIPT_REPS = 3  # whole-process runs of bench_scipy.py per method
# (bench, core, configuration, samples for test_sim_speed)
RTL_BENCHES = [
    ("tb_stribeck_w16", "stribeck", "W 16, OPT_FABRIC 1, SPRAM (the UP5K configuration)", 300000),
    ("tb_stribeck_w18", "stribeck", "W 18, DSP multipliers (the ECP5 configuration)", 300000),
    ("tb_lugre_w16", "lugre", "W 16, OPT_FAST 0", 300000),
    ("tb_lugre_w18", "lugre", "W 18, OPT_FAST 1 (the ECP5 configuration)", 300000),
    ("tb_top_w16", "top", "board top W 16, 4 axes, host-driven sets over SPI", 60),
    ("tb_top_w18", "top", "board top W 18, 8 axes, host-driven sets over SPI", 40),
]
# which bench measured the latency of each synthesized configuration
SYNTH_BENCH = {("stribeck", "ecp5"): "tb_stribeck_w18", ("stribeck", "up5k"): "tb_stribeck_w16",
               ("lugre", "ecp5"): "tb_lugre_w18"}
SERVO_RATES = [10e3, 50e3]
ENG_AXES = 4  # fric_eng's slots: 4 axes of each model at most (its synthesis run's NUM_AXES)


def sh(cmd, env=None):
    e = dict(os.environ)
    if env:
        e.update(env)
    r = subprocess.run(cmd, capture_output=True, text=True, env=e)
    if r.returncode != 0:
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit("bench: %s failed (exit %d)" % (" ".join(cmd), r.returncode))
    return r.stdout


def say(s=""):
    print(s, flush=True)


# ---- 0. microcontroller --------------------------------------------------------------

MCU_TITLE = "## Microcontroller: the models' cost as firmware"
MCU_RATIO_GOAL = 1 / 5      # fixed-point LuGre step: at most 1/5 of the soft-float double step's instructions
MCU_FLASH_GOAL = 8192       # and at most 8 KB of flash with its tables
MCU_TARGETS = {"m0plus": "Cortex-M0+", "m4": "Cortex-M4 (no FPU)"}


def mcu(mcu_dir):
    """The records of make bench-mcu, one per build (TARGET-OPT[-w16])."""
    paths = sorted(glob.glob(os.path.join(mcu_dir, "*.json")))
    if not paths:
        raise SystemExit("bench: no records in %s (run: make bench-mcu)" % mcu_dir)
    builds = [json.load(open(p)) for p in paths]
    cc = subprocess.run(["arm-none-eabi-gcc", "--version"], capture_output=True, text=True)
    return {"compiler": cc.stdout.splitlines()[0] if cc.returncode == 0 and cc.stdout else "arm-none-eabi-gcc",
            "builds": builds}


def mcu_rows(m):
    """Per target, optimization, velocity set and model: the fixed-point and
    double runs of the default build, the fixed-point run of the one-width
    build, and the sizes."""
    by = {(b["target"], b["opt"], b["variant"]): b for b in m["builds"]}
    rows = []
    for (t, o, v), b in sorted(by.items(), key=lambda kv: (list(MCU_TARGETS).index(kv[0][0]), kv[0][1])):
        if v:
            continue
        w16 = by.get((t, o, "w16"))
        for r in b["runs"]:
            if r["kind"] != "fixed":
                continue
            d = next(x for x in b["runs"] if x["kind"] == "double" and x["model"] == r["model"]
                     and x["velocities"] == r["velocities"])
            one = w16 and next((x for x in w16["runs"] if x["kind"] == "fixed" and x["model"] == r["model"]
                                and x["velocities"] == r["velocities"]), None)
            rows.append({"target": t, "opt": o, "velocities": r["velocities"], "model": r["model"], "fixed": r,
                         "double": d, "fixed_one_width": one,
                         "fixed_over_double": r["per_sample_mean"] / d["per_sample_mean"]})
    return rows


def mcu_sizes(m):
    rows = []
    for b in sorted(m["builds"], key=lambda b: (list(MCU_TARGETS).index(b["target"]), b["opt"], b["variant"])):
        for kind, what in (("fx_stribeck", "fixed Stribeck"), ("fx_lugre", "fixed Dahl / LuGre"),
                           ("stribeck", "double Stribeck"), ("lugre", "double Dahl / LuGre"),
                           ("adapt", "adaptation law")):
            if kind in b["sizes"]:
                rows.append(dict(b["sizes"][kind], target=b["target"], opt=b["opt"], step=what, kind=kind,
                                 build="W 16 only" if b["variant"] == "w16" else "as shipped"))
    return rows


def mcu_section(m):
    rows, sizes = mcu_rows(m), mcu_sizes(m)
    b0 = m["builds"][0]
    n = {r["velocities"]: r["samples"] for b in m["builds"] for r in b["runs"]}
    L = [MCU_TITLE, "",
         "The fixed-point model is meant to run as firmware on a drive's MCU, which has no double-precision FPU; "
         "this section states its cost (the x86 figures of the next section are information: that CPU has one). "
         "Its counts and sizes do not depend on the machine that runs the emulator; `make bench-mcu` alone "
         "rewrites this section. "
         "`make bench-mcu`: each per-sample step (`fric_fx_stribeck`, `fric_fx_lugre_step`; `fric_stribeck_force`, "
         "`fric_lugre_step`) cross-compiled by %s with newlib-nano, for a Cortex-M0+ (`-mcpu=cortex-m0plus -mthumb`) "
         "and a Cortex-M4 without FPU (`-mcpu=cortex-m4 -mthumb -mfloat-abi=soft`: every double operation a libgcc "
         "soft-float call, `exp` from newlib's libm), at `-O2` and `-Os`, linked into a bare-metal harness "
         "(`cmodel/mcu/fric_mcu.c`) and run in the unicorn %s emulator (`scripts/mcu_emu.py`, docs/mcu.md). "
         "Instructions executed by the step and what it calls, per sample, counted exactly (failed instructions of "
         "an IT block included), over the first %s samples of the velocity sets of the x86 benchmark (whose "
         "sines have a period of 20000 samples), W = 16, Dahl and LuGre through the same step. Every fixed-point output and the flags "
         "equal the host's bit for bit; every double output is within %g of the largest output of its run of the "
         "host's (x86-64, glibc) double model, %d of %d of them bit-identical." % (
             m["compiler"], b0["unicorn"], " and ".join("%d (%s)" % (v, k) for k, v in sorted(n.items())),
             b0["double_rel_tolerance"],
             sum(r["identical"] for b in m["builds"] for r in b["runs"] if r["kind"] == "double"),
             sum(r["samples"] for b in m["builds"] for r in b["runs"] if r["kind"] == "double")), "",
         "Instructions per sample, mean and (largest):", "",
         "| target | opt | velocities | model | fixed | fixed, W 16 only | double | fixed / double |",
         "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        f, d, o = r["fixed"], r["double"], r["fixed_one_width"]
        L.append("| %s | %s | %s | %s | %.1f (%d) | %s | %.1f (%d) | %.3f |" % (
            MCU_TARGETS[r["target"]], r["opt"], r["velocities"], r["model"], f["per_sample_mean"],
            f["per_sample_max"], "%.1f (%d)" % (o["per_sample_mean"], o["per_sample_max"]) if o else "—",
            d["per_sample_mean"], d["per_sample_max"], r["fixed_over_double"]))
    L += ["", "Bytes the step adds to the image (the harness left out): code (`.text`, with libgcc's and libm's "
          "routines it calls), tables (`.rodata`: the fixed-point model's exp2, reciprocal and h tables, or libm's "
          "constants), data (`.data`, in flash and RAM: newlib's `errno`), flash = their sum. *As shipped*: "
          "`fric_fx.c` serves both widths (a specialized body for W 16, W 18 and any other, and both widths' "
          "tables); *W 16 only*: compiled with `FRIC_FX_ONLY_WIDTH=16`, the firmware for one width.", "",
          "| target | opt | step | build | code | tables | data | flash |", "|---|---|---|---|---|---|---|---|"]
    for z in sizes:
        L.append("| %s | %s | %s | %s | %d | %d | %d | %d |" % (MCU_TARGETS[z["target"]], z["opt"], z["step"],
                                                              z["build"], z["code"], z["tables"], z["data"], z["flash"]))
    lug = [r for r in rows if r["model"] == "lugre"]
    worst = max(lug, key=lambda r: r["fixed_over_double"])
    ratio_ok = all(r["fixed_over_double"] <= MCU_RATIO_GOAL for r in lug)
    fl = [z for z in sizes if z["kind"] == "fx_lugre"]
    one = [z for z in fl if z["build"] == "W 16 only"]
    shipped = [z for z in fl if z["build"] == "as shipped"]
    one_ok = bool(one) and all(z["flash"] <= MCU_FLASH_GOAL for z in one)
    shipped_ok = all(z["flash"] <= MCU_FLASH_GOAL for z in shipped)
    big1 = max(one, key=lambda z: z["flash"]) if one else None
    bigs = max(shipped, key=lambda z: z["flash"])
    L += ["", "Check: the fixed-point LuGre step executes at most 1/5 of the soft-float double step's instructions "
          "on both targets: **%s** (fixed / double at most %.3f: %s, %s, %s velocities). It fits in %d bytes of "
          "flash with its tables: **%s** %s; the library as shipped needs up to %d bytes (%s, %s)." % (
              "met" if ratio_ok else "not met", worst["fixed_over_double"], MCU_TARGETS[worst["target"]],
              worst["opt"], worst["velocities"], MCU_FLASH_GOAL,
              "met" if one_ok else ("met as shipped" if shipped_ok else "not met"),
              ("with `FRIC_FX_ONLY_WIDTH=16` (at most %d bytes: %s, %s)" % (
                  big1["flash"], MCU_TARGETS[big1["target"]], big1["opt"])) if big1 else "",
              bigs["flash"], MCU_TARGETS[bigs["target"]], bigs["opt"]), ""]
    return L + mcu_law(m)


def mcu_law(m):
    """The adaptation law's lines: per sample, per window update, per second
    at the default rate, and the share of libgcc's 64-bit routines."""
    laws = [(b, b["law"]) for b in sorted(m["builds"], key=lambda b: (list(MCU_TARGETS).index(b["target"]), b["opt"]))
            if b.get("law")]
    if not laws:
        return []
    r0 = laws[0][1]
    ts = 1.0 / (r0["rate_Hz"] * r0["window"])
    L = ["### The adaptation law of the adaptive observer", "",
         "`fric_adapt_sample` (each sample: gates, regressors, five 64-bit sums) and `fric_adapt_update` (each "
         "window: the least-squares correction and its guards) of `cmodel/src/fric_adapt.c`, the integer-only law "
         "of `--compensation lugre-adaptive` (docs/servo.md), over %d samples (%d windows of %d) recorded from a "
         "host run of the servo by `fric-adapt-dump %g %d %d` (the slow sine, T<sub>s</sub> = %g s, a drift of "
         "F<sub>c</sub>, F<sub>s</sub> +40 %% and &sigma;<sub>2</sub> &minus;20 %%, `--comp-arith fixed`, "
         "F<sub>c</sub> and &sigma;<sub>2</sub> adapted; %d of its %d updates moved a multiplier). The multipliers after every "
         "sample equal the host's bit for bit. Per sample: the mean over the run, and the largest (a sample "
         "that enters the sums; one the gates reject costs the least). Per second: at T<sub>s</sub> = %g s and the default %g Hz, %d samples "
         "and %g updates. *libgcc*: the share of the instructions spent in libgcc's 64-bit multiplication "
         "(`__muldi3`) and division (`__aeabi_ldivmod`, `__divdi3`, `__udivmoddi4` and helpers): the "
         "Cortex-M0+ has no 32 x 32 &rarr; 64-bit multiply, the Cortex-M4 has one (`SMULL`, inline) and a 32-bit "
         "divide. *Code*: bytes of `.text` the law adds, with the libgcc routines it calls." % (
             r0["samples"], r0["updates"], r0["window"], r0["rate_Hz"], r0.get("start", 0), r0["samples"], ts,
             r0["moved"], r0["updates"], ts, r0["rate_Hz"], round(1 / ts), r0["rate_Hz"]), "",
         "| target | opt | per sample, mean (largest) | per update, mean (largest) | libgcc per sample | "
         "libgcc per update | instructions per second | code |", "|---|---|---|---|---|---|---|---|"]
    for b, r in laws:
        lib = r.get("library") or {}
        share = lambda ph, tot: sum((lib.get(ph) or {}).values()) / tot if tot else 0.0
        per_s = r["per_sample_mean"] / ts + r["per_update_mean"] * r["rate_Hz"]
        L.append("| %s | %s | %.1f (%d) | %.0f (%d) | %.0f %% | %.0f %% | %.2f M | %d |" % (
            MCU_TARGETS[b["target"]], b["opt"], r["per_sample_mean"], r["per_sample_max"], r["per_update_mean"], r["per_update_max"],
            100.0 * share("sample", r["per_sample_mean"]), 100.0 * share("update", r["per_update_mean"]),
            per_s / 1e6, b["sizes"]["adapt"]["code"]))
    worst = max(laws, key=lambda x: x[1]["per_sample_mean"] / ts + x[1]["per_update_mean"] * x[1]["rate_Hz"])
    wl = worst[1]
    L += ["", "At most %.2f million instructions per second (%s, %s): the per-sample accumulation is nearly all of it, "
          "the update coming %g times a second." % (
              (wl["per_sample_mean"] / ts + wl["per_update_mean"] * wl["rate_Hz"]) / 1e6,
              MCU_TARGETS[worst[0]["target"]], worst[0]["opt"], wl["rate_Hz"]), ""]
    return L


def replace_section(md, lines):
    """Put the lines (a section starting with its '## ' title) in place of
    that section of md, or before md's first section."""
    old = open(md).read().split("\n") if os.path.exists(md) else ["# Benchmarks", ""]
    title = lines[0]
    if title in old:
        i = old.index(title)
        j = next((k for k in range(i + 1, len(old)) if old[k].startswith("## ")), len(old))
    else:
        i = j = next((k for k in range(len(old)) if old[k].startswith("## ")), len(old))
    with open(md, "w") as f:
        f.write("\n".join(old[:i] + lines + old[j:]))


def kept_section(md, title):
    """The lines of md's section titled title (written by another script, e.g.
    scripts/bench_python.py), to keep when md is rewritten; [] when absent."""
    old = open(md).read().split("\n") if os.path.exists(md) else []
    if title not in old:
        return []
    i = old.index(title)
    j = next((k for k in range(i + 1, len(old)) if old[k].startswith("## ")), len(old))
    return old[i:j]


# ---- 1. C model speed ------------------------------------------------------------

def c_speed(build):
    js = os.path.join(build, "results", "bench", "speed.json")
    say(sh([os.path.join(build, "bin", "fric-bench-speed"), js]).rstrip())
    out = json.load(open(js))
    out["instructions"] = c_instructions(build)
    return out


def callgrind_refs(cmd):
    """Instructions executed by cmd (valgrind's callgrind, 'I refs')."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if r.returncode != 0 or not m:
        raise SystemExit("bench: callgrind of %s failed (exit %d)" % (" ".join(cmd), r.returncode))
    return int(m.group(1).replace(",", ""))


def c_instructions(build):
    """Instructions per sample of the double and the fixed-point model (one
    call per sample), counted by callgrind over the 1e6 samples of each case
    minus the setup alone: why the fixed-point model is not faster on this
    machine, independent of timing noise. Skipped without valgrind."""
    if not shutil.which("valgrind"):
        say("bench: valgrind not found: instruction counts skipped")
        return None
    exe = os.path.join(build, "bin", "fric-bench-speed")
    base = callgrind_refs([exe, "--one", "lugre", "none", "sweep"])
    rows = []
    for dist in ("sweep", "slow"):
        for model in ("stribeck", "dahl", "lugre"):
            d = (callgrind_refs([exe, "--one", model, "double", dist]) - base) / 1e6
            f = (callgrind_refs([exe, "--one", model, "fixed", dist]) - base) / 1e6
            rows.append({"velocities": dist, "model": model, "double_instructions": d, "fixed_instructions": f,
                         "fixed_over_double": f / d})
            say("instructions per sample (callgrind): %-5s %-8s double %6.1f  fixed %6.1f  fixed / double %.2f" % (
                dist, model, d, f, f / d))
    return rows


# ---- 2. simulator ------------------------------------------------------------------

def fricore_sim(build, integrator, dt):
    """Best of REPS: the run loop's own wall time and the whole process's."""
    best_loop = best_proc = math.inf
    s = None
    for _ in range(REPS):
        t0 = time.perf_counter()
        out = sh([os.path.join(build, "bin", "fricore")] + SIM_ARGS + ["--integrator", integrator, "--dt", repr(dt)])
        best_proc = min(best_proc, time.perf_counter() - t0)
        s = json.loads(out)
        best_loop = min(best_loop, s["integration"]["wall_time_s"])
    ss = s["stick_slip"]
    return {"integrator": integrator, "dt_s": dt, "steps": s["integration"]["steps"], "loop_s": best_loop,
            "process_s": best_proc, "period_s": ss.get("period_s"), "slips": ss["slips"],
            "peak_abs_velocity_m_per_s": ss.get("peak_abs_velocity_m_per_s"),
            "friction_peak_to_peak_N": ss.get("friction_peak_to_peak_N")}


def simulator(build, python):
    js = os.path.join(build, "results", "bench", "sim.json")
    say(sh([os.path.join(build, "bin", "fric-bench-sim"), js]).rstrip())
    steps = json.load(open(js))
    sj = os.path.join(build, "results", "bench", "scipy.json")
    say(sh([python, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_scipy.py"),
            "--duration", "25", "--out", sj]).rstrip())
    sp = json.load(open(sj))
    ref = next(m for m in sp["methods"] if m["method"] == "Radau")
    p_ref = ref["period_s"]
    runs, chosen = [], {}
    for integ, ladder in LADDER.items():
        ok_from_here = True
        rs = [fricore_sim(build, integ, dt) for dt in sorted(ladder)]  # smallest first
        for r in rs:
            r["period_rel_to_scipy"] = abs(r["period_s"] - p_ref) / p_ref if r["period_s"] else None
            r["matched"] = r["period_rel_to_scipy"] is not None and r["period_rel_to_scipy"] <= PERIOD_TOL
            ok_from_here = ok_from_here and r["matched"]
            r["matched_here_and_below"] = ok_from_here
            if ok_from_here:
                chosen[integ] = r
            say("fricore sim %-5s dt %-7g %8d steps  loop %8.4f s  process %8.4f s  period %.6f s (%.2e from SciPy)%s" % (
                integ, r["dt_s"], r["steps"], r["loop_s"], r["process_s"], r["period_s"] or float("nan"),
                r["period_rel_to_scipy"] if r["period_rel_to_scipy"] is not None else float("nan"),
                "" if r["matched"] else "  (not matched)"))
        runs += rs
    # the script as a command: its whole process (interpreter, imports, one
    # solve, the metrics sampled at the matched fricore step's dt), per method
    dt_cmd = min(r["dt_s"] for r in chosen.values()) if chosen else 1e-3
    script_proc = {}
    for m in sp["methods"]:
        best_p = math.inf
        for _ in range(SCRIPT_REPS):
            t0 = time.perf_counter()
            sh([python, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_scipy.py"), "--duration", "25",
                "--methods", m["method"], "--reps", "1", "--dt", repr(dt_cmd)])
            best_p = min(best_p, time.perf_counter() - t0)
        script_proc[m["method"]] = best_p
        m["process_s"] = best_p
        say("bench_scipy.py --methods %s as a command: %.3f s whole process (best of %d)" % (m["method"], best_p,
                                                                                            SCRIPT_REPS))
    ratios = []
    for integ, r in chosen.items():
        for m in sp["methods"]:
            ratios.append({"integrator": integ, "dt_s": r["dt_s"], "scipy_method": m["method"],
                           "scipy_s": m["wall_s"], "scipy_process_s": script_proc[m["method"]],
                           "fricore_loop_s": r["loop_s"], "fricore_process_s": r["process_s"],
                           "ratio_loop": m["wall_s"] / r["loop_s"],
                           "ratio_command": script_proc[m["method"]] / r["process_s"],
                           "ratio_process": m["wall_s"] / r["process_s"]})
            say("speed at matched accuracy: fricore %s (dt %g) vs SciPy %s: %.1fx (solver: solve_ivp call over run "
                "loop), %.1fx (command: whole processes), %.1fx (mixed: solve_ivp call over fricore's whole process)" % (
                    integ, r["dt_s"], m["method"], m["wall_s"] / r["loop_s"], script_proc[m["method"]] / r["process_s"],
                    m["wall_s"] / r["process_s"]))
    return {"steps": steps, "scipy": sp, "fricore_runs": runs, "matched": chosen, "ratios": ratios,
            "period_tolerance": PERIOD_TOL, "reference_period_s": p_ref}


# ---- 3. RTL simulation --------------------------------------------------------------

def rtl_speed(build):
    out = []
    for tb, core, what, n in RTL_BENCHES:
        exe = os.path.join(build, "tb", tb, tb)
        txt = sh([exe], {"TEST": "test_sim_speed", "SIM_SPEED": str(n)})
        line = next((l for l in txt.splitlines() if l.startswith("sim-speed:")), None)
        if line is None:
            raise SystemExit("bench: %s printed no sim-speed line" % tb)
        w = line.replace(",", " ").replace(";", " ").replace(":", " ").split()
        r = {"bench": tb, "core": core, "configuration": what,
             "samples": int(w[1]), "cycles": int(w[4]), "wall_s": float(w[7]),
             "samples_per_s": float(w[9]), "cycles_per_s": float(w[11])}
        if "latency" in w:
            lat = w[w.index("latency") + 1]
            lo, _, hi = lat.partition("..")
            r["latency_min"], r["latency_max"] = int(lo), int(hi or lo)
        say("verilator %-18s %10.0f samples/s %10.0f cycles/s  (%s)" % (tb, r["samples_per_s"], r["cycles_per_s"], what))
        out.append(r)
    return out


# ---- 4. FPGA ------------------------------------------------------------------------------

def fpga(build, rtl):
    recs = json.load(open(os.path.join(build, "results", "synth.json")))
    lat = {r["bench"]: r for r in rtl}
    rows = []
    for r in recs:
        if r.get("lang", "verilog") != "verilog":
            continue
        row = {k: r.get(k) for k in ("core", "target", "device", "width", "target_mhz", "fmax_mhz", "timing", "luts",
                                     "ffs", "dsps", "brams", "lcs", "lcs_available", "samples_per_clock",
                                     "throughput_updates_per_s")}
        b = lat.get(SYNTH_BENCH.get((r["core"], r["target"]), ""))
        if b and "latency_min" in b:
            row["latency_cycles"] = [b["latency_min"], b["latency_max"]]
            row["latency_bench"] = b["bench"]
            if r.get("fmax_mhz"):
                row["latency_us_at_fmax"] = b["latency_max"] / r["fmax_mhz"]
        tp = r.get("throughput_updates_per_s") or 0.0
        row["axes_at"] = {"%g" % f: int(tp // f) for f in SERVO_RATES}
        if r["core"] == "eng":  # the engine: at most ENG_AXES axes a model (one slot each), a set per the rate's period
            row["axes_at"] = {"%g" % f: (ENG_AXES if f <= tp / ENG_AXES else 0) for f in SERVO_RATES}
        if r["core"] == "top":  # a board top: its NUM_AXES axes, up to the rate of one set per tick
            row["core"] = "top (%s, %d axes)" % (r["board"], r["axes"])
            row["latency_cycles"] = [r["set_cycles"], r["set_cycles"]]
            row["latency_bench"] = "tb_top (test_set_rate)"
            max_rate = tp / r["axes"]  # synth_report's throughput: the axes of one set per shortest tick
            row["axes_at"] = {"%g" % f: (r["axes"] if f <= max_rate else 0) for f in SERVO_RATES}
        say("fpga %-8s %-5s W %-2s %7.2f MHz (%s at %g) %6s LUT4 %6s FF %3s DSP %3s BRAM  %.3g axis-updates/s  axes: %s" % (
            row["core"], row["target"], row["width"], row["fmax_mhz"] or 0, row["timing"], row["target_mhz"], row["luts"],
            row["ffs"], row["dsps"], row["brams"], tp, ", ".join("%s at %g kHz" % (v, float(k) / 1e3)
                                                                 for k, v in row["axes_at"].items())))
        rows.append(row)
    return rows


# ---- 5. accuracy and its plots --------------------------------------------------------------

def stribeck_error(build, docs, width):
    """F_fixed - F_double in LSB for every velocity code of the reference set
    (the first set of make bench-accuracy: Fc 1 N, Fs 1.5 N, vs 1 mm/s,
    delta 2, b 0.4 N s/m; v-max 1 m/s, f-max 2 N)."""
    half = 1 << (width - 1)
    vmax, fmax = 1.0, 2.0
    codes = "\n".join("%.17g" % (c * vmax / half) for c in range(-half, half)) + "\n"
    base = [os.path.join(build, "bin", "fricore"), "curve", "--model", "stribeck"]
    fx = subprocess.run(base + ["--fixed", "--width", str(width), "--v-max", repr(vmax), "--f-max", repr(fmax)],
                        input=codes, capture_output=True, text=True, check=True).stdout.split("\n")[1:]
    fx = [l.split(",") for l in fx if l]
    vq = "\n".join(r[0] for r in fx) + "\n"
    db = subprocess.run(base, input=vq, capture_output=True, text=True, check=True).stdout.split("\n")[1:]
    db = [float(l.split(",")[1]) for l in db if l]
    lsb = fmax / half
    v = [float(r[0]) for r in fx]
    err = [(int(r[2]) * lsb - d) / lsb for r, d in zip(fx, db)]
    return v, err


def envelope_log(v, err, bins=400):
    """Max and min of err per log10|v| bin, for v > 0 and v < 0 mirrored."""
    out = {}
    for sign in (1, -1):
        pts = [(abs(x), e) for x, e in zip(v, err) if x * sign > 0]
        lo, hi = math.log10(min(p[0] for p in pts)), math.log10(max(p[0] for p in pts))
        b = {}
        for a, e in pts:
            k = min(bins - 1, int((math.log10(a) - lo) / (hi - lo) * bins))
            mn, mx = b.get(k, (e, e))
            b[k] = (min(mn, e), max(mx, e))
        ks = sorted(b)
        out[sign] = ([10 ** (lo + (k + 0.5) * (hi - lo) / bins) for k in ks], [b[k][0] for k in ks], [b[k][1] for k in ks])
    return out


def cosim_plot(build, docs):
    res = {}
    for fr in ("rtl", "double"):
        csv = os.path.join(build, "results", "bench", "cosim_%s.csv" % fr)
        sh([os.path.join(build, "bin", "fricore-cosim"), "--example", "canudas1995", "--duration", "20", "--v-max", "0.5",
            "--ts", "1e-4", "--friction", fr, "--csv", csv])
        rows = [l.split(",") for l in open(csv).read().split("\n")[1:] if l]
        res[fr] = ([float(r[0]) for r in rows], [float(r[2]) for r in rows], [float(r[4]) for r in rows])
    t, _, f_r = res["rtl"]
    _, _, f_d = res["double"]
    step = max(1, len(t) // 3000)
    svgplot.line(os.path.join(docs, "bench_cosim_friction.svg"),
                 "Co-simulated stick-slip, canudas1995, T = 100 us: friction force",
                 "t [s]", "F_f [N]",
                 [("RTL (fric_lugre, W 16)", t[::step], f_r[::step], "#c0392b"),
                  ("double precision", t[::step], f_d[::step], "#2471a3")])
    diff = [a - b for a, b in zip(f_r, f_d)]
    svgplot.line(os.path.join(docs, "bench_cosim_difference.svg"),
                 "Co-simulated stick-slip, T = 100 us: RTL minus double", "t [s]", "F_f(RTL) - F_f(double) [N]",
                 [("difference", t[::step], diff[::step], "#7d3c98")])
    return {"samples": len(t), "max_abs_difference_N": max(abs(d) for d in diff),
            "rms_difference_N": math.sqrt(sum(d * d for d in diff) / len(diff))}


def accuracy(build, docs):
    acc = json.load(open(os.path.join(build, "results", "accuracy.json")))
    curves = {}
    series = []
    colours = {(16, 1): "#c0392b", (16, -1): "#e59866", (18, 1): "#1e8449", (18, -1): "#82e0aa"}
    for w in (16, 18):
        v, err = stribeck_error(build, docs, w)
        curves[w] = {"codes": len(v), "max_abs_lsb": max(abs(e) for e in err),
                     "rms_lsb": math.sqrt(sum(e * e for e in err) / len(err))}
        env = envelope_log(v, err)
        for sign in (1, -1):
            xs, mn, mx = env[sign]
            lab = "W %d, v %s 0" % (w, ">" if sign > 0 else "<")
            # the envelope as one closed band outline: max forwards, min backwards
            series.append((lab, xs + xs[::-1], mx + mn[::-1], colours[(w, sign)]))
        say("stribeck error W %d: %d codes, max |F_fixed - F_double| %.3f LSB, rms %.3f LSB" % (
            w, len(v), curves[w]["max_abs_lsb"], curves[w]["rms_lsb"]))
    svgplot.line(os.path.join(docs, "bench_stribeck_error.svg"),
                 "Stribeck, fixed point minus double, every input code (envelope per bin)",
                 "|v| [m/s]", "F_fixed - F_double [LSB]", series, logx=True)
    cs = cosim_plot(build, docs)
    say("co-simulation T = 100 us: RTL - double friction, max %.4g N, rms %.4g N over %d samples" % (
        cs["max_abs_difference_N"], cs["rms_difference_N"], cs["samples"]))
    return {"summary": acc["summary"], "stribeck": acc["stribeck"], "dynamic": acc["dynamic"],
            "stribeck_curve": curves, "cosim_t100us": cs}


# ---- the report --------------------------------------------------------------------------------

def f3(x):
    return "—" if x is None else "%.3g" % x


def report(b, md):
    L = ["# Benchmarks", "",
         "Generated by `make bench` (scripts/bench.py) on %s, %s; do not edit. Every figure is measured in that run, "
         "on that machine, or read from the records of the same build (`build/results/`). Ratios compare "
         "figures of the same run." % (b["machine"]["date"], b["machine"]["cpu"]), ""]
    # 0
    if b.get("mcu"):
        L += mcu_section(b["mcu"])
    # 1
    L += ["## C model speed", "",
          "`build/bin/fric-bench-speed`: ns per sample over %d samples, best of %d, W = 16. *double*: the library's "
          "double model; *fixed*: the bit-exact fixed-point model, one call per sample and through its array form; "
          "*baseline*: the same formulas calling libm's exp and pow every sample. Velocity sets: *sweep*, a sine to 0.9 "
          "of full scale (0.25 m/s), most samples far above vs, where the double model skips its exp (it underflows); "
          "*slow*, a sine to 5 vs, where every model evaluates its exponential." % (b["speed"]["samples"], b["speed"]["reps"]), "",
          "| velocities | model | double [ns] | fixed [ns] | fixed array [ns] | baseline [ns] | double / fixed | double / fixed array | baseline / double |",
          "|---|---|---|---|---|---|---|---|---|"]
    for c in b["speed"]["cases"]:
        L.append("| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.2fx |" % (
            c["velocities"], c["model"], c["double_ns"], c["fixed_ns"], c["fixed_array_ns"], c["baseline_ns"],
            c["double_over_fixed"], c["double_over_fixed_array"], c["baseline_over_double"]))
    best = max(c["double_over_fixed_array"] for c in b["speed"]["cases"])
    worst = min(min(c["double_over_fixed"], c["double_over_fixed_array"]) for c in b["speed"]["cases"])
    L += ["", "On this CPU, which has a double-precision FPU, double / fixed is from %.2fx to %.2fx: information; "
          "the model's cost is stated on the microcontroller (previous section)." % (worst, best), ""]
    ins = b["speed"].get("instructions")
    if ins:
        L += ["Instructions executed per sample (valgrind's callgrind over the same 1e6 samples, the setup "
              "subtracted; `fric-bench-speed --one MODEL KIND VELOCITIES`): the bit-exact model does the rounding, "
              "normalization and saturation that the RTL does in wires as integer instructions, and on this "
              "machine a double multiply or add costs what an integer one does, so it runs no faster than the "
              "double model. (On a processor without a double-precision FPU, the firmware case, every double "
              "operation becomes a library call.)", "",
              "| velocities | model | double | fixed | fixed / double |", "|---|---|---|---|---|"]
        for r in ins:
            L.append("| %s | %s | %.1f | %.1f | %.2f |" % (r["velocities"], r["model"], r["double_instructions"],
                                                         r["fixed_instructions"], r["fixed_over_double"]))
        L.append("")
    # 2
    s = b["simulator"]
    L += ["## Simulator", "", "`build/bin/fric-bench-sim`: the integrators' steps per second on the canudas1995 run "
          "(20 s at dt = 10 us), best of 5.", "", "| case | steps/s | ns/step |", "|---|---|---|"]
    for c in s["steps"]["cases"]:
        L.append("| %s | %.3g | %.1f |" % (c["case"], c["steps_per_s"], 1e9 / c["steps_per_s"]))
    sp = s["scipy"]
    L += ["", "`fricore sim --example canudas1995 --duration 25` against `scripts/bench_scipy.py` (SciPy %s, "
          "`solve_ivp`, rtol %g, atol %s for x, v, z; timed over the `solve_ivp` call, best of 3). SciPy's Radau period "
          "is the reference (%.6f s). For each fricore integrator the steps of a ladder were run (best of %d); "
          "*matched* means the period is within %g of the reference at that step and at every smaller one; "
          "times are the solver's own (SciPy: the `solve_ivp` call; fricore: its run loop, `integration.wall_time_s`) "
          "and the whole process's (SciPy: the script run for that method alone, below)." % (
              sp["scipy"], sp["rtol"], "/".join("%g" % a for a in sp["atol"]), s["reference_period_s"], REPS,
              PERIOD_TOL), "",
          "| solver | step | steps | time [s] | process [s] | period [s] | vs reference | peak v [m/s] | matched |",
          "|---|---|---|---|---|---|---|---|---|"]
    for m in sp["methods"]:
        L.append("| SciPy %s | adaptive | %d (%d f-evals) | %.4f | %.3f | %.6f | %s | %.9f | reference |" % (
            m["method"], m["steps"], m["rhs_evaluations"], m["wall_s"], m["process_s"], m["period_s"],
            "%.1e" % (abs(m["period_s"] - s["reference_period_s"]) / s["reference_period_s"]),
            m["peak_abs_velocity_m_per_s"]))
    for r in s["fricore_runs"]:
        L.append("| fricore %s | %g s | %d | %.5f | %.5f | %.6f | %.1e | %.9f | %s |" % (
            r["integrator"], r["dt_s"], r["steps"], r["loop_s"], r["process_s"], r["period_s"],
            r["period_rel_to_scipy"], r["peak_abs_velocity_m_per_s"],
            "yes" if r["matched_here_and_below"] else ("period only at this step" if r["matched"] else "no")))
    L += ["", "Speed at matched accuracy (SciPy's time over fricore's). *Solver*: the `solve_ivp` call against "
          "fricore's run loop, each without its process's start and output (like for like). *Command*: "
          "`bench_scipy.py --methods M --reps 1` as a whole process (interpreter, imports, one solve, its metrics "
          "sampled at fricore's step) against the `fricore sim` process, both spawned by the bench, best of %d and %d "
          "(like for like). *Mixed*: the `solve_ivp` call alone against fricore's whole process, the strictest: "
          "at the matched steps below, fricore's process takes %s beyond its run loop (the bench's spawn, exec, "
          "dynamic linking, option parsing, the summary)." % (
              SCRIPT_REPS, REPS, ", ".join("%.2f ms (%s)" % (1e3 * (r["process_s"] - r["loop_s"]), i)
                                           for i, r in sorted(s["matched"].items()))), "",
          "| fricore integrator | step | SciPy method | SciPy process [s] | solver | command | mixed |",
          "|---|---|---|---|---|---|---|"]
    for r in s["ratios"]:
        L.append("| %s | %g s | %s | %.3f | %.1fx | %.1fx | %.1fx |" % (
            r["integrator"], r["dt_s"], r["scipy_method"], r["scipy_process_s"], r["ratio_loop"], r["ratio_command"],
            r["ratio_process"]))
    if s["ratios"]:
        top = max(s["ratios"], key=lambda r: r["ratio_loop"])
        mine = [r for r in s["ratios"] if r["integrator"] == top["integrator"]]
        lo = {k: min(r[k] for r in mine) for k in ("ratio_loop", "ratio_command", "ratio_process")}
        like = lo["ratio_loop"] >= 50 and lo["ratio_command"] >= 50
        L += ["", "Check: fricore sim at least 50x faster than the SciPy baseline at matched accuracy. With "
              "its fastest matched integrator (%s, dt %g s), over both SciPy methods: solver %.1fx or more, command "
              "%.1fx or more: **%s** on the like-for-like comparisons; the mixed ratio is %.1fx or more (%s)." % (
                  top["integrator"], top["dt_s"], lo["ratio_loop"], lo["ratio_command"],
                  "met" if like else "not met", lo["ratio_process"],
                  "also 50x or more" if lo["ratio_process"] >= 50 else "under 50x against %s" % ", ".join(
                      r["scipy_method"] for r in mine if r["ratio_process"] < 50)), ""]
    # 3
    L += ["## RTL simulation", "", "Each Verilator bench's `test_sim_speed` (`SIM_SPEED=N`): samples at full rate "
          "(the board tops: host-driven sets written and read back over the SPI pins at SCK = f_clk/10), every output "
          "checked against the C model, wall time of the run including the checks.", "",
          "| bench | configuration | samples | cycles | samples/s | cycles/s |", "|---|---|---|---|---|---|"]
    for r in b["rtl"]:
        L.append("| %s | %s | %d | %d | %.3g | %.3g |" % (r["bench"], r["configuration"], r["samples"], r["cycles"],
                                                       r["samples_per_s"], r["cycles_per_s"]))
    # 4
    L += ["", "## FPGA", "", "From `build/results/synth.json` (`make synth-report`: Yosys and nextpnr at the target "
          "`--freq`). Latency: input beat to output beat, as the Verilator bench of the same configuration measured it "
          "in this run (a board top: the cycles of one sample set of all its axes). Axes served: axis-updates/s at Fmax "
          "over the servo rate (the cores' NUM_AXES is a parameter; their memories grow with it); a board top serves its "
          "NUM_AXES axes up to the servo rate of one set per tick, and the engine (`eng`, both models at once, its "
          "throughput a model's: the guaranteed set of %d axes per %s clocks) its %d axes up to the rate of one set "
          "per period; its latency varies with the path a sample takes (docs/fric_eng.md)." % (
              ENG_AXES, ", ".join("%.0f" % (ENG_AXES / r["samples_per_clock"]) for r in b["fpga"] if r["core"] == "eng")
              or "-", ENG_AXES), "",
          "| core | target | W | Fmax [MHz] | timing | LUT4 | FF | DSP | BRAM | latency [cycles] | axis-updates/s | axes at 10 kHz | axes at 50 kHz |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in b["fpga"]:
        lat = r.get("latency_cycles")
        L.append("| %s | %s | %s | %s | %s at %g | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["core"], r["device"], r["width"], f3(r["fmax_mhz"]), r["timing"], r["target_mhz"], r["luts"], r["ffs"],
            r["dsps"], r["brams"], "—" if not lat else ("%d" % lat[0] if lat[0] == lat[1] else "%d..%d" % tuple(lat)),
            f3(r["throughput_updates_per_s"]), r["axes_at"]["10000"], r["axes_at"]["50000"]))
    # 5
    a = b["accuracy"]
    L += ["", "## Accuracy", "", "From `make bench-accuracy` (docs/results/accuracy.md has every row): worst "
          "|F_fixed - F_double| in LSB of W = 16: Stribeck %.3f (bound %g), Dahl/LuGre %.3f (bound %g): %s." % (
              a["summary"]["stribeck_max_lsb16"], a["summary"]["stribeck_goal"], a["summary"]["dynamic_max_lsb16"],
              a["summary"]["dynamic_goal"], "met" if a["summary"]["goals_met"] else "NOT met"), "",
          "Stribeck error against velocity, every input code of the reference set (Fc 1 N, Fs 1.5 N, vs 1 mm/s, "
          "delta 2, b 0.4 N s/m; v-max 1 m/s, f-max 2 N), `fricore curve --fixed` against `fricore curve` at the "
          "same quantized velocity: " + "; ".join("W %d: %d codes, max %.3f LSB, rms %.3f LSB" % (
              int(w), c["codes"], c["max_abs_lsb"], c["rms_lsb"]) for w, c in sorted(a["stribeck_curve"].items())) + ".", "",
          "![Stribeck error against velocity](bench_stribeck_error.svg)", "",
          "Co-simulated stick-slip (`fricore-cosim`, canudas1995, 20 s, T = 100 us, v-max 0.5 m/s, W 16): the "
          "Verilated LuGre core against the double-precision sampled contact; friction difference max %.4g N, "
          "rms %.4g N over %d samples (the stick-slip metrics: docs/results/cosim.md)." % (
              a["cosim_t100us"]["max_abs_difference_N"], a["cosim_t100us"]["rms_difference_N"],
              a["cosim_t100us"]["samples"]), "",
          "![co-simulated friction](bench_cosim_friction.svg)", "", "![RTL minus double](bench_cosim_difference.svg)", ""]
    if "fit" in b:
        L += bench_fit.report_lines(b["fit"])
    L += kept_section(md, "## Python package")
    with open(md, "w") as f:
        f.write("\n".join(L))


def machine():
    cpu = "unknown CPU"
    try:
        for l in open("/proc/cpuinfo"):
            if l.startswith("model name"):
                cpu = l.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": "%s, %d cores" % (cpu, os.cpu_count() or 0), "date": time.strftime("%Y-%m-%d"),
            "load_average_at_start": os.getloadavg()[0]}


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--mcu":
        m = mcu(sys.argv[2])
        with open(sys.argv[3], "w") as f:
            json.dump(m, f, indent=1)
            f.write("\n")
        lines = mcu_section(m)
        say("\n".join(l for l in lines if l.startswith("| ") or l.startswith("Check")))
        replace_section(sys.argv[4], lines)
        say("bench: wrote %s and the microcontroller section of %s" % (sys.argv[3], sys.argv[4]))
        return 0
    if len(sys.argv) != 5:
        print("usage: bench.py BUILD_DIR PYTHON OUT.json OUT.md", file=sys.stderr)
        return 2
    build, python, js, md = sys.argv[1:5]
    docs = os.path.dirname(md) or "."
    os.makedirs(os.path.join(build, "results", "bench"), exist_ok=True)
    b = {"machine": machine()}
    if b["machine"]["load_average_at_start"] > 0.5:
        say("bench: note: load average %.2f at start; timings may be disturbed" % b["machine"]["load_average_at_start"])
    say("== 0. microcontroller")
    b["mcu"] = mcu(os.path.join(build, "mcu", "bench"))
    say("== 1. C model speed")
    b["speed"] = c_speed(build)
    say("== 2. simulator")
    b["simulator"] = simulator(build, python)
    say("== 3. RTL simulation")
    b["rtl"] = rtl_speed(build)
    say("== 4. FPGA")
    b["fpga"] = fpga(build, b["rtl"])
    say("== 5. accuracy")
    b["accuracy"] = accuracy(build, docs)
    say("== parameter fit speed (bench_fit.py)")
    b["fit"] = bench_fit.measure(build)
    for c in b["fit"]["cases"]:
        say("fit %s, %d rows: %.3f s wall, %.3f s CPU" % (c["fit"], c["rows"], c["wall_s"], c["cpu_s"]))
    with open(js, "w") as f:
        json.dump(b, f, indent=1)
        f.write("\n")
    report(b, md)
    say("bench: wrote %s and %s" % (js, md))
    return 0


if __name__ == "__main__":
    sys.exit(main())
