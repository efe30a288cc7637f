/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the bit-exact fixed-point model (fric_fx.h): the rounding
 * helper, the exponential unit and its tables, saturation, the state bound,
 * reset, exactness of the degenerate cases, and the accuracy bounds on a
 * reduced sweep of the benchmark's own code (fric_accuracy.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fric_accuracy.h"
#include "fricore.h"

static const uint32_t widths[] = {16, 18};

static fric_fx_stribeck_t compile_s(fric_stribeck_cfg_t c, uint32_t w)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = w;
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    if (fric_compile_stribeck(&c, &o, &p, &r) != FRIC_OK) fail_msg("refused: %s", r.why);
    return p;
}

static fric_fx_lugre_t compile_l(fric_lugre_cfg_t c, uint32_t w, double ts, double vmax, double fmax)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = w;
    o.ts = ts;
    o.v_max = vmax;
    o.f_max = fmax;
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    if (fric_compile_lugre(&c, &o, &p, &r) != FRIC_OK) fail_msg("refused: %s", r.why);
    return p;
}

/* ---- the rounding helper ---------------------------------------------------- */

static void test_rsr_rounds_half_up_for_both_signs(void **state)
{
    (void)state;
    assert_int_equal(fric_fx_rsr(3, 1), 2);   /* 1.5 -> 2 */
    assert_int_equal(fric_fx_rsr(-3, 1), -1); /* -1.5 -> -1 */
    assert_int_equal(fric_fx_rsr(-5, 2), -1); /* -1.25 -> -1 */
    assert_int_equal(fric_fx_rsr(-6, 2), -1); /* -1.5 -> -1 */
    assert_int_equal(fric_fx_rsr(-7, 2), -2); /* -1.75 -> -2 */
    assert_int_equal(fric_fx_rsr(5, 0), 5);
    assert_int_equal(fric_fx_rsr(-5, -3), -5);
    assert_int_equal(fric_fx_rsr((int64_t)1 << 60, 62), 0);
    for (int64_t x = -1000; x <= 1000; x++)
        for (int s = 1; s < 12; s++) {
            const double want = floor((double)x / ldexp(1.0, s) + 0.5);
            if ((double)fric_fx_rsr(x, s) != want) fail_msg("rsr(%lld, %d) = %lld, want %g", (long long)x, s, (long long)fric_fx_rsr(x, s), want);
        }
}

/* ---- the exponential unit and its tables ----------------------------------- */

static void test_exp_tables_monotonic_and_exact_at_ends(void **state)
{
    (void)state;
    const int32_t *t16[] = {fric_fx_exp2_w16, fric_fx_recip_w16, fric_fx_h_w16};
    const int32_t *t18[] = {fric_fx_exp2_w18, fric_fx_recip_w18, fric_fx_h_w18};
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        const int32_t *const *t = k ? t18 : t16;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i + 1 < FRIC_FX_TABLE_N; i++)
                if (!(t[j][i + 1] < t[j][i])) fail_msg("W=%u table %d not strictly decreasing at %d", w, j, i);
        /* exp2 spans exactly one octave: 2^TP .. 2^(TP-1) */
        assert_int_equal(t[0][0], 1 << FRIC_FX_TP(w));
        assert_int_equal(t[0][FRIC_FX_TABLE_N - 1], 1 << (FRIC_FX_TP(w) - 1));
        /* recip spans (2^W - 1) .. (2^W - 1)/2 */
        assert_int_equal(t[1][0], (1 << w) - 1);
        /* h starts at ln 2 */
        assert_int_equal(t[2][0], (int32_t)lround(ldexp(log(2.0), FRIC_FX_HP(w))));
    }
}

static void test_exp2_monotonic_accurate_and_reaches_zero_without_a_step(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        const int yf = FRIC_FX_YF(w), ef = FRIC_FX_EF(w);
        const uint32_t ymax = (1u << (FRIC_FX_YI(w) + yf)) - 1;
        assert_int_equal(fric_fx_exp2(w, 0), 1u << ef);
        uint32_t prev = fric_fx_exp2(w, 0), first_zero = 0;
        double emax = 0.0;
        /* exhaustive at W = 16 (2^25 codes); every 3rd code at W = 18 */
        const uint32_t step = (w == 16) ? 1 : 3;
        for (uint32_t y = step; y <= ymax; y += step) {
            const uint32_t e = fric_fx_exp2(w, y);
            if (e > prev) fail_msg("W=%u: E rises at y = %u (%u -> %u)", w, y, prev, e);
            if (prev - e > 1 + (uint32_t)(step * ldexp(1.0, ef - yf))) fail_msg("W=%u: E steps by %u at y = %u", w, prev - e, y);
            if (e == 0 && first_zero == 0) {
                first_zero = y;
                assert_true(prev <= 1); /* the last nonzero value is 1 LSB: no step to zero */
            }
            if (first_zero) assert_int_equal(e, 0);
            const double want = ldexp(exp2(-ldexp((double)y, -yf)), ef);
            emax = fmax(emax, fabs(e - want));
            prev = e;
        }
        /* E is 0 from y = W + 2 on, long before the range limit 2^YI */
        assert_true(first_zero > 0 && first_zero <= (uint32_t)(w + 2) << yf);
        assert_int_equal(fric_fx_exp2(w, ymax), 0);
        assert_int_equal(fric_fx_exp2(w, UINT32_MAX), 0); /* beyond the range: still 0 */
        /* bound: output rounding 0.5 + (curvature (ln2)^2 2^TP 2^-2TB / 8 + entry and
         * interpolation-term rounding 1) table LSB, a table LSB being 2^-(TP-EF) LSB of E */
        const double tl = ldexp(1.0, FRIC_FX_EF(w) - FRIC_FX_TP(w));
        const double bound = 0.5 + tl * (log(2.0) * log(2.0) * ldexp(1.0, FRIC_FX_TP(w) - 2 * FRIC_FX_TB(w)) / 8.0 + 1.0);
        if (emax > bound) fail_msg("W=%u: exp2 error %.3f LSB of E, bound %.3f", w, emax, bound);
    }
}

static void test_recip_and_h_accurate(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        const double rs = ldexp(1.0, (int)w) - 1.0;
        double er = 0.0, eh = 0.0;
        for (uint32_t m = 1u << (w - 1); m < (1u << w); m++)
            er = fmax(er, fabs(fric_fx_recip(w, m) - rs * ldexp(1.0, (int)w - 1) / m));
        for (uint32_t y = 1; y < (1u << (FRIC_FX_YF(w) - 1)); y += 5) {
            const double yy = ldexp((double)y, -FRIC_FX_YF(w));
            eh = fmax(eh, fabs(fric_fx_h(w, y) - ldexp(-expm1(-yy * log(2.0)) / yy, FRIC_FX_HP(w))));
        }
        /* bound: entry rounding 0.5 + interpolation-term rounding 0.5 + curvature
         * h^2/8 |f''| with h = 2^-TB: 2^W * 2^(-2TB-2) for recip, far less for h */
        const double bound = 1.0 + ldexp(1.0, (int)w - 2 * FRIC_FX_TB(w) - 2);
        if (er > bound || eh > bound) fail_msg("W=%u: recip error %.3f, h error %.3f LSB, bound %.3f", w, er, eh, bound);
    }
}

/* ---- Stribeck ------------------------------------------------------------------- */

static void test_stribeck_saturates_at_both_extremes(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        fric_fx_stribeck_t p = {0};
        p.width = w;
        p.dsel = 1;
        for (int d = 0; d < 2; d++) /* largest level and viscous term: far beyond the output */
            p.dir[d] = (fric_fx_dir_t){(1u << (w + 3)) - 1, (1 << (w - 1)) - 1, 0, (1u << w) - 1, 0, 0, 0};
        assert_int_equal(fric_fx_stribeck_check(&p), FRIC_OK);
        const int32_t fm = fric_fx_fmax(w), vmax = (1 << (w - 1)) - 1, vmin = -(1 << (w - 1));
        uint32_t fl = 0;
        assert_int_equal(fric_fx_stribeck(&p, vmax, &fl, NULL), fm);
        assert_int_equal(fl, FRIC_FX_FLAG_F_SAT);
        fl = 0;
        assert_int_equal(fric_fx_stribeck(&p, vmin, &fl, NULL), -fm);
        assert_int_equal(fl, FRIC_FX_FLAG_F_SAT);
        fl = 0;
        assert_int_equal(fric_fx_stribeck(&p, 0, &fl, NULL), 0);
        assert_int_equal(fl, 0);
        /* a negative magnitude clamps to 0 and says so */
        p.dir[0] = (fric_fx_dir_t){0, -(1 << (w - 1)), 0, 0, 0, 0, 0}; /* km = 0: E = 1, the whole (negative) dip */
        fl = 0;
        assert_int_equal(fric_fx_stribeck(&p, 5, &fl, NULL), 0);
        assert_int_equal(fl, FRIC_FX_FLAG_MAG_NEG);
        /* a velocity code outside the port clamps and says so */
        fl = 0;
        fric_fx_stribeck(&p, 1 << w, &fl, NULL);
        assert_true(fl & FRIC_FX_FLAG_V_SAT);
        /* a field too wide for its word is refused */
        p.dir[1].fc = 1u << (w + 3);
        assert_int_equal(fric_fx_stribeck_check(&p), FRIC_ERR_FX_FIELD);
        p.width = 17;
        assert_int_equal(fric_fx_stribeck_check(&p), FRIC_ERR_FX_WIDTH);
    }
}

static void test_coulomb_viscous_is_exact(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        const fric_fx_stribeck_t p = compile_s(fric_viscous_cfg(1.0, 0.6, 0.3, 0.7), w);
        assert_int_equal(p.dir[0].dm, 0);
        assert_int_equal(p.dir[1].dm, 0);
        const int g = FRIC_FX_G(w);
        for (int32_t v = -(1 << (w - 1)); v < (1 << (w - 1)); v++) {
            uint32_t fl = 0;
            const fric_fx_dir_t *d = &p.dir[v < 0];
            const int64_t a = v < 0 ? -(int64_t)v : v;
            const int64_t m = fric_fx_rsr((int64_t)d->fc + fric_fx_rsr(a * d->bm, (int)d->bs), g);
            const int64_t want = v == 0 ? 0 : (v < 0 ? -m : m);
            if (fric_fx_stribeck(&p, v, &fl, NULL) != want || fl) fail_msg("W=%u v=%d", w, v);
        }
    }
}

static void test_symmetric_set_is_odd(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        const fric_fx_stribeck_t p = compile_s(fric_stribeck_cfg_symmetric(1.0, 1.5, 0.1, 0.1, 2.0), w);
        for (int32_t v = 1; v < (1 << (w - 1)); v++) {
            uint32_t fl = 0;
            if (fric_fx_stribeck(&p, -v, &fl, NULL) != -fric_fx_stribeck(&p, v, &fl, NULL)) fail_msg("W=%u v=%d", w, v);
        }
    }
}

static void test_stribeck_accuracy_bound_reduced_sweep(void **state)
{
    (void)state;
    for (size_t i = 0; i < fric_acc_n_stribeck_sets; i++)
        for (int k = 0; k < 2; k++) {
            fric_acc_stribeck_result_t r;
            assert_int_equal(fric_acc_stribeck(&fric_acc_stribeck_sets[i].cfg, widths[k], 13, &r), FRIC_OK);
            const double m16 = r.max_lsb / (double)(1u << (widths[k] - 16));
            if (m16 > 1.5 || r.flags) fail_msg("%s W=%u: %.3f LSB, flags %u", fric_acc_stribeck_sets[i].name, widths[k], m16, r.flags);
            /* the budget's terms bound the total */
            assert_true(r.max_lsb <= r.param_lsb + r.path_lsb + r.round_lsb + 1e-9);
            assert_true(r.round_lsb <= 0.5 + 1e-12);
        }
}

/* ---- Dahl / LuGre ------------------------------------------------------------------ */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* The largest g(v) over every velocity code, in state units. */
static int64_t g_bound(const fric_fx_lugre_t *p)
{
    const uint32_t w = p->g.width;
    int64_t m = 0;
    for (int32_t v = -(1 << (w - 1)); v < (1 << (w - 1)); v++) {
        uint32_t fl = 0;
        const int64_t g = fric_fx_lugre_g(p, v, &fl);
        if (g > m) m = g;
    }
    return m << (FRIC_FX_WG(w) - FRIC_FX_G(w));
}

static void test_state_never_exceeds_max_g(void **state)
{
    (void)state;
    const fric_lugre_cfg_t sets[] = {
        fric_lugre_cfg_canudas1995(),
        {1.0, 0.6, 1.4, 0.9, 5e-3, 5e-3, 1.0, 2e4, 50.0, 0.5, 0.2, 0.0},
        {1.5, 1.5, 1.0, 1.0, 0.05, 0.05, 2.0, 1e4, 10.0, 0.1, 0.1, 0.0}, /* Fs < Fc: g largest at speed */
    };
    const double ts[] = {1e-6, 1e-4, 1e-2};
    for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++)
        for (int k = 0; k < 2; k++)
            for (int j = 0; j < 3; j++) {
                const uint32_t w = widths[k];
                const fric_fx_lugre_t p = compile_l(sets[s], w, ts[j], 0.125, 64.0);
                const int64_t bound = g_bound(&p);
                const int32_t half = 1 << (w - 1);
                fric_fx_state_t st;
                fric_fx_lugre_reset(&st);
                uint32_t fl = 0;
                for (int n = 0; n < 60000; n++) {
                    int32_t v;
                    switch ((n / 5000) % 4) { /* adversarial phases */
                    case 0: v = (n & 1) ? half - 1 : -half; break;              /* full-scale reversals */
                    case 1: v = (int32_t)(rnd() % (uint32_t)(2 * half)) - half; break; /* random codes */
                    case 2: v = (n % 50 < 49) ? 1 : -half; break;              /* creep at g = Fs, then slam */
                    default: v = (int32_t)(rnd() % 7) - 3; break;              /* dither around zero */
                    }
                    const int64_t w0 = st.w;
                    fric_fx_lugre_detail_t d;
                    fric_fx_lugre_step(&p, &st, v, &fl, &d);
                    const int64_t wss = v == 0 ? w0 : (v < 0 ? -d.g : d.g) * ((int64_t)1 << (FRIC_FX_WG(w) - FRIC_FX_G(w)));
                    if (llabs(st.w) > bound) fail_msg("set %zu W=%u ts %g n=%d: |w| = %lld > %lld", s, w, ts[j], n, (long long)llabs(st.w), (long long)bound);
                    /* convex: w(k+1) lies between w(k) and w_ss */
                    if (st.w < (w0 < wss ? w0 : wss) || st.w > (w0 > wss ? w0 : wss)) fail_msg("set %zu n=%d: not convex", s, n);
                }
                assert_int_equal(fl & (FRIC_FX_FLAG_W_SAT | FRIC_FX_FLAG_G_SAT), 0);
            }
}

static void test_reset_and_hold(void **state)
{
    (void)state;
    const fric_fx_lugre_t p = compile_l(fric_lugre_cfg_canudas1995(), 16, 1e-4, 0.125, 8.0);
    fric_fx_state_t a, b;
    fric_fx_lugre_reset(&a);
    assert_int_equal(a.w, 0);
    uint32_t fl = 0;
    assert_int_equal(fric_fx_lugre_step(&p, &a, 0, &fl, NULL), 0); /* rest: no force */
    int32_t first[500];
    for (int n = 0; n < 500; n++) first[n] = fric_fx_lugre_step(&p, &a, (n % 97) - 40, &fl, NULL);
    assert_true(a.w != 0);
    /* v = 0 holds the state exactly and outputs it */
    const int64_t held = a.w;
    for (int n = 0; n < 100; n++) {
        const int32_t f = fric_fx_lugre_step(&p, &a, 0, &fl, NULL);
        assert_int_equal(a.w, held);
        assert_int_equal(f, fric_fx_rsr(held, FRIC_FX_WG(16)));
    }
    /* a reset in mid-run gives the fresh-state sequence again */
    fric_fx_lugre_reset(&a);
    fric_fx_lugre_reset(&b);
    for (int n = 0; n < 500; n++) {
        assert_int_equal(fric_fx_lugre_step(&p, &a, (n % 97) - 40, &fl, NULL), first[n]);
        fric_fx_lugre_step(&p, &b, (n % 97) - 40, &fl, NULL);
        assert_int_equal(a.w, b.w);
    }
    assert_int_equal(fl, 0);
}

static void test_lugre_saturation_flags(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        /* f_max far below the sigma1 transient: the output saturates both ways */
        fric_fx_lugre_t p = compile_l(fric_lugre_cfg_canudas1995(), w, 1e-6, 0.125, 2.0);
        const int32_t half = 1 << (w - 1), fm = fric_fx_fmax(w);
        fric_fx_state_t st;
        fric_fx_lugre_reset(&st);
        uint32_t fl = 0;
        assert_int_equal(fric_fx_lugre_step(&p, &st, half - 1, &fl, NULL), fm);
        assert_true(fl & FRIC_FX_FLAG_F_SAT);
        for (int n = 0; n < 1000; n++) fric_fx_lugre_step(&p, &st, half - 1, &fl, NULL);
        fl = 0;
        assert_int_equal(fric_fx_lugre_step(&p, &st, -half, &fl, NULL), -fm);
        assert_true(fl & FRIC_FX_FLAG_F_SAT);
        /* a hand-made huge c1 saturates the sigma1 term */
        p.c1m = (1u << w) - 1;
        p.c1s = 0;
        fric_fx_lugre_reset(&st);
        fl = 0;
        fric_fx_lugre_step(&p, &st, half - 1, &fl, NULL);
        assert_true(fl & FRIC_FX_FLAG_S1_SAT);
        assert_true(fl & FRIC_FX_FLAG_F_SAT);
        /* g = 0 from hand-made fields clamps to 1 and says so */
        p.g.dir[0].fc = 0;
        p.g.dir[0].dm = 0;
        fl = 0;
        assert_int_equal(fric_fx_lugre_g(&p, 10, &fl), 1);
        assert_int_equal(fl, FRIC_FX_FLAG_G_SAT);
        assert_int_equal(fric_fx_lugre_check(&p), FRIC_OK);
        p.kyx = 200;
        assert_int_equal(fric_fx_lugre_check(&p), FRIC_ERR_FX_FIELD);
    }
}

static void test_dahl_is_lugre_without_dip_and_sigma1(void **state)
{
    (void)state;
    const fric_dahl_cfg_t d = {1.0, 0.5, 1e5, 0.4, 0.2};
    fric_compile_opts_t o = fric_compile_opts_default();
    o.ts = 1e-4;
    o.v_max = 0.5;
    fric_fx_lugre_t p;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_dahl(&d, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.g.dir[0].dm, 0);
    assert_int_equal(p.g.dir[1].dm, 0);
    assert_int_equal(p.c1m, 0);
    /* g is Fc in each direction at every speed */
    for (int32_t v = -32768; v < 32768; v += 111) {
        uint32_t fl = 0;
        assert_int_equal(fric_fx_lugre_g(&p, v, &fl), p.g.dir[v < 0].fc);
    }
}

static void test_dynamic_accuracy_bound_reduced_sweep(void **state)
{
    (void)state;
    const double ts[] = {1e-6, 1e-4, 1e-2};
    for (size_t i = 0; i < fric_acc_n_dynamic_sets; i++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (int j = 0; j < 3; j++)
                for (int k = 0; k < 2; k++) {
                    fric_acc_dynamic_result_t r;
                    char why[400];
                    assert_int_equal(fric_acc_dynamic(&fric_acc_dynamic_sets[i], (fric_trace_kind_t)t, ts[j], widths[k],
                                                      8000, &r, why, sizeof why), FRIC_OK);
                    const double m16 = r.max_lsb / (double)(1u << (widths[k] - 16));
                    if (m16 > 4.0 || r.flags)
                        fail_msg("%s %s ts %g W=%u: %.3f LSB, flags %u", fric_acc_dynamic_sets[i].name,
                                 fric_trace_name((fric_trace_kind_t)t), ts[j], widths[k], m16, r.flags);
                    assert_true(r.max_lsb <= r.param_lsb + r.arith_lsb + 1e-9);
                }
}

/* The word check of the cfg port (fric_fx_word_fits) and the set check
 * (fric_fx_lugre_check) agree at every field's edges: a set with each field
 * at its largest (and the signed ones at their most negative) passes both,
 * word by word after packing; one past the edge fails both. */
/* The array forms give the single calls' results and flags, sample for
 * sample, with codes beyond the port (V_SAT) among them. */
static void test_array_forms_equal_single_calls(void **state)
{
    (void)state;
    enum { N = 20000 };
    static int32_t v[N], fa[N];
    for (int k = 0; k < 2; k++) {
        const uint32_t w = widths[k];
        const int32_t half = 1 << (w - 1);
        for (int i = 0; i < N; i++)
            v[i] = (i % 1000 == 7) ? 3 * half : (int32_t)(rnd() % (uint32_t)(2 * half)) - half;
        const fric_fx_stribeck_t s = compile_s(fric_stribeck_cfg_symmetric(1.0, 1.5, 0.4, 1e-3, 2.0), w);
        uint32_t fa_fl = 0, f1_fl = 0;
        fric_fx_stribeck_array(&s, v, fa, N, &fa_fl);
        for (int i = 0; i < N; i++)
            if (fa[i] != fric_fx_stribeck(&s, v[i], &f1_fl, NULL)) fail_msg("stribeck W=%u sample %d", w, i);
        assert_int_equal(fa_fl, f1_fl);
        assert_true(fa_fl & FRIC_FX_FLAG_V_SAT);
        const fric_fx_lugre_t l = compile_l(fric_lugre_cfg_canudas1995(), w, 1e-4, 0.125, 8.0);
        fric_fx_state_t sa, s1;
        fric_fx_lugre_reset(&sa);
        fric_fx_lugre_reset(&s1);
        fa_fl = f1_fl = 0;
        fric_fx_lugre_array(&l, &sa, v, fa, N, &fa_fl);
        for (int i = 0; i < N; i++)
            if (fa[i] != fric_fx_lugre_step(&l, &s1, v[i], &f1_fl, NULL)) fail_msg("lugre W=%u sample %d", w, i);
        assert_int_equal(fa_fl, f1_fl);
        assert_true(sa.w == s1.w);
    }
}

static void test_word_fits_agrees_with_set_check_at_every_edge(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2) {
        for (int neg = 0; neg < 2; neg++) {
            fric_fx_lugre_t p;
            memset(&p, 0, sizeof p);
            p.g.width = w;
            p.g.dsel = 1;
            for (int d = 0; d < 2; d++) {
                p.g.dir[d].fc = (1u << FRIC_FX_BITS_FC_P(w)) - 1;
                p.g.dir[d].dm = neg ? -(1 << (FRIC_FX_BITS_DM_P(w) - 1)) : (1 << (FRIC_FX_BITS_DM_P(w) - 1)) - 1;
                p.g.dir[d].ds = (1u << FRIC_FX_BITS_DS_P(w)) - 1;
                p.g.dir[d].bm = (1u << FRIC_FX_BITS_BM_P(w)) - 1;
                p.g.dir[d].bs = (1u << FRIC_FX_BITS_BS_P(w)) - 1;
                p.g.dir[d].km = (1u << FRIC_FX_BITS_KM(w)) - 1;
                p.g.dir[d].ks = (1u << FRIC_FX_BITS_KS(w)) - 1;
            }
            p.kym = (1u << FRIC_FX_BITS_KYM(w)) - 1;
            p.kyx = neg ? -(1 << (FRIC_FX_BITS_KYX(w) - 1)) : (1 << (FRIC_FX_BITS_KYX(w) - 1)) - 1;
            p.c1m = (1u << FRIC_FX_BITS_C1M(w)) - 1;
            p.c1s = (1u << FRIC_FX_BITS_C1S(w)) - 1;
            p.md_en = 1;
            p.kdm = (1u << FRIC_FX_BITS_KDM(w)) - 1;
            p.kds = (1u << FRIC_FX_BITS_KDS(w)) - 1;
            assert_int_equal(fric_fx_lugre_check(&p), FRIC_OK);
            uint32_t words[FRIC_FX_WORDS_LUGRE];
            fric_fx_lugre_pack(&p, words);
            for (uint32_t a = 0; a < FRIC_FX_WORDS_LUGRE; a++) {
                assert_true(fric_fx_word_fits(w, a, words[a]));
                assert_true(fric_fx_word_fits(w, a, 0u));
                /* every word is at an edge of its field: one past it, away from zero */
                const uint32_t past = (words[a] & 0x80000000u) ? words[a] - 1u : words[a] + 1u;
                assert_false(fric_fx_word_fits(w, a, past));
                assert_false(fric_fx_word_fits(w, a, 0x7FFFFFFFu));
            }
            assert_false(fric_fx_word_fits(w, FRIC_FX_WORDS_LUGRE, 0u));
            /* the set check refuses the same edges */
            fric_fx_lugre_t q = p;
            q.g.dir[1].ds++;
            assert_int_equal(fric_fx_lugre_check(&q), FRIC_ERR_FX_FIELD);
            q = p;
            q.g.dir[1].km++;
            assert_int_equal(fric_fx_lugre_check(&q), FRIC_ERR_FX_FIELD);
            q = p;
            q.g.dir[1].ks++;
            assert_int_equal(fric_fx_lugre_check(&q), FRIC_ERR_FX_FIELD);
            q = p;
            q.kyx += neg ? -1 : 1;
            assert_int_equal(fric_fx_lugre_check(&q), FRIC_ERR_FX_FIELD);
        }
    }
    assert_false(fric_fx_word_fits(17, 0, 0u));
}

/* ---- encoder velocity ---------------------------------------------------------------- */

/* fric_fx_lugre_unpack() is the inverse of fric_fx_lugre_pack(), on every
 * word that fits and on compiled sets */
static void test_unpack_inverts_pack(void **state)
{
    (void)state;
    for (size_t k = 0; k < 2; k++)
        for (int i = 0; i < 2000; i++) {
            uint32_t w[FRIC_FX_WORDS_LUGRE], back[FRIC_FX_WORDS_LUGRE];
            fric_acc_random_words(widths[k], rnd, w, FRIC_FX_WORDS_LUGRE);
            const fric_fx_lugre_t p = fric_fx_lugre_unpack(widths[k], w);
            assert_int_equal(fric_fx_lugre_check(&p), FRIC_OK);
            fric_fx_lugre_pack(&p, back);
            assert_memory_equal(w, back, sizeof w);
            const fric_fx_lugre_t c = fric_acc_random_lugre(widths[k], rnd);
            fric_fx_lugre_pack(&c, back);
            const fric_fx_lugre_t u = fric_fx_lugre_unpack(widths[k], back);
            assert_memory_equal(&c, &u, sizeof c);
        }
}

static void test_enc_velocity(void **state)
{
    (void)state;
    uint32_t f = 0;
    /* rsr rounds half up, also for negative values */
    assert_int_equal(fric_fx_enc_velocity(16, 10, 0, 3, 2, &f), 8);     /* 30/4 = 7.5 -> 8 */
    assert_int_equal(fric_fx_enc_velocity(16, 0, 10, 3, 2, &f), -7);    /* -7.5 -> -7 */
    assert_int_equal(fric_fx_enc_velocity(16, 0, 9, 3, 2, &f), -7);     /* -6.75 -> -7 */
    assert_int_equal(fric_fx_enc_velocity(16, 5, 0, 7, 0, &f), 35);     /* shift 0: exact */
    assert_int_equal(f, 0u);
    /* the count difference is taken modulo 2^32: a wrap is a small step */
    assert_int_equal(fric_fx_enc_velocity(16, 3u, 0xFFFFFFFDu, 1, 0, &f), 6);
    assert_int_equal(fric_fx_enc_velocity(16, 0xFFFFFFFDu, 3u, 1, 0, &f), -6);
    assert_int_equal(f, 0u);
    /* a count change beyond 16 bits is limited, and flagged */
    assert_int_equal(fric_fx_enc_velocity(18, 40000u, 0, 1, 0, &f), 32767);
    assert_int_equal(f, (uint32_t)FRIC_FX_FLAG_ENC_SAT);
    f = 0;
    assert_int_equal(fric_fx_enc_velocity(18, 0, 40000u, 1, 0, &f), -32768);
    assert_int_equal(f, (uint32_t)FRIC_FX_FLAG_ENC_SAT);
    /* a code beyond (S,W,0) is limited, and flagged; the edges are not */
    f = 0;
    assert_int_equal(fric_fx_enc_velocity(16, 32767u, 0, 1, 0, &f), 32767);
    assert_int_equal(fric_fx_enc_velocity(16, 0, 32768u, 1, 0, &f), -32768);
    assert_int_equal(f, 0u);
    assert_int_equal(fric_fx_enc_velocity(16, 1000u, 0, 65535u, 0, &f), 32767);
    assert_int_equal(f, (uint32_t)FRIC_FX_FLAG_ENC_SAT);
    f = 0;
    assert_int_equal(fric_fx_enc_velocity(18, 0, 1000u, 65535u, 8, &f), -131072);
    assert_int_equal(f, (uint32_t)FRIC_FX_FLAG_ENC_SAT);
    f = 0;
    assert_int_equal(fric_fx_enc_velocity(18, 0, 1000u, 65535u, 10, &f), -63999); /* -63999.02 */
    assert_int_equal(f, 0u);
}

/* ---- GMS ------------------------------------------------------------------------------------ */

/* The fixed-point GMS step against the double one at the same quantized
 * velocities: every set, trace and width at three sample times, within 2
 * LSB of the 16-bit output (measured at most 0.83 by make bench-accuracy's
 * quick sweep), no flag, and within the sum of its budget terms */
static void test_gms_accuracy_bound_reduced_sweep(void **state)
{
    (void)state;
    const double ts[] = {1e-6, 1e-4, 1e-2};
    for (size_t i = 0; i < fric_acc_n_gms_sets; i++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (int j = 0; j < 3; j++)
                for (int k = 0; k < 2; k++) {
                    fric_acc_dynamic_result_t r;
                    char why[400];
                    if (fric_acc_gms(&fric_acc_gms_sets[i], (fric_trace_kind_t)t, ts[j], widths[k], 8000, &r, why,
                                     sizeof why) != FRIC_OK)
                        fail_msg("%s: %s", fric_acc_gms_sets[i].name, why);
                    const double m16 = r.max_lsb / (double)(1u << (widths[k] - 16));
                    if (m16 > 2.0 || r.flags)
                        fail_msg("%s %s ts %g W=%u: %.3f LSB, flags %u", fric_acc_gms_sets[i].name,
                                 fric_trace_name((fric_trace_kind_t)t), ts[j], widths[k], m16, r.flags);
                    assert_true(r.max_lsb <= r.param_lsb + r.arith_lsb + 1e-9);
                }
}

/* a compiled set of the accuracy sets, at v_max 1/32 m/s and f_max 4 N */
static fric_fx_gms_t gms_set(size_t i, uint32_t width, double ts)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = width;
    o.v_max = 0.03125;
    o.f_max = 4.0;
    o.ts = ts;
    fric_fx_gms_t p;
    fric_compile_report_t rep;
    if (fric_compile_gms(&fric_acc_gms_sets[i].cfg, &o, &p, &rep) != FRIC_OK) fail_msg("%s", rep.why);
    return p;
}

/* A rate-independent contact (constant level, sigma2 = 0) under a closed
 * displacement cycle repeats its forces bit for bit from the second cycle
 * on: the stick add is exact, a slipping element sits at its level, and the
 * level is exact, so nothing drifts in fixed point either */
static void test_gms_closed_cycles_repeat_exactly(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        fric_fx_gms_t p = gms_set(2, widths[k], 1e-4); /* gms-constant-16 */
        p.s.dir[0].bm = p.s.dir[1].bm = 0;            /* sigma2 = 0 */
        fric_fx_gms_state_t st;
        fric_fx_gms_reset(&st);
        const int32_t cyc[] = {300, 900, 2000, 700, -500, -3000, -1200, -400, 800, 1500, -1100, 0}; /* sums to 0 */
        int32_t f1[12], f2[12];
        uint32_t flags = 0;
        for (int rep = 0; rep < 4; rep++)
            for (int j = 0; j < 12; j++) {
                const int32_t f = fric_fx_gms_step(&p, &st, cyc[j], &flags);
                if (rep == 1) f1[j] = f;
                if (rep == 3) f2[j] = f;
            }
        assert_memory_equal(f1, f2, sizeof f1);
        assert_int_equal(flags, 0u);
    }
}

/* Sliding long enough in one direction leaves every element at its level:
 * the force is the steady state's, and every element within its level */
static void test_gms_sliding_reaches_the_levels(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < fric_acc_n_gms_sets; i++) {
            const fric_fx_gms_t p = gms_set(i, widths[k], 1e-3);
            const int32_t vs[] = {9000, -4000, 500, -300}; /* each slides every element past its level */
            for (int j = 0; j < 4; j++) {
                fric_fx_gms_state_t st;
                fric_fx_gms_reset(&st);
                uint32_t flags = 0;
                int32_t f = 0;
                for (int n = 0; n < 20000; n++) f = fric_fx_gms_step(&p, &st, vs[j], &flags);
                assert_int_equal(f, fric_fx_gms_steady(&p, vs[j], &flags));
                const int64_t g = fric_fx_lugre_g(&(fric_fx_lugre_t){.g = p.s}, vs[j], &flags);
                for (uint32_t e = 0; e < p.n; e++) {
                    const int64_t lv = g * (int64_t)p.am[e] * ((int64_t)1 << (FRIC_FX_WG(widths[k]) - FRIC_FX_G(widths[k]) - (int)widths[k]));
                    assert_true(st.f[e] == (vs[j] > 0 ? lv : -lv));
                    assert_int_equal(st.slip[e], vs[j] > 0 ? 1 : -1);
                }
                assert_int_equal(flags, 0u);
            }
        }
}

/* A force beyond the output range saturates with the sticky F_SAT */
static void test_gms_output_saturates(void **state)
{
    (void)state;
    fric_fx_gms_t p = gms_set(0, 16, 1e-4);
    p.s.dir[0].fc = p.s.dir[1].fc = (uint32_t)((1u << (15 + FRIC_FX_G(16))) - 1); /* Fc at full scale */
    assert_int_equal(fric_fx_gms_check(&p), FRIC_OK);
    fric_fx_gms_state_t st;
    fric_fx_gms_reset(&st);
    uint32_t flags = 0;
    int32_t f = 0;
    for (int n = 0; n < 5000; n++) f = fric_fx_gms_step(&p, &st, 20000, &flags);
    assert_int_equal(f, fric_fx_fmax(16));
    assert_true(flags & FRIC_FX_FLAG_F_SAT);
    f = fric_fx_gms_step(&p, &st, 0, &flags);
    assert_true(flags & FRIC_FX_FLAG_F_SAT); /* sticky */
}

/* Pack and unpack are inverse, and the set check refuses the element count
 * and a field beyond its width */
static void test_gms_pack_check(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        const fric_fx_gms_t p = gms_set(1, widths[k], 1e-4);
        uint32_t w[FRIC_FX_WORDS_GMS];
        fric_fx_gms_pack(&p, w);
        const fric_fx_gms_t q = fric_fx_gms_unpack(widths[k], w);
        assert_memory_equal(&p, &q, sizeof p);
        fric_fx_gms_t b = p;
        b.n = 0;
        assert_int_equal(fric_fx_gms_check(&b), FRIC_ERR_FX_FIELD);
        b.n = 17;
        assert_int_equal(fric_fx_gms_check(&b), FRIC_ERR_FX_FIELD);
        b = p;
        b.am[7] = 1u << (widths[k] + 1);
        assert_int_equal(fric_fx_gms_check(&b), FRIC_ERR_FX_FIELD);
        b = p;
        b.kcx = 128;
        assert_int_equal(fric_fx_gms_check(&b), FRIC_ERR_FX_FIELD);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rsr_rounds_half_up_for_both_signs),
        cmocka_unit_test(test_exp_tables_monotonic_and_exact_at_ends),
        cmocka_unit_test(test_exp2_monotonic_accurate_and_reaches_zero_without_a_step),
        cmocka_unit_test(test_recip_and_h_accurate),
        cmocka_unit_test(test_stribeck_saturates_at_both_extremes),
        cmocka_unit_test(test_coulomb_viscous_is_exact),
        cmocka_unit_test(test_symmetric_set_is_odd),
        cmocka_unit_test(test_stribeck_accuracy_bound_reduced_sweep),
        cmocka_unit_test(test_state_never_exceeds_max_g),
        cmocka_unit_test(test_reset_and_hold),
        cmocka_unit_test(test_lugre_saturation_flags),
        cmocka_unit_test(test_dahl_is_lugre_without_dip_and_sigma1),
        cmocka_unit_test(test_dynamic_accuracy_bound_reduced_sweep),
        cmocka_unit_test(test_array_forms_equal_single_calls),
        cmocka_unit_test(test_word_fits_agrees_with_set_check_at_every_edge),
        cmocka_unit_test(test_unpack_inverts_pack),
        cmocka_unit_test(test_enc_velocity),
        cmocka_unit_test(test_gms_accuracy_bound_reduced_sweep),
        cmocka_unit_test(test_gms_closed_cycles_repeat_exactly),
        cmocka_unit_test(test_gms_sliding_reaches_the_levels),
        cmocka_unit_test(test_gms_output_saturates),
        cmocka_unit_test(test_gms_pack_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
