/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fric_gen_regs: the register map of the board tops (rtl/board/fric_regs.v),
 * the one source of cmodel/generated/fricore_regs.h (the host driver's),
 * rtl/generated/fric_regs_map.vh (the RTL's) and docs/generated/register-map.md.
 *
 * Byte addresses on a 32-bit Wishbone bus (word aligned); an array register
 * has COUNT entries STRIDE bytes apart. Fields are LSB and BITS within the
 * word. Access: R (read only), RW, W (write only, reads 0), W1C (read; a 1
 * written clears the bit).
 *
 * The access classes also go out as a decode, rtl/generated/fric_regs_access.vh
 * (a Verilog function) and rtl/vhdl/generated/fric_regs_pkg.vhd (its VHDL
 * twin), which the AXI4-Lite slave (rtl/board/fric_axil_wb.v) answers with:
 * SLVERR for an address the map does not list and for a write to an R
 * register.
 */
#include "fric_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REGS_ID 0x46524943u /* "FRIC" */
#define REGS_VERSION_MAJOR 1
#define REGS_VERSION_MINOR 0
#define REGS_VERSION_PATCH 0
#define REGS_MAX_AXES 8
#define REGS_PARAM_WORDS 32

typedef struct {
    const char *name;
    int lsb, bits;
    const char *what;
} rfield_t;

typedef struct {
    const char *name;
    unsigned off;   /* byte address of entry 0 */
    int count;      /* 1, or the entries of an array */
    const char *acc;
    const char *what;
    rfield_t f[12]; /* ends at a NULL name */
} reg_t;

static const reg_t regs[] = {
    {"ID", 0x000, 1, "R", "identification: the ASCII bytes \"FRIC\"",
     {{"VALUE", 0, 32, "0x46524943"}}},
    {"VERSION", 0x004, 1, "R", "register-map version",
     {{"PATCH", 0, 8, "patch"}, {"MINOR", 8, 8, "minor"}, {"MAJOR", 16, 8, "major"}}},
    {"CAPS", 0x008, 1, "R", "what this build has",
     {{"AXES", 0, 4, "NUM_AXES, the axes of both cores (1..8)"},
      {"W", 8, 5, "datapath width W of the velocity and force codes (S,W,0)"},
      {"STRIBECK", 16, 1, "the Stribeck core is present"},
      {"LUGRE", 17, 1, "the LuGre / Dahl core is present"},
      {"ENC", 18, 1, "the quadrature-encoder velocity path is present"}}},
    {"CTRL", 0x00C, 1, "RW", "control; 0 after reset",
     {{"RUN", 0, 1, "1: every sample tick starts a sample set of all axes"},
      {"ENC_AXES", 8, 8, "axes whose velocity is the encoder estimate (bit a: axis a); the others take VEL[a]"}}},
    {"TICK_DIV", 0x010, 1, "RW", "sample-tick period in clock cycles; 0 (the reset value) stops the ticks",
     {{"DIV", 0, 24, "clock cycles from one sample tick to the next"}}},
    {"STEP", 0x014, 1, "W", "a write (any data) requests one sample set of all axes, at the next sample boundary",
     {{"GO", 0, 1, "ignored: any write requests the set"}}},
    {"COMMIT", 0x018, 1, "W", "apply the shadow sets to these axes together at the next sample boundary (bits accumulate until applied)",
     {{"STRIBECK", 0, 8, "axes that take the Stribeck shadow set S_PARAM"},
      {"LUGRE", 8, 8, "axes that take the LuGre shadow set L_PARAM"}}},
    {"SRST", 0x01C, 1, "W", "reset the LuGre bristle state of these axes at the next sample boundary",
     {{"AXES", 0, 8, "axes to reset (bit a: axis a)"}}},
    {"STATUS", 0x020, 1, "R", "what the sample sequencer is doing",
     {{"PENDING", 0, 1, "a commit or state reset waits for the sample boundary"},
      {"ACTIVE", 1, 1, "a sample set is in the cores"},
      {"REQUEST", 2, 1, "a sample set (tick or STEP) waits to start"}}},
    {"FLAGS", 0x024, 1, "W1C", "sticky flags; write 1s to clear",
     {{"S_F_SAT", 0, 1, "Stribeck: a force saturated"},
      {"S_MAG_NEG", 1, 1, "Stribeck: a negative magnitude was limited to 0"},
      {"S_CFG", 2, 1, "Stribeck: a parameter word did not fit its field and was refused"},
      {"L_F_SAT", 8, 1, "LuGre: a force saturated"},
      {"L_G_SAT", 9, 1, "LuGre: g(v) was limited"},
      {"L_S1_SAT", 10, 1, "LuGre: the sigma1 term was limited"},
      {"L_W_SAT", 11, 1, "LuGre: the bristle state was limited"},
      {"L_CFG", 12, 1, "LuGre: a parameter word did not fit its field and was refused"},
      {"OVERRUN", 16, 1, "a sample tick came while the previous one still waited: a set was dropped"},
      {"ENC_SAT", 17, 1, "the encoder velocity estimate saturated (its count change or its code)"},
      {"ENC_ERR", 18, 1, "the encoder inputs skipped a state (both changed at once)"},
      {"VEL_SAT", 19, 1, "a VEL write outside (S,W,0) was saturated"}}},
    {"SAMPLES", 0x028, 1, "R", "sample sets completed, modulo 2^32",
     {{"COUNT", 0, 32, "completed sets"}}},
    {"ENC_POS", 0x02C, 1, "R", "encoder position, quadrature counts (x4), modulo 2^32",
     {{"POS", 0, 32, "count"}}},
    {"ENC_SCALE", 0x030, 1, "RW", "encoder velocity scale: v = sat(rsr(d * GAIN, SHIFT)), d = counts since the last tick, limited to 16 bits signed",
     {{"GAIN", 0, 16, "unsigned gain mantissa"}, {"SHIFT", 16, 5, "rounding right shift (0..31)"}}},
    {"ENC_VEL", 0x034, 1, "R", "the last encoder velocity estimate, a velocity code (S,W,0) sign-extended",
     {{"VEL", 0, 32, "code"}}},
    {"SET_CYCLES", 0x038, 1, "R", "clock cycles the last sample set took, from its start to its last force (the shortest TICK_DIV without OVERRUN is a few more)",
     {{"CYCLES", 0, 16, "cycles, limited to 65535"}}},
    {"S_PARAM", 0x100, REGS_PARAM_WORDS, "RW", "the Stribeck shadow set: parameter word i (docs/generated/formats.md); reads give the last word written",
     {{"WORD", 0, 32, "field, right-aligned (signed fields sign-extended)"}}},
    {"L_PARAM", 0x180, REGS_PARAM_WORDS, "RW", "the LuGre / Dahl shadow set: parameter word i; reads give the last word written",
     {{"WORD", 0, 32, "field, right-aligned (signed fields sign-extended)"}}},
    {"VEL", 0x200, REGS_MAX_AXES, "RW", "velocity code of axis a for host-driven use (S,W,0), sign-extended; a write outside the range is saturated and sets VEL_SAT",
     {{"VEL", 0, 32, "code"}}},
    {"FORCE_S", 0x220, REGS_MAX_AXES, "R", "Stribeck force code of axis a from the last completed set (S,W,0), sign-extended",
     {{"F", 0, 32, "code"}}},
    {"FORCE_L", 0x240, REGS_MAX_AXES, "R", "LuGre force code of axis a from the last completed set (S,W,0), sign-extended",
     {{"F", 0, 32, "code"}}},
};
#define NREG (sizeof regs / sizeof regs[0])

/* What each register reads after rst (the board tops pulse it after power-up,
 * docs/board.md). checked: the value is the same after every rst, and the
 * board bench checks it (FRIC_REG_RESETS); otherwise doc says what holds. */
typedef struct {
    const char *name;
    int checked;
    unsigned long value; /* with checked */
    const char *doc;     /* the reset column; NULL: the value */
} reset_t;

static const reset_t resets[] = {
    {"ID", 1, REGS_ID, NULL},
    {"VERSION", 1, (REGS_VERSION_MAJOR << 16) | (REGS_VERSION_MINOR << 8) | REGS_VERSION_PATCH, NULL},
    {"CAPS", 0, 0, "the build's (fixed)"},
    {"CTRL", 1, 0, NULL},
    {"TICK_DIV", 1, 0, NULL},
    {"STEP", 1, 0, NULL},
    {"COMMIT", 1, 0, NULL},
    {"SRST", 1, 0, NULL},
    {"STATUS", 1, 0, NULL},
    {"FLAGS", 1, 0, NULL},
    {"SAMPLES", 1, 0, NULL},
    {"ENC_POS", 1, 0, NULL},
    {"ENC_SCALE", 1, 0, NULL},
    {"ENC_VEL", 1, 0, NULL},
    {"SET_CYCLES", 1, 0, NULL},
    {"S_PARAM", 0, 0, "0 after configuration; rst keeps the words written"},
    {"L_PARAM", 0, 0, "0 after configuration; rst keeps the words written"},
    {"VEL", 1, 0, NULL},
    {"FORCE_S", 0, 0, "not reset: valid once a sample set has completed"},
    {"FORCE_L", 0, 0, "not reset: valid once a sample set has completed"},
};

/* the reset entry of r; a register without one stops the generator */
static const reset_t *reset_of(const reg_t *r)
{
    for (size_t i = 0; i < sizeof resets / sizeof resets[0]; i++)
        if (strcmp(resets[i].name, r->name) == 0) return &resets[i];
    fprintf(stderr, "fric_gen: register %s has no reset entry (cmodel/gen/fric_gen_regs.c)\n", r->name);
    exit(1);
}

static int nfields(const reg_t *r)
{
    int n = 0;
    while (n < 12 && r->f[n].name) n++;
    return n;
}

/* writable: RW, W, W1C */
static int writable(const reg_t *r)
{
    return strcmp(r->acc, "R") != 0;
}

static void write_c(const char *dir)
{
    FILE *f = fric_gen_open(dir, "cmodel/generated/fricore_regs.h");
    fprintf(f, "/* " FRIC_GEN_SPDX " */\n/**\n * @file fricore_regs.h\n * @brief Register map of the fricore board tops (rtl/board/fric_regs.v).\n *\n");
    fprintf(f, " * %s\n *\n", fric_gen_banner);
    fprintf(f, " * Byte addresses of 32-bit registers. Arrays: FRIC_REG_<name>(i).\n"
               " * Fields: FRIC_REG_<reg>_<field>_SHIFT and _MASK (the mask in place).\n */\n");
    fprintf(f, "#ifndef FRICORE_REGS_H\n#define FRICORE_REGS_H\n\n");
    fprintf(f, "#define FRIC_REG_ID_VALUE 0x%08Xu\n", REGS_ID);
    fprintf(f, "#define FRIC_REG_VERSION_VALUE 0x%06Xu\n", (REGS_VERSION_MAJOR << 16) | (REGS_VERSION_MINOR << 8) | REGS_VERSION_PATCH);
    fprintf(f, "#define FRIC_REG_MAX_AXES %du\n#define FRIC_REG_PARAM_WORDS %du\n\n", REGS_MAX_AXES, REGS_PARAM_WORDS);
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        fprintf(f, "/** %s (%s) */\n", r->what, r->acc);
        if (r->count == 1)
            fprintf(f, "#define FRIC_REG_%s 0x%03Xu\n", r->name, r->off);
        else
            fprintf(f, "#define FRIC_REG_%s(i) (0x%03Xu + 4u * (unsigned)(i))\n#define FRIC_REG_%s_COUNT %du\n", r->name, r->off, r->name, r->count);
        for (int k = 0; k < nfields(r); k++) {
            const rfield_t *q = &r->f[k];
            const unsigned long mask = ((q->bits >= 32) ? 0xFFFFFFFFul : ((1ul << q->bits) - 1)) << q->lsb;
            fprintf(f, "#define FRIC_REG_%s_%s_SHIFT %du\n#define FRIC_REG_%s_%s_MASK 0x%08lXu\n", r->name, q->name, q->lsb, r->name, q->name, mask);
        }
    }
    fprintf(f, "\n/** The registers whose value after rst is fixed: X(name, byte address of\n"
               " * entry 0, entries, value). The others (docs/generated/register-map.md,\n"
               " * column reset) are left out. */\n#define FRIC_REG_RESETS(X)");
    for (size_t i = 0; i < NREG; i++) {
        const reset_t *z = reset_of(&regs[i]);
        if (z->checked) fprintf(f, " \\\n    X(\"%s\", 0x%03Xu, %du, 0x%08lXu)", regs[i].name, regs[i].off, regs[i].count, z->value);
    }
    fprintf(f, "\n");
    fprintf(f, "\n/** Access class of byte address @p addr (its low two bits ignored): bit 0 set\n"
               " * when the map lists it, bit 1 when it is writable (RW, W, W1C). The same\n"
               " * decode as rtl/generated/fric_regs_access.vh. */\n"
               "static inline unsigned fric_reg_access(unsigned addr)\n{\n"
               "    const unsigned w = addr >> 2;\n");
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        const unsigned w0 = r->off / 4u;
        if (r->count == 1)
            fprintf(f, "    if (w == %uu) return %du; /* %s (%s) */\n", w0, writable(r) ? 3 : 1, r->name, r->acc);
        else
            fprintf(f, "    if (w >= %uu && w <= %uu) return %du; /* %s[%d] (%s) */\n", w0,
                    w0 + (unsigned)r->count - 1u, writable(r) ? 3 : 1, r->name, r->count, r->acc);
    }
    fprintf(f, "    return 0u;\n}\n");
    fprintf(f, "\n#endif /* FRICORE_REGS_H */\n");
    fric_gen_close(f);
}

static void write_verilog(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/generated/fric_regs_map.vh");
    fprintf(f, "// " FRIC_GEN_SPDX "\n// fric_regs_map.vh: register map of the board tops (fric_regs.v).\n// %s\n//\n", fric_gen_banner);
    fprintf(f, "// FRIC_REG_<name>: byte address of entry 0 (arrays: entries 4 bytes apart,\n"
               "// FRIC_REG_<name>_COUNT of them); FRIC_REG_<reg>_<field>_LSB and _BITS.\n\n");
    fprintf(f, "`ifndef FRIC_REGS_MAP_VH\n`define FRIC_REGS_MAP_VH\n\n");
    fprintf(f, "`define FRIC_REG_ID_VALUE 32'h%08X\n", REGS_ID);
    fprintf(f, "`define FRIC_REG_VERSION_VALUE 24'h%06X\n", (REGS_VERSION_MAJOR << 16) | (REGS_VERSION_MINOR << 8) | REGS_VERSION_PATCH);
    fprintf(f, "`define FRIC_REG_MAX_AXES %d\n`define FRIC_REG_PARAM_WORDS %d\n", REGS_MAX_AXES, REGS_PARAM_WORDS);
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        fprintf(f, "// %s (%s)\n`define FRIC_REG_%s 12'h%03X\n", r->what, r->acc, r->name, r->off);
        if (r->count > 1) fprintf(f, "`define FRIC_REG_%s_COUNT %d\n", r->name, r->count);
        for (int k = 0; k < nfields(r); k++)
            fprintf(f, "`define FRIC_REG_%s_%s_LSB %d\n`define FRIC_REG_%s_%s_BITS %d\n", r->name, r->f[k].name, r->f[k].lsb, r->name, r->f[k].name, r->f[k].bits);
    }
    fprintf(f, "\n`endif\n");
    fric_gen_close(f);
}

static void write_access_v(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/generated/fric_regs_access.vh");
    fprintf(f, "// " FRIC_GEN_SPDX "\n// fric_regs_access.vh: the access class of each address of the register map\n"
               "// (docs/generated/register-map.md), included inside a module.\n// %s\n//\n", fric_gen_banner);
    fprintf(f, "// fric_reg_access(w), w a word address (byte address bits 11:2):\n"
               "// bit 0: the map lists the address; bit 1: it is writable (RW, W, W1C).\n");
    fprintf(f, "function [1:0] fric_reg_access;\n    input [9:0] w;\n    begin\n"
               "        fric_reg_access = 2'b00;\n");
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        const unsigned w0 = r->off / 4u;
        if (r->count == 1)
            fprintf(f, "        if (w == 10'd%u) fric_reg_access = 2'b%d1;  // %s (%s)\n", w0, writable(r), r->name, r->acc);
        else
            fprintf(f, "        if (w >= 10'd%u && w <= 10'd%u) fric_reg_access = 2'b%d1;  // %s[%d] (%s)\n",
                    w0, w0 + (unsigned)r->count - 1u, writable(r), r->name, r->count, r->acc);
    }
    fprintf(f, "    end\nendfunction\n");
    fric_gen_close(f);
}

static void write_access_vhdl(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/vhdl/generated/fric_regs_pkg.vhd");
    fprintf(f, "-- " FRIC_GEN_SPDX "\n-- fric_regs_pkg: the access class of each address of the register map\n"
               "-- (docs/generated/register-map.md).\n-- %s\n\n", fric_gen_banner);
    fprintf(f, "library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n\npackage fric_regs_pkg is\n"
               "    -- w, a word address (byte address bits 11:2): bit 0, the map lists it;\n"
               "    -- bit 1, it is writable (RW, W, W1C)\n"
               "    function fric_reg_access(w : std_logic_vector(9 downto 0)) return std_logic_vector;\n"
               "end package fric_regs_pkg;\n\npackage body fric_regs_pkg is\n"
               "    function fric_reg_access(w : std_logic_vector(9 downto 0)) return std_logic_vector is\n"
               "        constant n : natural := to_integer(unsigned(w));\n"
               "        variable c : std_logic_vector(1 downto 0) := \"00\";\n    begin\n");
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        const unsigned w0 = r->off / 4u;
        if (r->count == 1)
            fprintf(f, "        if n = %u then c := \"%d1\"; end if;  -- %s (%s)\n", w0, writable(r), r->name, r->acc);
        else
            fprintf(f, "        if n >= %u and n <= %u then c := \"%d1\"; end if;  -- %s[%d] (%s)\n",
                    w0, w0 + (unsigned)r->count - 1u, writable(r), r->name, r->count, r->acc);
    }
    fprintf(f, "        return c;\n    end function;\nend package body fric_regs_pkg;\n");
    fric_gen_close(f);
}

static void write_md(const char *dir)
{
    FILE *f = fric_gen_open(dir, "docs/generated/register-map.md");
    fprintf(f, "# Register map of the board tops\n\n%s\n\n", fric_gen_banner);
    fprintf(f, "32-bit registers on Wishbone B4 classic (`rtl/board/fric_regs.v`), byte addresses; the SPI link "
               "(`rtl/board/fric_spi_wb.v`, docs/board.md) carries the same addresses. ID 0x%08X, map version %d.%d.%d. "
               "Access: R read only; RW; W write only (reads 0); W1C read, and a 1 written clears the bit. "
               "On Wishbone (and SPI) an address that is not listed reads 0 and ignores writes, and a write to an R register "
               "is ignored. On AXI4-Lite (`rtl/board/fric_axil_wb.v`, docs/axi4-lite.md) both are answered SLVERR and "
               "run no access: a read or write of an address that is not listed (RDATA 0), a write to an R register, "
               "and a write whose WSTRB is not all ones; every other access is OKAY. "
               "C: `cmodel/generated/fricore_regs.h`; "
               "Verilog: `rtl/generated/fric_regs_map.vh`, the access decode `rtl/generated/fric_regs_access.vh`; "
               "VHDL: `rtl/vhdl/generated/fric_regs_pkg.vhd`.\n\n",
            REGS_ID, REGS_VERSION_MAJOR, REGS_VERSION_MINOR, REGS_VERSION_PATCH);
    fprintf(f, "The reset column is what a register reads after `rst` (the board tops pulse it after power-up); "
               "the board bench checks every value it gives. "
               "**The next sample boundary** is the first clock cycle in which no sample set is in the cores "
               "(`STATUS.ACTIVE` = 0) and no parameter word is being written. A core that is not running (`CTRL.RUN` = 0, "
               "no `STEP`) is at one: a `COMMIT` or `SRST` then takes effect at once, axis by axis, and `STATUS.PENDING` "
               "falls when it is done. While a set runs, it takes effect when the set has completed, and a set requested "
               "meanwhile (a tick or `STEP`) starts only after it, so no set mixes old and new parameters on an axis.\n\n");
    fprintf(f, "| address | register | access | reset | meaning |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        const reset_t *z = reset_of(r);
        char rv[96];
        if (z->doc)
            snprintf(rv, sizeof rv, "%s", z->doc);
        else if (z->value < 10)
            snprintf(rv, sizeof rv, "%lu", z->value);
        else
            snprintf(rv, sizeof rv, "0x%08lX", z->value);
        if (r->count == 1)
            fprintf(f, "| 0x%03X | %s | %s | %s | %s |\n", r->off, r->name, r->acc, rv, r->what);
        else
            fprintf(f, "| 0x%03X + 4i, i < %d | %s[i] | %s | %s | %s |\n", r->off, r->count, r->name, r->acc, rv, r->what);
    }
    fprintf(f, "\n## Fields\n");
    for (size_t i = 0; i < NREG; i++) {
        const reg_t *r = &regs[i];
        fprintf(f, "\n### %s\n\n| bits | field | meaning |\n|---|---|---|\n", r->name);
        for (int k = 0; k < nfields(r); k++) {
            const rfield_t *q = &r->f[k];
            if (q->bits == 1)
                fprintf(f, "| %d | %s | %s |\n", q->lsb, q->name, q->what);
            else
                fprintf(f, "| %d:%d | %s | %s |\n", q->lsb + q->bits - 1, q->lsb, q->name, q->what);
        }
    }
    fric_gen_close(f);
}

void fric_gen_regs(const char *dir)
{
    write_c(dir);
    write_verilog(dir);
    write_access_v(dir);
    write_access_vhdl(dir);
    write_md(dir);
}
