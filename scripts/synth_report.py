#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""synth_report.py SYNTH_DIR JSON_OUT MD_OUT [CHOOSE_OUT]
synth_report.py --families SYNTH_DIR MD_OUT

Reads the Yosys statistics and nextpnr logs of every run in SYNTH_DIR
(<core>_<target>/stat.txt, pnr.log, synth.ys) and writes one record per
core and target to JSON_OUT and a Markdown table to MD_OUT; with
CHOOSE_OUT, also the page that compares the cores (docs/choosing-a-core.md),
from the same records and each run's latency.txt (the latency line its
Verilator bench printed and asserted). A core that
does not take a sample every clock has rate.txt beside its logs: the line
its Verilator bench printed ("throughput: X samples per clock round-robin
over N axes, ..."), and its throughput is X * Fmax. With --families, the
other families' runs of mk/vendor.mk (<core>_<part>: stat.txt, pnr.log
unless synthesis only, bitexact.txt from the netlist check) into MD_OUT;
exit 1 if a run missed its clock. Nothing in the tables is typed by hand."""
import json
import os
import re
import sys

TARGETS = {
    "up5k": {"device": "iCE40 UP5K-SG48", "lut": "SB_LUT4", "ff": r"SB_DFF\w*", "dsp": "SB_MAC16",
             "bram": "SB_RAM40_4K", "lc": "ICESTORM_LC"},
    "ecp5": {"device": "ECP5 LFE5U-25F-CABGA256", "lut": "LUT4", "ff": r"TRELLIS_FF", "dsp": "MULT18X18D",
             "bram": "DP16KD", "lc": "TRELLIS_COMB"},
    # the Tang Nano 9K's top (its LUT1 to LUT4 cells in the LUT4 column)
    "gw1n9": {"device": "Gowin GW1NR-LV9QN88PC6/I5", "lut": r"LUT[1-4]", "ff": r"DFF\w*", "dsp": r"MULT\w+",
              "bram": r"(?:SP|SPX9|SDP|SDPX9|SDPB|SDPX9B|DP|DPX9|DPB|DPX9B|pROM|pROMX9)", "lc": "LUT4"},
}


# the other families' out-of-context runs (mk/vendor.mk), <core>_<part>:
# the family's cell names, the nextpnr utilisation line of its logic cells
# (None: synthesis only, no place and route) and its Fmax, and the netlist
# check's summary (bitexact.txt, written by make test-netlist-<run>)
PARTS = {
    "gw1n9": {"device": "Gowin GW1NR-LV9QN88PC6/I5", "lut": r"LUT[1-4]", "ff": r"DFF\w*", "dsp": r"MULT\w+",
              "bram": r"(?:SP|SPX9|SDP|SDPX9|SDPB|SDPX9B|DP|DPX9|DPB|DPX9B|pROM|pROMX9)", "lc": "LUT4", "lut_kind": "LUT4"},
    "gw2a18": {"device": "Gowin GW2A-LV18PG256C8/I7", "lut": r"LUT[1-4]", "ff": r"DFF\w*", "dsp": r"MULT\w+",
               "bram": r"(?:SP|SPX9|SDP|SDPX9|SDPB|SDPX9B|DP|DPX9|DPB|DPX9B|pROM|pROMX9)", "lc": "LUT4", "lut_kind": "LUT4"},
    "nexus": {"device": "Lattice LIFCL-40-9BG400C", "lut": r"LUT4", "ff": r"FD1P3\w+", "dsp": r"MULT\w+",
              "bram": r"(?:DP16K|PDP16K|PDPSC16K|SP16K|DPSC512K|PDPSC512K|SP512K)", "lc": "OXIDE_COMB", "lut_kind": "LUT4"},
    # (the 7-series LUT column: LUT1 to LUT6 and the LUTs used as shift registers or RAM)
    "xc7": {"device": "Xilinx xc7a35t (synthesis only)", "lut": r"(?:LUT[1-6]|SRL16E|SRLC32E|RAM\d+[MSXD]\w*)",
            "ff": r"FD\w+", "dsp": r"DSP48E1", "bram": r"RAMB\w+", "lc": None, "lut_kind": "LUT6"},
}
VENDOR_RUNS = tuple("%s_%s" % (c, p) for p in PARTS for c in ("stribeck", "lugre", "eng"))


# the out-of-context runs of make synth (mk/synth.mk, mk/ghdl.mk); other
# directories of SYNTH_DIR (studies, older runs) are not reported
RUNS = ("stribeck_ecp5", "stribeck_up5k", "lugre_ecp5", "eng_up5k",
        "stribeck_vhdl_ecp5", "stribeck_vhdl_up5k", "lugre_vhdl_ecp5", "eng_vhdl_up5k")


def cell_count(stat, name):
    # the last statistics block is the whole (flattened) design
    found = re.findall(r"^\s+(\d+)\s+(" + name + r")\s*$", stat, re.M)
    return sum(int(n) for n, _ in found[-len(set(c for _, c in found)):]) if found else 0


# what each core computes and where it belongs, for the comparison page
CORE_TEXT = {
    "stribeck": ("fric_stribeck", "static friction: Coulomb, viscous, Stribeck (any delta), asymmetric sets",
                 "rtl/cores/fric_stribeck.f", "fric_stribeck.md"),
    "lugre": ("fric_lugre", "dynamic friction: Dahl and LuGre, the exact step (stable at any sample time), a pipeline",
              "rtl/cores/fric_lugre.f", "fric_lugre.md"),
    "eng": ("fric_eng", "both models on one shared engine (a small processor running the fixed-point model's program)",
            "rtl/cores/fric_eng.f", "fric_eng.md"),
    "gms": ("fric_gms", "dynamic friction: generalized Maxwell-slip, 1 to 16 elements per axis, elements "
            "time-multiplexed one per clock (figures in fric_gms.md)", "rtl/cores/fric_gms.f",
            "fric_gms.md"),
}


def vendor_records(synth):
    """The other families' runs: resources from Yosys, Fmax from nextpnr
    (none for the synthesis-only xc7), the netlist check's line."""
    out = []
    for run in VENDOR_RUNS:
        d = os.path.join(synth, run)
        core, part = run.split("_", 1)
        t = PARTS[part]
        if not os.path.exists(os.path.join(d, "stat.txt")):
            continue
        pnr_path = os.path.join(d, "pnr.log")
        placed = t["lc"] is not None and os.path.exists(pnr_path)
        stat = open(os.path.join(d, "stat.txt")).read()
        ys = open(os.path.join(d, "synth.ys")).read()
        wm = re.search(r"-set W (\d+)", ys)
        am = re.search(r"-set NUM_AXES (\d+)", ys)
        if not am:
            am = re.search(r"parameter integer NUM_AXES = (\d+)", open("rtl/synth/fric_%s_harness.v" % core).read())
        rec = {"core": core, "lang": "verilog", "part": part, "device": t["device"],
               "width": int(wm.group(1)) if wm else 16, "axes": int(am.group(1)),
               "luts": cell_count(stat, t["lut"]), "lut_kind": t["lut_kind"], "ffs": cell_count(stat, t["ff"]),
               "dsps": cell_count(stat, t["dsp"]), "brams": cell_count(stat, t["bram"]),
               "target_mhz": None, "fmax_mhz": None, "lcs": None, "lcs_available": None, "bitexact": None,
               # the 7-series has no place and route here; a run of another part without a
               # place-and-route log is one that mk/vendor.mk leaves at synthesis
               "timing": "synthesis only" if t["lc"] is None else "not placed"}
        if placed:
            pnr = open(pnr_path).read()
            fm = re.findall(r"Max frequency for clock '[^']*': ([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)", pnr)
            lc = re.findall(r"\s" + t["lc"] + r":\s+(\d+)/\s*(\d+)", pnr)
            rec.update(fmax_mhz=float(fm[-1][0]), target_mhz=float(fm[-1][2]),
                       lcs=int(lc[-1][0]) if lc else None, lcs_available=int(lc[-1][1]) if lc else None)
            rec["timing"] = "PASS" if rec["fmax_mhz"] >= rec["target_mhz"] else "FAIL"
        bp = os.path.join(d, "bitexact.txt")
        if os.path.exists(bp):
            rec["bitexact"] = open(bp).read().strip()
        out.append(rec)
    return out


def vendor_table(f, rows):
    f.write("| core | device | W | axes | target MHz | Fmax MHz | timing | LUT | FF | DSP | BRAM | logic cells | "
            "netlist against the C model |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    for r in rows:
        lcs = "%d / %d" % (r["lcs"], r["lcs_available"]) if r["lcs"] is not None else "-"
        f.write("| %s | %s | %d | %d | %s | %s | %s | %d %s | %d | %d | %d | %s | %s |\n" % (
            r["core"], r["device"], r["width"], r["axes"], "%g" % r["target_mhz"] if r["target_mhz"] else "-",
            "%.1f" % r["fmax_mhz"] if r["fmax_mhz"] else "-", r["timing"], r["luts"], r["lut_kind"], r["ffs"],
            r["dsps"], r["brams"], lcs, r["bitexact"] or "not run"))


VENDOR_TEXT = ("Each core through its I/O harness on the families of mk/vendor.mk: Gowin with Yosys `synth_gowin` "
               "and nextpnr-himbaechel, Lattice Nexus with `synth_nexus -noccu2` (in three parts, with scripts/nexus_dsp_keep.ys) and nextpnr-nexus, both placed and "
               "routed at the family's target clock; Xilinx 7-series with `synth_xilinx` only: there is no open "
               "place and route for the 7-series here, so its rows have resources and no Fmax. LUT: the family's "
               "look-up tables (LUT4 cells; on the 7-series LUT1 to LUT6 and the LUTs used as shift registers or RAM); DSP: multiplier cells "
               "(MULT9X9 / MULT18X18 / MULT36X36, DSP48E1). The last column: the synthesized netlist of the same "
               "configuration, simulated with the family's cell models in the core's own bench against the C "
               "fixed-point model (`make test-netlist-<core>_<part>`); the multiplier wrapper's netlists are "
               "checked at the sign boundaries by `make test-netlist-mul` in make test. A verdict marked "
               "\"(earlier run)\" comes from a netlist check that did not run in the checkout that wrote this page: "
               "the core's RTL or the flow may have changed since.\n\n")


def write_choose(path, records):
    """docs/choosing-a-core.md: one table of the three cores on each target,
    every figure from the synthesis records and the benches."""
    rows = [r for r in records if r["core"] in CORE_TEXT and r["lang"] == "verilog"]
    order = {"stribeck": 0, "lugre": 1, "eng": 2, "gms": 3}
    rows.sort(key=lambda r: (order[r["core"]], r["target"]))
    vhdl = {(r["core"], r["target"]): r for r in records if r["lang"] == "vhdl"}
    with open(path, "w") as f:
        f.write("# Choosing a core\n\nGenerated by `make synth` (scripts/synth_report.py) from the synthesis records "
                "and the benches' latency lines; do not edit. Each core is placed and routed alone inside its I/O "
                "harness at its target clock with the pinned Yosys and nextpnr (docs/results/synth.md has every "
                "run, the VHDL twins and the board tops).\n\n")
        f.write("| core | computes | file list |\n|---|---|---|\n")
        for c in ("stribeck", "lugre", "eng", "gms"):
            name, what, flist, page = CORE_TEXT[c]
            f.write("| [%s](%s) | %s | `%s` |\n" % (name, page, what, flist))
        f.write("\n## Per target\n\n| core | target | W | axes | samples per clock | latency (cycles) | target MHz | "
                "Fmax MHz | Fmax VHDL MHz | LUT4 | FF | DSP | BRAM | logic cells |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            name = CORE_TEXT[r["core"]][0]
            h = vhdl.get((r["core"], r["target"]))
            lcs = "%d / %d" % (r["lcs"], r["lcs_available"]) if r["lcs"] is not None else "-"
            spc = "1" if r["samples_per_clock"] == 1.0 else "%.3g" % r["samples_per_clock"]
            f.write("| %s | %s | %d | %s | %s | %s | %g | %.1f | %s | %d | %d | %d | %d | %s |\n" % (
                name, r["device"], r["width"], r["axes"] if r["axes"] else "-", spc,
                r["latency_cycles"] or "-", r["target_mhz"], r["fmax_mhz"], "%.1f" % h["fmax_mhz"] if h else "-",
                r["luts"], r["ffs"], r["dsps"], r["brams"], lcs))
        f.write("\nSamples per clock: 1 for a core that takes a sample every clock; for fric_lugre, the rate of "
                "round-robin traffic over the harness's axes (an axis waits while its previous sample is in the "
                "state hazard window, so fewer axes in rotation give a lower rate); for fric_eng, each model's "
                "guaranteed rate with both models running, from the longest path of its program. Latency: from "
                "the input handshake to `m_axis_tvalid`, one sample into an idle core, as the core's bench "
                "measures and asserts it; for fric_eng, the bound its bench asserts.\n\n")
        f.write("## Other families\n\nThe three cores on Gowin GW1N-9 and GW2A-18, Lattice Nexus LIFCL-40 and "
                "(synthesis only) Xilinx xc7a35t, each netlist checked against the C model: "
                "[results/synth-families.md](results/synth-families.md) ([families.md](families.md)).\n\n")
        f.write("## Which one\n\n"
                "- Static friction only: **fric_stribeck**, one sample per clock on any part.\n"
                "- Dahl or LuGre on a part with enough multipliers (20 DSP blocks): **fric_lugre**.\n"
                "- Both models on a small part such as the iCE40 UP5K (8 DSP blocks), up to 4 axes at W 16: "
                "**fric_eng**, the iCEBreaker image's choice.\n"
                "- The ULX3S image uses fric_stribeck and fric_lugre at W 18 (docs/board.md).\n"
                "- The elasto-plastic model (a true stick below breakaway): **fric_ep** ([fric_ep.md](fric_ep.md)), "
                "sequential, one sample every 30 to 138 cycles shared by its axes, bit-exact with "
                "`fric_fx_ep_step()` and on `fric_lugre`'s ports; or the fixed-point model as firmware "
                "([fixed-point.md](fixed-point.md), [mcu.md](mcu.md)).\n"
                "- On a Gowin GW1N-9 (6480 flip-flops), such as the Tang Nano 9K's: fric_stribeck at W 16 or "
                "fric_eng; fric_lugre needs about 13 000 flip-flops. On a GW2A-18 or a Lattice LIFCL-40 all "
                "three fit (results/synth-families.md).\n"
                "- Presliding hysteresis with non-local memory (GMS) on a part with 16 or more DSP blocks "
                "(ECP5): **fric_gms**, one sample every 110 + n clocks (n elements); it does not fit the "
                "UP5K.\n")


def earlier_netlist_checks(md_path):
    """The netlist column of the report as it was, per (core, device): a
    check not run in this checkout keeps its earlier verdict, marked as such
    (the netlist benches take minutes each and need not all run again)."""
    out = {}
    if not os.path.exists(md_path):
        return out
    for line in open(md_path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 13 and cells[0] in ("stribeck", "lugre", "eng") and \
                re.match(r"(PASS|FAIL)", cells[12]):
            verdict = cells[12]
            if not verdict.endswith("(earlier run)"):
                verdict += " (earlier run)"
            out[(cells[0], cells[1])] = verdict
    return out


def write_families(synth, md_out):
    """docs/results/synth-families.md: the other families' runs, per core."""
    order = {"stribeck": 0, "lugre": 1, "eng": 2}
    recs = vendor_records(synth)
    earlier = earlier_netlist_checks(md_out)
    for r in recs:
        if r["bitexact"] is None:
            r["bitexact"] = earlier.get((r["core"], r["device"]))
    recs.sort(key=lambda r: (order[r["core"]], list(PARTS).index(r["part"])))
    with open(md_out + ".tmp", "w") as f:
        f.write("# Synthesis results: other families\n\nGenerated by `make synth-report-families` "
                "(scripts/synth_report.py --families) from the Yosys and nextpnr logs and the netlist checks; "
                "do not edit. " + VENDOR_TEXT)
        vendor_table(f, recs)
    os.replace(md_out + ".tmp", md_out)
    for r in recs:
        print("%s %s: %s, %d %s, %d FF, %d DSP, %d BRAM; netlist %s" % (
            r["core"], r["part"], "Fmax %.1f MHz (%s at %g)" % (r["fmax_mhz"], r["timing"], r["target_mhz"])
            if r["fmax_mhz"] else r["timing"], r["luts"], r["lut_kind"], r["ffs"], r["dsps"], r["brams"],
            r["bitexact"] or "not run"))
    bad = [r for r in recs if r["timing"] == "FAIL"]
    return 1 if bad else 0


def main():
    if sys.argv[1:2] == ["--families"]:
        return write_families(sys.argv[2], sys.argv[3])
    synth, json_out, md_out = sys.argv[1:4]
    records = []
    for run in sorted(os.listdir(synth)):
        d = os.path.join(synth, run)
        m = re.match(r"(\w+)_(up5k|ecp5)$", run)
        if run not in RUNS or not os.path.exists(os.path.join(d, "pnr.log")):
            continue
        core, target = m.groups()
        # <core>_vhdl_<target>: the VHDL core (rtl/vhdl/), through ghdl --synth
        lang = "vhdl" if core.endswith("_vhdl") else "verilog"
        core = core[:-len("_vhdl")] if lang == "vhdl" else core
        t = TARGETS[target]
        stat = open(os.path.join(d, "stat.txt")).read()
        pnr = open(os.path.join(d, "pnr.log")).read()
        ys = open(os.path.join(d, "synth.ys")).read()
        # W from the run's chparam; the engine's runs set none (its harness and models are W = 16 only)
        wm = re.search(r"-set W (\d+)", ys)
        width = int(wm.group(1)) if wm else 16
        # the axes: the run's chparam, else the harness's default
        am = re.search(r"-set NUM_AXES (\d+)", ys)
        if not am:
            hp = "rtl/synth/fric_%s_harness.v" % core
            am = re.search(r"parameter integer NUM_AXES = (\d+)", open(hp).read()) if os.path.exists(hp) else None
        axes = int(am.group(1)) if am else None
        latency = None
        lp = os.path.join(d, "latency.txt")
        if lang == "verilog" and os.path.exists(lp):
            lt = open(lp).read()
            lm = re.search(r"^latency:? (\d+) cycles", lt, re.M)
            bm = re.search(r"^latency bound: LuGre (\d+), Stribeck (\d+) clocks", lt, re.M)
            if lm:
                latency = lm.group(1)
            elif bm:
                latency = "at most %s (LuGre), %s (Stribeck)" % bm.groups()
        fm = re.findall(r"Max frequency for clock '[^']*': ([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)", pnr)
        fmax, verdict, goal = float(fm[-1][0]), fm[-1][1], float(fm[-1][2])
        lc = re.findall(r"\s" + t["lc"] + r":\s+(\d+)/\s*(\d+)", pnr)
        rate, rate_note = 1.0, "one sample per clock"
        rp = os.path.join(d, "rate.txt")
        if os.path.exists(rp):
            rm = re.search(r"throughput: ([\d.]+) samples per clock round-robin over (\d+) axes", open(rp).read())
            rate = float(rm.group(1))
            rate_note = "%s samples per clock, round-robin over %s axes (measured by the Verilator bench)" % (
                rm.group(1), rm.group(2))
        records.append({
            "core": core, "lang": lang, "target": target, "device": t["device"], "width": width, "axes": axes,
            "latency_cycles": latency,
            "target_mhz": goal, "fmax_mhz": fmax, "timing": verdict,
            "luts": cell_count(stat, t["lut"]), "ffs": cell_count(stat, t["ff"]),
            "dsps": cell_count(stat, t["dsp"]), "brams": cell_count(stat, t["bram"]),
            "lcs": int(lc[-1][0]) if lc else None, "lcs_available": int(lc[-1][1]) if lc else None,
            "samples_per_clock": rate, "throughput_basis": rate_note,
            "throughput_updates_per_s": fmax * 1e6 * rate,
            "harness": "I/O harness included (rtl/synth/fric_%s_harness.v)" % core.split("_")[0],
        })
    # each core's Verilog run, then its VHDL run, per target
    records.sort(key=lambda r: (r["core"], r["target"], r["lang"] != "verilog"))
    # the board tops: <board>/board.txt names the device, width and axes;
    # rate.txt is the set-rate line of the board bench (tb_top)
    for board in ("icebreaker", "ulx3s", "tangnano9k"):
        d = os.path.join(synth, board)
        if not os.path.exists(os.path.join(d, "pnr.log")):
            continue
        info = dict(re.findall(r"(\w+)=(\S+)", open(os.path.join(d, "board.txt")).read()))
        t = TARGETS[info["target"]]
        stat = open(os.path.join(d, "stat.txt")).read()
        pnr = open(os.path.join(d, "pnr.log")).read()
        fm = re.findall(r"Max frequency for clock '([^']*)': ([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)", pnr)
        # the core clock is the PLL output (the oscillator input has its own, slower, constraint;
        # nextpnr may state the PLL's clock rounded from its period, 115.01 for 115)
        fm = [x for x in fm if abs(float(x[3]) - float(info["mhz"])) < 0.05]
        fmax, verdict, goal = float(fm[-1][1]), fm[-1][2], float(fm[-1][3])
        lc = re.findall(r"\s" + t["lc"] + r":\s+(\d+)/\s*(\d+)", pnr)
        # the board bench's set and the shortest tick period it ran without overrun
        rm = re.search(r"set rate: (\d+) axes in (\d+) cycles.*ticks every (\d+) cycles",
                       open(os.path.join(d, "rate.txt")).read())
        axes, cycles, period = int(rm.group(1)), int(rm.group(2)), int(rm.group(3))
        rate = axes / float(period)
        records.append({
            "core": "top", "lang": "verilog", "board": board, "target": info["target"], "device": info["device"],
            "width": int(info["width"]), "axes": axes, "set_cycles": cycles,
            # the board's clock (its PLL's), which nextpnr may state rounded
            "target_mhz": float(info["mhz"]), "fmax_mhz": fmax, "timing": verdict,
            "luts": cell_count(stat, t["lut"]), "ffs": cell_count(stat, t["ff"]),
            "dsps": cell_count(stat, t["dsp"]), "brams": cell_count(stat, t["bram"]),
            "lcs": int(lc[-1][0]) if lc else None, "lcs_available": int(lc[-1][1]) if lc else None,
            "samples_per_clock": rate,
            "throughput_basis": "%d axes per tick of %d cycles (a set of %d cycles; the shortest tick period "
                                "without overrun, measured by the board bench tb_top), at the board's clock"
                                % (axes, period, cycles),
            "throughput_updates_per_s": float(info["mhz"]) * 1e6 * rate,
            "harness": "the whole board top: both cores, register file, SPI bridge, tick, encoder path, PLL",
        })
    os.makedirs(os.path.dirname(json_out) or ".", exist_ok=True)
    with open(json_out, "w") as f:
        json.dump(records, f, indent=2)
    with open(md_out, "w") as f:
        f.write("# Synthesis results\n\nGenerated by `make synth-report` (scripts/synth_report.py) from the Yosys and nextpnr logs; "
                "do not edit. Each core is synthesized alone inside its I/O harness (a serial shift chain in, "
                "an XOR fold out), whose few registers are included. Throughput: Fmax times the samples "
                "per clock (1 for a core that takes a sample every clock; otherwise as measured by its Verilator "
                "bench, round-robin over its axes).\n\n")
        f.write("| core | language | target | W | target MHz | Fmax MHz | timing | LUT4 | FF | DSP | BRAM | logic cells | "
                "samples per clock | axis-updates/s at Fmax |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        cores = [r for r in records if r["core"] != "top"]
        for r in cores:
            lcs = "%d / %d" % (r["lcs"], r["lcs_available"]) if r["lcs"] is not None else "-"
            f.write("| %s | %s | %s | %d | %g | %.1f | %s | %d | %d | %d | %d | %s | %.3g | %.3g |\n" % (
                r["core"], "VHDL" if r["lang"] == "vhdl" else "Verilog", r["device"], r["width"], r["target_mhz"],
                r["fmax_mhz"], r["timing"], r["luts"], r["ffs"], r["dsps"], r["brams"], lcs, r["samples_per_clock"],
                r["throughput_updates_per_s"]))
        missed = []
        pairs = [(v, h) for h in cores if h["lang"] == "vhdl" for v in cores
                 if v["lang"] == "verilog" and (v["core"], v["target"]) == (h["core"], h["target"])]
        if pairs:
            f.write("\n## VHDL against Verilog\n\nThe VHDL port (rtl/vhdl/, `ghdl --synth` into the same Yosys and "
                    "nextpnr flow and harness) against the Verilog core of the same configuration. Check: the same "
                    "DSP and BRAM counts, LUT4 within 10 %, and timing met at 90 % of the Verilog run's target clock "
                    "(the VHDL runs place and route there, so a port that misses it fails the build). Fmax is not "
                    "compared run against run: one placement's Fmax moves by up to 10 % with the seed alone "
                    "(docs/results/timing.md), so the figures here, one seed each, are shown as measured. "
                    "`make synth-report` fails when the check is not met.\n\n")
            f.write("| core | target | LUT4 VHDL / Verilog | FF VHDL / Verilog | DSP | BRAM | Fmax MHz VHDL / Verilog | check |\n")
            f.write("|---|---|---|---|---|---|---|---|\n")
            for v, h in pairs:
                ok = (h["dsps"] == v["dsps"] and h["brams"] == v["brams"] and abs(h["luts"] / v["luts"] - 1) <= 0.10
                      and h["timing"] == "PASS" and abs(h["target_mhz"] / (0.9 * v["target_mhz"]) - 1) < 1e-6)
                f.write("| %s | %s | %d / %d (%+.1f %%) | %d / %d (%+.1f %%) | %d / %d | %d / %d | %.1f / %.1f (%+.1f %%) | %s |\n" % (
                    v["core"], v["target"], h["luts"], v["luts"], 100 * (h["luts"] / v["luts"] - 1), h["ffs"], v["ffs"],
                    100 * (h["ffs"] / v["ffs"] - 1), h["dsps"], v["dsps"], h["brams"], v["brams"], h["fmax_mhz"],
                    v["fmax_mhz"], 100 * (h["fmax_mhz"] / v["fmax_mhz"] - 1), "met" if ok else "NOT met"))
                if not ok:
                    missed.append("%s %s" % (v["core"], v["target"]))
        tops = [r for r in records if r["core"] == "top"]
        if tops:
            f.write("\n## Board tops\n\nThe whole top of each board (`make bitstream`): both cores with NUM_AXES axes, the "
                    "register file, the SPI bridge, the sample tick, the encoder path and the PLL, placed and routed "
                    "with the board's pins. Throughput: the axes of one sample set over the shortest tick period "
                    "without overrun (measured by the board bench), at the board's clock "
                    "(its PLL's, the target).\n\n")
            f.write("| board | device | W | axes | target MHz | Fmax MHz | timing | LUT4 | FF | DSP | BRAM | logic cells | "
                    "shortest tick (cycles) | servo rate up to (kHz) | axis-updates/s |\n")
            f.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
            for r in tops:
                lcs = "%d / %d" % (r["lcs"], r["lcs_available"]) if r["lcs"] is not None else "-"
                cyc = r["axes"] / r["samples_per_clock"]
                f.write("| %s | %s | %d | %d | %g | %.1f | %s | %d | %d | %d | %d | %s | %.0f | %.0f | %.3g |\n" % (
                    r["board"], r["device"], r["width"], r["axes"], r["target_mhz"], r["fmax_mhz"], r["timing"],
                    r["luts"], r["ffs"], r["dsps"], r["brams"], lcs, cyc, r["target_mhz"] * 1e3 / cyc,
                    r["throughput_updates_per_s"]))
        f.write("\n## Other families\n\nGowin, Lattice Nexus and Xilinx 7-series: "
                "[synth-families.md](synth-families.md), from `make synth-report-families`.\n")
    if len(sys.argv) > 4:
        write_choose(sys.argv[4], records)
    for r in records:
        print("%s (%s) %s: Fmax %.1f MHz (%s at %g), %d LUT4, %d FF, %d DSP, %d BRAM" % (
            r["core"], r["lang"], r["target"], r["fmax_mhz"], r["timing"], r["target_mhz"], r["luts"], r["ffs"], r["dsps"], r["brams"]))
    if missed:
        print("FAIL: the VHDL port fails its check (same DSP and BRAM, LUT4 within 10 %%, timing met at 90 %% of the "
              "Verilog target) for: %s"
              % ", ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
