/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the adaptation law (fric_adapt.h): its corrections and
 * guards on windows whose least-squares answer is known, and the unit
 * replaying a servo run's recorded inputs to the servo's own multipliers. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

#define ONE (1 << FRIC_ADAPT_Q)
#define FC 1000 /* the nominal Fc of the windows below, torque codes */

/* constants with no guard in the way: gain 1, wide bounds, no rate limit, no dead zone */
static fric_adapt_cfg_t open_cfg(void)
{
    fric_adapt_cfg_t k;
    memset(&k, 0, sizeof k);
    k.fc[0] = k.fc[1] = FC;
    k.s2[0] = k.s2[1] = INT64_C(1) << 24; /* sigma2: one torque code per velocity code */
    k.gate = 100;
    k.acc_gate = FC;
    k.win = 64;
    k.gain = ONE;
    k.lo = ONE / 10;
    k.hi = 10 * ONE;
    k.slew = 10 * ONE;
    k.dz = 0;
    k.sigma2 = false;
    return k;
}

/* one window of samples whose friction is y = s (fc_true + sigma2 |vr|),
 * the reference speed alternating +-speed, the encoder following it; true
 * when the update moved a multiplier */
static bool window(const fric_adapt_cfg_t *k, fric_adapt_state_t *s, int32_t fc_true, int32_t speed, uint32_t sat)
{
    for (uint32_t i = 0; i < k->win; i++) {
        const int32_t sg = (i / 8) % 2 ? -1 : 1;
        const fric_adapt_in_t in = {sg * speed, 0, sg * speed, sg * (fc_true + speed), sat};
        const bool full = fric_adapt_sample(k, s, &in);
        assert_int_equal(full, i + 1 == k->win);
    }
    return fric_adapt_update(k, s);
}

/* the least-squares correction of m1 when y = (1 + d) Fc + sigma2 |vr| and
 * sigma2 is known: d, toward zero in (U,.,16), times the gain */
static int32_t expected_m1(int32_t fc_true, int64_t gain)
{
    const int64_t d = (int64_t)(fc_true - FC) * ONE / FC;
    return (int32_t)(ONE + d * gain / ONE);
}

/* ---- the correction and its guards ------------------------------------------------------------ */

static void test_one_window_finds_fc(void **state)
{
    (void)state;
    const fric_adapt_cfg_t k = open_cfg();
    assert_int_equal(fric_adapt_check(&k), FRIC_OK);
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    assert_int_equal(s.m[0], ONE);
    assert_int_equal(s.m[1], ONE);
    assert_true(window(&k, &s, 1200, 500, 0));
    assert_int_equal(s.m[0], expected_m1(1200, ONE));
    assert_int_equal(s.m[1], ONE);
    /* the next window starts empty, and the law has converged: nothing moves */
    assert_int_equal(s.k, 0);
    assert_int_equal(s.n, 0);
    assert_true(s.s11 == 0 && s.s1e == 0 && s.move == 0);
    assert_false(window(&k, &s, 1200, 500, 0));
    /* a drop below the nominal */
    fric_adapt_reset(&s);
    assert_true(window(&k, &s, 700, 500, 0));
    assert_int_equal(s.m[0], expected_m1(700, ONE));
}

static void test_gain_scales_the_correction(void **state)
{
    (void)state;
    fric_adapt_cfg_t k = open_cfg();
    k.gain = ONE / 4;
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    assert_true(window(&k, &s, 1400, 500, 0));
    assert_int_equal(s.m[0], expected_m1(1400, ONE / 4));
}

static void test_rate_limit_and_projection(void **state)
{
    (void)state;
    fric_adapt_cfg_t k = open_cfg();
    k.slew = ONE / 100;
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    assert_true(window(&k, &s, 1500, 500, 0));
    assert_int_equal(s.m[0], ONE + ONE / 100);
    assert_true(window(&k, &s, 1500, 500, 0));
    assert_int_equal(s.m[0], ONE + 2 * (ONE / 100));
    k = open_cfg();
    k.hi = ONE + ONE / 8;
    k.lo = ONE - ONE / 8;
    fric_adapt_reset(&s);
    assert_true(window(&k, &s, 3000, 500, 0));
    assert_int_equal(s.m[0], k.hi);
    fric_adapt_reset(&s);
    assert_true(window(&k, &s, 300, 500, 0));
    assert_int_equal(s.m[0], k.lo);
}

static void test_dead_zone(void **state)
{
    (void)state;
    fric_adapt_cfg_t k = open_cfg();
    k.dz = ONE / 20; /* 5 % of Fc */
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    assert_false(window(&k, &s, 1040, 500, 0));
    assert_int_equal(s.m[0], ONE);
    assert_true(window(&k, &s, 1060, 500, 0));
    assert_int_equal(s.m[0], expected_m1(1060, ONE));
}

static void test_gates_keep_the_estimate(void **state)
{
    (void)state;
    const fric_adapt_cfg_t k = open_cfg();
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    /* below the speed gate (standstill, creep): no sample used */
    assert_false(window(&k, &s, 1500, (int32_t)k.gate - 1, 0));
    assert_int_equal(s.m[0], ONE);
    /* the torque limited: no sample used */
    assert_false(window(&k, &s, 1500, 500, 1));
    assert_int_equal(s.m[0], ONE);
    /* accelerating harder than Fc: not near steady */
    for (uint32_t i = 0; i < k.win; i++) {
        const fric_adapt_in_t in = {500, (int32_t)k.acc_gate + 1, 500, 2000, 0};
        (void)fric_adapt_sample(&k, &s, &in);
    }
    assert_int_equal(s.n, 0);
    assert_false(fric_adapt_update(&k, &s));
    /* a stuck encoder (the reference moves, the encoder reads 0) */
    for (uint32_t i = 0; i < k.win; i++) {
        const fric_adapt_in_t in = {500, 0, 0, 2000, 0};
        (void)fric_adapt_sample(&k, &s, &in);
    }
    assert_int_equal(s.n, k.win);
    assert_false(fric_adapt_update(&k, &s));
    assert_int_equal(s.m[0], ONE);
}

static void test_sigma2_on_request(void **state)
{
    (void)state;
    fric_adapt_cfg_t k = open_cfg();
    k.sigma2 = true;
    k.win = 128;
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    /* y = s (Fc + 2 sigma2 |vr|) at two speeds: m2 goes to 2, m1 stays */
    for (uint32_t i = 0; i < k.win; i++) {
        const int32_t sg = (i / 8) % 2 ? -1 : 1, v = (i / 16) % 2 ? 300 : 900;
        const fric_adapt_in_t in = {sg * v, 0, sg * v, sg * (FC + 2 * v), 0};
        (void)fric_adapt_sample(&k, &s, &in);
    }
    assert_true(fric_adapt_update(&k, &s));
    print_message("m1 %d, m2 %d (of %d)\n", s.m[0], s.m[1], ONE);
    assert_true(abs(s.m[0] - ONE) <= 2);
    assert_true(abs(s.m[1] - 2 * ONE) <= 2);
}

/* sigma2 needs speeds that spread: at two speeds 2 % apart its regressor
 * is nearly Fc's (the part Fc's cannot explain is 1 % of its RMS, below an
 * eighth), so m2 holds and m1 takes the whole force */
static void test_sigma2_needs_spread(void **state)
{
    (void)state;
    fric_adapt_cfg_t k = open_cfg();
    k.sigma2 = true;
    k.win = 128;
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    int64_t sum_y = 0;
    for (uint32_t i = 0; i < k.win; i++) {
        const int32_t sg = (i / 8) % 2 ? -1 : 1, v = (i / 16) % 2 ? 882 : 900;
        const fric_adapt_in_t in = {sg * v, 0, sg * v, sg * (FC + 2 * v), 0};
        sum_y += FC + 2 * v;
        (void)fric_adapt_sample(&k, &s, &in);
    }
    assert_true(fric_adapt_update(&k, &s));
    print_message("m1 %d, m2 %d (of %d)\n", s.m[0], s.m[1], ONE);
    assert_int_equal(s.m[1], ONE);
    /* m1: the mean force over Fc, less the sigma2 force m2 = 1 explains (|v| 891 on average) */
    const double want = ((double)sum_y / k.win - 891.0) / FC;
    assert_true(fabs(s.m[0] / (double)ONE - want) < 1e-3);
}

/* inputs beyond +-FRIC_ADAPT_LIM act as the limit: no overflow, no wrap */
static void test_inputs_saturate_at_the_limit(void **state)
{
    (void)state;
    const fric_adapt_cfg_t k = open_cfg();
    const int32_t lim = (int32_t)FRIC_ADAPT_LIM;
    const fric_adapt_in_t big[] = {{INT32_MAX, 0, 500, INT32_MAX, 0}, {INT32_MIN, 0, -500, INT32_MIN, 0},
                                   {lim + 1, 0, 500, -lim - 7, 0}};
    const fric_adapt_in_t at[] = {{lim, 0, 500, lim, 0}, {-lim, 0, -500, -lim, 0}, {lim, 0, 500, -lim, 0}};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
        fric_adapt_state_t a, b;
        fric_adapt_reset(&a);
        fric_adapt_reset(&b);
        (void)fric_adapt_sample(&k, &a, &big[i]);
        (void)fric_adapt_sample(&k, &b, &at[i]);
        assert_int_equal(a.n, 1);
        assert_true(a.s11 == b.s11 && a.s12 == b.s12 && a.s22 == b.s22 && a.s1e == b.s1e && a.s2e == b.s2e);
        assert_true(a.ref == b.ref && a.move == b.move);
    }
    /* an acceleration beyond the limit is still beyond the gate */
    fric_adapt_state_t s;
    fric_adapt_reset(&s);
    const fric_adapt_in_t acc = {500, INT32_MIN, 500, 1000, 0};
    (void)fric_adapt_sample(&k, &s, &acc);
    assert_int_equal(s.n, 0);
}

static void test_check_refuses_bad_constants(void **state)
{
    (void)state;
    assert_int_equal(fric_adapt_check(NULL), FRIC_ERR_NULL);
    const fric_adapt_cfg_t good = open_cfg();
    fric_adapt_cfg_t k;
    k = good, k.fc[1] = FRIC_ADAPT_LIM + 1;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.s2[0] = -1;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.gate = 0;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.win = 15;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.win = 65537;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.gain = 0;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.hi = ONE - 1;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.slew = 0;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
    k = good, k.dz = ONE;
    assert_int_equal(fric_adapt_check(&k), FRIC_ERR_RANGE);
}

/* ---- the unit against the servo --------------------------------------------------------------- */

/* A fixed-point drift run of the servo, stepped: its recorded law inputs
 * replayed into a fresh unit give the servo's multipliers at every sample,
 * and the observer's Fc at the next sample is the comp's times them. */
static void test_unit_replays_the_servo(void **state)
{
    (void)state;
    fric_servo_cfg_t c = fric_servo_defaults();
    c.duration = 8.0;
    c.comp_kind = FRIC_SERVO_COMP_LUGRE_ADAPTIVE;
    c.arith = FRIC_SERVO_ARITH_FIXED;
    c.f_max = 4.0;
    c.comp = c.machine;
    c.drift.end[FRIC_SERVO_PAR_FC] = c.drift.end[FRIC_SERVO_PAR_FS] = 1.4;
    c.drift.end[FRIC_SERVO_PAR_SIGMA2] = 0.8;
    c.adapt.sigma2 = true;
    char why[256];
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    fric_servo_state_t st;
    assert_int_equal(fric_servo_init(&c, NULL, &st), FRIC_OK);
    fric_adapt_state_t u;
    fric_adapt_reset(&u);
    const size_t n = (size_t)(c.duration / c.ts);
    size_t used = 0, updates = 0;
    double fc_next = NAN;
    for (size_t k = 0; k < n; k++) {
        fric_servo_sample_t row;
        assert_int_equal(fric_servo_step(&c, &st, NULL, &row), FRIC_OK);
        if (!isnan(fc_next)) assert_true(row.par_hat[FRIC_SERVO_PAR_FC] == fc_next);
        const fric_adapt_in_t in = st.law_in;
        used += in.vr != 0;
        if (fric_adapt_sample(&st.law_k, &u, &in)) updates += fric_adapt_update(&st.law_k, &u);
        if (u.m[0] != st.law.m[0] || u.m[1] != st.law.m[1] || u.k != st.law.k || u.n != st.law.n || u.s1e != st.law.s1e)
            fail_msg("sample %zu: the unit's multipliers %d, %d differ from the servo's %d, %d", k, u.m[0], u.m[1],
                     st.law.m[0], st.law.m[1]);
        fc_next = c.comp.lugre.fc_pos * ldexp(u.m[0], -FRIC_ADAPT_Q);
    }
    print_message("%zu samples, %zu moving, %zu updates; m1 %.4f, m2 %.4f\n", n, used, updates,
                  ldexp(u.m[0], -FRIC_ADAPT_Q), ldexp(u.m[1], -FRIC_ADAPT_Q));
    assert_int_equal(updates, st.a_updates);
    assert_true(updates >= 5);
    assert_true(u.m[0] > ONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_window_finds_fc),
        cmocka_unit_test(test_gain_scales_the_correction),
        cmocka_unit_test(test_rate_limit_and_projection),
        cmocka_unit_test(test_dead_zone),
        cmocka_unit_test(test_gates_keep_the_estimate),
        cmocka_unit_test(test_sigma2_on_request),
        cmocka_unit_test(test_sigma2_needs_spread),
        cmocka_unit_test(test_inputs_saturate_at_the_limit),
        cmocka_unit_test(test_check_refuses_bad_constants),
        cmocka_unit_test(test_unit_replays_the_servo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
