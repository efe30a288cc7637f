# SPDX-License-Identifier: Apache-2.0
"""fricore.servo against fricore servo on the same options: the summary's
numbers as the command prints them, the samples' count and last row as
--csv writes them; bad values refused."""
import json
import math
import os

import numpy as np
import pytest

import fricore
from conftest import ROOT, SETS, STEPPED, csv, run

MOVES = os.path.join(ROOT, "examples", "servo_moves.csv")

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
    "adaptive_fc_only": (None, dict(compensation="lugre-adaptive", duration=1.5, adapt_rate=10.0, adapt="fc,fs",
                                    drift={"fc": 1.3})),
    # --reference csv: the example's moves, read from the same file
    "csv_moves": (None, dict(compensation="lugre", reference="csv", trajectory=MOVES, duration=1.5)),
    "csv_moves_fixed": (MACHINE, dict(compensation="stribeck", comp_arith="fixed", reference="csv", trajectory=MOVES,
                                      duration=1.0)),
    # the machine that warms, and the adaptive observer following it
    "thermal_adaptive": (None, dict(compensation="lugre-adaptive", reference="sine", amplitude=0.1, duration=2.0,
                                    adapt_rate=10.0, thermal={"c": 0.005, "r": 100.0, "ambient": 22.0, "fc": -0.01,
                                                              "fs": -0.01, "sigma2": -0.02})),
    "thermal_defaults_oracle": (None, dict(compensation="lugre-oracle", duration=1.0, thermal={"t0": 60.0, "fc": 0.005})),
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
        elif k == "thermal":
            out += ["--thermal", ",".join("%s=%r" % (n, m) for n, m in v.items()) or "on"]
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
    if "drift" in kw or "thermal" in kw or kw.get("compensation", "").startswith("lugre-"):
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


@pytest.mark.parametrize("kw, exc, text", [
    (dict(thermal={"cap": 1.0}), ValueError, "thermal: 'cap' is not a thermal constant"),
    (dict(thermal={"c": 0.0}), ValueError, "--thermal c \\(the machine's heat capacity, J/K\\) must be in \\(0, 1e\\+09\\], got 0"),
    (dict(thermal={"r": -1.0}), ValueError, "--thermal r \\(the thermal resistance"),
    (dict(thermal={"ambient": 900.0}), ValueError, "--thermal ambient .* must be in \\[-100, 500\\]"),
    (dict(thermal={"sigma2": 3.0}), ValueError, "--thermal sigma2 \\(the temperature coefficient of sigma2, 1/K\\)"),
    (dict(thermal={"fc": "warm"}), TypeError, "thermal fc must be a number"),
    (dict(thermal="on"), TypeError, "thermal must be a dict"),
    (dict(thermal={}, drift={"fc": 1.2}), ValueError, "--thermal and --drift/--drift-profile exclude each other"),
    (dict(compensation="lugre-adaptive", adapt="fc"), ValueError, "adapt must name fc and fs together"),
    (dict(compensation="lugre-adaptive", adapt=["fc", "fs", "vs"]), ValueError, "adapt: unknown parameter 'vs'"),
    (dict(compensation="lugre-adaptive", adapt="fc,fs", adapt_sigma2=True), ValueError, "exclude each other"),
    (dict(compensation="lugre", adapt="fc,fs"), ValueError, "adapt applies only"),
    (dict(trajectory=MOVES), ValueError, "trajectory applies only with reference csv"),
    (dict(reference="csv", trajectory=([0.0, 1.0], [0.0])), ValueError, "same length"),
    (dict(reference="csv", trajectory=([0.0, 0.0], [0.0, 1.0])), ValueError, "t"),
])
def test_servo_bad_thermal_adapt_trajectory(kw, exc, text):
    with pytest.raises(exc, match=text):
        fricore.servo(**{"duration": 0.1, **kw})


@pytest.mark.parametrize("content", [
    "t,theta\n0,0\n1,x\n",            # not a number
    "0,0\n1\n",                        # one field
    "# c\nt,theta\n0,0\n0,1\n",        # t not increasing
    "0,0\n",                           # one point
    "time,theta\n0,0\n1,1\n",          # a header the command does not take
    "0,0\n1,1e-320\n",                 # subnormal
    "0,0\n1,inf\n",                    # not finite
])
def test_servo_trajectory_refused_as_the_command(content, tmp_path):
    """A bad trajectory file: the command's message (its option named without the dashes)."""
    path = tmp_path / "bad.csv"
    path.write_text(content)
    r = run("servo", "--reference", "csv", "--trajectory", path, "--duration", "0.1", ok=False)
    assert r.returncode == 2 and r.stdout == ""
    want = r.stderr.strip().replace("fricore servo: --trajectory", "trajectory")
    with pytest.raises(ValueError) as e:
        fricore.servo(reference="csv", trajectory=str(path), duration=0.1)
    assert str(e.value) == want


def test_servo_trajectory_as_arrays(tmp_path):
    """(t, theta) arrays give the run of the file that holds them (comments, blank lines, a header, spaces)."""
    path = tmp_path / "m.csv"
    path.write_text("# moves\n\n t , theta \n0,0\n0.2, 0\n0.6,0.002\n  1.0,0.002\r\n1.4,0\n")
    a, _ = fricore.servo(reference="csv", trajectory=str(path), compensation="lugre", duration=1.5, series=False)
    b, _ = fricore.servo(reference="csv", trajectory=([0, 0.2, 0.6, 1.0, 1.4], np.array([0, 0, 2e-3, 2e-3, 0])),
                         compensation="lugre", duration=1.5, series=False)
    cli = json.loads(run("servo", "--reference", "csv", "--trajectory", path, "--compensation", "lugre",
                         "--duration", "1.5"))
    for k in ("rms_position_error_rad", "peak_abs_position_error_rad", "rms_control_effort_N_m"):
        assert a[k] == b[k] and float("%.9g" % a[k]) == cli[k]
    assert a["reference"] == "csv"


def test_thermal_steady_temperature():
    """A ramp at a constant speed: the temperature settles at ambient + r P (ten time constants)."""
    s, a = fricore.servo(reference="ramp", speed=0.05, duration=2.0, thermal={"c": 0.002, "r": 100.0, "ambient": 20.0})
    th = s["thermal"]
    assert th["tau_s"] == pytest.approx(0.2) and th["t0_C"] == 20.0
    # no coefficients: the set does not move, so the power is constant once the ramp runs
    p_end = float(np.mean(np.abs(a["friction"][-2000:] * a["omega"][-2000:])))
    assert th["temperature_end_C"] == pytest.approx(20.0 + 100.0 * p_end, abs=2e-3)
    assert [q["true"]["fc"] for q in s["parameters"]["points"]] == [1.0] * 11


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
