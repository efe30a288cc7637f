# SPDX-License-Identifier: Apache-2.0
"""fricore export --format fmu, imported by FMPy (pinned in .venv).

- Validation: FMPy's validate_fmu() reports no problem for the FMI 2 and 3
  FMUs in both arithmetics (LuGre, and a Stribeck and a Dahl set).
- Agreement: fmpy.simulate_fmu() over a recorded velocity (a sine with
  noise, 2000 samples at 0.1 ms) against fricore trace on the same record:
  fixed point bit for bit (F, z and the force code); double precision
  within 1e-12 of the record's peak |F| (FMPy's communication steps are
  (n+1)*h - n*h, which differ from h in the last bits, and the exact step
  follows them). With a communication step of 10 samples, the fixed-point
  FMU still samples every ts and holds its output between samples.
- Closed loop: a co-simulation in this script of the Canudas de Wit (1995)
  slider (1 kg, 2 N/m to a support moving at 0.1 m/s; its motion between
  communication points solved exactly with the friction force held) with
  the double FMU at 0.1 ms gives fricore sim --example canudas1995's
  stick-slip period within 0.1 %; a 1 % higher Fs set through the FMU
  moves it by more than that.
- Bad values: a parameter the library refuses, set through FMPy, makes the
  next call return an error and log the library's message (the message
  fricore trace prints for the same value); a velocity outside the fixed
  input range too.
- Robustness: two instances in one process do not share state; reset and
  re-initialization give the first run's output again; the reset input puts
  the contact at rest.
- Sources: the archive's sources/ compile with gcc into a shared library
  that FMPy loads and that gives the packed binary's output.

Usage: test_fmu.py PATH/TO/fricore
"""
import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
import zipfile

import numpy as np
import fmpy
from fmpy import extract, read_model_description, simulate_fmu
from fmpy.fmi1 import FMICallException
from fmpy.fmi2 import FMU2Slave, fmi2CallbackFunctions, fmi2CallbackLoggerTYPE, fmi2CallbackAllocateMemoryTYPE, \
    fmi2CallbackFreeMemoryTYPE
from fmpy.fmi3 import FMU3Slave, fmi3LogMessageCallback
from fmpy.validation import validate_fmu

from stickslip import slip_period

TS = 1e-4            # the sample time of the fixed-point exports and the co-simulation's step, s
N = 2000             # samples of the recorded velocity
MASS, K, VD = 1.0, 2.0, 0.1
DURATION = 20.0
TOL_PERIOD = 1e-3    # 0.1 %
TOL_DOUBLE = 1e-12   # relative to the record's peak |F|
passed = failed = 0


def check(cond, what):
    global passed, failed
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if cond:
        passed += 1
    else:
        failed += 1


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


class Instance:
    """One FMU instance through FMPy's FMI 2 or 3 wrapper, logging into self.log."""

    def __init__(self, path, unzipped, name="a"):
        self.md = read_model_description(path)
        self.fmi = 2 if self.md.fmiVersion.startswith("2") else 3
        self.vr = {v.name: v.valueReference for v in self.md.modelVariables}
        self.log = []
        mid = self.md.coSimulation.modelIdentifier
        if self.fmi == 2:
            self.f = FMU2Slave(guid=self.md.guid, unzipDirectory=unzipped, modelIdentifier=mid, instanceName=name)
            cb = fmi2CallbackFunctions()
            cb.logger = fmi2CallbackLoggerTYPE(self._log2)
            cb.allocateMemory = fmi2CallbackAllocateMemoryTYPE(fmpy.calloc)
            cb.freeMemory = fmi2CallbackFreeMemoryTYPE(fmpy.free)
            self.cb = cb
            self.f.instantiate(callbacks=cb)
        else:
            self.f = FMU3Slave(guid=self.md.guid, unzipDirectory=unzipped,
                               modelIdentifier=mid, instanceName=name)
            self.f.instantiate(logMessage=self._log3)

    def _log2(self, env, name, status, category, message):
        self.log.append(message.decode())

    def _log3(self, env, status, category, message):
        self.log.append(message.decode())

    def init(self):
        if self.fmi == 2:
            self.f.setupExperiment(startTime=0.0)
            self.f.enterInitializationMode()
        else:
            self.f.enterInitializationMode(startTime=0.0)
        self.f.exitInitializationMode()

    def set(self, name, x):
        if self.fmi == 2:
            self.f.setReal([self.vr[name]], [x])
        else:
            self.f.setFloat64([self.vr[name]], [x])

    def get(self, *names):
        vrs = [self.vr[n] for n in names]
        return self.f.getReal(vrs) if self.fmi == 2 else self.f.getFloat64(vrs)

    def step(self, t, h):
        self.f.doStep(t, h)

    def run(self, v, out=("F",)):
        """Step over v, one sample a step of TS; the outputs after each."""
        y = np.empty((len(v), len(out)))
        for i, x in enumerate(v):
            self.set("v", float(x))
            self.step(i * TS, TS)
            y[i] = self.get(*out)
        return y

    def free(self):
        self.f.freeInstance()


def export(fricore, tmp, name, args):
    path = os.path.join(tmp, name + ".fmu")
    r = run([fricore, "export", "--format", "fmu", "--out", path] + args)
    check(r.returncode == 0 and os.path.getsize(path) > 0, f"fricore export {' '.join(args)} exits 0")
    return path


def trace(fricore, v, args):
    r = run([fricore, "trace", "--ts", repr(TS)] + args, "\n".join(repr(float(x)) for x in v) + "\n")
    assert r.returncode == 0, r.stderr
    return np.loadtxt(r.stdout.splitlines()[1:], delimiter=",", ndmin=2)


def library_message(fricore, opt, value):
    """What fricore trace says of a refused value: the library's message."""
    r = run([fricore, "trace", "--ts", repr(TS), f"--{opt}", value], "")
    assert r.returncode == 2, r.stderr
    return r.stderr.strip().split(": ", 1)[1]


def main():
    fricore = sys.argv[1]
    t_start = time.time()
    tmp = tempfile.mkdtemp()
    try:
        return tests(fricore, tmp, t_start)
    finally:
        shutil.rmtree(tmp)


def tests(fricore, tmp, t_start):
    fx = ["--arith", "fixed", "--ts", repr(TS)]
    fmus = {}
    for fmi in (2, 3):
        fmus[fmi, "double"] = export(fricore, tmp, f"lugre{fmi}d", ["--fmi", str(fmi)])
        fmus[fmi, "fixed"] = export(fricore, tmp, f"lugre{fmi}f", ["--fmi", str(fmi)] + fx)
    vs2 = ["--vs", "2e-3", "--vs-neg", "5e-3"]  # a Stribeck velocity per direction
    extra = [export(fricore, tmp, "stribeck3f", ["--fmi", "3", "--model", "stribeck"] + vs2 + fx),
             export(fricore, tmp, "stribeck2d", ["--fmi", "2", "--model", "stribeck"]),
             export(fricore, tmp, "dahl2f", ["--fmi", "2", "--model", "dahl", "--sigma0", "2e4", "--fc", "0.8",
                                             "--b", "0.1"] + fx)]

    # ---- validation and contents
    for path in list(fmus.values()) + extra:
        problems = validate_fmu(path)
        check(problems == [], f"FMPy {fmpy.__version__} validates {os.path.basename(path)}: {problems}")
    for (fmi, arith), path in fmus.items():
        names = set(zipfile.ZipFile(path).namelist())
        binary = "binaries/linux64/fricore.so" if fmi == 2 else "binaries/x86_64-linux/fricore.so"
        want = {"modelDescription.xml", "resources/fricore.json", binary, f"sources/fric_fmi{fmi}.c",
                "sources/fric_fmu_model.c", "sources/fric_lugre.c"}
        if fmi == 3:
            want.add("sources/buildDescription.xml")
        check(want <= names, f"FMI {fmi} {arith}: the archive holds {binary}, the sources"
                             f"{' and buildDescription.xml' if fmi == 3 else ''}")

    # ---- agreement with fricore trace on a recorded velocity
    rng = np.random.default_rng(40)
    t = np.arange(N) * TS
    v = 0.02 * np.sin(2 * np.pi * 5 * t) + 0.003 * np.sin(2 * np.pi * 37 * t) + 0.001 * rng.standard_normal(N)
    ref = {"double": trace(fricore, v, []), "fixed": trace(fricore, v, ["--fixed"])}
    sig = np.array(list(zip(t, v, [False] * N)), dtype=[("time", np.float64), ("v", np.float64), ("reset", np.bool_)])
    agreement = {}
    for (fmi, arith), path in fmus.items():
        out = ["F", "z"] + (["F_code"] if arith == "fixed" else [])
        r = simulate_fmu(path, start_time=0.0, stop_time=N * TS, step_size=TS, output_interval=TS, input=sig,
                         output=out, apply_default_start_values=True)
        tr = ref[arith]
        F, z = r["F"][1:N + 1], r["z"][1:N + 1]
        if arith == "fixed":
            same = (len(r) == N + 1 and np.array_equal(F, tr[:, 1]) and np.array_equal(z, tr[:, 2])
                    and np.array_equal(r["F_code"][1:N + 1], tr[:, 3].astype(np.int64)))
            check(same, f"FMI {fmi} fixed: simulate_fmu gives fricore trace --fixed's F, z and F_code bit for bit "
                        f"over {N} samples")
        else:
            ef = np.max(np.abs(F - tr[:, 1])) / np.max(np.abs(tr[:, 1]))
            ez = np.max(np.abs(z - tr[:, 2])) / np.max(np.abs(tr[:, 2]))
            agreement[fmi] = (ef, ez)
            check(len(r) == N + 1 and ef <= TOL_DOUBLE and ez <= TOL_DOUBLE,
                  f"FMI {fmi} double: simulate_fmu against fricore trace: max |dF| / max |F| = {ef:.2e}, "
                  f"max |dz| / max |z| = {ez:.2e} (tolerance {TOL_DOUBLE:g})")
    # Dahl in fixed point, against trace --model dahl --fixed
    r = simulate_fmu(extra[2], start_time=0.0, stop_time=N * TS, step_size=TS, output_interval=TS, input=sig,
                     output=["F_code"])
    td = trace(fricore, v, ["--model", "dahl", "--sigma0", "2e4", "--fc", "0.8", "--b", "0.1", "--fixed"])
    check(np.array_equal(r["F_code"][1:N + 1], td[:, 3].astype(np.int64)),
          "FMI 2 fixed Dahl: simulate_fmu gives fricore trace --model dahl --fixed's force codes bit for bit")
    # Stribeck in fixed point, against curve --model stribeck --fixed
    r = simulate_fmu(extra[0], start_time=0.0, stop_time=N * TS, step_size=TS, output_interval=TS, input=sig,
                     output=["F_code"])
    cr = run([fricore, "curve", "--model", "stribeck", "--fixed"] + vs2, "\n".join(repr(float(x)) for x in v) + "\n")
    tc = np.loadtxt(cr.stdout.splitlines()[1:], delimiter=",", ndmin=2)
    check(cr.returncode == 0 and np.array_equal(r["F_code"][1:N + 1], tc[:, 2].astype(np.int64)),
          "FMI 3 fixed Stribeck, vs_neg != vs: simulate_fmu gives fricore curve --model stribeck --fixed's codes bit for bit")
    # a communication step of 10 samples: the FMU samples every ts and holds
    hold = 10
    vh = np.repeat(v[::hold], hold)
    trh = trace(fricore, vh, ["--fixed"])
    sig_h = np.array(list(zip(t[::hold], v[::hold], [False] * (N // hold))),
                     dtype=[("time", np.float64), ("v", np.float64), ("reset", np.bool_)])
    r = simulate_fmu(fmus[3, "fixed"], start_time=0.0, stop_time=N * TS, step_size=hold * TS,
                     output_interval=hold * TS, input=sig_h, output=["F_code"])
    check(len(r) == N // hold + 1 and np.array_equal(r["F_code"][1:], trh[hold - 1::hold, 3].astype(np.int64)),
          f"FMI 3 fixed at a communication step of {hold} samples: the last sample of each step, bit for bit")

    # ---- closed loop: the Canudas de Wit (1995) stick-slip
    plant = ["--mass", repr(MASS), "--k", repr(K), "--vd", repr(VD), "--duration", repr(DURATION)]
    s = json.loads(run([fricore, "sim", "--example", "canudas1995"] + plant).stdout)
    stick, p_ref = s["stick_threshold_m_per_s"], s["stick_slip"]["period_s"]
    csv, summ = os.path.join(tmp, "run.csv"), os.path.join(tmp, "summary.json")
    rr = run([fricore, "sim", "--example", "canudas1995", "--integrator", "exact", "--dt", repr(TS), "--csv", csv,
              "--summary", summ] + plant)
    data = np.loadtxt(csv, delimiter=",", skiprows=1, usecols=(0, 2))
    p_csv, p_sum = slip_period(data[:, 0], data[:, 1], stick), json.load(open(summ))["stick_slip"]["period_s"]
    check(rr.returncode == 0 and p_csv is not None and abs(p_csv - p_sum) <= 1e-7 * p_sum,
          f"slip_period() on fricore sim's CSV gives its summary period ({float(p_csv)!r} s, summary {p_sum!r} s)")

    def cosim(path, fs_scale=1.0):
        d = extract(path)
        try:
            a = Instance(path, d)
            if fs_scale != 1.0:
                a.set("fs", a.get("fs")[0] * fs_scale)
            a.init()
            n = int(round(DURATION / TS))
            w = np.sqrt(K / MASS)
            c, sn = np.cos(w * TS), np.sin(w * TS)
            x = vel = 0.0
            vs = np.empty(n + 1)
            vs[0] = 0.0
            for i in range(n):
                tt = i * TS
                # the FMU over [t, t + h] with the slider's velocity held; then the
                # slider with that step's force held (the spring-mass exactly)
                a.set("v", vel)
                a.step(tt, TS)
                f = a.get("F")[0]
                e, ed = x - VD * tt + f / K, vel - VD
                e, ed = e * c + ed / w * sn, -e * w * sn + ed * c
                x, vel = e + VD * (tt + TS) - f / K, ed + VD
                vs[i + 1] = vel
            a.f.terminate()
            a.free()
        finally:
            shutil.rmtree(d)
        p = slip_period(np.arange(n + 1) * TS, vs, stick)
        return None if p is None else float(p)

    for fmi in (2, 3):
        p = cosim(fmus[fmi, "double"])
        rel = (p - p_ref) / p_ref if p else float("nan")
        check(p is not None and abs(rel) <= TOL_PERIOD,
              f"FMI {fmi} double, co-simulated with the slider at {TS:g} s: period {p!r} s, fricore sim "
              f"{p_ref!r} s, relative difference {rel:.2e} (tolerance {TOL_PERIOD:g})")
    p_bad = cosim(fmus[3, "double"], 1.01)
    rel_bad = (p_bad - p_ref) / p_ref if p_bad else float("inf")
    check(abs(rel_bad) > TOL_PERIOD, f"negative control: fs + 1 % set through FMI 3 gives period {p_bad!r} s, "
                                     f"relative difference {rel_bad:.2e}, outside the tolerance")

    # ---- bad values, two instances, reset
    vr_short = v[:300]
    for (fmi, arith), path in fmus.items():
        d = extract(path)
        try:
            tag = f"FMI {fmi} {arith}"
            a = Instance(path, d, "a")
            a.init()
            first = a.run(vr_short, ("F", "z"))
            # reset and re-initialization: the first run again
            a.f.reset()
            a.init()
            again = a.run(vr_short, ("F", "z"))
            check(np.array_equal(first, again), f"{tag}: reset, then the same input: the first run's output")
            # the reset input: the contact at rest before the next step, as a new instance
            a.f.setBoolean([a.vr["reset"]], [True])
            a.set("v", float(vr_short[0]))
            a.step(len(vr_short) * TS, TS)
            after = np.array(a.get("F", "z"))
            a.f.setBoolean([a.vr["reset"]], [False])
            check(np.array_equal(after, first[0]) and not np.array_equal(again[-1], first[0]),
                  f"{tag}: the reset input puts the contact at rest: the next step gives the first step's output")
            a.f.terminate()
            a.free()
            b = Instance(path, d, "b")
            b.init()
            check(np.array_equal(b.run(vr_short, ("F", "z")), first),
                  f"{tag}: freed and instantiated again: the first run's output")
            b.free()
            # two instances, stepped in turn with different inputs
            a, b = Instance(path, d, "a"), Instance(path, d, "b")
            a.init()
            b.init()
            ya, yb = np.empty((len(vr_short), 2)), np.empty((len(vr_short), 2))
            for i, x in enumerate(vr_short):
                a.set("v", float(x))
                b.set("v", float(-2 * x))
                a.step(i * TS, TS)
                b.step(i * TS, TS)
                ya[i], yb[i] = a.get("F", "z"), b.get("F", "z")
            c = Instance(path, d, "c")
            c.init()
            solo_b = c.run(-2 * vr_short, ("F", "z"))
            check(np.array_equal(ya, first) and np.array_equal(yb, solo_b) and not np.array_equal(ya, yb),
                  f"{tag}: two instances stepped in turn each give their own run's output")
            for inst in (a, b, c):
                inst.free()
            # a refused parameter: sigma0 = -1 as a tunable, during the run
            msg = library_message(fricore, "sigma0", "-1")
            a = Instance(path, d, "a")
            a.init()
            a.run(vr_short[:10])
            a.set("sigma0", -1.0)
            try:
                a.step(10 * TS, TS)
                status = "ok"
            except FMICallException as e:
                status = e.status
            check(status == 3 and any(msg in m for m in a.log),
                  f"{tag}: sigma0 = -1 set while stepping: the next doStep returns fmi{fmi}Error (status {status}) "
                  f"and logs the library's message '{msg}'")
            a.free()
            # a refused start value: exitInitializationMode fails with the message
            msg = library_message(fricore, "vs", "0")
            a = Instance(path, d, "a")
            a.set("vs", 0.0)
            try:
                a.init()
                status = "ok"
            except FMICallException as e:
                status = e.status
            check(status == 3 and any(msg in m for m in a.log),
                  f"{tag}: vs = 0 before initialization: exitInitializationMode returns an error with '{msg}'")
            a.free()
            if arith == "fixed":
                a = Instance(path, d, "a")
                a.init()
                a.set("v", 5.0)
                try:
                    a.step(0.0, TS)
                    status = "ok"
                except FMICallException as e:
                    status = e.status
                check(status == 3 and any("outside the input range" in m for m in a.log),
                      f"{tag}: v = 5 m/s, outside the input range of v_max = 1 m/s: doStep returns an error "
                      f"({a.log[-1] if a.log else 'no message'})")
                a.free()
        finally:
            shutil.rmtree(d, ignore_errors=True)

    # ---- the sources compile and give the packed binary's output
    for fmi in (2, 3):
        path = fmus[fmi, "fixed"]
        d = extract(path)
        try:
            src = os.path.join(d, "sources")
            if fmi == 3:
                bd = ET.parse(os.path.join(src, "buildDescription.xml")).getroot()
                files = [f.get("name") for f in bd.iter("SourceFile")]
                binary = os.path.join(d, "binaries", "x86_64-linux", "fricore.so")
            else:
                md = ET.parse(os.path.join(d, "modelDescription.xml")).getroot()
                files = [f.get("name") for f in md.iter("File")]
                binary = os.path.join(d, "binaries", "linux64", "fricore.so")
            os.remove(binary)
            cc = run(["gcc", "-std=c11", "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-I" + src, "-o", binary]
                     + [os.path.join(src, f) for f in files] + ["-lm"])
            check(cc.returncode == 0, f"FMI {fmi}: the {len(files)} source files of the archive compile with gcc "
                                      f"({cc.stderr.strip()[:300]})")
            if cc.returncode == 0:
                r = simulate_fmu(d, start_time=0.0, stop_time=N * TS, step_size=TS, output_interval=TS, input=sig,
                                 output=["F_code"])
                check(np.array_equal(r["F_code"][1:N + 1], ref["fixed"][:, 3].astype(np.int64)),
                      f"FMI {fmi}: the FMU built from its sources gives fricore trace --fixed's codes bit for bit")
        finally:
            shutil.rmtree(d, ignore_errors=True)

    print(f"{passed} passed, {failed} failed ({time.time() - t_start:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
