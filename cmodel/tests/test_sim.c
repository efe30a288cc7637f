/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tests of the stick-slip run and its metrics (fric_sim.h), called directly.
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

/* the reference period of the Canudas de Wit (1995) stick-slip run, s */
#define PERIOD_REF 6.3627

/* |a - b| <= tol, with both values in the failure message */
#define assert_near(a, b, tol)                                                                      \
    do {                                                                                            \
        const double a_ = (a), b_ = (b);                                                            \
        if (!(fabs(a_ - b_) <= (tol))) fail_msg("%s = %.15g, %s = %.15g, tolerance %g", #a, a_, #b, b_, (double)(tol)); \
    } while (0)

/* the built-in example's run: the Canudas set, its plant, the given step and duration */
static fric_sim_cfg_t canudas(double dt, double duration)
{
    fric_sim_cfg_t c;
    fric_sim_cfg_init(&c);
    const fric_lugre_cfg_t l = fric_lugre_cfg_canudas1995();
    c.contact = fric_contact_dynamic(&l);
    c.stick = l.vs / 10.0;
    c.dt = dt;
    c.duration = duration;
    return c;
}

/* ---- configuration -------------------------------------------------------- */

static void test_cfg_check_names_each_parameter(void **state)
{
    (void)state;
    const fric_sim_cfg_t good = canudas(1e-3, 1.0);
    assert_int_equal(fric_sim_cfg_check(&good), FRIC_OK);
    struct {
        fric_sim_cfg_t c;
        fric_status_t want;
        const char *word;
    } bad[] = {{good, FRIC_ERR_MASS, "mass"}, {good, FRIC_ERR_SIM_DURATION, "duration"},
               {good, FRIC_ERR_SIM_DURATION, "duration"}, {good, FRIC_ERR_SIM_DT, "dt"},
               {good, FRIC_ERR_SIM_DT, "dt"}, {good, FRIC_ERR_SIM_DT, "1e10"},
               {good, FRIC_ERR_SIM_STICK, "stick-threshold"}, {good, FRIC_ERR_SIM_STICK, "stick-threshold"}};
    bad[0].c.plant.mass = 0.0;
    bad[1].c.duration = 0.0;
    bad[2].c.duration = INFINITY;
    bad[3].c.dt = -1e-3;
    bad[4].c.dt = 2.0;
    bad[5].c.dt = 1e-11;
    bad[6].c.stick = 0.0;
    bad[7].c.stick = NAN;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(fric_sim_cfg_check(&bad[i].c), bad[i].want);
        assert_non_null(strstr(fric_status_message(bad[i].want), bad[i].word));
        fric_sim_result_t r;
        const fric_sim_stepper_t st = fric_sim_builtin_stepper(&bad[i].c, FRIC_SIM_EXACT);
        assert_int_equal(fric_sim_run(&bad[i].c, &st, NULL, NULL, &r), bad[i].want);
        fric_sim_result_free(&r);
    }
}

/* ---- the run -------------------------------------------------------------- */

static void test_canudas_period_exact_1ms(void **state)
{
    (void)state;
    const fric_sim_cfg_t c = canudas(1e-3, 25.0);
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_EXACT);
    fric_sim_result_t r;
    assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, &r), FRIC_OK);
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&c, &r, m);
    assert_int_equal(r.steps, 25000);
    assert_near(r.final.t, 25.0, 1e-12);
    assert_true(m[FRIC_M_SLIPS] >= 2.0);
    assert_near(m[FRIC_M_PERIOD], PERIOD_REF, 0.002 * PERIOD_REF);
    /* Fs = 1.5 N bounds the friction; a slip is faster than the support */
    assert_true(m[FRIC_M_PEAK_F] <= 1.5 + 1e-9);
    assert_true(m[FRIC_M_PEAK_V] > 0.1);
    /* the energy balance closes (the friction work of a held force is exact) */
    assert_true(fabs(fric_sim_residual(&c, &r)) < 1e-3 * fabs(r.w_in));
    fric_sim_result_free(&r);
}

/* A caller's stepper (as a co-simulation gives) that takes the same exact
 * step gives the same run, bit for bit, and its start() sees the step. */
typedef struct {
    const fric_sim_cfg_t *c;
    double h;
    size_t steps, fail_at;
} own_t;

static int own_start(void *ctx, double h, const fric_plant_state_t *s0)
{
    own_t *o = ctx;
    o->h = h;
    assert_near(s0->x, o->c->x0, 0.0);
    return 0;
}

static int own_step(void *ctx, fric_plant_state_t *s, double h)
{
    own_t *o = ctx;
    if (++o->steps == o->fail_at) return 1;
    fric_plant_exact_step(&o->c->plant, &o->c->contact, s, h);
    return 0;
}

static void test_caller_stepper_is_the_builtin(void **state)
{
    (void)state;
    fric_sim_cfg_t c = canudas(2e-3, 10.0);
    c.x0 = -0.7;
    own_t o = {&c, 0.0, 0, 0};
    const fric_sim_stepper_t mine = {"mine", true, own_start, own_step, &o};
    const fric_sim_stepper_t ex = fric_sim_builtin_stepper(&c, FRIC_SIM_EXACT);
    fric_sim_result_t a, b;
    assert_int_equal(fric_sim_run(&c, &mine, NULL, NULL, &a), FRIC_OK);
    assert_int_equal(fric_sim_run(&c, &ex, NULL, NULL, &b), FRIC_OK);
    assert_near(o.h, 2e-3, 0.0);
    assert_int_equal(o.steps, 5000);
    double ma[FRIC_NMETRICS], mb[FRIC_NMETRICS];
    fric_sim_metrics(&c, &a, ma);
    fric_sim_metrics(&c, &b, mb);
    for (int i = 0; i < FRIC_NMETRICS; i++)
        if (!(ma[i] == mb[i] || (isnan(ma[i]) && isnan(mb[i])))) fail_msg("%s differs", fric_sim_metric_info[i].name);
    assert_true(a.w_f == b.w_f && a.w_in == b.w_in);
    /* a stepper that gives up stops the run there */
    o = (own_t){&c, 0.0, 0, 100};
    assert_int_equal(fric_sim_run(&c, &mine, NULL, NULL, &a), FRIC_ERR_SIM_STEPPER);
    assert_near(a.final.t, 99 * 2e-3, 1e-12); /* the last step taken */
}

/* The callback sees every sample once, in order, and can stop the run. */
typedef struct {
    size_t calls, stop_at;
    double last_t;
    bool in_order;
} seen_t;

static int on_sample(void *ctx, size_t i, size_t n, const fric_plant_state_t *s, double f_spring, double f_ext)
{
    seen_t *k = ctx;
    (void)n;
    k->in_order = k->in_order && i == k->calls && (i == 0 || s->t > k->last_t) && isfinite(f_spring) && f_ext == 0.0;
    k->last_t = s->t;
    k->calls++;
    return k->stop_at && k->calls == k->stop_at;
}

static void test_callback_sees_every_sample(void **state)
{
    (void)state;
    fric_sim_cfg_t c = canudas(1e-3, 2.0);
    c.plot_points = 100;
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_EXACT);
    seen_t k = {0, 0, 0.0, true};
    fric_sim_result_t r;
    assert_int_equal(fric_sim_run(&c, &st, on_sample, &k, &r), FRIC_OK);
    assert_int_equal(k.calls, 2001);
    assert_true(k.in_order);
    /* the plot keeps every stride-th sample, at most plot_points of them */
    assert_int_equal(r.stride, 21);
    assert_true(r.np <= 100 && r.np == 2000 / 21 + 1);
    for (size_t j = 0; j < r.np; j++) assert_near(r.pt[j], (double)(j * r.stride) * 1e-3, 1e-12);
    fric_sim_result_free(&r);
    assert_null(r.pt);
    k = (seen_t){0, 500, 0.0, true};
    assert_int_equal(fric_sim_run(&c, &st, on_sample, &k, &r), FRIC_ERR_SIM_STOPPED);
    assert_int_equal(k.calls, 500);
    fric_sim_result_free(&r);
}

static void test_divergence_says_where(void **state)
{
    (void)state;
    /* RK4 at 1 ms is far past the bristles' stability bound */
    const fric_sim_cfg_t c = canudas(1e-3, 20.0);
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_RK4);
    fric_sim_result_t r;
    assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, &r), FRIC_ERR_SIM_DIVERGED);
    assert_int_equal(r.bad, FRIC_SIM_BAD_STATE);
    assert_int_equal(r.fail_n, 20000);
    assert_true(r.fail_i > 0 && r.fail_i < 20000);
    assert_non_null(strstr(r.why, "the state is no longer finite at t = "));
    assert_non_null(strstr(r.why, "of 20000, dt = 0.001 s)"));
}

/* ---- reentrancy ----------------------------------------------------------- */

typedef struct {
    fric_sim_cfg_t c;
    fric_sim_integrator_t which;
    double m[FRIC_NMETRICS];
    fric_status_t rc;
} job_t;

static void *job_run(void *arg)
{
    job_t *j = arg;
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&j->c, j->which);
    fric_sim_result_t r;
    j->rc = fric_sim_run(&j->c, &st, NULL, NULL, &r);
    fric_sim_metrics(&j->c, &r, j->m);
    fric_sim_result_free(&r);
    return NULL;
}

static void test_two_threads_match_sequential(void **state)
{
    (void)state;
    job_t par[2] = {{canudas(1e-3, 8.0), FRIC_SIM_EXACT, {0}, 0}, {canudas(2e-5, 3.0), FRIC_SIM_RK4, {0}, 0}};
    par[1].c.x0 = -0.7;
    job_t seq[2] = {par[0], par[1]};
    pthread_t t[2];
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_create(&t[i], NULL, job_run, &par[i]), 0);
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_join(t[i], NULL), 0);
    for (int i = 0; i < 2; i++) {
        job_run(&seq[i]);
        assert_int_equal(par[i].rc, FRIC_OK);
        assert_int_equal(seq[i].rc, FRIC_OK);
        assert_memory_equal(par[i].m, seq[i].m, sizeof par[i].m);
    }
}

/* ---- the metrics ---------------------------------------------------------- */

static void test_check_metric_counts_exact_values_relative(void **state)
{
    (void)state;
    double rel;
    assert_true(fric_sim_check_metric(FRIC_M_PERIOD, 6.36, 6.37, &rel));
    assert_near(rel, 0.01 / 6.37, 1e-12);
    assert_false(fric_sim_check_metric(FRIC_M_PERIOD, 6.36, 6.5, &rel));
    assert_false(fric_sim_check_metric(FRIC_M_SLIPS, 100.0, 101.0, &rel));
    assert_true(fric_sim_check_metric(FRIC_M_SLIPS, 3.0, 3.0, &rel));
    assert_true(fric_sim_check_metric(FRIC_M_PERIOD, NAN, NAN, &rel));
    assert_true(isnan(rel));
    assert_false(fric_sim_check_metric(FRIC_M_PERIOD, NAN, 6.36, &rel));
    assert_true(fric_sim_check_metric(FRIC_M_X, -DBL_MAX, DBL_MAX, &rel) == false && rel == 2.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* configuration */
        cmocka_unit_test(test_cfg_check_names_each_parameter),
        /* the run */
        cmocka_unit_test(test_canudas_period_exact_1ms),
        cmocka_unit_test(test_caller_stepper_is_the_builtin),
        cmocka_unit_test(test_callback_sees_every_sample),
        cmocka_unit_test(test_divergence_says_where),
        /* reentrancy */
        cmocka_unit_test(test_two_threads_match_sequential),
        /* the metrics */
        cmocka_unit_test(test_check_metric_counts_exact_values_relative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
