# SPDX-License-Identifier: Apache-2.0
"""fricore.servo: the servo axis of `fricore servo` (libfricore's
fric_servo): the JSON summary as a dict and every sample as numpy arrays."""
from __future__ import annotations

import math
from typing import Any, Dict, Optional, Tuple

import numpy as np

from ._lib import WHY_LEN, ffi, lib, ptr
from ._params import Params

__all__ = ["servo"]

SERIES = ("t", "theta_ref", "theta", "omega_ref", "omega", "omega_meas", "error", "u", "friction", "estimate")

_COMP = {"none": "FRIC_SERVO_COMP_NONE", "coulomb": "FRIC_SERVO_COMP_COULOMB",
         "stribeck": "FRIC_SERVO_COMP_STRIBECK", "lugre": "FRIC_SERVO_COMP_LUGRE",
         "elastoplastic": "FRIC_SERVO_COMP_ELASTOPLASTIC", "gms": "FRIC_SERVO_COMP_GMS"}
_ARITH = {"double": "FRIC_SERVO_ARITH_DOUBLE", "fixed": "FRIC_SERVO_ARITH_FIXED"}
_REF = {"sine": "FRIC_SERVO_REF_SINE", "step": "FRIC_SERVO_REF_STEP", "ramp": "FRIC_SERVO_REF_RAMP"}
_FLAGS = ("F_SAT", "MAG_NEG", "G_SAT", "S1_SAT", "W_SAT", "V_SAT", "ENC_SAT")

#: the keywords that set a number of the axis (fric_servo_cfg_t's field of the same name)
_NUMBERS = ("inertia", "load_damping", "compliance", "load_inertia", "compliance_damping", "substeps", "ts",
            "counts_per_rev", "v_max", "bandwidth", "kp", "kv", "ki", "u_max", "amplitude", "frequency", "period",
            "rise_time", "speed", "duration", "stick_threshold", "lc_window", "f_max")


def _choice(name: str, value: str, table: Dict[str, str]) -> int:
    if value not in table:
        raise ValueError("%s must be %s, got %r" % (name, "|".join(table), value))
    return int(getattr(lib, table[value]))


def _nan_none(x: float) -> Optional[float]:
    return None if math.isnan(x) else x


def servo(machine: Optional[Params] = None, *, compensation: str = "none", comp_params: Optional[Params] = None,
          comp_arith: str = "double", reference: str = "sine", width: int = 16, no_accel_ff: bool = False,
          series: bool = True, **numbers: float) -> Tuple[Dict[str, Any], Dict[str, np.ndarray]]:
    """Run the servo axis of ``fricore servo``: a rigid or compliant axis
    with the machine's friction (machine: a LuGre, elastoplastic or gms
    Params; None: the command's default, the Canudas de Wit (1995) LuGre
    set), an encoder, a cascaded P + PI controller and a friction
    compensator (compensation none|coulomb|stribeck|lugre|elastoplastic|gms,
    its set comp_params, a Params, by default the machine's set as the mode
    reads it; comp_arith double|fixed, double only for elastoplastic).

    The other keywords are the command's options with '_' for '-':
    reference (sine|step|ramp), amplitude, frequency, period, rise_time,
    speed, duration, ts, inertia, load_damping, compliance, load_inertia,
    compliance_damping, substeps, counts_per_rev, width, v_max, f_max,
    bandwidth, kp, kv, ki, u_max, no_accel_ff, stick_threshold, lc_window;
    a keyword left out takes the command's default.

    Returns (summary, arrays): summary holds the keys of the command's JSON
    summary (an absent figure is None); arrays the columns of its --csv
    (t, theta_ref, theta, omega_ref, omega, omega_meas, error, u, friction,
    estimate), one element per sample (empty when series is False). A bad
    value raises ValueError with the library's message."""
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
    for k, v in numbers.items():
        if k not in _NUMBERS:
            raise TypeError("servo() got an unexpected keyword argument %r" % k)
        try:
            setattr(c, k, float(v))
        except (TypeError, ValueError):
            raise TypeError("%s must be a number, got %r" % (k, v)) from None
    if comp_params is not None:
        if compensation == "none":
            raise ValueError("comp_params needs a compensator (compensation coulomb|stribeck|lugre|elastoplastic|gms)")
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
    arrays = {name: np.empty(n) for name in SERIES}
    out = ffi.NULL
    if series:
        out = ffi.new("fricore_py_servo_series_t *")
        out.cap = n
        for i, name in enumerate(SERIES):
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


def _summary(c: Any, r: Any, m: Any) -> Dict[str, Any]:
    none = c.comp_kind == lib.FRIC_SERVO_COMP_NONE
    fixed = not none and c.arith != lib.FRIC_SERVO_ARITH_DOUBLE
    flags = [name for name in _FLAGS if r.flags & getattr(lib, "FRIC_FX_FLAG_" + name)]
    return {
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
        "run": {"ts_s": c.ts, "samples": int(r.n), "substeps": int(c.substeps),
                "stick_threshold_rad_per_s": c.stick_threshold},
    }
