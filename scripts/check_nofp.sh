#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# check_nofp.sh OBJ...: fail if an object of the fixed-point library refers to
# a floating-point symbol or uses a floating-point register.
set -euo pipefail
fail=0
fp_syms='^(exp|exp2|expm1|log|log2|pow|sqrt|ldexp|frexp|floor|ceil|round|lround|llround|nearbyint|rint|fabs|fmod|sin|cos|tan|atan|atan2|tanh|modf|strtod|atof|printf|fprintf|snprintf|vsnprintf)f?$|^__(float|fix|extend|trunc|add|sub|mul|div|neg|cmp|eq|ne|lt|le|gt|ge|unord)[a-z]*[sdtx]f[0-9]*$'
for o in "$@"; do
  syms=$(nm -u "$o" | awk '{print $2}' | grep -E "$fp_syms" || true)
  if [ -n "$syms" ]; then echo "FAIL $o references floating point: $syms"; fail=1; fi
  regs=$(objdump -d --no-show-raw-insn "$o" | grep -Ec '%[xy]mm[0-9]|%st(\(|$)|\bf(ld|st|add|mul|div)' || true)
  if [ "$regs" -ne 0 ]; then echo "FAIL $o uses floating-point registers ($regs instructions)"; fail=1; fi
  [ $fail -eq 0 ] && echo "ok   $o: no floating point ($(nm -u "$o" | wc -l) undefined symbols, none floating point)"
done
exit $fail
