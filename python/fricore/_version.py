# SPDX-License-Identifier: Apache-2.0
"""The version, compiled in from cmodel/cli/fric_version.h: what
`fricore --version` prints."""
from ._lib import ffi, lib

__version__: str = ffi.string(lib.fricore_version).decode()
