/* fric_gen.h: what the generator's parts share (cmodel/gen/). */
#ifndef FRIC_GEN_H
#define FRIC_GEN_H

#include <stdio.h>

/** Open DIR/REL for writing; exits with a message on failure. */
FILE *fric_gen_open(const char *dir, const char *rel);
/** Close a file from fric_gen_open; exits on a write error. */
void fric_gen_close(FILE *f);
/** The "generated, do not edit" line every output carries. */
extern const char *fric_gen_banner;

/** Write the register map: cmodel/include/fricore_regs.h,
 *  rtl/fric_regs_map.vh and docs/register-map.md (fric_gen_regs.c). */
void fric_gen_regs(const char *dir);

#endif
