# SPDX-License-Identifier: Apache-2.0
"""fricore.servo against fricore servo on the same options: the summary's
numbers as the command prints them, the samples' count and last row as
--csv writes them; bad values refused."""
import json

import numpy as np
import pytest

import fricore
from conftest import SETS, STEPPED, csv, run

# the command prints %.9g but %.17g for the gains and the velocity LSB: a
# number matches when it prints the same at that precision
FMT = {"kp_per_s": "%.17g", "kv_N_m_s_per_rad": "%.17g", "ki_N_m_per_rad": "%.17g",
       "velocity_lsb_rad_per_s": "%.17g"}

MACHINE = dict(model="lugre", fc=0.8, fs=1.1, vs=0.004, sigma0=4e4, sigma1=150.0, sigma2=2.0)

CASES = {
    "none": (None, dict(duration=1.0)),
    "lugre_double": (None, dict(compensation="lugre", duration=1.0)),
    "lugre_fixed": (None, dict(compensation="lugre", comp_arith="fixed", duration=1.0, width=18)),
    "stribeck_step": (MACHINE, dict(compensation="stribeck", comp_arith="fixed", reference="step", period=0.5,
                                    rise_time=0.02, amplitude=0.02, duration=1.0, ts=2e-4)),
    "coulomb_ramp_compliant": (MACHINE, dict(compensation="coulomb", reference="ramp", speed=0.01, compliance=500.0,
                                             load_inertia=0.5, duration=0.8, bandwidth=15.0, substeps=20,
                                             no_accel_ff=True, u_max=5.0)),
    "elastoplastic": (STEPPED["elastoplastic"], dict(compensation="elastoplastic", duration=1.0)),
    "gms_lugre_machine": (None, dict(compensation="gms", duration=1.0)),
    "gms": (STEPPED["gms"], dict(compensation="gms", reference="step", period=0.5, rise_time=0.02,
                                 amplitude=0.02, duration=1.0)),
}


def args_of(kw):
    out = []
    for k, v in kw.items():
        if v is True:
            out.append("--" + k.replace("_", "-"))
        else:
            out += ["--" + k.replace("_", "-"), v]
    return out


def same(py, cli, key=""):
    if isinstance(cli, dict):
        assert set(py) - {"wall_time_s"} == set(cli) - {"wall_time_s"}, key
        for k in cli:
            if k != "wall_time_s":
                same(py[k], cli[k], k)
    elif isinstance(cli, (bool, str, list)) or cli is None:
        assert py == cli, key
    elif isinstance(cli, int) and not isinstance(py, float):
        assert py == cli, key
    else:
        assert float(FMT.get(key, "%.9g") % py) == cli, (key, py, cli)


@pytest.mark.parametrize("name", sorted(CASES))
def test_servo_matches_the_command(name, pfile, tmp_path):
    machine, kw = CASES[name]
    margs = ["--params", pfile(machine)] if machine else []
    summary_path = tmp_path / "s.json"
    run("servo", *margs, *args_of(kw), "--csv", tmp_path / "h.csv", "--summary", summary_path)
    cli = json.loads(summary_path.read_text())
    s, a = fricore.servo(fricore.Params(**machine) if machine else None, **kw)
    same(s, cli)
    h = csv((tmp_path / "h.csv").read_text())
    assert list(a) == list(h)
    for col in h:
        assert len(a[col]) == len(h[col]) == cli["run"]["samples"]
        assert a[col].dtype == np.float64
        fmt = "%.9g" if col == "t" else "%.12g"
        for i in (-1, len(h[col]) // 2, 1):
            assert float(fmt % a[col][i]) == float(h[col][i]), (col, i)


def test_servo_compensation_helps():
    s0, _ = fricore.servo(duration=1.0, series=False)
    s1, a1 = fricore.servo(compensation="lugre", duration=1.0)
    assert s1["rms_position_error_rad"] < s0["rms_position_error_rad"]
    assert np.sqrt(np.mean(a1["error"] ** 2)) == pytest.approx(s1["rms_position_error_rad"], rel=1e-9)


@pytest.mark.parametrize("kw, text", [
    (dict(ts=-1.0), "ts"),
    (dict(inertia=0.0), "inertia"),
    (dict(duration=500.0), "duration"),
    (dict(compensation="magic"), "compensation"),
    (dict(comp_arith="float"), "comp_arith"),
    (dict(reference="csv"), "reference"),
    (dict(width=12), "width"),
    (dict(substeps=0.5), "substeps"),
    (dict(comp_params=fricore.Params(**SETS["stribeck"])), "comp_params"),
])
def test_servo_bad_values(kw, text):
    with pytest.raises(ValueError, match=text):
        fricore.servo(**{"duration": 0.1, **kw})


def test_servo_machine_must_be_lugre():
    with pytest.raises(ValueError, match="lugre"):
        fricore.servo(fricore.Params(**SETS["stribeck"]), duration=0.1)
    with pytest.raises(TypeError, match="unexpected"):
        fricore.servo(duration=0.1, dt=1e-4)
