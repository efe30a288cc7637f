# SPDX-License-Identifier: Apache-2.0
"""fricore.sim against fricore sim on the same options: the summary's
numbers to the command's printed precision, the time history's length and
last row as --csv writes them; bad values refused."""
import json
import numpy as np
import pytest

import fricore
from conftest import SETS, STEPPED, csv, run

# the command prints %.9g, %.12g for the final state and %.3g for the
# residuals: a number matches when it prints the same at that precision
FMT = {"x_m": "%.12g", "v_m_per_s": "%.12g", "z_m": "%.12g", "friction_N": "%.12g", "residual_J": "%.3g",
       "relative_residual": "%.3g"}

CASES = {
    "default_exact": ({}, dict(duration=20.0, dt=1e-4, integrator="exact")),
    "default_rk4": ({}, dict(duration=1.0, dt=1e-5)),
    "stribeck_forced": (SETS["stribeck"], dict(duration=3.0, dt=1e-4, integrator="exact", vd=0.05, force_amp=0.3,
                                                force_freq=2.0, x0=0.01, v0=-0.02, mass=0.5, k=4.0)),
    "lugre_md": (SETS["lugre_md"], dict(duration=3.0, dt=2e-4, integrator="exact", vd=0.02, z0=1e-6,
                                        stick_threshold=5e-4)),
    "dahl": (SETS["dahl"], dict(duration=2.0, dt=1e-4, integrator="exact")),
    # a drive's sample time: stick-slip with chatter (5 ms), and lost (10 ms)
    "exact_5ms": ({}, dict(duration=25.0, dt=5e-3, integrator="exact")),
    "exact_10ms": ({}, dict(duration=25.0, dt=1e-2, integrator="exact")),
    "thresholds": ({}, dict(duration=20.0, dt=1e-3, integrator="exact", slip_threshold=2e-3,
                            min_slip_duration=0.5)),
    # the double-only kinds: the exact step is their default
    "elastoplastic": (STEPPED["elastoplastic"], dict(duration=20.0, dt=1e-4, z0=1e-6)),
    "gms": (STEPPED["gms"], dict(duration=8.0, dt=2e-4, vd=0.05)),
}


def args_of(kw):
    out = []
    for k, v in kw.items():
        out += ["--" + k.replace("_", "-"), v]
    return out


def same(py, cli, key=""):
    if isinstance(cli, dict):
        assert set(py) == set(cli), key
        for k in cli:
            if k != "wall_time_s":
                same(py[k], cli[k], k)
    elif isinstance(cli, (bool, str)) or cli is None:
        assert py == cli, key
    elif isinstance(cli, int) and not isinstance(py, float):
        assert py == cli, key
    else:
        assert float(FMT.get(key, "%.9g") % py) == cli, (key, py, cli)


@pytest.mark.parametrize("name", sorted(CASES))
def test_sim_matches_the_command(name, pfile, tmp_path):
    keys, kw = CASES[name]
    pargs = ["--params", pfile(keys)] if keys else []
    summary_path = tmp_path / "s.json"
    run("sim", *pargs, *args_of(kw), "--csv", tmp_path / "h.csv", "--summary", summary_path)
    cli = json.loads(summary_path.read_text())
    s, a = fricore.sim(fricore.Params(**keys) if keys else None, **kw)
    same(s, cli)
    h = csv((tmp_path / "h.csv").read_text())
    assert list(a) == list(h)
    for col in h:
        assert len(a[col]) == len(h[col]) == cli["integration"]["steps"] + 1
        assert a[col].dtype == np.float64
        fmt = "%.9g" if col == "t" else "%.12g"
        for i in (-1, len(h[col]) // 2, 1):
            assert float(fmt % a[col][i]) == float(h[col][i]), (col, i)


def test_sim_stick_slip_present():
    s, a = fricore.sim(duration=20.0, dt=1e-4, integrator="exact")
    assert s["stick_slip"]["present"]
    assert s["stick_slip"]["period_s"] > 0
    assert a["F_f"].max() == pytest.approx(s["peak_abs_friction_N"], rel=1e-12)


def test_sim_events_at_a_drive_step():
    s5, _ = fricore.sim(duration=25.0, dt=5e-3, integrator="exact", series=False)
    assert s5["stick_slip"]["slips"] == 3 and abs(s5["stick_slip"]["period_s"] / 6.3627 - 1) < 0.002
    assert s5["chatter"]["count"] > 100 and "--check-step" in s5["chatter"]["note"]
    s10, _ = fricore.sim(duration=25.0, dt=1e-2, integrator="exact", series=False)
    assert not s10["stick_slip"]["present"] and "period_s" not in s10["stick_slip"]
    assert s10["stick_slip"]["cause"].startswith("stick-slip lost")


def test_sim_dict_params_and_no_series():
    s1, a1 = fricore.sim(SETS["stribeck"], duration=0.5, dt=1e-4, integrator="exact", series=False)
    s2, _ = fricore.sim(fricore.Params(**SETS["stribeck"]), duration=0.5, dt=1e-4, integrator="exact")
    assert all(len(x) == 0 for x in a1.values())
    assert s1["final"] == s2["final"]


@pytest.mark.parametrize("kw, text", [
    (dict(mass=-1.0), "mass"),
    (dict(k=0.0), "k"),
    (dict(dt=2.0, duration=1.0), "dt"),
    (dict(duration=0.0), "duration"),
    (dict(duration=40.0), "allow_long"),
    (dict(integrator="euler"), "integrator"),
    (dict(force_amp=1.0), "force_freq"),
    (dict(stick_threshold=-1.0), "stick_threshold"),
    (dict(slip_threshold=0.0), "slip_threshold"),
    (dict(slip_threshold=1e-4), "slip_threshold .* > the stick threshold"),
    (dict(min_slip_duration=-1.0), "min_slip_duration"),
    (dict(min_slip_duration=0.2), "min_slip_duration"),
    (dict(force_amp=1.0, force_freq=-2.0), "force"),
])
def test_sim_bad_values(kw, text):
    with pytest.raises(ValueError, match=text):
        fricore.sim(**{"duration": 0.1, "dt": 1e-4, **kw})


def test_sim_bad_sets():
    with pytest.raises(ValueError, match="fs"):
        fricore.sim(dict(model="stribeck", fc=1.0, fs=0.5, vs=0.001, b=0.4), duration=0.1, dt=1e-4)
    with pytest.raises(ValueError, match="z0"):
        fricore.sim(SETS["stribeck"], z0=1e-6, duration=0.1, dt=1e-4)


def test_sim_stepped_kinds_exact_only(tmp_path):
    for name, keys in STEPPED.items():
        p = fricore.Params(**keys)
        with pytest.raises(ValueError, match="exact only"):
            fricore.sim(p, integrator="rk4", duration=0.1, dt=1e-4)
        s, _ = fricore.sim(p, duration=0.1, dt=1e-4, series=False)
        assert s["integration"]["method"] == "exact" and s["model"] == name
    with pytest.raises(ValueError, match="z0"):
        fricore.sim(fricore.Params(**STEPPED["gms"]), z0=1e-6, duration=0.1, dt=1e-4)
    # the fixed-point GMS and elasto-plastic models are the command's, not yet the package's
    with pytest.raises(ValueError, match="gms: its fixed-point model runs in fricore trace --fixed"):
        fricore.curve(fricore.Params(**STEPPED["gms"]), [0.001], fixed=True)
    with pytest.raises(ValueError, match="elastoplastic: its fixed-point model runs in fricore trace --fixed"):
        fricore.curve(fricore.Params(**STEPPED["elastoplastic"]), [0.001], fixed=True, ts=1e-4)


def test_params_arrays_round_trip(tmp_path):
    p = fricore.Params(**STEPPED["gms"])
    assert p["gms_k"] == [6e4, 3e4, 2e4, 1e4]
    path = tmp_path / "g.json"
    p.save(path)
    q = fricore.Params.load(path)
    assert q["gms_alpha"] == [0.2, 0.3, 0.3, 0.2] and q.model == "gms"
    with pytest.raises(ValueError, match="sum to 1"):
        fricore.Params(**{**STEPPED["gms"], "gms_alpha": [0.5, 0.3, 0.3, 0.2]})
    with pytest.raises(TypeError, match="array of numbers"):
        fricore.Params(**{**STEPPED["gms"], "gms_k": [6e4, "a", 2e4, 1e4]})
