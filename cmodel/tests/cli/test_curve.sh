# SPDX-License-Identifier: Apache-2.0
# fricore curve (sourced by run.sh; $FRICORE is the binary).

# ---- values ---------------------------------------------------------------
run "$FRICORE" curve --model stribeck --fc 1 --fs 1.5 --vs 0.1 --b 0.1 --v -2 --v 0 --v 0.5
# 1.05 plus the Stribeck tail 0.5*exp(-25) = 6.94e-12, which %.17g shows
printf 'v,F\n-2,-1.2\n0,0\n0.5,1.0500000000069444\n' >"$tmp/want"
expect_csv "curve: the README example gives -1.2, 0, 1.05" "$tmp/want"

printf -- '-2\n\n# comment\n0\n  0.5  \n' | run "$FRICORE" curve --model stribeck --fc 1 --fs 1.5 --vs 0.1 --b 0.1
expect_csv "curve: stdin, blank and comment lines skipped" "$tmp/want"

run "$FRICORE" curve --model stribeck --fc 1 --fs 1.5 --vs 0.1 --b 0.1 --v 0.1
if grep -qx '0.10000000000000001,1.1939397205857212' "$tmp/out"; then ok "curve: full precision (%.17g)"; else bad "curve: full precision: $(cat "$tmp/out")"; fi

run "$FRICORE" curve --model coulomb --fc 2 --fc-neg 3 --v -1 --v 1e-9 --v 0
printf 'v,F\n-1,-3\n1.0000000000000001e-09,2\n0,0\n' >"$tmp/want"
expect_csv "curve: asymmetric Coulomb" "$tmp/want"

run "$FRICORE" curve --model viscous --fc 1 --b 0.5 --b-neg 0.25 --v -2 --v 2
printf 'v,F\n-2,-1.5\n2,2\n' >"$tmp/want"
expect_csv "curve: Coulomb + viscous, direction-dependent b" "$tmp/want"

run "$FRICORE" curve --model dahl --fc 1 --sigma0 1e5 --sigma2 0.4 --v -0.5 --v 0.5
printf 'v,F\n-0.5,-1.2\n0.5,1.2\n' >"$tmp/want"
expect_csv "curve: Dahl steady state sign(v)*Fc + sigma2*v" "$tmp/want"

run "$FRICORE" curve --model lugre --fc 1 --fs 1.5 --vs 0.001 --sigma2 0.4 --v 0.001
printf 'v,F\n0.001,1.1843397205857212\n' >"$tmp/want"
expect_csv "curve: LuGre steady state g(v) + sigma2*v" "$tmp/want"

run "$FRICORE" curve --model stribeck --fc 1 --fs 1.5 --vs 0.1 --b 0 --p 1 --v 0.1
printf 'v,F\n0.1,1.1839397205857212\n' >"$tmp/want"
expect_csv "curve: --p is an alias of --delta" "$tmp/want"

run "$FRICORE" curve --model stribeck --fc 1 --fs 0.5 --v 1
if [ "$rc" -eq 0 ] && grep -q 'warning: fs < fc' "$tmp/err"; then ok "curve: fs < fc warns, exit 0"; else bad "curve: fs < fc warning (status $rc)"; fi

run "$FRICORE" curve --help
if [ "$rc" -eq 0 ]; then
  missing=""
  for o in model fc fs vs b sigma2 delta sigma0 sigma1 vmd fc-neg fs-neg b-neg v; do
    grep -q -- "--$o\b" "$tmp/out" || missing="$missing $o"
  done
  for u in '\[N\]' '\[m/s\]' '\[N\*s/m\]' '\[N/m\]'; do grep -q -- "$u" "$tmp/out" || missing="$missing $u"; done
  if [ -z "$missing" ]; then ok "curve: --help documents every option and unit"; else bad "curve: --help lacks:$missing"; fi
else bad "curve: --help status $rc"; fi

# ---- refused input: exit 2, one line naming the parameter, nothing on stdout
expect_usage_error "curve: vs = 0"            'vs .*> 0'            "$FRICORE" curve --vs 0 --v 1
expect_usage_error "curve: vs < 0"            'vs .*> 0'            "$FRICORE" curve --vs -0.1 --v 1
expect_usage_error "curve: delta = 0"         'delta .*> 0'         "$FRICORE" curve --delta 0 --v 1
expect_usage_error "curve: fc < 0"            '^fricore curve: fc .*>= 0'  "$FRICORE" curve --fc -1 --v 1
expect_usage_error "curve: fs-neg < 0"        'fs-neg .*>= 0'       "$FRICORE" curve --fs-neg -1 --v 1
expect_usage_error "curve: b-neg < 0"         'b-neg .*>= 0'        "$FRICORE" curve --b-neg -1 --v 1
expect_usage_error "curve: sigma0 = 0 (lugre)" 'sigma0 .*> 0'       "$FRICORE" curve --model lugre --sigma0 0 --v 1
expect_usage_error "curve: sigma1 < 0 (lugre)" 'sigma1 .*>= 0'      "$FRICORE" curve --model lugre --sigma1 -1 --v 1
expect_usage_error "curve: fc = 0 (dahl)"     'fc .*> 0 in Dahl'    "$FRICORE" curve --model dahl --fc 0 --v 1
expect_usage_error "curve: fs = 0 (lugre)"    'fs .*> 0 in LuGre'   "$FRICORE" curve --model lugre --fs 0 --v 1
expect_usage_error "curve: NaN parameter"     '--fc: expected a finite number in N' "$FRICORE" curve --fc nan --v 1
expect_usage_error "curve: infinite velocity" '--v: expected a finite number in m/s' "$FRICORE" curve --v inf
expect_usage_error "curve: not a number"      "--vs: expected a finite number in m/s, got '0.1x'" "$FRICORE" curve --vs 0.1x --v 1
expect_usage_error "curve: unknown option"    "unknown option '--fcc'" "$FRICORE" curve --fcc 1 --v 1
expect_usage_error "curve: missing value"     '--fc needs a value'  "$FRICORE" curve --v 1 --fc
expect_usage_error "curve: unknown model"     '--model: expected one of coulomb\|viscous\|stribeck\|dahl\|lugre' "$FRICORE" curve --model euler --v 1
expect_usage_error "curve: option of another model" '--fs does not apply to --model coulomb' "$FRICORE" curve --model coulomb --fs 2 --v 1
expect_usage_error "curve: sigma1 for dahl"   '--sigma1 does not apply to --model dahl' "$FRICORE" curve --model dahl --sigma1 2 --v 1
expect_usage_error "curve: vmd < 0 (lugre)"   'vmd .micro-damping velocity, m/s. must be finite and > 0, or 0' "$FRICORE" curve --model lugre --vmd -1 --v 1
expect_usage_error "curve: vmd for dahl"      '--vmd does not apply to --model dahl' "$FRICORE" curve --model dahl --vmd 0.01 --v 1
expect_usage_error "curve: --vd is not micro-damping" "unknown option '--vd'" "$FRICORE" curve --model lugre --vd 0.01 --v 1
expect_usage_error "curve: stray argument"    "unexpected argument '1'" "$FRICORE" curve --v 1 1
# a streamed record stops at its first bad line: the lines before it are out
printf '0.1\nabc\n0.2\n' >"$tmp/in"
run "$FRICORE" curve <"$tmp/in"
if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] &&
   grep -qx "fricore curve: stdin line 2 (column v): expected a finite velocity in m/s, got 'abc'" "$tmp/err"; then
  ok "curve: a bad stdin line stops the stream there, status 2, naming the line"
else bad "curve: bad stdin line (status $rc): $(cat "$tmp/out" "$tmp/err" | head -c 300)"; fi
expect_usage_error "fricore: unknown command" "unknown command 'curv'" bash -c "\"$FRICORE\" curv 2>&1 >/dev/null | head -n1 >&2; exit 2"

# stdin may start with the column's header, as every CSV fricore reads
printf 'v\n0.5\n-0.5\n' >"$tmp/in"
run "$FRICORE" curve <"$tmp/in"
a=$(sed -n 2,3p "$tmp/out" | tr '\n' ' ')
run "$FRICORE" curve --v 0.5 --v -0.5
b=$(sed -n 2,3p "$tmp/out" | tr '\n' ' ')
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "curve: a 'v' header on stdin is read as the header"
else bad "curve with a header: '$a' against '$b'"; fi
printf 'v\nv\n' >"$tmp/in"
run "$FRICORE" curve <"$tmp/in"
if [ "$rc" -eq 2 ] && grep -q "stdin line 2 (column v): expected a finite velocity" "$tmp/err"; then ok "curve: only the first line may be the header"
else bad "curve: a second header line (status $rc): $(head -c 300 "$tmp/err")"; fi
printf 'v\n0.1\n' >"$tmp/in"
run "$FRICORE" trace --ts 1e-4 <"$tmp/in"
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ]; then ok "trace: a 'v' header on stdin is read as the header"
else bad "trace with a header (status $rc): $(head -c 300 "$tmp/err")"; fi
