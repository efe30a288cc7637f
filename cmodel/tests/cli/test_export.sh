# SPDX-License-Identifier: Apache-2.0
# fricore export --format mujoco (sourced by run.sh; $FRICORE is the binary).
ex=$(cd "$here/../../.." && pwd)/examples

# the exported numbers read back exactly as the parameter file's
"$FRICORE" fit static --data "$ex/static.csv" --out "$tmp/xs.json" 2>/dev/null
"$FRICORE" fit dynamic --data "$ex/dynamic.csv" --params "$tmp/xs.json" --out "$tmp/xd.json" 2>/dev/null
run "$FRICORE" export --params "$tmp/xd.json" --format mujoco --joint slide_x --name fric
if [ "$rc" -eq 0 ] && python3 - "$tmp/out" "$tmp/xd.json" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
text = open(sys.argv[1]).read()
p = json.load(open(sys.argv[2]))
a = ET.fromstring(text[text.index("<actuator>"):])
dc = a.find("dcmotor")
assert dc.get("name") == "fric" and dc.get("joint") == "slide_x" and dc.get("input") == "none"
assert dc.get("motorconst") == "0" and float(dc.get("resistance")) > 0
want = [p[k] for k in ("sigma0", "sigma1", "fc", "fs", "vs")]
assert [float(x) for x in dc.get("lugre").split()] == want, (dc.get("lugre"), want)
assert float(dc.get("damping")) == p["sigma2"]
PY
then ok "export --params: lugre = sigma0 sigma1 fc fs vs and damping = sigma2 of the file, exactly"
else bad "export --params (status $rc): $(head -c 300 "$tmp/err")"; fi
run "$FRICORE" export --format mujoco --model dahl --sigma0 2e4 --fc 0.8 --b 0.1
if [ "$rc" -eq 0 ] && grep -q 'lugre="20000 0 0.8 0.8 1"' "$tmp/out" && grep -q 'damping="0.1"' "$tmp/out"; then
  ok "export: a Dahl set as LuGre with Fs = Fc, sigma1 = 0"
else bad "export dahl (status $rc): $(head -c 300 "$tmp/out")"; fi

# what MuJoCo cannot represent: exit 2, naming why
expect_usage_error "export: a static model is refused" "model stribeck is static: MuJoCo's dcmotor friction is the LuGre model" \
  "$FRICORE" export --params "$tmp/xs.json" --format mujoco
expect_usage_error "export: delta != 2 is refused" "delta \(Stribeck exponent\) must be 2 for MuJoCo.*got 1.5" \
  "$FRICORE" export --format mujoco --delta 1.5
expect_usage_error "export: an asymmetric Coulomb level is refused" "asymmetric levels: .*got fc 1 N, fc_neg 0.9 N" \
  "$FRICORE" export --format mujoco --fc-neg 0.9
expect_usage_error "export: an asymmetric static level is refused" "asymmetric levels: .*got fs 1.5 N, fs_neg 1.4 N" \
  "$FRICORE" export --format mujoco --fs-neg 1.4
expect_usage_error "export: a Stribeck velocity per direction is refused (MuJoCo has one vs)" \
  "MuJoCo's dcmotor has one vs for both directions; got vs 0.001 m/s, vs_neg 0.002 m/s" \
  "$FRICORE" export --format mujoco --vs-neg 2e-3
expect_usage_error "export: an asymmetric sigma2 is refused" "asymmetric levels: .*sigma2_neg 0.5" \
  "$FRICORE" export --format mujoco --sigma2-neg 0.5
printf '{"model": "lugre", "vmd": 0.002}' >"$tmp/xv.json"
expect_usage_error "export: a velocity-dependent sigma1 is refused" "velocity-dependent sigma1 \(vmd = 0.002 m/s\)" \
  "$FRICORE" export --format mujoco --params "$tmp/xv.json"
expect_usage_error "export: --format is required" "--format is required \(allowed: mujoco, fmu\)" "$FRICORE" export
expect_usage_error "export: an unknown format" "--format" "$FRICORE" export --format urdf
expect_usage_error "export: a joint name that is not an MJCF name" "--joint must be 1 to 100 of the characters" \
  "$FRICORE" export --format mujoco --joint 'a"b'
expect_usage_error "export: a bad value, with its range" "sigma0 .*must be finite and > 0" \
  "$FRICORE" export --format mujoco --sigma0 0
scratch export
run "$FRICORE" export --format mujoco --out "$d/a.xml"
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ] && grep -q '<dcmotor ' "$d/a.xml"; then ok "export --out: the file, nothing on stdout"
else bad "export --out (status $rc)"; fi
run "$FRICORE" export --format mujoco --delta 3 --out "$d/b.xml"
expect_files "export: a refused set leaves no output file" "$d" "a.xml"

# --format fmu: the options of the other format, and of the other arithmetic, refused
expect_usage_error "export fmu: --joint is MuJoCo's" "--joint does not apply to --format fmu" \
  "$FRICORE" export --format fmu --joint j --out "$d/x.fmu"
expect_usage_error "export mujoco: --fmi is the FMU's" "--fmi does not apply to --format mujoco" \
  "$FRICORE" export --format mujoco --fmi 3
expect_usage_error "export fmu: --width needs --arith fixed" "--width does not apply to --arith double" \
  "$FRICORE" export --format fmu --width 18 --out "$d/x.fmu"
expect_usage_error "export fmu: --arith fixed needs --ts" "--ts \(the core's sample time, s\) is required with --arith fixed" \
  "$FRICORE" export --format fmu --arith fixed --out "$d/x.fmu"
expect_usage_error "export fmu: --out is required" "--out FILE is required with --format fmu" \
  "$FRICORE" export --format fmu
expect_usage_error "export fmu: an unknown FMI version" "--fmi" "$FRICORE" export --format fmu --fmi 1 --out "$d/x.fmu"
expect_usage_error "export fmu: a bad value, with its range" "sigma0 .*must be finite and > 0" \
  "$FRICORE" export --format fmu --sigma0 0 --out "$d/x.fmu"
expect_fail "export fmu: a sample time the compiler refuses" 2 "ts" \
  "$FRICORE" export --format fmu --arith fixed --ts 1e-12 --out "$d/x.fmu"
expect_files "export fmu: a refused export leaves no file" "$d" "a.xml"
run "$FRICORE" export --format fmu --fmi 3 --arith fixed --ts 1e-4 --width 18 --out "$d/f.fmu"
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ] && python3 - "$d/f.fmu" <<'PY'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
n = set(z.namelist())
assert {"modelDescription.xml", "resources/fricore.json", "binaries/x86_64-linux/fricore.so",
        "sources/buildDescription.xml", "sources/fric_fmi3.c", "sources/fric_fmu_model.c"} <= n, n
assert not any(x.startswith("binaries/linux64") or x.endswith("fric_fmi2.c") for x in n), n
md = z.read("modelDescription.xml").decode()
assert 'fmiVersion="3.0"' in md and 'fixedInternalStepSize="0.0001"' in md, md[:400]
assert '"width": 18' in z.read("resources/fricore.json").decode()
assert z.testzip() is None
PY
then ok "export fmu: FMI 3 fixed archive (binary, sources, buildDescription, the step, width 18)"
else bad "export fmu fixed (status $rc): $(head -c 300 "$tmp/err")"; fi
