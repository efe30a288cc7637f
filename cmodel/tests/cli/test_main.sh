# SPDX-License-Identifier: Apache-2.0
# fricore itself: --version, help, and the command list (sourced by run.sh;
# $FRICORE is the binary).

all_cmds="curve compile trace sim servo help version"

# ---- version: one string, from cmodel/cli/fric_version.h ------------------------
want_version=$(sed -n 's/^#define FRICORE_VERSION "\(.*\)"$/\1/p' "$here/../../cli/fric_version.h")
run "$FRICORE" --version
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && [ -n "$want_version" ] && [ "$(wc -l <"$tmp/out")" -eq 2 ] &&
   [ "$(sed -n 1p "$tmp/out")" = "fricore $want_version" ] &&
   sed -n 2p "$tmp/out" | grep -Eq '^register map [0-9]+\.[0-9]+\.[0-9]+$'; then
  ok "--version: 'fricore $want_version', then the register-map version"
else bad "--version (status $rc, want $want_version): $(head -c 300 "$tmp/out") $(head -c 300 "$tmp/err")"; fi
cp "$tmp/out" "$tmp/version"

run "$FRICORE" version
if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/version"; then ok "version = --version"; else bad "version (status $rc): $(head -c 300 "$tmp/out")"; fi

expect_usage_error "version: extra argument refused" "^fricore version: unexpected argument 'x'" "$FRICORE" version x

# ---- help: the command list, and each command's --help --------------------------
run "$FRICORE" help
missing=""
for c in $all_cmds; do grep -Eq "^  $c +[a-z]" "$tmp/out" || missing="$missing $c"; done
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && [ -z "$missing" ]; then ok "help: lists every command"; else bad "help (status $rc, missing:$missing)"; fi
cp "$tmp/out" "$tmp/help"

run "$FRICORE" --help
if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/help"; then ok "--help = help"; else bad "--help (status $rc)"; fi

for c in $all_cmds; do
  run "$FRICORE" "$c" --help
  cp "$tmp/out" "$tmp/want_help"
  want_rc=$rc
  run "$FRICORE" help "$c"
  if [ "$rc" -eq 0 ] && [ "$want_rc" -eq 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/out" "$tmp/want_help"; then
    ok "help $c = $c --help"
  else bad "help $c (status $rc, $c --help status $want_rc): $(head -c 300 "$tmp/err")"; fi
done

expect_usage_error "help nosuch: names it and the commands" \
  "^fricore help: unknown command 'nosuch' \(commands: curve, compile, trace, sim, servo, fit, export, help, version\)$" "$FRICORE" help nosuch
expect_usage_error "help COMMAND WORD: the command refuses a subcommand it does not have" "^fricore sim: unexpected argument 'trace'" "$FRICORE" help sim trace
expect_usage_error "help: a COMMAND and a SUBCOMMAND at most" "^fricore help: unexpected argument 'x'" "$FRICORE" help fit static x

# ---- help: a value that is not a file is named by its syntax, not FILE -------------
for c in curve compile trace sim servo "fit static" "fit dynamic" "fit reduce" export; do
  # shellcheck disable=SC2086 # c is split on purpose
  run "$FRICORE" help $c
  odd=$(grep -E '^  --[a-z0-9-]+(, --[a-z0-9-]+)? FILE ' "$tmp/out" | grep -viE 'file|csv|write|svg|html|json|log|record|measurements' || true)
  if [ "$rc" -eq 0 ] && [ -z "$odd" ]; then ok "help $c: every FILE option takes a file"
  else bad "help $c (status $rc): FILE shown for a value that is not a file: $odd"; fi
done
run "$FRICORE" help fit static
if grep -qE '^  --bound NAME=LO:HI,\.\.\. ' "$tmp/out" && grep -qE '^  --fix NAME=X,\.\.\. ' "$tmp/out"; then ok "help fit static: --bound and --fix show their syntax"
else bad "help fit static: --bound/--fix syntax missing"; fi
run "$FRICORE" help servo
if grep -qE '^  --drift NAME=M,\.\.\. ' "$tmp/out" && grep -qE '^  --adapt-bounds LO,HI ' "$tmp/out"; then ok "help servo: --drift and --adapt-bounds show their syntax"
else bad "help servo: --drift/--adapt-bounds syntax missing"; fi

# ---- no command: usage on stderr, status 2 ---------------------------------------
run "$FRICORE"
if [ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q 'fricore help COMMAND' "$tmp/err" && grep -q 'fricore --version' "$tmp/err"; then
  ok "no command: usage naming help and --version on stderr, status 2"
else bad "no command (status $rc): $(head -c 300 "$tmp/err")"; fi

# ---- an unwritable stdout is an error --------------------------------------------
if [ -w /dev/full ]; then
  for args in "--version" "help" "help sim" "--help"; do
    # shellcheck disable=SC2086 # args is split on purpose
    "$FRICORE" $args >/dev/full 2>"$tmp/err"; rc=$?
    if [ "$rc" -eq 2 ] && grep -q 'cannot write to stdout' "$tmp/err"; then ok "$args >/dev/full: status 2"
    else bad "$args >/dev/full (status $rc): $(head -c 300 "$tmp/err")"; fi
  done
fi
