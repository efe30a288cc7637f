/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the fixed-point elasto-plastic step (fric_fx_ep_step(), the
 * LuGre core's elasto-plastic mode) and its compiler. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fric_accuracy.h"
#include "fricore.h"

static uint32_t rs = 0x2545F491u;
static uint32_t rnd32(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 17;
    rs ^= rs << 5;
    return rs;
}

/* a random 64-bit value in [-lim, lim] */
static int64_t rnd_range(int64_t lim)
{
    const uint64_t x = ((uint64_t)rnd32() << 32) | rnd32();
    return (int64_t)(x % (uint64_t)(2 * lim + 1)) - lim;
}

static const fric_compile_opts_t OPTS16 = {.width = 16, .v_max = 0.01, .f_max = 2.0, .ts = 1e-4};

/* The Canudas de Wit (1995) set with z_ba = 5 um, compiled at opt. */
static fric_fx_ep_t canudas(const fric_compile_opts_t *opt, fric_compile_report_t *rep)
{
    const fric_ep_cfg_t c = {.lugre = fric_lugre_cfg_canudas1995(), .z_ba = 5e-6};
    fric_fx_ep_t p;
    assert_int_equal(fric_compile_ep(&c, opt, &p, rep), FRIC_OK);
    return p;
}

/* A random elasto-plastic set: a random compiled LuGre set, w_ba below its
 * smaller Coulomb level and raw distance fields (some past what a compile
 * gives). */
static fric_fx_ep_t random_ep(uint32_t w)
{
    fric_fx_ep_t p = {.lugre = fric_acc_random_lugre(w, rnd32)};
    const uint32_t fcmin = p.lugre.g.dir[0].fc < p.lugre.g.dir[1].fc ? p.lugre.g.dir[0].fc : p.lugre.g.dir[1].fc;
    p.wba = 1 + rnd32() % (fcmin > 1 ? fcmin - 1 : 1);
    p.kzm = rnd32() % (1u << w);
    p.kzs = rnd32() % 64;
    return p;
}

static int64_t gw_of(const fric_fx_ep_t *p, int32_t v)
{
    uint32_t f = 0;
    const uint32_t w = p->lugre.g.width;
    return fric_fx_lugre_g(&p->lugre, v, &f) * ((int64_t)1 << (FRIC_FX_WG(w) - FRIC_FX_G(w)));
}

/* ---- LuGre, bit for bit --------------------------------------------------- */

/* EP_WBA = 0 is the LuGre step: force, state, flags and intermediates. */
static void test_fx_ep_wba_zero_is_lugre(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (int k = 0; k < 300; k++) {
            fric_fx_ep_t p = random_ep(w);
            p.wba = 0;
            const int64_t wmax = ((int64_t)1 << (w - 1 + FRIC_FX_WG(w))) - 1;
            for (int j = 0; j < 20; j++) {
                fric_fx_state_t a = {.w = rnd_range(wmax)}, b = a;
                const int32_t v = (int32_t)rnd_range((int64_t)1 << (w - 1)) - (j == 0 ? 0 : 0);
                uint32_t fa = 0, fb = 0;
                fric_fx_lugre_detail_t da, db;
                const int32_t ya = fric_fx_ep_step(&p, &a, v, &fa, &da);
                const int32_t yb = fric_fx_lugre_step(&p.lugre, &b, v, &fb, &db);
                assert_int_equal(ya, yb);
                assert_true(a.w == b.w);
                assert_int_equal(fa, fb);
                assert_true(da.g == db.g && da.y2 == db.y2 && da.path == db.path && da.dw == db.dw && da.s1 == db.s1);
            }
        }
}

/* At or beyond w_ss in the direction of motion (alpha = 1) the step is
 * LuGre's, and v = 0 holds, whatever EP_WBA. */
static void test_fx_ep_alpha_one_zone_is_lugre(void **state)
{
    (void)state;
    int n = 0;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (int k = 0; k < 300; k++) {
            const fric_fx_ep_t p = random_ep(w);
            const int64_t wmax = ((int64_t)1 << (w - 1 + FRIC_FX_WG(w))) - 1;
            for (int j = 0; j < 20; j++) {
                const int32_t v = j == 0 ? 0 : (int32_t)rnd_range((int64_t)1 << (w - 2));
                const int64_t gw = v ? gw_of(&p, v) : 0;
                /* u = sign(v) w in [g_w, wmax] */
                const int64_t u = gw + (int64_t)(((uint64_t)rnd32() << 20 ^ rnd32()) % (uint64_t)(wmax - gw + 1));
                fric_fx_state_t a = {.w = v < 0 ? -u : u}, b = a;
                uint32_t fa = 0, fb = 0;
                const int32_t ya = fric_fx_ep_step(&p, &a, v, &fa, NULL);
                const int32_t yb = fric_fx_lugre_step(&p.lugre, &b, v, &fb, NULL);
                assert_int_equal(ya, yb);
                assert_true(a.w == b.w);
                assert_int_equal(fa, fb);
                n++;
            }
        }
    assert_int_equal(n, 2 * 300 * 20);
}

/* ---- the alpha = 0 zone ----------------------------------------------------- */

/* Below the breakaway the deflection equals the displacement, bit for bit:
 * w is the running sum of the distances sign(v) |v| KZM 2^(WG-KZS), and in
 * SI w / sigma0 is the sum of v Ts at the sigma0 the distance carries. */
static void test_fx_ep_below_breakaway_exact(void **state)
{
    (void)state;
    fric_compile_report_t rep;
    const fric_fx_ep_t p = canudas(&OPTS16, &rep);
    const int wg = FRIC_FX_WG(16), gb = FRIC_FX_G(16);
    assert_true((int)p.kzs <= wg);
    const int64_t wba = (int64_t)p.wba << (wg - gb);
    fric_fx_state_t st = {0};
    int64_t disp = 0;     /* the displacement in w units */
    double x = 0.0;       /* the displacement, m */
    const double s0 = ldexp((double)p.kzm, -(int)p.kzs) * rep.f_lsb / (OPTS16.ts * rep.v_lsb);
    int moved = 0, dir = 1;
    for (int k = 0; k < 20000; k++) {
        /* a velocity that keeps |w| below w_ba: sweeps between -0.9 w_ba
         * and 0.9 w_ba, a random speed (0 included) each sample */
        if ((st.w > wba / 10 * 9 && dir > 0) || (st.w < -wba / 10 * 9 && dir < 0)) dir = -dir;
        const int32_t v = dir * (int32_t)(rnd32() % 3001);
        uint32_t flags = 0;
        fric_fx_lugre_detail_t dt;
        (void)fric_fx_ep_step(&p, &st, v, &flags, &dt);
        const int64_t d = (int64_t)(v < 0 ? -v : v) * p.kzm * ((int64_t)1 << (wg - (int)p.kzs));
        disp += v < 0 ? -d : d;
        x += v * rep.v_lsb * OPTS16.ts;
        assert_true(st.w == disp);
        assert_true(v == 0 || dt.path == FRIC_FX_EP_PATH_ADD);
        assert_int_equal(flags, 0);
        assert_true(fabs(ldexp((double)st.w, -wg) * rep.f_lsb / s0 - x) <= 1e-12 * 1e-5);
        moved |= (st.w > wba / 2) << 0 | (st.w < -wba / 2) << 1;
    }
    assert_int_equal(moved, 3);
}

/* Against the motion (u < 0) alpha is 0 however large |w| is: the step is the
 * exact add toward and past 0. */
static void test_fx_ep_sign_gate_adds(void **state)
{
    (void)state;
    fric_compile_report_t rep;
    const fric_fx_ep_t p = canudas(&OPTS16, &rep);
    const int wg = FRIC_FX_WG(16), gb = FRIC_FX_G(16);
    for (int k = 0; k < 2000; k++) {
        const int32_t v = -(int32_t)(1 + rnd32() % 3000);
        const int64_t gw = gw_of(&p, v);
        const int64_t w0 = (int64_t)(((uint64_t)rnd32() << 16) % (uint64_t)gw); /* 0 <= w0 < g_w, against v */
        fric_fx_state_t st = {.w = w0};
        uint32_t flags = 0;
        fric_fx_lugre_detail_t dt;
        (void)fric_fx_ep_step(&p, &st, v, &flags, &dt);
        const int64_t d = (int64_t)(-v) * p.kzm * ((int64_t)1 << (wg - (int)p.kzs));
        if (-w0 + d <= ((int64_t)p.wba << (wg - gb))) {
            assert_true(st.w == w0 - d);
            assert_int_equal(dt.path, FRIC_FX_EP_PATH_ADD);
        } else {
            assert_true(st.w < w0 - ((int64_t)p.wba << (wg - gb)) + 1 && st.w >= -gw);
        }
    }
}

/* ---- the zones in order, and the bound -------------------------------------- */

/* From rest at a constant v: the add up to w_b, then the transition, never
 * back; u rises monotonically toward g_w and through the zone (its end is
 * approached as the double model approaches it, exponentially once alpha is
 * near 1), never past it. Then a faster v, whose
 * level g is lower (the Stribeck dip): u >= g_w, LuGre's paths, down to g_w. */
static void test_fx_ep_zones_in_order(void **state)
{
    (void)state;
    fric_compile_report_t rep;
    const fric_fx_ep_t p = canudas(&OPTS16, &rep);
    const int64_t unit = (int64_t)1 << (FRIC_FX_WG(16) - FRIC_FX_G(16));
    const int64_t wb = (int64_t)p.wba * unit;
    const int32_t vs[] = {1000, 2500, 5000, -2000};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) {
        const int32_t v = vs[i];
        const int64_t gw = gw_of(&p, v);
        fric_fx_state_t st = {0};
        int zone = FRIC_FX_EP_PATH_ADD;
        int64_t u_prev = 0;
        for (int k = 0; k < 4000; k++) {
            uint32_t flags = 0;
            fric_fx_lugre_detail_t dt;
            (void)fric_fx_ep_step(&p, &st, v, &flags, &dt);
            assert_true(dt.path == FRIC_FX_EP_PATH_ADD || dt.path == FRIC_FX_EP_PATH_TRANS);
            assert_true(dt.path >= zone);
            zone = dt.path;
            const int64_t u = v < 0 ? -st.w : st.w;
            assert_true(u >= u_prev && u <= gw);
            assert_true(dt.path == FRIC_FX_EP_PATH_TRANS || u <= wb);
            u_prev = u;
            assert_int_equal(flags, 0);
        }
        assert_int_equal(zone, FRIC_FX_EP_PATH_TRANS);
        assert_true(gw - u_prev < (gw - wb) / 64);
        /* five times faster: a lower level, the alpha = 1 zone */
        const int64_t gw2 = gw_of(&p, 5 * v);
        assert_true(gw2 < gw - unit);
        for (int k = 0; k < 4000; k++) {
            uint32_t flags = 0;
            fric_fx_lugre_detail_t dt;
            (void)fric_fx_ep_step(&p, &st, 5 * v, &flags, &dt);
            assert_true(dt.path >= 1 && dt.path <= 3);
            const int64_t u = v < 0 ? -st.w : st.w;
            assert_true(u <= u_prev && u >= gw2);
            u_prev = u;
        }
        assert_true(u_prev - gw2 < (gw - gw2) / 16);
    }
}

/* Every zone moves u = sign(v) w toward g_w and never past it, at any field
 * values and sample time: |w'| <= max(|w|, g_w), and no W_SAT. */
static void test_fx_ep_step_bounded(void **state)
{
    (void)state;
    long trans = 0;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (int k = 0; k < 400; k++) {
            const fric_fx_ep_t p = random_ep(w);
            const int64_t wmax = ((int64_t)1 << (w - 1 + FRIC_FX_WG(w))) - 1;
            for (int j = 0; j < 50; j++) {
                const int32_t v = (int32_t)rnd_range(((int64_t)1 << (w - 1)) - 1);
                if (v == 0) continue;
                const int64_t gw = gw_of(&p, v);
                /* half the states inside [-g_w, g_w], where the zones are */
                const int64_t w0 = (j & 1) ? rnd_range(gw) : rnd_range(wmax);
                fric_fx_state_t st = {.w = w0};
                uint32_t flags = 0;
                fric_fx_lugre_detail_t dt;
                (void)fric_fx_ep_step(&p, &st, v, &flags, &dt);
                assert_int_equal(flags & FRIC_FX_FLAG_W_SAT, 0);
                const int64_t u0 = v < 0 ? -w0 : w0, u1 = v < 0 ? -st.w : st.w;
                if (u0 < gw) {
                    assert_true(u1 >= u0 && u1 <= gw);
                } else {
                    assert_true(u1 <= u0 && u1 >= gw);
                }
                trans += dt.path == FRIC_FX_EP_PATH_TRANS;
            }
        }
    assert_true(trans > 1000);
}

/* Words that fit their fields but come from no compiler (any shift, any
 * exponent, g at its limits): still bounded, no W_SAT, and no undefined
 * arithmetic (the sanitizer build runs this too). */
static void test_fx_ep_raw_words_bounded(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (int k = 0; k < 300; k++) {
            uint32_t words[FRIC_FX_WORDS_EP];
            fric_acc_random_words(w, rnd32, words, FRIC_FX_WORDS_LUGRE);
            words[FRIC_FX_WORD_EP_WBA] = rnd32() % (1u << (w + 3));
            words[FRIC_FX_WORD_EP_KZM] = rnd32() % (1u << w);
            words[FRIC_FX_WORD_EP_KZS] = rnd32() % 64;
            const fric_fx_ep_t p = fric_fx_ep_unpack(w, words);
            assert_int_equal(fric_fx_ep_check(&p), FRIC_OK);
            const int64_t wmax = ((int64_t)1 << (w - 1 + FRIC_FX_WG(w))) - 1;
            fric_fx_state_t st = {.w = rnd_range(wmax)};
            for (int j = 0; j < 40; j++) {
                const int32_t v = (int32_t)rnd_range(((int64_t)1 << (w - 1)) - 1);
                const int64_t w0 = st.w, gw = v ? gw_of(&p, v) : 0;
                uint32_t flags = 0;
                (void)fric_fx_ep_step(&p, &st, v, &flags, NULL);
                assert_int_equal(flags & FRIC_FX_FLAG_W_SAT, 0);
                const int64_t a0 = w0 < 0 ? -w0 : w0, a1 = st.w < 0 ? -st.w : st.w;
                assert_true(a1 <= (a0 > gw ? a0 : gw));
            }
        }
}

/* ---- against the double model --------------------------------------------------- */

/* The accuracy benchmark's sets over every trace at three sample times, short
 * runs (5000 samples): within 4 LSB of the 16-bit output (the benchmark's bound over its
 * full runs is 6), no flag. */
static void test_fx_ep_against_double(void **state)
{
    (void)state;
    const double ts[] = {1e-6, 1e-4, 1e-2};
    for (size_t i = 0; i < fric_acc_n_ep_sets; i++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (size_t j = 0; j < sizeof ts / sizeof ts[0]; j++)
                for (uint32_t w = 16; w <= 18; w += 2) {
                    fric_acc_dynamic_result_t r;
                    char why[400];
                    assert_int_equal(fric_acc_ep(&fric_acc_ep_sets[i], (fric_trace_kind_t)t, ts[j], w, 5000, &r, why,
                                                 sizeof why),
                                     FRIC_OK);
                    const double m16 = r.max_lsb / (double)(1u << (w - 16));
                    if (!(m16 <= 4.0) || r.flags)
                        fail_msg("%s %s ts %g W %u: %.3f LSB, flags %u", fric_acc_ep_sets[i].name,
                                 fric_trace_name((fric_trace_kind_t)t), ts[j], w, m16, r.flags);
                }
}

/* ---- words, checks and the compiler ------------------------------------------------ */

static void test_fx_ep_words(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2)
        for (int k = 0; k < 50; k++) {
            const fric_fx_ep_t p = random_ep(w);
            assert_int_equal(fric_fx_ep_check(&p), FRIC_OK);
            uint32_t words[FRIC_FX_WORDS_EP];
            fric_fx_ep_pack(&p, words);
            for (uint32_t a = 0; a < FRIC_FX_WORDS_EP; a++) assert_true(fric_fx_ep_word_fits(w, a, words[a]));
            const fric_fx_ep_t q = fric_fx_ep_unpack(w, words);
            assert_true(q.wba == p.wba && q.kzm == p.kzm && q.kzs == p.kzs);
            uint32_t again[FRIC_FX_WORDS_EP];
            fric_fx_ep_pack(&q, again);
            assert_memory_equal(words, again, sizeof words);
        }
    /* the field limits */
    assert_true(fric_fx_ep_word_fits(16, FRIC_FX_WORD_EP_WBA, (1u << 19) - 1));
    assert_false(fric_fx_ep_word_fits(16, FRIC_FX_WORD_EP_WBA, 1u << 19));
    assert_true(fric_fx_ep_word_fits(18, FRIC_FX_WORD_EP_KZM, (1u << 18) - 1));
    assert_false(fric_fx_ep_word_fits(18, FRIC_FX_WORD_EP_KZM, 1u << 18));
    assert_true(fric_fx_ep_word_fits(16, FRIC_FX_WORD_EP_KZS, 63));
    assert_false(fric_fx_ep_word_fits(16, FRIC_FX_WORD_EP_KZS, 64));
    assert_false(fric_fx_ep_word_fits(16, FRIC_FX_WORDS_EP, 0));
    assert_false(fric_fx_ep_word_fits(17, FRIC_FX_WORD_EP_KZS, 0));
    /* the LuGre core's own rule refuses the EP addresses */
    assert_false(fric_fx_word_fits(16, FRIC_FX_WORD_EP_WBA, 0));
    fric_fx_ep_t p = random_ep(16);
    p.kzs = 64;
    assert_int_equal(fric_fx_ep_check(&p), FRIC_ERR_FX_FIELD);
    p.kzs = 0;
    p.wba = 1u << 19;
    assert_int_equal(fric_fx_ep_check(&p), FRIC_ERR_FX_FIELD);
    assert_int_equal(fric_fx_ep_check(NULL), FRIC_ERR_NULL);
}

static void test_fx_ep_compile(void **state)
{
    (void)state;
    fric_compile_report_t rep;
    const fric_fx_ep_t p = canudas(&OPTS16, &rep);
    /* w_ba = sigma0 z_ba = 0.5 N in (U,W-1,G) output LSB */
    assert_int_equal(p.wba, (uint32_t)nearbyint(0.5 / rep.f_lsb * 16.0));
    const fric_ep_cfg_t e = fric_fx_ep_effective(&p, rep.v_lsb, rep.f_lsb, OPTS16.ts);
    assert_true(fabs(e.z_ba / 5e-6 - 1.0) < 1e-4);
    int found = 0;
    for (size_t i = 0; i < rep.nquant; i++) found += strcmp(rep.quant[i].param, "z-ba") == 0;
    assert_int_equal(found, 1);
    /* the LuGre words are fric_compile_lugre()'s */
    fric_fx_lugre_t l;
    fric_compile_report_t rl;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    assert_int_equal(fric_compile_lugre(&c, &OPTS16, &l, &rl), FRIC_OK);
    assert_memory_equal(&l, &p.lugre, sizeof l);
    /* a breakaway below one 2^-G of the force LSB is refused, naming it */
    fric_ep_cfg_t tiny = {.lugre = c, .z_ba = 1e-12};
    fric_fx_ep_t q;
    assert_int_equal(fric_compile_ep(&tiny, &OPTS16, &q, &rep), FRIC_ERR_RANGE);
    assert_non_null(strstr(rep.why, "z-ba"));
    /* an invalid z_ba is the double model's refusal */
    tiny.z_ba = 2e-5;
    assert_int_equal(fric_compile_ep(&tiny, &OPTS16, &q, &rep), FRIC_ERR_Z_BA);
    /* the model layer compiles it as the elasto-plastic mode */
    fric_model_t m;
    fric_model_values_t v = fric_model_values_canudas1995();
    assert_int_equal(fric_model_build(FRIC_MODEL_ELASTOPLASTIC, &v, &m, NULL), FRIC_OK);
    fric_model_fx_t fx;
    assert_int_equal(fric_model_compile(&m, &OPTS16, &fx), FRIC_OK);
    assert_true(fx.ep && !fx.dynamic && !fx.gms);
    fric_model_fx_state_t a;
    fric_model_fx_rest(&a);
    fric_fx_state_t b = {0};
    for (int k = 0; k < 500; k++) {
        const int32_t vc = (int32_t)(rnd32() % 2001) - 1000;
        uint32_t f1 = 0, f2 = 0;
        assert_int_equal(fric_model_fx_step(&fx, &a, vc, &f1), fric_fx_ep_step(&fx.e, &b, vc, &f2, NULL));
        assert_true(a.l.w == b.w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fx_ep_wba_zero_is_lugre),
        cmocka_unit_test(test_fx_ep_alpha_one_zone_is_lugre),
        cmocka_unit_test(test_fx_ep_below_breakaway_exact),
        cmocka_unit_test(test_fx_ep_sign_gate_adds),
        cmocka_unit_test(test_fx_ep_zones_in_order),
        cmocka_unit_test(test_fx_ep_step_bounded),
        cmocka_unit_test(test_fx_ep_raw_words_bounded),
        cmocka_unit_test(test_fx_ep_against_double),
        cmocka_unit_test(test_fx_ep_words),
        cmocka_unit_test(test_fx_ep_compile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
