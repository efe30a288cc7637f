# SPDX-License-Identifier: Apache-2.0
"""Every function against the fricore command on the same inputs: bit for
bit in fixed point, 1e-15 relative in double."""
import json
import re

import numpy as np
import pytest

import fricore
from conftest import DYNAMIC, SETS, csv, run

RTOL = 1e-15


def velocities(n=41, vmax=0.3, seed=1):
    rng = np.random.default_rng(seed)
    v = np.concatenate([np.linspace(-vmax, vmax, n), rng.uniform(-vmax, vmax, n), [0.0, 1e-7, -1e-7, 0.0005]])
    return v


def test_version_is_the_commands():
    assert run("--version").split("\n")[0] == "fricore " + fricore.__version__
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", fricore.__version__)


@pytest.mark.parametrize("name", sorted(SETS))
def test_curve_double(name, pfile):
    p = fricore.Params(**SETS[name])
    v = velocities()
    out = csv(run("curve", "--params", pfile(SETS[name]), *sum((["--v", repr(float(x))] for x in v), [])))
    np.testing.assert_allclose(fricore.curve(p, v), np.array(out["F"], float), rtol=RTOL, atol=0)


@pytest.mark.parametrize("width", [16, 18])
@pytest.mark.parametrize("name", sorted(SETS))
def test_curve_fixed(name, width, pfile):
    p = fricore.Params(**SETS[name])
    v = velocities(vmax=0.49)
    args = ["curve", "--params", pfile(SETS[name]), "--fixed", "--width", width, "--v-max", 0.5]
    out = csv(run(*args, *sum((["--v", repr(float(x))] for x in v), [])))
    F, code = fricore.curve(p, v, fixed=True, width=width, v_max=0.5)
    assert code.dtype == np.int32
    assert code.tolist() == [int(c) for c in out["F_code"]]
    assert F.tolist() == [float(x) for x in out["F"]]


@pytest.mark.parametrize("name", DYNAMIC)
def test_trace_double(name, pfile):
    p = fricore.Params(**SETS[name])
    k = np.arange(3000)
    v = 0.004 * np.sin(2 * np.pi * k / 1000) + 0.001 * np.sin(2 * np.pi * k / 77)
    out = csv(run("trace", "--params", pfile(SETS[name]), "--ts", 1e-4,
                  stdin="\n".join(repr(float(x)) for x in v) + "\n"))
    tr = fricore.trace(p, v, 1e-4)
    np.testing.assert_allclose(tr.F, np.array(out["F"], float), rtol=RTOL, atol=0)
    np.testing.assert_allclose(tr.z, np.array(out["z"], float), rtol=RTOL, atol=0)
    assert tr.flags == 0 and tr.code is None


@pytest.mark.parametrize("width", [16, 18])
@pytest.mark.parametrize("name", DYNAMIC)
def test_trace_fixed(name, width, pfile):
    p = fricore.Params(**SETS[name])
    k = np.arange(3000)
    v = 0.004 * np.sin(2 * np.pi * k / 1000) + 0.001 * np.sin(2 * np.pi * k / 77)
    r = run("trace", "--params", pfile(SETS[name]), "--ts", 1e-4, "--fixed", "--width", width, "--v-max", 0.01,
            stdin="\n".join(repr(float(x)) for x in v) + "\n", ok=False)
    assert r.returncode == 0, r.stderr
    out = csv(r.stdout)
    tr = fricore.trace(p, v, 1e-4, fixed=True, width=width, v_max=0.01)
    assert tr.code.tolist() == [int(c) for c in out["F_code"]]
    assert tr.F.tolist() == [float(x) for x in out["F"]]
    assert tr.z.tolist() == [float(x) for x in out["z"]]
    assert ("F_SAT" in r.stderr) == bool(tr.flags & 1)


def test_trace_flags_are_the_commands(pfile):
    # a fast start: the sigma1 term drives the force past f-max, and both say so
    p = fricore.Params(**SETS["lugre"])
    v = 0.01 * np.sin(np.arange(20) * 0.3)
    r = run("trace", "--params", pfile(SETS["lugre"]), "--ts", 1e-4, "--fixed",
            stdin="\n".join(repr(float(x)) for x in v) + "\n", ok=False)
    with pytest.warns(fricore.FricoreFlagWarning, match="F_SAT"):
        tr = fricore.trace(p, v, 1e-4, fixed=True)
    assert "F_SAT" in fricore.flag_names(tr.flags)
    assert "F_SAT" in r.stderr
    assert tr.code.tolist() == [int(c) for c in csv(r.stdout)["F_code"]]


@pytest.mark.parametrize("width", [16, 18])
@pytest.mark.parametrize("name", sorted(SETS))
def test_compile(name, width, pfile):
    p = fricore.Params(**SETS[name])
    args = ["--width", width, "--v-max", 0.5]
    if name in DYNAMIC:
        args += ["--ts", 1e-4]
    js = json.loads(run("compile", "--params", pfile(SETS[name]), *args))
    c = fricore.compile(p, 1e-4 if name in DYNAMIC else None, width, v_max=0.5)
    assert (c.model, c.core, c.width) == (js["model"], js["core"], js["width"])
    assert (c.v_max, c.f_max, c.v_lsb, c.f_lsb, c.ts) == (js["v_max"], js["f_max"], js["v_lsb"], js["f_lsb"], js["ts"])
    assert c.fields == js["fields"]
    assert ["0x%08x" % w for w in c.words] == js["words"]
    assert len(c.quantization) == len(js["quantization"])
    for q, j in zip(c.quantization, js["quantization"]):
        assert (q["param"], q["unit"], q["requested"], q["represented"]) == \
            (j["param"], j["unit"], j["requested"], j["represented"])
        assert float("%.6g" % q["abs_error"]) == j["abs_error"]
        assert float("%.6g" % q["rel_error"]) == j["rel_error"]


def static_data(asym=False):
    rng = np.random.default_rng(7)
    v = np.concatenate([np.geomspace(1e-4, 0.5, 40), -np.geomspace(1e-4, 0.5, 40)])
    p = fricore.Params(model="stribeck", fc=1.0, fs=1.5, vs=0.002, b=0.4, fc_neg=0.9 if asym else 1.0)
    return v, fricore.curve(p, v) + rng.normal(0, 0.01, len(v))


def write_csv(path, header, cols):
    with open(path, "w") as f:
        f.write(header + "\n")
        for row in zip(*cols):
            f.write(",".join(repr(float(x)) for x in row) + "\n")


@pytest.mark.parametrize("opts", [{}, {"asymmetric": True}, {"fit_delta": True}])
def test_fit_static(opts, tmp_path):
    v, F = static_data(asym=opts.get("asymmetric", False))
    write_csv(tmp_path / "d.csv", "v,F", [v, F])
    flags = {"asymmetric": "--asymmetric", "fit_delta": "--fit-delta"}
    js = json.loads(run("fit", "static", "--data", tmp_path / "d.csv", *[flags[k] for k in opts]))
    p = fricore.fit_static(v, F, **opts)
    assert p.model == "stribeck"
    for k, x in p.to_dict().items():
        if k != "model":
            assert "%.10g" % x == "%.10g" % js[k], k
    for k, se in p.fit.stderr.items():
        assert "%.10g" % se == "%.10g" % js["fit_%s_stderr" % k]
        assert "%.10g" % p.fit.ci95_low[k] == "%.10g" % js["fit_%s_ci95_low" % k]
        assert "%.10g" % p.fit.ci95_high[k] == "%.10g" % js["fit_%s_ci95_high" % k]
    assert (p.fit.points, p.fit.rank, p.fit.evaluations) == (js["fit_points"], js["fit_rank"], js["fit_evaluations"])
    assert "; ".join(p.fit.warnings) == js["fit_warnings"]


def dynamic_data():
    truth = fricore.Params(**SETS["lugre"])
    t = np.arange(2000) * 1e-4
    v = 2e-4 * np.sin(2 * np.pi * 5 * t) + 1e-3 * np.sin(2 * np.pi * 2 * t)
    F = fricore.trace(truth, v, 1e-4).F + np.random.default_rng(3).normal(0, 0.005, len(t))
    return t, v, F


def test_fit_dynamic(tmp_path):
    t, v, F = dynamic_data()
    static = dict(SETS["stribeck"], fs_neg=1.5)
    write_csv(tmp_path / "d.csv", "t,v,F", [t, v, F])
    (tmp_path / "s.json").write_text(json.dumps(static))
    js = json.loads(run("fit", "dynamic", "--data", tmp_path / "d.csv", "--params", tmp_path / "s.json"))
    p = fricore.fit_dynamic(t, v, F, fricore.Params(**static))
    assert p.model == "lugre"
    for k, x in p.to_dict().items():
        if k != "model":
            assert "%.10g" % x == "%.10g" % js[k], k
    for k, se in p.fit.stderr.items():
        assert "%.10g" % se == "%.10g" % js["fit_%s_stderr" % k]
    assert p.fit.sigma1_identifiable == js["fit_sigma1_identifiable"]
    assert "; ".join(p.fit.warnings) == js["fit_warnings"]
    assert abs(p["sigma0"] / 1e5 - 1) < 0.05


def test_params_file_round_trip(tmp_path):
    t, v, F = dynamic_data()
    p = fricore.fit_dynamic(t, v, F, fricore.Params(**SETS["stribeck"]).replace(fs_neg=None))
    p.save(tmp_path / "fit.json")
    q = fricore.Params.load(tmp_path / "fit.json")
    assert q.to_dict() == p.to_dict()
    # the command reads the file Python wrote, to the same numbers
    vv = np.linspace(-0.01, 0.01, 7)
    out = csv(run("curve", "--params", tmp_path / "fit.json", *sum((["--v", repr(float(x))] for x in vv), [])))
    np.testing.assert_allclose(fricore.curve(q, vv), np.array(out["F"], float), rtol=RTOL, atol=0)
    # and fit_ keys are written as the command writes them
    js = json.loads((tmp_path / "fit.json").read_text())
    assert js["fit_kind"] == "dynamic" and "fit_sigma0_stderr" in js
