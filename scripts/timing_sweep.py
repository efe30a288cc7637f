#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""timing_sweep.py: nextpnr's placement-seed sweep (make timing-sweep).

  timing_sweep.py run --image NAME --seed N --mhz F --json SYNTH_JSON --out REC [--ledger JSONL] [--cpu-limit S] -- NEXTPNR ARGS...
      one place-and-route run of the netlist with --seed N added (none if the
      ledger holds that run of this very netlist: its record is copied); its log goes
      beside REC (REC without .json, plus .log) and its record, one JSON
      object, to REC. A timing failure is a result, not an error: the record
      says FAIL and the command exits 0 (a run that ends without a Max
      frequency line, for example one that does not fit, exits 1, and so does
      one stopped by a signal, which leaves no record). With --cpu-limit, a
      run still going after S seconds of CPU (nextpnr's router can go round
      a congested region for hours) is stopped and recorded as a failure,
      "not routed", with fmax_mhz null; a ledger record of such a run is used
      only while the limit is not raised above its own.

  timing_sweep.py report [--check] --records DIR --ledger JSONL --out MD --seeds "1 2 ..." --command CMD NAME=SYNTH_JSON@MHZ...
      docs/results/timing.md from the records under DIR/NAME/ and those kept
      in the ledger JSONL, for the images in the order given. A record is
      used only if its netlist (its key: the sha256 of SYNTH_JSON with the
      line numbers of its source locations masked) and its target clock
      are the current ones; other seeds show as not run. The ledger is then rewritten with the
      records used (a record of this run replaces the ledger's for the same
      image, seed and netlist), so that runs of an earlier checkout count as
      long as the netlist they placed is unchanged; the ledger is committed
      with the report. With --check, exits 1 if any run failed or was not run.
  timing_sweep.py check --mhz F LOG
      the verdict of one nextpnr log (the build's rule for a run made with
      --timing-allow-fail): exit 0 when its routed Max frequency meets F and
      every hold violation it reports is a known false one (below), else 1.

Known false hold reports: nextpnr's Gowin timing model checks the address
pins of a block RAM (ADA*, ADB*) against a hold requirement several times
the real one, so a path that arrives later than the requirement it prints
is still reported as a violation. The Gowin runs are therefore made with
--timing-allow-fail, and a run passes when it meets its clock and every
hold violation ends at such a pin; any other hold violation fails it.
"""
import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import time

HOLD = re.compile(r"^ERROR: Hold/min time violation")
SINK = re.compile(r"^Info:\s+Sink (\S+)$")
# a block RAM address pin, cell.ADA<n> / cell.ADB<n> (Gowin SP/SDP/DP/pROM)
BRAM_ADDR = re.compile(r"\.AD[AB]?\d+$")
MAXF = re.compile(r"Max frequency for clock +'([^']+)': ([0-9.]+) MHz \((PASS|FAIL) at ([0-9.]+) MHz\)")


# a source location in Yosys' JSON (the src, cell_src and module_src attributes):
# file.v:LINE.COL-LINE.COL, or file.vhd:LINE.COL
SRC_LOC = re.compile(rb"(\.(?:v|vh|sv|vhd|vhdl)):\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?")


def sha(path):
    """The netlist's key: sha256 (first 16 hex digits) of Yosys' JSON with the
    line and column numbers of its source locations masked. A netlist whose
    sources changed only outside the synthesized logic (a comment, a FORMAL
    section) keeps its key, and its runs; any change of a cell, a connection,
    a parameter or a name gives a new one."""
    with open(path, "rb") as f:
        text = f.read()
    return hashlib.sha256(SRC_LOC.sub(rb"\1:*", text)).hexdigest()[:16]


def hold_violations(log):
    """The sink pin of every hold violation reported in LOG that is not a
    known false report (a Gowin block RAM address pin)."""
    bad, in_hold, sink = [], False, None
    with open(log) as f:
        for line in f:
            if HOLD.match(line) or line.startswith("Info: Max frequency") or line.startswith("ERROR:"):
                if in_hold and sink is not None and not BRAM_ADDR.search(sink):
                    bad.append(sink)
                in_hold, sink = bool(HOLD.match(line)), None
                continue
            m = SINK.match(line)
            if in_hold and m and sink is None:
                sink = m.group(1)
    if in_hold and sink is not None and not BRAM_ADDR.search(sink):
        bad.append(sink)
    return bad


def last_fmax(log):
    fmax = clock = None
    with open(log) as f:
        for line in f:
            m = MAXF.search(line)
            if m:   # the last report is the routed design's
                clock, fmax = m.group(1), float(m.group(2))
    return clock, fmax


def check(a):
    try:
        clock, fmax = last_fmax(a.log)
        bad = hold_violations(a.log)
    except OSError as e:
        print(f"timing_sweep: {a.log}: {e.strerror}", file=sys.stderr)
        return 1
    if fmax is None:
        print(f"timing_sweep: {a.log}: no Max frequency (the run did not finish)", file=sys.stderr)
        return 1
    ok = fmax >= a.mhz and not bad
    for b in bad:
        print(f"timing_sweep: {a.log}: hold violation at {b}", file=sys.stderr)
    print(f"Max frequency for clock '{clock}': {fmax:.2f} MHz ({'PASS' if ok else 'FAIL'} at {a.mhz:g} MHz)")
    return 0 if ok else 1


def run(a, cmd):
    log = a.out[:-len(".json")] + ".log" if a.out.endswith(".json") else a.out + ".log"
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    key = sha(a.json)
    done = read_ledger(a.ledger).get((a.image, a.seed, key, float(a.mhz)))
    if done is not None and "command" in done and done["command"].rsplit(" --seed ", 1)[0] != " ".join(cmd):
        done = None        # placed with another nextpnr command (another router, say); the
                           # records taken over from reports of earlier checkouts have none
    if done is not None and done.get("fmax_mhz") is None and (a.cpu_limit is None or a.cpu_limit > done["cpu_limit"]):
        done = None        # not routed within a lower limit than this one: try again
    if done is not None:   # placed before, from this very netlist at this target, with this command
        write_record(a.out, done)
        print(f"  {a.image:<14} seed {a.seed}: {cell(done)} at {a.mhz:g} (recorded in {a.ledger})")
        return 0
    full = cmd + ["--seed", str(a.seed), "--json", a.json, "-l", log]
    t0 = time.time()

    def record(fields):
        rec = {"image": a.image, "seed": a.seed, "target_mhz": a.mhz, "netlist_sha256": key,
               "seconds": round(time.time() - t0), "command": " ".join(full), **fields}
        write_record(a.out, rec)
        return rec

    proc = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rc = None
    while rc is None:
        try:
            rc = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            cpu = cpu_seconds(proc.pid)
            if a.cpu_limit is not None and cpu is not None and cpu > a.cpu_limit:
                proc.kill()
                proc.wait()
                rec = record({"fmax_mhz": None, "clock": None, "pass": False, "nextpnr_exit": None,
                              "hold_violations": [], "cpu_limit": a.cpu_limit})
                print(f"  {a.image:<14} seed {a.seed}: {cell(rec)} at {a.mhz:g} "
                      f"(stopped after {a.cpu_limit:g} s of CPU, {rec['seconds']} s)")
                return 0
    if rc < 0:   # stopped by a signal: its log may hold the placer's estimate, not a routed result
        print(f"timing_sweep: {a.image} seed {a.seed}: nextpnr stopped by signal {-rc}; no record",
              file=sys.stderr)
        return 1
    fmax = clock = None
    bad = []
    try:
        clock, fmax = last_fmax(log)
        bad = hold_violations(log)
    except OSError:
        pass
    if fmax is None:
        print(f"timing_sweep: {a.image} seed {a.seed}: no Max frequency in {log} (exit {rc})", file=sys.stderr)
        return 1
    ok = fmax >= a.mhz and rc == 0 and not bad
    rec = record({"fmax_mhz": fmax, "clock": clock, "pass": ok, "nextpnr_exit": rc, "hold_violations": bad})
    print(f"  {a.image:<14} seed {a.seed}: {fmax:7.2f} MHz at {a.mhz:g} {'PASS' if ok else 'FAIL'} ({rec['seconds']} s)")
    return 0


def cpu_seconds(pid):
    """The CPU time (user and system) process PID has used so far, from /proc; None where there is none."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def write_record(path, rec):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(rec, f)
        f.write("\n")
    os.replace(tmp, path)


def cell(r):
    """A record's cell of the report: Fmax and verdict, or a run stopped before routing ended."""
    if r.get("fmax_mhz") is None:
        return f"not routed in {r['cpu_limit'] / 60:g} min **FAIL**"
    return f"{r['fmax_mhz']:.2f} {'PASS' if r['pass'] else '**FAIL**'}"


def read_ledger(path):
    """The ledger's records by (image, seed, netlist sha256, target MHz)."""
    led = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    r = json.loads(line)
                    led[(r["image"], int(r["seed"]), r["netlist_sha256"], float(r["target_mhz"]))] = r
                except (ValueError, KeyError) as e:
                    raise SystemExit(f"timing_sweep: {path}:{n}: not a record ({e})")
    return led


def report(a):
    seeds = [int(s) for s in a.seeds.split()]
    rows = []
    bad = 0
    led = read_ledger(a.ledger)
    kept = []
    for spec in a.images:
        name, rest = spec.split("=", 1)
        path, mhz = rest.rsplit("@", 1)
        cur = sha(path) if os.path.exists(path) else None
        recs = {}
        if cur is None:   # not built here: its ledger records can be neither used nor dropped
            kept += [r for k, r in led.items() if k[0] == name]
        for s in seeds:
            p = os.path.join(a.records, name, f"seed{s}.json")
            r = None
            if os.path.exists(p):
                with open(p) as f:
                    r = json.load(f)
                if r.get("netlist_sha256") != cur or float(r.get("target_mhz", -1)) != float(mhz):
                    r = None
            if r is None:
                r = led.get((name, s, cur, float(mhz)))
            if r is not None:
                recs[s] = r
                kept.append({k: v for k, v in r.items()})
        target = float(mhz)
        cells = []
        for s in seeds:
            r = recs.get(s)
            if r is None:
                cells.append("not run")
                bad += 1
            else:
                cells.append(cell(r))
                bad += 0 if r["pass"] else 1
        f = [r["fmax_mhz"] for r in recs.values() if r.get("fmax_mhz") is not None]
        if f:
            mn, md = min(f), statistics.median(f)
            margin = f"{100.0 * (mn / target - 1):+.1f} %"
            npass = sum(1 for r in recs.values() if r["pass"])
            summ = [f"{target:g}", *cells, f"{mn:.2f}", f"{md:.2f}", margin, f"{npass} / {len(seeds)}"]
        else:
            summ = [f"{target:g}", *cells, "", "", "", f"0 / {len(seeds)}"]
        rows.append([name, *summ])
    head = ["image", "target MHz", *[f"seed {s}" for s in seeds], "min", "median", "min vs target", "pass"]
    out = ["# Timing over placement seeds", "",
           "Generated by `" + a.command + "` (scripts/timing_sweep.py) from one nextpnr run per image and "
           "placement seed (`--seed N`), each with the command and target clock of the image's build "
           "(mk/board.mk, mk/synth.mk); do not edit. Fmax is nextpnr's routed Max frequency in MHz; "
           "a run passes when it meets the target clock, and fails when it misses it or is stopped at the "
           "CPU limit (`TIMING_CPU_LIMIT`) before its routing ends (not routed). A seed whose record is missing, or was made "
           "from another netlist or at another target than the current one, shows as not run.", "",
           "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    out += ["", "The records (one JSON object a run, with the full nextpnr command, the netlist's "
            "key (the sha256 of its JSON with source line numbers masked) and the run time) are kept in `docs/results/timing-records.jsonl`, so that a sweep "
            "can be finished over several checkouts as long as the netlists do not change; the nextpnr "
            "logs of the runs made in a checkout are in `build/timing/<image>/`.", ""]
    tmp = a.out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(out))
    os.replace(tmp, a.out)
    if a.ledger:
        tmp = a.ledger + ".tmp"
        with open(tmp, "w") as f:
            for r in kept:
                f.write(json.dumps(r, sort_keys=True) + "\n")
        os.replace(tmp, a.ledger)
    print(f"  {a.out}: {len(rows)} images x {len(seeds)} seeds, {bad} failed or not run")
    return 1 if bad and a.check else 0


def main():
    argv = sys.argv[1:]
    cmd = []
    if "--" in argv:
        i = argv.index("--")
        argv, cmd = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("--image", required=True)
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("--mhz", type=float, required=True)
    r.add_argument("--json", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--ledger", default=None)
    r.add_argument("--cpu-limit", type=float, default=None)
    p = sub.add_parser("report")
    p.add_argument("--records", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--ledger", default=None)
    p.add_argument("--seeds", required=True)
    p.add_argument("--command", default="make timing-sweep")
    p.add_argument("--check", action="store_true")
    p.add_argument("images", nargs="+")
    c = sub.add_parser("check")
    c.add_argument("--mhz", type=float, required=True)
    c.add_argument("log")
    a = ap.parse_args(argv)
    if a.mode == "check":
        return check(a)
    if a.mode == "run":
        if not cmd:
            ap.error("run needs the nextpnr command after --")
        return run(a, cmd)
    return report(a)


if __name__ == "__main__":
    sys.exit(main())
