# SPDX-License-Identifier: Apache-2.0
"""fricore.control: the friction element as a python-control system.

Imports python-control (``pip install control``); the rest of fricore does
not need it."""
from __future__ import annotations

from typing import Any, Optional

import control as _ct

from ._lib import ffi, lib
from ._params import Params

__all__ = ["lugre_system"]


def lugre_system(params: Params, ts: Optional[float] = None, name: str = "friction") -> "_ct.NonlinearIOSystem":
    """A Dahl or LuGre contact as a ``control.NonlinearIOSystem``: input v
    (m/s), output F (N), state z (m, the bristle deflection).

    ts None: continuous, dz/dt and F from the library's model equations
    (fric_lugre_eval()). ts > 0 (s): discrete, the exact step of
    fricore.trace (fric_lugre_step()): F[k] is the force of the step from
    z[k] at v[k], so a run gives fricore.trace's forces."""
    if not isinstance(params, Params):
        raise TypeError("params must be a fricore.Params, got %s" % type(params).__name__)
    if not params.dynamic:
        raise ValueError("--model must be dahl or lugre for a trace (a contact with a bristle state), got %s"
                         % params.model)
    cfg = ffi.new("fric_lugre_cfg_t *", params._m.lugre)
    if ts is None:
        dz = ffi.new("double *")

        def upd(t: float, x: Any, u: Any, p: Any = None) -> Any:
            lib.fric_lugre_eval(cfg, float(x[0]), float(u[0]), dz)
            return [dz[0]]

        def out(t: float, x: Any, u: Any, p: Any = None) -> Any:
            return [lib.fric_lugre_eval(cfg, float(x[0]), float(u[0]), dz)]

        return _ct.NonlinearIOSystem(upd, out, inputs=["v"], outputs=["F"], states=["z"], name=name)
    if not ts > 0.0:
        raise ValueError("%s, got %.6g" % (ffi.string(lib.fric_status_message(-17)).decode(), ts))
    st = ffi.new("fric_lugre_state_t *")
    step_ts = float(ts)

    def dupd(t: float, x: Any, u: Any, p: Any = None) -> Any:
        st.z = float(x[0])
        lib.fric_lugre_step(cfg, st, float(u[0]), step_ts)
        return [st.z]

    def dout(t: float, x: Any, u: Any, p: Any = None) -> Any:
        st.z = float(x[0])
        return [lib.fric_lugre_step(cfg, st, float(u[0]), step_ts)]

    return _ct.NonlinearIOSystem(dupd, dout, inputs=["v"], outputs=["F"], states=["z"], dt=step_ts, name=name)
