# SPDX-License-Identifier: Apache-2.0
"""The compiled library and the helpers every binding shares: numpy arrays
checked and handed to C as pointers (no copy, no Python loop), and the
library's status turned into an exception with its own message."""
from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._fricore import ffi, lib  # type: ignore[import-not-found]

__all__ = ["ffi", "lib", "FricoreError", "in_array", "out_array", "ptr", "status_message", "check"]

#: room for a reason written by the library
WHY_LEN = 512


class FricoreError(RuntimeError):
    """A run that failed (not a bad argument): the device did not answer,
    a fit did not converge to finite values. Bad input raises ValueError
    or TypeError."""


def status_message(status: int) -> str:
    """The library's one-line description of a status: the parameter (named as
    the fricore command's option) and its allowed range."""
    return ffi.string(lib.fric_status_message(status)).decode()


def check(status: int, why: Any = None, exc: type = ValueError) -> None:
    """Raise exc with the library's reason (why, else the status message)
    unless status is FRIC_OK."""
    if status == lib.FRIC_OK:
        return
    msg = ffi.string(why).decode() if why is not None else ""
    raise exc(msg or status_message(status))


def in_array(x: Any, name: str, dtype: Any = np.float64) -> np.ndarray:
    """x as a 1-D C-contiguous array of dtype, without a copy.

    A list, tuple or scalar is converted; a numpy array must already have
    the dtype (TypeError otherwise: no silent conversion), one dimension
    and contiguous memory (ValueError otherwise)."""
    dt = np.dtype(dtype)
    if not isinstance(x, np.ndarray):
        try:
            x = np.asarray(x, dtype=dt)
        except (TypeError, ValueError) as e:
            raise TypeError("%s must be an array of %s values: %s" % (name, dt.name, e)) from None
        if x.ndim == 0:
            x = x.reshape(1)
    if x.dtype != dt:
        raise TypeError("%s must have dtype %s, got %s (convert it with %s.astype(numpy.%s))"
                        % (name, dt.name, x.dtype, name, dt.name))
    if x.ndim != 1:
        raise ValueError("%s must be 1-D, got shape %s" % (name, x.shape))
    if not x.flags.c_contiguous:
        raise ValueError("%s is not contiguous in memory (a strided view): pass numpy.ascontiguousarray(%s)"
                         % (name, name))
    return x


def out_array(n: int, dtype: Any = np.float64) -> np.ndarray:
    """A new 1-D array of n elements for the library to fill."""
    return np.empty(n, dtype=dtype)


_CTYPES = {np.dtype(np.float64): "double[]", np.dtype(np.int32): "int32_t[]",
           np.dtype(np.int64): "int64_t[]", np.dtype(np.uint32): "uint32_t[]"}


def ptr(a: Optional[np.ndarray]) -> Any:
    """The C pointer to a's data (NULL for None), valid while a lives."""
    if a is None:
        return ffi.NULL
    return ffi.from_buffer(_CTYPES[a.dtype], a)
