# SPDX-License-Identifier: Apache-2.0
"""fricore export --format mujoco, checked in MuJoCo on the Canudas de Wit (1995)
stick-slip: a 1 kg slider on the floor, pulled through a 2 N/m spring whose
far end moves at 0.1 m/s (fricore sim --example canudas1995).

The exported dcmotor actuator (the default friction set, which is the one
sim --example canudas1995 loads) goes on the slider's slide joint; the spring
is a fixed tendon to a support body that moves at constant speed (a free
slide joint with an initial velocity and a mass of 1e15 kg, so the spring's
reaction changes its speed by about 1e-14 m/s over the run). MuJoCo runs
its RK4 integrator at 1 ms for 20 s.

The stick-slip period is measured on both runs by one function, the
definition of fricore sim's summary (scripts/stickslip.py). The test checks that this function
applied to fricore's CSV gives fricore's own summary period, then that
MuJoCo's period is fricore's within 0.1 %, and, as a negative control, that
a 1 % change of Fs in the exported actuator moves MuJoCo's period by more
than that tolerance (so the check can see a wrong parameter).

Usage: test_mujoco.py PATH/TO/fricore
"""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import mujoco
import numpy as np

from stickslip import slip_period

MASS, K, VD = 1.0, 2.0, 0.1  # the plant, passed to fricore sim explicitly
DURATION, DT_MUJOCO = 20.0, 1e-3
TOL = 1e-3  # 0.1 %
passed = failed = 0


def check(cond, what):
    global passed, failed
    print(("ok   " if cond else "FAIL ") + what)
    if cond:
        passed += 1
    else:
        failed += 1


def mujoco_model(actuator_xml, joint):
    """The plant around the exported <actuator> element."""
    return f"""<mujoco model="canudas1995">
  <option timestep="{DT_MUJOCO!r}" integrator="RK4" gravity="0 0 0"/>
  <worldbody>
    <body name="support">
      <joint name="support" type="slide" axis="1 0 0"/>
      <inertial pos="0 0 0" mass="1e15" diaginertia="1 1 1"/>
    </body>
    <body name="slider">
      <joint name="{joint}" type="slide" axis="1 0 0"/>
      <inertial pos="0 0 0" mass="{MASS!r}" diaginertia="1 1 1"/>
    </body>
  </worldbody>
  <tendon>
    <fixed name="spring" stiffness="{K!r}" springlength="0">
      <joint joint="support" coef="1"/>
      <joint joint="{joint}" coef="-1"/>
    </fixed>
  </tendon>
  {actuator_xml}
</mujoco>"""


def run_mujoco(actuator_xml, joint):
    m = mujoco.MjModel.from_xml_string(mujoco_model(actuator_xml, joint))
    assert m.opt.integrator == mujoco.mjtIntegrator.mjINT_RK4
    d = mujoco.MjData(m)
    js, jx = m.joint("support").dofadr[0], m.joint(joint).dofadr[0]
    d.qvel[js] = VD
    n = int(round(DURATION / DT_MUJOCO))
    v = np.empty(n + 1)
    v[0] = d.qvel[jx]
    for i in range(n):
        mujoco.mj_step(m, d)
        v[i + 1] = d.qvel[jx]
    assert np.all(np.isfinite(v)), "MuJoCo's run diverged"
    support_v = d.qvel[js]
    return np.arange(n + 1) * DT_MUJOCO, v, support_v


def main():
    fricore = sys.argv[1]
    plant = ["--mass", repr(MASS), "--k", repr(K), "--vd", repr(VD), "--duration", repr(DURATION)]
    with tempfile.TemporaryDirectory() as tmp:
        # the actuator
        exp = subprocess.run([fricore, "export", "--format", "mujoco", "--joint", "slider"],
                             capture_output=True, text=True)
        check(exp.returncode == 0, "fricore export --format mujoco exits 0")
        xml = exp.stdout
        root = ET.fromstring(xml[xml.index("<actuator>"):])
        dc = root.find("dcmotor")
        check(dc is not None and dc.get("input") == "none" and dc.get("motorconst") == "0"
              and len(dc.get("lugre").split()) == 5 and dc.get("joint") == "slider",
              "the export is a passive dcmotor (input none, motorconst 0) with lugre = 5 numbers on joint slider")
        # fricore's period: the reference run (RK4 at its default 10 us), from its summary
        ref = subprocess.run([fricore, "sim", "--example", "canudas1995"] + plant, capture_output=True, text=True)
        check(ref.returncode == 0, "fricore sim --example canudas1995 exits 0")
        s = json.loads(ref.stdout)
        stick = s["stick_threshold_m_per_s"]
        p_fricore = s["stick_slip"]["period_s"]
        check(s["integration"]["method"] == "rk4" and s["stick_slip"]["present"],
              f"fricore sim: RK4 at {s['integration']['dt_s']:g} s, stick-slip period {p_fricore:.9g} s")
        # the measurement: this script's function on a fricore CSV gives fricore's summary period
        csv, summ = os.path.join(tmp, "run.csv"), os.path.join(tmp, "summary.json")
        r = subprocess.run([fricore, "sim", "--example", "canudas1995", "--integrator", "exact", "--dt", "1e-4",
                            "--csv", csv, "--summary", summ] + plant, capture_output=True, text=True)
        check(r.returncode == 0, "fricore sim --csv (exact step, 0.1 ms) exits 0")
        data = np.loadtxt(csv, delimiter=",", skiprows=1, usecols=(0, 2))
        p_csv = slip_period(data[:, 0], data[:, 1], stick)
        p_sum = json.load(open(summ))["stick_slip"]["period_s"]
        check(p_csv is not None and abs(p_csv - p_sum) <= 1e-7 * p_sum,
              f"slip_period() on fricore's CSV gives its summary period ({p_csv!r} s, summary {p_sum!r} s)")

    # MuJoCo
    t, v, support_v = run_mujoco(xml, "slider")
    check(abs(support_v - VD) <= 1e-9 * VD, f"the spring's support kept its speed ({float(support_v)!r} m/s)")
    p_mj = slip_period(t, v, stick)
    check(p_mj is not None, "MuJoCo (RK4, 1 ms) shows stick-slip")
    rel = (p_mj - p_fricore) / p_fricore if p_mj else float("nan")
    check(p_mj is not None and abs(rel) <= TOL,
          f"MuJoCo {mujoco.__version__} RK4 at 1 ms: period {float(p_mj)!r} s, fricore {p_fricore!r} s, "
          f"relative difference {rel:.3e} (tolerance {TOL:g})")

    # negative control: Fs off by 1 % must move the period past the tolerance
    lugre = dc.get("lugre").split()
    wrong = [float(x) for x in lugre]
    wrong[3] *= 1.01
    bad_xml = xml.replace(f'lugre="{" ".join(lugre)}"', 'lugre="%s"' % " ".join(repr(x) for x in wrong))
    assert bad_xml != xml
    t2, v2, _ = run_mujoco(bad_xml, "slider")
    p_bad = slip_period(t2, v2, stick)
    rel_bad = (p_bad - p_fricore) / p_fricore if p_bad else float("inf")
    check(abs(rel_bad) > TOL, f"negative control: Fs + 1 % gives period {float(p_bad)!r} s, "
                              f"relative difference {rel_bad:.3e}, outside the tolerance")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
