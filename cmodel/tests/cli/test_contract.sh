# SPDX-License-Identifier: Apache-2.0
# The contract every fricore command keeps (sourced by run.sh; uses lib.sh):
# exit 0 only with a complete output whose every number is finite, 1 when
# the run fails (naming the quantity and the step), 2 for bad input or an
# unusable output (found before any work starts); outputs written whole or
# not at all; options given once; stdin streamed in constant memory.
# Every command here is one that once hung, exited 0 with inf/nan, lost its
# output or left a file behind; each has its now-correct outcome.

F=$(cd "$(dirname "$FRICORE")" && pwd)/$(basename "$FRICORE") # usable from any directory
T="timeout 10" # a hang fails the check instead of stopping the tests

# ---- the contract is in every --help --------------------------------------------
for c in "curve --help" "compile --help" "trace --help" "sim --help" "servo --help" "help --help" "version --help" "--help" "help"; do
  # shellcheck disable=SC2086 # c is split on purpose
  run "$F" $c
  if [ "$rc" -eq 0 ] && grep -q '^exit status:$' "$tmp/out" && grep -Eq '^  0  success: .*every number in it is finite' "$tmp/out" &&
     grep -Eq '^  1  the run failed' "$tmp/out" && grep -Eq '^  2  bad input, or an output that cannot be written' "$tmp/out" &&
     grep -q "'-' names stdout" "$tmp/out"; then
    ok "fricore $c: states the exit statuses 0, 1, 2 and the output contract"
  else bad "fricore $c: no contract (status $rc): $(tail -c 300 "$tmp/out")"; fi
done

# ---- library inputs that once never returned: now refused at once ----------------
expect_fail "compile --model lugre --ts 1e300: refused (it hung)" 2 '^fricore compile: .*ts' $T "$F" compile --model lugre --ts 1e300
expect_fail "compile --model dahl --ts 1e300: refused (it hung)" 2 '^fricore compile: .*ts' $T "$F" compile --model dahl --ts 1e300
expect_fail "curve --model lugre --fixed --ts 1e300: refused (it hung)" 2 '^fricore curve: .*ts' $T "$F" curve --model lugre --fixed --ts 1e300 --v 1
expect_fail "trace --model lugre --fixed --ts 1e300: refused (it hung)" 2 '^fricore trace: .*ts' \
  bash -c "echo 0.1 | $T \"$F\" trace --model lugre --fixed --ts 1e300"
expect_fail "compile --sigma0 1e300 --ts 1e10: refused (it hung)" 2 '^fricore compile: .*sigma0' $T "$F" compile --model lugre --sigma0 1e300 --ts 1e10
expect_fail "compile --sigma0 1e-200 --sigma1 0 --ts 1e-200: refused (it overflowed)" 2 '^fricore compile: .*(sigma0|ts)' \
  $T "$F" compile --model lugre --sigma0 1e-200 --sigma1 0 --ts 1e-200

# ---- non-finite results: exit 1 naming the quantity, nothing written -------------
scratch nf1
expect_fail "sim --dt 0.5: exit 1, the step named, no inf in a summary" 1 \
  'is no longer finite at t = 1 s \(step 2 of 2, dt = 0.5 s\): .* = -?inf J; the step is too long for rk4' \
  env -C "$d" "$F" sim --example canudas1995 --duration 1 --dt 0.5 --report r.html --csv c.csv
expect_files "sim --dt 0.5: no file left" "$d" ""
scratch nf2
expect_fail "sim --force-amp 1e300 --integrator exact: exit 1 naming the energy balance" 1 \
  '^fricore sim: the energy balance is no longer finite at t = 0.0001 s \(step 1 of 10000, dt = 0.0001 s\): the work of spring and external force = inf J; the inputs drive the run beyond the range of a double' \
  env -C "$d" "$F" sim --example canudas1995 --duration 1 --dt 1e-4 --force-amp 1e300 --force-freq 1 --integrator exact \
  --report r.html --summary s.json
expect_files "sim --force-amp 1e300: no report, no summary, no temporary file" "$d" ""
expect_fail "sim --model coulomb --fc-neg 1e308: exit 1" 1 '^fricore sim: the energy balance is no longer finite at t = 2e-05 s \(step 2 of 100000' \
  "$F" sim --model coulomb --duration 1 --fc-neg 1e308
expect_fail "curve --b 1e300 --v 1e300: exit 1, nothing printed" 1 \
  "^fricore curve: --v: the force at v = 1e\+300 m/s is inf N, not finite" "$F" curve --model stribeck --b 1e300 --v 1e300
printf '1\n1e300\n' >"$tmp/in"
run "$F" curve --model stribeck --b 1e300 <"$tmp/in"
if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] && grep -q '^1,1.0000000000000001e+300$' "$tmp/out" &&
   grep -q '^fricore curve: stdin line 2: the force at v = 1e+300 m/s is inf N, not finite' "$tmp/err"; then
  ok "curve (stdin): stops with status 1 at the line whose force is not finite, naming it"
else bad "curve stdin non-finite (status $rc): $(cat "$tmp/out" "$tmp/err" | head -c 300)"; fi
printf '0.1\n1e300\n' >"$tmp/in"
run "$F" trace --model dahl --sigma2 1e300 --ts 1e-3 <"$tmp/in"
if [ "$rc" -eq 1 ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] &&
   grep -q '^fricore trace: stdin line 2 (v = 1e+300 m/s): the force is no longer finite (F = inf N' "$tmp/err"; then
  ok "trace: stops with status 1 at the line whose force is not finite, naming it"
else bad "trace non-finite (status $rc): $(cat "$tmp/out" "$tmp/err" | head -c 300)"; fi

# what a successful run writes is strict JSON and a report without inf or nan,
# also where a metric is absent (no stick-slip: null in the JSON, "none" in the report)
scratch ok1
run env -C "$d" "$F" sim --model coulomb --duration 1 --dt 1e-4 --check-step --report r.html --summary s.json
if [ "$rc" -eq 0 ] && python3 - "$d/s.json" "$d/r.html" <<'PY'
import json, re, sys
def no_constant(c): raise ValueError("non-finite JSON constant " + c)
s = json.load(open(sys.argv[1]), parse_constant=no_constant)
assert s["stick_slip"]["present"] is False and s["check_step"]["metrics"]["period_s"]["value"] is None, s
html = open(sys.argv[2]).read()
bad = re.findall(r"\b-?(?:inf|nan|infinity)\b", html, re.I)
assert not bad, bad
PY
then ok "sim: strict JSON and a report without inf/nan, absent metrics as null / none"; else bad "sim: strict JSON / report (status $rc)"; fi

# ---- lost output: every write checked, stdout included ---------------------------
if [ -w /dev/full ]; then
  for c in "sim --example canudas1995" "curve --v 1" "compile" "compile --model lugre --ts 1e-4"; do
    # shellcheck disable=SC2086 # c is split on purpose
    "$F" $c >/dev/full 2>"$tmp/err"; rc=$?
    if [ "$rc" -eq 2 ] && tail -n 1 "$tmp/err" | grep -q ': cannot write to stdout: No space left on device$'; then
      ok "$c >/dev/full: status 2, the reason named"
    else bad "$c >/dev/full (status $rc): $(tail -c 300 "$tmp/err")"; fi
  done
  echo 0.1 | "$F" trace --ts 1e-4 >/dev/full 2>"$tmp/err"; rc=$?
  if [ "$rc" -eq 2 ] && grep -q 'cannot write to stdout: No space left on device' "$tmp/err"; then ok "trace >/dev/full: status 2"
  else bad "trace >/dev/full (status $rc): $(tail -c 300 "$tmp/err")"; fi
  scratch full1
  expect_fail "sim --csv /dev/full: status 2 naming the output and the reason" 2 \
    '^fricore sim: cannot write --csv /dev/full: No space left on device$' env -C "$d" "$F" sim --duration 1 --csv /dev/full --report r.html
  expect_files "sim --csv /dev/full: the other outputs not left behind" "$d" ""
  expect_fail "sim --report /dev/full: status 2 after the run" 2 '^fricore sim: cannot write --report /dev/full: No space left on device$' \
    env -C "$d" "$F" sim --duration 0.5 --report /dev/full --csv c.csv --summary s.json
  expect_files "sim --report /dev/full: neither the CSV nor the summary left behind" "$d" ""
fi
# a file that grows past the file-size limit: the write fails (EFBIG), the file is not left
scratch fsize
expect_fail "sim --csv past the file-size limit: status 2 'File too large', nothing left" 2 \
  '^fricore sim: cannot write --csv big.csv: File too large$' \
  env -C "$d" bash -c 'ulimit -f 64; trap "" XFSZ; exec "$0" "$@"' "$F" sim --duration 1 --csv big.csv
expect_files "sim: no partial big.csv nor temporary file" "$d" ""

# ---- files left behind ----------------------------------------------------------
scratch part
expect_fail "sim --mass 1e-30 --csv part.csv: status 1" 1 'state is no longer finite .*: x = -?nan m; the step is too long for rk4' \
  env -C "$d" "$F" sim --mass 1e-30 --csv part.csv
expect_files "sim --mass 1e-30: no partial CSV" "$d" ""
echo "old" >"$d/keep.csv"
expect_fail "sim: a failed run over an existing file" 1 'no longer finite' env -C "$d" "$F" sim --mass 1e-30 --csv keep.csv
if [ "$(cat "$d/keep.csv")" = old ]; then ok "sim: a failed run leaves the existing file as it was"; else bad "sim: keep.csv changed"; fi
rm -f "$d/keep.csv"
# an unusable output is found before the run (this one would take minutes), with the reason
expect_fail "sim --csv ok.csv --report /nonexistent/r.html: status 2 at once, the reason named" 2 \
  '^fricore sim: cannot write --report /nonexistent/r.html: No such file or directory$' \
  env -C "$d" $T "$F" sim --duration 30 --dt 1e-7 --allow-long --csv ok.csv --report /nonexistent/r.html
expect_files "sim: no CSV written when the report cannot be" "$d" ""
echo x >"$d/file"
mkdir "$d/sub"
expect_fail "sim: an output inside a file: 'Not a directory'" 2 '^fricore sim: cannot write --csv file/x.csv: Not a directory$' \
  env -C "$d" "$F" sim --csv file/x.csv
expect_fail "sim: an output that is a directory: 'Is a directory'" 2 '^fricore sim: cannot write --summary sub: Is a directory$' \
  env -C "$d" "$F" sim --summary sub
expect_fail "sim: a directory name ending in /" 2 '^fricore sim: cannot write --report new/: Is a directory$' \
  env -C "$d" "$F" sim --report new/
expect_files "sim: nothing created by the refused runs" "$d" "file sub"
# two outputs naming one file, however spelled
ln "$d/file" "$d/hard"
ln -s file "$d/soft"
for pair in "X X" "X ./X" "X sub/../X" "file hard" "file soft"; do
  read -r a b <<<"$pair"
  expect_fail "sim --csv $a --report $b: refused, one file" 2 "^fricore sim: --csv $a and --report $b name the same file" \
    env -C "$d" "$F" sim --csv "$a" --report "$b"
done
expect_fail "sim --csv F >>F: refused, stdout goes there" 2 '^fricore sim: --csv file is the file stdout is redirected to' \
  bash -c "cd \"$d\" && \"$F\" sim --duration 0.1 --csv file 2>&1 >>file | tail -n 1 >&2; exit \${PIPESTATUS[0]}"
expect_files "sim: the refused runs left the files as they were" "$d" "file hard soft sub"
if [ "$(cat "$d/file")" = x ]; then ok "sim: a refused output keeps its old content"; else bad "sim: file changed"; fi
# '-' is stdout
scratch dash
run env -C "$d" "$F" sim --duration 0.01 --dt 1e-4 --csv - --summary s.json
if [ "$rc" -eq 0 ] && [ "$(head -n 1 "$tmp/out")" = "t,x,v,z,F_f,F_spring,F_ext" ] && [ "$(wc -l <"$tmp/out")" -eq 102 ] &&
   python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$d/s.json"; then
  ok "sim --csv -: the CSV on stdout"; else bad "sim --csv - (status $rc)"; fi
expect_files "sim --csv -: no file named '-'" "$d" "s.json"
rm -f "$d/s.json"
expect_fail "sim --csv - with the summary on stdout: refused" 2 '^fricore sim: --csv - and the JSON summary both write to stdout; give --summary FILE' \
  env -C "$d" "$F" sim --csv -
expect_fail "sim: two outputs on '-': refused" 2 "^fricore sim: --plot-time and --report both write to stdout \('-'\)" \
  env -C "$d" "$F" sim --plot-time - --report - --summary s.json
run env -C "$d" "$F" sim --duration 1 --dt 1e-4 --report - --summary -
if [ "$rc" -eq 2 ] && grep -q "both write to stdout" "$tmp/err"; then ok "sim --report - --summary -: refused"; else bad "sim --report - --summary - (status $rc)"; fi
run env -C "$d" "$F" sim --duration 1 --dt 1e-4 --plot-time - --summary s.json
if [ "$rc" -eq 0 ] && head -c 4 "$tmp/out" | grep -q '<svg'; then ok "sim --plot-time -: the SVG on stdout"; else bad "sim --plot-time - (status $rc)"; fi
expect_files "sim: only the summary file" "$d" "s.json"
# killed by a signal: the temporary files go too
scratch sig
timeout -s INT 1 "$F" sim --duration 30 --dt 1e-7 --allow-long --summary "$d/s.json" --report "$d/r.html" 2>/dev/null
expect_files "sim: SIGINT during the run leaves no temporary file" "$d" ""
(cd "$d" && "$F" sim --duration 1 --csv - --summary s.json 2>/dev/null | head -n 1 >/dev/null)
expect_files "sim --csv - | head: SIGPIPE leaves no temporary file" "$d" ""

# ---- options ----------------------------------------------------------------------
expect_fail "sim --force-amp without --force-freq: refused" 2 \
  '^fricore sim: --force-amp needs --force-freq: the external force is A sin\(2 pi f t\)' "$F" sim --force-amp 1
expect_fail "sim --force-freq without --force-amp: refused" 2 '^fricore sim: --force-freq needs --force-amp' "$F" sim --force-freq 1
expect_fail "sim --force-amp 1 --force-freq 0: refused" 2 '^fricore sim: --force-freq \(Hz\) must be > 0 with --force-amp 1 N, got 0' \
  "$F" sim --force-amp 1 --force-freq 0
run "$F" sim --force-amp 0.3 --force-freq 0.7 --duration 1 --dt 1e-4 --integrator exact
if [ "$rc" -eq 0 ]; then ok "sim --force-amp with --force-freq runs"; else bad "sim --force-amp and --force-freq (status $rc)"; fi
expect_usage_error "a repeated option: refused" '^fricore curve: --fc is given twice; give it once$' "$F" curve --fc 1 --fc 2 --v 1
expect_usage_error "a repeated option under its alias: refused" '^fricore curve: --sigma2 is given twice \(--b and --sigma2 are one option\)' \
  "$F" curve --b 1 --sigma2 2 --v 1
expect_usage_error "a repeated flag: refused" '^fricore curve: --fixed is given twice' "$F" curve --fixed --fixed --v 1
expect_usage_error "a repeated choice: refused" '^fricore sim: --model is given twice' "$F" sim --model dahl --model lugre
run "$F" curve --v 1 --v 2
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 3 ]; then ok "curve --v: repeatable, as its help says"; else bad "curve --v repeated (status $rc)"; fi
expect_usage_error "a subnormal number: refused, saying why" \
  "^fricore curve: --fc: '1e-310' is subnormal \(below 2.2e-308\): not a usable physical value \(expected 0 or a magnitude from 2.2e-308 to 1.8e308 N\)$" \
  "$F" curve --fc 1e-310 --v 1
expect_usage_error "a number rounding to 0: refused" "^fricore sim: --mass: '1e-400' rounds to 0 \(below 2.2e-308\)" "$F" sim --mass 1e-400
expect_usage_error "a number past the largest double: refused" \
  "^fricore sim: --k: '1e309' is beyond the range of a double \(expected a finite number, magnitude at most 1.8e308 N/m\)" "$F" sim --k 1e309
expect_fail "a subnormal on stdin: refused, naming the line" 2 \
  "^fricore curve: stdin line 1 \(column v\): '4.9e-324' is subnormal \(below 2.2e-308\)" bash -c "echo 4.9e-324 | \"$F\" curve >/dev/null"
run "$F" curve --fc 0e-400 --v 1
if [ "$rc" -eq 0 ]; then ok "an exact zero written with an exponent is 0, accepted"; else bad "0e-400 (status $rc)"; fi

# ---- stdin: streamed, line by line, in constant memory ----------------------------
if python3 - "$F" <<'PY'
import select, subprocess, sys
# each output line arrives while the input is still open: written as its line is read
for args, want in ((["curve", "--model", "coulomb", "--fc", "2"], "0.5,2"),
                   (["curve", "--model", "coulomb", "--fc", "2", "--fixed", "--f-max", "4"], "0.5,2,16384"),
                   (["trace", "--model", "dahl", "--ts", "1"], "0.5,"),
                   (["trace", "--model", "dahl", "--ts", "1e-3", "--fixed"], "0.5,")):
    # unbuffered: a line in Python's buffer would hide from select()
    p = subprocess.Popen([sys.argv[1]] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         bufsize=0)
    def line():
        r, _, _ = select.select([p.stdout], [], [], 5)
        assert r, (args, "no line within 5 s")
        return p.stdout.readline().decode()
    assert line().startswith("v,F"), args  # the header at once
    for k in range(3):
        p.stdin.write(b"0.5\n")
        assert line().startswith(want), args
    p.stdin.close()
    assert p.stdout.read() == b"" and p.wait() == 0, args
PY
then ok "curve, trace: each line written as its input line is read (stdout a pipe)"; else bad "curve/trace streaming"; fi
if python3 - "$F" <<'PY'
import resource, subprocess, sys
def rss(cmd, n):
    # one child at a time: the maximum over children is this child's
    r = subprocess.run([sys.executable, "-c", """
import resource, subprocess, sys
p = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
chunk = b"0.001\\n-0.5\\n0.25\\n0\\n" * 2500
for _ in range(int(sys.argv[1]) // 10000): p.stdin.write(chunk)
p.stdin.close()
assert p.wait() == 0
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
""", str(n)] + cmd, capture_output=True, text=True, check=True)
    return int(r.stdout)
for cmd in ([sys.argv[1], "curve"], [sys.argv[1], "trace", "--ts", "1e-4", "--fixed"]):
    small, large = rss(cmd, 10000), rss(cmd, 1000000)
    # 1e6 lines (8 MB of input, held in a list they would take 8 MB more)
    assert large - small < 2048, (cmd, small, large)
PY
then ok "curve, trace: 1e6 lines in the memory of 1e4"; else bad "curve/trace memory grows with the input"; fi
printf '0.1\n\0\n' >"$tmp/in"
expect_fail "curve: a NUL byte on stdin is refused" 2 '^fricore curve: stdin line 2: a NUL byte' bash -c "\"$F\" curve <\"$tmp/in\" >/dev/null"
python3 -c "print('1' * 600)" >"$tmp/in"
expect_fail "curve: an overlong stdin line is refused, not split" 2 '^fricore curve: stdin line 1: longer than 511 characters' \
  bash -c "\"$F\" curve <\"$tmp/in\" >/dev/null"
expect_fail "curve: a closed stdin is a read error" 2 '^fricore curve: cannot read stdin: Bad file descriptor' bash -c "\"$F\" curve <&- >/dev/null"
expect_fail "compile: a closed stdout is refused before the work" 2 '^fricore compile: cannot write to stdout: Bad file descriptor' \
  bash -c "\"$F\" compile >&-"

# ---- a fit that did not converge or ended on a bound: status 1, nothing written ------
ex=$(cd "$here/../../.." && pwd)/examples
expect_fail "fit static: a parameter on its bound is a failed run (status 1, stdout empty)" 1 \
  '^fricore fit: the fit ended on a bound: delta; nothing is written' "$F" fit static --data "$ex/static.csv" --fit-delta --bound delta=1:1.2
run "$F" fit static --data "$ex/static.csv" --fit-delta --bound delta=1:1.2 --accept-unconverged
if [ "$rc" -eq 0 ] && grep -q '"fit_at_bound": \["delta"\]' "$tmp/out" && grep -q '"fit_converged": true' "$tmp/out"; then
  ok "fit static --accept-unconverged: status 0, the file says fit_at_bound and fit_converged"
else bad "fit static --accept-unconverged (status $rc)"; fi
expect_fail "fit reduce: no steady segment is a failed run (status 1)" 1 '^fricore fit: .*no constant-velocity segment' \
  "$F" fit reduce --data "$ex/log.csv" --min-samples 100000
