#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""logic_depth.py SYNTH_JSON [TOP] [--period NS] [--top N]

Estimate, for every register input of a synthesized iCE40 netlist (Yosys'
JSON after synth_ice40), the delay of the longest path that ends there, and
list the worst endpoints grouped by register. nextpnr's report names only the
single worst path; this lists all the paths over a period at once, so a
round of timing cuts can address them together.

The delays are a rough pre-placement model of the UP5K (ns): a net costs
ROUTE, a LUT LUT, a carry step CARRY (a carry chain's entry CARRY_IN), a
flip-flop's clock-to-out CLKQ and its setup SETUP. They rank paths; they do
not replace nextpnr's timing report.
"""
import argparse
import json
import sys
from collections import defaultdict

ROUTE = 1.7
LUT = 0.87
CARRY = 0.35          # 0.28 a step, 0.56 more at each tile of 8
CARRY_IN = 0.68
CLKQ = 1.39
SETUP = 0.82
RAM_CLKQ = 2.5
MAC_CLKQ = 2.0

FF_TYPES = {"SB_DFF", "SB_DFFE", "SB_DFFSR", "SB_DFFESR", "SB_DFFSS", "SB_DFFESS",
            "SB_DFFR", "SB_DFFER", "SB_DFFS", "SB_DFFES", "SB_DFFN"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("top", nargs="?")
    ap.add_argument("--period", type=float, default=1000.0 / 48.0)
    ap.add_argument("--top-n", type=int, default=40)
    ap.add_argument("--show", default="", help="print the cells of the worst path into registers named so")
    a = ap.parse_args()
    d = json.load(open(a.json))
    mods = d["modules"]
    top = a.top or next(n for n, m in mods.items() if m.get("attributes", {}).get("top"))
    cells = mods[top]["cells"]

    driver = {}            # bit -> (cell, port)
    for n, c in cells.items():
        for p, bits in c["connections"].items():
            if c.get("port_directions", {}).get(p) == "output":
                for b in bits:
                    if isinstance(b, int):
                        driver[b] = (n, p)

    memo = {}

    def arrival(bit, depth=0):
        """Arrival time of a net and the cell path behind it."""
        if not isinstance(bit, int) or bit not in driver:
            return 0.0, ()
        if bit in memo:
            return memo[bit]
        memo[bit] = (0.0, ())          # breaks combinational loops, if any
        n, p = driver[bit]
        t = cells[n]["type"]
        c = cells[n]["connections"]
        if t in FF_TYPES:
            r = (CLKQ, (n,))
        elif t == "SB_RAM40_4K":
            r = (RAM_CLKQ, (n,))
        elif t == "SB_MAC16":
            r = (MAC_CLKQ, (n,))
        elif t == "SB_LUT4":
            best = max((arrival(c[i][0], depth + 1) for i in ("I0", "I1", "I2", "I3") if i in c),
                       key=lambda x: x[0], default=(0.0, ()))
            r = (best[0] + ROUTE + LUT, best[1] + (n,))
        elif t == "SB_CARRY":
            ci = arrival(c["CI"][0], depth + 1)
            src = driver.get(c["CI"][0])
            if not (src and cells[src[0]]["type"] == "SB_CARRY"):
                ci = (ci[0] + ROUTE + CARRY_IN - CARRY, ci[1])   # a chain's entry
            ins = max((arrival(c[i][0], depth + 1) for i in ("I0", "I1")), key=lambda x: x[0])
            a_ci = (ci[0] + CARRY, ci[1])
            a_in = (ins[0] + ROUTE + CARRY_IN, ins[1] + (n,))
            r = max(a_ci, a_in, key=lambda x: x[0])
        else:
            r = (0.0, (n,))
        memo[bit] = r
        return r

    sys.setrecursionlimit(100000)
    ends = []
    for n, c in cells.items():
        t = c["type"]
        if t in FF_TYPES:
            pins = [p for p in ("D", "E", "R", "S") if p in c["connections"]]
        elif t in ("SB_RAM40_4K", "SB_MAC16"):
            pins = [p for p, dr in c["port_directions"].items() if dr == "input" and p not in ("RCLK", "WCLK", "CLK")]
        else:
            continue
        for p in pins:
            for b in c["connections"][p]:
                at, path = arrival(b)
                ends.append((at + ROUTE + SETUP, n, p, path))
    ends.sort(key=lambda x: -x[0])
    byreg = defaultdict(list)
    for e in ends:
        if e[0] > a.period:
            byreg[e[1].split("_SB_")[0]].append(e)
    print(f"{len(ends)} endpoints; {sum(len(v) for v in byreg.values())} over {a.period:.2f} ns "
          f"in {len(byreg)} registers")
    shown = 0
    for reg, es in sorted(byreg.items(), key=lambda kv: -kv[1][0][0]):
        w = es[0]
        src = w[3][0] if w[3] else "?"
        print(f"{w[0]:6.2f} ns  {len(w[3]) - 1:2d} cells  {reg} ({w[2]}, {len(es)} pins)  <- {src.split('_SB_')[0]}")
        if a.show and a.show in reg:
            for cell in w[3]:
                print(f"           {cells[cell]['type']:12s} {cell[:150]}")
        shown += 1
        if shown >= a.top_n:
            break


if __name__ == "__main__":
    main()
