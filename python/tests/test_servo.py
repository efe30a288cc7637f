# SPDX-License-Identifier: Apache-2.0
"""fricore.servo against fricore servo on the same options: the summary's
numbers as the command prints them, the samples' count and last row as
--csv writes them; bad values refused."""
import json
import math

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
    # the drifting machine and the adaptive observer (docs/servo.md)
    "adaptive_ramp": (None, dict(compensation="lugre-adaptive", drift={"fc": 1.4, "fs": 1.4, "sigma2": 0.8},
                                 duration=3.0, adapt_rate=4.0, adapt_gain=0.5, adapt_bounds=(0.6, 1.8),
                                 adapt_slew=0.8, adapt_dead_zone=0.002, adapt_gate=0.012, adapt_sigma2=True)),
    "adaptive_fixed": (None, dict(compensation="lugre-adaptive", comp_arith="fixed", f_max=4.0, duration=3.0,
                                  drift={"fc": 0.7, "fs": 0.7}, adapt_rate=5.0)),
    "oracle_profile": (None, dict(compensation="lugre-oracle", duration=2.0,
                                  drift={"t": [0.0, 0.5, 1.5], "fc": [1.0, 1.3, 1.2], "sigma2": [1.0, 0.9, 0.7]})),
    "none_drifting": (None, dict(duration=1.0, drift={"fs": 1.2})),
    "adaptive_no_drift": (None, dict(compensation="lugre-adaptive", duration=1.5, adapt_rate=10.0)),
}


# the CSV's columns of the friction parameters (printed %.9g)
PARAM_COLUMNS = ("fc", "fc_hat", "fs", "fs_hat", "sigma2", "sigma2_hat")


def args_of(kw, tmp_path):
    out = []
    for k, v in kw.items():
        if v is True:
            out.append("--" + k.replace("_", "-"))
        elif k == "drift" and "t" in v:
            names = list(v)
            rows = [",".join(names)] + [",".join(repr(float(v[n][i])) for n in names) for i in range(len(v["t"]))]
            (tmp_path / "drift.csv").write_text("\n".join(rows) + "\n")
            out += ["--drift-profile", tmp_path / "drift.csv"]
        elif k == "drift":
            out += ["--drift", ",".join("%s=%r" % (n, m) for n, m in v.items())]
        elif k == "adapt_bounds":
            out += ["--adapt-bounds", "%r,%r" % v]
        else:
            out += ["--" + k.replace("_", "-"), v]
    return out


def same(py, cli, key=""):
    if isinstance(cli, dict):
        assert set(py) - {"wall_time_s"} == set(cli) - {"wall_time_s"}, key
        for k in cli:
            if k != "wall_time_s":
                same(py[k], cli[k], k)
    elif isinstance(cli, list):
        assert isinstance(py, list) and len(py) == len(cli), key
        for p, c in zip(py, cli):
            same(p, c, key)
    elif isinstance(cli, (bool, str)) or cli is None:
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
    run("servo", *margs, *args_of(kw, tmp_path), "--csv", tmp_path / "h.csv", "--summary", summary_path)
    cli = json.loads(summary_path.read_text())
    s, a = fricore.servo(fricore.Params(**machine) if machine else None, **kw)
    same(s, cli)
    if "drift" in kw or kw.get("compensation", "").startswith("lugre-"):
        assert len(s["parameters"]["points"]) == 11
        assert set(PARAM_COLUMNS) <= set(a)
    if kw.get("compensation") == "lugre-adaptive" and "drift" in kw:
        assert s["adaptation"]["retunes"] > 0  # the law moved: the comparison covers its estimates
    h = csv((tmp_path / "h.csv").read_text())
    assert list(a) == list(h)
    for col in h:
        assert len(a[col]) == len(h[col]) == cli["run"]["samples"]
        assert a[col].dtype == np.float64
        fmt = "%.9g" if col == "t" or col in PARAM_COLUMNS else "%.12g"
        for i in (-1, len(h[col]) // 2, 1):
            want = float(h[col][i])
            assert float(fmt % a[col][i]) == want or (math.isnan(want) and math.isnan(a[col][i])), (col, i)


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


@pytest.mark.parametrize("kw, exc, text", [
    (dict(drift={"fx": 1.2}), ValueError, "drift: 'fx' is not a drifting parameter"),
    (dict(drift={}), ValueError, "drift: expected at least one"),
    (dict(drift={"fc": 20.0}), ValueError, "drift fc .* must be in \\[0.1, 10\\]"),
    (dict(drift={"sigma2": -0.1}), ValueError, "drift sigma2"),
    (dict(drift={"fc": float("nan")}), ValueError, "drift fc: the multiplier must be a finite number"),
    (dict(drift={"fc": "big"}), TypeError, "drift fc must be a number"),
    (dict(drift="fc=1.4"), TypeError, "drift must be a dict"),
    (dict(drift={"t": [0.0, 1.0], "fc": [1.0]}), ValueError, "drift profile fc: 1 values for 2 times"),
    (dict(drift={"t": [0.0, 1.0], "fs": [[1.0, 1.1]]}), ValueError, "drift profile fs: expected a 1-D"),
    (dict(drift={"t": [1.0, 0.5], "fc": [1.0, 1.2]}), ValueError, "drift-profile point 1: t must increase"),
    (dict(drift={"t": [0.0], "fc": [1.0]}), ValueError, "drift-profile must hold 2"),
    (dict(drift={"t": [0.0, 1.0], "fc": [1.0, 11.0]}), ValueError, "drift-profile point 1: fc"),
    (dict(compensation="lugre-adaptive", adapt_rate=1e4), ValueError, "adapt-rate .* must be in"),
    (dict(compensation="lugre-adaptive", adapt_gain=1.5), ValueError, "adapt-gain"),
    (dict(compensation="lugre-adaptive", adapt_bounds=(2.0, 3.0)), ValueError, "adapt-bounds LO,HI"),
    (dict(compensation="lugre-adaptive", adapt_bounds=0.5), ValueError, "adapt_bounds: expected \\(LO, HI\\)"),
    (dict(compensation="lugre-adaptive", adapt_slew=0.0), ValueError, "adapt-slew"),
    (dict(compensation="lugre-adaptive", adapt_dead_zone=0.9), ValueError, "adapt-dead-zone"),
    (dict(compensation="lugre-adaptive", adapt_gate=-1.0), ValueError, "adapt-gate"),
    (dict(compensation="lugre-adaptive", adapt_gain="x"), TypeError, "adapt_gain must be a number"),
    (dict(compensation="lugre", adapt_gain=0.5), ValueError, "adapt_gain applies only with compensation lugre-adaptive"),
    (dict(adapt_sigma2=True), ValueError, "adapt_sigma2 applies only"),
    (dict(compensation="lugre", adapt_bounds=(0.5, 2.0)), ValueError, "adapt_bounds applies only"),
    (dict(compensation="lugre-oracle", comp_arith="fixed"), ValueError, "lugre-oracle runs in --comp-arith double only"),
    (dict(compensation="lugre-adaptive", comp_params=fricore.Params(model="dahl", fc=1.0, sigma0=1e5, b=0.1)), ValueError,
     "lugre-adaptive needs a lugre set"),
])
def test_servo_bad_drift_and_adaptation(kw, exc, text):
    with pytest.raises(exc, match=text):
        fricore.servo(**{"duration": 0.1, **kw})


def test_adaptive_follows_the_drift():
    """The estimate of Fc follows the machine's rise, the nominal observer's
    error exceeds the adaptive one's (the library's law, seen from Python)."""
    drift = {"fc": 1.4, "fs": 1.4, "sigma2": 0.8}
    sn, _ = fricore.servo(compensation="lugre", drift=drift, duration=8.0, series=False)
    sa, a = fricore.servo(compensation="lugre-adaptive", drift=drift, duration=8.0)
    end = sa["parameters"]["points"][-1]
    assert end["estimate"]["fc"] > 1.2 * sa["parameters"]["points"][0]["estimate"]["fc"]
    assert sa["rms_position_error_rad"] < sn["rms_position_error_rad"]
    assert a["fc_hat"][-1] == end["estimate"]["fc"] and a["fc"][-1] == end["true"]["fc"]
