/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the parameter compiler (fric_compile.h): what it produces,
 * what it refuses, and that the message names the parameter and its range. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <time.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

static fric_compile_opts_t opts(uint32_t w, double ts)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = w;
    o.ts = ts;
    return o;
}

/* ---- what it produces ------------------------------------------------------------ */

static void test_stribeck_fields_fit_and_represent_the_set(void **state)
{
    (void)state;
    const fric_stribeck_cfg_t c = {1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0};
    for (uint32_t w = 16; w <= 18; w += 2) {
        const fric_compile_opts_t o = opts(w, 0.0);
        fric_fx_stribeck_t p;
        fric_compile_report_t r;
        assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
        assert_int_equal(fric_fx_stribeck_check(&p), FRIC_OK);
        assert_true(r.f_max == 4.0); /* 1.25 * (1.8 + 0.2 * 1) = 2.5 -> 4 */
        assert_true(fabs(r.f_lsb - 4.0 / ldexp(1.0, (int)w - 1)) < 1e-18);
        /* normalized mantissas: full precision */
        assert_true(p.dir[0].km >= 1u << (w - 1) && p.dir[0].bm >= 1u << (w - 1));
        /* vs_neg = vs: the same scale both ways */
        assert_int_equal(p.dir[1].km, p.dir[0].km);
        assert_int_equal(p.dir[1].ks, p.dir[0].ks);
        const fric_stribeck_cfg_t e = fric_fx_stribeck_effective(&p, r.v_lsb, r.f_lsb);
        const double lsb = r.f_lsb / 16; /* 2^-G of the output */
        assert_true(fabs(e.fc_pos - 1.0) <= lsb && fabs(e.fc_neg - 0.3) <= lsb);
        /* the dip D = dm * 2^-ds LSB resolves 2^-ds LSB */
        assert_true(fabs(e.fs_pos - 1.8) <= lsb / 2 + ldexp(r.f_lsb, -(int)p.dir[0].ds - 1));
        assert_true(fabs(e.fs_neg - 0.4) <= lsb / 2 + ldexp(r.f_lsb, -(int)p.dir[1].ds - 1));
        assert_true(fabs(e.vs / 0.05 - 1.0) < ldexp(1.0, -(int)w + 1));
        assert_true(fabs(e.b_pos / 0.2 - 1.0) < ldexp(1.0, -(int)w + 1));
        assert_int_equal(r.nquant, 7);
        for (size_t i = 0; i < r.nquant; i++) assert_true(fabs(r.quant[i].represented - r.quant[i].requested) < 1e-3);
        /* pack writes each field to its word, signed fields sign-extended */
        uint32_t words[FRIC_FX_WORDS_STRIBECK];
        fric_fx_stribeck_pack(&p, words);
        assert_int_equal(words[FRIC_FX_WORD_KM], p.dir[0].km);
        assert_int_equal(words[FRIC_FX_WORD_KM_N], p.dir[1].km);
        assert_int_equal(words[FRIC_FX_WORD_KS_N], p.dir[1].ks);
        assert_int_equal(words[FRIC_FX_WORD_FC_N], p.dir[1].fc);
        assert_int_equal((int32_t)words[FRIC_FX_WORD_DM_N], p.dir[1].dm);
    }
}

/* vs_neg: its own scale words KM_N, KS_N and report row; vs_neg = vs gives
 * the words of a set without it; each side's words are those of a
 * symmetric set with that side's vs */
static void test_vs_neg_has_its_own_scale(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2) {
        fric_compile_opts_t o = opts(w, 0.0);
        o.f_max = 4.0;
        const fric_stribeck_cfg_t sym = {1.0, 0.8, 1.5, 1.3, 0.1, 0.15, 0.05, 0.05, 2.0};
        fric_stribeck_cfg_t asym = sym, neg = sym;
        asym.vs_neg = 0.08;
        neg.vs = neg.vs_neg = 0.08;
        fric_fx_stribeck_t ps, pa, pn;
        fric_compile_report_t rs, ra;
        assert_int_equal(fric_compile_stribeck(&sym, &o, &ps, &rs), FRIC_OK);
        assert_int_equal(fric_compile_stribeck(&asym, &o, &pa, &ra), FRIC_OK);
        assert_int_equal(fric_compile_stribeck(&neg, &o, &pn, NULL), FRIC_OK);
        uint32_t ws[FRIC_FX_WORDS_STRIBECK], wa[FRIC_FX_WORDS_STRIBECK], wn[FRIC_FX_WORDS_STRIBECK];
        fric_fx_stribeck_pack(&ps, ws);
        fric_fx_stribeck_pack(&pa, wa);
        fric_fx_stribeck_pack(&pn, wn);
        assert_int_equal(ws[FRIC_FX_WORD_KM_N], ws[FRIC_FX_WORD_KM]);
        assert_int_equal(ws[FRIC_FX_WORD_KS_N], ws[FRIC_FX_WORD_KS]);
        for (int k = 0; k < FRIC_FX_WORDS_STRIBECK; k++) {
            const bool negscale = k == FRIC_FX_WORD_KM_N || k == FRIC_FX_WORD_KS_N;
            assert_int_equal(wa[k], negscale ? wn[k] : ws[k]);
        }
        assert_int_not_equal(wa[FRIC_FX_WORD_KM_N], wa[FRIC_FX_WORD_KM]);
        /* the report: vs-neg only where it differs from vs */
        assert_int_equal(ra.nquant, rs.nquant + 1);
        assert_string_equal(ra.quant[ra.nquant - 1].param, "vs-neg");
        assert_true(fabs(ra.quant[ra.nquant - 1].represented / 0.08 - 1.0) < ldexp(1.0, -(int)w + 1));
        const fric_stribeck_cfg_t e = fric_fx_stribeck_effective(&pa, ra.v_lsb, ra.f_lsb);
        assert_true(fabs(e.vs_neg / 0.08 - 1.0) < ldexp(1.0, -(int)w + 1));
        /* bit for bit: each side of the asymmetric set is that side of the symmetric one */
        for (int32_t v = -(1 << (w - 1)); v < (1 << (w - 1)); v++) {
            uint32_t fl = 0;
            const int32_t f = fric_fx_stribeck(&pa, v, &fl, NULL);
            const int32_t want = fric_fx_stribeck(v < 0 ? &pn : &ps, v, &fl, NULL);
            if (f != want) fail_msg("W=%u v=%d: %d, want %d", w, v, f, want);
        }
        /* a vs_neg the width cannot hold is refused by its name */
        asym.vs_neg = 1e-9;
        assert_int_equal(fric_compile_stribeck(&asym, &o, &pa, &ra), FRIC_ERR_RANGE);
        assert_non_null(strstr(ra.why, "vs-neg = 1e-09 m/s is below the smallest representable"));
    }
}

static void test_delta_selects_the_hardware_path(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.1, 0.1, 1.0);
    const fric_compile_opts_t o = opts(16, 0.0);
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.dsel, 0);
    c.delta = 2.0;
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.dsel, 1);
    /* no dip: delta and vs do not matter, and any delta compiles */
    c = fric_viscous_cfg(1.0, 1.0, 0.1, 0.1);
    c.delta = 1.7;
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.dir[0].km, 0);
    assert_int_equal(p.dir[1].km, 0);
}

static void test_lugre_constants(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    for (uint32_t w = 16; w <= 18; w += 2)
        for (double ts = 1e-6; ts < 2e-2; ts *= 10.0) {
            const fric_compile_opts_t o = opts(w, ts);
            fric_fx_lugre_t p;
            fric_compile_report_t r;
            assert_int_equal(fric_compile_lugre(&c, &o, &p, &r), FRIC_OK);
            assert_int_equal(fric_fx_lugre_check(&p), FRIC_OK);
            assert_true(p.kym >= 1u << (w - 1) && p.kym < 1u << w);
            const fric_lugre_cfg_t e = fric_fx_lugre_effective(&p, r.v_lsb, r.f_lsb, ts);
            assert_true(fabs(e.sigma0 / c.sigma0 - 1.0) < ldexp(1.0, -(int)w + 1));
            assert_true(fabs(e.sigma1 / c.sigma1 - 1.0) < ldexp(1.0, -(int)w + 2));
            assert_int_equal(p.md_en, 0);
        }
}

/* A NULL report is allowed (the host driver passes the caller's, which may
 * be NULL): the same set, and a refusal, without a report */
static void test_null_report(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    const fric_compile_opts_t o = opts(16, 1e-4);
    fric_fx_lugre_t p, q;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_lugre(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(fric_compile_lugre(&c, &o, &q, NULL), FRIC_OK);
    assert_memory_equal(&p, &q, sizeof p);
    const fric_dahl_cfg_t d = {c.fc_pos, c.fc_neg, c.sigma0, c.sigma2_pos, c.sigma2_neg};
    assert_int_equal(fric_compile_dahl(&d, &o, &q, NULL), FRIC_OK);
    const fric_stribeck_cfg_t s = {1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 0.05, 2.0};
    fric_fx_stribeck_t ps;
    assert_int_equal(fric_compile_stribeck(&s, &o, &ps, NULL), FRIC_OK);
    fric_compile_opts_t bad = o;
    bad.ts = -1.0;
    assert_int_equal(fric_compile_lugre(&c, &bad, &q, NULL), FRIC_ERR_TS);
}

/* ---- what it refuses ----------------------------------------------------------------- */

static void expect_refusal(fric_status_t st, const fric_compile_report_t *r, fric_status_t want, const char *needle)
{
    if (st != want) fail_msg("status %d, want %d (%s)", st, want, r->why);
    if (!strstr(r->why, needle)) fail_msg("message '%s' lacks '%s'", r->why, needle);
}

static void test_each_refusal_names_its_parameter_and_range(void **state)
{
    (void)state;
    fric_fx_stribeck_t p;
    fric_fx_lugre_t l;
    fric_compile_report_t r;
    fric_compile_opts_t o = opts(16, 0.0);
    fric_stribeck_cfg_t c = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.1, 0.1, 1.5);
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "delta = 1 and delta = 2 only");
    c.delta = 2.0;
    c.vs = 1e-7;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "vs = 1e-07 m/s is below the smallest representable");
    c.vs = 0.1;
    o.f_max = 1.0;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "raise --f-max");
    o.f_max = 0.0;
    c.b_neg = 1e-30;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "b-neg = 1e-30 N*s/m is below the smallest representable nonzero value");
    c.b_neg = 0.1;
    c.fs_neg = 1.0 + 1e-14;
    c.fc_neg = 1.0;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "fs-neg - fc-neg = ");
    c.fs_neg = 1.5;
    o.width = 17;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_FX_WIDTH, "16 or 18");
    o.width = 16;
    o.v_max = -1.0;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "v-max");
    o.v_max = 1.0;
    c.vs = -1.0; /* the double model's own validation comes first */
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_VS, "vs");

    fric_lugre_cfg_t g = fric_lugre_cfg_canudas1995();
    o = opts(16, 0.0);
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_TS, "ts");
    o.ts = 1e-9;
    g.sigma1 = 1e6;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "sigma1/(sigma0*ts)");
    g = fric_lugre_cfg_canudas1995();
    o.ts = 1e-4;
    g.fc_pos = 1e-9;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "fc = 1e-09 N is below the force resolution");
    g = fric_lugre_cfg_canudas1995();
    g.sigma0 = 1e-40;
    g.sigma1 = 0.0;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "sigma0*ts = ");
    g = fric_lugre_cfg_canudas1995();
    g.vd = 1e-9;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "vmd = 1e-09 m/s is below the smallest representable");
    const fric_dahl_cfg_t d = {0.0, 1.0, 1e5, 0.0, 0.0};
    expect_refusal(fric_compile_dahl(&d, &o, &l, &r), &r, FRIC_ERR_FC_DYN, "fc");
}

/* ---- the steady-state sweeps ------------------------------------------------------- */

/* The peak |F| of the curve over every velocity code, by the sweep itself:
 * what the compiler's bound and probes must agree with. */
static double swept_peak(const fric_stribeck_cfg_t *c, double v_max, uint32_t w)
{
    const double n = ldexp(1.0, (int)w - 1), v_lsb = v_max / n;
    double peak = 0.0;
    for (double k = -n; k < n; k += 1.0) {
        const double f = fabs(fric_stribeck_force(c, k * v_lsb));
        if (f > peak) peak = f;
    }
    return peak;
}

static double fmax_for(double peak)
{
    double fm = 0x1p-20;
    while (fm < 1.25 * peak) fm *= 2.0;
    return fm;
}

static uint32_t lcg(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return *x >> 8;
}

/* a value of 10^[lo, hi), or 0 one time in six */
static double decade(uint32_t *x, int lo, int hi)
{
    if (lcg(x) % 6 == 0) return 0.0;
    return pow(10.0, lo + (hi - lo) * (double)(lcg(x) % 4096) / 4096.0);
}

/* fric_compile_auto_fmax() and the range check of a compile skip the sweep
 * over all 2^W codes when a bound settles it: their outcome must be the
 * sweep's for curves with and without a dip, peaks at the ends, next to
 * v = 0 and inside the range, and f-max just above and below the peak. */
static void test_steady_state_bound_agrees_with_the_sweep(void **state)
{
    (void)state;
    uint32_t x = 12345u;
    const double deltas[] = {1.0, 2.0, 0.5, 3.0};
    int refused = 0, fitted = 0;
    for (int i = 0; i < 240; i++) {
        const uint32_t w = (i % 12 == 0) ? 18u : 16u;
        fric_stribeck_cfg_t c;
        c.fc_pos = decade(&x, -3, 2);
        c.fc_neg = (lcg(&x) & 1) ? c.fc_pos : decade(&x, -3, 2);
        c.fs_pos = decade(&x, -3, 2);
        c.fs_neg = (lcg(&x) & 1) ? c.fs_pos : decade(&x, -3, 2);
        c.b_pos = decade(&x, -3, 3);
        c.b_neg = decade(&x, -3, 3);
        c.vs = pow(10.0, -5.0 + 5.0 * (double)(lcg(&x) % 1024) / 1024.0);
        c.delta = deltas[lcg(&x) % 4];
        if (i % 5 == 4) { /* the edges of the double range: a dip from DBL_MAX to 0, a step-like weight */
            const double edge[] = {DBL_MAX, 1e300, 1.0, 1e-200, 0.0, 4.9e-324};
            const double steep[] = {1e300, 316.0, 37.0, 0.01};
            c.fc_pos = edge[lcg(&x) % 6];
            c.fs_pos = edge[lcg(&x) % 6];
            c.fc_neg = edge[lcg(&x) % 6];
            c.fs_neg = edge[lcg(&x) % 6];
            c.b_pos = (lcg(&x) & 1) ? 0.0 : edge[lcg(&x) % 6];
            c.delta = steep[lcg(&x) % 4];
        }
        const double v_max = pow(10.0, -3.0 + 4.0 * (double)(lcg(&x) % 1024) / 1024.0);
        const double peak = swept_peak(&c, v_max, w);
        const double fm = fric_compile_auto_fmax(&c, v_max, w);
        if (fm != fmax_for(peak)) fail_msg("case %d: automatic f-max %g, the sweep's %g", i, fm, fmax_for(peak));
        /* an f-max whose range ends just below, at or just above the peak */
        const double n = ldexp(1.0, (int)w - 1), k[] = {0.999999, 1.0, 1.000001, 3.0};
        fric_compile_opts_t o = opts(w, 0.0);
        o.v_max = v_max;
        o.f_max = peak * n / (n - 1.0) * k[i % 4];
        if (!(o.f_max > 0.0)) continue;
        const double top = (n - 1.0) * (o.f_max / n);
        fric_fx_stribeck_t p;
        fric_compile_report_t r;
        const fric_status_t st = fric_compile_stribeck(&c, &o, &p, &r);
        const bool out_of_range = strstr(r.why, "the steady-state force reaches") != NULL;
        if (peak > top) {
            /* the message names the first code over the range, as a sweep finds it */
            double first = -n;
            while (!(fabs(fric_stribeck_force(&c, first * (v_max / n))) > top)) first += 1.0;
            char want[128];
            snprintf(want, sizeof want, "reaches %.6g N at v = %.6g m/s,",
                     fabs(fric_stribeck_force(&c, first * (v_max / n))), first * (v_max / n));
            assert_int_equal(st, FRIC_ERR_RANGE);
            if (!strstr(r.why, want)) fail_msg("message '%s' lacks '%s'", r.why, want);
            refused++;
        } else {
            assert_false(out_of_range);
            fitted++;
        }
    }
    /* both outcomes were reached */
    assert_true(refused > 20 && fitted > 20);
}

/* A curve beyond every automatic f-max: the refusal names the peak and the
 * first code that reaches it, as a sweep over every code finds them. */
static void test_peak_beyond_the_automatic_fmax(void **state)
{
    (void)state;
    uint32_t x = 777u;
    int checked = 0;
    for (int i = 0; i < 24; i++) {
        fric_stribeck_cfg_t c;
        c.fc_pos = decade(&x, 306, 308);
        c.fc_neg = decade(&x, 306, 308);
        c.fs_pos = decade(&x, 306, 308);
        c.fs_neg = (i & 1) ? c.fs_pos : decade(&x, 306, 308);
        c.b_pos = decade(&x, 306, 308);
        c.b_neg = (i & 2) ? c.b_pos : decade(&x, 306, 308);
        c.vs = pow(10.0, -3.0 + 3.0 * (double)(lcg(&x) % 1024) / 1024.0);
        c.delta = (i & 4) ? 1.0 : 2.0;
        const uint32_t w = 16;
        fric_compile_opts_t o = opts(w, 0.0);
        o.v_max = pow(10.0, -1.0 + 2.0 * (double)(lcg(&x) % 1024) / 1024.0);
        const double n = ldexp(1.0, (int)w - 1), v_lsb = o.v_max / n;
        double peak = 0.0, v_peak = 0.0;
        for (double k = -n; k < n; k += 1.0) {
            const double f = fabs(fric_stribeck_force(&c, k * v_lsb));
            if (!(f <= peak)) {
                peak = f;
                v_peak = k * v_lsb;
            }
        }
        if (isfinite(fmax_for(peak))) continue;
        fric_fx_stribeck_t p;
        fric_compile_report_t r;
        char want[128];
        snprintf(want, sizeof want, "reaches %.6g N at v = %.6g m/s, beyond the automatic", peak, v_peak);
        assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_ERR_RANGE);
        if (!strstr(r.why, want)) fail_msg("message '%s' lacks '%s'", r.why, want);
        checked++;
    }
    assert_true(checked >= 8); /* the others have a peak an automatic f-max covers */
}

/* A curve at the top of the double range (fc = fs = DBL_MAX, no viscous
 * term: every code gives DBL_MAX) is refused with the first code, and
 * without a sweep over all 2^18 codes: the call costs less than a quarter of
 * one such sweep (CPU time, measured here). */
static void test_constant_curve_at_dbl_max_is_not_swept(void **state)
{
    (void)state;
    const fric_stribeck_cfg_t c = {DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX, 0.0, 0.0, 1.0, 1.0, 2.0};
    fric_compile_opts_t o = opts(18, 0.0);
    o.v_max = 1.0;
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    const clock_t t0 = clock();
    const double peak = swept_peak(&c, o.v_max, 18);
    const clock_t t1 = clock();
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_ERR_RANGE);
    const clock_t t2 = clock();
    assert_true(peak == DBL_MAX);
    char want[128];
    snprintf(want, sizeof want, "reaches %.6g N at v = %.6g m/s, beyond the automatic", DBL_MAX, -1.0);
    if (!strstr(r.why, want)) fail_msg("message '%s' lacks '%s'", r.why, want);
    assert_true(4 * (t2 - t1) < (t1 - t0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stribeck_fields_fit_and_represent_the_set),
        cmocka_unit_test(test_vs_neg_has_its_own_scale),
        cmocka_unit_test(test_delta_selects_the_hardware_path),
        cmocka_unit_test(test_lugre_constants),
        cmocka_unit_test(test_null_report),
        cmocka_unit_test(test_each_refusal_names_its_parameter_and_range),
        cmocka_unit_test(test_steady_state_bound_agrees_with_the_sweep),
        cmocka_unit_test(test_peak_beyond_the_automatic_fmax),
        cmocka_unit_test(test_constant_curve_at_dbl_max_is_not_swept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
