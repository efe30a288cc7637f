# SPDX-License-Identifier: Apache-2.0
# Helpers for the command-line tests: each check prints one line, and
# finish() prints "N passed, N failed" and sets the exit status.
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# run CMD...: runs it, keeping stdout, stderr and the status.
run() { "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

# expect_usage_error NAME PATTERN CMD...: status 2, nothing on stdout, one
# line on stderr that matches PATTERN (an extended regex).
expect_usage_error() {
  local name=$1 pat=$2; shift 2
  run "$@"
  if [ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -Eq -- "$pat" "$tmp/err"; then
    ok "$name"
  else
    bad "$name (status $rc, stdout $(wc -c <"$tmp/out") bytes, stderr: $(head -c 300 "$tmp/err"))"
  fi
}

# expect_csv NAME WANT_FILE: stdout equals the file within a relative 1e-12 per number.
expect_csv() {
  local name=$1 want=$2
  if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$want" <<'PY'
import sys
got = open(sys.argv[1]).read().split("\n")
want = open(sys.argv[2]).read().split("\n")
if len(got) != len(want): sys.exit(1)
for g, w in zip(got, want):
    if g == w: continue
    gs, ws = g.split(","), w.split(",")
    if len(gs) != len(ws): sys.exit(1)
    for a, b in zip(gs, ws):
        try:
            fa, fb = float(a), float(b)
        except ValueError:
            if a != b: sys.exit(1)
            continue
        if abs(fa - fb) > 1e-12 * max(1.0, abs(fb)): sys.exit(1)
PY
  then ok "$name"; else bad "$name (status $rc; got: $(head -c 300 "$tmp/out"))"; fi
}

finish() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
