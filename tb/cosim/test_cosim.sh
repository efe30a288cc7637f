#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Tests of fricore-cosim (the closed loop with the Verilated core).
# Usage: test_cosim.sh BUILD/bin   (uses cmodel/tests/cli/lib.sh)
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../cmodel/tests/cli/lib.sh"
COSIM=$1/fricore-cosim
SIM=$1/fricore

# ---- the canonical stick-slip with the RTL in the loop: within 1% of double at T = 100 us
run "$COSIM" --example canudas1995 --ts 1e-4 --v-max 0.5 --duration 15 --csv "$tmp/rtl.csv"
cp "$tmp/out" "$tmp/rtl.json"; rc_rtl=$rc
run "$COSIM" --example canudas1995 --ts 1e-4 --v-max 0.5 --duration 15 --friction double --summary "$tmp/dbl.json"
if [ "$rc_rtl" -eq 0 ] && [ "$rc" -eq 0 ] && python3 - "$tmp/rtl.json" "$tmp/dbl.json" "$tmp/rtl.csv" <<'PY'
import csv, json, sys
r, d = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert r["integration"]["method"] == "rtl" and d["integration"]["method"] == "double"
assert r["stick_slip"]["present"] and d["stick_slip"]["present"]
for k in ("period_s", "peak_abs_velocity_m_per_s"):
    a, b = r["stick_slip"][k], d["stick_slip"][k]
    assert abs(a - b) <= 0.01 * abs(b), (k, a, b)
a, b = r["peak_abs_friction_N"], d["peak_abs_friction_N"]
assert abs(a - b) <= 0.01 * b, (a, b)
rows = list(csv.reader(open(sys.argv[3])))
assert rows[0] == ["t", "x", "v", "z", "F_f", "F_spring", "F_ext"], rows[0]  # fricore sim's CSV
assert len(rows) == 150002
# every force is a whole number of output LSB (2 N / 2^15): it came from the port
lsb = 2.0 / 32768
assert all(abs(float(x[4]) / lsb - round(float(x[4]) / lsb)) < 1e-6 for x in rows[1::997])
PY
then ok "cosim: RTL in the loop, stick-slip within 1% of double at T = 100 us; fricore sim's CSV, forces on the port's grid"
else bad "cosim: RTL loop (status $rc_rtl/$rc: $(head -c 300 "$tmp/err"))"; fi

# ---- --friction fixed is the RTL run, number for number (the core is bit-exact)
run "$COSIM" --example canudas1995 --ts 1e-3 --v-max 0.5 --duration 10 --friction fixed --csv "$tmp/fx.csv"
run "$COSIM" --example canudas1995 --ts 1e-3 --v-max 0.5 --duration 10 --csv "$tmp/rt.csv"
if [ "$rc" -eq 0 ] && cmp -s "$tmp/fx.csv" "$tmp/rt.csv"; then ok "cosim: --friction fixed and rtl give the same CSV, byte for byte"
else bad "cosim: fixed vs rtl CSV differ (status $rc)"; fi

# ---- --friction double is fricore sim --integrator exact at dt = ts
run "$COSIM" --example canudas1995 --ts 1e-3 --duration 5 --friction double --csv "$tmp/d.csv"
run "$SIM" sim --example canudas1995 --dt 1e-3 --duration 5 --integrator exact --csv "$tmp/s.csv"
if [ "$rc" -eq 0 ] && cmp -s "$tmp/d.csv" "$tmp/s.csv"; then ok "cosim: --friction double is fricore sim --integrator exact, byte for byte"
else bad "cosim: double vs sim exact differ"; fi

# ---- a velocity past the port's range is clamped, counted and warned about
run "$COSIM" --example canudas1995 --ts 1e-3 --duration 10 --v-max 0.125 --friction fixed
if [ "$rc" -eq 0 ] && grep -q "beyond the port's range.*raise --v-max" "$tmp/err"; then ok "cosim: v beyond --v-max is clamped and warned about"
else bad "cosim: no clamp warning (status $rc: $(head -c 300 "$tmp/err"))"; fi

# ---- the report of a co-simulation: the same page as fricore sim's, saying where F came from
run "$COSIM" --example canudas1995 --ts 1e-3 --duration 10 --report "$tmp/c.html"
if [ "$rc" -eq 0 ] && grep -q "Verilated RTL core fric_lugre" "$tmp/c.html" && \
   "$here/../../scripts/check_page.sh" "$tmp/c.html" "Assumptions and limits" "time-data" >"$tmp/err" 2>&1; then
  ok "cosim: --report names the RTL as the friction source and loads in Chromium with a clean console"
else bad "cosim: report (status $rc: $(head -c 300 "$tmp/err"))"; fi

# ---- refused input: exit 2, one line
expect_usage_error "cosim: --dt does not apply" '^fricore-cosim: --dt does not apply here: .*--ts sets both$' "$COSIM" --ts 1e-4 --dt 1e-5
expect_usage_error "cosim: --integrator does not apply" '^fricore-cosim: --integrator does not apply here: .*closed form' "$COSIM" --integrator=exact
expect_usage_error "cosim: --check-step does not apply" '^fricore-cosim: --check-step does not apply here' "$COSIM" --check-step
run "$COSIM" --help
if [ "$rc" -eq 0 ] && ! grep -Eq -- '^  --(dt|integrator|check-step) ' "$tmp/out" && grep -q -- '^  --ts X' "$tmp/out"; then
  ok "cosim --help: lists --ts, not the sim options that do not apply"
else bad "cosim --help (status $rc)"; fi
expect_usage_error "cosim: z0 with the core" 'z0 .*must be 0 with --friction rtl' "$COSIM" --z0 1e-6
expect_usage_error "cosim: ts = 0" 'ts .*> 0' "$COSIM" --ts 0
expect_usage_error "cosim: static model" '--model: expected one of lugre\|dahl' "$COSIM" --model stribeck
expect_usage_error "cosim: unknown friction" '--friction: expected one of rtl\|fixed\|double' "$COSIM" --friction spice
expect_usage_error "cosim: mass" 'mass .*> 0' "$COSIM" --mass 0

# ---- run outside the project root: the core carries its tables in its
# source (rtl/generated/fric_tables.vh), so a run started anywhere gives the
# same forces as one started here
abs_cosim=$(cd "$(dirname "$COSIM")" && pwd)/$(basename "$COSIM")
mkdir -p "$tmp/elsewhere"
run "$abs_cosim" --example canudas1995 --ts 1e-3 --duration 0.01 --csv "$tmp/here.csv"
rc_here=$rc
run env -C "$tmp/elsewhere" "$abs_cosim" --example canudas1995 --ts 1e-3 --duration 0.01 --csv "$tmp/elsewhere/x.csv"
if [ "$rc_here" -eq 0 ] && [ "$rc" -eq 0 ] && cmp -s "$tmp/here.csv" "$tmp/elsewhere/x.csv"; then
  ok "cosim: a run started outside the project root gives the same CSV as one started in it"
else bad "cosim: outside the project root: status $rc (here $rc_here), CSVs $(cmp "$tmp/here.csv" "$tmp/elsewhere/x.csv" 2>&1 | head -c 200)"; fi
finish
