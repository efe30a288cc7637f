# SPDX-License-Identifier: Apache-2.0
"""fit_static and fit_dynamic: libfricore's MINPACK fits (fric_fit.h) over
numpy arrays, returning a Params with the fit's report (FitReport)."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._lib import FricoreError, ffi, in_array, lib, ptr
from ._params import FitReport, Params

__all__ = ["fit_static", "fit_dynamic"]

_ERR_DATA = -1


def _report(kind: str, r: Any) -> FitReport:
    rep = FitReport(kind, int(r.m), float(r.rms), int(r.rank), int(r.nfev))
    for j in range(r.np):
        name = ffi.string(r.name[j]).decode()
        rep.value[name] = r.value[j]
        rep.stderr[name] = r.se[j] if math.isfinite(r.se[j]) else math.inf
        if math.isfinite(r.se[j]):
            rep.ci95_low[name] = r.lo[j]
            rep.ci95_high[name] = r.hi[j]
    return rep


def _common_warnings(r: Any, rep: FitReport) -> None:
    for j in range(r.np):
        name = ffi.string(r.name[j]).decode()
        if r.wide[j] and name != "f0":
            rep.warnings.append("%s is not identifiable from this data: its 95 %% interval [%.4g, %.4g] is wider "
                                "than its value %.4g" % (name, r.lo[j], r.hi[j], r.value[j]))
    if r.warn & lib.FRIC_FIT_WARN_RANK:
        rep.warnings.append("the Jacobian has rank %d of %d: some combination of the parameters is not "
                            "identifiable" % (r.rank, r.np))
    if r.warn & lib.FRIC_FIT_WARN_NOT_CONVERGED:
        rep.warnings.append("the solver stopped at its evaluation limit (%d) before converging" % r.nfev)


def _finite(r: Any) -> bool:
    return all(math.isfinite(r.value[j]) for j in range(r.np)) and math.isfinite(r.rms)


def _done(rc: int, r: Any) -> None:
    why = ffi.string(r.why).decode()
    if rc == _ERR_DATA:
        raise ValueError(why)
    if rc != 0 or not _finite(r):
        raise FricoreError("the fit failed: %s" % (why if rc else "a result is not finite"))


def fit_static(v: Any, F: Any, *, asymmetric: bool = False, fit_delta: bool = False,
               delta: float = 2.0) -> Params:
    """Fit the steady-state curve F_ss(v) = g(v) sgn(v) + sigma2 v to
    constant-velocity runs (v in m/s, F in N), as ``fricore fit static``:
    fc, fs (N), vs (m/s), sigma2 (N*s/m), delta when fit_delta, the v < 0
    levels when asymmetric. Rows at v = 0 are left out. Returns a stribeck
    Params whose .fit holds the standard errors, 95 % intervals and
    warnings."""
    x = in_array(v, "v")
    f = in_array(F, "F")
    if len(x) != len(f):
        raise ValueError("v and F must have the same length, got %d and %d" % (len(x), len(f)))
    if fit_delta and delta != 2.0:
        raise ValueError("delta holds delta fixed; it does not go with fit_delta")
    if not delta > 0.0 or not math.isfinite(delta):
        raise ValueError("delta (Stribeck exponent) must be finite and > 0, got %.6g" % delta)
    o = ffi.new("fric_fit_static_opts_t *", {"asymmetric": asymmetric, "fit_delta": fit_delta, "delta": delta})
    c = ffi.new("fric_stribeck_cfg_t *")
    r = ffi.new("fric_fit_report_t *")
    rc = lib.fric_fit_static(ptr(x), ptr(f), len(x), o, c, r)
    _done(rc, r)
    rep = _report("static", r)
    if r.warn & lib.FRIC_FIT_WARN_NO_LOW_V:
        rep.warnings.append("no data below 3 vs = %.4g m/s (the slowest |v| is %.4g m/s): fs and vs are not "
                            "identifiable; add slower runs" % (3.0 * c.vs, r.v_low))
    _common_warnings(r, rep)
    keys = dict(model="stribeck", fc=c.fc_pos, fs=c.fs_pos, vs=c.vs, delta=c.delta, sigma2=c.b_pos)
    if asymmetric:
        keys.update(fc_neg=c.fc_neg, fs_neg=c.fs_neg, sigma2_neg=c.b_neg)
    p = Params(**keys)
    p.fit = rep
    return p


def fit_dynamic(t: Any, v: Any, F: Any, params: Params, *, fit_sigma2: bool = False) -> Params:
    """Fit sigma0 (N/m) and sigma1 (N*s/m) (and sigma2 when fit_sigma2) of
    the LuGre model to a record: times t (s, increasing), velocities v
    (m/s), forces F (N), as ``fricore fit dynamic``; params (a static fit,
    or a LuGre set) holds the steady state. Returns a lugre Params whose
    .fit holds the report (the initial bristle force f0 is fitted too)."""
    if not isinstance(params, Params):
        raise TypeError("params must be a fricore.Params, got %s" % type(params).__name__)
    tt = in_array(t, "t")
    x = in_array(v, "v")
    f = in_array(F, "F")
    if not len(tt) == len(x) == len(f):
        raise ValueError("t, v and F must have the same length, got %d, %d and %d" % (len(tt), len(x), len(f)))
    if params.model not in ("stribeck", "lugre"):
        raise ValueError("params must be a stribeck or lugre set (the steady state), got %s" % params.model)
    s = params._m.stribeck
    base = ffi.new("fric_lugre_cfg_t *", {
        "fc_pos": s.fc_pos, "fc_neg": s.fc_neg, "fs_pos": s.fs_pos, "fs_neg": s.fs_neg, "vs": s.vs,
        "delta": s.delta, "sigma0": 0.0, "sigma1": 0.0, "sigma2_pos": s.b_pos, "sigma2_neg": s.b_neg,
        "vd": params._m.lugre.vd if params.model == "lugre" else 0.0})
    if not (base.fc_pos > 0 and base.fc_neg > 0 and base.fs_pos > 0 and base.fs_neg > 0):
        raise ValueError("fc and fs must be > 0 in each direction for the LuGre model (g(v) stays positive)")
    np_ = 4 if fit_sigma2 else 3
    if len(tt) < np_ + 2:
        raise ValueError("F: %d rows, fewer than the %d parameters to fit (sigma0, sigma1%s and the initial bristle "
                         "force) + 2; give at least %d" % (len(tt), np_, ", sigma2" if fit_sigma2 else "", np_ + 2))
    bad = np.flatnonzero(~(np.diff(tt) > 0.0))
    if len(bad):
        i = int(bad[0]) + 1
        raise ValueError("t[%d] = %.9g s is not after t[%d] = %.9g s (time must increase)" % (i, tt[i], i - 1, tt[i - 1]))
    o = ffi.new("fric_fit_dynamic_opts_t *", {"fit_sigma2": fit_sigma2})
    c = ffi.new("fric_lugre_cfg_t *")
    r = ffi.new("fric_fit_report_t *")
    rc = lib.fric_fit_dynamic(ptr(tt), ptr(x), ptr(f), len(tt), base, o, c, r)
    _done(rc, r)
    rep = _report("dynamic", r)
    s1 = not (r.warn & lib.FRIC_FIT_WARN_SIGMA1)
    rep.sigma1_identifiable = s1
    if not s1:
        rep.warnings.append("sigma1 cannot be identified from this data (estimate %.4g +- %.3g N*s/m): the damping "
                            "force sigma1 dz/dt stays within the noise; record a faster small-amplitude motion; "
                            "sigma1 is written as %.4g" % (r.value[1], r.se[1], c.sigma1))
    _common_warnings(r, rep)
    keys = dict(model="lugre", fc=c.fc_pos, fs=c.fs_pos, vs=c.vs, delta=c.delta, sigma0=c.sigma0,
                sigma1=c.sigma1, sigma2=c.sigma2_pos, fc_neg=c.fc_neg, fs_neg=c.fs_neg, sigma2_neg=c.sigma2_neg)
    if c.vd > 0.0:
        keys["vmd"] = c.vd
    p = Params(**keys)
    p.fit = rep
    return p
