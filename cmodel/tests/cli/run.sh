#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Command-line tests of the fricore tool. Usage: run.sh PATH/TO/fricore
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
FRICORE=$1
for t in "$here"/test_*.sh; do
  echo "== $(basename "$t")"
  . "$t"
done
finish
