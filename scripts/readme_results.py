#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""readme_results.py [--write]: the results table of README.md (between
the markers results:begin and results:end) is the digest of
docs/results/synth.md: the Verilog cores' runs and the board tops, with
target, W, Fmax, LUT4, DSP and BRAM. Without --write, exit 1 when the
README's table differs from the one synth.md gives; with --write, put that
table into README.md (make synth-report does, after writing synth.md)."""
import re
import sys

README = "README.md"
SYNTH = "docs/results/synth.md"
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"


def rows_of(md, header_start):
    """the rows of the first table whose header starts with header_start"""
    lines = md.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(header_start):
            out = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                out.append([c.strip() for c in row.strip("|").split("|")])
            return out
    return []


def table():
    md = open(SYNTH).read()
    out = ["| core/board | target | W | Fmax MHz | LUT4 | DSP | BRAM |", "|---|---|---|---|---|---|---|"]
    # core | language | target | W | target MHz | Fmax MHz | timing | LUT4 | FF | DSP | BRAM | ...
    order = {"stribeck": 0, "lugre": 1, "eng": 2}
    cores = [r for r in rows_of(md, "| core | language |") if r[1] == "Verilog" and r[0] in order]
    cores.sort(key=lambda r: (order[r[0]], r[2]))
    for r in cores:
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (r[0], r[2], r[3], r[5], r[7], r[9], r[10]))
    # board | device | W | axes | target MHz | Fmax MHz | timing | LUT4 | FF | DSP | BRAM | ...
    for r in rows_of(md, "| board | device |"):
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (r[0], r[1], r[2], r[5], r[7], r[9], r[10]))
    return "\n".join(out)


def main():
    write = sys.argv[1:] == ["--write"]
    text = open(README).read()
    m = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), text, re.S)
    if not m:
        print("FAIL %s has no %s ... %s block" % (README, BEGIN, END))
        return 1
    want = table()
    if write:
        if m.group(1) != want:
            open(README, "w").write(text[:m.start(1)] + want + text[m.end(1):])
        return 0
    if m.group(1) != want:
        print("FAIL the results table of %s differs from %s (make synth-report rewrites it):" % (README, SYNTH))
        print("  README:\n    " + m.group(1).replace("\n", "\n    "))
        print("  from synth.md:\n    " + want.replace("\n", "\n    "))
        return 1
    print("ok   the results table of %s is the digest of %s (%d rows)" % (README, SYNTH, want.count("\n") - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
