#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""check_core_files.py CORE: the FuseSoC core lists the same RTL as make's
file lists. Every Verilog and VHDL source named by rtl/cores/*.f,
rtl/board/fric_top*.f and rtl/vhdl/cores/*.f, and every include file of
rtl/generated, rtl/arith and rtl/cores, is in a fileset of CORE, and
every RTL file of CORE's filesets exists. Exit 1 with the differences."""
import glob
import os
import sys

import yaml


def listed(pattern, comment):
    out = set()
    for f in glob.glob(pattern):
        for line in open(f):
            line = line.strip()
            if line and not line.startswith(comment):
                out.add(line)
    return out


def main():
    core = yaml.safe_load(open(sys.argv[1]).read().split("\n", 1)[1])
    in_core = set()
    for fs in core["filesets"].values():
        for item in fs.get("files", []):
            in_core.add(next(iter(item)) if isinstance(item, dict) else item)
    want = listed("rtl/cores/*.f", "//") | listed("rtl/board/fric_top*.f", "//") | listed("rtl/vhdl/cores/*.f", "#")
    want |= set(glob.glob("rtl/generated/*.vh") + glob.glob("rtl/arith/*.vh") + glob.glob("rtl/cores/*.vh"))
    bad = 0
    for f in sorted(want - in_core):
        print("FAIL %s is in a file list but in no fileset of %s" % (f, sys.argv[1]))
        bad = 1
    for f in sorted(p for p in in_core if p.startswith("rtl/") and not os.path.exists(p)):
        print("FAIL %s: %s names it, but it does not exist" % (sys.argv[1], f))
        bad = 1
    if not bad:
        print("ok   %s names all %d RTL files of the file lists" % (sys.argv[1], len(want)))
    return bad


if __name__ == "__main__":
    sys.exit(main())
