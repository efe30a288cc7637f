/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: the parameter compiler, fric_compile_stribeck(),
 * fric_compile_lugre(), fric_compile_dahl() and fric_compile_auto_fmax(),
 * for any doubles (fuzz_double(): +-0, subnormals, huge values, +-inf, NaN
 * are each a byte away).
 *
 * Input: a byte that picks the function (bits 0-1), the width (bits 2-4:
 * 16 for six values, 18 for one, the next byte for the last, which is
 * almost always refused) and whether a report is kept (bit 6); the options
 * v_max, f_max, ts; the model's parameters; a velocity code. A compile
 * checks the steady-state curve at every velocity code (evaluating it where
 * a bound does not settle the check), 2^18 of them at the wide width: the
 * wide set is one value in eight, so the fuzzer spends its time on the
 * paths rather than on the curve. Every call must return (the CPU-time
 * limit catches one that does not) with FRIC_OK or an error status and a
 * message. A set compiled with
 * FRIC_OK must pass the fixed-point model's field check, report finite
 * values, survive pack and unpack unchanged, and run through the
 * fixed-point model at the extremes of the velocity range without a
 * sanitizer report. */
#include <math.h>
#include <string.h>

#include "fric_compile.h"
#include "fuzz_util.h"

static void check_report(const fric_compile_report_t *rep, uint32_t width)
{
    fuzz_require(rep->width == width, "the report's width is not the one asked for");
    fuzz_require(isfinite(rep->v_lsb) && rep->v_lsb > 0.0 && isfinite(rep->f_lsb) && rep->f_lsb > 0.0,
                 "a compiled set with an LSB that is not finite and > 0");
    fuzz_require(isfinite(rep->v_max) && isfinite(rep->f_max) && isfinite(rep->ts), "a report that is not finite");
    for (size_t i = 0; i < rep->nquant; i++)
        fuzz_require(isfinite(rep->quant[i].represented), "a compiled set that stands for a value that is not finite");
}

/* the velocity codes a set is run at: the extremes, around 0, and one from the input */
static void codes(uint32_t width, int32_t extra, int32_t v[8])
{
    const int32_t top = (int32_t)((1u << (width - 1)) - 1);
    const int32_t c[8] = {-top - 1, -top, -1, 0, 1, top, top / 3, extra};
    memcpy(v, c, sizeof c);
}

static void run_stribeck(const fric_fx_stribeck_t *p, int32_t extra)
{
    fuzz_require(fric_fx_stribeck_check(p) == FRIC_OK, "a compiled Stribeck set fails the field check");
    uint32_t w[FRIC_FX_WORDS_LUGRE] = {0};
    fric_fx_stribeck_pack(p, w);
    for (uint32_t i = 0; i < FRIC_FX_WORDS_STRIBECK; i++)
        fuzz_require(fric_fx_word_fits(p->width, i, w[i]), "a packed Stribeck word does not fit its field");
    const fric_fx_lugre_t u = fric_fx_lugre_unpack(p->width, w);
    fuzz_require(memcmp(&u.g, p, sizeof *p) == 0, "a Stribeck set changes through pack and unpack");
    int32_t v[8], f[8];
    uint32_t flags = 0;
    codes(p->width, extra, v);
    fric_fx_stribeck_array(p, v, f, 8, &flags);
    for (int i = 0; i < 8; i++) fuzz_require(f[i] == fric_fx_stribeck(p, v[i], &flags, NULL), "array and single differ");
}

static void run_lugre(const fric_fx_lugre_t *p, int32_t extra)
{
    fuzz_require(fric_fx_lugre_check(p) == FRIC_OK, "a compiled LuGre set fails the field check");
    uint32_t w[FRIC_FX_WORDS_LUGRE];
    fric_fx_lugre_pack(p, w);
    for (uint32_t i = 0; i < FRIC_FX_WORDS_LUGRE; i++)
        fuzz_require(fric_fx_word_fits(p->g.width, i, w[i]), "a packed LuGre word does not fit its field");
    const fric_fx_lugre_t u = fric_fx_lugre_unpack(p->g.width, w);
    fuzz_require(memcmp(&u, p, sizeof *p) == 0, "a LuGre set changes through pack and unpack");
    int32_t v[8], f[8];
    uint32_t flags = 0;
    codes(p->g.width, extra, v);
    fric_fx_state_t st;
    fric_fx_lugre_reset(&st);
    fric_fx_lugre_array(p, &st, v, f, 8, &flags);
    fric_fx_lugre_reset(&st);
    for (int i = 0; i < 8; i++) {
        fric_fx_lugre_detail_t d;
        fuzz_require(f[i] == fric_fx_lugre_step(p, &st, v[i], &flags, &d), "array and single differ");
    }
}

int fuzz_target(const uint8_t *data, size_t size)
{
    fuzz_bytes_t b = {data, size};
    const uint8_t sel = fuzz_u8(&b);
    const uint32_t wsel = (sel >> 2) & 7;
    const uint32_t width = wsel == 7 ? fuzz_u8(&b) : wsel == 6 ? 18u : 16u;
    const bool with_rep = !(sel & 0x40);
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = width;
    o.v_max = fuzz_double(&b);
    o.f_max = fuzz_double(&b);
    o.ts = fuzz_double(&b);
    fric_compile_report_t rep;
    fric_status_t st;
    switch (sel & 3) {
    case 0: {
        fric_stribeck_cfg_t c;
        double *x[] = {&c.fc_pos, &c.fc_neg, &c.fs_pos, &c.fs_neg, &c.b_pos, &c.b_neg, &c.vs, &c.vs_neg, &c.delta};
        for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(&b);
        fric_fx_stribeck_t p;
        st = fric_compile_stribeck(&c, &o, &p, with_rep ? &rep : NULL);
        if (st == FRIC_OK) run_stribeck(&p, (int32_t)fuzz_u32(&b));
        break;
    }
    case 1: {
        fric_lugre_cfg_t c;
        double *x[] = {&c.fc_pos, &c.fc_neg, &c.fs_pos, &c.fs_neg, &c.vs, &c.vs_neg, &c.delta,
                       &c.sigma0, &c.sigma1, &c.sigma2_pos, &c.sigma2_neg, &c.vd};
        for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(&b);
        fric_fx_lugre_t p;
        st = fric_compile_lugre(&c, &o, &p, with_rep ? &rep : NULL);
        if (st == FRIC_OK) run_lugre(&p, (int32_t)fuzz_u32(&b));
        break;
    }
    case 2: {
        fric_dahl_cfg_t c;
        double *x[] = {&c.fc_pos, &c.fc_neg, &c.sigma0, &c.sigma2_pos, &c.sigma2_neg};
        for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(&b);
        fric_fx_lugre_t p;
        st = fric_compile_dahl(&c, &o, &p, with_rep ? &rep : NULL);
        if (st == FRIC_OK) run_lugre(&p, (int32_t)fuzz_u32(&b));
        break;
    }
    default: {
        fric_stribeck_cfg_t c;
        double *x[] = {&c.fc_pos, &c.fc_neg, &c.fs_pos, &c.fs_neg, &c.b_pos, &c.b_neg, &c.vs, &c.vs_neg, &c.delta};
        for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(&b);
        const double fm = fric_compile_auto_fmax(&c, o.v_max, width);
        fuzz_require(isnan(fm) || fm > 0.0, "an automatic f-max that is neither NaN nor > 0");
        return 0;
    }
    }
    fuzz_require(st == FRIC_OK || st < 0, "a status that is neither FRIC_OK nor an error");
    if (with_rep && st != FRIC_OK) fuzz_require(rep.why[0] != '\0', "an error without a message");
    if (with_rep && st == FRIC_OK) check_report(&rep, width);
    return 0;
}
