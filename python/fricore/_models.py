# SPDX-License-Identifier: Apache-2.0
"""curve, trace and compile: the friction element over whole numpy arrays,
in double precision or bit for bit as the hardware computes it. Each is one
call into libfricore (fric_array.h, fric_model.h); the GIL is released
while the library runs."""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from ._lib import WHY_LEN, ffi, in_array, lib, out_array, ptr, status_message
from ._params import Params

__all__ = ["curve", "trace", "compile", "Trace", "Compiled", "FLAG_NAMES", "flag_names", "FricoreFlagWarning"]

#: sticky flag bits of the fixed-point model (fric_fx.h), bit -> name
FLAG_NAMES = {0: "F_SAT", 1: "MAG_NEG", 2: "G_SAT", 3: "S1_SAT", 4: "W_SAT", 5: "V_SAT", 6: "ENC_SAT"}

#: the compiled words in address order (fric_fx_formats.h), checked against the C constants below
FIELD_NAMES = ["KM", "KS", "DSEL", "FC_P", "DM_P", "DS_P", "BM_P", "BS_P", "FC_N", "DM_N", "DS_N", "BM_N", "BS_N",
               "KM_N", "KS_N",
               "KYM", "KYX", "C1M", "C1S", "MD_EN", "KDM", "KDS"]
assert [getattr(lib, "FRIC_FX_WORD_" + n) for n in FIELD_NAMES] == list(range(lib.FRIC_FX_WORDS_LUGRE))


class FricoreFlagWarning(UserWarning):
    """A fixed-point run set a sticky saturation flag."""


def flag_names(flags: int) -> List[str]:
    """The names of the sticky flag bits set in flags (F_SAT, G_SAT, ...)."""
    return [n for b, n in FLAG_NAMES.items() if flags & (1 << b)]


def _need_params(params: Any) -> Params:
    if not isinstance(params, Params):
        raise TypeError("params must be a fricore.Params, got %s" % type(params).__name__)
    return params


def _opt(value: Any, params: Params, key: str, default: Any) -> Any:
    if value is not None:
        return value
    return params.get(key, default)


def _compile(params: Params, ts: Optional[float], width: Optional[int], v_max: Optional[float],
             f_max: Optional[float], ts_default: float) -> Any:
    """The compiled set of params with the options (keywords over the file's
    v_max, f_max, ts, width keys over the defaults)."""
    if params.model in ("gms", "elastoplastic"):
        raise ValueError("model %s: its fixed-point model runs in fricore trace --fixed, curve --fixed and compile; "
                         "the Python package does not take it yet (docs/python.md)" % params.model)
    o = lib.fric_compile_opts_default()
    w = _opt(width, params, "width", 16)
    if isinstance(w, bool) or not isinstance(w, (int, float)) or w != int(w):
        raise ValueError("width (datapath width, bits) must be 16 or 18, got %r" % (w,))
    o.width = int(w) if 0 <= w < 2 ** 32 else 0
    o.v_max = float(_opt(v_max, params, "v_max", o.v_max))
    fm = _opt(f_max, params, "f_max", None)
    if fm is not None:
        fm = float(fm)
        if not fm > 0.0:
            raise ValueError("f_max (force full scale, N) must be > 0 (leave it out for automatic), got %.6g" % fm)
        o.f_max = fm
    t = _opt(ts, params, "ts", None)
    if params.dynamic:
        if t is None:
            if ts_default <= 0.0:
                raise ValueError("ts (sample time, s) is required for model %s" % params.model)
            t = ts_default
        t = float(t)
        if not t > 0.0:
            raise ValueError("%s, got %.6g" % (status_message(-17), t))
    else:
        t = 0.0 if t is None else float(t)
        if ts is not None and not t > 0.0:
            raise ValueError("%s, got %.6g" % (status_message(-17), t))
    o.ts = t
    c = ffi.new("fric_model_fx_t *")
    opt = ffi.new("fric_compile_opts_t *", o)
    st = lib.fric_model_compile(params._m, opt, c)
    if st != lib.FRIC_OK:
        raise ValueError(ffi.string(c.rep.why).decode() or status_message(st))
    return c


def _codes(c: Any, v: np.ndarray, name: str) -> np.ndarray:
    code = out_array(len(v), np.int32)
    bad = ffi.new("size_t *")
    why = ffi.new("char[]", WHY_LEN)
    st = lib.fric_array_vcode(ffi.addressof(c.rep), ptr(v), ptr(code), len(v), name.encode(), bad, why, WHY_LEN)
    if st != lib.FRIC_OK:
        raise ValueError(ffi.string(why).decode())
    return code


def _warn_flags(what: str, flags: int) -> None:
    if flags:
        warnings.warn("%s: sticky flags %s set (docs/fixed-point.md)" % (what, ", ".join(flag_names(flags))),
                      FricoreFlagWarning, stacklevel=3)


def curve(params: Params, v: Any, *, fixed: bool = False, width: Optional[int] = None,
          v_max: Optional[float] = None, f_max: Optional[float] = None,
          ts: Optional[float] = None) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """Steady-state friction force F (N) at velocities v (m/s), as
    ``fricore curve`` computes it.

    With ``fixed=True`` the bit-exact fixed-point model at the input port's
    velocity codes (v rounded to the nearest code of V_LSB = v_max /
    2^(width-1)); returns (F, F_code), F = F_code * F_LSB. width (16 or
    18), v_max (m/s, default 1), f_max (N, default automatic) and ts (s,
    compiles a dynamic model; its steady state does not depend on it) fall
    back on the parameter file's keys. A sticky saturation flag raises a
    FricoreFlagWarning."""
    p = _need_params(params)
    x = in_array(v, "v")
    if not fixed:
        for k, val in (("width", width), ("v_max", v_max), ("f_max", f_max), ("ts", ts)):
            if val is not None:
                raise ValueError("%s applies only with fixed=True" % k)
        f = out_array(len(x))
        bad = ffi.new("size_t *")
        why = ffi.new("char[]", WHY_LEN)
        st = lib.fric_array_curve(p._m, ptr(x), ptr(f), len(x), b"v", bad, why, WHY_LEN)
        if st != lib.FRIC_OK:
            raise ValueError(ffi.string(why).decode())
        return f
    c = _compile(p, ts, width, v_max, f_max, 1e-4)
    code = _codes(c, x, "v")
    fcode = out_array(len(x), np.int32)
    f = out_array(len(x))
    flags = ffi.new("uint32_t *")
    lib.fric_array_curve_fx(c, ptr(code), ptr(fcode), ptr(f), len(x), flags)
    _warn_flags("curve", flags[0])
    return f, fcode


class Trace(NamedTuple):
    """A contact's run: force F (N) and bristle deflection z (m) after each
    step, the sticky flags (fixed point; 0 in double precision) and the
    force codes (fixed point; None in double precision)."""
    F: np.ndarray
    z: np.ndarray
    flags: int
    code: Optional[np.ndarray]


def trace(params: Params, v: Any, ts: Optional[float] = None, *, fixed: bool = False,
          width: Optional[int] = None, v_max: Optional[float] = None, f_max: Optional[float] = None) -> Trace:
    """Run a Dahl or LuGre contact from rest over the velocity record v (m/s),
    each sample held for ts seconds, as ``fricore trace`` does: the exact
    step in double precision, or with ``fixed=True`` the hardware's
    arithmetic bit for bit (width, v_max, f_max as for curve). ts falls back
    on the parameter file's ts key."""
    p = _need_params(params)
    x = in_array(v, "v")
    n = len(x)
    f = out_array(n)
    z = out_array(n)
    if not fixed:
        for k, val in (("width", width), ("v_max", v_max), ("f_max", f_max)):
            if val is not None:
                raise ValueError("%s applies only with fixed=True" % k)
        t = _opt(ts, p, "ts", None)
        if t is None:
            raise ValueError("ts (sample time, s) is required")
        st = ffi.new("fric_lugre_state_t *")
        bad = ffi.new("size_t *")
        why = ffi.new("char[]", WHY_LEN)
        s = lib.fric_array_trace(p._m, st, float(t), ptr(x), ptr(f), ptr(z), n, b"v", bad, why, WHY_LEN)
        if s != lib.FRIC_OK:
            raise ValueError(ffi.string(why).decode())
        return Trace(f, z, 0, None)
    if not p.dynamic:
        raise ValueError("--model must be dahl or lugre for a trace (a contact with a bristle state), got %s"
                         % p.model)
    c = _compile(p, ts, width, v_max, f_max, 0.0)
    fcode = out_array(n, np.int32)
    st = ffi.new("fric_fx_state_t *")
    flags = ffi.new("uint32_t *")
    bad = ffi.new("size_t *")
    why = ffi.new("char[]", WHY_LEN)
    s = lib.fric_array_trace_fx(c, p._m.lugre.sigma0, st, ptr(x), ffi.NULL, ptr(fcode), ptr(f), ptr(z), n, flags,
                                b"v", bad, why, WHY_LEN)
    if s != lib.FRIC_OK:
        raise ValueError(ffi.string(why).decode())
    _warn_flags("trace", flags[0])
    return Trace(f, z, int(flags[0]), fcode)


@dataclass
class Compiled:
    """The hardware's parameter words, as ``fricore compile`` reports them.

    fields: each field's value by name (KM, KS, ... in address order);
    words: the 32-bit words the core's cfg port or the register map takes;
    quantization: per parameter, the value requested and the value the
    integers represent (SI units, with abs_error and rel_error)."""
    model: str
    core: str          #: "stribeck" or "lugre"
    width: int
    v_max: float       #: m/s
    f_max: float       #: N
    v_lsb: float       #: m/s per velocity code
    f_lsb: float       #: N per force code
    ts: float          #: s
    fields: Dict[str, int]
    words: List[int]
    quantization: List[Dict[str, Any]]
    _fx: Any = None    # the compiled set (fric_model_fx_t), for the driver


def compile(params: Params, ts: Optional[float] = None, width: Optional[int] = None, *,
            v_max: Optional[float] = None, f_max: Optional[float] = None) -> Compiled:
    """Compile params for the hardware (``fricore compile``): ts (s) is
    required for Dahl and LuGre and recorded for the static models; width
    16 or 18 (default 16), v_max (m/s, default 1), f_max (N, default
    automatic), each falling back on the parameter file's key."""
    p = _need_params(params)
    c = _compile(p, ts, width, v_max, f_max, 0.0)
    nw = lib.FRIC_FX_WORDS_LUGRE if c.dynamic else lib.FRIC_FX_WORDS_STRIBECK
    w = ffi.new("uint32_t[]", lib.FRIC_FX_WORDS_LUGRE)
    if c.dynamic:
        lib.fric_fx_lugre_pack(ffi.addressof(c.l), w)
    else:
        lib.fric_fx_stribeck_pack(ffi.addressof(c.s), w)
    words = [int(w[i]) for i in range(nw)]
    r = c.rep
    quant = []
    for i in range(r.nquant):
        q = r.quant[i]
        d = q.represented - q.requested
        quant.append({"param": ffi.string(q.param).decode(), "unit": ffi.string(q.unit).decode(),
                      "requested": q.requested, "represented": q.represented, "abs_error": d,
                      "rel_error": d / q.requested if q.requested != 0.0 else 0.0})
    fields = {FIELD_NAMES[i]: (words[i] - (1 << 32) if words[i] >= 1 << 31 else words[i]) for i in range(nw)}
    return Compiled(p.model, "lugre" if c.dynamic else "stribeck", int(r.width), r.v_max, r.f_max, r.v_lsb,
                    r.f_lsb, r.ts, fields, words, quant, c)
