#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""strip_cells.py: a copy of a Verilog cell library without some of its modules.

  strip_cells.py IN OUT MODULE...

Writes IN to OUT without the named modules (each from its `module NAME`
line to its `endmodule`, with the attribute lines just above it, such as
`(* blackbox *)`), so that a bench can give those cells its own models
(tb/netlist/gowin_bram_sim.v for the Gowin block RAMs, which Yosys'
share/gowin/cells_sim.v declares as empty black boxes;
tb/netlist/xilinx_bram_sim.v for the Xilinx RAMB18E1 and RAMB36E1, which
share/xilinx/cells_sim.v declares without behaviour). Exits 1 if a named
module is not in IN, so a change of the library does not go unnoticed.
"""
import os
import re
import sys


def strip(text, names):
    out, pending, found = [], [], set()
    skip = False
    for line in text.splitlines(keepends=True):
        if skip:
            if re.match(r"\s*endmodule\b", line):
                skip = False
            continue
        if re.match(r"\s*\(\*.*\*\)\s*$", line):
            pending.append(line)
            continue
        m = re.match(r"\s*module\s+([A-Za-z_][A-Za-z0-9_$]*)", line)
        if m and m.group(1) in names:
            found.add(m.group(1))
            pending = []
            skip = True
            continue
        out.extend(pending)
        pending = []
        out.append(line)
    out.extend(pending)
    return "".join(out), found


def main(argv):
    if len(argv) < 4:
        sys.stderr.write("usage: strip_cells.py IN OUT MODULE...\n")
        return 2
    src, dst, names = argv[1], argv[2], set(argv[3:])
    with open(src, encoding="utf-8") as f:
        text, found = strip(f.read(), names)
    missing = sorted(names - found)
    if missing:
        sys.stderr.write(f"strip_cells.py: {src} has no module {', '.join(missing)}\n")
        return 1
    tmp = dst + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(f"// {src} without {', '.join(sorted(names))} (scripts/strip_cells.py)\n")
        f.write(text)
    os.replace(tmp, dst)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
