# SPDX-License-Identifier: Apache-2.0
"""fricore.servo: the servo axis of `fricore servo` (libfricore's
fric_servo): the JSON summary as a dict and every sample as numpy arrays."""
from __future__ import annotations

import math
import os
import re
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ._lib import WHY_LEN, ffi, lib, ptr
from ._params import Params

__all__ = ["servo"]

SERIES = ("t", "theta_ref", "theta", "omega_ref", "omega", "omega_meas", "error", "u", "friction", "estimate")
#: the columns of the friction parameters: the machine's (true) and the compensator's (estimated)
PARAM_SERIES = ("fc", "fc_hat", "fs", "fs_hat", "sigma2", "sigma2_hat")
#: the drifting parameters, in the library's order (FRIC_SERVO_PAR_FC .. SIGMA2)
_PAR = ("fc", "fs", "sigma2")

_COMP = {"none": "FRIC_SERVO_COMP_NONE", "coulomb": "FRIC_SERVO_COMP_COULOMB",
         "stribeck": "FRIC_SERVO_COMP_STRIBECK", "lugre": "FRIC_SERVO_COMP_LUGRE",
         "elastoplastic": "FRIC_SERVO_COMP_ELASTOPLASTIC", "gms": "FRIC_SERVO_COMP_GMS",
         "lugre-adaptive": "FRIC_SERVO_COMP_LUGRE_ADAPTIVE", "lugre-oracle": "FRIC_SERVO_COMP_LUGRE_ORACLE"}
_ARITH = {"double": "FRIC_SERVO_ARITH_DOUBLE", "fixed": "FRIC_SERVO_ARITH_FIXED"}
_REF = {"sine": "FRIC_SERVO_REF_SINE", "step": "FRIC_SERVO_REF_STEP", "ramp": "FRIC_SERVO_REF_RAMP",
        "csv": "FRIC_SERVO_REF_TRAJECTORY"}
_FLAGS = ("F_SAT", "MAG_NEG", "G_SAT", "S1_SAT", "W_SAT", "V_SAT", "ENC_SAT")

#: the keywords that set a number of the axis (fric_servo_cfg_t's field of the same name)
_NUMBERS = ("inertia", "load_damping", "compliance", "load_inertia", "compliance_damping", "substeps", "ts",
            "counts_per_rev", "v_max", "bandwidth", "kp", "kv", "ki", "u_max", "amplitude", "frequency", "period",
            "rise_time", "speed", "duration", "stick_threshold", "lc_window", "f_max")
#: the thermal model's names (fric_servo_thermal_t's fields; fc, fs, sigma2 its temperature coefficients)
_THERMAL = ("c", "r", "ambient", "t0", "fc", "fs", "sigma2")
#: the adaptation law's keywords (fric_servo_adapt_t's fields), besides adapt, adapt_bounds and adapt_sigma2
_ADAPT = {"adapt_rate": "rate", "adapt_gain": "gain", "adapt_slew": "slew", "adapt_dead_zone": "dead_zone",
          "adapt_gate": "v_gate"}

Drift = Mapping[str, Union[float, Sequence[float], np.ndarray]]


def _choice(name: str, value: str, table: Dict[str, str]) -> int:
    if value not in table:
        raise ValueError("%s must be %s, got %r" % (name, "|".join(table), value))
    return int(getattr(lib, table[value]))


def _nan_none(x: float) -> Optional[float]:
    return None if math.isnan(x) else x


def _number(name: str, v: Any) -> float:
    if isinstance(v, bool):
        raise TypeError("%s must be a number, got %r" % (name, v))
    try:
        return float(v)
    except (TypeError, ValueError):
        raise TypeError("%s must be a number, got %r" % (name, v)) from None


# a decimal number as the command reads it (strtod's decimal form)
_NUM = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def _csv_number(s: str) -> Optional[float]:
    """A finite, normal (or zero) decimal number, as `fricore servo` reads a CSV field; None otherwise."""
    s = s.strip(" \t\r\n\v\f")
    if not _NUM.match(s):
        return None
    x = float(s)
    if not math.isfinite(x):
        return None
    if x != 0.0 and abs(x) < 2.2250738585072014e-308:
        return None
    if x == 0.0 and re.search(r"[1-9]", s.split("e")[0].split("E")[0]):
        return None  # underflow to zero
    return x


def _read_trajectory(path: str) -> Tuple[np.ndarray, np.ndarray]:
    """Read a trajectory file as `fricore servo --trajectory` does: "t,theta" per line, '#' comments and blank
    lines skipped, the header "t,theta" allowed on the first line that is neither, t strictly increasing, at least
    two points; a bad file raises ValueError with the command's message."""
    try:
        fh = open(path, "r", newline="")
    except OSError as e:
        raise ValueError("trajectory %s: cannot open: %s" % (path, e.strerror)) from None
    t: list = []
    x: list = []
    started = False
    with fh:
        for no, line in enumerate(fh, 1):
            p = line.lstrip(" \t")
            if p == "" or p[0] in "#\n\r":
                continue
            first = not started
            started = True
            if "," in p:
                a, b = p.split(",", 1)
                b = b.split("\r")[0].split("\n")[0]
            else:
                a, b = p, None
            if first and b is not None and a.strip(" \t") == "t" and b.strip(" \t") == "theta":
                continue
            ta = _csv_number(a) if b is not None else None
            xb = _csv_number(b) if b is not None else None
            if ta is None or xb is None:
                raise ValueError("trajectory %s line %d: expected two finite numbers t,theta (s, rad)%s"
                                 % (path, no, ", or the header t,theta" if first else ""))
            if t and not ta > t[-1]:
                raise ValueError("trajectory %s line %d: t must increase strictly, got %.9g after %.9g"
                                 % (path, no, ta, t[-1]))
            if len(t) == int(lib.FRIC_SERVO_MAX_TRAJ):
                raise ValueError("trajectory %s: more than %d points" % (path, int(lib.FRIC_SERVO_MAX_TRAJ)))
            t.append(ta)
            x.append(xb)
    if len(t) < 2:
        raise ValueError("trajectory %s: needs at least 2 points t,theta, got %d" % (path, len(t)))
    return np.array(t, dtype=np.float64), np.array(x, dtype=np.float64)


def _trajectory(c: Any, trajectory: Any, keep: list) -> None:
    """Set c.traj_* from a file (as --trajectory) or a pair (t, theta) of sequences."""
    if isinstance(trajectory, (str, os.PathLike)):
        t, x = _read_trajectory(os.fspath(trajectory))
    else:
        try:
            t_in, x_in = trajectory
            t = np.ascontiguousarray(t_in, dtype=np.float64)
            x = np.ascontiguousarray(x_in, dtype=np.float64)
        except (TypeError, ValueError):
            raise ValueError("trajectory: expected a file name or a pair (t, theta) of sequences of numbers") from None
        if t.ndim != 1 or x.ndim != 1 or len(t) != len(x):
            raise ValueError("trajectory: t and theta must be 1-D sequences of the same length, got %s and %s"
                             % (t.shape, x.shape))
    keep += [t, x]
    c.traj_t = ptr(t)
    c.traj_x = ptr(x)
    c.traj_n = len(t)


def _thermal(c: Any, thermal: Mapping[str, float]) -> None:
    """Set c.thermal from a dict of c, r, ambient, t0, fc, fs, sigma2 (any left out: the command's default)."""
    if not isinstance(thermal, Mapping):
        raise TypeError("thermal must be a dict of %s (each optional), got %s" % (", ".join(_THERMAL),
                                                                              type(thermal).__name__))
    c.thermal.on = True
    for k, v in thermal.items():
        if k not in _THERMAL:
            raise ValueError("thermal: %r is not a thermal constant (%s)" % (k, ", ".join(_THERMAL)))
        x = _number("thermal %s" % k, v)
        if k in _PAR:
            c.thermal.k[_PAR.index(k)] = x
        else:
            setattr(c.thermal, k, x)


def _drift(c: Any, drift: Drift, keep: list) -> None:
    """Set c.drift from a ramp {name: multiplier at the end} or a profile
    {"t": times, name: multipliers, ...}; the arrays the profile points to
    are appended to keep (the library reads them during the run)."""
    if not isinstance(drift, Mapping):
        raise TypeError("drift must be a dict (NAME: multiplier, or a profile t: times, NAME: multipliers), got %s"
                        % type(drift).__name__)
    names = [k for k in drift if k != "t"]
    for k in names:
        if k not in _PAR:
            raise ValueError("drift: %r is not a drifting parameter (fc, fs, sigma2)" % (k,))
    if not names:
        raise ValueError("drift: expected at least one of fc, fs, sigma2")
    if "t" not in drift:
        for k in names:
            m = _number("drift %s" % k, drift[k])
            if not math.isfinite(m):
                raise ValueError("drift %s: the multiplier must be a finite number, got %r" % (k, m))
            c.drift.end[_PAR.index(k)] = m
        return
    cols = {}
    for k in ["t"] + names:
        try:
            a = np.ascontiguousarray(drift[k], dtype=np.float64)
        except (TypeError, ValueError):
            raise ValueError("drift profile %s: expected a sequence of numbers" % k) from None
        if a.ndim != 1:
            raise ValueError("drift profile %s: expected a 1-D sequence of numbers, got %d dimensions" % (k, a.ndim))
        cols[k] = a
    n = len(cols["t"])
    for k in names:
        if len(cols[k]) != n:
            raise ValueError("drift profile %s: %d values for %d times (t)" % (k, len(cols[k]), n))
    if n > int(lib.FRIC_SERVO_MAX_TRAJ):
        raise ValueError("drift profile: must hold 2 .. %d points, got %d" % (int(lib.FRIC_SERVO_MAX_TRAJ), n))
    keep.extend(cols.values())
    c.drift.prof_t = ptr(cols["t"])
    c.drift.prof_n = n
    for k in names:
        c.drift.prof_m[_PAR.index(k)] = ptr(cols[k])


def servo(machine: Optional[Params] = None, *, compensation: str = "none", comp_params: Optional[Params] = None,
          comp_arith: str = "double", reference: str = "sine", width: int = 16, no_accel_ff: bool = False,
          drift: Optional[Drift] = None, thermal: Optional[Mapping[str, float]] = None,
          trajectory: Any = None, adapt: Optional[Union[str, Sequence[str]]] = None,
          adapt_bounds: Optional[Tuple[float, float]] = None, adapt_sigma2: Optional[bool] = None,
          series: bool = True,
          **numbers: float) -> Tuple[Dict[str, Any], Dict[str, np.ndarray]]:
    """Run the servo axis of ``fricore servo``: a rigid or compliant axis
    with the machine's friction (machine: a LuGre, elastoplastic or gms
    Params; None: the command's default, the Canudas de Wit (1995) LuGre
    set), an encoder, a cascaded P + PI controller and a friction
    compensator (compensation none|coulomb|stribeck|lugre|lugre-adaptive|
    lugre-oracle|elastoplastic|gms, its set comp_params, a Params, by
    default the machine's set as the mode reads it; comp_arith double|fixed,
    double only for lugre-oracle).

    drift: the machine's drift, as `--drift` a dict of the multipliers of
    fc, fs and sigma2 reached at the end of the run (a linear ramp), or as
    `--drift-profile` a dict with "t" (times, s) and the multipliers of each
    name at those times. thermal: the machine's thermal model, as
    `--thermal`, a dict of c (heat capacity, J/K), r (thermal resistance,
    K/W), ambient and t0 (degC) and the temperature coefficients fc, fs,
    sigma2 (1/K), each optional ({} takes every default). The adaptation
    law of lugre-adaptive takes adapt (the parameters estimated, as
    `--adapt`: "fc,fs,sigma2", the default, or "fc,fs", a string or a
    sequence of names), adapt_rate, adapt_gain, adapt_bounds (LO, HI),
    adapt_slew, adapt_dead_zone, adapt_gate and adapt_sigma2 (True: the
    same as the default).

    reference "csv" follows trajectory: a file of t,theta lines read as
    `--trajectory` reads it, or a pair (t, theta) of sequences.

    The other keywords are the command's options with '_' for '-':
    reference (sine|step|ramp|csv), amplitude, frequency, period, rise_time,
    speed, duration, ts, inertia, load_damping, compliance, load_inertia,
    compliance_damping, substeps, counts_per_rev, width, v_max, f_max,
    bandwidth, kp, kv, ki, u_max, no_accel_ff, stick_threshold, lc_window;
    a keyword left out takes the command's default.

    Returns (summary, arrays): summary holds the keys of the command's JSON
    summary (an absent figure is None); arrays the columns of its --csv
    (t, theta_ref, theta, omega_ref, omega, omega_meas, error, u, friction,
    estimate; with a drift or a LuGre adaptive or oracle compensator also
    fc, fc_hat, fs, fs_hat, sigma2, sigma2_hat, the machine's parameters and
    the compensator's), one element per sample (empty when series is
    False); with those, the summary holds "parameters" (the true and
    estimated parameters at 11 times) and, for lugre-adaptive,
    "adaptation" (its settings, the windows that moved an estimate and the
    sets committed). A bad value raises ValueError with the library's
    message or one that names the keyword."""
    c = ffi.new("fric_servo_cfg_t *", lib.fric_servo_defaults())
    if machine is not None:
        if not isinstance(machine, Params):
            raise TypeError("machine must be a fricore.Params (a LuGre, elastoplastic or gms set) or None, got %s"
                            % type(machine).__name__)
        if machine.model not in ("lugre", "elastoplastic", "gms"):
            raise ValueError("machine: the servo's machine friction is a LuGre, elasto-plastic or GMS set (model "
                             "lugre|elastoplastic|gms), got model %s" % machine.model)
        c.machine = machine._m[0]
    c.comp_kind = _choice("compensation", compensation, _COMP)
    c.arith = _choice("comp_arith", comp_arith, _ARITH)
    c.ref = _choice("reference", reference, _REF)
    if width not in (16, 18):
        raise ValueError("width (datapath width, bits) must be 16 or 18, got %r" % (width,))
    c.width = width
    c.accel_ff = not no_accel_ff
    adaptive = compensation == "lugre-adaptive"
    for k, v in numbers.items():
        if k in _ADAPT:
            if not adaptive:
                raise ValueError("%s applies only with compensation lugre-adaptive" % k)
            setattr(c.adapt, _ADAPT[k], _number(k, v))
            continue
        if k not in _NUMBERS:
            raise TypeError("servo() got an unexpected keyword argument %r" % k)
        setattr(c, k, _number(k, v))
    for name, v in (("adapt", adapt), ("adapt_bounds", adapt_bounds), ("adapt_sigma2", adapt_sigma2)):
        if v is not None and not adaptive:
            raise ValueError("%s applies only with compensation lugre-adaptive" % name)
    if adapt_bounds is not None:
        try:
            lo, hi = adapt_bounds
        except (TypeError, ValueError):
            raise ValueError("adapt_bounds: expected (LO, HI), two numbers, got %r" % (adapt_bounds,)) from None
        c.adapt.lo, c.adapt.hi = _number("adapt_bounds LO", lo), _number("adapt_bounds HI", hi)
    if adapt is not None and adapt_sigma2 is not None:
        raise ValueError("adapt and adapt_sigma2 exclude each other: give one")
    if adapt_sigma2 is not None:
        c.adapt.sigma2 = bool(adapt_sigma2)
    if adapt is not None:
        names = adapt.split(",") if isinstance(adapt, str) else list(adapt)
        for n in names:
            if n not in _PAR:
                raise ValueError("adapt: unknown parameter %r in %r (the names are fc, fs and sigma2)" % (n, adapt))
            if names.count(n) > 1:
                raise ValueError("adapt: %s given twice in %r" % (n, adapt))
        if "fc" not in names or "fs" not in names:
            raise ValueError("adapt must name fc and fs together (the law scales both by one multiplier), got %r"
                             % (adapt,))
        c.adapt.sigma2 = "sigma2" in names
    keep: list = []
    if reference == "csv":
        if trajectory is None:
            raise ValueError("reference csv needs trajectory (a file of t,theta lines, or (t, theta))")
        _trajectory(c, trajectory, keep)
    elif trajectory is not None:
        raise ValueError("trajectory applies only with reference csv")
    if thermal is not None:
        _thermal(c, thermal)
    if drift is not None:
        _drift(c, drift, keep)
    if comp_params is not None:
        if compensation == "none":
            raise ValueError("comp_params needs a compensator (compensation coulomb|stribeck|lugre|lugre-adaptive|lugre-oracle|elastoplastic|gms)")
        if not isinstance(comp_params, Params):
            raise TypeError("comp_params must be a fricore.Params or None, got %s" % type(comp_params).__name__)
        c.comp = comp_params._m[0]
    else:
        c.comp = lib.fric_servo_comp_model(c.comp_kind, ffi.addressof(c, "machine"))
    why = ffi.new("char[]", WHY_LEN)
    st = lib.fric_servo_prepare(c, why, WHY_LEN)
    if st != lib.FRIC_OK:
        raise ValueError(ffi.string(why).decode() or ffi.string(lib.fric_status_message(st)).decode())
    n = int(math.floor(c.duration / c.ts)) + 2 if series else 0
    names = SERIES + (PARAM_SERIES if _show_params(c) else ())
    arrays = {name: np.empty(n) for name in names}
    out = ffi.NULL
    if series:
        out = ffi.new("fricore_py_servo_series_t *")
        out.cap = n
        for i, name in enumerate(names):
            out.c[i] = ptr(arrays[name])
    r = ffi.new("fric_servo_result_t *")
    m = ffi.new("fric_servo_metrics_t *")
    try:
        st = lib.fricore_py_servo_run(c, out, r)
        if st != lib.FRIC_OK:
            raise ValueError(ffi.string(r.why).decode() or ffi.string(lib.fric_status_message(st)).decode())
        if lib.fric_servo_metrics(c, r, m) != lib.FRIC_OK:
            raise ValueError(ffi.string(m.why).decode())
        summary = _summary(c, r, m)
        got = int(r.n)
    finally:
        lib.fric_servo_result_free(r)
    if series:
        arrays = {name: a[:got] for name, a in arrays.items()}
    return summary, arrays


def _show_params(c: Any) -> bool:
    """The friction parameters are shown (as by the command) when the
    machine drifts or the compensator adapts or is the oracle."""
    return bool(lib.fric_servo_drifting(c)) or c.comp_kind in (lib.FRIC_SERVO_COMP_LUGRE_ADAPTIVE,
                                                                lib.FRIC_SERVO_COMP_LUGRE_ORACLE)


def _params(c: Any, r: Any) -> Dict[str, Any]:
    par = lambda row: {name: _nan_none(row[i]) for i, name in enumerate(_PAR)}
    thermal = bool(c.thermal.on)

    def point(j: int) -> Dict[str, Any]:
        p: Dict[str, Any] = {"t_s": r.trace_t[j]}
        if thermal:
            p["temperature_C"] = r.trace_temp[j]
        p["true"], p["estimate"] = par(r.trace_par[j]), par(r.trace_hat[j])
        return p
    return {"drift": "thermal" if thermal else "profile" if c.drift.prof_t != ffi.NULL
            else "ramp" if lib.fric_servo_drifting(c) else "none",
            "points": [point(j) for j in range(int(r.ntrace))]}


def _thermal_summary(c: Any, r: Any) -> Dict[str, Any]:
    th = c.thermal
    n = int(r.n)
    return {"c_J_per_K": th.c, "r_K_per_W": th.r, "tau_s": th.r * th.c, "ambient_C": th.ambient, "t0_C": th.t0,
            "k_per_K": {name: th.k[i] for i, name in enumerate(_PAR)}, "temperature_end_C": _nan_none(r.temp_end),
            "temperature_peak_C": _nan_none(r.temp_peak), "friction_energy_J": r.energy,
            "mean_friction_power_W": r.energy / (n * c.ts) if n else None}


def _adaptation(c: Any, r: Any) -> Dict[str, Any]:
    a = c.adapt
    return {"rate_Hz": a.rate, "gain": a.gain, "bounds_lo": a.lo, "bounds_hi": a.hi, "slew_per_s": a.slew,
            "dead_zone": a.dead_zone, "gate_rad_per_s": a.v_gate, "sigma2": bool(a.sigma2),
            "updates": int(r.a_updates), "retunes": int(r.a_retunes)}


def _summary(c: Any, r: Any, m: Any) -> Dict[str, Any]:
    none = c.comp_kind == lib.FRIC_SERVO_COMP_NONE
    fixed = not none and c.arith != lib.FRIC_SERVO_ARITH_DOUBLE
    flags = [name for name in _FLAGS if r.flags & getattr(lib, "FRIC_FX_FLAG_" + name)]
    s = {
        "reference": ffi.string(lib.fric_servo_ref_name(c.ref)).decode(),
        "compensation": ffi.string(lib.fric_servo_comp_name(c.comp_kind)).decode(),
        "comp_arith": "none" if none else ffi.string(lib.fric_servo_arith_name(c.arith)).decode(),
        "rms_position_error_rad": _nan_none(m.rms_e),
        "peak_abs_position_error_rad": _nan_none(m.peak_e),
        "rms_velocity_error_rad_per_s": _nan_none(m.rms_ev),
        "time_stuck_s": _nan_none(m.stuck_s),
        "limit_cycle": {"present": bool(m.lc_present), "window_start_s": _nan_none(r.win_t0),
                        "amplitude_rad": _nan_none(m.lc_amp), "frequency_Hz": _nan_none(m.lc_freq)},
        "rms_control_effort_N_m": _nan_none(m.rms_u),
        "peak_abs_control_effort_N_m": _nan_none(m.peak_u),
        "rms_friction_estimate_error_N_m": _nan_none(m.rms_ferr),
        "controller": {"kp_per_s": c.kp, "kv_N_m_s_per_rad": c.kv, "ki_N_m_per_rad": c.ki, "u_max_N_m": c.u_max,
                       "accel_ff": bool(c.accel_ff), "torque_limited_samples": int(r.u_sat)},
        "encoder": {"counts_per_rev": int(c.counts_per_rev), "gain": int(c.enc_gain), "shift": int(c.enc_shift),
                    "velocity_lsb_rad_per_s": c.comp_fx.rep.v_lsb,
                    "count_velocity_rad_per_s": 2.0 * math.pi / c.counts_per_rev / c.ts},
        "fixed_point": {"width": int(c.comp_fx.rep.width), "v_max_rad_per_s": c.comp_fx.rep.v_max,
                        "f_max_N_m": c.comp_fx.rep.f_max if fixed else None, "flags": flags},
    }
    if _show_params(c):
        s["parameters"] = _params(c, r)
    if c.thermal.on:
        s["thermal"] = _thermal_summary(c, r)
    if c.comp_kind == lib.FRIC_SERVO_COMP_LUGRE_ADAPTIVE:
        s["adaptation"] = _adaptation(c, r)
    s["run"] = {"ts_s": c.ts, "samples": int(r.n), "substeps": int(c.substeps),
                "stick_threshold_rad_per_s": c.stick_threshold}
    return s
