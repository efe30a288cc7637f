# SPDX-License-Identifier: Apache-2.0
"""fricore.dev: the board driver (fricore_dev.h) over a transport you give
it, so that a bench script can talk to a fricore board through any SPI
adapter.

The transport is a callable ``xfer(tx: bytes) -> bytes``: one SPI
transaction (chip select low, len(tx) bytes out and the same number in,
mode 0, MSB first, chip select high). It returns the bytes read; raising an
exception, or returning a wrong length, is a transport error
(FRIC_ERR_DEV_XFER), re-raised as FricoreError with the callback's
exception as its cause. The driver itself is the C library's: it frames the
transactions, checks the device's ID, VERSION and CAPS, writes and commits
the compiled sets and polls the status."""
from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple

import numpy as np

from ._lib import FricoreError, ffi, in_array, lib, ptr, status_message
from ._models import Compiled, compile as _compile
from ._params import Params

__all__ = ["Device"]

Xfer = Callable[[bytes], bytes]


@ffi.def_extern()
def _fricore_py_xfer(ctx: Any, tx: Any, rx: Any, n: int) -> int:
    dev = ffi.from_handle(ctx)
    try:
        out = dev._xfer(bytes(ffi.buffer(tx, n)))
        if len(out) != n:
            raise ValueError("the transport returned %d bytes for a transaction of %d" % (len(out), n))
        ffi.memmove(rx, bytes(out), n)
        return 0
    except BaseException as e:  # the C driver sees a transport error; the call re-raises this
        dev._error = e
        return -1


class Device:
    """A fricore board behind a transport; opening it reads and checks the
    ID, VERSION and CAPS registers (FricoreError if it is not a fricore
    register map)."""

    def __init__(self, xfer: Xfer) -> None:
        if not callable(xfer):
            raise TypeError("xfer must be a callable taking the bytes to send and returning the bytes read")
        self._xfer = xfer
        self._error: Optional[BaseException] = None
        self._handle = ffi.new_handle(self)
        self._d = ffi.new("fricore_dev_t *")
        self._call(lib.fricore_dev_open, lib._fricore_py_xfer, self._handle)

    def _call(self, fn: Any, *args: Any) -> None:
        self._error = None
        st = fn(self._d, *args)
        if st != lib.FRIC_OK:
            err, self._error = self._error, None
            raise FricoreError(status_message(st)) from err

    @property
    def width(self) -> int:
        """CAPS.W: the cores' datapath width (16 or 18)."""
        return int(self._d.width)

    @property
    def axes(self) -> int:
        """CAPS.AXES: the number of axes."""
        return int(self._d.axes)

    @property
    def caps(self) -> int:
        """The CAPS register."""
        return int(self._d.caps)

    @property
    def max_polls(self) -> int:
        """Status reads allowed while waiting (default 10000)."""
        return int(self._d.max_polls)

    @max_polls.setter
    def max_polls(self, n: int) -> None:
        self._d.max_polls = n

    def read(self, addr: int, n: int) -> List[int]:
        """n (<= 32) words from byte address addr up."""
        w = ffi.new("uint32_t[]", max(n, 1))
        self._call(lib.fricore_dev_read, addr, w, n)
        return [int(w[i]) for i in range(n)]

    def write(self, addr: int, words: List[int]) -> None:
        """Write words (<= 32) from byte address addr up."""
        w = ffi.new("uint32_t[]", [int(x) & 0xFFFFFFFF for x in words] or [0])
        self._call(lib.fricore_dev_write, addr, w, len(words))

    def read_reg(self, addr: int) -> int:
        """One register."""
        v = ffi.new("uint32_t *")
        self._call(lib.fricore_dev_read_reg, addr, v)
        return int(v[0])

    def write_reg(self, addr: int, value: int) -> None:
        """Write one register."""
        self._call(lib.fricore_dev_write_reg, addr, int(value) & 0xFFFFFFFF)

    def put(self, compiled: Compiled, axes: int) -> None:
        """Write a compiled set (fricore.compile) to the Stribeck or LuGre
        core's shadow registers and commit it to the axes of the mask
        (bit a: axis a); waits until applied."""
        c = compiled._fx
        if c.dynamic:
            self._call(lib.fricore_dev_put_lugre, ffi.addressof(c.l), axes)
        else:
            self._call(lib.fricore_dev_put_stribeck, ffi.addressof(c.s), axes)

    def load(self, params: Params, axes: int, ts: Optional[float] = None, *, v_max: Optional[float] = None,
             f_max: Optional[float] = None) -> Compiled:
        """Compile params at the device's width (ts, s, for Dahl and LuGre),
        write and commit them; returns the compiled set."""
        c = _compile(params, ts, self.width, v_max=v_max, f_max=f_max)
        self.put(c, axes)
        return c

    def reset_state(self, axes: int) -> None:
        """Reset the LuGre bristle state of the axes at the next sample boundary."""
        self._call(lib.fricore_dev_reset_state, axes)

    def set_velocities(self, codes: Any) -> None:
        """Write the host velocity codes (int32, (S,W,0)) of axes 0 .. len - 1."""
        v = in_array(codes, "codes", np.int32)
        self._call(lib.fricore_dev_set_velocities, ptr(v), len(v))

    def step(self) -> None:
        """Run one sample set of all axes and wait until its forces are in."""
        self._call(lib.fricore_dev_step)

    def read_forces(self) -> Tuple[np.ndarray, np.ndarray]:
        """The force codes of the last set, (Stribeck, LuGre), one per axis."""
        fs = np.zeros(self.axes, np.int32)
        fl = np.zeros(self.axes, np.int32)
        self._call(lib.fricore_dev_read_forces, ptr(fs), ptr(fl))
        return fs, fl

    def run(self, div: int, run: bool, enc_axes: int = 0) -> None:
        """Sample ticks every div clock cycles (0 stops them); run starts a set per tick."""
        self._call(lib.fricore_dev_run, div, 1 if run else 0, enc_axes)

    def set_encoder(self, gain: int, shift: int) -> None:
        """Encoder scale: v = sat(rsr(d * gain, shift)) per tick."""
        self._call(lib.fricore_dev_set_encoder, gain, shift)

    def flags(self) -> int:
        """The sticky FLAGS register."""
        v = ffi.new("uint32_t *")
        self._call(lib.fricore_dev_flags, v)
        return int(v[0])

    def clear_flags(self, mask: int) -> None:
        """Clear the FLAGS bits of mask."""
        self._call(lib.fricore_dev_clear_flags, mask)
