#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fricore toolchain bootstrap.
#
# Installs what the project needs on a Debian 12 machine, as root:
#   - the Debian packages in DEB_PKGS (simulators (GHDL with its mcode back
#     end for synthesis and its LLVM back end for the benches), C toolchain, cmocka, z3,
#     MINPACK (libcminpack-dev, the Levenberg-Marquardt solver of fricore fit),
#     libzip (libzip-dev, which writes the .fmu archive of fricore export),
#     headless Chromium, which tests that the sim report page loads,
#     valgrind, whose instruction counts make bench reports, ccache, which
#     compiles Verilator's run-time library once for all the benches, clang with
#     its compiler-rt, whose libFuzzer make fuzz links, and for the lab page
#     (build/lab/index.html) wasi-libc, lld and the wasm32 compiler-rt that
#     compile the C to WebAssembly, and chromium-driver with python3-selenium,
#     which drive the page in make test; gcc-arm-none-eabi and
#     libnewlib-arm-none-eabi, the Cortex-M cross compiler and C library of
#     make test-mcu and make bench-mcu; python3-dev, the headers that the
#     Python package's extension compiles against);
#   - the pinned Python tools of scripts/requirements.txt in .venv/ (YoWASP
#     synthesis and formal tools, the Yices SMT solver of make formal; SciPy
#     for the baseline of make bench; MuJoCo, which loads the export of
#     fricore export --format mujoco in make test; the unicorn emulator of
#     make test-mcu).
# Idempotent: when everything is present it prints nothing and takes well
# under a second. It says what it installs when it installs something.
#
#   scripts/deps.sh           install what is missing
#   scripts/deps.sh --check   exit 1 (and name what is missing) instead of installing
#   scripts/deps.sh --versions print the versions in use
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
venv="$top/.venv"
req="$top/scripts/requirements.txt"
stamp="$venv/.fricore-requirements"
python=${PYTHON:-python3}

# Debian package -> a file that proves it is installed (cheaper than dpkg-query).
DEB_PKGS=(
  "verilator:/usr/bin/verilator"
  "ghdl:/usr/bin/ghdl"
  "ghdl-llvm:/usr/bin/ghdl-llvm"
  "iverilog:/usr/bin/iverilog"
  "libcmocka-dev:/usr/include/cmocka.h"
  "libcminpack-dev:/usr/include/cminpack-1/cminpack.h"
  "libzip-dev:/usr/include/zip.h"
  "z3:/usr/bin/z3"
  "gcc:/usr/bin/gcc"
  "g++:/usr/bin/g++"
  "make:/usr/bin/make"
  "python3-venv:/usr/lib/python3.11/ensurepip/__init__.py"
  "python3-dev:/usr/include/python3.11/Python.h"
  "chromium:/usr/bin/chromium"
  "valgrind:/usr/bin/valgrind"
  "ccache:/usr/bin/ccache"
  "clang:/usr/bin/clang"
  "libclang-rt-14-dev:/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a"
  "wasi-libc:/usr/lib/wasm32-wasi/libc.a"
  "lld-14:/usr/bin/wasm-ld-14"
  "libclang-rt-14-dev-wasm32:/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a"
  "chromium-driver:/usr/bin/chromedriver"
  "python3-selenium:/usr/lib/python3/dist-packages/selenium/__init__.py"
  "gcc-arm-none-eabi:/usr/bin/arm-none-eabi-gcc"
  "libnewlib-arm-none-eabi:/usr/lib/arm-none-eabi/newlib/thumb/v6-m/nofp/libc_nano.a"
)

mode=install
case "${1:-}" in
  --check) mode=check ;;
  --versions) mode=versions ;;
  "") ;;
  *) echo "deps.sh: unknown option '$1' (allowed: --check, --versions)" >&2; exit 2 ;;
esac

if [ "$mode" = versions ]; then
  printf '%-22s %s\n' verilator "$(verilator --version 2>/dev/null || echo missing)"
  printf '%-22s %s\n' ghdl "$(ghdl --version 2>/dev/null | head -n1 || echo missing)"
  printf '%-22s %s\n' ghdl-llvm "$(ghdl-llvm --version 2>/dev/null | sed -n 3p || echo missing)"
  printf '%-22s %s\n' iverilog "$(iverilog -V 2>/dev/null | head -n1 || echo missing)"
  printf '%-22s %s\n' gcc "$(gcc --version 2>/dev/null | head -n1 || echo missing)"
  printf '%-22s %s\n' z3 "$(z3 --version 2>/dev/null || echo missing)"
  printf '%-22s %s\n' chromium "$(chromium --version 2>/dev/null || echo missing)"
  printf '%-22s %s\n' valgrind "$(valgrind --version 2>/dev/null || echo missing)"
  printf '%-22s %s\n' ccache "$(ccache --version 2>/dev/null | head -n1 || echo missing)"
  printf '%-22s %s\n' clang "$(clang --version 2>/dev/null | head -n1 || echo missing)"
  printf '%-22s %s\n' arm-none-eabi-gcc "$(arm-none-eabi-gcc --version 2>/dev/null | head -n1 || echo missing)"
  printf '%-22s %s\n' cmocka "$(dpkg-query -W -f='${Version}' libcmocka-dev 2>/dev/null || echo missing)"
  printf '%-22s %s\n' cminpack "$(dpkg-query -W -f='${Version}' libcminpack-dev 2>/dev/null || echo missing)"
  if [ -x "$venv/bin/pip" ]; then
    "$venv/bin/pip" list --format=freeze 2>/dev/null | grep -E '^(yowasp|wasmtime|scipy|numpy|fusesoc|edalize|yices|mujoco=|unicorn)' | sed 's/==/ /' |
      while read -r n v; do printf '%-22s %s\n' "$n" "$v"; done
  else
    echo ".venv                  missing (run: make deps)"
  fi
  exit 0
fi

missing=()
for entry in "${DEB_PKGS[@]}"; do
  pkg=${entry%%:*}; file=${entry#*:}
  [ -e "$file" ] || missing+=("$pkg")
done

venv_ok=1
if [ ! -x "$venv/bin/python" ] || [ ! -f "$stamp" ] || ! cmp -s "$req" "$stamp"; then
  venv_ok=0
fi

if [ "$mode" = check ]; then
  [ ${#missing[@]} -eq 0 ] && [ $venv_ok -eq 1 ] && exit 0
  [ ${#missing[@]} -gt 0 ] && echo "deps: missing Debian packages: ${missing[*]}"
  [ $venv_ok -eq 0 ] && echo "deps: .venv is missing or not at the pinned versions of scripts/requirements.txt"
  exit 1
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "deps: need root to install Debian packages (run 'sudo make deps')" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ $venv_ok -eq 0 ]; then
  echo "deps: installing the pinned Python tools into .venv/ ($(grep -cE '^[a-z]' "$req") packages of scripts/requirements.txt)"
  [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$req"
  cp "$req" "$stamp"
fi

# YoWASP compiles each tool's WebAssembly to machine code at its first call
# and writes the result to its cache in place, unlocked: a second process
# that starts meanwhile maps the half-written file and dies of a bus error.
# make -j2 starts two Yosys or two nextpnr at once, so the tools that run in
# parallel are compiled here, one at a time, when their cache is empty (a
# minute or two, once per machine and pinned version).
yowasp_cache=${YOWASP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/YoWASP}
warm=()
for t in yosys nextpnr-ice40 nextpnr-ecp5 nextpnr-himbaechel-gowin nextpnr-nexus; do
  [ -d "$yowasp_cache/yowasp_${t//-/_}/$t.wasm" ] || warm+=("$t")
done
if [ ${#warm[@]} -gt 0 ]; then
  echo "deps: compiling the YoWASP tools once, before make runs them in parallel: ${warm[*]}"
  for t in "${warm[@]}"; do
    "$venv/bin/yowasp-$t" "$([ "$t" = yosys ] && echo -V || echo --version)" </dev/null >/dev/null 2>&1 || true
    [ -d "$yowasp_cache/yowasp_${t//-/_}/$t.wasm" ] || { echo "deps: yowasp-$t did not compile into $yowasp_cache" >&2; exit 1; }
  done
fi
