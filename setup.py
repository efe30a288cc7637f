# SPDX-License-Identifier: Apache-2.0
"""Build glue of the fricore Python package: the version from
cmodel/cli/fric_version.h (what `fricore --version` prints) and the cffi
extension of python/fricore/_build.py. Everything else is in pyproject.toml."""
import os
import re

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    with open(os.path.join(HERE, "cmodel", "cli", "fric_version.h")) as f:
        m = re.search(r'^#define FRICORE_VERSION "([0-9]+\.[0-9]+\.[0-9]+)"', f.read(), re.M)
    if not m:
        raise SystemExit("setup.py: no FRICORE_VERSION \"X.Y.Z\" in cmodel/cli/fric_version.h")
    return m.group(1)


setup(version=version(), cffi_modules=["python/fricore/_build.py:ffi"])
