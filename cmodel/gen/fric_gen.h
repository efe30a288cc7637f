/* SPDX-License-Identifier: Apache-2.0 */
/* fric_gen.h: what the generator's parts share (cmodel/gen/). */
#ifndef FRIC_GEN_H
#define FRIC_GEN_H

#include <stdio.h>

/** Open DIR/REL for writing; exits with a message on failure. */
FILE *fric_gen_open(const char *dir, const char *rel);
/** Close a file from fric_gen_open; exits on a write error. */
void fric_gen_close(FILE *f);
/** Write a Verilog function FN(w, i) of BITS bits returning entry i of a
 *  table, by a case per width (so the table travels with the RTL source and
 *  synthesis maps it to a ROM), for the nwidths widths; entry(w, i) gives
 *  the values, n entries each. */
void fric_gen_vh_rom(FILE *f, const char *fn, const char *what, int bits, const int *widths, int nwidths,
                     int n, long (*entry)(int w, int i));
/** The license line of every generated source file, after the comment
 *  leader of its language. */
#define FRIC_GEN_SPDX "SPDX-License-Identifier: Apache-2.0"
/** The "generated, do not edit" line every output carries. */
extern const char *fric_gen_banner;

/** Write the register map: cmodel/generated/fricore_regs.h,
 *  rtl/generated/fric_regs_map.vh and docs/generated/register-map.md
 *  (fric_gen_regs.c). */
void fric_gen_regs(const char *dir);

#endif
