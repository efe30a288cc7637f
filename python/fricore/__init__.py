# SPDX-License-Identifier: Apache-2.0
"""fricore: the friction models of the fricore IP core over numpy arrays.

Every number comes from libfricore, the project's C library, compiled into
this package: the double-precision models, the bit-exact fixed point that
the RTL computes, the parameter compiler, the MINPACK fits and the board
driver. Units are SI: N, m/s, m, N/m, N*s/m, s.

    >>> import numpy as np, fricore
    >>> p = fricore.Params(model="stribeck", fc=1.0, fs=1.5, vs=0.001, sigma2=0.4)
    >>> F = fricore.curve(p, np.linspace(-0.1, 0.1, 5))
"""
from ._lib import FricoreError, lib as _clib
from ._params import FitReport, Params
from ._models import Compiled, FricoreFlagWarning, Trace, compile, curve, flag_names, trace
from ._fit import fit_compare, fit_dynamic, fit_reduce, fit_static, sg_velocity
from ._sim import sim
from ._servo import servo
from ._version import __version__

__all__ = ["__version__", "Params", "FitReport", "Compiled", "Trace", "FricoreError", "FricoreFlagWarning",
           "curve", "trace", "compile", "fit_static", "fit_dynamic", "fit_compare", "fit_reduce", "sg_velocity", "flag_names", "sim", "servo"]
