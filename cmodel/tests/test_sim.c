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
    c.dt = dt;
    c.duration = duration;
    fric_sim_cfg_defaults(&c);
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
               {good, FRIC_ERR_SIM_STICK, "stick-threshold"}, {good, FRIC_ERR_SIM_STICK, "stick-threshold"},
               {good, FRIC_ERR_SIM_SLIP, "slip-threshold"}, {good, FRIC_ERR_SIM_SLIP, "slip-threshold"},
               {good, FRIC_ERR_SIM_SLIP_MIN, "min-slip-duration"}, {good, FRIC_ERR_SIM_SLIP_MIN, "min-slip-duration"}};
    bad[0].c.plant.mass = 0.0;
    bad[1].c.duration = 0.0;
    bad[2].c.duration = INFINITY;
    bad[3].c.dt = -1e-3;
    bad[4].c.dt = 2.0;
    bad[5].c.dt = 1e-11;
    bad[6].c.stick = 0.0;
    bad[7].c.stick = NAN;
    bad[8].c.slip = good.stick; /* not above the stick threshold */
    bad[9].c.slip = INFINITY;
    bad[10].c.slip_min = -1e-3;
    bad[11].c.slip_min = 1.5; /* longer than the run */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(fric_sim_cfg_check(&bad[i].c), bad[i].want);
        assert_non_null(strstr(fric_status_message(bad[i].want), bad[i].word));
        fric_sim_result_t r;
        const fric_sim_stepper_t st = fric_sim_builtin_stepper(&bad[i].c, FRIC_SIM_EXACT);
        assert_int_equal(fric_sim_run(&bad[i].c, &st, NULL, NULL, &r), bad[i].want);
        fric_sim_result_free(&r);
    }
}

static void test_default_thresholds_from_vs_and_dt(void **state)
{
    (void)state;
    /* Canudas: vs = 1 mm/s */
    fric_sim_cfg_t c = canudas(2e-3, 25.0);
    assert_near(c.stick, 1e-4, 1e-18);
    assert_near(c.slip, 1e-2, 1e-16);
    assert_near(c.slip_min, 2e-2, 1e-16);
    /* a set without a Stribeck term (Coulomb: its vs of 1 m/s plays no part) */
    fric_sim_cfg_init(&c);
    const fric_stribeck_cfg_t k = fric_coulomb_cfg(1.0, 1.0);
    c.contact = fric_contact_static(&k);
    c.dt = 1e-3;
    c.duration = 5e-3;
    fric_sim_cfg_defaults(&c);
    assert_near(c.stick, 1e-4, 1e-18);
    assert_near(c.slip, 1e-2, 1e-16);
    assert_near(c.slip_min, 5e-3, 1e-18); /* ten steps, but at most the duration */
    assert_int_equal(fric_sim_cfg_check(&c), FRIC_OK);
    /* a threshold given is kept; the slip threshold's default stays above it */
    fric_sim_cfg_init(&c);
    c.contact = fric_contact_static(&k);
    c.stick = 0.05;
    fric_sim_cfg_defaults(&c);
    assert_near(c.stick, 0.05, 0.0);
    assert_near(c.slip, 0.5, 1e-15);
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

/* ---- stick-slip across the sample times of a drive ------------------------ */

/* The Canudas example over 25 s: 3 slips, the period within 0.2 % of the
 * reference, the friction peak to peak and the peak |v| within 1 % of the
 * finest step's, no velocity reversal. */
static void check_canudas(double dt, fric_sim_integrator_t which, fric_sim_result_t *r, double m[FRIC_NMETRICS])
{
    const fric_sim_cfg_t c = canudas(dt, 25.0);
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, which);
    assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, r), FRIC_OK);
    fric_sim_metrics(&c, r, m);
    fric_sim_stick_slip_t ss;
    fric_sim_stick_slip(&c, r, &ss);
    if (!ss.present || m[FRIC_M_SLIPS] != 3.0 || !(fabs(m[FRIC_M_PERIOD] / PERIOD_REF - 1.0) <= 0.002))
        fail_msg("%s at dt = %g: %s, %g slips, period %.9g s", st.method, dt, ss.present ? "present" : ss.cause,
                 m[FRIC_M_SLIPS], m[FRIC_M_PERIOD]);
    assert_string_equal(ss.cause, "");
    assert_int_equal(r->reversals, 0);
    assert_int_equal(r->ends, 3);
    assert_int_equal(r->short_slips, 0);
    /* breakaway 1.477 N, about 1.0 N at the slowest of the slip */
    assert_near(m[FRIC_M_F_P2P], 0.4753, 0.01 * 0.4753);
    assert_near(m[FRIC_M_PEAK_V], 0.3698, 0.01 * 0.3698);
}

static void test_canudas_exact_10us_to_5ms(void **state)
{
    (void)state;
    const double dts[] = {1e-5, 1e-4, 1e-3, 2e-3, 5e-3};
    for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
        fric_sim_result_t r;
        double m[FRIC_NMETRICS];
        check_canudas(dts[i], FRIC_SIM_EXACT, &r, m);
        /* chatter only past the stick phase's bound of the exact step (3.9 ms
         * for this set): there, below the slip threshold */
        const fric_sim_cfg_t c = canudas(dts[i], 25.0);
        const double bound = fric_sim_stick_dt_max(&c);
        assert_true(bound > 2e-3 && bound < 5e-3);
        if (dts[i] < bound) {
            assert_int_equal(r.chatter, 0);
        } else {
            assert_true(r.chatter > 100);
            assert_true(r.chatter_v > c.stick && r.chatter_v < c.slip);
            fric_sim_stick_slip_t ss;
            fric_sim_stick_slip(&c, &r, &ss);
            assert_non_null(strstr(ss.chatter_note, "--check-step"));
            assert_non_null(strstr(ss.chatter_note, "discretization"));
        }
        fric_sim_result_free(&r);
    }
}

static void test_canudas_rk4_where_stable(void **state)
{
    (void)state;
    /* RK4 on this set holds to about 70 us (measured over 25 s); beyond, its
     * bristle state goes wrong and then diverges (test_divergence_says_where) */
    const double dts[] = {1e-5, 2e-5, 5e-5};
    for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
        fric_sim_result_t r;
        double m[FRIC_NMETRICS];
        check_canudas(dts[i], FRIC_SIM_RK4, &r, m);
        assert_int_equal(r.chatter, 0);
        fric_sim_result_free(&r);
    }
}

static void test_stick_slip_lost_at_10ms(void **state)
{
    (void)state;
    const fric_sim_cfg_t c = canudas(1e-2, 25.0);
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_EXACT);
    fric_sim_result_t r;
    assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, &r), FRIC_OK);
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&c, &r, m);
    fric_sim_stick_slip_t ss;
    fric_sim_stick_slip(&c, &r, &ss);
    assert_false(ss.present);
    assert_int_equal(ss.kind, FRIC_SIM_SS_CHATTER);
    assert_true(isnan(m[FRIC_M_PERIOD]) && isnan(m[FRIC_M_F_P2P]) && isnan(m[FRIC_M_PEAK_V]));
    assert_non_null(strstr(ss.cause, "stick-slip lost"));
    assert_non_null(strstr(ss.cause, "dt = 0.01 s, above 0.00391 s"));
    assert_non_null(strstr(ss.cause, "chatters"));
    fric_sim_result_free(&r);
}

/* A caller's stepper that prescribes v sample by sample: the detector's
 * hysteresis, minimum duration, reversals and chatter, one event at a time. */
typedef struct {
    const double *v;
    size_t i;
} script_t;

static int script_step(void *ctx, fric_plant_state_t *s, double h)
{
    script_t *k = ctx;
    s->v = k->v[++k->i];
    s->x += s->v * h;
    s->f = 0.0;
    return 0;
}

static void test_events_of_a_prescribed_velocity(void **state)
{
    (void)state;
    /* dt 1 ms; stick 1e-4, slip 1e-2 m/s, at least 10 ms */
    enum { N = 400 };
    static double v[N + 1];
    size_t i = 0;
    while (i < 20) v[i++] = 0.0;
    while (i < 25) v[i++] = 0.05;   /* 5 ms above the slip threshold: a short excursion */
    while (i < 40) v[i++] = 0.0;
    while (i < 60) v[i++] = 0.05;   /* a slip from 40 ms */
    while (i < 70) v[i++] = 5e-3;   /* below the slip threshold, above the stick one: still slipping */
    while (i < 80) v[i++] = 0.0;    /* it ends: a stick phase */
    for (int j = 0; j < 10; j++) v[i++] = (j & 1) ? -2e-3 : 2e-3; /* chatter: 9 sign changes within a step */
    while (i < 120) v[i++] = 0.0;
    while (i < 160) v[i++] = -0.05; /* a slip the other way: a reversal */
    while (i < 200) v[i++] = 0.0;
    v[i++] = 0.004;                 /* the onset's crossing lies between two samples */
    while (i < 260) v[i++] = 0.024;
    while (i <= N) v[i++] = 0.0;
    fric_sim_cfg_t c;
    fric_sim_cfg_init(&c);
    const fric_stribeck_cfg_t k = fric_coulomb_cfg(1.0, 1.0);
    c.contact = fric_contact_static(&k);
    c.dt = 1e-3;
    c.duration = N * 1e-3;
    fric_sim_cfg_defaults(&c);
    script_t sk = {v, 0};
    const fric_sim_stepper_t st = {"script", false, NULL, script_step, &sk};
    fric_sim_result_t r;
    assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, &r), FRIC_OK);
    assert_int_equal(r.short_slips, 1);
    assert_int_equal(r.onsets, 3);
    assert_int_equal(r.ends, 3);
    assert_int_equal(r.reversals, 2);
    assert_int_equal(r.chatter, 9);
    assert_near(r.chatter_v, 2e-3, 0.0);
    /* the crossings of |v| = 0.01 m/s, linear between samples: 0 -> 0.05 m/s
     * from 39 to 40 ms, 0 -> -0.05 from 119 to 120 ms, 0.004 -> 0.024 from
     * 200 to 201 ms */
    assert_near(r.first_onset_t, 0.0392, 1e-12);
    assert_near(r.onset_t[0], 0.1192, 1e-12);
    assert_near(r.onset_t[1], 0.2003, 1e-12);
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&c, &r, m);
    assert_near(m[FRIC_M_PERIOD], 0.2003 - 0.1192, 1e-12);
    assert_near(m[FRIC_M_PEAK_V], 0.05, 0.0);
    fric_sim_result_free(&r);
    /* with a minimum of 3 ms the short excursion counts as a slip */
    c.slip_min = 3e-3;
    sk.i = 0;
    assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, &r), FRIC_OK);
    assert_int_equal(r.short_slips, 0);
    assert_int_equal(r.onsets, 4);
    fric_sim_result_free(&r);
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

/* ---- elasto-plastic and GMS contacts -------------------------------------- */

/* the built-in example's run with the example's set as another kind */
static fric_sim_cfg_t canudas_kind(fric_model_kind_t kind, double dt, double duration, fric_model_t *m)
{
    const fric_model_values_t v = fric_model_values_canudas1995();
    assert_int_equal(fric_model_build(kind, &v, m, NULL), FRIC_OK);
    fric_sim_cfg_t c = canudas(dt, duration);
    c.contact = fric_contact_model(m);
    return c;
}

/* the largest |x - z| over a run, and the last sample's */
typedef struct {
    double max_slip, x, z;
} track_t;

static int track(void *ctx, size_t i, size_t n, const fric_plant_state_t *s, double f_spring, double f_ext)
{
    (void)i, (void)n, (void)f_spring, (void)f_ext;
    track_t *t = ctx;
    t->max_slip = fmax(t->max_slip, fabs(s->x - s->z));
    t->x = s->x;
    t->z = s->z;
    return 0;
}

/* Below breakaway (the spring pulls to 0.4 N in 2 s; sigma0 z_ba = 0.5 N)
 * the elasto-plastic contact sticks: its bristles follow the slider, z = x
 * up to the zero-order hold's error, while LuGre's slip (x - z > 0) from the
 * first sample on. */
static void test_elastoplastic_sticks_below_breakaway(void **state)
{
    (void)state;
    fric_model_t ep, lg;
    const fric_sim_cfg_t ce = canudas_kind(FRIC_MODEL_ELASTOPLASTIC, 1e-4, 2.0, &ep);
    const fric_sim_cfg_t cl = canudas_kind(FRIC_MODEL_LUGRE, 1e-4, 2.0, &lg);
    assert_true(ce.contact.stepped);
    assert_false(cl.contact.stepped);
    track_t te = {0}, tl = {0};
    fric_sim_result_t r;
    fric_sim_stepper_t st = fric_sim_builtin_stepper(&ce, FRIC_SIM_EXACT);
    assert_int_equal(fric_sim_run(&ce, &st, track, &te, &r), FRIC_OK);
    fric_sim_result_free(&r);
    st = fric_sim_builtin_stepper(&cl, FRIC_SIM_EXACT);
    assert_int_equal(fric_sim_run(&cl, &st, track, &tl, &r), FRIC_OK);
    fric_sim_result_free(&r);
    /* the load stays below breakaway: z under z_ba throughout */
    assert_true(te.z > 0.5 * ep.ep.z_ba && te.z < ep.ep.z_ba);
    assert_true(te.max_slip < 1e-9);
    assert_true(tl.x - tl.z > 1e-7);
    assert_true(te.max_slip < 1e-3 * (tl.x - tl.z));
    /* and the zero-order hold's error is first order: ten times smaller at dt / 10 */
    const fric_sim_cfg_t cf = canudas_kind(FRIC_MODEL_ELASTOPLASTIC, 1e-5, 2.0, &ep);
    track_t tf = {0};
    st = fric_sim_builtin_stepper(&cf, FRIC_SIM_EXACT);
    assert_int_equal(fric_sim_run(&cf, &st, track, &tf, &r), FRIC_OK);
    fric_sim_result_free(&r);
    assert_true(tf.max_slip < 0.2 * te.max_slip);
}

/* the largest |F_i sum| = |F_f - sigma2 v| over a run (the example's sigma2, 0.4 N*s/m) */
static int element_sum(void *ctx, size_t i, size_t n, const fric_plant_state_t *s, double f_spring, double f_ext)
{
    (void)i, (void)n, (void)f_spring, (void)f_ext;
    double *mx = ctx;
    *mx = fmax(*mx, fabs(s->f - 0.4 * s->v));
    return 0;
}

/* The Canudas stick-slip run with GMS elements: stick-slip with the
 * period of the LuGre run within 5 %, the elements' force sum never above
 * the static level Fs (each element stays within alpha_i s(v) of its level,
 * and s(v) <= Fs) and up to it before each slip, the energy balance closed,
 * and the passivity condition met only for a constant level. */
static void test_gms_stick_slip_within_its_levels(void **state)
{
    (void)state;
    fric_model_t g;
    const fric_sim_cfg_t c = canudas_kind(FRIC_MODEL_GMS, 1e-4, 20.0, &g);
    assert_true(c.contact.stepped);
    assert_true(g.gms.curve.b_pos == 0.4 && g.gms.curve.fs_pos == 1.5);
    double mx = 0.0;
    fric_sim_result_t r;
    const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_EXACT);
    assert_int_equal(fric_sim_run(&c, &st, element_sum, &mx, &r), FRIC_OK);
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&c, &r, m);
    assert_true(m[FRIC_M_SLIPS] >= 2.0);
    assert_near(m[FRIC_M_PERIOD], PERIOD_REF, 0.05 * PERIOD_REF);
    assert_true(mx <= 1.5 * (1.0 + 1e-12));
    assert_true(mx > 0.99 * 1.5);
    assert_true(fabs(fric_sim_residual(&c, &r)) < 1e-6 * r.w_in);
    fric_sim_result_free(&r);
    assert_false(fric_sim_passivity(&c.contact).met);
    fric_model_values_t v = fric_model_values_canudas1995();
    v.fs = v.fs_neg = v.fc; /* a constant level */
    fric_model_t k;
    assert_int_equal(fric_model_build(FRIC_MODEL_GMS, &v, &k, NULL), FRIC_OK);
    const fric_contact_t kc = fric_contact_model(&k);
    assert_true(fric_sim_passivity(&kc).met);
}

/* RK4 does not take them: the run refuses with its own status before any step */
static void test_stepped_contacts_refuse_rk4(void **state)
{
    (void)state;
    const fric_model_kind_t kinds[] = {FRIC_MODEL_ELASTOPLASTIC, FRIC_MODEL_GMS};
    for (size_t i = 0; i < 2; i++) {
        fric_model_t m;
        const fric_sim_cfg_t c = canudas_kind(kinds[i], 1e-4, 1.0, &m);
        const fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_RK4);
        fric_sim_result_t r;
        assert_int_equal(fric_sim_run(&c, &st, NULL, NULL, &r), FRIC_ERR_SIM_INTEGRATOR);
        assert_int_equal(r.steps, 0);
        fric_sim_result_free(&r);
        assert_non_null(strstr(fric_status_message(FRIC_ERR_SIM_INTEGRATOR), "exact"));
    }
}

/* The exact step's stick bound: the elasto-plastic set's is LuGre's (sigma0,
 * sigma1 + sigma2), GMS's has the elements' stiffness sum and sigma2 */
static void test_stick_bound_of_each_contact(void **state)
{
    (void)state;
    fric_model_t ep, g;
    const fric_sim_cfg_t cl = canudas(1e-4, 1.0);
    const fric_sim_cfg_t ce = canudas_kind(FRIC_MODEL_ELASTOPLASTIC, 1e-4, 1.0, &ep);
    fric_sim_cfg_t cg = canudas_kind(FRIC_MODEL_GMS, 1e-4, 1.0, &g);
    assert_true(fric_sim_stick_dt_max(&ce) == fric_sim_stick_dt_max(&cl));
    double ks = 0.0;
    for (unsigned i = 0; i < g.gms.n; i++) ks += g.gms.k[i];
    const double h = fric_sim_stick_dt_max(&cg), a = (ks + 2.0) / 1.0, b = 2.0 * 0.4 / 1.0;
    assert_near(a * h * h + b * h, 4.0, 1e-9);
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
        cmocka_unit_test(test_default_thresholds_from_vs_and_dt),
        /* the run */
        cmocka_unit_test(test_canudas_period_exact_1ms),
        cmocka_unit_test(test_caller_stepper_is_the_builtin),
        cmocka_unit_test(test_callback_sees_every_sample),
        cmocka_unit_test(test_divergence_says_where),
        /* stick-slip across a drive's sample times */
        cmocka_unit_test(test_canudas_exact_10us_to_5ms),
        cmocka_unit_test(test_canudas_rk4_where_stable),
        cmocka_unit_test(test_stick_slip_lost_at_10ms),
        cmocka_unit_test(test_events_of_a_prescribed_velocity),
        /* elasto-plastic and GMS contacts */
        cmocka_unit_test(test_elastoplastic_sticks_below_breakaway),
        cmocka_unit_test(test_gms_stick_slip_within_its_levels),
        cmocka_unit_test(test_stepped_contacts_refuse_rk4),
        cmocka_unit_test(test_stick_bound_of_each_contact),
        /* reentrancy */
        cmocka_unit_test(test_two_threads_match_sequential),
        /* the metrics */
        cmocka_unit_test(test_check_metric_counts_exact_values_relative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
