# SPDX-License-Identifier: Apache-2.0
# fricore servo: the servo axis with friction compensation (sourced by run.sh;
# uses lib.sh). Short runs (0.5 .. 2 s of a 100 us loop): the contract, the
# outputs against each other, and the order of the compensation modes.

S=$(cd "$(dirname "$FRICORE")" && pwd)/$(basename "$FRICORE")
# a passive machine set, so that a refusal is the only line on stderr
P="--fs 1"

# ---- help and the command list
run "$S" servo --help
if [ "$rc" -eq 0 ] && grep -q '^usage: fricore servo ' "$tmp/out" && grep -q -- '--compensation CHOICE' "$tmp/out" &&
   grep -q -- '--comp-arith CHOICE' "$tmp/out" && grep -q '^exit status:$' "$tmp/out" && ! grep -q -- '--inject-mismatch' "$tmp/out"; then
  ok "servo --help: the options and the exit-status contract (no RTL test aid)"
else bad "servo --help (status $rc): $(head -c 300 "$tmp/out")"; fi
run "$S" help
if [ "$rc" -eq 0 ] && grep -Eq '^  servo +run a servo axis' "$tmp/out"; then ok "help lists servo"; else bad "help does not list servo"; fi

# ---- bad input: status 2, one line naming the parameter and its range, no file
scratch sbad
expect_usage_error "servo --ts 0: refused, range named" '^fricore servo: --ts \(servo period, s\) must be in \(0, 0.01\], got 0$' \
  "$S" servo $P --ts 0 --summary "$d/s.json"
expect_usage_error "servo --counts-per-rev 1000.5: an integer" '--counts-per-rev \(encoder counts per revolution\) must be an integer in \[4, 1073741824\], got 1000.5' \
  "$S" servo $P --counts-per-rev 1000.5 --report "$d/r.html"
expect_usage_error "servo --v-max 0: the encoder code's range" '--v-max \(velocity full scale of the encoder.s code, rad/s\) must be in \(0, 1e6\], got 0' \
  "$S" servo $P --v-max 0
expect_usage_error "servo --inertia -1" '--inertia \(motor-side inertia, kg\*m\^2\) must be > 0, got -1' "$S" servo $P --inertia -1
expect_usage_error "servo --compensation foo" "compensation" "$S" servo $P --compensation foo
expect_usage_error "servo --bandwidth 5000: above a tenth of the sample rate" '--bandwidth .* must be in \(0, 1000\] \(a tenth of the sample rate\), got 5000' \
  "$S" servo $P --bandwidth 5000
expect_usage_error "servo --comp-arith rtl: only with the core" 'use fricore-cosim servo' "$S" servo $P --compensation lugre --comp-arith rtl
expect_usage_error "servo --comp-arith fixed without a compensator" '--comp-arith fixed needs a compensator' "$S" servo $P --comp-arith fixed
expect_usage_error "servo --reference csv without --trajectory" '--reference csv needs --trajectory FILE' "$S" servo $P --reference csv
expect_usage_error "servo --speed with a sine" '--speed applies only with --reference ramp' "$S" servo $P --speed 1
expect_usage_error "servo --load-inertia without --compliance" '--load-inertia applies only with --compliance > 0' "$S" servo $P --load-inertia 1
expect_usage_error "servo --substeps 1 with stiff bristles" '--substeps must be >= [0-9]+: the plant step' "$S" servo $P --sigma0 1e8 --substeps 1
expect_usage_error "servo --rise-time beyond half the period" '--rise-time \(s\) must be in \[0, period/2\]' \
  "$S" servo $P --reference step --period 1 --rise-time 0.6
printf '0,0\n1,0.001\n1,0.002\n' >"$tmp/traj_bad.csv"
expect_usage_error "servo --trajectory: t not increasing, line named" "--trajectory .*traj_bad.csv line 3: t must increase strictly" \
  "$S" servo $P --reference csv --trajectory "$tmp/traj_bad.csv"
printf '{"fc": 1, "colour": 3}\n' >"$tmp/comp_bad.json"
expect_usage_error "servo --comp-params: an unknown key, file and key named" "--comp-params .*comp_bad.json line 1, key 'colour': unknown key" \
  "$S" servo $P --compensation lugre --comp-params "$tmp/comp_bad.json"
printf '{"fc": -1}\n' >"$tmp/comp_neg.json"
expect_fail "servo --comp-params: a bad value refused" 2 '^fricore servo: .*fc' "$S" servo $P --compensation coulomb --comp-params "$tmp/comp_neg.json"
expect_usage_error "servo --summary in a missing directory" 'cannot write|No such file' "$S" servo $P --duration 0.1 --summary "$tmp/nodir/s.json"
expect_files "servo: refusals leave no file" "$d" ""

# ---- a run with every output: exit 0, every number finite, the summary from the samples
scratch sok
run "$S" servo $P --compensation lugre --comp-arith fixed --f-max 4 --duration 1 --csv "$d/s.csv" --summary "$d/s.json" \
  --plot-error "$d/e.svg" --plot-velocity "$d/v.svg" --plot-friction "$d/f.svg" --report "$d/r.html"
if [ "$rc" -eq 0 ] && python3 - "$d" <<'PY'
import csv, json, math, re, sys
d = sys.argv[1]
s = json.load(open(d + "/s.json"))
def finite(x):
    if isinstance(x, dict): return all(finite(v) for v in x.values())
    if isinstance(x, list): return all(finite(v) for v in x)
    if isinstance(x, (int, float)) and not isinstance(x, bool): return math.isfinite(x)
    return True
assert finite(s), s
rows = list(csv.DictReader(open(d + "/s.csv")))
assert len(rows) == s["run"]["samples"] == 10000, len(rows)
e = [float(r["error"]) for r in rows]
rms = math.sqrt(sum(x * x for x in e) / len(e))
assert abs(rms - s["rms_position_error_rad"]) <= 1e-6 * rms, (rms, s["rms_position_error_rad"])
assert abs(max(abs(x) for x in e) - s["peak_abs_position_error_rad"]) <= 1e-6 * s["peak_abs_position_error_rad"]
u = [float(r["u"]) for r in rows]
assert abs(math.sqrt(sum(x * x for x in u) / len(u)) - s["rms_control_effort_N_m"]) <= 1e-6 * s["rms_control_effort_N_m"]
# the error column is theta_ref - theta, and the reference A (1 - cos 2 pi f t)
for r in rows[::997]:
    t = float(r["t"])
    assert abs(float(r["theta_ref"]) - 0.01 * (1 - math.cos(2 * math.pi * 0.5 * t))) < 1e-12
    assert abs(float(r["error"]) - (float(r["theta_ref"]) - float(r["theta"]))) < 1e-11 * max(1e-3, abs(float(r["theta"])))
# every estimate is a whole number of the output LSB (4 N m / 2^15): it came from the fixed-point port
lsb = 4.0 / 32768
assert all(abs(float(r["estimate"]) / lsb - round(float(r["estimate"]) / lsb)) < 1e-6 for r in rows[::101])
# every measured velocity is a whole number of velocity codes
vl = s["encoder"]["velocity_lsb_rad_per_s"]
assert all(abs(float(r["omega_meas"]) / vl - round(float(r["omega_meas"]) / vl)) < 1e-6 for r in rows[::101])
assert s["compensation"] == "lugre" and s["comp_arith"] == "fixed" and s["fixed_point"]["f_max_N_m"] == 4
# the plots: a polyline per series, the friction plot with the estimate
for f, n in (("e", 1), ("v", 3), ("f", 2)):
    svg = open("%s/%s.svg" % (d, f)).read()
    assert svg.count("<polyline") == n, (f, svg.count("<polyline"))
    assert "nan" not in svg and "inf" not in svg
html = open(d + "/r.html").read()
for k in ('id="error-data"', 'id="velocity-data"', 'id="friction-data"', "compensator (lugre, fixed)", "RMS position error"):
    assert k in html, k
assert "nan" not in re.sub(r"<[^>]*>", "", html).lower().split()
PY
then ok "servo: exit 0, every number finite; the summary's RMS and peak are the CSV's; plots and report complete"
else bad "servo: a complete run (status $rc): $(tail -c 300 "$tmp/err")"; fi
expect_files "servo: the outputs and nothing else" "$d" "e.svg f.svg r.html s.csv s.json v.svg"

# ---- a run that diverges: status 1, the quantity named, no file
scratch sdiv
expect_fail "servo: an unstable loop stops with status 1" 1 '^fricore servo: at t = .* s \(sample [0-9]+\) .*: the loop diverged' \
  "$S" servo $P --kp 1e200 --kv 1e200 --u-max 1e300 --duration 0.5 --summary "$d/s.json" --csv "$d/s.csv"
expect_files "servo: a diverged run leaves no file" "$d" ""

# ---- a CSV trajectory is the reference it describes: the ramp
printf '# t, theta\n0,0\n2,0.004\n' >"$tmp/ramp.csv"
run "$S" servo $P --reference csv --trajectory "$tmp/ramp.csv" --duration 2 --compensation coulomb
cp "$tmp/out" "$tmp/csvref.json"; rc_csv=$rc
run "$S" servo $P --reference ramp --speed 0.002 --duration 2 --compensation coulomb
if [ "$rc_csv" -eq 0 ] && [ "$rc" -eq 0 ] && python3 - "$tmp/csvref.json" "$tmp/out" <<'PY'
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for k in ("rms_position_error_rad", "rms_velocity_error_rad_per_s", "time_stuck_s", "rms_control_effort_N_m"):
    assert abs(a[k] - b[k]) <= 1e-9 * max(abs(b[k]), 1e-30), (k, a[k], b[k])
assert a["reference"] == "csv" and b["reference"] == "ramp"
PY
then ok "servo --reference csv: a two-point trajectory runs as --reference ramp"
else bad "servo csv vs ramp (status $rc_csv/$rc)"; fi

# ---- the trajectory's header: t,theta on its first line is the same file without it
printf '# t, theta\nt,theta\n0,0\n2,0.004\n' >"$tmp/ramp_h.csv"
run "$S" servo $P --reference csv --trajectory "$tmp/ramp_h.csv" --duration 2 --compensation coulomb
if [ "$rc" -eq 0 ] && cmp -s <(grep -v wall "$tmp/out") <(grep -v wall "$tmp/csvref.json"); then
  ok "servo --trajectory: the header t,theta is read as a header"
else bad "servo --trajectory with a header (status $rc): $(head -c 300 "$tmp/err")"; fi
printf 't,x\n0,0\n2,0.004\n' >"$tmp/ramp_hx.csv"
expect_usage_error "servo --trajectory: another header is refused, the columns named" \
  "--trajectory .*ramp_hx.csv line 1: expected two finite numbers t,theta \\(s, rad\\), or the header t,theta" \
  "$S" servo $P --reference csv --trajectory "$tmp/ramp_hx.csv"
printf '0,0\nt,theta\n2,0.004\n' >"$tmp/ramp_hl.csv"
expect_usage_error "servo --trajectory: a header after the data is refused" \
  "--trajectory .*ramp_hl.csv line 2: expected two finite numbers t,theta \\(s, rad\\)$" \
  "$S" servo $P --reference csv --trajectory "$tmp/ramp_hl.csv"

# ---- the built-in example set is not warned about; a user's non-passive set is, once
run "$S" servo --duration 0.2
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]; then ok "servo: the built-in example runs without a warning"
else bad "servo example (status $rc): $(head -c 300 "$tmp/err")"; fi
run "$S" servo --duration 0.2 --fs 2
if [ "$rc" -eq 0 ] && [ "$(grep -c 'not passive' "$tmp/err")" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
  ok "servo: a user's non-passive machine set is warned once"
else bad "servo --fs 2 warning (status $rc): $(head -c 300 "$tmp/err")"; fi

# ---- the axis is rotary: the friction options' units in the help
run "$S" help servo
if [ "$rc" -eq 0 ] && grep -Eq -- '^  --fc X .*\[N\*m\]$' "$tmp/out" && grep -Eq -- '^  --vs X .*\[rad/s\]$' "$tmp/out" &&
   grep -Eq -- '^  --sigma0 X .*\[N\*m/rad\]$' "$tmp/out" && grep -Eq -- '^  --f-max X .*\[N\*m\]$' "$tmp/out" &&
   ! grep -Eq '\[(N|m/s|N/m|N\*s/m)\]$' "$tmp/out"; then ok "help servo: friction in N*m, rad/s, N*m/rad"
else bad "help servo units: $(grep -E -- '--(fc|vs|sigma0) ' "$tmp/out")"; fi

# ---- the order of the compensation modes on short cases (the same gains for each)
for c in "sine --duration 2" "step --amplitude 0.001 --period 2 --duration 2"; do
  for m in none coulomb lugre; do
    # shellcheck disable=SC2086
    run "$S" servo --reference $c --compensation $m
    cp "$tmp/out" "$tmp/ord_$m.json"
  done
  # shellcheck disable=SC2086
  run "$S" servo --reference $c --compensation lugre --comp-arith fixed --f-max 4
  cp "$tmp/out" "$tmp/ord_fixed.json"
  if python3 - "$tmp" "$c" <<'PY'
import json, sys
t = sys.argv[1]
e = {m: json.load(open("%s/ord_%s.json" % (t, m)))["rms_position_error_rad"] for m in ("none", "coulomb", "lugre", "fixed")}
print("# %s: RMS error none %.3g, coulomb %.3g, lugre %.3g, lugre fixed %.3g" % (sys.argv[2], e["none"], e["coulomb"], e["lugre"], e["fixed"]))
assert e["lugre"] * 5 <= e["none"], e
assert e["lugre"] * 2 <= e["coulomb"], e
assert e["coulomb"] < e["none"], e
assert abs(e["fixed"] - e["lugre"]) <= 0.2 * e["lugre"], e
PY
  then ok "servo $c: RMS error LuGre <= none/5 and <= Coulomb/2, Coulomb < none; fixed within 20% of double"
  else bad "servo $c: compensation order"; fi
done

# ---- a stiff shaft between two halves of the inertia is the rigid axis
for m in none lugre; do
  run "$S" servo $P --compensation $m --duration 1
  cp "$tmp/out" "$tmp/rigid.json"; rc_rigid=$rc
  run "$S" servo $P --compensation $m --duration 1 --inertia 0.5 --load-inertia 0.5 --compliance 1e7
  cp "$tmp/out" "$tmp/stiff.json"; rc_stiff=$rc
  run "$S" servo $P --compensation $m --duration 1 --inertia 0.5 --load-inertia 0.5 --compliance 1e4 --substeps 20
  if [ "$rc_rigid" -eq 0 ] && [ "$rc_stiff" -eq 0 ] && [ "$rc" -eq 0 ] && python3 - "$tmp/rigid.json" "$tmp/stiff.json" "$tmp/out" <<'PY'
import json, sys
r, s, soft = (json.load(open(p)) for p in sys.argv[1:])
# the same gains: the tuning rule takes the total inertia
assert r["controller"] == s["controller"] == soft["controller"], (r["controller"], s["controller"])
a, b, c = (x["rms_position_error_rad"] for x in (r, s, soft))
assert abs(a - b) <= 0.02 * a, (a, b)
# a 32 Hz shaft resonance next to a 20 Hz loop: the load lags, the error grows
assert c > 1.05 * a, (a, c)
PY
  then ok "servo --compensation $m: a 1 kHz shaft is the rigid axis within 2%; a 32 Hz one tracks worse"
  else bad "servo compliance ($m; status $rc_rigid/$rc_stiff/$rc)"; fi
done

# ---- the drifting machine: bad specifications refused naming the parameter, the ramp and the profile shown
scratch sdrift
expect_usage_error "servo --drift fc=11: the range named" \
  '^fricore servo: --drift fc \(the machine.s fc multiplier at the end of the run\) must be in \[0.1, 10\], got 11$' \
  "$S" servo $P --drift fc=11 --summary "$d/s.json"
expect_usage_error "servo --drift sigma2=-0.1: the range named" '--drift sigma2 .* must be in \[0, 10\], got -0.1$' \
  "$S" servo $P --drift sigma2=-0.1
expect_usage_error "servo --drift: an unknown parameter" "--drift: expected NAME=M with NAME fc, fs or sigma2, got 'vs=...'" \
  "$S" servo $P --drift vs=2
expect_usage_error "servo --drift: not a number" "--drift fs: the multiplier must be a finite number, got 'x'" \
  "$S" servo $P --drift fs=x
printf 't,fc\n0,1\n1,1.4\n' >"$tmp/drift.csv"
expect_usage_error "servo --drift with --drift-profile" '--drift and --drift-profile exclude each other' \
  "$S" servo $P --drift fc=1.2 --drift-profile "$tmp/drift.csv"
printf 't,fc,vs\n0,1,1\n' >"$tmp/drift_col.csv"
expect_usage_error "servo --drift-profile: an unknown column named" "drift_col.csv line 1: column 'vs': not a drifting parameter" \
  "$S" servo $P --drift-profile "$tmp/drift_col.csv"
printf 't,fs\n0,1\n1,0.01\n' >"$tmp/drift_rng.csv"
expect_usage_error "servo --drift-profile: a multiplier out of range" '--drift-profile point 1: fs .* must be in \[0.1, 10\], got 0.01' \
  "$S" servo $P --drift-profile "$tmp/drift_rng.csv"
printf 't,fc\n0,1\n1,1\n0.5,1\n' >"$tmp/drift_t.csv"
expect_usage_error "servo --drift-profile: t not increasing" '--drift-profile point 2: t must increase strictly' \
  "$S" servo $P --drift-profile "$tmp/drift_t.csv"
expect_files "servo: drift refusals leave no file" "$d" ""
run "$S" servo $P --compensation lugre --duration 1 --drift fc=1.4,fs=1.3,sigma2=0.8 --csv "$d/r.csv" --summary "$d/r.json"
rc_r=$rc
printf '# fc up by 40 %% over the second\nt,fs,fc\n0,1,1\n1,1.3,1.4\n' >"$tmp/drift_p.csv"
run "$S" servo $P --compensation lugre --duration 1 --drift-profile "$tmp/drift_p.csv" --summary "$d/p.json"
if [ "$rc_r" -eq 0 ] && [ "$rc" -eq 0 ] && python3 - "$d" <<'PY'
import csv, json, sys
d = sys.argv[1]
r, p = json.load(open(d + "/r.json")), json.load(open(d + "/p.json"))
pts = r["parameters"]["points"]
assert r["parameters"]["drift"] == "ramp" and p["parameters"]["drift"] == "profile"
assert len(pts) == 11 and pts[0]["t_s"] == 0 and pts[0]["true"] == {"fc": 1, "fs": 1, "sigma2": 0.4}, pts[0]
last = pts[-1]
assert abs(last["true"]["fc"] - 1.4) < 1e-3 and abs(last["true"]["fs"] - 1.3) < 1e-3 and abs(last["true"]["sigma2"] - 0.32) < 1e-3, last
# the nominal observer keeps its set
assert all(q["estimate"] == {"fc": 1, "fs": 1, "sigma2": 0.4} for q in pts)
# the profile describing the same ramp (sigma2 left out: held) gives the same Fc and Fs at every point
for a, b in zip(pts, p["parameters"]["points"]):
    assert abs(a["true"]["fc"] - b["true"]["fc"]) < 1e-9 and abs(a["true"]["fs"] - b["true"]["fs"]) < 1e-9, (a, b)
    assert b["true"]["sigma2"] == 0.4
rows = list(csv.DictReader(open(d + "/r.csv")))
assert abs(float(rows[5000]["fc"]) - 1.2) < 1e-9 and float(rows[5000]["fc_hat"]) == 1, rows[5000]
PY
then ok "servo --drift and --drift-profile: the true set ramps to its multipliers in the summary and the CSV"
else bad "servo drift (status $rc_r/$rc)"; fi
# without drift the summary and the CSV have no parameter columns
run "$S" servo $P --duration 0.1 --csv "$d/n.csv"
if [ "$rc" -eq 0 ] && ! grep -q parameters "$tmp/out" && [ "$(head -1 "$d/n.csv")" = "t,theta_ref,theta,omega_ref,omega,omega_meas,error,u,friction,estimate" ]; then
  ok "servo without drift: no parameter columns"
else bad "servo without drift shows parameters"; fi

# ---- the adaptive observer: its settings refused by name, the estimates in the summary
scratch sadapt
expect_usage_error "servo --adapt-gain 2: the range named" \
  "^fricore servo: --adapt-gain \\(share of each window.s correction\\) must be in \\(0, 1\\], got 2$" \
  "$S" servo $P --compensation lugre-adaptive --adapt-gain 2 --summary "$d/s.json"
# the axis is rotary: a refused friction value names the unit the help gives
expect_usage_error "servo --vs 0: the unit is rad/s" '^fricore servo: vs \(Stribeck velocity[^,]*, rad/s\) must be finite and > 0$' "$S" servo --vs 0
expect_usage_error "servo --fc -1: the unit is N\*m" '^fricore servo: fc \(Coulomb level for v > 0, N\*m\) must be' "$S" servo --fc -1
expect_usage_error "servo --sigma0 -1: the unit is N*m/rad" '^fricore servo: sigma0 \(bristle stiffness, N\*m/rad\)' "$S" servo --sigma0 -1
printf '{"model":"lugre","fc":1,"fs":1.5,"vs":0,"sigma0":1e5,"sigma1":300,"sigma2":0.4}' >"$tmp/rotary_bad.json"
expect_usage_error "servo --comp-params with vs 0: the unit is rad/s" '^fricore servo: vs \(Stribeck velocity[^,]*, rad/s\)' \
  "$S" servo --compensation lugre --comp-params "$tmp/rotary_bad.json"
expect_usage_error "sim --vs 0: the unit stays m/s" '^fricore sim: vs \(Stribeck velocity[^,]*, m/s\)' "$S" sim --vs 0
expect_usage_error "servo --adapt-bounds: two numbers" "--adapt-bounds: expected LO,HI, two finite numbers, got '2'" \
  "$S" servo $P --compensation lugre-adaptive --adapt-bounds 2
expect_usage_error "servo --adapt-bounds 0.5,20: the range named" '--adapt-bounds LO,HI .* HI in \[1, 10\], got 0.5,20' \
  "$S" servo $P --compensation lugre-adaptive --adapt-bounds 0.5,20
expect_usage_error "servo --adapt-rate without lugre-adaptive" '--adapt-rate applies only with --compensation lugre-adaptive' \
  "$S" servo $P --compensation lugre --adapt-rate 5
expect_usage_error "servo lugre-oracle in fixed point" 'lugre-oracle runs in --comp-arith double only' \
  "$S" servo $P --compensation lugre-oracle --comp-arith fixed
expect_usage_error "servo --adapt: an unknown name" "--adapt: unknown parameter 'vs' in 'fc,fs,vs' \\(the names are fc, fs and sigma2\\)" \
  "$S" servo $P --compensation lugre-adaptive --adapt fc,fs,vs --summary "$d/s.json"
expect_usage_error "servo --adapt fc alone" "--adapt must name fc and fs together" \
  "$S" servo $P --compensation lugre-adaptive --adapt fc
expect_usage_error "servo --adapt with --adapt-sigma2" "--adapt and --adapt-sigma2 exclude each other" \
  "$S" servo $P --compensation lugre-adaptive --adapt fc,fs --adapt-sigma2
expect_files "servo: adaptive refusals leave no file" "$d" ""
run "$S" servo $P --compensation lugre-adaptive --duration 1 --adapt fc,fs
rc_a=$rc
cp "$tmp/out" "$tmp/adapt_fc.json"
run "$S" servo $P --compensation lugre-adaptive --duration 1
if [ "$rc_a" -eq 0 ] && [ "$rc" -eq 0 ] && python3 - "$tmp/adapt_fc.json" "$tmp/out" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["adaptation"]["sigma2"] is False and b["adaptation"]["sigma2"] is True, (a["adaptation"], b["adaptation"])
PY
then ok "servo --adapt fc,fs leaves sigma2 out; by default it is adapted"
else bad "servo --adapt (status $rc_a/$rc)"; fi

# ---- the thermal model: bad constants refused naming the parameter and its range, the temperature in the summary
scratch stherm
expect_usage_error "servo --thermal c=0: the range named" \
  '^fricore servo: --thermal c \(the machine.s heat capacity, J/K\) must be in \(0, 1e\+09\], got 0$' \
  "$S" servo $P --thermal c=0 --csv "$d/t.csv" --summary "$d/t.json"
expect_usage_error "servo --thermal r=-1: the range named" '--thermal r \(the thermal resistance to the ambient, K/W\) must be in \(0, 1e\+09\], got -1$' \
  "$S" servo $P --thermal r=-1
expect_usage_error "servo --thermal ambient=600: the range named" '--thermal ambient \(the ambient temperature, degC\) must be in \[-100, 500\], got 600$' \
  "$S" servo $P --thermal ambient=600
expect_usage_error "servo --thermal sigma2=2: the range named" '--thermal sigma2 \(the temperature coefficient of sigma2, 1/K\) must be in \[-1, 1\], got 2$' \
  "$S" servo $P --thermal sigma2=2
expect_usage_error "servo --thermal: an unknown name" "--thermal: expected NAME=V with NAME c, r, ambient, t0, fc, fs or sigma2 \\(or 'on'\\), got 'vs=...'" \
  "$S" servo $P --thermal vs=1
expect_usage_error "servo --thermal with --drift" '--thermal and --drift/--drift-profile exclude each other' \
  "$S" servo $P --thermal on --drift fc=1.2
expect_files "servo: thermal refusals leave no file" "$d" ""
run "$S" servo $P --reference ramp --speed 0.05 --duration 2 --thermal c=0.002,r=100,ambient=20,fc=-0.01 --report "$d/t.html"
if [ "$rc" -eq 0 ] && grep -q 'T \[&deg;C\]' "$d/t.html" && python3 - "$tmp/out" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
th, pts = s["thermal"], s["parameters"]["points"]
assert s["parameters"]["drift"] == "thermal" and th["tau_s"] == 0.2 and th["t0_C"] == 20, th
# ten time constants at a nearly constant power: the temperature has settled at ambient + r P
assert abs(th["temperature_end_C"] - (20 + 100 * th["mean_friction_power_W"])) < 0.1, th
# the true Fc follows the temperature: 1 - 0.01 (T - 20); Fs and sigma2 do not move
for q in pts:
    assert abs(q["true"]["fc"] - (1 - 0.01 * (q["temperature_C"] - 20))) < 1e-6, q
    assert q["true"]["fs"] == 1 and q["true"]["sigma2"] == 0.4, q
assert pts[-1]["temperature_C"] > 21, pts[-1]
PY
then ok "servo --thermal: the temperature settles at ambient + r P, Fc follows it, the report shows it"
else bad "servo --thermal (status $rc): $(tail -c 300 "$tmp/err")"; fi
run "$S" servo $P --compensation lugre-adaptive --comp-arith fixed --duration 6 --drift fc=1.4,fs=1.4,sigma2=0.8 --csv "$d/a.csv"
if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$d/a.csv" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))
a = s["adaptation"]
assert s["compensation"] == "lugre-adaptive" and a["rate_Hz"] == 2 and a["retunes"] > 0 and a["retunes"] == a["updates"], a
pts = s["parameters"]["points"]
assert pts[0]["estimate"]["fc"] == 1 and pts[-1]["estimate"]["fc"] > 1.1, pts[-1]
# the estimates move only at the law's updates: every 0.5 s
rows = list(csv.DictReader(open(sys.argv[2])))
ch = [i for i in range(1, len(rows)) if rows[i]["fc_hat"] != rows[i - 1]["fc_hat"]]
assert ch and all(i % 5000 == 0 for i in ch), ch[:5]
PY
then ok "servo --compensation lugre-adaptive --comp-arith fixed: retuned at the law's updates, the estimates in the summary and the CSV"
else bad "servo lugre-adaptive (status $rc): $(tail -c 300 "$tmp/err")"; fi

# ---- elasto-plastic and GMS: as the machine and as the observer
run "$S" servo --model elastoplastic --compensation elastoplastic --duration 1 --summary "$tmp/ep.json"
run2_rc=$rc
run "$S" servo --model elastoplastic --compensation lugre --duration 1 --summary "$tmp/ep_lugre.json"
if [ "$run2_rc" -eq 0 ] && [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && python3 - "$tmp/ep.json" "$tmp/ep_lugre.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["compensation"] == "elastoplastic" and b["compensation"] == "lugre", (a["compensation"], b["compensation"])
# the machine's own model tracks it better than LuGre's observer
assert a["rms_position_error_rad"] < b["rms_position_error_rad"], (a["rms_position_error_rad"], b["rms_position_error_rad"])
PY
then ok "servo --model elastoplastic: its own observer beats LuGre's, no warning for the example's set"
else bad "servo --model elastoplastic (status $run2_rc/$rc): $(head -c 300 "$tmp/err")"; fi
run "$S" servo --model gms --compensation gms --duration 1 --csv "$tmp/gms.csv" --summary "$tmp/gms.json"
if [ "$rc" -eq 0 ] && python3 - "$tmp/gms.json" "$tmp/gms.csv" <<'PY'
import csv, json, sys
s = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
assert s["compensation"] == "gms" and len(rows) == 10000, (s["compensation"], len(rows))
# the machine's GMS elements never carry more than the static level Fs = 1.5 N*m (plus sigma2 omega)
assert all(abs(float(r["friction"]) - 0.4 * float(r["omega"])) <= 1.5 * (1 + 1e-9) for r in rows)
assert s["rms_friction_estimate_error_N_m"] < 0.05, s["rms_friction_estimate_error_N_m"]
PY
then ok "servo --model gms --compensation gms: the machine within its level, the observer within 0.05 N*m RMS"
else bad "servo --model gms (status $rc): $(head -c 300 "$tmp/err")"; fi
run "$S" servo --model elastoplastic --compensation elastoplastic --comp-arith fixed --f-max 4 --duration 1 --summary "$tmp/epfx.json"
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && python3 - "$tmp/epfx.json" "$tmp/ep.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["comp_arith"] == "fixed" and a["fixed_point"]["flags"] == [], a["fixed_point"]
# the fixed-point elasto-plastic observer (fric_fx_ep_step) tracks as the double one
assert abs(a["rms_position_error_rad"] / b["rms_position_error_rad"] - 1) < 0.02, (a["rms_position_error_rad"], b["rms_position_error_rad"])
PY
then ok "servo --compensation elastoplastic --comp-arith fixed: the fixed-point step within 2 % of the double observer"
else bad "servo elastoplastic fixed (status $rc): $(head -c 300 "$tmp/err")"; fi
run "$S" servo --model gms --compensation gms --comp-arith fixed --duration 1 --summary "$tmp/gmsfx.json"
if [ "$rc" -eq 0 ] && python3 - "$tmp/gmsfx.json" "$tmp/gms.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["comp_arith"] == "fixed" and a["fixed_point"]["flags"] == [], a["fixed_point"]
# the fixed-point GMS observer tracks as the double one
assert abs(a["rms_position_error_rad"] / b["rms_position_error_rad"] - 1) < 0.05, (a["rms_position_error_rad"], b["rms_position_error_rad"])
PY
then ok "servo --compensation gms --comp-arith fixed: the fixed-point GMS observer within 5 % of the double one"
else bad "servo gms fixed (status $rc): $(head -c 300 "$tmp/err")"; fi
expect_usage_error "servo --model gms --compensation lugre: the set's kind named" \
  'a gms set cannot serve --compensation lugre' "$S" servo --model gms --compensation lugre
expect_usage_error "servo --model stribeck: the machine's kinds named" \
  '--model: expected one of lugre\|elastoplastic\|gms' "$S" servo --model stribeck
