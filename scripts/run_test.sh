#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run_test.sh: run one test program with its output in a log, and print one
# line for it: PASS with the time and the test program's own summary line
# (cmocka's "[  PASSED  ] n test(s)" or the last "ok" line), or FAIL with
# the end of the log. V=1 in the environment also shows the whole output.
#
# Usage: run_test.sh NAME LOG COMMAND [ARG...]
# Exit status: the command's.
set -uo pipefail
name=$1 log=$2
shift 2
mkdir -p "$(dirname "$log")"
t0=$(date +%s.%N)
if [ "${V:-0}" = 1 ]; then
    "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
else
    "$@" >"$log" 2>&1
    rc=$?
fi
dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
if [ "$rc" -eq 0 ]; then
    what=$(grep -E '^\[  PASSED  \]' "$log" | awk '{ n += $4 } END { if (n) printf "%d cmocka tests", n }')
    [ -n "$what" ] || what=$(grep -E '^[0-9]+ passed, 0 failed$' "$log" | tail -n 1)
    [ -n "$what" ] || what=$(grep -E '^ok ' "$log" | tail -n 1 | cut -c6-90)
    [ -n "$what" ] || what=$(grep -v '^ *$' "$log" | tail -n 1 | cut -c1-80)
    printf '  PASS      %-34s %6s s  %s\n' "$name" "$dt" "$what"
else
    printf '  FAIL      %s (exit status %d after %s s); the end of %s:\n' "$name" "$rc" "$dt" "$log"
    tail -n 40 "$log" | sed 's/^/    | /'
fi
exit "$rc"
