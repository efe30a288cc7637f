# SPDX-License-Identifier: Apache-2.0
"""fricore.sim: the stick-slip run of `fricore sim` (libfricore's fric_sim):
the JSON summary as a dict and the time history as numpy arrays."""
from __future__ import annotations

import math
from typing import Any, Dict, Mapping, Optional, Tuple, Union

import numpy as np

from ._lib import ffi, lib, ptr
from ._params import Params

__all__ = ["sim"]

#: the longest duration, s, without allow_long (as fricore sim)
MAX_DURATION = 30.0


def _default() -> Params:
    """The friction set of fricore sim without options: the library's
    Canudas de Wit (1995) LuGre set."""
    c = lib.fric_lugre_cfg_canudas1995()
    return Params(model="lugre", fc=c.fc_pos, fs=c.fs_pos, vs=c.vs, delta=c.delta, sigma0=c.sigma0,
                  sigma1=c.sigma1, sigma2=c.sigma2_pos, vmd=c.vd)


SERIES = ("t", "x", "v", "z", "F_f", "F_spring", "F_ext")


def _num(name: str, x: Any) -> float:
    try:
        v = float(x)
    except (TypeError, ValueError):
        raise TypeError("%s must be a number, got %r" % (name, x)) from None
    return v


def _nan_none(x: float) -> Optional[float]:
    return None if math.isnan(x) else x


def sim(params: Union[Params, Mapping[str, Any], None] = None, *, mass: float = 1.0, k: float = 2.0,
        vd: float = 0.1, force_amp: Optional[float] = None, force_freq: Optional[float] = None,
        x0: float = 0.0, v0: float = 0.0, z0: float = 0.0, duration: float = 20.0, dt: float = 1e-5,
        integrator: Optional[str] = None, stick_threshold: Optional[float] = None,
        slip_threshold: Optional[float] = None, min_slip_duration: Optional[float] = None, allow_long: bool = False,
        series: bool = True) -> Tuple[Dict[str, Any], Dict[str, np.ndarray]]:
    """Run the 1-DOF stick-slip plant of ``fricore sim``: a mass on a spring
    drawn at the support speed vd, against the friction set params (a
    Params, or a dict of its keys; None: the command's default LuGre set).

    Keywords are the command's options with '_' for '-'. Returns (summary,
    arrays): summary holds the keys of the command's JSON summary (model,
    peak_abs_friction_N, final, stick_threshold_m_per_s,
    slip_threshold_m_per_s, min_slip_duration_s, near_stick_fraction,
    velocity_reversals, stick_slip, chatter, passivity, energy, integration;
    an absent metric is None; the thresholds not given are the library's
    defaults from vs and dt); arrays holds the time history
    t, x, v, z, F_f, F_spring, F_ext (the columns of --csv), one element
    per sample (empty arrays when series is False). A bad value raises
    ValueError with the library's message."""
    if params is None:
        p = _default()
    elif isinstance(params, Params):
        p = params
    elif isinstance(params, Mapping):
        p = Params(**params)
    else:
        raise TypeError("params must be a fricore.Params, a dict of its keys or None, got %s" % type(params).__name__)
    if integrator not in (None, "rk4", "exact"):
        raise ValueError("integrator must be rk4 or exact, got %r" % (integrator,))
    if (force_amp is None) != (force_freq is None):
        given, need = ("force_amp", "force_freq") if force_freq is None else ("force_freq", "force_amp")
        raise ValueError("%s needs %s: the external force is A sin(2 pi f t), with A (force_amp, N) and f "
                         "(force_freq, Hz)" % (given, need))
    c = ffi.new("fric_sim_cfg_t *")
    lib.fric_sim_cfg_init(c)
    c.plant.mass = _num("mass", mass)
    c.plant.k = _num("k", k)
    c.plant.vd = _num("vd", vd)
    c.plant.force_amp = 0.0 if force_amp is None else _num("force_amp", force_amp)
    c.plant.force_freq = 0.0 if force_freq is None else _num("force_freq", force_freq)
    st = lib.fric_plant_check(ffi.addressof(c, "plant"))
    if st != lib.FRIC_OK:
        raise ValueError(ffi.string(lib.fric_status_message(st)).decode())
    duration = _num("duration", duration)
    dt = _num("dt", dt)
    if not duration > 0.0:
        raise ValueError("duration (simulated time, s) must be > 0, got %.6g" % duration)
    if not dt > 0.0:
        raise ValueError("dt (integration step, s) must be > 0, got %.6g" % dt)
    if dt > duration:
        raise ValueError("dt (integration step, s) must be <= duration (%.6g s), got %.6g" % (duration, dt))
    if duration > MAX_DURATION and not allow_long:
        raise ValueError("duration (simulated time, s) must be <= 30 (or give allow_long=True), got %.6g" % duration)
    if duration / dt > 1e10:
        raise ValueError("duration / dt must be <= 1e10 steps, got %.3g" % (duration / dt))
    if stick_threshold is not None and not _num("stick_threshold", stick_threshold) > 0.0:
        raise ValueError("stick_threshold (m/s) must be > 0, got %.6g" % float(stick_threshold))
    if slip_threshold is not None and not _num("slip_threshold", slip_threshold) > 0.0:
        raise ValueError("slip_threshold (m/s) must be > 0, got %.6g" % float(slip_threshold))
    if min_slip_duration is not None and not 0.0 <= _num("min_slip_duration", min_slip_duration) <= duration:
        raise ValueError("min_slip_duration (s) must be >= 0 and <= duration (%.6g s), got %.6g"
                         % (duration, float(min_slip_duration)))
    m = p._m
    if p.warning_bits & lib.FRIC_WARN_FS_BELOW_FC:
        s = m.stribeck
        raise ValueError("fs (static level, N) must be >= fc (Coulomb level) in each direction for sim, "
                         "got fs %.6g / %.6g, fc %.6g / %.6g" % (s.fs_pos, s.fs_neg, s.fc_pos, s.fc_neg))
    if not p.dynamic and p.model != "elastoplastic" and z0 != 0.0:
        raise ValueError("z0 (bristle deflection, m) applies to model dahl|lugre|elastoplastic only")
    c.contact = lib.fric_contact_model(m)
    # elasto-plastic and GMS run with the exact step only: it is their default
    if integrator is None:
        integrator = "exact" if c.contact.stepped else "rk4"
    if c.contact.stepped and integrator != "exact":
        raise ValueError(ffi.string(lib.fric_status_message(lib.FRIC_ERR_SIM_INTEGRATOR)).decode())
    c.x0, c.v0, c.z0 = _num("x0", x0), _num("v0", v0), _num("z0", z0)
    c.duration, c.dt = duration, dt
    c.stick = math.nan if stick_threshold is None else float(stick_threshold)
    c.slip = math.nan if slip_threshold is None else float(slip_threshold)
    c.slip_min = math.nan if min_slip_duration is None else float(min_slip_duration)
    lib.fric_sim_cfg_defaults(c)
    c.plot_points = 0
    if not c.slip > c.stick:
        raise ValueError("slip_threshold (m/s) must be > the stick threshold (stick_threshold, %.6g m/s), got %.6g"
                         % (c.stick, c.slip))
    st = lib.fric_sim_cfg_check(c)
    if st != lib.FRIC_OK:
        raise ValueError(ffi.string(lib.fric_status_message(st)).decode())
    stepper = ffi.new("fric_sim_stepper_t *", lib.fric_sim_builtin_stepper(
        c, lib.FRIC_SIM_EXACT if integrator == "exact" else lib.FRIC_SIM_RK4))
    n = int(round(duration / dt)) + 1 if series else 0
    arrays = {name: np.empty(n) for name in SERIES}
    out = ffi.NULL
    if series:
        out = ffi.new("fricore_py_series_t *")
        out.cap = n
        keep = [ptr(arrays[name]) for name in SERIES]
        out.t, out.x, out.v, out.z, out.f, out.fs, out.fe = keep
    r = ffi.new("fric_sim_result_t *")
    try:
        st = lib.fricore_py_sim_run(c, stepper, out, r)
        if st == lib.FRIC_ERR_SIM_DIVERGED:
            raise ValueError("%s; the inputs drive the run beyond the range of a double, or the step is too long "
                             "for rk4 (try integrator='exact' or a smaller dt)" % ffi.string(r.why).decode())
        if st != lib.FRIC_OK:
            raise ValueError(ffi.string(lib.fric_status_message(st)).decode())
        summary = _summary(p, c, stepper, r, dt)
    finally:
        lib.fric_sim_result_free(r)
    if series:
        got = int(r.steps) + 1
        arrays = {name: a[:got] for name, a in arrays.items()}
    return summary, arrays


def _summary(p: Params, c: Any, stepper: Any, r: Any, dt: float) -> Dict[str, Any]:
    mm = ffi.new("double[]", lib.FRIC_NMETRICS)
    lib.fric_sim_metrics(c, r, mm)
    d: Dict[str, Any] = {"model": p.model, "peak_abs_friction_N": mm[lib.FRIC_M_PEAK_F],
                         "final": {"t_s": r.final.t, "x_m": mm[lib.FRIC_M_X], "v_m_per_s": mm[lib.FRIC_M_V],
                                   "z_m": mm[lib.FRIC_M_Z], "friction_N": mm[lib.FRIC_M_F]},
                         "stick_threshold_m_per_s": c.stick, "slip_threshold_m_per_s": c.slip,
                         "min_slip_duration_s": c.slip_min,
                         "near_stick_fraction": mm[lib.FRIC_M_STICK_FRAC],
                         "velocity_reversals": int(r.reversals)}
    ss = ffi.new("fric_sim_stick_slip_t *")
    lib.fric_sim_stick_slip(c, r, ss)
    if ss.present:
        d["stick_slip"] = {"present": True, "slips": int(r.onsets), "period_s": mm[lib.FRIC_M_PERIOD],
                           "friction_peak_to_peak_N": mm[lib.FRIC_M_F_P2P],
                           "peak_abs_velocity_m_per_s": mm[lib.FRIC_M_PEAK_V]}
    else:
        d["stick_slip"] = {"present": False, "slips": int(r.onsets), "cause": ffi.string(ss.cause).decode()}
    d["chatter"] = {"count": int(ss.chatter), "amplitude_m_per_s": ss.chatter_v,
                    "short_excursions": int(ss.short_slips), "stick_dt_max_s": _nan_none(ss.stick_dt_max),
                    "note": ffi.string(ss.chatter_note).decode()}
    pa = lib.fric_sim_passivity(ffi.addressof(c, "contact"))
    d["passivity"] = {"condition": ffi.string(pa.condition).decode(), "margin_N_s_per_m": _nan_none(pa.margin),
                      "met": bool(pa.met), "reference": ffi.string(pa.reference).decode(),
                      "meaning": ffi.string(pa.meaning).decode()}
    dke, res = lib.fric_sim_dke(c, r), lib.fric_sim_residual(c, r)
    q = abs(res) / abs(r.w_in) if r.w_in != 0.0 else math.inf
    d["energy"] = {"input_work_J": r.w_in, "friction_work_J": r.w_f, "kinetic_energy_change_J": dke,
                   "residual_J": res, "relative_residual": q if math.isfinite(q) else None}
    d["integration"] = {"method": ffi.string(stepper.method).decode(), "dt_s": dt, "steps": int(r.steps),
                        "wall_time_s": r.wall}
    return d
