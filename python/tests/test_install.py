# SPDX-License-Identifier: Apache-2.0
"""python -m build makes an sdist, and the sdist installs into a fresh
virtual environment (pip builds the wheel from it there), offline: the build requirements pinned in
pyproject.toml and numpy come from the wheelhouse that make downloads
(.venv/wheelhouse)."""
import os
import subprocess
import sys

import pytest

import fricore
from conftest import ROOT

WHEELHOUSE = os.path.abspath(os.environ.get("WHEELHOUSE", os.path.join(ROOT, ".venv", "wheelhouse")))


@pytest.mark.skipif(not os.path.isdir(WHEELHOUSE), reason="no wheelhouse (make python downloads it)")
def test_sdist_installs_into_a_fresh_venv(tmp_path):
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_FIND_LINKS=WHEELHOUSE, PIP_DISABLE_PIP_VERSION_CHECK="1")
    dist = tmp_path / "dist"
    r = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), ROOT], env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    v = fricore.__version__
    sdist = dist / ("fricore-%s.tar.gz" % v)
    assert sdist.is_file(), os.listdir(dist)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    r = subprocess.run([py, "-m", "pip", "install", "-q", str(sdist)], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    code = ("import fricore, numpy as np; "
            "p = fricore.Params(model='lugre', fc=1.0, fs=1.5, vs=0.001, sigma0=1e5, sigma1=316.0, sigma2=0.4); "
            "print(fricore.__version__, fricore.__file__); "
            "print(repr(float(fricore.trace(p, np.linspace(0, 0.01, 50), 1e-4, fixed=True).z[-1])))")
    r = subprocess.run([py, "-c", code], capture_output=True, text=True, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    ver, path = r.stdout.split("\n")[0].split(" ")
    assert ver == v and path.startswith(str(venv))
    p = fricore.Params(model="lugre", fc=1.0, fs=1.5, vs=0.001, sigma0=1e5, sigma1=316.0, sigma2=0.4)
    import numpy as np
    assert float(r.stdout.split("\n")[1]) == fricore.trace(p, np.linspace(0, 0.01, 50), 1e-4, fixed=True).z[-1]
