#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Load an HTML page in headless Chromium and fail if anything reaches its
# console: a script error, a console message, or a resource the page's
# Content-Security-Policy refused to load (a page that is not self-contained).
#
#   scripts/check_page.sh PAGE.html [TEXT...]
#
# Each TEXT must also appear in the DOM Chromium rendered (proof that it
# loaded the page rather than an error page). Exit 0 clean, 1 otherwise.
set -euo pipefail
page=$(readlink -f "$1"); shift
[ -f "$page" ] || { echo "check_page: no such file: $page" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# --no-sandbox: CI and this machine run as root, where Chromium's sandbox cannot start
timeout 120 chromium --headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
  --enable-logging=stderr --v=0 --dump-dom "file://$page" >"$tmp/dom" 2>"$tmp/log" || {
  echo "check_page: chromium failed on $page:"; tail -5 "$tmp/log"; exit 1; }
if grep -q ':CONSOLE' "$tmp/log"; then
  echo "check_page: $page wrote to the console:"
  grep ':CONSOLE' "$tmp/log" | sed 's/^\[[^]]*\] /  /'
  exit 1
fi
for want in "$@"; do
  grep -qF -- "$want" "$tmp/dom" || { echo "check_page: '$want' is not in the DOM of $page"; exit 1; }
done
exit 0
