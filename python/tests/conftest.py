# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures: the fricore command to compare with, parameter sets of
every kind, and a helper that runs the command."""
import json
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FRICORE = os.path.abspath(os.environ.get("FRICORE", os.path.join(ROOT, "build", "bin", "fricore")))

SETS = {
    "coulomb": dict(model="coulomb", fc=1.0, fc_neg=0.8),
    "viscous": dict(model="viscous", fc=1.0, b=0.4, b_neg=0.3),
    "stribeck": dict(model="stribeck", fc=1.0, fs=1.5, vs=0.001, delta=2, b=0.4, fs_neg=1.4, vs_neg=0.002),
    "stribeck1": dict(model="stribeck", fc=0.3, fs=0.45, vs=0.02, delta=1, b=0.05),
    "dahl": dict(model="dahl", fc=1.0, sigma0=1e5, b=0.4),
    "lugre": dict(model="lugre", fc=1.0, fs=1.5, vs=0.001, sigma0=1e5, sigma1=316.0, sigma2=0.4),
    "lugre_md": dict(model="lugre", fc=0.8, fs=1.1, vs=0.004, sigma0=4e4, sigma1=150.0, sigma2=0.2, vmd=0.002,
                     fc_neg=0.7, fs_neg=1.0, sigma2_neg=0.25, vs_neg=0.003),
}
DYNAMIC = ["dahl", "lugre", "lugre_md"]
# the double-only kinds (no fixed-point model): sim, servo and the parameter file take them
STEPPED = {
    "elastoplastic": dict(model="elastoplastic", fc=1.0, fs=1.5, vs=0.001, sigma0=1e5, sigma1=316.0, sigma2=0.4,
                          z_ba=4e-6, fs_neg=1.3),
    "gms": dict(model="gms", fc=1.0, fs=1.5, vs=0.001, sigma2=0.4, gms_k=[6e4, 3e4, 2e4, 1e4],
                gms_alpha=[0.2, 0.3, 0.3, 0.2], gms_c=150.0),
}


def run(*args, stdin=None, ok=True):
    """Run the fricore command; its stdout (rc 0 expected when ok)."""
    r = subprocess.run([FRICORE] + [str(a) for a in args], input=stdin, capture_output=True, text=True)
    if ok:
        assert r.returncode == 0, r.stderr
        return r.stdout
    return r


def csv(text):
    lines = text.strip().split("\n")
    cols = lines[0].split(",")
    rows = [l.split(",") for l in lines[1:]]
    return {c: [row[i] for row in rows] for i, c in enumerate(cols)}


@pytest.fixture
def pfile(tmp_path):
    """Write a parameter set as a file; its path."""
    def write(keys, name="p.json"):
        path = tmp_path / name
        path.write_text(json.dumps(keys))
        return str(path)
    return write
