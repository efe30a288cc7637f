#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""synth_report.py SYNTH_DIR JSON_OUT MD_OUT

Reads the Yosys statistics and nextpnr logs of every run in SYNTH_DIR
(<core>_<target>/stat.txt, pnr.log, synth.ys) and writes one record per
core and target to JSON_OUT and a Markdown table to MD_OUT. A core that
does not take a sample every clock has rate.txt beside its logs: the line
its Verilator bench printed ("throughput: X samples per clock round-robin
over N axes, ..."), and its throughput is X * Fmax. Nothing in the tables
is typed by hand."""
import json
import os
import re
import sys

TARGETS = {
    "up5k": {"device": "iCE40 UP5K-SG48", "lut": "SB_LUT4", "ff": r"SB_DFF\w*", "dsp": "SB_MAC16",
             "bram": "SB_RAM40_4K", "lc": "ICESTORM_LC"},
    "ecp5": {"device": "ECP5 LFE5U-25F-CABGA256", "lut": "LUT4", "ff": r"TRELLIS_FF", "dsp": "MULT18X18D",
             "bram": "DP16KD", "lc": "TRELLIS_COMB"},
}


def cell_count(stat, name):
    # the last statistics block is the whole (flattened) design
    found = re.findall(r"^\s+(\d+)\s+(" + name + r")\s*$", stat, re.M)
    return sum(int(n) for n, _ in found[-len(set(c for _, c in found)):]) if found else 0


def main():
    synth, json_out, md_out = sys.argv[1:4]
    records = []
    for run in sorted(os.listdir(synth)):
        d = os.path.join(synth, run)
        m = re.match(r"(\w+)_(up5k|ecp5)$", run)
        if not m or not os.path.exists(os.path.join(d, "pnr.log")):
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
            "core": core, "lang": lang, "target": target, "device": t["device"], "width": width,
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
    for board in ("icebreaker", "ulx3s"):
        d = os.path.join(synth, board)
        if not os.path.exists(os.path.join(d, "pnr.log")):
            continue
        info = dict(re.findall(r"(\w+)=(\S+)", open(os.path.join(d, "board.txt")).read()))
        t = TARGETS[info["target"]]
        stat = open(os.path.join(d, "stat.txt")).read()
        pnr = open(os.path.join(d, "pnr.log")).read()
        fm = re.findall(r"Max frequency for clock '([^']*)': ([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)", pnr)
        # the core clock is the PLL output (the oscillator input has its own, slower, constraint)
        fm = [x for x in fm if float(x[3]) == float(info["mhz"])]
        fmax, verdict, goal = float(fm[-1][1]), fm[-1][2], float(fm[-1][3])
        lc = re.findall(r"\s" + t["lc"] + r":\s+(\d+)/\s*(\d+)", pnr)
        rm = re.search(r"set rate: (\d+) axes in (\d+) cycles", open(os.path.join(d, "rate.txt")).read())
        axes, cycles = int(rm.group(1)), int(rm.group(2))
        rate = axes / (cycles + 8.0)
        records.append({
            "core": "top", "lang": "verilog", "board": board, "target": info["target"], "device": info["device"],
            "width": int(info["width"]), "axes": axes, "set_cycles": cycles,
            "target_mhz": goal, "fmax_mhz": fmax, "timing": verdict,
            "luts": cell_count(stat, t["lut"]), "ffs": cell_count(stat, t["ff"]),
            "dsps": cell_count(stat, t["dsp"]), "brams": cell_count(stat, t["bram"]),
            "lcs": int(lc[-1][0]) if lc else None, "lcs_available": int(lc[-1][1]) if lc else None,
            "samples_per_clock": rate,
            "throughput_basis": "%d axes per sample set of %d cycles plus 8 (the shortest tick period without "
                                "overrun, measured by the board bench tb_top)" % (axes, cycles),
            "throughput_updates_per_s": fmax * 1e6 * rate,
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
                    "nextpnr flow and harness) against the Verilog core of the same configuration. Goal: the same "
                    "DSP and BRAM counts, LUT4 and Fmax within 10 %. The VHDL runs place and route at 90 % of the "
                    "Verilog run's target clock, so a port that misses the Fmax bound fails the build; the Fmax "
                    "figures here are the measured ones. `make synth-report` fails when a goal is not met.\n\n")
            f.write("| core | target | LUT4 VHDL / Verilog | FF VHDL / Verilog | DSP | BRAM | Fmax MHz VHDL / Verilog | goal |\n")
            f.write("|---|---|---|---|---|---|---|---|\n")
            for v, h in pairs:
                ok = (h["dsps"] == v["dsps"] and h["brams"] == v["brams"] and abs(h["luts"] / v["luts"] - 1) <= 0.10
                      and abs(h["fmax_mhz"] / v["fmax_mhz"] - 1) <= 0.10)
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
                    "without overrun (the set's cycles, measured by the board bench, plus 8), at Fmax.\n\n")
            f.write("| board | device | W | axes | target MHz | Fmax MHz | timing | LUT4 | FF | DSP | BRAM | logic cells | "
                    "cycles per set | servo rate up to (kHz) | axis-updates/s at Fmax |\n")
            f.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
            for r in tops:
                lcs = "%d / %d" % (r["lcs"], r["lcs_available"]) if r["lcs"] is not None else "-"
                cyc = r["axes"] / r["samples_per_clock"]
                f.write("| %s | %s | %d | %d | %g | %.1f | %s | %d | %d | %d | %d | %s | %.0f | %.0f | %.3g |\n" % (
                    r["board"], r["device"], r["width"], r["axes"], r["target_mhz"], r["fmax_mhz"], r["timing"],
                    r["luts"], r["ffs"], r["dsps"], r["brams"], lcs, cyc, r["fmax_mhz"] * 1e3 / cyc,
                    r["throughput_updates_per_s"]))
    for r in records:
        print("%s (%s) %s: Fmax %.1f MHz (%s at %g), %d LUT4, %d FF, %d DSP, %d BRAM" % (
            r["core"], r["lang"], r["target"], r["fmax_mhz"], r["timing"], r["target_mhz"], r["luts"], r["ffs"], r["dsps"], r["brams"]))
    if missed:
        print("FAIL: the VHDL port misses its goal (same DSP and BRAM, LUT4 and Fmax within 10 %%) for: %s"
              % ", ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
