# SPDX-License-Identifier: Apache-2.0
"""fit_static's bounds, fixed values, robust loss and weights, fit_reduce and
sg_velocity, against the fricore command on the shipped examples."""
import json
import os

import numpy as np
import pytest

import fricore
from conftest import ROOT, csv, run

EX = os.path.join(ROOT, "examples")


def read(path):
    rows = [l.strip().split(",") for l in open(path) if l[:1] not in ("#", "")]
    return {c: np.array([float(r[i]) for r in rows[1:]]) for i, c in enumerate(rows[0])}


def same(p, js):
    for k, x in p.to_dict().items():
        if k != "model":
            assert "%.10g" % x == "%.10g" % js[k], k
    assert "; ".join(p.fit.warnings) == js["fit_warnings"]
    assert p.fit.converged == js["fit_converged"] and p.fit.at_bound == js["fit_at_bound"]
    assert p.fit.fixed == js["fit_fixed"]


@pytest.mark.parametrize("loss", ["huber", "soft_l1"])
def test_loss_as_the_command(loss):
    d = read(os.path.join(EX, "static_outliers.csv"))
    js = json.loads(run("fit", "static", "--data", os.path.join(EX, "static_outliers.csv"), "--loss", loss))
    p = fricore.fit_static(d["v"], d["F"], loss=loss)
    same(p, js)
    assert abs(p["sigma2"] - 0.4) <= 0.02 * 0.4


def test_bound_fix_and_accept_as_the_command():
    d = read(os.path.join(EX, "static.csv"))
    path = os.path.join(EX, "static.csv")
    with pytest.raises(fricore.FricoreError, match="ended on a bound: delta"):
        fricore.fit_static(d["v"], d["F"], fit_delta=True, bound={"delta": (1.0, 1.5)})
    p = fricore.fit_static(d["v"], d["F"], fit_delta=True, bound={"delta": (1.0, 1.5)}, accept_unconverged=True)
    js = json.loads(run("fit", "static", "--data", path, "--fit-delta", "--bound", "delta=1:1.5", "--accept-unconverged"))
    same(p, js)
    assert json.loads(p.to_json())["fit_delta_stderr"] == js["fit_delta_stderr"] == "at bound"
    p = fricore.fit_static(d["v"], d["F"], fix={"fs": 1.6}, bound={"vs": (None, 0.01)})
    js = json.loads(run("fit", "static", "--data", path, "--fix", "fs=1.6", "--bound", "vs=:0.01"))
    same(p, js)
    with pytest.raises(ValueError, match="not a parameter of this fit"):
        fricore.fit_static(d["v"], d["F"], fix={"fc_neg": 1.0})


def test_reduce_and_weights_as_the_command(tmp_path):
    log = os.path.join(EX, "log.csv")
    d = read(log)
    pts = fricore.fit_reduce(d["t"], d["x"], d["F"], position=True)
    out = csv(run("fit", "reduce", "--data", log))
    for k in ("v", "F", "F_sd"):
        np.testing.assert_allclose(pts[k], np.array(out[k], float), rtol=1e-9)
    assert list(pts["n"]) == [int(x) for x in out["n"]]
    (tmp_path / "r.csv").write_text(run("fit", "reduce", "--data", log))
    js = json.loads(run("fit", "static", "--data", tmp_path / "r.csv", "--asymmetric"))
    p = fricore.fit_static(np.array(out["v"], float), np.array(out["F"], float), asymmetric=True,
                           weights=1.0 / np.array(out["F_sd"], float) ** 2)
    same(p, js)
    with pytest.raises(TypeError, match="unknown option"):
        fricore.fit_reduce(d["t"], d["x"], d["F"], windw=3)


def test_sg_velocity():
    t = np.linspace(0.0, 1.0, 101)
    x = 0.5 * t ** 2
    np.testing.assert_allclose(fricore.sg_velocity(t, x, window=5), t, atol=1e-12)
    with pytest.raises(ValueError, match="--sg-window"):
        fricore.sg_velocity(t, x, window=1)


def test_compare_as_the_command(tmp_path):
    log = os.path.join(EX, "log.csv")
    (tmp_path / "r.csv").write_text(run("fit", "reduce", "--data", log))
    js = json.loads(run("fit", "static", "--data", tmp_path / "r.csv", "--asymmetric", "--compare"))
    d = read(tmp_path / "r.csv")
    c = fricore.fit_compare(d["v"], d["F"], weights=1.0 / d["F_sd"] ** 2)
    assert c["best_bic"] == js["fit_compare_best_bic"] == "asymmetric, vs per direction, delta = 2"
    for a, b in zip(c["variants"], js["fit_compare"]):
        assert a["name"] == b["variant"]
        assert "%.10g" % a["bic"] == "%.10g" % b["bic"] and a["usable"] == b["usable"]
        if "vs_neg" in b:
            assert "%.10g" % a["vs_neg"] == "%.10g" % b["vs_neg"]
    with pytest.raises(ValueError, match="physical range"):
        fricore.fit_compare(d["v"], d["F"], bound={"delta": (0.1, 3.0)})
