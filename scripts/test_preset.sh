#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The preset example (examples/rtl/fric_lugre_preset.v): a fitted LuGre set
# compiled with fricore compile --format vh and loaded into fric_lugre by
# the example's sequencer, without fric_regs, gives the forces of
# fricore trace --fixed for the same set, bit for bit (iverilog).
# usage: scripts/test_preset.sh FRICORE OUTDIR
set -euo pipefail
F=$1
D=$2
rm -rf "$D" && mkdir -p "$D"
SET=(--model lugre --fc 0.9 --fs 1.3 --vs 0.004 --sigma2 0.5 --sigma0 2e4 --sigma1 1 --fc-neg 1.1 --fs-neg 1.4)
FX=(--ts 1e-4 --width 16 --v-max 0.0625 --f-max 4)
"$F" compile "${SET[@]}" "${FX[@]}" --format vh >"$D/fric_lugre_set.vh" 2>"$D/compile.err"
# 400 velocity codes: a slow sine through zero (presliding), then steps up to
# the full scale and back (codes are exact: v = code * v_max / 2^15)
python3 - "$D" <<'PY'
import math, sys
d = sys.argv[1]
codes = [round(300 * math.sin(2 * math.pi * k / 100)) for k in range(200)]
codes += [max(-32768, min(32767, round(32767 * math.sin(2 * math.pi * k / 57)))) for k in range(200)]
with open(f"{d}/vel.hex", "w") as f:
    f.writelines(f"{c & 0xFFFF:04x}\n" for c in codes)
with open(f"{d}/vel.txt", "w") as f:
    f.write("v\n")
    f.writelines(f"{c * 0.0625 / 32768!r}\n" for c in codes)
PY
"$F" trace "${SET[@]}" "${FX[@]}" --fixed <"$D/vel.txt" >"$D/trace.csv"
verilator --lint-only -Wall -I"$D" -Irtl/generated -Irtl/arith -Irtl/cores rtl/fric.vlt examples/rtl/fric_lugre_preset.v \
  $(grep -v '^//' rtl/cores/fric_lugre.f) --top-module fric_lugre_preset
echo "ok   verilator --lint-only -Wall: fric_lugre_preset with the compiled set"
iverilog -g2005 -I "$D" -I rtl/generated -I rtl/arith -I rtl/cores -o "$D/tb.vvp" -s tb_preset \
  tb/preset/tb_preset.v examples/rtl/fric_lugre_preset.v $(grep -v '^//' rtl/cores/fric_lugre.f)
(cd "$D" && vvp -n tb.vvp >sim.log)
cat "$D/sim.log"
python3 - "$D" <<'PY'
import csv, sys
d = sys.argv[1]
want = [int(r["F_code"]) for r in csv.DictReader(open(f"{d}/trace.csv"))]
got = [int(x) for x in open(f"{d}/force.txt").read().split()]
assert len(want) == 400, len(want)
if got != want:
    k = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    sys.exit(f"FAIL the preset core differs from fricore trace --fixed at sample {k} of {len(want)} "
             f"(core {got[k] if k < len(got) else 'none'}, trace {want[k] if k < len(want) else 'none'})")
nz = sum(1 for x in want if x != 0)
print(f"ok   fric_lugre_preset: {len(got)} forces equal fricore trace --fixed bit for bit ({nz} nonzero, "
      f"peak {max(map(abs, want))} codes)")
PY
