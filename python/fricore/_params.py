# SPDX-License-Identifier: Apache-2.0
"""fricore.Params: the parameter file (a flat JSON object keyed by the
fricore option names, docs/fit.md) as a Python object. The library parses
and validates it: no default is filled in and every refusal is the
library's own message."""
from __future__ import annotations

import json
import math
import os
import re
import tempfile
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Union

from ._lib import WHY_LEN, ffi, lib

__all__ = ["Params", "FitReport"]

Value = Union[str, float, int, bool, List[float]]
_INT = re.compile(r"^-?[0-9]+$")


@dataclass
class FitReport:
    """What a fit found besides the values (fricore fit's fit_ keys).

    stderr, ci95_low and ci95_high are keyed by parameter name ("fc", "fs",
    "vs", "sigma2", ..., and "f0", the initial bristle force of a dynamic
    fit), in the parameters' units; a parameter that cannot be identified
    has stderr inf and no interval."""
    kind: str                      #: "static" or "dynamic"
    points: int                    #: data rows used
    rms: float                     #: residual RMS, N
    rank: int                      #: rank of the Jacobian at the solution
    evaluations: int               #: model evaluations of the solver
    value: Dict[str, float] = field(default_factory=dict)
    stderr: Dict[str, float] = field(default_factory=dict)
    ci95_low: Dict[str, float] = field(default_factory=dict)
    ci95_high: Dict[str, float] = field(default_factory=dict)
    warnings: List[str] = field(default_factory=list)
    sigma1_identifiable: Optional[bool] = None  #: dynamic fits only
    converged: bool = True         #: the solver (and a robust loss's reweighting) converged
    at_bound: List[str] = field(default_factory=list)  #: parameters that ended on a bound
    fixed: List[str] = field(default_factory=list)     #: parameters held at a value (fix=)


def _render(keys: Mapping[str, Value]) -> str:
    parts = []
    for k, v in keys.items():
        if isinstance(v, bool):
            t = "true" if v else "false"
        elif isinstance(v, str):
            t = json.dumps(v)
        elif isinstance(v, int):
            t = str(v)
        elif hasattr(v, "dtype") and getattr(v, "shape", None) == ():  # a numpy scalar
            return _render({**keys, k: v.item()})
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise ValueError("%s: expected a finite number, got %r (a parameter file holds finite numbers)"
                                 % (k, v))
            t = repr(v)
        elif isinstance(v, (list, tuple)) or (hasattr(v, "dtype") and getattr(v, "ndim", 0) == 1):
            items = []
            for x in list(v):
                if isinstance(x, bool) or not isinstance(x, (int, float)) and not hasattr(x, "dtype"):
                    raise TypeError("parameter %s must be an array of numbers, got an element of type %s"
                                    % (k, type(x).__name__))
                if not math.isfinite(float(x)):
                    raise ValueError("%s: expected finite numbers, got %r (a parameter file holds finite numbers)"
                                     % (k, x))
                items.append(repr(float(x)))
            t = "[" + ", ".join(items) + "]"
        else:
            raise TypeError("parameter %s must be a number, a string, a bool or an array of numbers, got %s"
                            % (k, type(v).__name__))
        parts.append("  %s: %s" % (json.dumps(k), t))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _parse(text: bytes, where: str) -> Any:
    p = ffi.new("fric_params_t *")
    err = ffi.new("fric_params_err_t *")
    if lib.fric_params_parse(text, len(text), p, err) != 0:
        raise ValueError("%s line %d column %d: %s" % (where, err.line, err.col, ffi.string(err.msg).decode()))
    return p


class Params(Mapping[str, Value]):
    """A validated friction element's parameter set.

    ``Params(model="lugre", fc=1.0, fs=1.5, vs=0.001, sigma0=1e5, sigma1=316,
    sigma2=0.4)``: keys are the parameter file's (fc, fs, vs, delta, sigma0,
    sigma1, b or sigma2, vmd, fc_neg, fs_neg, vs_neg, b_neg or sigma2_neg; z_ba for
    elastoplastic; gms_k and gms_alpha, lists of numbers, and gms_c for gms;
    and the fixed-point options v_max, f_max, ts, width). Units: N, m/s,
    N/m, N*s/m, s. Every key the model uses must be given (no defaults but delta = 2,
    vmd = 0 and the _neg parameters = their v > 0 value); a missing, unknown or
    out-of-range value raises ValueError with the library's message."""

    def __init__(self, model: Optional[str] = None, **keys: Value) -> None:
        d: Dict[str, Value] = {}
        if model is not None:
            d["model"] = model
        d.update(keys)
        self._keys = d
        self.fit: Optional[FitReport] = None
        self._build(_parse(_render(d).encode(), "parameters"))

    def _build(self, p: Any) -> None:
        self._m = ffi.new("fric_model_t *")
        warn = ffi.new("unsigned *")
        why = ffi.new("char[]", WHY_LEN)
        st = lib.fric_model_from_params(p, ffi.NULL, self._m, warn, why, WHY_LEN)
        if st != lib.FRIC_OK:
            raise ValueError(ffi.string(why).decode() or ffi.string(lib.fric_status_message(st)).decode())
        self.warning_bits: int = warn[0]

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Params":
        """Read a parameter file (what fricore fit writes and --params reads).
        The fit_ report keys are checked and skipped, as fricore does."""
        with open(path, "rb") as f:
            text = f.read()
        p = _parse(text, os.fspath(path))
        d: Dict[str, Value] = {}
        for i in range(p.n):
            e = p.p[i]
            key = ffi.string(e.key).decode()
            t = ffi.string(e.text).decode()
            if e.kind == 0:    # FRIC_PARAM_NUMBER
                d[key] = int(t) if _INT.match(t) else float(e.num)
            elif e.kind == 1:  # FRIC_PARAM_STRING
                d[key] = t
            elif e.kind == 3:  # FRIC_PARAM_ARRAY
                d[key] = [float(p.pool[e.at + j]) for j in range(e.n)]
            else:
                d[key] = bool(e.b)
        self = cls.__new__(cls)
        self._keys = d
        self.fit = None
        try:
            self._build(p)
        except ValueError as e:
            raise ValueError("%s: %s" % (os.fspath(path), e)) from None
        return self

    def to_json(self) -> str:
        """The parameter file's text (with the fit_ report keys after a fit)."""
        text = _render(self._keys)
        if self.fit is None:
            return text
        r = self.fit
        extra: Dict[str, Any] = {"fit_kind": r.kind, "fit_points": r.points, "fit_rms": r.rms,
                                 "fit_rank": r.rank, "fit_evaluations": r.evaluations, "fit_converged": r.converged,
                                 "fit_at_bound": r.at_bound, "fit_fixed": r.fixed}
        if r.sigma1_identifiable is not None:
            extra["fit_sigma1_identifiable"] = r.sigma1_identifiable
        for k, se in r.stderr.items():
            if math.isfinite(se):
                extra["fit_%s_stderr" % k] = se
                extra["fit_%s_ci95_low" % k] = r.ci95_low[k]
                extra["fit_%s_ci95_high" % k] = r.ci95_high[k]
            else:
                extra["fit_%s_stderr" % k] = ("fixed" if k in r.fixed else "at bound" if k in r.at_bound
                                              else "unidentifiable")
        extra["fit_warnings"] = "; ".join(r.warnings)
        tail = ",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in extra.items())
        return text[:-3] + ",\n" + tail + "\n}\n"

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write the parameter file, whole or not at all."""
        text = self.to_json()
        d = os.path.dirname(os.path.abspath(os.fspath(path)))
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".fricore-", suffix=".json")
        try:
            with os.fdopen(fd, "w") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    def to_dict(self) -> Dict[str, Value]:
        """The keys and values, as given or loaded."""
        return dict(self._keys)

    def replace(self, **keys: Value) -> "Params":
        """A new set with some keys changed (None removes a key)."""
        d = dict(self._keys)
        for k, v in keys.items():
            if v is None:
                d.pop(k, None)
            else:
                d[k] = v
        return Params(**d)

    @property
    def model(self) -> str:
        """The kind: coulomb, viscous, stribeck, dahl, lugre, elastoplastic or gms."""
        return ffi.string(lib.fric_model_name(self._m.kind)).decode()

    @property
    def dynamic(self) -> bool:
        """True for Dahl and LuGre (a bristle state)."""
        return bool(lib.fric_model_dynamic(self._m))

    @property
    def warnings(self) -> List[str]:
        """The library's warnings about the set (accepted, worth knowing)."""
        return [ffi.string(lib.fric_warning_message(1 << b)).decode()
                for b in range(8) if self.warning_bits & (1 << b)]

    def __getitem__(self, key: str) -> Value:
        return self._keys[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return "Params(%s)" % ", ".join("%s=%r" % kv for kv in self._keys.items())
