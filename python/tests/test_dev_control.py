# SPDX-License-Identifier: Apache-2.0
"""fricore.dev against a register file emulated here, byte for byte on the
SPI framing of docs/board.md, with the addresses of the generated
fricore_regs.h; and fricore.control.lugre_system against fricore.trace."""
import os
import re

import numpy as np
import pytest

import fricore
import fricore.dev
from conftest import ROOT, SETS

REGS = {}
for m in re.finditer(r"#define FRIC_REG_([A-Z0-9_]+)(\(i\))? \(?(0x[0-9A-Fa-f]+)u",
                     open(os.path.join(ROOT, "cmodel", "generated", "fricore_regs.h")).read()):
    REGS[m.group(1)] = int(m.group(3), 16)


class Board:
    """A fricore register map behind an SPI transaction: ID, VERSION, CAPS,
    the shadow parameter words, the velocities and a STEP that makes the
    Stribeck and LuGre forces with fricore's own fixed-point model (the
    plumbing of the driver is under test here, not the model)."""

    def __init__(self, params_s, params_l, width=16, axes=2, ts=1e-4):
        self.mem = {REGS["ID"]: REGS["ID_VALUE"], REGS["VERSION"]: REGS["VERSION_VALUE"],
                    REGS["CAPS"]: axes | (width << 8) | (1 << 16) | (1 << 17)}
        self.ps, self.pl, self.width, self.axes, self.ts = params_s, params_l, width, axes, ts
        self.history = [[] for _ in range(axes)]
        self.transactions = 0
        self.fail = False

    def xfer(self, tx):
        self.transactions += 1
        if self.fail:
            raise OSError("the adapter is unplugged")
        rx = bytearray(len(tx))
        addr = (tx[1] << 8) | tx[2]
        if tx[0] == 0x03:  # read: command, address, dummy, then words
            for i in range((len(tx) - 4) // 4):
                rx[4 + 4 * i:8 + 4 * i] = self.mem.get(addr + 4 * i, 0).to_bytes(4, "big")
        elif tx[0] == 0x02:
            for i in range((len(tx) - 3) // 4):
                self.put(addr + 4 * i, int.from_bytes(tx[3 + 4 * i:7 + 4 * i], "big"))
        return bytes(rx)

    def put(self, addr, w):
        self.mem[addr] = w
        if addr == REGS["STEP"]:
            vel = [self.mem.get(REGS["VEL"] + 4 * a, 0) for a in range(self.axes)]
            vel = [v - (1 << 32) if v >= 1 << 31 else v for v in vel]
            cs = fricore.compile(self.ps, None, self.width, f_max=4.0)
            for a in range(self.axes):
                self.history[a].append(vel[a] * cs.v_lsb)
                _, fs = fricore.curve(self.ps, [vel[a] * cs.v_lsb], fixed=True, width=self.width, f_max=4.0)
                tr = fricore.trace(self.pl, np.array(self.history[a]), self.ts, fixed=True, width=self.width,
                                   f_max=4.0)
                self.mem[REGS["FORCE_S"] + 4 * a] = int(fs[0]) & ((1 << self.width) - 1)
                self.mem[REGS["FORCE_L"] + 4 * a] = int(tr.code[-1]) & ((1 << self.width) - 1)
            self.mem[REGS["SAMPLES"]] = self.mem.get(REGS["SAMPLES"], 0) + 1


def test_driver_round_trip():
    ps, pl = fricore.Params(**SETS["stribeck"]), fricore.Params(**SETS["lugre"])
    b = Board(ps, pl)
    d = fricore.dev.Device(b.xfer)
    assert (d.width, d.axes) == (16, 2)
    cs = d.load(ps, 0b11, f_max=4.0)
    cl = d.load(pl, 0b11, 1e-4, f_max=4.0)
    assert [b.mem[REGS["S_PARAM"] + 4 * i] for i in range(len(cs.words))] == cs.words
    assert [b.mem[REGS["L_PARAM"] + 4 * i] for i in range(len(cl.words))] == cl.words
    assert b.mem[REGS["COMMIT"]] == 0b11 << 8
    v = 0.004 * np.sin(np.arange(30) * 0.2)
    codes = np.round(v / cl.v_lsb).astype(np.int32)
    got, got_s = [], []
    for c in codes:
        d.set_velocities(np.array([c, -c], np.int32))
        d.step()
        fs, fl = d.read_forces()
        got.append(fl[0])
        got_s.append((fs[0], fs[1]))
    assert got == fricore.trace(pl, codes * cl.v_lsb, 1e-4, fixed=True, f_max=4.0).code.tolist()
    _, pos = fricore.curve(ps, codes * cs.v_lsb, fixed=True, f_max=4.0)
    _, neg = fricore.curve(ps, -codes * cs.v_lsb, fixed=True, f_max=4.0)
    assert got_s == list(zip(pos.tolist(), neg.tolist()))
    d.write_reg(REGS["FLAGS"], 0x5)
    assert d.flags() == 0x5 and d.read(REGS["ID"], 3)[0] == REGS["ID_VALUE"]


def test_driver_errors_are_the_librarys():
    b = Board(fricore.Params(**SETS["stribeck"]), fricore.Params(**SETS["lugre"]), width=18)
    d = fricore.dev.Device(b.xfer)
    c16 = fricore.compile(fricore.Params(**SETS["lugre"]), 1e-4, 16)
    with pytest.raises(fricore.FricoreError, match="width"):
        d.put(c16, 1)
    with pytest.raises(fricore.FricoreError, match="ax"):
        d.load(fricore.Params(**SETS["lugre"]), 0b100, 1e-4)
    b.fail = True
    with pytest.raises(fricore.FricoreError, match="transport") as e:
        d.read_reg(0)
    assert isinstance(e.value.__cause__, OSError)
    with pytest.raises(fricore.FricoreError, match="no fricore register map|ID"):
        fricore.dev.Device(lambda tx: bytes(len(tx)))
    with pytest.raises(fricore.FricoreError, match="transport"):
        fricore.dev.Device(lambda tx: b"short")


def test_lugre_system_discrete_is_the_trace():
    ct = pytest.importorskip("control")
    import fricore.control as fc
    p = fricore.Params(**SETS["lugre_md"])
    t = np.arange(2000) * 1e-4
    v = 0.004 * np.sin(2 * np.pi * 5 * t)
    r = ct.input_output_response(fc.lugre_system(p, 1e-4), t, v, X0=[0.0])
    tr = fricore.trace(p, v, 1e-4)
    np.testing.assert_allclose(r.outputs, tr.F, rtol=1e-15, atol=0)
    np.testing.assert_allclose(r.states[0][1:], tr.z[:-1], rtol=1e-15, atol=0)


def test_lugre_system_continuous_follows_the_exact_step():
    ct = pytest.importorskip("control")
    import fricore.control as fc
    p = fricore.Params(**SETS["lugre"])
    sys = fc.lugre_system(p)
    assert isinstance(sys, ct.NonlinearIOSystem) and sys.isctime()
    t = np.arange(400) * 1e-4
    v = np.full(len(t), 2e-3)
    r = ct.input_output_response(sys, t, v, X0=[0.0], solve_ivp_method="LSODA",
                                 solve_ivp_kwargs={"rtol": 1e-9, "atol": 1e-14})
    tr = fricore.trace(p, v, 1e-4)
    # a constant velocity: the exact step is the ODE's solution at the sample times
    np.testing.assert_allclose(r.states[0][1:], tr.z[:-1], rtol=1e-5, atol=1e-12)
    with pytest.raises(ValueError, match="must be dahl or lugre"):
        fc.lugre_system(fricore.Params(**SETS["stribeck"]))
