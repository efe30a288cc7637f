# SPDX-License-Identifier: Apache-2.0
"""The Python blocks of docs/python.md run, in order, as one script, and
print what their comments say."""
import contextlib
import io
import os
import re

import pytest

from conftest import ROOT


def test_docs_python_blocks_run(tmp_path, monkeypatch):
    pytest.importorskip("control")
    text = open(os.path.join(ROOT, "docs", "python.md")).read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile("\n".join(blocks), "docs/python.md", "exec"), {"__name__": "docs"})
    printed = out.getvalue()
    # the outputs the page states in its comments
    for said in re.findall(r"print\(.*?\)\s+# (.+)", "\n".join(blocks)):
        if not said.startswith(("fixed", "the ")):
            assert said in printed, said
    assert (tmp_path / "lugre.json").is_file() and (tmp_path / "fitted.json").is_file()
