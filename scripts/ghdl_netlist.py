#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""ghdl_netlist.py IN.v OUT.v

Makes the Verilog that `ghdl --synth --out=verilog` writes ready for Yosys'
vendor flows:
  - drops the empty modules GHDL emits for components without an entity
    (the vendor primitives MULT18X18D and SB_SPRAM256KA), so that Yosys
    takes its own cell library's definitions;
  - gives back the string generics of those primitives as strings: GHDL
    writes a string generic as a bit vector of its characters (8 bits
    each), which nextpnr does not accept as, say, REG_INPUTA_CLK;
  - writes the constants that GHDL 2.0 writes as quoted strings of 0s and 1s
    ("0101", which Verilog, Yosys and every simulator read as ASCII: 8 bits
    a character) as sized binary literals (4'b0101); without this the
    netlist's ROM tables and many constants are garbage;
  - writes GHDL's arithmetic right shifts, "$signed(x) >> n", as
    "$signed(x) >>> n": in Verilog >> is a logical shift whatever the
    operand's type, so without this the netlist loses the sign of every
    shift_right of a signed value;
  - gives a default (the first item's assignment) to each case statement
    that selects on a one-hot vector with one item per bit and no default: GHDL writes the next-state
    multiplexer of a signal assigned in an FSM's case over an enumerated
    state that way (the vector is the decode of the state, one bit set in
    every state the FSM can be in); without a default Yosys sees the other
    patterns of the vector as unassigned and infers a latch for every such
    register. GHDL 2.0 writes every such multiplexer without its default
    input, so what a VHDL 'when others' branch assigns is not in the text at
    all and cannot be given back here: the VHDL cores name every choice of a
    case that does something (rtl/vhdl/cores/fric_ep.vhd, the note on its
    case statements), and make test-vhdl-netlist simulates each core's
    netlist against the C model, which a lost branch fails."""
import re
import sys

PRIMITIVES = ("MULT18X18D", "SB_SPRAM256KA")


def as_string(m):
    bits = m.group(3)
    if int(m.group(2)) != len(bits) or len(bits) % 8:
        return m.group(0)
    chars = [chr(int(bits[i:i + 8], 2)) for i in range(0, len(bits), 8)]
    if not all(c.isalnum() or c == "_" for c in chars):
        return m.group(0)
    return '.%s("%s")' % (m.group(1), "".join(chars))


def mark_one_hot_cases(text):
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)case \((n\d+_o)\)\s*$", line)
        if not m:
            continue
        items, j = [], i + 1
        while j < len(lines) and not lines[j].strip().startswith("endcase"):
            items.append(lines[j])
            j += 1
        pats = [re.match(r"\s*(\d+)'b([01]+):", it) for it in items]
        if not pats or any(p is None for p in pats):
            continue  # a default, or items that are not constants
        width = int(pats[0].group(1))
        bits = [p.group(2) for p in pats]
        one_hot = all(len(b) == width and b.count("1") == 1 for b in bits)
        if one_hot and len(set(bits)) == width == len(bits):
            # the first item's assignment as the default: the same
            # multiplexer for every reachable state, no latch for the rest
            first = re.match(r"\s*\d+'b[01]+:\s*(.*)$", items[0], re.S).group(1)
            lines[j - 1] = lines[j - 1] + "%s  default: %s" % (m.group(1), first)
    return "".join(lines)


def main():
    src, dst = sys.argv[1:3]
    text = open(src).read()
    for p in PRIMITIVES:
        text = re.sub(r"^module %s\b.*?^endmodule\n" % p, "", text, flags=re.M | re.S)
    out, inst = [], False
    for line in text.splitlines(keepends=True):
        if re.match(r"\s*(%s)\s*#\(" % "|".join(PRIMITIVES), line):
            inst = True
        if inst:
            line = re.sub(r"\.(\w+)\((\d+)'b([01]+)\)", as_string, line)
            if line.rstrip().endswith(")") and not line.strip().startswith("."):
                inst = False
        out.append(line)
    text = "".join(out)
    text = re.sub(r'"([01xz]+)"', lambda m: "%d'b%s" % (len(m.group(1)), m.group(1)), text)
    text = re.sub(r"(\$signed\([^()]*\)) >> ", r"\1 >>> ", text)
    text = mark_one_hot_cases(text)
    for p in PRIMITIVES:
        if re.search(r"^module %s\b" % p, text, re.M):
            sys.exit("ghdl_netlist.py: the stub of %s is still there" % p)
    open(dst, "w").write(text)


if __name__ == "__main__":
    main()
