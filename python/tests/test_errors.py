# SPDX-License-Identifier: Apache-2.0
"""Bad input raises, with the C library's message where the library
decides: wrong dtypes, shapes that are not 1-D, non-contiguous arrays,
NaN, out-of-range values, a missing or malformed file."""
import numpy as np
import pytest

import fricore
from conftest import SETS, run

P = fricore.Params(**SETS["lugre"])


def cli_error(*args):
    r = run(*args, ok=False)
    assert r.returncode == 2
    line = r.stderr.strip().split("\n")[-1]
    return line.split(": ", 1)[1]


@pytest.mark.parametrize("fn", [
    lambda v: fricore.curve(P, v),
    lambda v: fricore.curve(P, v, fixed=True),
    lambda v: fricore.trace(P, v, 1e-4),
    lambda v: fricore.trace(P, v, 1e-4, fixed=True),
    lambda v: fricore.fit_static(v, v),
])
def test_array_checks(fn):
    with pytest.raises(TypeError, match="dtype float64, got float32"):
        fn(np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="dtype float64, got int64"):
        fn(np.zeros(4, np.int64))
    with pytest.raises(ValueError, match=r"must be 1-D, got shape \(2, 2\)"):
        fn(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="not contiguous"):
        fn(np.zeros(8)[::2])
    with pytest.raises(TypeError, match="array of float64"):
        fn(["a", "b"])


def test_nan_and_inf_velocity():
    msg = "v (velocity, m/s) must be finite"
    for bad in (np.nan, np.inf):
        with pytest.raises(ValueError, match=r"v\[2\] = .*: " + msg.replace("(", r"\(").replace(")", r"\)")):
            fricore.curve(P, np.array([0.0, 0.1, bad]))
        with pytest.raises(ValueError, match=r"v\[2\]"):
            fricore.trace(P, np.array([0.0, 0.1, bad]), 1e-4)
        with pytest.raises(ValueError, match=r"v\[2\]: velocity .* is outside the input range"):
            fricore.curve(P, np.array([0.0, 0.1, bad]), fixed=True)


def test_velocity_outside_the_port_is_the_commands_message():
    ours = pytest.raises(ValueError, fricore.curve, P, np.array([0.0, 2.0]), fixed=True)
    theirs = cli_error("curve", "--model", "lugre", "--fixed", "--v", 2.0)
    assert str(ours.value).split(": ", 1)[1] == theirs.split(": ", 1)[1]


@pytest.mark.parametrize("key,value", [("fc", -1.0), ("fs", float("nan")), ("vs", 0.0), ("sigma0", -5.0),
                                       ("sigma1", -1.0), ("delta", 0.0), ("b", -0.1)])
def test_bad_parameter_is_the_librarys_message(key, value):
    keys = dict(SETS["lugre"])
    keys.pop("sigma2")
    keys["b"] = 0.4
    keys[key] = value
    if value != value:  # NaN: a parameter file holds finite numbers only
        with pytest.raises(ValueError, match="fs: expected a finite number, got nan"):
            fricore.Params(**keys)
        return
    with pytest.raises(ValueError) as e:
        fricore.Params(**keys)
    assert str(e.value) == cli_error("curve", "--model", "lugre", "--" + key, value, "--v", 0)


def test_missing_keys_named():
    with pytest.raises(ValueError, match="model lugre needs 'fs', 'vs', 'sigma0', 'sigma1', 'b'"):
        fricore.Params(model="lugre", fc=1.0)
    with pytest.raises(ValueError, match="unknown key 'fcc'"):
        fricore.Params(model="coulomb", fc=1.0, fcc=2.0)
    with pytest.raises(ValueError, match="key 'model' is required"):
        fricore.Params(fc=1.0)
    # a list is an array value (gms_k, gms_alpha): the library refuses it for a number's key, by name
    with pytest.raises(ValueError, match="key 'fc' must be a number"):
        fricore.Params(model="coulomb", fc=[1.0])
    with pytest.raises(TypeError, match="must be a number, a string, a bool or an array of numbers"):
        fricore.Params(model="coulomb", fc={"a": 1.0})


def test_files(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.json"):
        fricore.Params.load(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"model": "coulomb",\n "fc": 1,}\n')
    with pytest.raises(ValueError, match=r"bad.json line 2 column"):
        fricore.Params.load(bad)
    bad.write_text('{"model": "coulomb", "fc": -1}\n')
    with pytest.raises(ValueError, match=r"bad.json: fc \(Coulomb level"):
        fricore.Params.load(bad)


def test_fixed_point_options():
    with pytest.raises(ValueError, match="width applies only with fixed=True"):
        fricore.curve(P, [0.0], width=18)
    with pytest.raises(ValueError, match=r"datapath width"):
        fricore.compile(P, 1e-4, 17)
    with pytest.raises(ValueError, match=r"ts \(sample time, s\) is required for model lugre"):
        fricore.compile(P)
    with pytest.raises(ValueError, match=r"f_max \(force full scale, N\) must be > 0"):
        fricore.compile(P, 1e-4, f_max=0.0)
    with pytest.raises(ValueError, match="ts"):
        fricore.trace(P, [0.0, 0.1], -1.0)
    with pytest.raises(ValueError, match="must be dahl or lugre"):
        fricore.trace(fricore.Params(**SETS["stribeck"]), [0.0], 1e-4)
    with pytest.raises(ValueError, match="must be dahl or lugre"):
        fricore.trace(fricore.Params(**SETS["stribeck"]), [0.0], 1e-4, fixed=True)
    with pytest.raises(TypeError, match="fricore.Params"):
        fricore.curve({"model": "coulomb"}, [0.0])


def test_fit_data_errors():
    with pytest.raises(ValueError, match="same length"):
        fricore.fit_static(np.zeros(5), np.zeros(4))
    with pytest.raises(ValueError):
        fricore.fit_static(np.zeros(10), np.zeros(10))  # no motion: the library's reason
    t = np.arange(10) * 1e-3
    with pytest.raises(ValueError, match=r"t\[3\] .* is not after t\[2\]"):
        fricore.fit_dynamic(np.r_[t[:3], t[2:9]], np.ones(10), np.ones(10), fricore.Params(**SETS["stribeck"]))
