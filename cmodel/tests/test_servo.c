/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tests of the servo axis with friction compensation (fric_servo.h), the
 * API called directly: the defaults it derives, the values it refuses, the
 * order of the compensators, a diverging loop, the hooks, determinism and
 * two runs on two threads.
 */
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

static const double TWO_PI = 6.283185307179586;

/* a short step run: 1 mrad up and back over 2 s */
static fric_servo_cfg_t step_cfg(fric_servo_comp_t comp, fric_servo_arith_t arith)
{
    fric_servo_cfg_t c = fric_servo_defaults();
    c.ref = FRIC_SERVO_REF_STEP;
    c.amplitude = 0.001;
    c.period = 2.0;
    c.duration = 2.0;
    c.comp_kind = comp;
    c.arith = arith;
    c.comp = fric_servo_comp_model(comp, &c.machine);
    if (arith != FRIC_SERVO_ARITH_DOUBLE) c.f_max = 4.0;
    return c;
}

/* prepare, run and reduce; the run's status */
static fric_status_t run_metrics(fric_servo_cfg_t *c, const fric_servo_hooks_t *h, fric_servo_result_t *r,
                                 fric_servo_metrics_t *m)
{
    char why[512];
    const fric_status_t st = fric_servo_prepare(c, why, sizeof why);
    if (st != FRIC_OK) fail_msg("prepare: %s", why);
    const fric_status_t rs = fric_servo_run(c, h, r);
    if (rs == FRIC_OK) assert_int_equal(fric_servo_metrics(c, r, m), FRIC_OK);
    return rs;
}

static double rms_error(fric_servo_cfg_t c)
{
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    assert_int_equal(run_metrics(&c, NULL, &r, &m), FRIC_OK);
    fric_servo_result_free(&r);
    return m.rms_e;
}

/* ---- preparation ------------------------------------------------------------------------------- */

static void test_prepare_derives_the_defaults(void **state)
{
    (void)state;
    fric_servo_cfg_t c = fric_servo_defaults();
    char why[512];
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    assert_string_equal(why, "");
    const double wv = TWO_PI * 20.0;
    assert_true(c.kp == wv / 6.0 && c.kv == 1.0 * wv && c.ki == c.kv * wv / 4.0);
    assert_true(isnan(c.load_inertia) && isnan(c.compliance_damping)); /* a rigid axis has neither */
    assert_true(c.stick_threshold == c.machine.stribeck.vs / 10.0);
    assert_true(c.lc_window == 0.25 * c.duration);
    /* GAIN / 2^SHIFT within 1e-3 of codes per count per tick, at the most resolution */
    const double ratio = (TWO_PI / c.counts_per_rev / c.ts) / (c.v_max / 32768.0);
    assert_true(c.enc_gain >= 1u && c.enc_gain <= 65535u);
    assert_true(fabs(ldexp(c.enc_gain, -(int)c.enc_shift) / ratio - 1.0) <= 1e-3);
    assert_true(c.comp_fx.rep.width == 16 && c.comp_fx.rep.v_lsb == c.v_max / 32768.0);
    /* a prepared set prepares again to itself */
    fric_servo_cfg_t d = c;
    assert_int_equal(fric_servo_prepare(&d, why, sizeof why), FRIC_OK);
    assert_memory_equal(&c, &d, sizeof c);
    /* a compliant axis: the gains for both inertias, the shaft at 5 % of critical */
    fric_servo_cfg_t k = fric_servo_defaults();
    k.inertia = 0.5;
    k.compliance = 1e4;
    k.substeps = 20.0;
    assert_int_equal(fric_servo_prepare(&k, why, sizeof why), FRIC_OK);
    assert_true(k.load_inertia == 0.5 && k.kv == 1.0 * wv);
    assert_true(fabs(k.compliance_damping - 0.1 * sqrt(1e4 * 0.25)) <= 1e-12);
}

static void test_comp_model_reads_the_machine(void **state)
{
    (void)state;
    const fric_servo_cfg_t c = fric_servo_defaults();
    const fric_model_t cou = fric_servo_comp_model(FRIC_SERVO_COMP_COULOMB, &c.machine);
    assert_int_equal(cou.kind, FRIC_MODEL_VISCOUS);
    assert_true(cou.stribeck.fc_pos == c.machine.stribeck.fc_pos && cou.stribeck.b_pos == c.machine.stribeck.b_pos);
    assert_true(cou.stribeck.fs_pos == cou.stribeck.fc_pos);
    assert_int_equal(fric_servo_comp_model(FRIC_SERVO_COMP_STRIBECK, &c.machine).kind, FRIC_MODEL_STRIBECK);
    assert_int_equal(fric_servo_comp_model(FRIC_SERVO_COMP_LUGRE, &c.machine).kind, FRIC_MODEL_LUGRE);
}

static void test_bad_values_are_refused_by_option(void **state)
{
    (void)state;
    static const double traj_t[] = {0.0, 1.0, 1.0}, traj_x[] = {0.0, 1e-3, 2e-3}, traj_nan[] = {0.0, NAN, 0.0};
    static const struct {
        const char *want; /* in the message */
        int what;
    } cases[] = {
        {"--inertia (motor-side inertia, kg*m^2) must be > 0, got -1", 0},
        {"--ts (servo period, s) must be in (0, 0.01], got 0", 1},
        {"--counts-per-rev (encoder counts per revolution) must be an integer in [4, 1073741824], got 1000.5", 2},
        {"--bandwidth (velocity-loop crossover, Hz) must be in (0, 1000]", 3},
        {"--load-inertia applies only with --compliance > 0", 4},
        {"--substeps (plant steps per servo period) must be an integer in [1, 1000], got 0.5", 5},
        {"--u-max (torque limit, N*m) must be > 0, got 0", 6},
        {"--duration (simulated time, s) must be in (0, 120], got 200", 7},
        {"--lc-window (limit-cycle window, s) must be in [ts, duration]", 8},
        {"--rise-time (s) must be in [0, period/2]", 9},
        {"--comp-arith fixed needs a compensator", 10},
        {"--comp-arith rtl needs --compensation lugre", 11},
        {"--stick-threshold (stuck below it, rad/s) must be > 0, got -1", 12},
        {"--v-max (velocity full scale of the encoder's code, rad/s) must be in (0, 1e6], got nan", 13},
        {"--kp (position gain, 1/s) must be >= 0, got -1", 14},
        {"--amplitude (rad) must be in [-1000, 1000], got 10000", 15},
        {"--reference csv needs --trajectory FILE", 16},
        {"--trajectory point 2: t must increase strictly, got 1 after 1", 17},
        {"--trajectory point 1: t and theta (s, rad) must be finite", 18},
        {"--comp-params: a lugre set cannot serve --compensation coulomb", 19},
        {"--model (the machine's friction) must be lugre", 20},
        {"--substeps must be >= 5: the plant step", 21},
        {"--width (fixed-point datapath width) must be 16 or 18", 22},
        {"--f-max (force full scale, N) must be > 0", 23},
        {"v-max (velocity full scale, m/s) must be finite and > 0", 24},
        {"--trajectory must hold 2 .. 1000000 points t,theta, got 1", 25},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fric_servo_cfg_t c = fric_servo_defaults();
        switch (cases[i].what) {
        case 0: c.inertia = -1.0; break;
        case 1: c.ts = 0.0; break;
        case 2: c.counts_per_rev = 1000.5; break;
        case 3: c.bandwidth = 5000.0; break;
        case 4: c.load_inertia = 1.0; break;
        case 5: c.substeps = 0.5; break;
        case 6: c.u_max = 0.0; break;
        case 7: c.duration = 200.0; break;
        case 8: c.lc_window = 10.0; break;
        case 9: c.ref = FRIC_SERVO_REF_STEP; c.period = 1.0; c.rise_time = 0.6; break;
        case 10: c.arith = FRIC_SERVO_ARITH_FIXED; break;
        case 11: c.comp_kind = FRIC_SERVO_COMP_COULOMB; c.arith = FRIC_SERVO_ARITH_CORE; break;
        case 12: c.stick_threshold = -1.0; break;
        case 13: c.v_max = NAN; break;
        case 14: c.kp = -1.0; break;
        case 15: c.amplitude = 1e4; break;
        case 16: c.ref = FRIC_SERVO_REF_TRAJECTORY; break;
        case 17: c.ref = FRIC_SERVO_REF_TRAJECTORY; c.traj_t = traj_t; c.traj_x = traj_x; c.traj_n = 3; break;
        case 18: c.ref = FRIC_SERVO_REF_TRAJECTORY; c.traj_t = traj_x; c.traj_x = traj_nan; c.traj_n = 3; break;
        case 19: c.comp_kind = FRIC_SERVO_COMP_COULOMB; break; /* c.comp is the machine's LuGre set */
        case 20: c.machine = fric_servo_comp_model(FRIC_SERVO_COMP_STRIBECK, &c.machine); break;
        case 21: c.machine.lugre.sigma0 = 1e8; c.substeps = 1.0; break;
        case 22: c.width = 17; break;
        case 23:
            c.comp_kind = FRIC_SERVO_COMP_LUGRE;
            c.arith = FRIC_SERVO_ARITH_FIXED;
            c.f_max = -1.0;
            break;
        case 24:
            c.comp_kind = FRIC_SERVO_COMP_LUGRE;
            c.arith = FRIC_SERVO_ARITH_FIXED;
            c.v_max = 0.0;
            break;
        case 25: c.ref = FRIC_SERVO_REF_TRAJECTORY; c.traj_t = traj_t; c.traj_x = traj_x; c.traj_n = 1; break;
        }
        char why[512];
        const fric_status_t st = fric_servo_prepare(&c, why, sizeof why);
        if (st != FRIC_ERR_RANGE || !strstr(why, cases[i].want))
            fail_msg("case %zu: status %d, message \"%s\", expected \"%s\"", i, (int)st, why, cases[i].want);
        /* a refused set does not run, and says why in the same words */
        fric_servo_result_t r;
        assert_int_equal(fric_servo_run(&c, NULL, &r), FRIC_ERR_RANGE);
        assert_string_equal(r.why, why);
        assert_int_equal(r.n, 0);
        fric_servo_result_free(&r);
    }
    assert_int_equal(fric_servo_prepare(NULL, NULL, 0), FRIC_ERR_NULL);
    /* a value broken after preparing is refused by the run */
    fric_servo_cfg_t d = fric_servo_defaults();
    char why[512];
    assert_int_equal(fric_servo_prepare(&d, why, sizeof why), FRIC_OK);
    d.u_max = -1.0;
    fric_servo_result_t r;
    assert_int_equal(fric_servo_run(&d, NULL, &r), FRIC_ERR_RANGE);
    assert_non_null(strstr(r.why, "--u-max"));
    fric_servo_result_free(&r);
}

/* Every double field at the special values and extremes: a refusal, or a
 * run that ends with finite figures or an error, never NaN figures, a
 * crash or a hang (the library's input contract). */
static void test_every_field_at_extremes(void **state)
{
    (void)state;
    static const size_t fields[] = {
        offsetof(fric_servo_cfg_t, inertia), offsetof(fric_servo_cfg_t, load_damping),
        offsetof(fric_servo_cfg_t, compliance), offsetof(fric_servo_cfg_t, load_inertia),
        offsetof(fric_servo_cfg_t, compliance_damping), offsetof(fric_servo_cfg_t, substeps),
        offsetof(fric_servo_cfg_t, ts), offsetof(fric_servo_cfg_t, counts_per_rev),
        offsetof(fric_servo_cfg_t, v_max), offsetof(fric_servo_cfg_t, bandwidth), offsetof(fric_servo_cfg_t, kp),
        offsetof(fric_servo_cfg_t, kv), offsetof(fric_servo_cfg_t, ki), offsetof(fric_servo_cfg_t, u_max),
        offsetof(fric_servo_cfg_t, amplitude), offsetof(fric_servo_cfg_t, frequency),
        offsetof(fric_servo_cfg_t, f_max), offsetof(fric_servo_cfg_t, duration),
        offsetof(fric_servo_cfg_t, stick_threshold), offsetof(fric_servo_cfg_t, lc_window),
        offsetof(fric_servo_cfg_t, machine) + offsetof(fric_model_t, lugre) + offsetof(fric_lugre_cfg_t, sigma0),
        offsetof(fric_servo_cfg_t, machine) + offsetof(fric_model_t, lugre) + offsetof(fric_lugre_cfg_t, sigma1),
        offsetof(fric_servo_cfg_t, comp) + offsetof(fric_model_t, lugre) + offsetof(fric_lugre_cfg_t, fc_pos),
        offsetof(fric_servo_cfg_t, comp) + offsetof(fric_model_t, lugre) + offsetof(fric_lugre_cfg_t, sigma0),
    };
    const double x[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 4.9e-324, -1.0, 1e-300, 1e300, 1e12, 0.3};
    size_t ran = 0, refused = 0;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        for (size_t j = 0; j < sizeof x / sizeof x[0]; j++) {
            fric_servo_cfg_t c = fric_servo_defaults();
            c.duration = 0.05;
            c.compliance = 1e3;
            c.load_inertia = 0.5;
            c.comp_kind = FRIC_SERVO_COMP_LUGRE;
            c.arith = FRIC_SERVO_ARITH_FIXED;
            memcpy((char *)&c + fields[i], &x[j], sizeof x[j]);
            char why[512];
            const fric_status_t st = fric_servo_prepare(&c, why, sizeof why);
            if (st != FRIC_OK) {
                if (st != FRIC_ERR_RANGE || strlen(why) < 20)
                    fail_msg("field %zu = %g: status %d, \"%s\"", i, x[j], (int)st, why);
                refused++;
                continue;
            }
            fric_servo_result_t r;
            fric_servo_metrics_t m;
            fric_status_t rs = fric_servo_run(&c, NULL, &r);
            if (rs == FRIC_OK) rs = fric_servo_metrics(&c, &r, &m);
            if (rs == FRIC_OK && !(isfinite(m.rms_e) && isfinite(m.rms_u) && isfinite(m.rms_ferr) && isfinite(m.lc_amp)))
                fail_msg("field %zu = %g: figures not finite", i, x[j]);
            if (rs != FRIC_OK && rs != FRIC_ERR_DIVERGED) fail_msg("field %zu = %g: run status %d", i, x[j], (int)rs);
            fric_servo_result_free(&r);
            ran++;
        }
    print_message("%zu sets refused, %zu run\n", refused, ran);
    assert_true(ran > 20 && refused > 100);
}

/* ---- the run ----------------------------------------------------------------------------------- */

static void test_lugre_compensation_beats_none(void **state)
{
    (void)state;
    const double none = rms_error(step_cfg(FRIC_SERVO_COMP_NONE, FRIC_SERVO_ARITH_DOUBLE));
    const double cou = rms_error(step_cfg(FRIC_SERVO_COMP_COULOMB, FRIC_SERVO_ARITH_DOUBLE));
    const double lug = rms_error(step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_DOUBLE));
    const double fix = rms_error(step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_FIXED));
    print_message("RMS position error: none %.3g, coulomb %.3g, lugre %.3g, lugre fixed %.3g rad\n", none, cou, lug, fix);
    assert_true(lug * 5.0 <= none);
    assert_true(lug * 2.0 <= cou);
    assert_true(cou < none);
    assert_true(fabs(fix - lug) <= 0.2 * lug);
}

static void test_divergent_loop_is_an_error_not_nan(void **state)
{
    (void)state;
    fric_servo_cfg_t c = fric_servo_defaults();
    c.kp = c.kv = 1e200;
    c.u_max = 1e300;
    c.duration = 0.5;
    char why[512];
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    fric_servo_result_t r;
    assert_int_equal(fric_servo_run(&c, NULL, &r), FRIC_ERR_DIVERGED);
    assert_non_null(strstr(r.why, "the loop diverged"));
    assert_non_null(strstr(r.why, "(sample "));
    assert_true(r.n < 5000); /* it stopped where it diverged */
    fric_servo_result_free(&r);
    fric_servo_result_free(&r); /* twice is harmless */
}

typedef struct {
    size_t rows, stop_at;
    bool in_order, consistent;
    double se2;
} rows_t;

static int count_row(void *ctx, const fric_servo_sample_t *s)
{
    rows_t *x = ctx;
    if (s->k != x->rows || s->t != (double)s->k * 1e-4) x->in_order = false;
    if (s->error != s->theta_ref - s->theta || !isfinite(s->estimate) || !isfinite(s->friction)) x->consistent = false;
    x->se2 += s->error * s->error;
    x->rows++;
    return x->rows == x->stop_at ? 1 : 0;
}

static void test_sample_hook_sees_every_sample(void **state)
{
    (void)state;
    fric_servo_cfg_t c = step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_DOUBLE);
    c.duration = 0.5;
    c.plot_points = 100;
    rows_t x = {0, 0, true, true, 0.0};
    const fric_servo_hooks_t h = {count_row, NULL, NULL, &x, NULL};
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    assert_int_equal(run_metrics(&c, &h, &r, &m), FRIC_OK);
    assert_int_equal(x.rows, 5000);
    assert_int_equal(r.n, 5000);
    assert_true(x.in_order && x.consistent);
    assert_true(x.se2 == r.se2 && m.rms_e == sqrt(x.se2 / 5000.0));
    /* the plots: every 51st sample */
    assert_int_equal(r.stride, 51);
    assert_int_equal(r.np, 99);
    assert_true(r.pt[1] == 51 * 1e-4);
    fric_servo_result_free(&r);
    /* a hook that says stop stops the run there */
    rows_t y = {0, 123, true, true, 0.0};
    const fric_servo_hooks_t hs = {count_row, NULL, NULL, &y, NULL};
    assert_int_equal(fric_servo_run(&c, &hs, &r), FRIC_ERR_STOPPED);
    assert_int_equal(y.rows, 123);
    assert_int_equal(r.n, 123);
    fric_servo_result_free(&r);
}

typedef struct {
    int starts;
    size_t samples, fail_at;
    int32_t f_sum;
    size_t retunes;
} core_t;

static int core_start(void *ctx, const fric_fx_lugre_t *l)
{
    core_t *x = ctx;
    x->starts += l != NULL;
    return 0;
}

static int core_sample(void *ctx, size_t k, double t, int32_t v, int32_t f)
{
    core_t *x = ctx;
    (void)t;
    (void)v;
    x->f_sum += f;
    return ++x->samples > x->fail_at || k + 1 != x->samples;
}

static void test_core_hooks_see_the_fixed_point_model(void **state)
{
    (void)state;
    fric_servo_cfg_t fx = step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_FIXED);
    fric_servo_cfg_t co = step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_CORE);
    fx.duration = co.duration = 0.5;
    fric_servo_result_t r1, r2;
    fric_servo_metrics_t m1, m2;
    core_t x = {0, 0, (size_t)-1, 0, 0};
    const fric_servo_hooks_t h = {NULL, core_start, core_sample, &x, NULL};
    assert_int_equal(run_metrics(&fx, NULL, &r1, &m1), FRIC_OK);
    assert_int_equal(run_metrics(&co, &h, &r2, &m2), FRIC_OK);
    assert_int_equal(x.starts, 1);
    assert_int_equal(x.samples, 5000);
    assert_int_equal(r2.core_checked, 5000);
    assert_int_equal(r1.core_checked, 0);
    assert_true(x.f_sum != 0);
    assert_memory_equal(&m1, &m2, sizeof m1);
    fric_servo_result_free(&r1);
    fric_servo_result_free(&r2);
    /* a core that differs stops the run */
    core_t y = {0, 0, 7, 0, 0};
    const fric_servo_hooks_t hf = {NULL, core_start, core_sample, &y, NULL};
    assert_int_equal(fric_servo_run(&co, &hf, &r2), FRIC_ERR_STOPPED);
    assert_int_equal(r2.core_checked, 7);
    assert_non_null(strstr(r2.why, "sample 7"));
    fric_servo_result_free(&r2);
}

static fric_servo_cfg_t drift_cfg(fric_servo_comp_t comp, double duration, double fcm, double s2m);

static int core_retune(void *ctx, size_t k, const fric_fx_lugre_t *l)
{
    core_t *x = ctx;
    (void)k;
    x->retunes += l != NULL;
    return 0;
}

/* the adaptive observer with a core: each retune goes to the core, and the run is the fixed-point one */
static void test_core_retunes_follow_the_law(void **state)
{
    (void)state;
    fric_servo_cfg_t fx = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 3.0, 1.4, 0.8);
    fx.arith = FRIC_SERVO_ARITH_FIXED;
    fric_servo_cfg_t co = fx;
    co.arith = FRIC_SERVO_ARITH_CORE;
    fric_servo_result_t r1, r2;
    fric_servo_metrics_t m1, m2;
    core_t x = {0, 0, (size_t)-1, 0, 0};
    const fric_servo_hooks_t h = {NULL, core_start, core_sample, &x, core_retune};
    assert_int_equal(run_metrics(&fx, NULL, &r1, &m1), FRIC_OK);
    assert_int_equal(run_metrics(&co, &h, &r2, &m2), FRIC_OK);
    assert_true(r2.a_retunes > 0);
    assert_int_equal(x.retunes, r2.a_retunes);
    assert_int_equal(r1.a_retunes, r2.a_retunes);
    assert_memory_equal(&m1, &m2, sizeof m1);
    fric_servo_result_free(&r1);
    fric_servo_result_free(&r2);
}

static void test_steps_are_the_run(void **state)
{
    (void)state;
    fric_servo_cfg_t c = step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_FIXED);
    c.duration = 0.5;
    c.compliance = 1e4;
    c.substeps = 20.0;
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    rows_t x = {0, 0, true, true, 0.0};
    const fric_servo_hooks_t h = {count_row, NULL, NULL, &x, NULL};
    assert_int_equal(run_metrics(&c, &h, &r, &m), FRIC_OK);
    /* the same axis one period at a time */
    fric_servo_state_t st;
    assert_int_equal(fric_servo_init(&c, NULL, &st), FRIC_OK);
    double se2 = 0.0, su2 = 0.0, peak_u = 0.0;
    size_t u_sat = 0;
    for (size_t k = 0; k < r.n; k++) {
        fric_servo_sample_t row;
        assert_int_equal(fric_servo_step(&c, &st, NULL, &row), FRIC_OK);
        assert_int_equal(row.k, k);
        se2 += row.error * row.error;
        su2 += row.u * row.u;
        peak_u = fmax(peak_u, fabs(row.u));
        u_sat += row.u_limited;
    }
    assert_int_equal(st.k, r.n);
    assert_true(se2 == r.se2 && su2 == r.su2 && peak_u == r.peak_u && u_sat == r.u_sat && st.flags == r.flags);
    fric_servo_result_free(&r);
    /* a configuration that was not prepared does not start */
    const fric_servo_cfg_t d = fric_servo_defaults();
    assert_int_equal(fric_servo_init(&d, NULL, &st), FRIC_ERR_RANGE);
    assert_non_null(strstr(st.why, "fric_servo_prepare"));
    assert_int_equal(fric_servo_init(NULL, NULL, &st), FRIC_ERR_NULL);
}

/* ---- determinism and threads ------------------------------------------------------------------ */

static void same_runs(fric_servo_cfg_t a, fric_servo_cfg_t b)
{
    fric_servo_result_t r1, r2;
    fric_servo_metrics_t m1, m2;
    a.plot_points = b.plot_points = 500;
    assert_int_equal(run_metrics(&a, NULL, &r1, &m1), FRIC_OK);
    assert_int_equal(run_metrics(&b, NULL, &r2, &m2), FRIC_OK);
    assert_memory_equal(&m1, &m2, sizeof m1);
    assert_true(r1.n == r2.n && r1.se2 == r2.se2 && r1.sf2 == r2.sf2 && r1.flags == r2.flags && r1.np == r2.np);
    assert_memory_equal(r1.pe, r2.pe, r1.np * sizeof *r1.pe);
    assert_memory_equal(r1.pfh, r2.pfh, r1.np * sizeof *r1.pfh);
    assert_memory_equal(r1.win, r2.win, r1.nwin * sizeof *r1.win);
    fric_servo_result_free(&r1);
    fric_servo_result_free(&r2);
}

static void test_runs_are_deterministic(void **state)
{
    (void)state;
    same_runs(step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_DOUBLE), step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_DOUBLE));
    same_runs(step_cfg(FRIC_SERVO_COMP_STRIBECK, FRIC_SERVO_ARITH_FIXED), step_cfg(FRIC_SERVO_COMP_STRIBECK, FRIC_SERVO_ARITH_FIXED));
}

typedef struct {
    fric_servo_cfg_t c;
    fric_servo_metrics_t m;
    fric_status_t st;
} job_t;

static void *job(void *arg)
{
    job_t *j = arg;
    char why[512];
    fric_servo_result_t r;
    j->st = fric_servo_prepare(&j->c, why, sizeof why);
    if (j->st == FRIC_OK) j->st = fric_servo_run(&j->c, NULL, &r);
    if (j->st == FRIC_OK) j->st = fric_servo_metrics(&j->c, &r, &j->m);
    fric_servo_result_free(&r);
    return NULL;
}

static void test_two_threads_run_as_one(void **state)
{
    (void)state;
    job_t j[2];
    memset(j, 0, sizeof j);
    j[0].c = step_cfg(FRIC_SERVO_COMP_LUGRE, FRIC_SERVO_ARITH_FIXED);
    j[1].c = step_cfg(FRIC_SERVO_COMP_COULOMB, FRIC_SERVO_ARITH_DOUBLE);
    job_t seq[2] = {j[0], j[1]};
    j[0].c.duration = j[1].c.duration = seq[0].c.duration = seq[1].c.duration = 1.0;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_create(&t[i], NULL, job, &j[i]), 0);
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_join(t[i], NULL), 0);
    for (int i = 0; i < 2; i++) {
        job(&seq[i]);
        assert_int_equal(j[i].st, FRIC_OK);
        assert_int_equal(seq[i].st, FRIC_OK);
        assert_memory_equal(&j[i].m, &seq[i].m, sizeof j[i].m);
    }
    assert_true(j[0].m.rms_e != j[1].m.rms_e);
}

/* ---- the drifting machine ---------------------------------------------------------------------- */

static void test_drift_ramp_and_profile(void **state)
{
    (void)state;
    fric_servo_cfg_t c = fric_servo_defaults();
    double m[FRIC_SERVO_NPAR];
    assert_false(fric_servo_drifting(&c));
    fric_servo_drift_at(&c, 2.0, m);
    assert_true(m[0] == 1.0 && m[1] == 1.0 && m[2] == 1.0);
    c.drift.end[FRIC_SERVO_PAR_FC] = 1.4;
    c.drift.end[FRIC_SERVO_PAR_SIGMA2] = 0.8;
    assert_true(fric_servo_drifting(&c));
    fric_servo_drift_at(&c, 0.5 * c.duration, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FC], 1.2, 1e-12);
    assert_float_equal(m[FRIC_SERVO_PAR_FS], 1.0, 0.0);
    assert_float_equal(m[FRIC_SERVO_PAR_SIGMA2], 0.9, 1e-12);
    fric_servo_drift_at(&c, 10.0 * c.duration, m); /* held after the end */
    assert_float_equal(m[FRIC_SERVO_PAR_FC], 1.4, 0.0);
    const fric_lugre_cfg_t s = fric_servo_lugre_scaled(&c.machine.lugre, m);
    assert_float_equal(s.fc_neg, 1.4 * c.machine.lugre.fc_neg, 1e-12);
    assert_float_equal(s.sigma2_neg, 0.8 * c.machine.lugre.sigma2_neg, 1e-12);
    assert_float_equal(s.sigma0, c.machine.lugre.sigma0, 0.0);
    /* a profile: interpolated, held outside its times; a column left out is 1 */
    fric_servo_cfg_t p = fric_servo_defaults();
    static const double t[] = {1.0, 2.0, 4.0}, fs[] = {1.0, 2.0, 0.5};
    p.drift.prof_t = t;
    p.drift.prof_m[FRIC_SERVO_PAR_FS] = fs;
    p.drift.prof_n = 3;
    fric_servo_drift_at(&p, 0.0, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FS], 1.0, 0.0);
    fric_servo_drift_at(&p, 3.0, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FS], 1.25, 1e-12);
    assert_float_equal(m[FRIC_SERVO_PAR_FC], 1.0, 0.0);
    fric_servo_drift_at(&p, 9.0, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FS], 0.5, 0.0);
    char why[512];
    assert_int_equal(fric_servo_prepare(&p, why, sizeof why), FRIC_OK);
}

static void test_drift_bad_specs_refused(void **state)
{
    (void)state;
    char why[512];
    fric_servo_cfg_t c = fric_servo_defaults();
    c.drift.end[FRIC_SERVO_PAR_FS] = 0.05;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "--drift fs"));
    assert_non_null(strstr(why, "[0.1, 10]"));
    c = fric_servo_defaults();
    c.drift.end[FRIC_SERVO_PAR_SIGMA2] = NAN;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "--drift sigma2"));
    c = fric_servo_defaults();
    static const double t[] = {0.0, 0.0}, one[] = {1.0, 1.0};
    c.drift.prof_t = t;
    c.drift.prof_m[0] = one;
    c.drift.prof_n = 2;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "--drift-profile point 1: t must increase"));
    c.drift.prof_n = 1;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "--drift-profile must hold 2"));
}

/* the plant follows the drift: the friction the sample reports is the drifted machine's */
static void test_drift_moves_the_plant(void **state)
{
    (void)state;
    fric_servo_cfg_t c = fric_servo_defaults();
    c.duration = 1.0;
    c.comp_kind = FRIC_SERVO_COMP_LUGRE;
    c.comp = c.machine;
    const double e0 = rms_error(c);
    c.drift.end[FRIC_SERVO_PAR_FC] = 2.0;
    c.drift.end[FRIC_SERVO_PAR_FS] = 2.0;
    const double e1 = rms_error(c);
    /* the observer keeps the nominal set: the doubled friction is undercompensated */
    assert_true(e1 > 2.0 * e0);
}

/* ---- elasto-plastic and GMS: machine and observer ------------------------------------------------ */

/* the default sine run with the example's set as the machine's kind and the observer of comp */
static fric_servo_metrics_t model_run(fric_model_kind_t machine, fric_servo_comp_t comp)
{
    fric_servo_cfg_t c = fric_servo_defaults();
    const fric_model_values_t v = fric_model_values_canudas1995();
    assert_int_equal(fric_model_build(machine, &v, &c.machine, NULL), FRIC_OK);
    c.comp_kind = comp;
    c.comp = fric_servo_comp_model(comp, &c.machine);
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    assert_int_equal(run_metrics(&c, NULL, &r, &m), FRIC_OK);
    fric_servo_result_free(&r);
    return m;
}

/* The observer of the machine's own model tracks its friction best: on an
 * elasto-plastic machine the elasto-plastic observer's position error is a
 * tenth of no compensation's and under two thirds of the LuGre observer's
 * (measured 2.1e-6, 4.9e-6, 5.5e-5 rad); on a GMS machine the GMS
 * observer's friction estimate is ten times closer than the static curve's,
 * and its position error five times smaller. */
static void test_matched_observer_tracks_its_machine(void **state)
{
    (void)state;
    const fric_servo_metrics_t ep_none = model_run(FRIC_MODEL_ELASTOPLASTIC, FRIC_SERVO_COMP_NONE);
    const fric_servo_metrics_t ep_lug = model_run(FRIC_MODEL_ELASTOPLASTIC, FRIC_SERVO_COMP_LUGRE);
    const fric_servo_metrics_t ep_ep = model_run(FRIC_MODEL_ELASTOPLASTIC, FRIC_SERVO_COMP_ELASTOPLASTIC);
    const fric_servo_metrics_t g_str = model_run(FRIC_MODEL_GMS, FRIC_SERVO_COMP_STRIBECK);
    const fric_servo_metrics_t g_g = model_run(FRIC_MODEL_GMS, FRIC_SERVO_COMP_GMS);
    print_message("elasto-plastic machine, RMS position error: none %.3g, lugre %.3g, elastoplastic %.3g rad\n",
                  ep_none.rms_e, ep_lug.rms_e, ep_ep.rms_e);
    print_message("GMS machine, RMS estimate error: stribeck %.3g, gms %.3g N*m; RMS position error %.3g, %.3g rad\n",
                  g_str.rms_ferr, g_g.rms_ferr, g_str.rms_e, g_g.rms_e);
    assert_true(ep_ep.rms_e * 10.0 <= ep_none.rms_e);
    assert_true(ep_ep.rms_e * 1.5 <= ep_lug.rms_e);
    assert_true(g_g.rms_ferr * 10.0 <= g_str.rms_ferr);
    assert_true(g_g.rms_e * 5.0 <= g_str.rms_e);
}

/* The observers of the double-only models step fric_model_step() on the
 * measured velocity: their estimate at each sample is that of a contact
 * driven by the same velocities */
/* the default sine run of the example's GMS set as machine and observer */
static fric_servo_cfg_t gms_axis(double duration)
{
    fric_servo_cfg_t c = fric_servo_defaults();
    const fric_model_values_t v = fric_model_values_canudas1995();
    assert_int_equal(fric_model_build(FRIC_MODEL_GMS, &v, &c.machine, NULL), FRIC_OK);
    c.comp_kind = FRIC_SERVO_COMP_GMS;
    c.comp = c.machine;
    c.duration = duration;
    return c;
}

static void test_model_observer_is_the_model_on_measured_velocity(void **state)
{
    (void)state;
    fric_servo_cfg_t c = gms_axis(0.5);
    char why[512];
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    fric_servo_state_t st;
    assert_int_equal(fric_servo_init(&c, NULL, &st), FRIC_OK);
    fric_model_state_t ref;
    fric_model_state_rest(&ref);
    for (int k = 0; k < 5000; k++) {
        fric_servo_sample_t row;
        assert_int_equal(fric_servo_step(&c, &st, NULL, &row), FRIC_OK);
        const double want = fric_model_step(&c.comp, &ref, row.omega_meas, c.ts);
        if (row.estimate != want) fail_msg("sample %d: estimate %.17g, the model on omega_meas %.17g", k, row.estimate, want);
    }
}

/* The GMS observer in fixed point (fric_fx_gms_step() on the velocity code)
 * tracks as the double one: position error within 5 %, no flag */
static void test_gms_observer_fixed_point(void **state)
{
    (void)state;
    fric_servo_cfg_t c = gms_axis(2.0);
    fric_servo_cfg_t cf = c;
    cf.arith = FRIC_SERVO_ARITH_FIXED;
    cf.f_max = 2.0;
    fric_servo_result_t r;
    fric_servo_metrics_t md, mf;
    assert_int_equal(run_metrics(&c, NULL, &r, &md), FRIC_OK);
    fric_servo_result_free(&r);
    assert_int_equal(run_metrics(&cf, NULL, &r, &mf), FRIC_OK);
    assert_int_equal(r.flags, 0u);
    fric_servo_result_free(&r);
    print_message("GMS observer, RMS position error: double %.4g, fixed %.4g rad\n", md.rms_e, mf.rms_e);
    assert_true(fabs(mf.rms_e - md.rms_e) <= 0.05 * md.rms_e);
    assert_true(cf.comp_fx.gms);
}

/* Refusals: the core arithmetic, a set of another kind, and
 * a machine of a kind the plant does not step */
static void test_model_observer_refusals(void **state)
{
    (void)state;
    char why[512];
    fric_servo_cfg_t c = fric_servo_defaults();
    c.comp_kind = FRIC_SERVO_COMP_ELASTOPLASTIC;
    c.comp = fric_servo_comp_model(c.comp_kind, &c.machine);
    assert_int_equal(c.comp.kind, FRIC_MODEL_ELASTOPLASTIC);
    assert_true(c.comp.ep.z_ba == 0.5 * c.machine.lugre.fc_pos / c.machine.lugre.sigma0);
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    c.arith = FRIC_SERVO_ARITH_FIXED; /* the elasto-plastic fixed-point observer */
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    c.arith = FRIC_SERVO_ARITH_CORE; /* the core in the loop is fric_lugre */
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "--comp-arith rtl needs"));
    c = fric_servo_defaults();
    c.comp_kind = FRIC_SERVO_COMP_GMS;
    c.comp = c.machine; /* a LuGre set */
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "cannot serve --compensation gms"));
    c = fric_servo_defaults();
    const fric_model_values_t v = fric_model_values_canudas1995();
    assert_int_equal(fric_model_build(FRIC_MODEL_STRIBECK, &v, &c.machine, NULL), FRIC_OK);
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "must be lugre, elastoplastic or gms"));
    /* a GMS machine's substep bound has the elements' stiffness sum */
    assert_int_equal(fric_model_build(FRIC_MODEL_GMS, &v, &c.machine, NULL), FRIC_OK);
    c.substeps = 1.0;
    c.ts = 1e-3;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "GMS elements"));
}

/* The drift scales every kind's levels and sigma2 alike, and keeps the rest */
static void test_model_scaled_every_kind(void **state)
{
    (void)state;
    const fric_model_values_t v = fric_model_values_canudas1995();
    const double m[FRIC_SERVO_NPAR] = {2.0, 3.0, 0.5};
    fric_model_t g, e;
    assert_int_equal(fric_model_build(FRIC_MODEL_GMS, &v, &g, NULL), FRIC_OK);
    assert_int_equal(fric_model_build(FRIC_MODEL_ELASTOPLASTIC, &v, &e, NULL), FRIC_OK);
    const fric_model_t gs = fric_servo_model_scaled(&g, m), es = fric_servo_model_scaled(&e, m);
    assert_true(gs.gms.curve.fc_pos == 2.0 * v.fc && gs.gms.curve.fs_neg == 3.0 * v.fs && gs.gms.curve.b_pos == 0.5 * v.b);
    assert_true(gs.gms.c == g.gms.c && gs.gms.k[0] == g.gms.k[0] && gs.gms.alpha[3] == g.gms.alpha[3]);
    assert_true(es.ep.lugre.fc_neg == 2.0 * v.fc && es.ep.lugre.fs_pos == 3.0 * v.fs && es.ep.lugre.sigma2_pos == 0.5 * v.b);
    assert_true(es.ep.z_ba == e.ep.z_ba && es.lugre.fc_pos == es.ep.lugre.fc_pos);
    assert_int_equal(fric_gms_check(&gs.gms), FRIC_OK);
}

/* ---- the adaptive observer ---------------------------------------------------------------------- */

/* a sine run of the given duration with the machine's Fc and Fs drifting by
 * fcm and sigma2 by s2m */
static fric_servo_cfg_t drift_cfg(fric_servo_comp_t comp, double duration, double fcm, double s2m)
{
    fric_servo_cfg_t c = fric_servo_defaults();
    c.duration = duration;
    c.comp_kind = comp;
    c.comp = c.machine;
    c.drift.end[FRIC_SERVO_PAR_FC] = fcm;
    c.drift.end[FRIC_SERVO_PAR_FS] = fcm;
    c.drift.end[FRIC_SERVO_PAR_SIGMA2] = s2m;
    return c;
}

/* run c; the result's last parameter point and the RMS error */
static double run_last(fric_servo_cfg_t c, double hat[FRIC_SERVO_NPAR], double par[FRIC_SERVO_NPAR], size_t *retunes)
{
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    assert_int_equal(run_metrics(&c, NULL, &r, &m), FRIC_OK);
    assert_true(r.ntrace >= 2);
    memcpy(hat, r.trace_hat[r.ntrace - 1], sizeof r.trace_hat[0]);
    if (par) memcpy(par, r.trace_par[r.ntrace - 1], sizeof r.trace_par[0]);
    if (retunes) *retunes = r.a_retunes;
    fric_servo_result_free(&r);
    return m.rms_e;
}

/* the benchmark's order on a short drift: oracle <= adaptive < nominal < none */
static void test_adaptive_order_on_a_short_drift(void **state)
{
    (void)state;
    double hat[FRIC_SERVO_NPAR], par[FRIC_SERVO_NPAR];
    size_t retunes = 0;
    const double none = run_last(drift_cfg(FRIC_SERVO_COMP_NONE, 12.0, 1.4, 0.8), hat, NULL, NULL);
    const double nominal = run_last(drift_cfg(FRIC_SERVO_COMP_LUGRE, 12.0, 1.4, 0.8), hat, NULL, NULL);
    const double oracle = run_last(drift_cfg(FRIC_SERVO_COMP_LUGRE_ORACLE, 12.0, 1.4, 0.8), hat, par, NULL);
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) assert_float_equal(hat[i], par[i], 0.0);
    const double adaptive = run_last(drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 12.0, 1.4, 0.8), hat, par, &retunes);
    print_message("RMS error: none %.3g, nominal %.3g, adaptive %.3g, oracle %.3g; Fc %.4g of %.4g, %zu retunes\n", none,
                  nominal, adaptive, oracle, hat[0], par[0], retunes);
    assert_true(retunes > 0);
    /* a drift of 40 % in 12 s is a fast one: the law lags it by a few percent */
    assert_true(oracle < adaptive && 2.0 * adaptive <= nominal && nominal < none);
    assert_true(fabs(hat[FRIC_SERVO_PAR_FC] / par[FRIC_SERVO_PAR_FC] - 1.0) < 0.1);
    /* Fs moves with Fc */
    assert_float_equal(hat[FRIC_SERVO_PAR_FS] / hat[FRIC_SERVO_PAR_FC], 1.5, 1e-9);
}

/* sigma2 is adapted by default; on the slow sine it follows; switched off, it holds */
static void test_adaptive_sigma2_by_default(void **state)
{
    (void)state;
    double hat[FRIC_SERVO_NPAR], par[FRIC_SERVO_NPAR];
    fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 20.0, 1.0, 0.6);
    assert_true(c.adapt.sigma2);
    run_last(c, hat, par, NULL);
    print_message("sigma2: %.4g, true %.4g\n", hat[FRIC_SERVO_PAR_SIGMA2], par[FRIC_SERVO_PAR_SIGMA2]);
    assert_true(hat[FRIC_SERVO_PAR_SIGMA2] < 0.4 * 0.85);
    c.adapt.sigma2 = false;
    run_last(c, hat, par, NULL);
    assert_float_equal(hat[FRIC_SERVO_PAR_SIGMA2], 0.4, 0.0);
}

/* short moves (the position step: 1 mrad in 50 ms) do not tell sigma2 from
 * Fc: sigma2 holds, and without drift the adaptive observer does no harm */
static void test_adaptive_sigma2_holds_on_short_moves(void **state)
{
    (void)state;
    double hat[FRIC_SERVO_NPAR];
    size_t retunes = 0;
    fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE, 12.0, 1.0, 1.0);
    c.ref = FRIC_SERVO_REF_STEP;
    c.amplitude = 0.001;
    const double nominal = run_last(c, hat, NULL, NULL);
    c.comp_kind = FRIC_SERVO_COMP_LUGRE_ADAPTIVE;
    const double adaptive = run_last(c, hat, NULL, &retunes);
    print_message("step, no drift: nominal %.4g, adaptive %.4g, %zu retunes, sigma2 %.4g\n", nominal, adaptive, retunes,
                  hat[FRIC_SERVO_PAR_SIGMA2]);
    assert_true(retunes > 0);
    assert_float_equal(hat[FRIC_SERVO_PAR_SIGMA2], 0.4, 0.0);
    assert_true(adaptive <= 1.1 * nominal);
}

/* the fixed-point observer is retuned by recompiled sets, and follows as the double one */
static void test_adaptive_fixed_point_retunes(void **state)
{
    (void)state;
    double hd[FRIC_SERVO_NPAR], hf[FRIC_SERVO_NPAR];
    size_t rd = 0, rf = 0;
    fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 8.0, 1.4, 0.8);
    const double ed = run_last(c, hd, NULL, &rd);
    c.arith = FRIC_SERVO_ARITH_FIXED;
    const double ef = run_last(c, hf, NULL, &rf);
    assert_true(rf > 0 && rd > 0);
    assert_true(fabs(ef / ed - 1.0) < 0.2);
    assert_true(fabs(hf[FRIC_SERVO_PAR_FC] / hd[FRIC_SERVO_PAR_FC] - 1.0) < 0.02);
    /* the automatic force scale covers the upper bound: 2 x the nominal's */
    fric_servo_cfg_t p = c;
    char why[512];
    assert_int_equal(fric_servo_prepare(&p, why, sizeof why), FRIC_OK);
    fric_servo_cfg_t n = c;
    n.comp_kind = FRIC_SERVO_COMP_LUGRE;
    assert_int_equal(fric_servo_prepare(&n, why, sizeof why), FRIC_OK);
    assert_true(p.comp_fx.rep.f_max > 1.9 * n.comp_fx.rep.f_max);
}

/* Adversarial input: the estimates stay inside their bounds (and where the
 * guards hold them, do not move at all) */
static void test_adaptive_bounds_under_adversity(void **state)
{
    (void)state;
    double hat[FRIC_SERVO_NPAR];
    const fric_lugre_cfg_t nom = fric_servo_defaults().machine.lugre;
    /* noise only: a motion of a few encoder counts, below the gate: nothing moves */
    fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 6.0, 1.4, 0.8);
    c.amplitude = 2e-6;
    c.frequency = 5.0;
    run_last(c, hat, NULL, NULL);
    assert_float_equal(hat[FRIC_SERVO_PAR_FC], nom.fc_pos, 0.0);
    assert_float_equal(hat[FRIC_SERVO_PAR_SIGMA2], nom.sigma2_pos, 0.0);
    /* the same noise with the gate opened to it, sigma2 adapted too: the estimates may move, inside the bounds */
    c.adapt.v_gate = 1e-9;
    c.adapt.sigma2 = true;
    c.adapt.slew = 100.0;
    c.adapt.gain = 1.0;
    c.adapt.dead_zone = 0.0;
    run_last(c, hat, NULL, NULL);
    assert_true(hat[FRIC_SERVO_PAR_FC] >= 0.5 * nom.fc_pos && hat[FRIC_SERVO_PAR_FC] <= 2.0 * nom.fc_pos);
    assert_true(hat[FRIC_SERVO_PAR_SIGMA2] >= 0.5 * nom.sigma2_pos && hat[FRIC_SERVO_PAR_SIGMA2] <= 2.0 * nom.sigma2_pos);
    /* a stuck encoder: 2^15 counts per revolution (a count is 192 urad) never change under a 100 urad motion
     * whose speed (16 mrad/s at 50 Hz) is above the gate; the law sees the encoder not moving */
    c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 6.0, 1.4, 0.8);
    c.counts_per_rev = 32768.0;
    c.amplitude = 5e-5;
    c.frequency = 50.0;
    c.adapt.sigma2 = true;
    run_last(c, hat, NULL, NULL);
    assert_float_equal(hat[FRIC_SERVO_PAR_FC], nom.fc_pos, 0.0);
    assert_float_equal(hat[FRIC_SERVO_PAR_SIGMA2], nom.sigma2_pos, 0.0);
    /* saturated torque: u_max below Fc, every sample limited */
    c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 6.0, 1.4, 0.8);
    c.u_max = 0.5;
    run_last(c, hat, NULL, NULL);
    assert_float_equal(hat[FRIC_SERVO_PAR_FC], nom.fc_pos, 0.0);
    /* projection: a compensator set at a fifth of the machine's ends at the upper bound, not beyond */
    c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 6.0, 1.0, 1.0);
    c.comp.lugre.fc_pos = c.comp.lugre.fc_neg = 0.2;
    c.comp.lugre.fs_pos = c.comp.lugre.fs_neg = 0.3;
    c.adapt.slew = 100.0;
    run_last(c, hat, NULL, NULL);
    assert_float_equal(hat[FRIC_SERVO_PAR_FC], 0.4, 1e-12);
}

/* at standstill the estimates hold, exactly */
static void test_adaptive_holds_at_standstill(void **state)
{
    (void)state;
    /* 10 s of 0.5 Hz sine moves, then 10 s at rest, the drift continuing */
    static double t[2002], x[2002];
    for (int i = 0; i <= 2000; i++) {
        t[i] = 0.005 * i;
        x[i] = 0.01 * (1.0 - cos(TWO_PI * 0.5 * t[i]));
    }
    t[2001] = 20.0;
    x[2001] = 0.0;
    fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 20.0, 1.4, 0.8);
    c.ref = FRIC_SERVO_REF_TRAJECTORY;
    c.traj_t = t;
    c.traj_x = x;
    c.traj_n = 2002;
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    assert_int_equal(run_metrics(&c, NULL, &r, &m), FRIC_OK);
    /* the points at 12, 14, ... 20 s: the estimate of 11 s on */
    assert_int_equal(r.ntrace, FRIC_SERVO_TRACE_POINTS);
    assert_true(r.trace_hat[5][FRIC_SERVO_PAR_FC] > 1.1); /* it had moved during the motion */
    for (size_t j = 7; j < r.ntrace; j++)
        for (int i = 0; i < FRIC_SERVO_NPAR; i++) assert_float_equal(r.trace_hat[j][i], r.trace_hat[6][i], 0.0);
    fric_servo_result_free(&r);
}

/* without drift, the adaptive observer does no harm */
static void test_adaptive_no_drift_no_harm(void **state)
{
    (void)state;
    double hat[FRIC_SERVO_NPAR];
    const double nominal = run_last(drift_cfg(FRIC_SERVO_COMP_LUGRE, 12.0, 1.0, 1.0), hat, NULL, NULL);
    const double adaptive = run_last(drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 12.0, 1.0, 1.0), hat, NULL, NULL);
    print_message("no drift: nominal %.4g, adaptive %.4g\n", nominal, adaptive);
    assert_true(adaptive <= 1.1 * nominal);
}

/* ---- the thermal model ------------------------------------------------------------------------ */

static fric_servo_thermal_t thermal_example(void)
{
    fric_servo_thermal_t th = fric_servo_defaults().thermal;
    th.on = true;
    th.c = 0.5;
    th.r = 40.0;
    th.ambient = 20.0;
    th.t0 = 20.0;
    return th;
}

/* at a constant power the temperature settles at ambient + r P exactly, and
 * the step is the exact solution: two half steps are one whole step, and a
 * step from T0 is the analytic T(dt) */
static void test_thermal_steady_state_exact(void **state)
{
    (void)state;
    const fric_servo_thermal_t th = thermal_example();
    const double p = 0.25, tau = th.r * th.c, tinf = th.ambient + th.r * p;
    /* steps of one time constant: after 1000 of them the difference has underflowed to 0 */
    double t = th.t0;
    for (int i = 0; i < 1000; i++) t = fric_servo_thermal_step(&th, t, p, tau);
    assert_true(t == tinf);
    assert_float_equal(tinf, 30.0, 0.0);
    /* the analytic solution from T0, at a few times */
    const double dts[] = {1e-4, 0.1, 3.0, 47.0};
    for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
        const double dt = dts[i], want = tinf + (th.t0 - tinf) * exp(-dt / tau);
        const double one = fric_servo_thermal_step(&th, th.t0, p, dt);
        const double two = fric_servo_thermal_step(&th, fric_servo_thermal_step(&th, th.t0, p, dt / 2), p, dt / 2);
        assert_float_equal(one, want, 1e-12);
        assert_float_equal(two, one, 1e-12);
    }
    /* no power: it cools toward the ambient from above */
    const double hot = fric_servo_thermal_step(&th, 60.0, 0.0, tau);
    assert_float_equal(hot, 20.0 + 40.0 * exp(-1.0), 1e-12);
}

/* the multipliers: 1 + k (T - ambient), limited to the drift ranges */
static void test_thermal_multipliers(void **state)
{
    (void)state;
    fric_servo_thermal_t th = thermal_example();
    th.k[FRIC_SERVO_PAR_FC] = -0.01;
    th.k[FRIC_SERVO_PAR_FS] = 0.02;
    th.k[FRIC_SERVO_PAR_SIGMA2] = -0.5;
    double m[FRIC_SERVO_NPAR];
    fric_servo_thermal_mult(&th, 20.0, m);
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) assert_float_equal(m[i], 1.0, 0.0);
    fric_servo_thermal_mult(&th, 30.0, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FC], 0.9, 1e-15);
    assert_float_equal(m[FRIC_SERVO_PAR_FS], 1.2, 1e-15);
    assert_float_equal(m[FRIC_SERVO_PAR_SIGMA2], 0.0, 0.0); /* 1 - 5, limited to 0 */
    fric_servo_thermal_mult(&th, 120.0, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FC], FRIC_SERVO_DRIFT_MIN, 0.0); /* 1 - 1, limited to 0.1 */
    fric_servo_thermal_mult(&th, 500.0, m);
    assert_float_equal(m[FRIC_SERVO_PAR_FS], FRIC_SERVO_DRIFT_MAX, 0.0); /* 1 + 9.6, limited to 10 */
}

/* in the loop: each period's temperature is the step of the last at the
 * period's friction power, the machine's set follows it, and the summary's
 * figures are the samples' */
static void test_thermal_in_the_loop(void **state)
{
    (void)state;
    fric_servo_cfg_t c = fric_servo_defaults();
    c.duration = 2.0;
    c.ref = FRIC_SERVO_REF_RAMP;
    c.speed = 0.05;
    c.thermal = thermal_example();
    c.thermal.c = 0.002;
    c.thermal.r = 100.0;
    c.thermal.t0 = NAN;
    c.thermal.k[FRIC_SERVO_PAR_FC] = -0.01;
    char why[512];
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_OK);
    assert_float_equal(c.thermal.t0, 20.0, 0.0);
    fric_servo_state_t st;
    assert_int_equal(fric_servo_init(&c, NULL, &st), FRIC_OK);
    const double fc0 = c.machine.lugre.fc_pos;
    double want = 20.0, energy = 0.0;
    const size_t n = (size_t)(c.duration / c.ts);
    for (size_t k = 0; k < n; k++) {
        fric_servo_sample_t row;
        assert_int_equal(fric_servo_step(&c, &st, NULL, &row), FRIC_OK);
        assert_true(row.temperature == want);
        assert_float_equal(row.par[FRIC_SERVO_PAR_FC], fc0 * (1.0 - 0.01 * (want - 20.0)), 1e-12);
        assert_true(row.power >= 0.0);
        energy += row.power * c.ts;
        want = fric_servo_thermal_step(&c.thermal, want, row.power, c.ts);
        assert_true(st.temp == want);
    }
    /* ten time constants at a nearly constant power: settled at ambient + r P */
    const double p_end = energy / c.duration;
    print_message("thermal: %.6g degC after %g s at %.6g W (mean)\n", st.temp, c.duration, p_end);
    assert_true(st.temp > 24.0 && fabs(st.temp - (20.0 + 100.0 * p_end)) < 0.1);
    /* the run keeps the same figures */
    fric_servo_result_t r;
    assert_int_equal(fric_servo_run(&c, NULL, &r), FRIC_OK);
    assert_true(r.temp_end == st.temp);
    assert_float_equal(r.energy, energy, 1e-12 * energy);
    assert_true(r.trace_temp[0] == 20.0 && r.temp_peak >= r.temp_end);
    fric_servo_result_free(&r);
    /* without the model: no temperature */
    c = fric_servo_defaults();
    c.duration = 0.01;
    assert_int_equal(fric_servo_run(&c, NULL, &r), FRIC_OK);
    assert_true(isnan(r.temp_end) && isnan(r.trace_temp[0]));
    fric_servo_result_free(&r);
}

/* bad constants: refused naming the parameter and its range */
static void test_thermal_bad_values_refused(void **state)
{
    (void)state;
    static const struct {
        int field; /* 0 c, 1 r, 2 ambient, 3 t0, 4.. k[field - 4] */
        double v;
        const char *want;
    } bad[] = {
        {0, 0.0, "--thermal c (the machine's heat capacity, J/K) must be in (0, 1e+09], got 0"},
        {0, NAN, "--thermal c (the machine's heat capacity, J/K) must be in (0, 1e+09], got nan"},
        {1, -1.0, "--thermal r (the thermal resistance to the ambient, K/W) must be in (0, 1e+09], got -1"},
        {2, -150.0, "--thermal ambient (the ambient temperature, degC) must be in [-100, 500], got -150"},
        {3, 501.0, "--thermal t0 (the machine's temperature at t = 0, degC) must be in [-100, 500], got 501"},
        {4, 1.5, "--thermal fc (the temperature coefficient of Fc, 1/K) must be in [-1, 1], got 1.5"},
        {5, -2.0, "--thermal fs (the temperature coefficient of Fs, 1/K) must be in [-1, 1], got -2"},
        {6, INFINITY, "--thermal sigma2 (the temperature coefficient of sigma2, 1/K) must be in [-1, 1], got inf"},
    };
    char why[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fric_servo_cfg_t c = fric_servo_defaults();
        c.thermal = thermal_example();
        double *f[] = {&c.thermal.c, &c.thermal.r, &c.thermal.ambient, &c.thermal.t0,
                       &c.thermal.k[0], &c.thermal.k[1], &c.thermal.k[2]};
        *f[bad[i].field] = bad[i].v;
        assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
        assert_string_equal(why, bad[i].want);
    }
    fric_servo_cfg_t c = fric_servo_defaults();
    c.thermal = thermal_example();
    c.drift.end[FRIC_SERVO_PAR_FC] = 1.2;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_string_equal(why, "--thermal and --drift/--drift-profile exclude each other: give one");
}

static void test_adaptive_bad_settings_refused(void **state)
{
    (void)state;
    static const struct {
        size_t off;
        double v;
        const char *want;
    } bad[] = {
        {offsetof(fric_servo_adapt_t, rate), 1e4, "--adapt-rate (law updates per second, Hz) must be in [0.152588, 625]"},
        {offsetof(fric_servo_adapt_t, rate), -1.0, "--adapt-rate"},
        {offsetof(fric_servo_adapt_t, gain), 0.0, "--adapt-gain (share of each window's correction) must be in (0, 1]"},
        {offsetof(fric_servo_adapt_t, lo), 0.05, "--adapt-bounds LO,HI"},
        {offsetof(fric_servo_adapt_t, hi), 11.0, "--adapt-bounds LO,HI"},
        {offsetof(fric_servo_adapt_t, slew), 0.0, "--adapt-slew"},
        {offsetof(fric_servo_adapt_t, dead_zone), 0.6, "--adapt-dead-zone (share of Fc) must be in [0, 0.5]"},
        {offsetof(fric_servo_adapt_t, v_gate), -1.0, "--adapt-gate"},
    };
    char why[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ADAPTIVE, 1.0, 1.0, 1.0);
        memcpy((char *)&c.adapt + bad[i].off, &bad[i].v, sizeof(double));
        assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
        if (!strstr(why, bad[i].want)) fail_msg("case %zu: '%s' lacks '%s'", i, why, bad[i].want);
    }
    fric_servo_cfg_t c = drift_cfg(FRIC_SERVO_COMP_LUGRE_ORACLE, 1.0, 1.0, 1.0);
    c.arith = FRIC_SERVO_ARITH_FIXED;
    assert_int_equal(fric_servo_prepare(&c, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "lugre-oracle runs in --comp-arith double only"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prepare_derives_the_defaults),
        cmocka_unit_test(test_comp_model_reads_the_machine),
        cmocka_unit_test(test_bad_values_are_refused_by_option),
        cmocka_unit_test(test_every_field_at_extremes),
        cmocka_unit_test(test_lugre_compensation_beats_none),
        cmocka_unit_test(test_divergent_loop_is_an_error_not_nan),
        cmocka_unit_test(test_sample_hook_sees_every_sample),
        cmocka_unit_test(test_core_hooks_see_the_fixed_point_model),
        cmocka_unit_test(test_core_retunes_follow_the_law),
        cmocka_unit_test(test_steps_are_the_run),
        cmocka_unit_test(test_runs_are_deterministic),
        cmocka_unit_test(test_two_threads_run_as_one),
        cmocka_unit_test(test_drift_ramp_and_profile),
        cmocka_unit_test(test_drift_bad_specs_refused),
        cmocka_unit_test(test_drift_moves_the_plant),
        cmocka_unit_test(test_matched_observer_tracks_its_machine),
        cmocka_unit_test(test_model_observer_is_the_model_on_measured_velocity),
        cmocka_unit_test(test_gms_observer_fixed_point),
        cmocka_unit_test(test_model_observer_refusals),
        cmocka_unit_test(test_model_scaled_every_kind),
        cmocka_unit_test(test_adaptive_order_on_a_short_drift),
        cmocka_unit_test(test_adaptive_sigma2_by_default),
        cmocka_unit_test(test_adaptive_sigma2_holds_on_short_moves),
        cmocka_unit_test(test_adaptive_fixed_point_retunes),
        cmocka_unit_test(test_adaptive_bounds_under_adversity),
        cmocka_unit_test(test_adaptive_holds_at_standstill),
        cmocka_unit_test(test_adaptive_no_drift_no_harm),
        cmocka_unit_test(test_adaptive_bad_settings_refused),
        cmocka_unit_test(test_thermal_steady_state_exact),
        cmocka_unit_test(test_thermal_multipliers),
        cmocka_unit_test(test_thermal_in_the_loop),
        cmocka_unit_test(test_thermal_bad_values_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
