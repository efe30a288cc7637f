/* SPDX-License-Identifier: Apache-2.0 */
/* fric_eng's disassembler (see fric_eng.h): for the generated program
 * listing and for traces. Kept apart from fric_eng.c, which is integer-only
 * firmware-grade code (snprintf is not). */
#include <stdio.h>

#include "fric_eng.h"

void fric_eng_disasm(uint32_t w, char *buf, size_t len)
{
    static const char *const names[] = {"?", "add", "sub", "rsr", "shr", "and", "min", "max", "blen",
                                        "mul", "negif", "tbl", "in", "out", "blt", "bge", "beq", "bne",
                                        "mulp", "cpy"};
    const int op = (int)(w >> 26), rd = (int)(w >> 21) & 31, ra = (int)(w >> 16) & 31;
    const int bsel = (int)(w >> 14) & 3, rb = (int)w & 31, tgt = (int)(w >> 5) & 511;
    const char *n = (op >= 1 && op <= FRIC_ENG_CPY) ? names[op] : "?";
    char bs[24];
    switch (bsel) {
    case FRIC_ENG_B_REG: snprintf(bs, sizeof bs, "r%d", rb); break;
    case FRIC_ENG_B_IMM: snprintf(bs, sizeof bs, "#%d", ((int32_t)(w << 18)) >> 18); break;
    case FRIC_ENG_B_PAR: snprintf(bs, sizeof bs, "p%d", rb); break;
    default: snprintf(bs, sizeof bs, "pd%d", rb); break;
    }
    switch (op) {
    case FRIC_ENG_TBL: snprintf(buf, len, "tbl%s r%d, T%d[r%d]", ((w >> 8) & 1) ? "d" : "", rd, (int)(w >> 5) & 7, ra); break;
    case FRIC_ENG_IN: snprintf(buf, len, "in r%d, commit -> %d", rd, tgt); break;
    case FRIC_ENG_CPY: snprintf(buf, len, "cpy p%d", rb); break;
    case FRIC_ENG_OUT: snprintf(buf, len, "out r%d -> %d", ra, tgt); break;
    case FRIC_ENG_BLT: case FRIC_ENG_BGE: case FRIC_ENG_BEQ: case FRIC_ENG_BNE:
        snprintf(buf, len, "%s r%d, r%d -> %d", n, ra, rb, tgt);
        break;
    case FRIC_ENG_MIN: case FRIC_ENG_MAX:
        snprintf(buf, len, "%s r%d, r%d, %s, flag %d", n, rd, ra, bs, (int)(w >> 8) & 7);
        break;
    case FRIC_ENG_BLEN: snprintf(buf, len, "blen r%d, r%d", rd, ra); break;
    default: snprintf(buf, len, "%s r%d, r%d, %s", n, rd, ra, bs); break;
    }
}
