/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fric_gen: the single source of truth for fricore's fixed-point formats,
 * lookup tables and parameter-word layout.
 *
 *   fric_gen OUTDIR
 *
 * writes, below OUTDIR:
 *   cmodel/generated/fric_fx_formats.h   C macros of every format constant
 *   cmodel/generated/fric_fx_tables.c    the lookup tables, both widths
 *   rtl/generated/fric_formats.vh        the same constants as Verilog macros
 *   rtl/generated/fric_tables.vh         the RTL's tables as Verilog functions
 *   rtl/generated/fric_tables_ep.vh      the elasto-plastic alpha table, the same way
 *   rtl/vhdl/generated/fric_pkg.vhd      constants, words and tables as a VHDL-2008 package
 *   docs/generated/formats.md            the constants, tables and words as tables
 *   cmodel/generated/fricore_regs.h      the register map of the board tops, for C
 *   rtl/generated/fric_regs_map.vh       the same as Verilog macros
 *   docs/generated/register-map.md       the same as tables (fric_gen_regs.c)
 *
 * Every format constant is an affine function A*W + B of the datapath width
 * W (16 or 18), so one table below serves both configurations and both
 * languages. The tables are computed here, in double precision, once; the
 * fixed-point library and the RTL only read them. `make test` runs this
 * program into build/ and compares its output with the committed files.
 */
#include "fric_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- format constants ---------------------------------------------------- */

typedef struct {
    const char *name; /* C: FRIC_FX_<name>(W); Verilog: FRIC_<name> */
    int a, b;         /* value = a*W + b */
    const char *what;
} fconst_t;

static const fconst_t consts[] = {
    {"G", 0, 4, "guard fraction bits of force intermediates (units of 2^-G output LSB)"},
    {"WG", 0, 24, "guard fraction bits of the LuGre state w, (S,W,WG): W + 24 bits"},
    {"EF", 1, 0, "fraction bits of the exponential E = 2^-y, E in [0, 2^EF] (U,1,EF)"},
    {"TB", 0, 8, "table index bits: every table has 2^TB + 1 entries"},
    {"TP", 1, 4, "fraction bits of the exp2 table T[i] = 2^-(i/2^TB), (U,1,TP)"},
    {"YI", 0, 5, "integer bits of the exponent argument y (U,YI,YF), y < 2^YI"},
    {"YF", 1, 4, "fraction bits of the exponent argument y"},
    {"FB", 1, -4, "interpolation fraction bits of the exp2 table: YF - TB"},
    {"RF", 1, -9, "interpolation fraction bits of the reciprocal table: W - 1 - TB"},
    {"HP", 1, 0, "fraction bits of the h table H[i] = (1 - 2^-y)/y, y = i/2^(TB+1), (U,0,HP)"},
    {"HF", 1, -5, "interpolation fraction bits of the h table: YF - 1 - TB"},
    {"DSW", 0, 4, "bits of the dip shift field DS (0..15)"},
    {"BSW", 0, 5, "bits of the viscous shift field BS (0..31)"},
    {"SHW", 0, 6, "bits of the unsigned shift fields KS, C1S, KDS (0..63)"},
    {"KXW", 0, 8, "bits of the signed exponent field KYX (-128..127)"},
    /* the elasto-plastic mode of the LuGre step */
    {"EPF", 1, 0, "fraction bits of the elasto-plastic zone position p (U,0,EPF) and of alpha (U,1,EPF)"},
    {"EPTB", 0, 10, "index bits of the elasto-plastic alpha table: 2^EPTB + 1 entries"},
    {"EPB", 1, -10, "interpolation fraction bits of the elasto-plastic alpha table: EPF - EPTB"},
};
#define NCONST (sizeof consts / sizeof consts[0])

static int cval(const char *name, int w)
{
    for (size_t i = 0; i < NCONST; i++)
        if (strcmp(consts[i].name, name) == 0) return consts[i].a * w + consts[i].b;
    fprintf(stderr, "fric_gen: no constant %s\n", name);
    exit(1);
}

/* ---- parameter words ------------------------------------------------------
 * One field per 32-bit word, in this order, for the compiler's hex image and
 * the cores' parameter memories. Width: A*W + B bits; sgn: two's complement.
 * The first 15 words are the Stribeck set (also g(v) and sigma2 of LuGre);
 * LuGre and Dahl append theirs. */
typedef struct {
    const char *name;
    int a, b, sgn;
    const char *what;
} field_t;

static const field_t fields[] = {
    {"KM", 1, 0, 0, "Stribeck scale mantissa, v >= 0: y = (abs(v) or abs(v)^2 normalized) * KM >> KS"},
    {"KS", 0, 6, 0, "Stribeck scale shift, v >= 0 (0..63)"},
    {"DSEL", 0, 1, 0, "Stribeck exponent: 0 = delta 1, 1 = delta 2"},
    {"FC_P", 1, 3, 0, "Coulomb level, v > 0, (U,W-1,G) in output LSB"},
    {"DM_P", 1, 0, 1, "dip (Fs - Fc) mantissa, v > 0: D = DM * 2^-DS output LSB"},
    {"DS_P", 0, 4, 0, "dip shift, v > 0 (0..15)"},
    {"BM_P", 1, 0, 0, "viscous mantissa, v > 0: b*abs(v) = abs(v) * BM >> BS (units 2^-G LSB)"},
    {"BS_P", 0, 5, 0, "viscous shift, v > 0 (0..31)"},
    {"FC_N", 1, 3, 0, "Coulomb level, v < 0 (magnitude)"},
    {"DM_N", 1, 0, 1, "dip mantissa, v < 0"},
    {"DS_N", 0, 4, 0, "dip shift, v < 0"},
    {"BM_N", 1, 0, 0, "viscous mantissa, v < 0"},
    {"BS_N", 0, 5, 0, "viscous shift, v < 0"},
    {"KM_N", 1, 0, 0, "Stribeck scale mantissa, v < 0 (KM is the v >= 0 one)"},
    {"KS_N", 0, 6, 0, "Stribeck scale shift, v < 0 (0..63)"},
    {"KYM", 1, 0, 0, "LuGre step-exponent mantissa: y2 = abs(v)*KYM/g scaled by 2^-KYX"},
    {"KYX", 0, 8, 1, "LuGre step-exponent exponent (-128..127)"},
    {"C1M", 1, 0, 0, "sigma1 term mantissa: c1 = sigma1/(sigma0*Ts) = C1M * 2^-C1S"},
    {"C1S", 0, 6, 0, "sigma1 term shift (0..63)"},
    {"MD_EN", 0, 1, 0, "1: micro-damping sigma1*exp(-(v/vd)^2); 0: constant sigma1"},
    {"KDM", 1, 0, 0, "micro-damping scale mantissa (the delta = 2 path with vd)"},
    {"KDS", 0, 6, 0, "micro-damping scale shift (0..63)"},
};
#define NFIELD (sizeof fields / sizeof fields[0])
#define NFIELD_STRIBECK 15

/* The GMS set: the Stribeck words (the level s(v) and sigma2), then these
 * words, then GMS_MAX element blocks of the element fields, element i's at
 * GMS_ELEM0 + NGMS_ELEM * i. */
static const field_t gms_fields[] = {
    {"GMS_N", 0, 5, 0, "GMS: number of elements, 1..16 (elements at and beyond it are not read)"},
    {"GMS_KCM", 1, 0, 0, "GMS slip-exponent mantissa: y = KCM/g scaled by 2^-KCX, y = C*Ts/s(v)*log2(e)"},
    {"GMS_KCX", 0, 8, 1, "GMS slip-exponent exponent (-128..127)"},
};
#define NGMS (sizeof gms_fields / sizeof gms_fields[0])
static const field_t gms_elem_fields[] = {
    {"GMS_KM", 1, 0, 0, "GMS element stiffness mantissa: k_i*abs(v)*Ts = abs(v) * KM * 2^-KS output LSB, to WG fraction bits"},
    {"GMS_KS", 0, 6, 0, "GMS element stiffness shift (0..63)"},
    {"GMS_AM", 1, 1, 0, "GMS element fraction of the level, (U,1,W): alpha_i = AM * 2^-W"},
};
#define NGMS_ELEM (sizeof gms_elem_fields / sizeof gms_elem_fields[0])
#define GMS_MAX 16
#define GMS_ELEM0 (NFIELD_STRIBECK + NGMS)
#define NWORDS_GMS (GMS_ELEM0 + NGMS_ELEM * GMS_MAX)

/* ---- the elasto-plastic mode of the LuGre set ---------------------------------
 * Its words follow the LuGre words (no LuGre word moves); EP_WBA = 0 is the
 * LuGre step itself, so a LuGre set (these words 0) runs unchanged. */
static const field_t ep_fields[] = {
    {"EP_WBA", 1, 3, 0, "elasto-plastic breakaway w_ba = sigma0*z_ba, (U,W-1,G) output LSB; 0: the LuGre step, bit for bit"},
    {"EP_KZM", 1, 0, 0, "elasto-plastic distance mantissa: sigma0*abs(v)*Ts = abs(v) * KZM * 2^-KZS output LSB, to WG fraction bits"},
    {"EP_KZS", 0, 6, 0, "elasto-plastic distance shift (0..63)"},
};
#define NEP (sizeof ep_fields / sizeof ep_fields[0])
#define NWORDS_EP (NFIELD + NEP)

/* log2(e) as the W-bit mantissa the step multiplies a distance by to form its
 * exponent: round(log2(e) * 2^W / (2^W - 1) * 2^(W-1)), the factor 2^W /
 * (2^W - 1) undoing the recip table's scale (as the compiler's KYM does). */
static long ep_l2e(int w)
{
    return lround(ldexp(1.4426950408889634 * ldexp(1.0, w) / (ldexp(1.0, w) - 1.0), w - 1));
}

/* alpha: A[i] = round(2^EPF * (1 - cos(pi i / 2^EPTB)) / 2), the raised
 * cosine of the position p = i / 2^EPTB across the transition zone,
 * (U,1,EPF); 2^EPTB + 1 entries, finer than the other tables so that its
 * linear interpolation stays within an LSB of alpha at W = 18. */
static long ep_alpha_entry(int w, int i)
{
    const int tb = cval("EPTB", w), epf = cval("EPF", w);
    return lround(ldexp(0.5 * (1.0 - cos(3.14159265358979323846 * (double)i / (1 << tb))), epf));
}
#define EP_NTAB(w) ((1 << cval("EPTB", w)) + 1)
static const char *const ep_alpha_what = "(1 - cos(pi i/2^EPTB))/2, (U,1,EPF): the elasto-plastic alpha across the transition zone";

/* one field list as C macros, word numbers from first */
static void c_fields(FILE *f, const field_t *fl, size_t n, size_t first)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "/** %s; %s, %d*W%+d bits */\n#define FRIC_FX_WORD_%s %zu\n#define FRIC_FX_BITS_%s(W) ((%d) * (W) + (%d))\n#define FRIC_FX_SIGNED_%s %d\n",
                fl[i].what, fl[i].sgn ? "signed" : "unsigned", fl[i].a, fl[i].b, fl[i].name, first + i, fl[i].name,
                fl[i].a, fl[i].b, fl[i].name, fl[i].sgn);
}

/* ---- tables ---------------------------------------------------------------- */

#define NTAB(w) ((1 << cval("TB", w)) + 1)

/* exp2: T[i] = round(2^TP * 2^(-i/2^TB)) */
static long exp2_entry(int w, int i)
{
    const int tb = cval("TB", w), tp = cval("TP", w);
    return lround(ldexp(exp2(-(double)i / (1 << tb)), tp));
}

/* recip: R[i] = round((2^W - 1) * 2^TB / (2^TB + i)): a normalized mantissa
 * m = 2^(W-1) * (1 + i/2^TB) maps to R ~ (2^W - 1) * 2^(W-1) / m, which stays
 * below 2^W so R is a W-bit unsigned word. */
static long recip_entry(int w, int i)
{
    const int tb = cval("TB", w);
    return lround((ldexp(1.0, w) - 1.0) * (1 << tb) / (double)((1 << tb) + i));
}

/* h: H[i] = round(2^HP * (1 - 2^-y) / y), y = i / 2^(TB+1) in [0, 1/2];
 * H[0] = round(2^HP * ln 2), the limit at y = 0. */
static long h_entry(int w, int i)
{
    const int tb = cval("TB", w), hp = cval("HP", w);
    const double y = (double)i / (2 << tb);
    const double h = (i == 0) ? log(2.0) : -expm1(-y * log(2.0)) / y;
    return lround(ldexp(h, hp));
}

/* exp2pair: the exp2 table as the RTL reads it, one word per index
 * i = 0..2^TB-1: {T[i] - T[i+1] (FB bits), T[i] - 2^(TP-1) (TP bits)},
 * 2W bits in all, so one read gives both interpolation points. */
static long exp2pair_entry(int w, int i)
{
    const int tp = cval("TP", w);
    const long t0 = exp2_entry(w, i), t1 = exp2_entry(w, i + 1);
    if (t0 - t1 >= (1L << cval("FB", w)) || t0 - (1L << (tp - 1)) > (1L << (tp - 1))) {
        fprintf(stderr, "fric_gen: exp2pair entry %d does not fit its fields\n", i);
        exit(1);
    }
    return ((t0 - t1) << tp) | (t0 - (1L << (tp - 1)));
}

static const struct {
    const char *name;
    long (*entry)(int, int);
    const char *what;
    int in_c; /* also a C table (the pair is for the RTL only) */
} tables[] = {
    {"exp2", exp2_entry, "2^-(i/2^TB), (U,1,TP)", 1},
    {"recip", recip_entry, "(2^W - 1) / (1 + i/2^TB), (U,W,0): reciprocal of a normalized mantissa", 1},
    {"h", h_entry, "(1 - 2^-y)/y at y = i/2^(TB+1), (U,0,HP)", 1},
    {"exp2pair", exp2pair_entry, "{T[i] - T[i+1], T[i] - 2^(TP-1)}, (FB + TP) = 2W bits, for one-read interpolation, 2^TB entries", 0},
};
#define NTABLE (sizeof tables / sizeof tables[0])

static const int widths[] = {16, 18};
#define NWIDTH (sizeof widths / sizeof widths[0])

/* ---- writers ---------------------------------------------------------------- */

const char *fric_gen_banner = "Generated by cmodel/gen/fric_gen.c. Do not edit: change the generator.";

static void write_c_header(const char *dir)
{
    FILE *f = fric_gen_open(dir, "cmodel/generated/fric_fx_formats.h");
    fprintf(f, "/* " FRIC_GEN_SPDX " */\n/**\n * @file fric_fx_formats.h\n * @brief Fixed-point formats, table sizes and parameter words of fricore.\n *\n");
    fprintf(f, " * %s\n *\n", fric_gen_banner);
    fprintf(f, " * Every constant is a function of the datapath width W (16 or 18).\n * Formats are written (S,I,F): signed?, integer bits, fraction bits.\n */\n");
    fprintf(f, "#ifndef FRIC_FX_FORMATS_H\n#define FRIC_FX_FORMATS_H\n\n#include <stdint.h>\n\n");
    fprintf(f, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    fprintf(f, "/** Datapath widths the generator provides tables for. */\n#define FRIC_FX_W_MIN 16\n#define FRIC_FX_W_MAX 18\n\n");
    for (size_t i = 0; i < NCONST; i++)
        fprintf(f, "/** %s */\n#define FRIC_FX_%s(W) ((%d) * (W) + (%d))\n", consts[i].what, consts[i].name, consts[i].a, consts[i].b);
    fprintf(f, "\n/** Entries of every lookup table: 2^TB + 1. */\n#define FRIC_FX_TABLE_N %d\n\n", NTAB(16));
    fprintf(f, "/* Lookup tables, one per width (fric_fx_tables.c). */\n");
    for (size_t t = 0; t < NTABLE; t++)
        for (size_t k = 0; k < NWIDTH && tables[t].in_c; k++)
            fprintf(f, "/** %s */\nextern const int32_t fric_fx_%s_w%d[FRIC_FX_TABLE_N];\n", tables[t].what, tables[t].name, widths[k]);
    fprintf(f, "/** Entries of the elasto-plastic alpha table: 2^EPTB + 1. */\n#define FRIC_FX_EP_TABLE_N %d\n", EP_NTAB(16));
    for (size_t k = 0; k < NWIDTH; k++)
        fprintf(f, "/** %s */\nextern const int32_t fric_fx_epalpha_w%d[FRIC_FX_EP_TABLE_N];\n", ep_alpha_what, widths[k]);
    fprintf(f, "\n/* Parameter words: one field per 32-bit word, in this order. */\n");
    for (size_t i = 0; i < NFIELD; i++)
        fprintf(f, "/** %s; %s, %d*W%+d bits */\n#define FRIC_FX_WORD_%s %zu\n#define FRIC_FX_BITS_%s(W) ((%d) * (W) + (%d))\n#define FRIC_FX_SIGNED_%s %d\n",
                fields[i].what, fields[i].sgn ? "signed" : "unsigned", fields[i].a, fields[i].b,
                fields[i].name, i, fields[i].name, fields[i].a, fields[i].b, fields[i].name, fields[i].sgn);
    fprintf(f, "/** The field names in word order, as an initializer of a string array. */\n#define FRIC_FX_WORD_NAMES {");
    for (size_t i = 0; i < NFIELD; i++) fprintf(f, "%s\"%s\"", i ? ", " : "", fields[i].name);
    fprintf(f, "}\n");
    fprintf(f, "/** Words of a Stribeck set. */\n#define FRIC_FX_WORDS_STRIBECK %d\n", NFIELD_STRIBECK);
    fprintf(f, "/** Words of a Dahl or LuGre set. */\n#define FRIC_FX_WORDS_LUGRE %zu\n\n", NFIELD);
    fprintf(f, "/* GMS parameter words: the Stribeck set's, then these, then the element blocks. */\n");
    for (size_t i = 0; i < NGMS; i++)
        fprintf(f, "/** %s; %s, %d*W%+d bits */\n#define FRIC_FX_WORD_%s %zu\n#define FRIC_FX_BITS_%s(W) ((%d) * (W) + (%d))\n#define FRIC_FX_SIGNED_%s %d\n",
                gms_fields[i].what, gms_fields[i].sgn ? "signed" : "unsigned", gms_fields[i].a, gms_fields[i].b,
                gms_fields[i].name, NFIELD_STRIBECK + i, gms_fields[i].name, gms_fields[i].a, gms_fields[i].b,
                gms_fields[i].name, gms_fields[i].sgn);
    for (size_t i = 0; i < NGMS_ELEM; i++)
        fprintf(f, "/** %s (element i); %s, %d*W%+d bits */\n#define FRIC_FX_WORD_%s(i) (%zu + %zu * (i))\n#define FRIC_FX_BITS_%s(W) ((%d) * (W) + (%d))\n#define FRIC_FX_SIGNED_%s %d\n",
                gms_elem_fields[i].what, gms_elem_fields[i].sgn ? "signed" : "unsigned", gms_elem_fields[i].a,
                gms_elem_fields[i].b, gms_elem_fields[i].name, GMS_ELEM0 + i, NGMS_ELEM, gms_elem_fields[i].name,
                gms_elem_fields[i].a, gms_elem_fields[i].b, gms_elem_fields[i].name, gms_elem_fields[i].sgn);
    fprintf(f, "/** Most GMS elements. */\n#define FRIC_FX_GMS_MAX %d\n", GMS_MAX);
    fprintf(f, "/** Words of a GMS set. */\n#define FRIC_FX_WORDS_GMS %zu\n\n", NWORDS_GMS);
    fprintf(f, "/* The elasto-plastic mode of the LuGre set: these words after the LuGre words. */\n");
    c_fields(f, ep_fields, NEP, NFIELD);
    fprintf(f, "/** Words of an elasto-plastic set (the LuGre words, then the EP words). */\n#define FRIC_FX_WORDS_EP %zu\n", NWORDS_EP);
    fprintf(f, "/** log2(e) * 2^W / (2^W - 1) as a W-bit mantissa (U,1,W-1): the elasto-plastic exponent's constant */\n"
               "#define FRIC_FX_EP_L2E(W) ((W) == 18 ? %ld : %ld)\n\n", ep_l2e(18), ep_l2e(16));
    fprintf(f, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* FRIC_FX_FORMATS_H */\n");
    fric_gen_close(f);
}

static void write_c_tables(const char *dir)
{
    FILE *f = fric_gen_open(dir, "cmodel/generated/fric_fx_tables.c");
    fprintf(f, "/* " FRIC_GEN_SPDX " */\n/* The lookup tables of the fixed-point model. %s */\n", fric_gen_banner);
    fprintf(f, "#include \"fric_fx_formats.h\"\n");
    for (size_t t = 0; t < NTABLE; t++)
        for (size_t k = 0; k < NWIDTH && tables[t].in_c; k++) {
            const int w = widths[k];
            fprintf(f, "\n/* %s, W = %d */\nconst int32_t fric_fx_%s_w%d[FRIC_FX_TABLE_N] = {", tables[t].what, w, tables[t].name, w);
            for (int i = 0; i < NTAB(w); i++)
                fprintf(f, "%s%ld,", (i % 8) ? " " : "\n    ", tables[t].entry(w, i));
            fprintf(f, "\n};\n");
        }
    for (size_t k = 0; k < NWIDTH; k++) {
        const int w = widths[k];
        fprintf(f, "\n/* %s, W = %d */\nconst int32_t fric_fx_epalpha_w%d[FRIC_FX_EP_TABLE_N] = {", ep_alpha_what, w, w);
        for (int i = 0; i < EP_NTAB(w); i++) fprintf(f, "%s%ld,", (i % 8) ? " " : "\n    ", ep_alpha_entry(w, i));
        fprintf(f, "\n};\n");
    }
    fric_gen_close(f);
}

static void write_verilog_include(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/generated/fric_formats.vh");
    fprintf(f, "// " FRIC_GEN_SPDX "\n// fric_formats.vh: fixed-point formats and parameter words of fricore.\n// %s\n//\n", fric_gen_banner);
    fprintf(f, "// Macros of the datapath width w (16 or 18), so that they can size ports:\n"
               "// `include this file before the module, then write `FRIC_YF(W) and so on.\n"
               "// Formats are (S,I,F): signed?, integer bits, fraction bits.\n\n");
    fprintf(f, "`ifndef FRIC_FORMATS_VH\n`define FRIC_FORMATS_VH\n\n");
    for (size_t i = 0; i < NCONST; i++)
        fprintf(f, "// %s\n`define FRIC_%s(w) ((%d) * (w) + (%d))\n", consts[i].what, consts[i].name, consts[i].a, consts[i].b);
    fprintf(f, "// entries of the exp2, recip and h tables (exp2pair has 2^TB)\n`define FRIC_TABLE_N %d\n", NTAB(16));
    fprintf(f, "\n// Parameter words (one field per 32-bit word) and their field widths.\n");
    for (size_t i = 0; i < NFIELD; i++)
        fprintf(f, "// %s\n`define FRIC_WORD_%s %zu\n`define FRIC_BITS_%s(w) ((%d) * (w) + (%d))\n",
                fields[i].what, fields[i].name, i, fields[i].name, fields[i].a, fields[i].b);
    fprintf(f, "`define FRIC_WORDS_STRIBECK %d\n`define FRIC_WORDS_LUGRE %zu\n", NFIELD_STRIBECK, NFIELD);
    fprintf(f, "\n// GMS parameter words: the Stribeck set's, then these, then the element blocks.\n");
    for (size_t i = 0; i < NGMS; i++)
        fprintf(f, "// %s\n`define FRIC_WORD_%s %zu\n`define FRIC_BITS_%s(w) ((%d) * (w) + (%d))\n", gms_fields[i].what,
                gms_fields[i].name, NFIELD_STRIBECK + i, gms_fields[i].name, gms_fields[i].a, gms_fields[i].b);
    for (size_t i = 0; i < NGMS_ELEM; i++)
        fprintf(f, "// %s (element i)\n`define FRIC_WORD_%s(i) (%zu + %zu * (i))\n`define FRIC_BITS_%s(w) ((%d) * (w) + (%d))\n",
                gms_elem_fields[i].what, gms_elem_fields[i].name, GMS_ELEM0 + i, NGMS_ELEM, gms_elem_fields[i].name,
                gms_elem_fields[i].a, gms_elem_fields[i].b);
    fprintf(f, "`define FRIC_GMS_MAX %d\n`define FRIC_WORDS_GMS %zu\n", GMS_MAX, NWORDS_GMS);
    fprintf(f, "\n// The elasto-plastic mode of the LuGre set: these words after the LuGre words.\n");
    for (size_t i = 0; i < NEP; i++)
        fprintf(f, "// %s\n`define FRIC_WORD_%s %zu\n`define FRIC_BITS_%s(w) ((%d) * (w) + (%d))\n", ep_fields[i].what,
                ep_fields[i].name, NFIELD + i, ep_fields[i].name, ep_fields[i].a, ep_fields[i].b);
    fprintf(f, "`define FRIC_WORDS_EP %zu\n// log2(e) * 2^W / (2^W - 1) as a W-bit mantissa\n`define FRIC_EP_L2E(w) ((w) == 18 ? %ld : %ld)\n",
            NWORDS_EP, ep_l2e(18), ep_l2e(16));
    fprintf(f, "// entries of the elasto-plastic alpha table (fric_tables_ep.vh)\n`define FRIC_EP_TABLE_N %d\n", EP_NTAB(16));
    fprintf(f, "\n`endif\n");
    fric_gen_close(f);
}

static void write_doc(const char *dir)
{
    FILE *f = fric_gen_open(dir, "docs/generated/formats.md");
    fprintf(f, "# Format constants and parameter words\n\n%s\n\n", fric_gen_banner);
    fprintf(f, "## Format constants\n\nEach is A*W + B for the datapath width W.\n\n| name | W = 16 | W = 18 | meaning |\n|---|---|---|---|\n");
    for (size_t i = 0; i < NCONST; i++)
        fprintf(f, "| %s | %d | %d | %s |\n", consts[i].name, cval(consts[i].name, 16), cval(consts[i].name, 18), consts[i].what);
    fprintf(f, "\n## Lookup tables\n\n%d entries each, in `rtl/generated/fric_tables.vh` (Verilog functions), `rtl/vhdl/generated/fric_pkg.vhd` and `cmodel/generated/fric_fx_tables.c`.\n\n| table | contents | first (W = 16) | last (W = 16) |\n|---|---|---|---|\n", NTAB(16));
    for (size_t t = 0; t < NTABLE; t++)
        fprintf(f, "| %s | %s | %ld | %ld |\n", tables[t].name, tables[t].what, tables[t].entry(16, 0), tables[t].entry(16, NTAB(16) - 1));
    fprintf(f, "\n## Parameter words\n\nOne field per 32-bit word, right-aligned; signed fields are sign-extended. Words 0 to %d are a Stribeck set;\na Dahl or LuGre set has all %zu.\n\n| word | field | bits (W = 16 / 18) | signed | meaning |\n|---|---|---|---|---|\n", NFIELD_STRIBECK - 1, NFIELD);
    for (size_t i = 0; i < NFIELD; i++)
        fprintf(f, "| %zu | %s | %d / %d | %s | %s |\n", i, fields[i].name, fields[i].a * 16 + fields[i].b, fields[i].a * 18 + fields[i].b,
                fields[i].sgn ? "yes" : "no", fields[i].what);
    fprintf(f, "\n### GMS\n\nA GMS set has %zu words: words 0 to %d are the Stribeck set (the level s(v) and sigma2), then these,\n"
               "then %d element blocks, element i (0 to %d) at words %zu + %zu i. Elements at and beyond GMS_N are not read.\n\n"
               "| word | field | bits (W = 16 / 18) | signed | meaning |\n|---|---|---|---|---|\n",
            NWORDS_GMS, NFIELD_STRIBECK - 1, GMS_MAX, GMS_MAX - 1, GMS_ELEM0, NGMS_ELEM);
    for (size_t i = 0; i < NGMS; i++)
        fprintf(f, "| %zu | %s | %d / %d | %s | %s |\n", NFIELD_STRIBECK + i, gms_fields[i].name, gms_fields[i].a * 16 + gms_fields[i].b,
                gms_fields[i].a * 18 + gms_fields[i].b, gms_fields[i].sgn ? "yes" : "no", gms_fields[i].what);
    for (size_t i = 0; i < NGMS_ELEM; i++)
        fprintf(f, "| %zu + %zu i | %s | %d / %d | %s | %s |\n", GMS_ELEM0 + i, NGMS_ELEM, gms_elem_fields[i].name,
                gms_elem_fields[i].a * 16 + gms_elem_fields[i].b, gms_elem_fields[i].a * 18 + gms_elem_fields[i].b,
                gms_elem_fields[i].sgn ? "yes" : "no", gms_elem_fields[i].what);
    fprintf(f, "\n### Elasto-plastic\n\nAn elasto-plastic set has %zu words: the %zu LuGre words, then these (EP_WBA = 0 is the LuGre step).\n"
               "The step's exponent constant log2(e) 2^W/(2^W - 1) is the W-bit mantissa %ld (W = 16) / %ld (W = 18).\n"
               "Its alpha table `epalpha` (%s) has %d entries.\n\n"
               "| word | field | bits (W = 16 / 18) | signed | meaning |\n|---|---|---|---|---|\n",
            NWORDS_EP, NFIELD, ep_l2e(16), ep_l2e(18), ep_alpha_what, EP_NTAB(16));
    for (size_t i = 0; i < NEP; i++)
        fprintf(f, "| %zu | %s | %d / %d | %s | %s |\n", NFIELD + i, ep_fields[i].name, ep_fields[i].a * 16 + ep_fields[i].b,
                ep_fields[i].a * 18 + ep_fields[i].b, ep_fields[i].sgn ? "yes" : "no", ep_fields[i].what);
    fric_gen_close(f);
}

/* The tables the Verilog cores read, as functions a core calls in an
 * initial block to fill its ROM: no file is read at elaboration, so a core
 * does not depend on the working directory. The plain exp2 table is the C
 * model's only (the RTL interpolates exp2pair). */
static void write_verilog_tables(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/generated/fric_tables.vh");
    fprintf(f, "// " FRIC_GEN_SPDX "\n// fric_tables.vh: the lookup tables of the Verilog cores. %s\n//\n", fric_gen_banner);
    fprintf(f, "// `include it inside a module, then fill a ROM in an initial block:\n"
               "//   for (i = 0; i < n; i = i + 1) rom[i] = fric_tab_recip(W, i);\n"
               "// Entries are 36-bit unsigned words; a core takes the bits it needs.\n");
    for (size_t t = 0; t < NTABLE; t++) {
        if (strcmp(tables[t].name, "exp2") == 0) continue;
        char fn[64];
        snprintf(fn, sizeof fn, "fric_tab_%s", tables[t].name);
        fric_gen_vh_rom(f, fn, tables[t].what, 36, widths, (int)NWIDTH, tables[t].in_c ? NTAB(16) : NTAB(16) - 1,
                        tables[t].entry);
    }
    fric_gen_close(f);
}

/* The elasto-plastic alpha table as a Verilog function, in a file of its
 * own so that the cores without the elasto-plastic mode do not read it. */
static void write_verilog_ep_tables(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/generated/fric_tables_ep.vh");
    fprintf(f, "// " FRIC_GEN_SPDX "\n// fric_tables_ep.vh: the elasto-plastic alpha table. %s\n//\n", fric_gen_banner);
    fprintf(f, "// `include it inside a module, as fric_tables.vh, and fill a ROM in an initial block:\n"
               "//   for (i = 0; i < `FRIC_EP_TABLE_N; i = i + 1) rom[i] = fric_tab_epalpha(W, i);\n");
    fric_gen_vh_rom(f, "fric_tab_epalpha", ep_alpha_what, 36, widths, (int)NWIDTH, EP_NTAB(16), ep_alpha_entry);
    fric_gen_close(f);
}

static void write_vhdl_package(const char *dir)
{
    FILE *f = fric_gen_open(dir, "rtl/vhdl/generated/fric_pkg.vhd");
    fprintf(f, "-- " FRIC_GEN_SPDX "\n-- fric_pkg: fixed-point formats, parameter words and lookup tables of fricore,\n"
               "-- for the VHDL-2008 cores (rtl/vhdl/). %s\n--\n", fric_gen_banner);
    fprintf(f, "-- The same values as rtl/generated/fric_formats.vh and fric_tables.vh: every format\n"
               "-- constant is a function of the datapath width w (16 or 18); formats are\n"
               "-- (S,I,F): signed?, integer bits, fraction bits. Table entries are 36-bit\n"
               "-- unsigned words (the widest, exp2pair, has 2W bits); a core takes the bits\n"
               "-- it needs.\n");
    fprintf(f, "library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n\npackage fric_pkg is\n");
    for (size_t i = 0; i < NCONST; i++)
        fprintf(f, "    -- %s\n    function fric_%s(w : integer) return integer;\n", consts[i].what, consts[i].name);
    fprintf(f, "    -- entries of the exp2, recip and h tables (exp2pair has 2^TB)\n    constant FRIC_TABLE_N : integer := %d;\n\n", NTAB(16));
    fprintf(f, "    -- parameter words (one field per 32-bit word) and their field widths\n");
    for (size_t i = 0; i < NFIELD; i++)
        fprintf(f, "    -- %s\n    constant FRIC_WORD_%s : integer := %zu;\n    function fric_bits_%s(w : integer) return integer;\n",
                fields[i].what, fields[i].name, i, fields[i].name);
    fprintf(f, "    constant FRIC_WORDS_STRIBECK : integer := %d;\n    constant FRIC_WORDS_LUGRE : integer := %zu;\n", NFIELD_STRIBECK, NFIELD);
    fprintf(f, "    -- GMS parameter words: the Stribeck set's, then these, then the element blocks\n");
    for (size_t i = 0; i < NGMS; i++)
        fprintf(f, "    -- %s\n    constant FRIC_WORD_%s : integer := %zu;\n    function fric_bits_%s(w : integer) return integer;\n",
                gms_fields[i].what, gms_fields[i].name, NFIELD_STRIBECK + i, gms_fields[i].name);
    for (size_t i = 0; i < NGMS_ELEM; i++)
        fprintf(f, "    -- %s (element i)\n    function fric_word_%s(i : integer) return integer;\n    function fric_bits_%s(w : integer) return integer;\n",
                gms_elem_fields[i].what, gms_elem_fields[i].name, gms_elem_fields[i].name);
    fprintf(f, "    constant FRIC_GMS_MAX : integer := %d;\n    constant FRIC_WORDS_GMS : integer := %zu;\n", GMS_MAX, NWORDS_GMS);
    fprintf(f, "    -- the elasto-plastic mode of the LuGre set: these words after the LuGre words\n");
    for (size_t i = 0; i < NEP; i++)
        fprintf(f, "    -- %s\n    constant FRIC_WORD_%s : integer := %zu;\n    function fric_bits_%s(w : integer) return integer;\n",
                ep_fields[i].what, ep_fields[i].name, NFIELD + i, ep_fields[i].name);
    fprintf(f, "    constant FRIC_WORDS_EP : integer := %zu;\n    -- log2(e) * 2^W / (2^W - 1) as a W-bit mantissa\n"
               "    function fric_ep_l2e(w : integer) return integer;\n\n", NWORDS_EP);
    fprintf(f, "    -- the axis-index width of the cores: ceil(log2(n)), at least 1\n    function fric_axis_width(n : integer) return integer;\n\n");
    fprintf(f, "    type fric_table_t is array (natural range <>) of unsigned(35 downto 0);\n");
    for (size_t t = 0; t < NTABLE; t++)
        fprintf(f, "    -- %s, for width w\n    function fric_table_%s(w : integer) return fric_table_t;\n", tables[t].what, tables[t].name);
    fprintf(f, "    -- entries of the elasto-plastic alpha table\n    constant FRIC_EP_TABLE_N : integer := %d;\n", EP_NTAB(16));
    fprintf(f, "    -- %s, for width w\n    function fric_table_epalpha(w : integer) return fric_table_t;\n", ep_alpha_what);
    fprintf(f, "end package fric_pkg;\n\npackage body fric_pkg is\n");
    for (size_t i = 0; i < NCONST; i++)
        fprintf(f, "    function fric_%s(w : integer) return integer is\n    begin\n        return (%d) * w + (%d);\n    end function;\n",
                consts[i].name, consts[i].a, consts[i].b);
    for (size_t i = 0; i < NFIELD; i++)
        fprintf(f, "    function fric_bits_%s(w : integer) return integer is\n    begin\n        return (%d) * w + (%d);\n    end function;\n",
                fields[i].name, fields[i].a, fields[i].b);
    for (size_t i = 0; i < NGMS; i++)
        fprintf(f, "    function fric_bits_%s(w : integer) return integer is\n    begin\n        return (%d) * w + (%d);\n    end function;\n",
                gms_fields[i].name, gms_fields[i].a, gms_fields[i].b);
    for (size_t i = 0; i < NGMS_ELEM; i++)
        fprintf(f, "    function fric_word_%s(i : integer) return integer is\n    begin\n        return %zu + %zu * i;\n    end function;\n"
                   "    function fric_bits_%s(w : integer) return integer is\n    begin\n        return (%d) * w + (%d);\n    end function;\n",
                gms_elem_fields[i].name, GMS_ELEM0 + i, NGMS_ELEM, gms_elem_fields[i].name, gms_elem_fields[i].a,
                gms_elem_fields[i].b);
    for (size_t i = 0; i < NEP; i++)
        fprintf(f, "    function fric_bits_%s(w : integer) return integer is\n    begin\n        return (%d) * w + (%d);\n    end function;\n",
                ep_fields[i].name, ep_fields[i].a, ep_fields[i].b);
    fprintf(f, "    function fric_ep_l2e(w : integer) return integer is\n    begin\n        if w = 18 then\n            return %ld;\n"
               "        end if;\n        return %ld;\n    end function;\n", ep_l2e(18), ep_l2e(16));
    fprintf(f, "    function fric_axis_width(n : integer) return integer is\n        variable b : integer := 1;\n        variable k : integer := 2;\n"
               "    begin\n        while k < n loop\n            b := b + 1;\n            k := k * 2;\n        end loop;\n        return b;\n    end function;\n");
    for (size_t t = 0; t < NTABLE; t++) {
        for (size_t k = 0; k < NWIDTH; k++) {
            const int w = widths[k];
            const int n = tables[t].in_c ? NTAB(w) : NTAB(w) - 1;
            fprintf(f, "    constant T_%s_W%d : fric_table_t(0 to %d) := (", tables[t].name, w, n - 1);
            for (int i = 0; i < n; i++)
                fprintf(f, "%s36X\"%09lX\"%s", (i % 6) ? " " : "\n        ", tables[t].entry(w, i), i + 1 < n ? "," : "");
            fprintf(f, ");\n");
        }
        fprintf(f, "    function fric_table_%s(w : integer) return fric_table_t is\n    begin\n", tables[t].name);
        for (size_t k = 0; k < NWIDTH; k++)
            fprintf(f, "        %s w = %d then\n            return T_%s_W%d;\n", k ? "elsif" : "if", widths[k], tables[t].name, widths[k]);
        fprintf(f, "        end if;\n        report \"fric_table_%s: no table for width \" & integer'image(w) severity failure;\n"
                   "        return T_%s_W%d;\n    end function;\n", tables[t].name, tables[t].name, widths[0]);
    }
    for (size_t k = 0; k < NWIDTH; k++) {
        const int w = widths[k], n = EP_NTAB(w);
        fprintf(f, "    constant T_epalpha_W%d : fric_table_t(0 to %d) := (", w, n - 1);
        for (int i = 0; i < n; i++)
            fprintf(f, "%s36X\"%09lX\"%s", (i % 6) ? " " : "\n        ", ep_alpha_entry(w, i), i + 1 < n ? "," : "");
        fprintf(f, ");\n");
    }
    fprintf(f, "    function fric_table_epalpha(w : integer) return fric_table_t is\n    begin\n");
    for (size_t k = 0; k < NWIDTH; k++)
        fprintf(f, "        %s w = %d then\n            return T_epalpha_W%d;\n", k ? "elsif" : "if", widths[k], widths[k]);
    fprintf(f, "        end if;\n        report \"fric_table_epalpha: no table for width \" & integer'image(w) severity failure;\n"
               "        return T_epalpha_W%d;\n    end function;\n", widths[0]);
    fprintf(f, "end package body fric_pkg;\n");
    fric_gen_close(f);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fric_gen OUTDIR\n");
        return 2;
    }
    write_c_header(argv[1]);
    write_c_tables(argv[1]);
    write_verilog_include(argv[1]);
    write_verilog_tables(argv[1]);
    write_verilog_ep_tables(argv[1]);
    write_vhdl_package(argv[1]);
    write_doc(argv[1]);
    fric_gen_regs(argv[1]);
    return 0;
}
