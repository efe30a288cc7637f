#!/usr/bin/env python3
"""ghdl_netlist.py IN.v OUT.v

Makes the Verilog that `ghdl --synth --out=verilog` writes ready for Yosys'
vendor flows:
  - drops the empty modules GHDL emits for components without an entity
    (the vendor primitives MULT18X18D and SB_SPRAM256KA), so that Yosys
    takes its own cell library's definitions;
  - gives back the string generics of those primitives as strings: GHDL
    writes a string generic as a bit vector of its characters (8 bits
    each), which nextpnr does not accept as, say, REG_INPUTA_CLK."""
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
    for p in PRIMITIVES:
        if re.search(r"^module %s\b" % p, text, re.M):
            sys.exit("ghdl_netlist.py: the stub of %s is still there" % p)
    open(dst, "w").write(text)


if __name__ == "__main__":
    main()
