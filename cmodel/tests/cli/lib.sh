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

# expect_fail NAME STATUS PATTERN CMD...: that status, nothing on stdout, and
# a last line on stderr that matches PATTERN (warnings may come before it).
expect_fail() {
  local name=$1 want=$2 pat=$3; shift 3
  run "$@"
  if [ "$rc" -eq "$want" ] && [ ! -s "$tmp/out" ] && tail -n 1 "$tmp/err" | grep -Eq -- "$pat"; then
    ok "$name"
  else
    bad "$name (status $rc, want $want; stdout $(wc -c <"$tmp/out") bytes; stderr: $(tail -c 300 "$tmp/err"))"
  fi
}

# expect_files NAME DIR WANT: DIR holds exactly the files WANT (a
# space-separated sorted list, "" for none), hidden ones included: no
# temporary file left behind.
expect_files() {
  local name=$1 dir=$2 want=$3 got
  got=$(cd "$dir" && LC_ALL=C ls -A | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then ok "$name"; else bad "$name (files: '$got', want '$want')"; fi
}

# scratch NAME: a new empty directory $tmp/NAME, in $d
scratch() { d=$tmp/$1; rm -rf "$d"; mkdir -p "$d"; }

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
