#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ghdl_run.sh: one GHDL bench run, and the Verilator bench of the same
# configuration on the same stimulus; the two pin streams must be identical.
#
# Usage: ghdl_run.sh NAME DIR TAG VERILATOR_BENCH GHDL_COMMAND...
#   NAME             the run's name, for the messages
#   DIR              the GHDL work directory (holds libfric_tb.so); the logs
#                    ${TAG}verilator.log and ${TAG}ghdl.log are written there
#   TAG              a prefix for the logs ("" for make test's runs)
#   VERILATOR_BENCH  the Verilator bench, run from the working directory
#   GHDL_COMMAND     the GHDL bench's command line, run in DIR
# The environment (SWEEP_STRIDE, TEST, SOAK, STIM_DIR, ...) reaches both
# benches. Exit status 1 when a bench fails or the streams differ.
set -u
name=$1 dir=$2 tag=$3 vbench=$4
shift 4
vlog=$dir/${tag}verilator.log glog=$dir/${tag}ghdl.log

if ! "$vbench" >"$vlog" 2>&1; then
    tail -20 "$vlog"
    echo "FAIL the Verilator bench $(basename "$vbench")"
    exit 1
fi
(cd "$dir" && "$@") >"$glog" 2>&1
rc=$?
# GHDL's elaboration notes about unbound vendor primitives (synthesis only)
# and cmocka's per-test lines are left out of the console
grep -v -e 'is not bound' -e 'default configuration' -e '^ *\^' -e ': MULT18X18D$' -e ': SB_SPRAM256KA$' "$glog" |
    grep -v -e '^\[ *\(RUN\|OK\) *\]'
if [ "$rc" -ne 0 ]; then
    echo "FAIL $name: GHDL exit status $rc"
    exit 1
fi
v=$(sed -n 's/^.*: pin stream hash //p' "$vlog" | tr '\n' ' ')
g=$(sed -n 's/^.*: pin stream hash //p' "$glog" | tr '\n' ' ')
if [ -n "$v" ] && [ "$v" = "$g" ]; then
    echo "ok   $name: VHDL and Verilog pin streams identical in every test ($g)"
else
    echo "FAIL $name: pin streams of the VHDL core ($g) differ from the Verilog core's ($v)"
    exit 1
fi
