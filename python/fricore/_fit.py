# SPDX-License-Identifier: Apache-2.0
"""fit_static and fit_dynamic: libfricore's MINPACK fits (fric_fit.h) over
numpy arrays, returning a Params with the fit's report (FitReport)."""
from __future__ import annotations

import math
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

from ._lib import FricoreError, ffi, in_array, lib, ptr
from ._params import FitReport, Params

__all__ = ["fit_static", "fit_dynamic", "fit_compare", "fit_reduce", "sg_velocity"]

_ERR_DATA = -1
_ERR_OPTION = -4
_LOSS = {"l2": "FRIC_FIT_LOSS_L2", "soft_l1": "FRIC_FIT_LOSS_SOFT_L1", "huber": "FRIC_FIT_LOSS_HUBER"}


def _bounds(bound: Optional[Mapping[str, Tuple[float, float]]], fix: Optional[Mapping[str, float]]) -> Tuple[Any, Any, int]:
    """fric_fit_bound_t[] of bound={"delta": (1, 3)} (None for an open side) and fix={"fs": 1.2};
    returns the array, the name strings it points to (kept alive) and the count."""
    items: List[Tuple[str, float, float]] = []
    for name, (lo, hi) in (bound or {}).items():
        items.append((name, -math.inf if lo is None else float(lo), math.inf if hi is None else float(hi)))
    for name, x in (fix or {}).items():
        if name in (bound or {}):
            raise ValueError("bound/fix: %s is named twice" % name)
        items.append((name, float(x), float(x)))
    names = [ffi.new("char[]", n.encode()) for n, _, _ in items]
    arr = ffi.new("fric_fit_bound_t[]", max(1, len(items)))
    for i, (_, lo, hi) in enumerate(items):
        arr[i].name = names[i]
        arr[i].lo = lo
        arr[i].hi = hi
    return arr, names, len(items)


def _check_converged(r: Any, accept: bool) -> None:
    at = [ffi.string(r.name[j]).decode() for j in range(r.np) if r.at_bound[j]]
    if accept or (r.converged and not at):
        return
    raise FricoreError("the fit %s%s%s%s (accept_unconverged=True returns it with fit.converged and fit.at_bound)" % (
        "" if r.converged else "did not converge", " and " if not r.converged and at else "",
        "ended on a bound: " if at else "", ", ".join(at)))


def _report(kind: str, r: Any) -> FitReport:
    rep = FitReport(kind, int(r.m), float(r.rms), int(r.rank), int(r.nfev))
    rep.converged = bool(r.converged)
    for j in range(r.np):
        name = ffi.string(r.name[j]).decode()
        if r.at_bound[j]:
            rep.at_bound.append(name)
        if r.fixed[j]:
            rep.fixed.append(name)
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
        if r.rounds >= lib.FRIC_FIT_IRLS_MAX:
            rep.warnings.append("the reweighting did not settle in %d rounds" % r.rounds)
        else:
            rep.warnings.append("the solver stopped at its evaluation limit (%d) before converging" % r.nfev)
    for j in range(r.np):
        if r.at_bound[j]:
            rep.warnings.append("%s ended on its bound at %.6g (range [%.6g, %.6g])" % (
                ffi.string(r.name[j]).decode(), r.value[j], r.bound_lo[j], r.bound_hi[j]))


def _finite(r: Any) -> bool:
    return all(math.isfinite(r.value[j]) for j in range(r.np)) and math.isfinite(r.rms)


def _done(rc: int, r: Any) -> None:
    why = ffi.string(r.why).decode()
    if rc in (_ERR_DATA, _ERR_OPTION):
        raise ValueError(why)
    if rc != 0 or not _finite(r):
        raise FricoreError("the fit failed: %s" % (why if rc else "a result is not finite"))


def fit_static(v: Any, F: Any, *, asymmetric: bool = False, vs_per_direction: bool = False, fit_delta: bool = False,
               delta: float = 2.0, bound: Optional[Mapping[str, Tuple[Optional[float], Optional[float]]]] = None,
               fix: Optional[Mapping[str, float]] = None, loss: str = "l2", loss_scale: float = 0.0,
               weights: Any = None, accept_unconverged: bool = False) -> Params:
    """Fit the steady-state curve F_ss(v) = g(v) sgn(v) + sigma2 v to
    constant-velocity runs (v in m/s, F in N), as ``fricore fit static``:
    fc, fs (N), vs (m/s), sigma2 (N*s/m), delta when fit_delta, the v < 0
    levels when asymmetric (and vs_neg, the v < 0 Stribeck velocity, when
    vs_per_direction too). Rows at v = 0 are left out. bound={"delta": (1,
    3)} narrows a parameter's physical range (None: that side stays), fix={"fs":
    1.2} holds one; loss "soft_l1" or "huber" down-weights outliers
    (loss_scale in N, 0: from the residuals); weights (1 / variance per row,
    for example 1 / F_sd^2 of fit_reduce's points). A fit that did not
    converge or ended on a bound raises FricoreError unless
    accept_unconverged. Returns a stribeck Params whose .fit holds the
    standard errors, 95 % intervals, at_bound, fixed and warnings."""
    x = in_array(v, "v")
    f = in_array(F, "F")
    if len(x) != len(f):
        raise ValueError("v and F must have the same length, got %d and %d" % (len(x), len(f)))
    if vs_per_direction and not asymmetric:
        raise ValueError("vs_per_direction fits a vs for each direction: it needs asymmetric")
    if fit_delta and delta != 2.0:
        raise ValueError("delta holds delta fixed; it does not go with fit_delta")
    if not delta > 0.0 or not math.isfinite(delta):
        raise ValueError("delta (Stribeck exponent) must be finite and > 0, got %.6g" % delta)
    if loss not in _LOSS:
        raise ValueError("loss must be one of l2, soft_l1, huber, got %r" % (loss,))
    if not (loss_scale >= 0.0 and math.isfinite(loss_scale)):
        raise ValueError("loss_scale must be finite and >= 0 (N), got %.6g" % loss_scale)
    w = None
    if weights is not None:
        w = in_array(weights, "weights")
        if len(w) != len(x):
            raise ValueError("weights must have the length of v, got %d and %d" % (len(w), len(x)))
    arr, names, nb = _bounds(bound, fix)
    o = ffi.new("fric_fit_static_opts_t *", {"asymmetric": asymmetric, "vs_per_direction": vs_per_direction,
                                             "fit_delta": fit_delta, "delta": delta,
                                             "loss": getattr(lib, _LOSS[loss]), "loss_scale": loss_scale,
                                             "bounds": arr, "nbounds": nb})
    if w is not None:
        o.weight = ptr(w)
    c = ffi.new("fric_stribeck_cfg_t *")
    r = ffi.new("fric_fit_report_t *")
    rc = lib.fric_fit_static(ptr(x), ptr(f), len(x), o, c, r)
    del names
    _done(rc, r)
    _check_converged(r, accept_unconverged)
    rep = _report("static", r)
    if r.warn & lib.FRIC_FIT_WARN_NO_LOW_V:
        rep.warnings.append("no data below 3 vs = %.4g m/s (the slowest |v| is %.4g m/s): fs and vs are not "
                            "identifiable; add slower runs" % (3.0 * c.vs, r.v_low))
    _common_warnings(r, rep)
    keys = dict(model="stribeck", fc=c.fc_pos, fs=c.fs_pos, vs=c.vs, delta=c.delta, sigma2=c.b_pos)
    if asymmetric:
        keys.update(fc_neg=c.fc_neg, fs_neg=c.fs_neg, sigma2_neg=c.b_neg)
    if vs_per_direction:
        keys["vs_neg"] = c.vs_neg
    p = Params(**keys)
    p.fit = rep
    return p


def fit_dynamic(t: Any, v: Any, F: Any, params: Params, *, fit_sigma2: bool = False,
                bound: Optional[Mapping[str, Tuple[Optional[float], Optional[float]]]] = None,
                fix: Optional[Mapping[str, float]] = None, accept_unconverged: bool = False) -> Params:
    """Fit sigma0 (N/m) and sigma1 (N*s/m) (and sigma2 when fit_sigma2) of
    the LuGre model to a record: times t (s, increasing), velocities v
    (m/s), forces F (N), as ``fricore fit dynamic``; params (a static fit,
    or a LuGre set) holds the steady state. Returns a lugre Params whose
    .fit holds the report (the initial bristle force f0 is fitted too).
    bound, fix and accept_unconverged as for fit_static (sigma0, sigma1,
    sigma2, f0)."""
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
        "vs_neg": s.vs_neg, "delta": s.delta, "sigma0": 0.0, "sigma1": 0.0, "sigma2_pos": s.b_pos, "sigma2_neg": s.b_neg,
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
    arr, names, nb = _bounds(bound, fix)
    o = ffi.new("fric_fit_dynamic_opts_t *", {"fit_sigma2": fit_sigma2, "bounds": arr, "nbounds": nb})
    c = ffi.new("fric_lugre_cfg_t *")
    r = ffi.new("fric_fit_report_t *")
    rc = lib.fric_fit_dynamic(ptr(tt), ptr(x), ptr(f), len(tt), base, o, c, r)
    del names
    _done(rc, r)
    rep = _report("dynamic", r)
    s1 = not (r.warn & lib.FRIC_FIT_WARN_SIGMA1)
    rep.sigma1_identifiable = s1
    _check_converged(r, accept_unconverged)
    if not s1:
        rep.warnings.append("sigma1 cannot be identified from this data (estimate %.4g +- %.3g N*s/m): the damping "
                            "force sigma1 dz/dt stays within the noise; record a faster small-amplitude motion; "
                            "sigma1 is written as %.4g" % (r.value[1], r.se[1], c.sigma1))
    _common_warnings(r, rep)
    keys = dict(model="lugre", fc=c.fc_pos, fs=c.fs_pos, vs=c.vs, delta=c.delta, sigma0=c.sigma0,
                sigma1=c.sigma1, sigma2=c.sigma2_pos, fc_neg=c.fc_neg, fs_neg=c.fs_neg, sigma2_neg=c.sigma2_neg)
    if c.vs_neg != c.vs:
        keys["vs_neg"] = c.vs_neg
    if c.vd > 0.0:
        keys["vmd"] = c.vd
    p = Params(**keys)
    p.fit = rep
    return p


def sg_velocity(t: Any, x: Any, *, window: int = 9, midpoint: bool = False) -> np.ndarray:
    """Velocities (m/s) from positions x (m) at times t (s, increasing): the
    slope of a local quadratic least-squares fit to the window samples
    nearest each sample time (or each step's midpoint, v[0] = v[1]), as
    fricore fit reduce and fit dynamic --sg-window compute them
    (fric_reduce.h)."""
    tt = in_array(t, "t")
    xx = in_array(x, "x")
    if len(tt) != len(xx):
        raise ValueError("t and x must have the same length, got %d and %d" % (len(tt), len(xx)))
    v = np.empty(len(tt))
    why = ffi.new("char[200]")
    rc = lib.fric_sg_velocity(ptr(tt), ptr(xx), len(tt), int(window), bool(midpoint), ptr(v), why, 200)
    if rc != 0:
        raise ValueError(ffi.string(why).decode())
    return v


def fit_reduce(t: Any, y: Any, F: Any, *, position: bool = False, **opts: Any) -> Dict[str, np.ndarray]:
    """The steady-state points of a log, as fricore fit reduce: rows (t, y,
    F) with y the velocity (m/s), or the position (m) when position. opts
    are fric_reduce_opts_t's fields (window, tol_rel, tol_abs, gap,
    min_samples, drop_start, drop_end, v_min, mean). Returns arrays v, F,
    F_sd, n, first, last (the steady windows' rows)."""
    tt, yy, ff = in_array(t, "t"), in_array(y, "y"), in_array(F, "F")
    if not len(tt) == len(yy) == len(ff):
        raise ValueError("t, y and F must have the same length, got %d, %d and %d" % (len(tt), len(yy), len(ff)))
    o = lib.fric_reduce_defaults()
    for k, val in opts.items():
        if not hasattr(o, k):
            raise TypeError("fit_reduce: unknown option %r" % k)
        setattr(o, k, val)
    po = ffi.new("fric_reduce_opts_t *", o)
    why = ffi.new("char[200]")
    n = ffi.new("size_t *")
    rc = lib.fric_reduce(ptr(tt), ptr(yy), ptr(ff), len(tt), bool(position), po, ffi.NULL, 0, n, why, 200)
    if rc == 0:
        out = ffi.new("fric_reduce_point_t[]", max(1, n[0]))
        rc = lib.fric_reduce(ptr(tt), ptr(yy), ptr(ff), len(tt), bool(position), po, out, n[0], n, why, 200)
    if rc != 0:
        raise ValueError(ffi.string(why).decode())
    pts = [out[i] for i in range(n[0])]
    return {"v": np.array([p.v for p in pts]), "F": np.array([p.f for p in pts]),
            "F_sd": np.array([p.f_sd for p in pts]), "n": np.array([p.n for p in pts], dtype=np.int64),
            "first": np.array([p.first for p in pts], dtype=np.int64),
            "last": np.array([p.last for p in pts], dtype=np.int64)}


def fit_compare(v: Any, F: Any, *, bound: Optional[Mapping[str, Tuple[Optional[float], Optional[float]]]] = None,
                weights: Any = None) -> Dict[str, Any]:
    """fricore fit static --compare over arrays (fric_fit_compare()): every
    variant of the steady-state curve (symmetric or asymmetric, one vs or a
    vs per direction, delta 1, 2 or free) by least squares under weights
    and bound. Returns {"variants": [one dict per variant: name, k, rms, aic,
    bic, converged, usable, at_bound, the parameters], "best_aic",
    "best_bic", "hw_best", "hw_free" (variant names or None),
    "free_rms_gain", "free_bic_gain", "free_max_diff"}."""
    x = in_array(v, "v")
    f = in_array(F, "F")
    if len(x) != len(f):
        raise ValueError("v and F must have the same length, got %d and %d" % (len(x), len(f)))
    w = None
    if weights is not None:
        w = in_array(weights, "weights")
        if len(w) != len(x):
            raise ValueError("weights must have the length of v, got %d and %d" % (len(w), len(x)))
    arr, names, nb = _bounds(bound, None)
    o = ffi.new("fric_fit_static_opts_t *", {"bounds": arr, "nbounds": nb})
    if w is not None:
        o.weight = ptr(w)
    c = ffi.new("fric_fit_compare_t *")
    rc = lib.fric_fit_compare(ptr(x), ptr(f), len(x), o, c)
    del names
    if rc != 0:
        why = ffi.string(c.row[0].rep.why).decode()
        if rc in (_ERR_DATA, _ERR_OPTION):
            raise ValueError(why)
        raise FricoreError("the comparison failed: %s" % why)
    variants = []
    for i in range(lib.FRIC_FIT_NVARIANTS):
        vr, row = lib.fric_fit_variants[i], c.row[i]
        d: Dict[str, Any] = {"name": ffi.string(vr.name).decode()}
        if row.status != 0:
            d["error"] = ffi.string(row.rep.why).decode()
        else:
            r = row.rep
            d.update(k=row.k, rms=r.rms, aic=row.aic, bic=row.bic, converged=bool(r.converged),
                     usable=bool(row.usable),
                     at_bound=[ffi.string(r.name[j]).decode() for j in range(r.np) if r.at_bound[j]],
                     fc=row.cfg.fc_pos, fs=row.cfg.fs_pos, sigma2=row.cfg.b_pos, vs=row.cfg.vs, delta=row.cfg.delta)
            if vr.asymmetric:
                d.update(fc_neg=row.cfg.fc_neg, fs_neg=row.cfg.fs_neg, sigma2_neg=row.cfg.b_neg)
            if vr.vs_per_direction:
                d["vs_neg"] = row.vs_neg
        variants.append(d)

    def name(i: int) -> Optional[str]:
        return variants[i]["name"] if i >= 0 else None
    return {"variants": variants, "best_aic": name(c.best_aic), "best_bic": name(c.best_bic),
            "hw_best": name(c.hw_best), "hw_free": name(c.hw_free), "free_rms_gain": c.free_rms_gain,
            "free_bic_gain": c.free_bic_gain, "free_max_diff": c.free_max_diff}
