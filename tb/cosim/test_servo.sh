#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Tests of fricore-cosim servo: the servo axis with the Verilated fric_lugre
# core as its LuGre compensator, checked against the C fixed-point model at
# every sample. Usage: test_servo.sh BUILD/bin   (uses cmodel/tests/cli/lib.sh)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../cmodel/tests/cli/lib.sh"
COSIM=$1/fricore-cosim
SIM=$1/fricore

# ---- the RTL run is the fixed-point run: every metric equal, every sample checked
for c in "sine" "step --amplitude 0.001 --period 1"; do
  # shellcheck disable=SC2086 # c is split on purpose
  run "$COSIM" servo --reference $c --duration 0.6 --compensation lugre --comp-arith rtl --f-max 4 --csv "$tmp/rtl.csv"
  cp "$tmp/out" "$tmp/rtl.json"; rc_rtl=$rc
  # shellcheck disable=SC2086
  run "$SIM" servo --reference $c --duration 0.6 --compensation lugre --comp-arith fixed --f-max 4 --csv "$tmp/fx.csv"
  if [ "$rc_rtl" -eq 0 ] && [ "$rc" -eq 0 ] && python3 - "$tmp/rtl.json" "$tmp/out" <<'PY'
import json, sys
r, f = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert r["comp_arith"] == "rtl" and f["comp_arith"] == "fixed"
assert r["rtl"] == {"samples_checked": 6000, "bit_exact": True}, r.get("rtl")
for d in (r, f):
    del d["comp_arith"], d["run"]["wall_time_s"]
r.pop("rtl")
assert r == f, (r, f)
PY
  then
    # the sample histories too: the same estimate at every sample, column for column
    if cmp -s "$tmp/rtl.csv" "$tmp/fx.csv"; then ok "servo --reference $c: the RTL run's summary and CSV are the fixed-point run's (6000 samples checked)"
    else bad "servo --reference $c: the RTL and fixed-point CSVs differ"; fi
  else bad "servo --reference $c: RTL against fixed (status $rc_rtl/$rc): $(tail -c 300 "$tmp/err")"; fi
done

# ---- the adaptive observer: the core retuned by commits, still the fixed-point run at every sample
run "$COSIM" servo --duration 1 --compensation lugre-adaptive --adapt-rate 20 --adapt-sigma2 --comp-arith rtl --f-max 4 \
  --drift fc=1.4,fs=1.4,sigma2=0.8 --csv "$tmp/artl.csv"
cp "$tmp/out" "$tmp/artl.json"; rc_rtl=$rc
run "$SIM" servo --duration 1 --compensation lugre-adaptive --adapt-rate 20 --adapt-sigma2 --comp-arith fixed --f-max 4 \
  --drift fc=1.4,fs=1.4,sigma2=0.8 --csv "$tmp/afx.csv"
if [ "$rc_rtl" -eq 0 ] && [ "$rc" -eq 0 ] && cmp -s "$tmp/artl.csv" "$tmp/afx.csv" && python3 - "$tmp/artl.json" "$tmp/out" <<'PY'
import json, sys
r, f = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert r["rtl"] == {"samples_checked": 10000, "bit_exact": True}, r.get("rtl")
assert r["adaptation"]["retunes"] >= 5, r["adaptation"]
for d in (r, f):
    del d["comp_arith"], d["run"]["wall_time_s"]
r.pop("rtl")
assert r == f, (r, f)
print("# %d retunes committed to the core" % f["adaptation"]["retunes"])
PY
then ok "servo --compensation lugre-adaptive --comp-arith rtl: retuned by commits, the summary and CSV are the fixed-point run's"
else bad "servo lugre-adaptive RTL against fixed (status $rc_rtl/$rc): $(tail -c 300 "$tmp/err")"; fi

# ---- the check fails when the two differ: a mismatch injected at sample 1234
scratch inj
expect_fail "servo --inject-mismatch 1234: status 1, the sample and both forces named" 1 \
  '^fricore-cosim servo: at t = 0.1234 s \(v code -?[0-9]+\) the core gave F code -?[0-9]+, the C model -?[0-9]+$' \
  "$COSIM" servo --duration 0.5 --compensation lugre --comp-arith rtl --inject-mismatch 1234 --summary "$d/s.json" --report "$d/r.html"
expect_files "servo --inject-mismatch: no output left" "$d" ""
expect_fail "servo --inject-mismatch without rtl: refused" 2 'inject-mismatch applies only with --comp-arith rtl' \
  "$COSIM" servo --compensation lugre --inject-mismatch 3
expect_fail "servo --comp-arith rtl --width 18: the core's width is 16" 2 '--width must be 16 with --comp-arith rtl' \
  "$COSIM" servo --compensation lugre --comp-arith rtl --width 18
expect_fail "servo --comp-arith rtl --compensation coulomb: the core is LuGre" 2 'comp-arith rtl needs --compensation lugre' \
  "$COSIM" servo --compensation coulomb --comp-arith rtl
run "$COSIM" servo --help
if [ "$rc" -eq 0 ] && grep -q -- '--inject-mismatch X' "$tmp/out" && grep -q '^exit status:$' "$tmp/out"; then
  ok "fricore-cosim servo --help: the options, the test aid and the contract"
else bad "fricore-cosim servo --help (status $rc)"; fi
finish
