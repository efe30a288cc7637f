# SPDX-License-Identifier: Apache-2.0
"""examples/python/identify_compile.py runs headless, and what it writes is
what the fricore command gives from the same data."""
import json
import os
import re
import subprocess
import sys

from conftest import ROOT, run

EXAMPLE = os.path.join(ROOT, "examples", "python", "identify_compile.py")


def test_identify_compile(tmp_path):
    r = subprocess.run([sys.executable, EXAMPLE, "--out", str(tmp_path)], capture_output=True, text=True,
                       env=dict(os.environ, MPLBACKEND="Agg"))
    assert r.returncode == 0, r.stderr
    assert "warning" not in r.stderr.lower(), r.stderr
    static = json.loads((tmp_path / "static.json").read_text())
    cli = json.loads(run("fit", "static", "--data", os.path.join(ROOT, "examples", "static.csv")))
    for k in ("fc", "fs", "vs", "delta", "sigma2"):
        assert "%.10g" % static[k] == "%.10g" % cli[k], k
    lugre = json.loads((tmp_path / "lugre.json").read_text())
    cli = json.loads(run("fit", "dynamic", "--data", os.path.join(ROOT, "examples", "dynamic.csv"),
                         "--params", tmp_path / "static.json"))
    for k in ("sigma0", "sigma1", "sigma2", "fc", "fs"):
        assert "%.10g" % lugre[k] == "%.10g" % cli[k], k
    assert abs(lugre["sigma0"] / 1e5 - 1) < 0.01 and abs(lugre["sigma1"] / 316.0 - 1) < 0.01  # the set behind the data
    comp = json.loads((tmp_path / "compiled.json").read_text())
    cli = json.loads(run("compile", "--params", tmp_path / "lugre.json", "--ts", comp["ts"], "--width", comp["width"],
                         "--v-max", repr(comp["v_max"]), "--f-max", repr(comp["f_max"])))
    assert comp["words"] == cli["words"] and comp["fields"] == cli["fields"]
    assert comp["fixed_vs_double_max_lsb"] < 3.0
    assert "flags none" in r.stdout
    # the servo step: the LuGre compensator against none, as fricore servo gives them
    m = re.search(r"servo: rms position error (\S+) rad without compensation, (\S+) rad with", r.stdout)
    assert m, r.stdout
    cli = {comp: json.loads(run("servo", "--params", tmp_path / "lugre.json", "--duration", 1,
                                *(["--compensation", comp, "--comp-arith", "fixed"] if comp == "lugre" else [])))
           for comp in ("none", "lugre")}
    assert "%.3g" % cli["none"]["rms_position_error_rad"] == m.group(1)
    assert "%.3g" % cli["lugre"]["rms_position_error_rad"] == m.group(2)
    assert float(m.group(2)) < 0.2 * float(m.group(1))
    png = tmp_path / "identify_compile.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20000
