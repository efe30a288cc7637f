# SPDX-License-Identifier: Apache-2.0
# fricore sim: the stick-slip simulator (sourced by run.sh; uses lib.sh).

# ---- the canonical example: a JSON summary with stick-slip, and the CSV it summarizes
run "$FRICORE" sim --example canudas1995 --duration 15 --csv "$tmp/sim.csv"
if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$tmp/sim.csv" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2])))
assert rows[0] == ["t", "x", "v", "z", "F_f", "F_spring", "F_ext"], rows[0]
d = [[float(x) for x in r] for r in rows[1:]]
assert len(d) == s["integration"]["steps"] + 1 == 1500001
# the summary is computed from the very samples the CSV holds
peak = max(abs(r[4]) for r in d)
assert abs(peak - s["peak_abs_friction_N"]) <= 1e-8 * peak, (peak, s["peak_abs_friction_N"])
last = d[-1]
f = s["final"]
for got, want in ((last[0], f["t_s"]), (last[1], f["x_m"]), (last[2], f["v_m_per_s"]), (last[3], f["z_m"]), (last[4], f["friction_N"])):
    assert abs(got - want) <= 1e-9 * max(1e-12, abs(want)), (got, want)
thr = s["stick_threshold_m_per_s"]
assert thr == 1e-4  # vs / 10
frac = sum(abs(r[2]) < thr for r in d) / len(d)
assert abs(frac - s["near_stick_fraction"]) < 1e-9, (frac, s["near_stick_fraction"])
# the spring column is k (vd t - x), the physics of the plant
assert all(abs(r[5] - 2.0 * (0.1 * r[0] - r[1])) < 1e-9 for r in d[::1000])
# stick-slip: friction never above Fs, and a period found
assert peak <= 1.5
ss = s["stick_slip"]
assert ss["present"] and ss["slips"] == 2 and 5.0 < ss["period_s"] < 8.0, ss
# the period is the time between the two slip onsets, read back from the CSV
# with the same rule: a slip starts where |v| crosses the slip threshold
# (interpolated between samples) if it stays above it for the minimum
# duration, and ends below the stick threshold (this run never turns back)
slip, tmin = s["slip_threshold_m_per_s"], s["min_slip_duration_s"]
assert slip == 1e-2 and tmin == 1e-4, (slip, tmin)  # 10 vs, 10 dt
onsets, slipping, cand, prev = [], False, None, None
for r in d:
    a = abs(r[2])
    if slipping and a < thr: slipping = False
    if cand is not None and a < slip: cand = None
    if not slipping and cand is None and a >= slip:
        a0 = abs(prev[2])
        assert a0 < slip <= a, (prev, r)
        cand = r[0] - (r[0] - prev[0]) * (a - slip) / (a - a0)
    if cand is not None and r[0] - cand >= tmin:
        onsets.append(cand); slipping, cand = True, None
    prev = r
# equal to the summary's 9 significant digits
assert len(onsets) == 2 and "%.9g" % (onsets[1] - onsets[0]) == "%.9g" % ss["period_s"], (onsets, ss)
assert s["velocity_reversals"] == 0 and s["chatter"]["count"] == 0, s
# and it lies strictly between sample times: the interpolation took effect
assert all(abs(t / 1e-5 - round(t / 1e-5)) > 1e-6 for t in onsets), onsets
PY
then ok "sim: canudas1995 summary matches its CSV; stick-slip found"; else bad "sim: canudas1995 summary/CSV (status $rc: $(head -c 300 "$tmp/err"))"; fi

# ---- Dahl and LuGre agree when Fs = Fc and sigma1 = 0
run "$FRICORE" sim --model dahl --fc 1 --duration 1 --dt 1e-5 --x0 -0.7 --csv "$tmp/dahl.csv" --summary "$tmp/dahl.json"
rc_dahl=$rc
run "$FRICORE" sim --model lugre --fc 1 --fs 1 --sigma1 0 --duration 1 --dt 1e-5 --x0 -0.7 --csv "$tmp/lugre.csv" --summary "$tmp/lugre.json"
if [ "$rc_dahl" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/dahl.csv")" -eq 100002 ]; then
  cp "$tmp/lugre.csv" "$tmp/out"
  expect_csv "sim: Dahl = LuGre with Fs = Fc, sigma1 = 0 (every CSV number)" "$tmp/dahl.csv"
else bad "sim: dahl/lugre runs (status $rc_dahl, $rc)"; fi

# ---- --csv-every N: samples 0, N, 2N, ... of the full history, and the same summary
run "$FRICORE" sim --model lugre --fc 1 --fs 1 --sigma1 0 --duration 1 --dt 1e-5 --x0 -0.7 --csv "$tmp/every.csv" \
  --csv-every 997 --summary "$tmp/every.json"
if [ "$rc" -eq 0 ] && python3 - "$tmp/lugre.csv" "$tmp/every.csv" "$tmp/lugre.json" "$tmp/every.json" <<'PY'
import json, sys
full, dec = open(sys.argv[1]).read().splitlines(), open(sys.argv[2]).read().splitlines()
assert dec[0] == full[0], dec[0]
assert dec[1:] == full[1::997], (len(dec), len(full[1::997]))
assert len(dec) == 1 + 100001 // 997 + 1, len(dec)
a, b = json.load(open(sys.argv[3])), json.load(open(sys.argv[4]))
a["integration"].pop("wall_time_s"); b["integration"].pop("wall_time_s")
assert a == b
PY
then ok "sim --csv-every 997: every 997th row of the full CSV, the summary unchanged"
else bad "sim --csv-every (status $rc: $(head -c 300 "$tmp/err"))"; fi
expect_usage_error "sim --csv-every 0: an integer from 1" '^fricore sim: --csv-every \(write every N-th sample\) must be an integer in \[1, 1e9\], got 0$' \
  "$FRICORE" sim --csv "$tmp/x.csv" --csv-every 0
expect_usage_error "sim --csv-every 2.5: an integer" 'must be an integer in \[1, 1e9\], got 2.5$' "$FRICORE" sim --csv "$tmp/x.csv" --csv-every 2.5
expect_usage_error "sim --csv-every without --csv" '^fricore sim: --csv-every applies only with --csv FILE$' "$FRICORE" sim --csv-every 10

# ---- the RK4 bound: a warning that names the remedy; the exact step runs there
run "$FRICORE" sim --dt 1e-3 --duration 2
if grep -q "exceeds the RK4 stability estimate.*--integrator exact" "$tmp/err"; then ok "sim: dt past the RK4 bound warns and suggests --integrator exact"; else bad "sim: no RK4 warning ($(head -c 300 "$tmp/err"))"; fi
# between RK4's real bound on this set (about 70 us at the slip's 0.37 m/s) and its divergence (1 ms) the
# run is finite but wrong: the estimate (the slip speed from Fs - Fc released by the spring) warns there
run "$FRICORE" sim --dt 1e-4 --duration 2
if [ "$rc" -eq 0 ] && grep -q "exceeds the RK4 stability estimate of the bristle state, 5.96e-05 s at |v| = 0.467 m/s" "$tmp/err"
then ok "sim: RK4 at 0.1 ms (finite, but past the bound) warns"; else bad "sim: no RK4 warning at 0.1 ms ($(head -c 300 "$tmp/err"))"; fi
run "$FRICORE" sim --dt 5e-5 --duration 2
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]; then ok "sim: RK4 at 50 us: no warning"; else bad "sim: RK4 at 50 us warned ($(head -c 300 "$tmp/err"))"; fi
run "$FRICORE" sim --dt 1e-3 --integrator exact --duration 20
if [ "$rc" -eq 0 ] && ! grep -q "RK4 stability" "$tmp/err" && grep -q '"present": true' "$tmp/out"; then ok "sim: --integrator exact at dt = 1 ms runs, no warning"; else bad "sim: exact at 1 ms (status $rc)"; fi

# ---- refused input: exit 2, one line naming the parameter and its range
expect_usage_error "sim: mass = 0"          'mass .*> 0'               "$FRICORE" sim --mass 0
expect_usage_error "sim: k < 0"             '^fricore sim: k .*> 0'    "$FRICORE" sim --k -1
expect_usage_error "sim: vs = 0"            'vs .*> 0'                 "$FRICORE" sim --vs 0
expect_usage_error "sim: sigma0 = 0"        'sigma0 .*> 0'             "$FRICORE" sim --sigma0 0
expect_usage_error "sim: dt = 0"            'dt .*> 0'                 "$FRICORE" sim --dt 0
expect_usage_error "sim: duration < 0"      'duration .*> 0'           "$FRICORE" sim --duration -1
expect_usage_error "sim: dt > duration"     'dt .*<= duration'         "$FRICORE" sim --duration 0.001 --dt 0.01
expect_usage_error "sim: duration over 30 s" 'duration .*<= 30 .*--allow-long' "$FRICORE" sim --duration 31
expect_usage_error "sim: Fs < Fc"           'fs .*>= fc'               "$FRICORE" sim --fs 0.5
expect_usage_error "sim: NaN"               '--vd: expected a finite number in m/s' "$FRICORE" sim --vd nan
expect_usage_error "sim: infinite mass"     '--mass: expected a finite number in kg' "$FRICORE" sim --mass inf
expect_usage_error "sim: negative frequency" 'force-freq .*>= 0'       "$FRICORE" sim --force-freq -1
expect_usage_error "sim: stick threshold"   'stick-threshold .*> 0'    "$FRICORE" sim --stick-threshold 0
expect_usage_error "sim: slip threshold"    'slip-threshold .*> 0'     "$FRICORE" sim --slip-threshold -1
expect_usage_error "sim: slip threshold <= stick" 'slip-threshold \(m/s\) must be > the stick threshold \(--stick-threshold, 0.001 m/s\), got 0.001$' "$FRICORE" sim --stick-threshold 1e-3 --slip-threshold 1e-3
expect_usage_error "sim: min slip duration < 0" 'min-slip-duration \(s\) must be >= 0 and <= duration \(20 s\), got -1' "$FRICORE" sim --min-slip-duration -1
expect_usage_error "sim: min slip duration > duration" 'min-slip-duration .*<= duration \(2 s\), got 3' "$FRICORE" sim --duration 2 --min-slip-duration 3
expect_usage_error "sim: unknown option"    "unknown option '--masss'" "$FRICORE" sim --masss 1
expect_usage_error "sim: unknown example"   '--example: expected one of canudas1995' "$FRICORE" sim --example foo
expect_usage_error "sim: unknown model"     '--model: expected one of lugre\|dahl\|elastoplastic\|gms\|stribeck\|viscous\|coulomb' "$FRICORE" sim --model maxwell
expect_usage_error "sim: z0 on a static model" 'z0 .*dahl\|lugre\|elastoplastic only' "$FRICORE" sim --model stribeck --z0 1e-6
expect_usage_error "sim: sigma0 on a static model" '--sigma0 does not apply to --model coulomb' "$FRICORE" sim --model coulomb --sigma0 1e4
# ---- a run that diverges (RK4 past its stability limit): exit 1, no summary,
# the time it happened and what to do (the loop's one-sum finiteness test)
run "$FRICORE" sim --example canudas1995 --dt 1e-3 --duration 20
if [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] &&
   grep -Eq '^fricore sim: the state is no longer finite at t = [0-9.]+ s \(step [0-9]+ of 20000, dt = 0.001 s\): [xvz] = -?(inf|nan) m(/s)?; the step is too long for rk4 \(use --integrator exact' "$tmp/err"; then
  ok "sim: a diverging RK4 run stops with status 1"
else
  bad "sim: a diverging RK4 run stops with status 1 (status $rc, stderr: $(tail -c 300 "$tmp/err"))"
fi
run "$FRICORE" sim --duration 31 --allow-long --dt 1e-3 --integrator exact
if [ "$rc" -eq 0 ]; then ok "sim: --allow-long lifts the 30 s limit"; else bad "sim: --allow-long (status $rc)"; fi

# ---- --check-step: the rerun at dt/2 resolves a converged run and flags a coarse one
run "$FRICORE" sim --x0 -0.7 --duration 10 --check-step
if [ "$rc" -eq 0 ] && python3 - "$tmp/out" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["check_step"]
assert c["dt_half_s"] == 5e-06
m = c["metrics"]
assert len(m) == 11 and all(v["verdict"] == "resolved" for v in m.values()), m
assert m["period_s"]["relative_change"] < 1e-3
assert c["verdict"].startswith("dt resolves")
PY
then ok "sim: --check-step at 10 us: every metric resolved"; else bad "sim: --check-step resolved case (status $rc)"; fi
run "$FRICORE" sim --x0 -0.7 --duration 10 --integrator exact --dt 1e-2 --check-step
if [ "$rc" -eq 0 ] && python3 - "$tmp/out" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["check_step"]
assert c["metrics"]["period_s"]["verdict"] == "not resolved", c["metrics"]["period_s"]
assert c["verdict"].startswith("dt does not resolve")
PY
then ok "sim: --check-step flags the exact step at 10 ms as not resolved"; else bad "sim: --check-step coarse case (status $rc)"; fi

# ---- plots: valid SVG with SI axis labels and ticks, whose polyline is the CSV data
run "$FRICORE" sim --example canudas1995 --duration 15 --dt 1e-4 --integrator exact --csv "$tmp/p.csv" \
    --plot-time "$tmp/t.svg" --plot-hysteresis "$tmp/h.svg"
if [ "$rc" -eq 0 ] && python3 "$here/plot_check.py" "$tmp/p.csv" "$tmp/t.svg" "$tmp/h.svg" 2>"$tmp/err"
then ok "sim: --plot-time and --plot-hysteresis plot the CSV data, with SI labels and ticks"; else bad "sim: plots (status $rc)"; fi

# ---- a static model as the friction element: no state, F_f the curve's at each sample's v
run "$FRICORE" sim --model stribeck --fc 1 --fs 1.5 --vs 1e-3 --b 0.4 --duration 2 --dt 1e-5 --x0 -0.8 --csv "$tmp/st.csv"
if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$tmp/st.csv" <<'PY'
import csv, json, math, sys
s = json.load(open(sys.argv[1]))
assert s["model"] == "stribeck" and s["stick_threshold_m_per_s"] == 1e-4
d = [[float(x) for x in r] for r in list(csv.reader(open(sys.argv[2])))[1:]]
assert all(r[3] == 0.0 for r in d)
for r in d[::97]:
    v = r[2]
    want = 0.0 if v == 0 else math.copysign(1 + 0.5 * math.exp(-(v / 1e-3) ** 2), v) + 0.4 * v
    assert abs(r[4] - want) <= 1e-9 * max(1.0, abs(want)), (r, want)
assert max(abs(r[2]) for r in d) > 0.05  # it slipped
PY
then ok "sim: --model stribeck: no state, F_f is the static curve at every sample"; else bad "sim: static model (status $rc: $(head -c 300 "$tmp/err"))"; fi
run "$FRICORE" sim --model coulomb --fc 1 --duration 1 --dt 1e-4
if [ "$rc" -eq 0 ] && grep -q '"model": "coulomb"' "$tmp/out"; then ok "sim: --model coulomb runs"; else bad "sim: coulomb (status $rc)"; fi

# ---- energy: the work of spring and external force = kinetic energy gained + work of friction
for integ in "rk4 --dt 1e-5" "exact --dt 1e-4"; do
  run "$FRICORE" sim --example canudas1995 --x0 -0.7 --v0 0.01 --force-amp 0.3 --force-freq 0.7 --duration 8 \
      --integrator $integ --csv "$tmp/e.csv"
  if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$tmp/e.csv" "${integ%% *}" <<'PY'
import csv, json, sys
e = json.load(open(sys.argv[1]))["energy"]
d = [[float(x) for x in r] for r in list(csv.reader(open(sys.argv[2])))[1:]]
exact = sys.argv[3] == "exact"
# recomputed from the CSV alone: trapezoidal input power; the friction work as
# the summary defines it (held force * dx for the exact step, else trapezoid)
w_in = sum(0.5 * (b[0] - a[0]) * ((a[5] + a[6]) * a[2] + (b[5] + b[6]) * b[2]) for a, b in zip(d, d[1:]))
w_f = sum((b[4] if exact else 0.5 * (a[4] + b[4])) * (b[1] - a[1]) for a, b in zip(d, d[1:]))
dke = 0.5 * (d[-1][2] ** 2 - d[0][2] ** 2)
assert abs(w_in - e["input_work_J"]) < 1e-6 * abs(w_in), (w_in, e)
assert abs(w_f - e["friction_work_J"]) < 1e-6 * abs(w_f), (w_f, e)
assert abs(dke - e["kinetic_energy_change_J"]) < 1e-9, (dke, e)
assert w_in > 0.3  # it did work: loaded the spring and slipped
# the balance closes within the integrator's error
tol = 1e-3 if exact else 1e-9
assert e["relative_residual"] < tol, e
assert abs(w_in - w_f - dke) < tol * w_in, (w_in, w_f, dke)
PY
  then ok "sim: energy balance (${integ%% *}): input work = kinetic + friction work, from the CSV"; else bad "sim: energy balance ${integ%% *} (status $rc: $(head -c 300 "$tmp/err"))"; fi
done

# ---- the HTML report: every section, both plots are the CSV data, loads in Chromium with a clean console
run "$FRICORE" sim --example canudas1995 --duration 15 --dt 1e-4 --integrator exact --check-step --csv "$tmp/r.csv" \
    --report "$tmp/r.html"
if [ "$rc" -eq 0 ] && python3 "$here/plot_check.py" "$tmp/r.csv" "$tmp/r.html" 2>"$tmp/err" &&
   python3 - "$tmp/r.html" "$tmp/out" <<'PY'
import json, sys
h = open(sys.argv[1], encoding="utf-8").read()
s = json.load(open(sys.argv[2]))
for sec in ("<h2>Inputs</h2>", "<h2>Summary</h2>", "Step check", "<h2>Friction time history</h2>",
            "<h2>Force&ndash;displacement hysteresis</h2>", "<h2>Equations used</h2>", "<h2>Assumptions and limits</h2>",
            "<h2>References</h2>", "doi:10.1109/9.376053", "isothermal", "one-dimensional", "safety"):
    assert sec in h, sec
# nothing loaded from elsewhere
for bad in ("src=", "<script", "<link", "url("):
    assert bad not in h, bad
assert "%.6g" % s["stick_slip"]["period_s"] in h
PY
then ok "sim: --report holds inputs, summary, step check, plots of the CSV data, equations, limits, references"; else bad "sim: report content (status $rc: $(head -c 300 "$tmp/err"))"; fi
if "$here/../../../scripts/check_page.sh" "$tmp/r.html" "Assumptions and limits" "time-data" "hysteresis-data" >"$tmp/err" 2>&1; then
  ok "sim: the report loads in headless Chromium with nothing on its console"
else bad "sim: report in Chromium: $(head -c 400 "$tmp/err")"; fi
# the console check can fail: the same page with a resource from elsewhere and a script error
sed 's|<h2>Inputs</h2>|<img src="http://example.invalid/x.png"><script>undefined_fn()</script><h2>Inputs</h2>|' "$tmp/r.html" >"$tmp/bad.html"
if ! "$here/../../../scripts/check_page.sh" "$tmp/bad.html" >"$tmp/err" 2>&1 && grep -q "Content Security Policy" "$tmp/err"; then
  ok "sim: the Chromium check catches an external resource (negative control)"
else bad "sim: the Chromium check passed a page with an external resource"; fi

# ---- passivity: information in the summary; the example prints no warning, a user's own set is flagged once
run "$FRICORE" sim --example canudas1995 --duration 2 --dt 1e-3 --integrator exact --report "$tmp/pass.html" --summary "$tmp/pass.json"
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && python3 - "$tmp/pass.json" "$tmp/pass.html" <<'PY'
import json, math, sys
p = json.load(open(sys.argv[1]))["passivity"]
# sigma2 - sigma1 (fs - fc) / fc = 0.4 - sqrt(1e5) * 0.5
assert p["met"] is False and abs(p["margin_N_s_per_m"] - (0.4 - math.sqrt(1e5) * 0.5)) < 1e-6, p
assert "sigma2 > sigma1 (fs - fc) / fc" in p["condition"] and "Barabanov and R. Ortega" in p["reference"], p
assert "compensator" in p["meaning"] and "simulation" in p["meaning"], p
h = open(sys.argv[2]).read()
assert "<th>passivity</th><td>not met: sigma2 > sigma1" in h and "In plain words:" in h
PY
then ok "sim: the example's passivity is in the summary and the report, with no warning printed"; else bad "sim: example passivity (status $rc, stderr: $(head -c 300 "$tmp/err"))"; fi
run "$FRICORE" sim --example canudas1995 --b 0.1 --duration 2 --dt 1e-3 --integrator exact --check-step
if [ "$rc" -eq 0 ] && [ "$(grep -c 'warning: .*not passive' "$tmp/err")" -eq 1 ] && grep -q '"met": false' "$tmp/out"; then
  ok "sim: a user's non-passive set is flagged once (and in the summary)"
else bad "sim: user's non-passive set (status $rc, stderr: $(head -c 300 "$tmp/err"))"; fi
run "$FRICORE" sim --example canudas1995 --b 200 --duration 2 --dt 1e-3 --integrator exact
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['passivity']; assert p['met'] and p['margin_N_s_per_m'] > 0, p" "$tmp/out"; then
  ok "sim: a passive set: met, a positive margin, no warning"
else bad "sim: passive set (status $rc)"; fi
run "$FRICORE" sim --model coulomb --duration 1 --dt 1e-3 --integrator exact
if [ "$rc" -eq 0 ] && python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['passivity']; assert p['met'] and p['margin_N_s_per_m'] is None, p" "$tmp/out"; then
  ok "sim: a static curve is passive (no margin)"
else bad "sim: static passivity (status $rc)"; fi

# ---- stick-slip at a drive's sample times: the example's summary from 10 us to 5 ms
# (exact; RK4 where it is stable), and its loss at 10 ms, with the cause and no period
for run_args in "exact 1e-5" "exact 1e-4" "exact 1e-3" "exact 2e-3" "exact 5e-3" "rk4 5e-5"; do
  set -- $run_args
  run "$FRICORE" sim --example canudas1995 --duration 25 --integrator "$1" --dt "$2"
  if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$2" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
dt = float(sys.argv[2])
ss = s["stick_slip"]
assert ss["present"] and ss["slips"] == 3 and abs(ss["period_s"] / 6.3627 - 1) <= 0.002, ss
assert abs(ss["friction_peak_to_peak_N"] / 0.4753 - 1) < 0.01, ss
assert s["velocity_reversals"] == 0, s
assert s["stick_threshold_m_per_s"] == 1e-4 and s["slip_threshold_m_per_s"] == 1e-2, s
assert abs(s["min_slip_duration_s"] - 10 * dt) < 1e-15, s
ch = s["chatter"]
if s["integration"]["method"] == "rk4" or dt < ch["stick_dt_max_s"]:
    assert ch["count"] == 0 and ch["note"] == "", ch
else:  # 5 ms: chatter, reported apart, with the pointer to --check-step
    assert ch["count"] > 100 and 1e-4 < ch["amplitude_m_per_s"] < 1e-2 and "--check-step" in ch["note"], ch
print("# %s dt %g: %d slips, period %.6f s, chatter %d" % (s["integration"]["method"], dt, ss["slips"], ss["period_s"], ch["count"]))
PY
  then ok "sim: canudas1995 $1 at dt = $2: 3 slips, period within 0.2 %"; else bad "sim: canudas1995 $1 at dt = $2 (status $rc: $(head -c 300 "$tmp/err"))"; fi
done
run "$FRICORE" sim --example canudas1995 --duration 25 --integrator exact --dt 1e-2 --report "$tmp/lost.html" --summary "$tmp/lost.json"
if [ "$rc" -eq 0 ] && python3 - "$tmp/lost.json" "$tmp/lost.html" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
ss = s["stick_slip"]
assert ss["present"] is False and "period_s" not in ss, ss
assert ss["cause"].startswith("stick-slip lost: the step is too long to hold the stick phase (dt = 0.01 s, above 0.00391 s"), ss
assert "--dt" in ss["cause"] and s["chatter"]["count"] > 0, s
h = open(sys.argv[2]).read()
assert "<th>stick-slip</th><td>stick-slip lost" in h
PY
then ok "sim: canudas1995 at 10 ms: stick-slip lost, the cause named, no period (summary and report)"; else bad "sim: canudas1995 at 10 ms (status $rc: $(head -c 300 "$tmp/err"))"; fi

# ---- elasto-plastic and GMS contacts: the exact step (their default and only integrator)
for m in elastoplastic gms; do
  run "$FRICORE" sim --example canudas1995 --model $m --dt 1e-4 --csv "$tmp/$m.csv" --summary "$tmp/$m.json"
  if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && python3 - "$tmp/$m.json" "$tmp/$m.csv" "$m" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))
d = [[float(x) for x in r] for r in list(csv.reader(open(sys.argv[2])))[1:]]
assert s["model"] == sys.argv[3] and s["integration"]["method"] == "exact", s["integration"]
ss = s["stick_slip"]
# the example's stick-slip, its period near LuGre's (6.36 s)
assert ss["present"] and 6.0 < ss["period_s"] < 6.8, ss
# the friction never above the static level Fs = 1.5 N plus sigma2 v
assert all(abs(r[4] - 0.4 * r[2]) <= 1.5 * (1 + 1e-12) for r in d)
assert abs(s["energy"]["relative_residual"]) < 1e-6, s["energy"]
PY
  then ok "sim --model $m: the example's stick-slip by the exact step, no warning, friction within Fs"; else bad "sim --model $m (status $rc: $(head -c 300 "$tmp/err"))"; fi
  expect_usage_error "sim --model $m refuses rk4 by name" 'elastoplastic and gms run with --integrator exact only' "$FRICORE" sim --model $m --integrator rk4
done
# below breakaway the elasto-plastic bristles follow the slider (z = x): no slip, unlike LuGre's
run "$FRICORE" sim --model elastoplastic --duration 2 --dt 1e-4 --csv "$tmp/ep2.csv" --summary /dev/null
if [ "$rc" -eq 0 ] && awk -F, 'NR > 1 { d = $2 - $4; if (d < 0) d = -d; if (d > m) m = d } END { exit !(m < 1e-9) }' "$tmp/ep2.csv"; then
  ok "sim --model elastoplastic below breakaway: z follows x within 1e-9 m"; else bad "sim elastoplastic below breakaway (status $rc)"; fi
run "$FRICORE" sim --model elastoplastic --z0 2e-6 --duration 1 --dt 1e-3
if [ "$rc" -eq 0 ]; then ok "sim --model elastoplastic takes --z0"; else bad "sim elastoplastic --z0 (status $rc: $(head -c 300 "$tmp/err"))"; fi
expect_usage_error "sim --model gms refuses --z0 (its state is its elements)" 'z0 .*dahl\|lugre\|elastoplastic only' "$FRICORE" sim --model gms --z0 1e-6
