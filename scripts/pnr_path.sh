#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# pnr_path.sh LOG: the critical path of a nextpnr log, one line per net
# (delay, total, source cell), for reading where a clock's time goes.
set -eu
awk '/Critical path report for clock/{p=1} p&&/Source|setup/{print} /^Info: *$/{if(p&&n++>0)exit}' "$1" |
  sed -E 's/^Info: +//' | cut -c1-160
