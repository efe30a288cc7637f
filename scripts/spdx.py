#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""spdx.py [--fix]: every source file of the repository (C, headers, C++,
Verilog, VHDL, file lists, Python, shell, make, FuseSoC .core, Verilator
waivers), hand-written or generated, carries the line
"SPDX-License-Identifier: Apache-2.0" as its first line, or right after a
shebang or FuseSoC's "CAPI=2:" line. Without --fix it lists the files that
do not and exits 1; with --fix it adds the line, in the comment syntax of
the file's language. The files are those git tracks or would add."""
import os
import subprocess
import sys

TAG = "SPDX-License-Identifier: Apache-2.0"
# comment leader and trailer per kind of file
STYLES = {
    ".c": ("/* ", " */"), ".h": ("/* ", " */"), ".cpp": ("// ", ""),
    ".v": ("// ", ""), ".vh": ("// ", ""), ".vlt": ("// ", ""), ".vhd": ("-- ", ""),
    ".py": ("# ", ""), ".sh": ("# ", ""), ".mk": ("# ", ""), ".core": ("# ", ""),
    ".js": ("// ", ""), ".css": ("/* ", " */"),
}


def style(path):
    base = os.path.basename(path)
    if base == "Makefile":
        return ("# ", "")
    if base.endswith(".html.in"):
        return ("<!-- ", " -->")
    ext = os.path.splitext(base)[1]
    if ext == ".f":
        # Verilog file lists take // comments, VHDL ones #
        return ("# ", "") if "/vhdl/" in path else ("// ", "")
    if ext in STYLES:
        return STYLES[ext]
    if ext == "":
        try:
            with open(path, "rb") as f:
                if f.read(2) == b"#!":
                    return ("# ", "")
        except OSError:
            pass
    return None


def files():
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], check=True,
                         capture_output=True, text=True).stdout.split("\n")
    return [p for p in out if p and os.path.isfile(p) and style(p)]


def header_at(lines):
    """index where the license line belongs: after a shebang or CAPI=2:"""
    return 1 if lines and (lines[0].startswith("#!") or lines[0].strip() == "CAPI=2:") else 0


def main():
    fix = sys.argv[1:] == ["--fix"]
    if sys.argv[1:] not in ([], ["--fix"]):
        print("usage: spdx.py [--fix]", file=sys.stderr)
        return 2
    missing = []
    for p in files():
        with open(p, encoding="utf-8") as f:
            text = f.read()
        lines = text.split("\n")
        at = header_at(lines)
        if len(lines) > at and TAG in lines[at]:
            continue
        # the FMI standard's headers, kept under their own license (BSD-2-Clause)
        if p.startswith("cmodel/fmu/fmi/") and lines and "SPDX-License-Identifier: BSD-2-Clause" in lines[0]:
            continue
        missing.append(p)
        if fix:
            lead, trail = style(p)
            lines.insert(at, lead + TAG + trail)
            with open(p, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
    if fix:
        print("spdx: added the license line to %d files" % len(missing))
        return 0
    for p in missing:
        print("FAIL %s: no '%s' line at its top" % (p, TAG))
    if missing:
        print("(scripts/spdx.py --fix adds it; a generated file gets it from its generator)")
        return 1
    print("ok   every one of %d source files starts with the %s line" % (len(files()), TAG))
    return 0


if __name__ == "__main__":
    sys.exit(main())
