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
# with the same rule: stuck below the threshold, slipping above ten times it
onsets, stuck = [], True
for r in d:
    if abs(r[2]) < thr: stuck = True
    elif abs(r[2]) >= 10 * thr and stuck: onsets.append(r[0]); stuck = False
assert len(onsets) == 2 and abs((onsets[1] - onsets[0]) - ss["period_s"]) < 1e-9, (onsets, ss)
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

# ---- the RK4 bound: a warning that names the remedy; the exact step runs there
run "$FRICORE" sim --dt 1e-3 --duration 2
if grep -q "exceeds the RK4 stability estimate.*--integrator exact" "$tmp/err"; then ok "sim: dt past the RK4 bound warns and suggests --integrator exact"; else bad "sim: no RK4 warning ($(head -c 300 "$tmp/err"))"; fi
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
expect_usage_error "sim: unknown option"    "unknown option '--masss'" "$FRICORE" sim --masss 1
expect_usage_error "sim: unknown example"   '--example: expected one of canudas1995' "$FRICORE" sim --example foo
expect_usage_error "sim: static model"      '--model: expected one of dahl\|lugre' "$FRICORE" sim --model coulomb
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
if [ "$rc" -eq 0 ] && python3 - "$tmp/p.csv" "$tmp/t.svg" "$tmp/h.svg" <<'PY'
import csv, sys, xml.etree.ElementTree as ET
rows = [[float(x) for x in r] for r in list(csv.reader(open(sys.argv[1])))[1:]]
ns = {"s": "http://www.w3.org/2000/svg"}
for path, xcol, xlabel in ((sys.argv[2], 0, "time t [s]"), (sys.argv[3], 1, "displacement x [m]")):
    root = ET.parse(path).getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert xlabel in texts and "friction force F_f [N]" in texts, texts[:5]
    assert sum(1 for t in texts if t and t.replace(".", "").replace("-", "").replace("e", "").isdigit()) >= 6  # tick labels
    g = root.find(".//s:g[@id='data']", ns)
    a = {k: float(v) for k, v in g.attrib.items() if k.startswith("data-")}
    pts = [tuple(map(float, p.split(","))) for p in g.find("s:polyline", ns).get("points").split()]
    stride = -(-len(rows) // 4000)
    want = rows[::stride]
    assert len(pts) == len(want), (len(pts), len(want))
    sx = (a["data-x1"] - a["data-x0"]) / (a["data-px1"] - a["data-px0"])
    sy = (a["data-y1"] - a["data-y0"]) / (a["data-py1"] - a["data-py0"])
    for (px, py), r in zip(pts, want):
        x = a["data-x0"] + (px - a["data-px0"]) * sx
        y = a["data-y0"] + (py - a["data-py0"]) * sy
        assert abs(x - r[xcol]) <= abs(sx) * 0.002 and abs(y - r[4]) <= abs(sy) * 0.002, (x, y, r)
PY
then ok "sim: --plot-time and --plot-hysteresis plot the CSV data, with SI labels and ticks"; else bad "sim: plots (status $rc)"; fi
