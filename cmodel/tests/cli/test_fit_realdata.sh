# SPDX-License-Identifier: Apache-2.0
# fricore fit on measured data: the shared data set cicese_dd2dof (a 2-DOF
# direct-drive arm; no license, so it is read where it lies, never copied).
# Runs where the directory is present: $FRICORE_REALDATA, or
# ../shared/realdata/cicese_dd2dof beside the checkout (or beside its parent,
# for a worktree); skips with the reason elsewhere. (sourced by run.sh)
root=$(cd "$here/../../.." && pwd)
realdata=${FRICORE_REALDATA:-}
if [ -z "$realdata" ]; then
  for c in "$root/../shared/realdata/cicese_dd2dof" "$root/../../shared/realdata/cicese_dd2dof"; do
    if [ -d "$c" ]; then realdata=$c; break; fi
  done
fi
if [ -z "$realdata" ] || [ ! -f "$realdata/joint1_v_F.csv" ] || [ ! -d "$realdata/raw/Test2" ]; then
  echo "skip fit on real data: the shared data set cicese_dd2dof is not here (set FRICORE_REALDATA to its directory)"
else
  if python3 "$root/scripts/realdata_fit.py" "$FRICORE" "$realdata" --check >"$tmp/out" 2>"$tmp/err" &&
     grep -q "check: passed" "$tmp/out"; then
    ok "fit on real data: Fc within 2 % of the published per direction, the comparison picks the asymmetric curve, fit reduce finds the raw logs' runs"
  else bad "fit on real data: $(tail -c 400 "$tmp/err")"; fi
  # a free exponent on joint 1 runs to its bound: exit 1 and no file, unless accepted
  scratch realfit
  run "$FRICORE" fit static --data "$realdata/joint1_v_F.csv" --asymmetric --fit-delta --out "$d/j1.json"
  if [ "$rc" -eq 1 ] && grep -q "ended on a bound: delta" "$tmp/err" && [ ! -e "$d/j1.json" ]; then
    ok "fit on real data: joint 1's free delta ends on its bound 10: exit 1, nothing written"
  else bad "fit on real data, free delta (status $rc): $(head -c 300 "$tmp/err")"; fi
  run "$FRICORE" fit static --data "$realdata/joint2_v_F.csv" --asymmetric --out "$d/j2.json"
  for w in 2 15; do
    run "$FRICORE" fit dynamic --data "$realdata/presliding_x_sig0_joint2_08_exp1.csv" --params "$d/j2.json" \
      --sg-window $w --accept-unconverged --out "$d/dyn$w.json"
  done
  if [ "$rc" -eq 0 ] && python3 - "$d/dyn2.json" "$d/dyn15.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert b["fit_sg_window"] == 15 and b["fit_rms"] < 0.9 * a["fit_rms"], (a["fit_rms"], b["fit_rms"])
assert 1013.6 / 2 < b["sigma0"] < 1013.6 * 2, b["sigma0"]  # the authors' sigma0, read by hand
PY
  then ok "fit on real data: fit dynamic --sg-window 15 on a measured presliding record (quantized x): a lower residual, sigma0 within 2x of the published"
  else bad "fit on real data, fit dynamic (status $rc): $(head -c 300 "$tmp/err")"; fi
fi
