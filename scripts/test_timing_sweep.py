#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""test_timing_sweep.py: the seed sweep's records and ledger (make test-timing-sweep).

Runs scripts/timing_sweep.py with a stand-in for nextpnr that writes a log
with a chosen Max frequency, and checks: a run stopped by a signal writes no
record; a run writes its record; the report
takes only records of the current netlist; the ledger keeps the records it
used, a later checkout without build records still reports them, and a run
whose record is in the ledger does not call the place-and-route command
unless that command changed; a netlist whose source line numbers alone changed keeps them, a changed netlist
drops them; a failing run fails --check; a run past its CPU limit is stopped and recorded as not
routed, a failure, and is run again when the limit is raised.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = [sys.executable, os.path.join(HERE, "timing_sweep.py")]


def sh(*args, ok=True):
    p = subprocess.run(TOOL + list(args), capture_output=True, text=True)
    if ok and p.returncode != 0:
        raise AssertionError(f"{args}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    return p


def main():
    with tempfile.TemporaryDirectory() as d:
        net = os.path.join(d, "synth.json")
        with open(net, "w") as f:
            f.write('{"netlist": 1, "attributes": {"src": "fric_x.v:10.1-12.5"}}\n')
        calls = os.path.join(d, "calls")
        fake = os.path.join(d, "fake_pnr.py")
        with open(fake, "w") as f:
            f.write("import sys\n"
                    f"open({calls!r}, 'a').write('x')\n"
                    "a = sys.argv\n"
                    "log = a[a.index('-l') + 1]\n"
                    "seed = int(a[a.index('--seed') + 1])\n"
                    "mhz = 50.0 + seed\n"
                    "open(log, 'w').write(\"Info: Max frequency for clock 'clk': %.2f MHz (PASS at 40.00 MHz)\\n\" % mhz)\n")
        rec = os.path.join(d, "build", "img")
        led = os.path.join(d, "ledger.jsonl")
        md = os.path.join(d, "timing.md")

        def run(seed, mhz=40, extra=(), tool=fake, opts=(), ok=True):
            """timing_sweep.py run with TOOL as nextpnr (EXTRA: its arguments; OPTS: the run's own)"""
            return sh("run", "--image", "img", "--seed", str(seed), "--mhz", str(mhz), "--json", net,
                      "--out", os.path.join(rec, f"seed{seed}.json"), "--ledger", led, *opts,
                      "--", sys.executable, tool, *extra, ok=ok)

        def report(*extra, ok=True, mhz=40):
            return sh("report", *extra, "--records", os.path.join(d, "build"), "--ledger", led, "--out", md,
                      "--seeds", "1 2", f"img={net}@{mhz}", ok=ok)

        # a run stopped by a signal (its log has the placer's estimate) leaves no record
        killed = os.path.join(d, "killed_pnr.py")
        with open(killed, "w") as f:
            f.write("import os, signal, sys\n"
                    "a = sys.argv\n"
                    "open(a[a.index('-l') + 1], 'w').write(\"Info: Max frequency for clock 'clk': 30.00 MHz "
                    "(FAIL at 40.00 MHz)\\n\")\n"
                    "os.kill(os.getpid(), signal.SIGTERM)\n")
        p = run(1, tool=killed, ok=False)
        assert p.returncode == 1 and "signal 15" in p.stderr, p
        assert not os.path.exists(os.path.join(rec, "seed1.json"))
        run(1)
        r = json.load(open(os.path.join(rec, "seed1.json")))
        assert r["fmax_mhz"] == 51.0 and r["pass"] and r["seed"] == 1, r
        assert report("--check", ok=False).returncode == 1          # seed 2 not run
        assert "51.00 PASS | not run" in open(md).read()
        run(2)
        assert report("--check").returncode == 0
        assert len(open(led).read().splitlines()) == 2
        # a new checkout: no build records, the ledger alone
        for s in (1, 2):
            os.remove(os.path.join(rec, f"seed{s}.json"))
        assert report("--check").returncode == 0
        assert "51.00 PASS | 52.00 PASS" in open(md).read()
        n = len(open(calls).read())
        run(2)                                                       # recorded: no place and route
        assert len(open(calls).read()) == n
        assert json.load(open(os.path.join(rec, "seed2.json")))["fmax_mhz"] == 52.0
        # a netlist whose source locations alone moved (a FORMAL section added above) keeps its runs
        with open(net, "w") as f:
            f.write('{"netlist": 1, "attributes": {"src": "fric_x.v:47.3-52.9"}}\n')
        assert report("--check").returncode == 0
        run(2)
        assert len(open(calls).read()) == n
        # another nextpnr command (another router, say) is a new run, even on the same netlist
        run(2, extra=["--router", "router2"])
        assert len(open(calls).read()) == n + 1
        assert json.load(open(os.path.join(rec, "seed2.json")))["command"].count("router2") == 1
        run(2)                                   # the ledger's run of the first command still stands
        assert len(open(calls).read()) == n + 1
        assert "router2" not in json.load(open(os.path.join(rec, "seed2.json")))["command"]
        # a new target is a new run (nextpnr places for its --freq); one the runs miss fails --check
        run(1, mhz=60)
        assert len(open(calls).read()) == n + 2
        assert report("--check", ok=False, mhz=60).returncode == 1
        assert "**FAIL** | not run" in open(md).read()
        # an image not built here keeps its ledger records
        before = open(led).read()
        assert before != ""
        os.rename(net, net + ".away")
        report(ok=False)
        assert open(led).read() == before
        os.rename(net + ".away", net)
        # a changed netlist makes every record stale, and drops them from the ledger
        with open(net, "w") as f:
            f.write('{"netlist": 2, "attributes": {"src": "fric_x.v:47.3-52.9"}}\n')
        assert report("--check", ok=False).returncode == 1
        assert "not run | not run" in open(md).read()
        assert report("--check", ok=False, mhz=60).returncode == 1
        assert "not run | not run" in open(md).read()
        assert open(led).read() == ""
        # a run that goes on past its CPU limit (a router going round a congested region)
        spin = os.path.join(d, "spin_pnr.py")
        with open(spin, "w") as f:
            f.write("import sys, time\n"
                    f"open({calls!r}, 'a').write('x')\n"
                    "a = sys.argv\n"
                    "open(a[a.index('-l') + 1], 'w').write(\"Info: Max frequency for clock 'clk': 30.00 MHz "
                    "(FAIL at 40.00 MHz)\\n\")\n"
                    "t = time.time()\n"
                    "while time.time() - t < 60:\n"
                    "    pass\n")

        def spin_run(limit):
            return run(1, tool=spin, opts=("--cpu-limit", str(limit)))
        n = len(open(calls).read())
        p = spin_run(0.5)
        r = json.load(open(os.path.join(rec, "seed1.json")))
        assert r["fmax_mhz"] is None and not r["pass"] and r["cpu_limit"] == 0.5 and r["seconds"] < 30, r
        assert "not routed" in p.stdout, p.stdout
        run(2)
        assert report("--check", ok=False).returncode == 1
        assert "not routed in 0.00833333 min **FAIL** | 52.00 PASS" in open(md).read()
        spin_run(0.5)                            # the same limit: the ledger's record stands
        assert len(open(calls).read()) == n + 2
        spin_run(1.0)                            # a higher one: run again
        assert len(open(calls).read()) == n + 3
        assert json.load(open(os.path.join(rec, "seed1.json")))["cpu_limit"] == 1.0
    print("test_timing_sweep: 34 checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
