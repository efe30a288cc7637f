/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tests of friction identification (fric_fit.h) and of the parameter file
 * reader (fric_params.h). The data is synthetic, from known parameters, with
 * Gaussian force noise of 1 % of the force's RMS: the static fit must return
 * within 2 %, sigma0 within 10 % and sigma1 within 30 %, and over 100 seeded
 * runs each 95 % interval must hold the true value in at least 90 runs.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fric_fit.h"
#include "fric_params.h"
#include "fric_reduce.h"
#include "fricore.h"

#define NOISE 0.01 /* force noise, relative to the RMS force */
#define RUNS 100   /* seeded runs of the coverage tests */

/* ---- the synthetic data ---------------------------------------------------- */

/* splitmix64: a seeded, portable generator */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double rng_unit(uint64_t *s) { return ((double)(rng_next(s) >> 11) + 0.5) * 0x1p-53; }

static double rng_gauss(uint64_t *s)
{
    return sqrt(-2.0 * log(rng_unit(s))) * cos(6.283185307179586 * rng_unit(s));
}

static void add_noise(double *f, size_t n, uint64_t *seed)
{
    double ms = 0.0;
    for (size_t i = 0; i < n; i++) ms += f[i] * f[i] / (double)n;
    const double sd = NOISE * sqrt(ms);
    for (size_t i = 0; i < n; i++) f[i] += sd * rng_gauss(seed);
}

/* constant-velocity runs: nv speeds log-spaced over [vlo, vhi], both
 * directions, rep repeats each; n = 2 nv rep rows */
static size_t static_data(const fric_stribeck_cfg_t *c, size_t nv, size_t rep, double vlo, double vhi, uint64_t seed,
                          double *v, double *f)
{
    size_t n = 0;
    for (size_t r = 0; r < rep; r++)
        for (size_t i = 0; i < nv; i++)
            for (int s = -1; s <= 1; s += 2) {
                v[n] = s * vlo * pow(vhi / vlo, (double)i / (double)(nv - 1));
                f[n] = fric_stribeck_force(c, v[n]);
                n++;
            }
    add_noise(f, n, &seed);
    return n;
}

/* a presliding record: x = amp sin(2 pi freq t) sampled at dt, v the mean
 * velocity of each step, F the exact step's force from rest */
static void dynamic_data(const fric_lugre_cfg_t *c, size_t n, double dt, double amp, double freq, uint64_t seed,
                         double *t, double *v, double *f)
{
    fric_lugre_state_t st;
    fric_lugre_init(c, &st);
    double xprev = 0.0;
    for (size_t k = 0; k < n; k++) {
        t[k] = (double)k * dt;
        const double x = amp * sin(6.283185307179586 * freq * t[k]);
        v[k] = k ? (x - xprev) / dt : 0.0;
        f[k] = k ? fric_lugre_step(c, &st, v[k], dt) : 0.0;
        xprev = x;
    }
    add_noise(f, n, &seed);
}

static const fric_stribeck_cfg_t TRUE_STATIC = {1.0, 1.0, 1.5, 1.5, 0.4, 0.4, 1e-3, 1e-3, 2.0};

static fric_lugre_cfg_t true_lugre(void) { return fric_lugre_cfg_canudas1995(); }

#define assert_rel(got, want, tol)                                                                          \
    do {                                                                                                    \
        const double g_ = (got), w_ = (want);                                                               \
        if (!(fabs(g_ - w_) <= (tol) * fabs(w_)))                                                           \
            fail_msg("%s = %.9g, true %.9g: relative error %.3g > %g", #got, g_, w_, fabs(g_ - w_) / fabs(w_), \
                     (double)(tol));                                                                        \
    } while (0)

/* ---- static fit -------------------------------------------------------------- */

static void test_static_recovers_within_2_percent(void **state)
{
    (void)state;
    static double v[2000], f[2000];
    const size_t n = static_data(&TRUE_STATIC, 50, 10, 1e-4, 1.0, 1, v, f);
    fric_fit_static_opts_t o = {.asymmetric = false, .fit_delta = false, .delta = 2.0};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    print_message("static: fc %.5g fs %.5g vs %.5g sigma2 %.5g, rms %.3g N, %d evaluations\n", c.fc_pos, c.fs_pos,
                  c.vs, c.b_pos, r.rms, r.nfev);
    assert_rel(c.fc_pos, 1.0, 0.02);
    assert_rel(c.fs_pos, 1.5, 0.02);
    assert_rel(c.vs, 1e-3, 0.02);
    assert_rel(c.b_pos, 0.4, 0.02);
    assert_int_equal(r.warn, 0);
    assert_int_equal(r.np, 4);
    assert_string_equal(r.name[2], "vs");
}

static void test_static_asymmetric_and_delta(void **state)
{
    (void)state;
    static double v[2000], f[2000];
    const fric_stribeck_cfg_t t = {1.0, 0.8, 1.5, 1.3, 0.4, 0.5, 1e-3, 1e-3, 1.5};
    const size_t n = static_data(&t, 50, 10, 1e-4, 1.0, 2, v, f);
    fric_fit_static_opts_t o = {.asymmetric = true, .fit_delta = true, .delta = 2.0};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    assert_int_equal(r.np, 8);
    assert_rel(c.fc_pos, 1.0, 0.02);
    assert_rel(c.fc_neg, 0.8, 0.02);
    assert_rel(c.fs_pos, 1.5, 0.02);
    assert_rel(c.fs_neg, 1.3, 0.02);
    assert_rel(c.b_pos, 0.4, 0.02);
    assert_rel(c.b_neg, 0.5, 0.02);
    assert_rel(c.vs, 1e-3, 0.02);
    assert_rel(c.delta, 1.5, 0.02);
}

static void test_static_warns_without_low_speeds(void **state)
{
    (void)state;
    static double v[2000], f[2000];
    const size_t n = static_data(&TRUE_STATIC, 20, 10, 5e-3, 1.0, 3, v, f);
    fric_fit_static_opts_t o = {.asymmetric = false, .fit_delta = false, .delta = 2.0};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    print_message("no low speeds: fs %.4g +- %.3g, vs %.4g +- %.3g, warn %#x\n", r.value[1], r.se[1], r.value[2], r.se[2], r.warn);
    assert_true(r.warn & (FRIC_FIT_WARN_NO_LOW_V | FRIC_FIT_WARN_WIDE));
}

static void test_static_refuses_bad_data(void **state)
{
    (void)state;
    const double v[] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}, f[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    const double zero[6] = {0}, nan_f[] = {1, 1, NAN, 1, 1, 1};
    fric_fit_static_opts_t o = {.asymmetric = false, .fit_delta = false, .delta = 2.0}, oa = {.asymmetric = true, .fit_delta = false, .delta = 2.0};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(zero, f, 6, &o, &c, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "no motion"));
    assert_int_equal(fric_fit_static(v, f, 4, &o, &c, &r), FRIC_FIT_ERR_DATA);
    assert_int_equal(fric_fit_static(v, f, 10, &oa, &c, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "one direction"));
    assert_int_equal(fric_fit_static(v, nan_f, 6, &o, &c, &r), FRIC_FIT_ERR_DATA);
}

/* the intervals, not just the estimates: over RUNS seeds, each parameter's
 * 95 % interval holds the true value in at least 90 % of the runs */
static void test_static_intervals_cover(void **state)
{
    (void)state;
    static double v[400], f[400];
    const double truth[4] = {1.0, 1.5, 1e-3, 0.4};
    int hits[4] = {0};
    for (int s = 0; s < RUNS; s++) {
        const size_t n = static_data(&TRUE_STATIC, 20, 10, 1e-4, 1.0, 1000 + (uint64_t)s, v, f);
        fric_fit_static_opts_t o = {.asymmetric = false, .fit_delta = false, .delta = 2.0};
        fric_stribeck_cfg_t c;
        fric_fit_report_t r;
        assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
        for (int j = 0; j < 4; j++) hits[j] += r.lo[j] <= truth[j] && truth[j] <= r.hi[j];
    }
    print_message("static 95 %% interval coverage over %d runs: fc %d, fs %d, vs %d, sigma2 %d\n", RUNS, hits[0],
                  hits[1], hits[2], hits[3]);
    for (int j = 0; j < 4; j++) assert_true(hits[j] >= RUNS * 9 / 10);
}

/* ---- bounds, fixed values, convergence ------------------------------------------ */

static const fric_stribeck_cfg_t SHARP = {.fc_pos = 1.0, .fc_neg = 1.0, .fs_pos = 1.5, .fs_neg = 1.5, .b_pos = 0.4,
                                          .b_neg = 0.4, .vs = 1e-3, .delta = 40.0};

static void test_static_runaway_delta_ends_on_its_bound(void **state)
{
    (void)state;
    /* a nearly sharp drop (delta 40): a free delta runs to the physical bound 10 */
    static double v[2000], f[2000];
    const size_t n = static_data(&SHARP, 50, 4, 1e-4, 1.0, 5, v, f);
    fric_fit_static_opts_t o = {.fit_delta = true};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    print_message("runaway delta: %.6g, at bound %d, converged %d, warn %#x\n", c.delta, r.at_bound[4], r.converged, r.warn);
    assert_string_equal(r.name[4], "delta");
    assert_true(c.delta <= 10.0 && c.delta >= 9.99);
    assert_true(r.at_bound[4]);
    assert_true(r.warn & FRIC_FIT_WARN_AT_BOUND);
    assert_false(isfinite(r.se[4]));
    /* the other parameters are still estimated, with intervals */
    assert_true(isfinite(r.se[0]) && !r.at_bound[0]);
    assert_rel(c.fc_pos, 1.0, 0.02);
}

static void test_static_user_bound_and_fix(void **state)
{
    (void)state;
    static double v[2000], f[2000];
    const size_t n = static_data(&TRUE_STATIC, 50, 4, 1e-4, 1.0, 6, v, f);
    /* delta = 2 is outside [2.5, 4]: the fit ends on 2.5 */
    const fric_fit_bound_t b1[] = {{"delta", 2.5, 4.0}};
    fric_fit_static_opts_t o = {.fit_delta = true, .bounds = b1, .nbounds = 1};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    assert_true(r.at_bound[4]);
    assert_true(fabs(c.delta - 2.5) <= 1e-3);
    assert_true(r.bound_lo[4] == 2.5 && r.bound_hi[4] == 4.0);
    /* a bound that holds the truth: interior, no flag */
    const fric_fit_bound_t b2[] = {{"delta", 1.0, 3.0}};
    o.bounds = b2;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    assert_false(r.warn & FRIC_FIT_WARN_AT_BOUND);
    assert_rel(c.delta, 2.0, 0.02);
    /* fs held at 1.6: exactly that value, marked fixed, the rest refitted */
    const fric_fit_bound_t b3[] = {{"fs", 1.6, 1.6}};
    fric_fit_static_opts_t of = {.bounds = b3, .nbounds = 1};
    assert_int_equal(fric_fit_static(v, f, n, &of, &c, &r), 0);
    assert_true(c.fs_pos == 1.6 && r.fixed[1] && !isfinite(r.se[1]));
    assert_false(r.at_bound[1]);
    assert_true(isfinite(r.se[0]));
    assert_int_equal(r.nactive, 3);
}

static void test_static_refuses_bad_bounds(void **state)
{
    (void)state;
    static double v[400], f[400];
    const size_t n = static_data(&TRUE_STATIC, 20, 4, 1e-4, 1.0, 7, v, f);
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    const fric_fit_bound_t bad[][1] = {{{"delta", 0.2, 3.0}}, {{"deltaa", 1.0, 3.0}}, {{"fc", -1.0, 1.0}},
                                       {{"vs", 0.0, 0.0}}, {{"fs", 2.0, 1.0}}, {{"sigma2", NAN, 1.0}}};
    const char *const msg[] = {"delta's physical range [0.5, 10]", "not a parameter of this fit (fc, fs, vs, sigma2, delta)",
                               "fc's physical range [0, 15.1", "and > 0", "low <= high", "sigma2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fric_fit_static_opts_t o = {.fit_delta = true, .bounds = bad[i], .nbounds = 1};
        assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), FRIC_FIT_ERR_OPTION);
        if (!strstr(r.why, msg[i])) fail_msg("bound %zu: '%s' lacks '%s'", i, r.why, msg[i]);
    }
}

/* ---- weights and robust loss ------------------------------------------------------ */

/* 5 % of the rows moved by +-30 % of their force */
static void add_outliers(double *f, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        if (rng_unit(&seed) < 0.05) f[i] += (rng_unit(&seed) < 0.5 ? -0.3 : 0.3) * fabs(f[i]);
}

static void test_static_robust_loss_with_outliers(void **state)
{
    (void)state;
    static double v[400], f[400];
    const size_t n = static_data(&TRUE_STATIC, 20, 10, 1e-4, 1.0, 8, v, f);
    add_outliers(f, n, 9);
    const double truth[4] = {1.0, 1.5, 1e-3, 0.4};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    double worst[3] = {0};
    const fric_fit_loss_t loss[3] = {FRIC_FIT_LOSS_L2, FRIC_FIT_LOSS_HUBER, FRIC_FIT_LOSS_SOFT_L1};
    for (int l = 0; l < 3; l++) {
        fric_fit_static_opts_t o = {.loss = loss[l]};
        assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
        assert_true(r.converged);
        for (int j = 0; j < 4; j++) worst[l] = fmax(worst[l], fabs(r.value[j] - truth[j]) / truth[j]);
        print_message("loss %d: fc %.5g fs %.5g vs %.5g sigma2 %.5g, worst %.2f %%, %d rounds\n", l, c.fc_pos, c.fs_pos,
                      c.vs, c.b_pos, 100.0 * worst[l], r.rounds);
    }
    assert_true(worst[0] > 0.02);  /* least squares misses */
    assert_true(worst[1] <= 0.02); /* huber */
    assert_true(worst[2] <= 0.02); /* soft_l1 */
}

static void test_static_weights(void **state)
{
    (void)state;
    /* every other repeat corrupted by noise 30 times larger, weighted 1/900 */
    static double v[400], f[400], w[400], f2[400];
    const size_t n = static_data(&TRUE_STATIC, 20, 10, 1e-4, 1.0, 10, v, f);
    uint64_t seed = 11;
    for (size_t i = 0; i < n; i++) {
        const bool noisy = (i / 40) % 2 == 1;
        f2[i] = f[i] + (noisy ? 0.3 * fabs(f[i]) * rng_gauss(&seed) : 0.0);
        w[i] = noisy ? 1.0 / 900.0 : 1.0;
    }
    fric_fit_static_opts_t ow = {.weight = w}, ou = {0};
    fric_stribeck_cfg_t cw, cu;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f2, n, &ow, &cw, &r), 0);
    assert_rel(cw.fc_pos, 1.0, 0.02);
    assert_rel(cw.fs_pos, 1.5, 0.02);
    assert_rel(cw.vs, 1e-3, 0.03);
    assert_rel(cw.b_pos, 0.4, 0.02);
    assert_int_equal(fric_fit_static(v, f2, n, &ou, &cu, &r), 0);
    assert_true(fabs(cu.vs - 1e-3) > fabs(cw.vs - 1e-3) || fabs(cu.b_pos - 0.4) > fabs(cw.b_pos - 0.4));
    w[3] = 0.0;
    assert_int_equal(fric_fit_static(v, f2, n, &ow, &cw, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "weight"));
}

/* ---- a vs per direction, and the comparison ---------------------------------------- */

/* steady state with vs_neg for v < 0 */
static size_t two_vs_data(double vs_neg, double delta, uint64_t seed, double *v, double *f)
{
    const fric_stribeck_cfg_t t = {.fc_pos = 1.0, .fc_neg = 0.9, .fs_pos = 1.5, .fs_neg = 1.3, .b_pos = 0.4,
                                   .b_neg = 0.35, .vs = 1e-3, .delta = delta};
    size_t n = 0;
    for (int rep = 0; rep < 6; rep++)
        for (int i = 0; i < 20; i++)
            for (int s = -1; s <= 1; s += 2) {
                v[n] = s * 1e-4 * pow(1e4, i / 19.0);
                f[n] = fric_fit_curve(&t, vs_neg, v[n]) + 0.003 * rng_gauss(&seed);
                n++;
            }
    return n;
}

static void test_static_vs_per_direction(void **state)
{
    (void)state;
    static double v[400], f[400];
    const size_t n = two_vs_data(2e-3, 2.0, 12, v, f);
    fric_fit_static_opts_t o = {.asymmetric = true, .vs_per_direction = true};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, n, &o, &c, &r), 0);
    assert_int_equal(r.np, 8);
    assert_string_equal(r.name[7], "vs_neg");
    assert_rel(c.vs, 1e-3, 0.02);
    assert_rel(r.value[7], 2e-3, 0.02);
    assert_rel(c.fs_neg, 1.3, 0.02);
    fric_fit_static_opts_t bad = {.vs_per_direction = true};
    assert_int_equal(fric_fit_static(v, f, n, &bad, &c, &r), FRIC_FIT_ERR_OPTION);
}

static void test_compare_finds_the_variant_of_the_data(void **state)
{
    (void)state;
    static double v[400], f[400];
    fric_fit_compare_t *cmp = malloc(sizeof *cmp);
    assert_non_null(cmp);
    const fric_fit_static_opts_t o = {0};
    /* two vs, delta 2 */
    size_t n = two_vs_data(2e-3, 2.0, 13, v, f);
    assert_int_equal(fric_fit_compare(v, f, n, &o, cmp), 0);
    for (int i = 0; i < FRIC_FIT_NVARIANTS; i++)
        print_message("  %-42s k %d rms %.4g bic %.1f%s\n", fric_fit_variants[i].name, cmp->row[i].k, cmp->row[i].rep.rms,
                      cmp->row[i].bic, cmp->row[i].usable ? "" : " (not usable)");
    assert_int_equal(cmp->best_bic, 7);
    assert_string_equal(fric_fit_variants[7].name, "asymmetric, vs per direction, delta = 2");
    assert_int_equal(cmp->hw_best, 7);
    assert_true(cmp->free_max_diff < 0.01);
    /* one vs, delta 1: the one-vs delta-1 variant */
    n = two_vs_data(1e-3, 1.0, 14, v, f);
    assert_int_equal(fric_fit_compare(v, f, n, &o, cmp), 0);
    assert_int_equal(cmp->best_bic, 3);
    /* symmetric Canudas set, delta 2 */
    n = static_data(&TRUE_STATIC, 20, 6, 1e-4, 1.0, 15, v, f);
    assert_int_equal(fric_fit_compare(v, f, n, &o, cmp), 0);
    assert_int_equal(cmp->best_bic, 1);
    /* a bound outside the physical range is refused, not left to the variants that have the parameter */
    const fric_fit_bound_t bad[] = {{"delta", 0.1, 3.0}};
    const fric_fit_static_opts_t ob = {.bounds = bad, .nbounds = 1};
    assert_int_equal(fric_fit_compare(v, f, n, &ob, cmp), FRIC_FIT_ERR_OPTION);
    assert_non_null(strstr(cmp->row[0].rep.why, "delta's physical range"));
    free(cmp);
}

/* ---- the differentiator and the reduction -------------------------------------------- */

static void test_sg_velocity_is_exact_on_a_parabola(void **state)
{
    (void)state;
    enum { N = 200 };
    static double t[N], x[N], v[N];
    uint64_t seed = 16;
    double tk = 0.0;
    for (int k = 0; k < N; k++) {
        tk += 0.001 * (0.5 + rng_unit(&seed)); /* uneven sampling */
        t[k] = tk;
        x[k] = 0.3 + 2.0 * tk - 5.0 * tk * tk;
    }
    char why[200];
    assert_int_equal(fric_sg_velocity(t, x, N, 9, false, v, why, sizeof why), 0);
    for (int k = 0; k < N; k++) assert_true(fabs(v[k] - (2.0 - 10.0 * t[k])) < 1e-8);
    assert_int_equal(fric_sg_velocity(t, x, N, 7, true, v, why, sizeof why), 0);
    for (int k = 1; k < N; k++) assert_true(fabs(v[k] - (2.0 - 5.0 * (t[k] + t[k - 1]))) < 1e-8);
    /* a window of 2 at the midpoints is the step's difference, bit for bit */
    assert_int_equal(fric_sg_velocity(t, x, N, 2, true, v, why, sizeof why), 0);
    for (int k = 1; k < N; k++) assert_true(v[k] == (x[k] - x[k - 1]) / (t[k] - t[k - 1]));
    assert_true(v[0] == v[1]);
    assert_int_equal(fric_sg_velocity(t, x, N, 1, false, v, why, sizeof why), FRIC_REDUCE_ERR_OPTION);
    assert_non_null(strstr(why, "--sg-window"));
    t[5] = t[4];
    assert_int_equal(fric_sg_velocity(t, x, N, 5, false, v, why, sizeof why), FRIC_REDUCE_ERR_DATA);
    assert_non_null(strstr(why, "row 6"));
}

static void test_sg_velocity_smooths_quantized_positions(void **state)
{
    (void)state;
    enum { N = 2000 };
    static double t[N], x[N], v2[N], v15[N];
    for (int k = 0; k < N; k++) {
        t[k] = k * 1e-3;
        x[k] = 1e-6 * round(3.3e-3 * t[k] / 1e-6); /* 3.3 counts per sample */
    }
    char why[200];
    assert_int_equal(fric_sg_velocity(t, x, N, 2, true, v2, why, sizeof why), 0);
    assert_int_equal(fric_sg_velocity(t, x, N, 15, true, v15, why, sizeof why), 0);
    double e2 = 0.0, e15 = 0.0;
    for (int k = 20; k < N - 20; k++) {
        e2 = fmax(e2, fabs(v2[k] - 3.3e-3));
        e15 = fmax(e15, fabs(v15[k] - 3.3e-3));
    }
    print_message("quantized ramp: peak velocity error %.3g (difference), %.3g (15-sample window)\n", e2, e15);
    assert_true(e15 < 0.25 * e2);
}

/* plateaus joined by ramps, quantized, with force noise, ripple and outliers */
static size_t plateau_log(double *t, double *x, double *v, double *f, const double *speeds, int ns, uint64_t seed)
{
    size_t n = 0;
    double tk = 0.0, xk = 0.0, vprev = 0.0;
    for (int s = 0; s < ns; s++) {
        for (int k = 0; k < 170; k++) {
            const double vv = k < 20 ? vprev + (speeds[s] - vprev) * (k + 1) / 20.0 : speeds[s];
            tk += 4e-3;
            xk += vv * 4e-3;
            t[n] = tk;
            x[n] = 2e-7 * round(xk / 2e-7);
            v[n] = vv;
            f[n] = fric_stribeck_force(&TRUE_STATIC, vv) + 0.01 * sin(xk / 50e-6 * 6.283185307179586) +
                   0.01 * rng_gauss(&seed) + (rng_unit(&seed) < 0.01 ? 0.5 : 0.0);
            n++;
        }
        vprev = speeds[s];
    }
    return n;
}

static void test_reduce_finds_the_plateaus(void **state)
{
    (void)state;
    enum { NS = 8 };
    static double t[NS * 170], x[NS * 170], v[NS * 170], f[NS * 170];
    const double speeds[NS] = {3e-4, 1e-3, 3e-3, 0.03, -3e-4, -1e-3, -3e-3, -0.03};
    const size_t n = plateau_log(t, x, v, f, speeds, NS, 17);
    fric_reduce_opts_t o = fric_reduce_defaults();
    fric_reduce_point_t p[16];
    size_t np;
    char why[200];
    for (int pos = 0; pos < 2; pos++) {
        assert_int_equal(fric_reduce(t, pos ? x : v, f, n, pos, &o, p, 16, &np, why, sizeof why), 0);
        assert_int_equal(np, NS);
        for (int i = 0; i < NS; i++) {
            assert_rel(p[i].v, speeds[i], pos ? 0.01 : 1e-9);
            assert_true(fabs(p[i].f - fric_stribeck_force(&TRUE_STATIC, speeds[i])) < 0.02);
            assert_true(p[i].f_sd > 0.005 && p[i].f_sd < 0.03);
            assert_true(p[i].n >= 80 && p[i].n <= 150);
            /* the window lies inside the plateau, past the ramp and the dropped start */
            assert_true(p[i].first >= (size_t)i * 170 + 20 && p[i].last < (size_t)(i + 1) * 170);
        }
    }
    /* the mean instead of the median: the outliers (+0.5 N, 1 %) pull it up */
    o.mean = true;
    assert_int_equal(fric_reduce(t, v, f, n, false, &o, p, 16, &np, why, sizeof why), 0);
    assert_int_equal(np, NS);
    /* a minimum segment longer than a plateau: nothing */
    o.min_samples = 1000;
    assert_int_equal(fric_reduce(t, v, f, n, false, &o, p, 16, &np, why, sizeof why), 0);
    assert_int_equal(np, 0);
}

static void test_reduce_refuses_bad_options(void **state)
{
    (void)state;
    const double t[4] = {0, 1, 2, 3}, y[4] = {0}, f[4] = {0};
    fric_reduce_point_t p[1];
    size_t np;
    char why[200];
    fric_reduce_opts_t o = fric_reduce_defaults();
    o.drop_start = 0.6;
    o.drop_end = 0.5;
    assert_int_equal(fric_reduce(t, y, f, 4, false, &o, p, 1, &np, why, sizeof why), FRIC_REDUCE_ERR_OPTION);
    assert_non_null(strstr(why, "--drop-start"));
    o = fric_reduce_defaults();
    o.tol_rel = -0.1;
    assert_int_equal(fric_reduce(t, y, f, 4, false, &o, p, 1, &np, why, sizeof why), FRIC_REDUCE_ERR_OPTION);
    assert_non_null(strstr(why, "--tol-rel"));
    o = fric_reduce_defaults();
    assert_int_equal(fric_reduce(t, y, f, 4, false, &o, p, 1, &np, why, sizeof why), FRIC_REDUCE_ERR_DATA);
    assert_non_null(strstr(why, "fewer than the --sg-window"));
}

/* ---- dynamic fit ------------------------------------------------------------- */

static fric_lugre_cfg_t static_part(void)
{
    fric_lugre_cfg_t b = true_lugre();
    b.sigma0 = b.sigma1 = 0.0;
    return b;
}

static void test_dynamic_recovers_sigma0_sigma1(void **state)
{
    (void)state;
    enum { N = 2500 };
    static double t[N], v[N], f[N];
    const fric_lugre_cfg_t truth = true_lugre();
    dynamic_data(&truth, N, 1e-4, 5e-6, 20.0, 7, t, v, f);
    const fric_lugre_cfg_t base = static_part();
    fric_fit_dynamic_opts_t o = {.fit_sigma2 = false};
    fric_lugre_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_dynamic(t, v, f, N, &base, &o, &c, &r), 0);
    print_message("dynamic: sigma0 %.6g (true %.6g), sigma1 %.6g (true %.6g), rms %.3g N\n", c.sigma0, truth.sigma0,
                  c.sigma1, truth.sigma1, r.rms);
    assert_rel(c.sigma0, truth.sigma0, 0.10);
    assert_rel(c.sigma1, truth.sigma1, 0.30);
    assert_false(r.warn & FRIC_FIT_WARN_SIGMA1);
    assert_rel(c.fc_pos, truth.fc_pos, 1e-15); /* the static part is kept */
    /* the model force of the report: the fit's residuals, so its RMS is the fit's */
    static double fm[N];
    fric_fit_dynamic_force(t, v, N, &c, r.value[r.np - 1], fm);
    double ssr = 0.0;
    for (int k = 1; k < N; k++) ssr += (f[k] - fm[k]) * (f[k] - fm[k]);
    assert_int_equal(r.m, N - 1);
    assert_rel(sqrt(ssr / (N - 1)), r.rms, 1e-9);
    /* and it is the model: another sigma0 gives another force */
    fric_lugre_cfg_t other = c;
    other.sigma0 *= 1.2;
    static double fo[N];
    fric_fit_dynamic_force(t, v, N, &other, r.value[r.np - 1], fo);
    double d = 0.0;
    for (int k = 1; k < N; k++) d = fmax(d, fabs(fo[k] - fm[k]));
    assert_true(d > 10.0 * r.rms);
}

/* sigma2 needs sliding: a large stroke, through reversals, 2 Hz */
static void test_dynamic_fits_sigma2_on_request(void **state)
{
    (void)state;
    enum { N = 10000 };
    static double t[N], v[N], f[N];
    const fric_lugre_cfg_t truth = true_lugre();
    dynamic_data(&truth, N, 1e-4, 0.002, 2.0, 8, t, v, f);
    const fric_lugre_cfg_t base = static_part();
    fric_fit_dynamic_opts_t o = {.fit_sigma2 = true};
    fric_lugre_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_dynamic(t, v, f, N, &base, &o, &c, &r), 0);
    print_message("dynamic with sigma2: sigma0 %.6g sigma1 %.6g sigma2 %.6g, warn %#x\n", c.sigma0, c.sigma1,
                  c.sigma2_pos, r.warn);
    assert_int_equal(r.np, 4);
    assert_string_equal(r.name[2], "sigma2");
    assert_rel(c.sigma0, truth.sigma0, 0.10);
    assert_rel(c.sigma2_pos, truth.sigma2_pos, 0.10);
}

static void test_dynamic_says_sigma1_is_not_identifiable(void **state)
{
    (void)state;
    /* a slow breakaway ramp: sigma1 dz/dt stays far below the noise */
    enum { N = 2000 };
    static double t[N], v[N], f[N];
    const fric_lugre_cfg_t truth = true_lugre();
    fric_lugre_state_t st;
    fric_lugre_init(&truth, &st);
    for (size_t k = 0; k < N; k++) {
        t[k] = k * 1e-3;
        v[k] = k ? 1e-5 * t[k] : 0.0;
        f[k] = k ? fric_lugre_step(&truth, &st, v[k], 1e-3) : 0.0;
    }
    uint64_t seed = 11;
    add_noise(f, N, &seed);
    const fric_lugre_cfg_t base = static_part();
    fric_fit_dynamic_opts_t o = {.fit_sigma2 = false};
    fric_lugre_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_dynamic(t, v, f, N, &base, &o, &c, &r), 0);
    print_message("breakaway ramp: sigma0 %.6g, sigma1 %.6g +- %.3g, warn %#x\n", c.sigma0, r.value[1], r.se[1], r.warn);
    assert_true(r.warn & FRIC_FIT_WARN_SIGMA1);
    assert_rel(c.sigma0, truth.sigma0, 0.10);
    assert_true(c.sigma1 >= 0.0);
}

static void test_dynamic_intervals_cover(void **state)
{
    (void)state;
    enum { N = 1000 };
    static double t[N], v[N], f[N];
    const fric_lugre_cfg_t truth = true_lugre(), base = static_part();
    int hits[2] = {0};
    for (int s = 0; s < RUNS; s++) {
        dynamic_data(&truth, N, 1e-4, 5e-6, 20.0, 5000 + (uint64_t)s, t, v, f);
        fric_fit_dynamic_opts_t o = {.fit_sigma2 = false};
        fric_lugre_cfg_t c;
        fric_fit_report_t r;
        assert_int_equal(fric_fit_dynamic(t, v, f, N, &base, &o, &c, &r), 0);
        hits[0] += r.lo[0] <= truth.sigma0 && truth.sigma0 <= r.hi[0];
        hits[1] += r.lo[1] <= truth.sigma1 && truth.sigma1 <= r.hi[1];
    }
    print_message("dynamic 95 %% interval coverage over %d runs: sigma0 %d, sigma1 %d\n", RUNS, hits[0], hits[1]);
    assert_true(hits[0] >= RUNS * 9 / 10);
    assert_true(hits[1] >= RUNS * 9 / 10);
}

static void test_dynamic_refuses_bad_data(void **state)
{
    (void)state;
    const double t[] = {0, 1, 2, 2, 4}, tt[] = {0, 1, 2, 3, 4}, v[] = {0, 1e-3, 1e-3, 1e-3, 1e-3}, f[] = {0, 1, 1, 1, 1};
    const double zero[5] = {0};
    const fric_lugre_cfg_t base = static_part();
    fric_fit_dynamic_opts_t o = {.fit_sigma2 = false};
    fric_lugre_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_dynamic(t, v, f, 5, &base, &o, &c, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "time"));
    assert_int_equal(fric_fit_dynamic(tt, zero, f, 5, &base, &o, &c, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "no motion"));
    assert_int_equal(fric_fit_dynamic(tt, v, f, 3, &base, &o, &c, &r), FRIC_FIT_ERR_DATA);
}

/* ---- size ------------------------------------------------------------------- */

/* 1e5 points each fit without trouble; their time is make bench-fit's
 * (scripts/bench_fit.py), not a test's */
static void test_fit_1e5_rows(void **state)
{
    (void)state;
    enum { N = 100000 };
    double *a = malloc(3 * N * sizeof *a);
    assert_non_null(a);
    double *t = a, *v = a + N, *f = a + 2 * N;
    static_data(&TRUE_STATIC, 1000, 50, 1e-4, 1.0, 9, v, f);
    fric_fit_static_opts_t o = {.asymmetric = false, .fit_delta = false, .delta = 2.0};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    assert_int_equal(fric_fit_static(v, f, N, &o, &c, &r), 0);
    assert_true(fabs(c.fc_pos - TRUE_STATIC.fc_pos) < 0.02 * TRUE_STATIC.fc_pos);
    const fric_lugre_cfg_t truth = true_lugre(), base = static_part();
    dynamic_data(&truth, N, 1e-4, 5e-6, 20.0, 10, t, v, f);
    fric_fit_dynamic_opts_t od = {false};
    fric_lugre_cfg_t cd;
    assert_int_equal(fric_fit_dynamic(t, v, f, N, &base, &od, &cd, &r), 0);
    assert_true(fabs(cd.sigma0 - truth.sigma0) < 0.1 * truth.sigma0);
    free(a);
}

/* ---- the parameter file -------------------------------------------------------- */

static int parse(const char *s, fric_params_t *p, fric_params_err_t *e)
{
    return fric_params_parse(s, strlen(s), p, e);
}

static void test_params_reads_a_flat_object(void **state)
{
    (void)state;
    static fric_params_t p;
    fric_params_err_t e;
    const char *s = "{\n \"model\": \"lugre\", \"fc\": 1, \"fs\": 1.5e0, \"vs\": 0.001,\n \"sigma0\": 1e5,"
                    " \"sigma1\": 316.2, \"sigma2\": 0.4, \"fc_neg\": 0.9, \"ts\": 1e-4, \"width\": 18,\n"
                    " \"fit_fc_stderr\": 0.01, \"fit_extra\": {\"a\": [1, null, true, \"x\\u0041\"]}, \"on\": true\n}\n";
    assert_int_equal(parse(s, &p, &e), 0);
    assert_int_equal(p.n, 11);
    assert_null(fric_params_get(&p, "fit_fc_stderr"));
    assert_string_equal(fric_params_get(&p, "model")->text, "lugre");
    assert_true(fric_params_get(&p, "fs")->num == 1.5);
    assert_int_equal(fric_params_get(&p, "sigma0")->line, 3);
    assert_true(fric_params_get(&p, "on")->b);

    fric_lugre_cfg_t c;
    fric_compile_opts_t o = fric_compile_opts_default();
    char why[160];
    assert_int_equal(fric_params_lugre(&p, &c, &o, why, sizeof why), FRIC_ERR_RANGE); /* "on" is unknown */
    assert_non_null(strstr(why, "'on'"));
    const char *s2 = "{\"model\": \"lugre\", \"fc\": 1, \"fs\": 1.5, \"vs\": 0.001, \"sigma0\": 1e5, \"sigma1\": 316.2,"
                     " \"b\": 0.4, \"fc_neg\": 0.9, \"ts\": 1e-4, \"width\": 18}";
    assert_int_equal(parse(s2, &p, &e), 0);
    assert_int_equal(fric_params_lugre(&p, &c, &o, why, sizeof why), FRIC_OK);
    assert_true(c.fc_neg == 0.9 && c.fs_neg == 1.5 && c.sigma2_neg == 0.4 && c.delta == 2.0);
    assert_true(o.width == 18 && o.ts == 1e-4 && o.v_max == 1.0);
    const char *s3 = "{\"model\": \"lugre\", \"fc\": 1, \"fs\": 1.5, \"vs\": -1, \"sigma0\": 1e5, \"sigma1\": 1, \"b\": 0}";
    assert_int_equal(parse(s3, &p, &e), 0);
    assert_int_equal(fric_params_lugre(&p, &c, &o, why, sizeof why), FRIC_ERR_VS);
    assert_non_null(strstr(why, "vs"));
}

static void test_params_refuses_what_is_not_flat_strict_json(void **state)
{
    (void)state;
    static fric_params_t p;
    fric_params_err_t e;
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"{\"fc\": 1, \"fc\": 2}", "twice"},
        {"{\"fc\": {\"a\": 1}}", "nested"},
        {"{\"fc\": [[1]]}", "numbers only"},
        {"{\"fc\": [1, true]}", "numbers only"},
        {"{\"fc\": null}", "null"},
        {"{\"fc\": 1,}", "key"},
        {"{\"fc\": 01}", "leading zero"},
        {"{\"fc\": .5}", "value"},
        {"{\"fc\": 1} x", "after"},
        {"[1]", "one JSON object"},
        {"{\"fc\": 1", "end of file"},
        {"{\"fc\": \"a\nb\"}", "control"},
        {"{\"fc\": NaN}", "value"},
        {"", "end of file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (parse(bad[i].text, &p, &e) != -1 || !strstr(e.msg, bad[i].why))
            fail_msg("'%s': got '%s', want a refusal with '%s'", bad[i].text, e.msg, bad[i].why);
        assert_true(e.line >= 1);
    }
    /* a NUL byte inside */
    assert_int_equal(fric_params_parse("{\"fc\": 1\0}", 10, &p, &e), -1);
}

/* ---- GMS from a virgin curve --------------------------------------------- */

/* four elements of equal stiffness whose breakpoints lie on the fit's grid
 * of n = 4 over xmax = 4e-5 m */
static fric_gms_cfg_t gms_known(void)
{
    fric_gms_cfg_t g = {0};
    g.n = 4;
    g.c = 100.0;
    g.curve = (fric_stribeck_cfg_t){1.0, 1.0, 1.5, 1.5, 0.4, 0.4, 1e-3, 1e-3, 2.0};
    const double alpha[4] = {0.1, 0.2, 0.3, 0.4}, xb[4] = {1e-5, 2e-5, 3e-5, 4e-5};
    for (int i = 0; i < 4; i++) {
        g.alpha[i] = alpha[i];
        g.k[i] = alpha[i] * 1.5 / xb[i];
    }
    return g;
}

static void test_gms_virgin_recovers_known_elements(void **state)
{
    (void)state;
    const fric_gms_cfg_t g = gms_known();
    double x[200], f[200];
    for (int i = 0; i < 200; i++) {
        x[i] = 4e-5 * (i + 1) / 200.0;
        f[i] = fric_gms_virgin(&g, 1.5, x[i]);
    }
    fric_fit_gms_result_t r;
    assert_int_equal(fric_fit_gms_virgin(x, f, 200, 4, 1.5, &r), 0);
    assert_int_equal(r.n, 4);
    for (unsigned i = 0; i < 4; i++) {
        assert_true(fabs(r.k[i] / g.k[i] - 1.0) < 1e-9);
        assert_true(fabs(r.alpha[i] - g.alpha[i]) < 1e-9);
    }
    assert_true(r.rms < 1e-12);
    /* a finer grid: the elements off the curve's breakpoints come out 0 and are left out */
    assert_int_equal(fric_fit_gms_virgin(x, f, 200, 8, 1.5, &r), 0);
    assert_int_equal(r.n, 4);
    assert_int_equal(r.dropped, 4);
    for (unsigned i = 0; i < 4; i++) assert_true(fabs(r.k[i] / g.k[i] - 1.0) < 1e-9);
    /* a loading in the negative direction: the same elements */
    for (int i = 0; i < 200; i++) {
        x[i] = -x[i];
        f[i] = -f[i];
    }
    assert_int_equal(fric_fit_gms_virgin(x, f, 200, 4, 1.5, &r), 0);
    assert_true(fabs(r.k[2] / g.k[2] - 1.0) < 1e-9);
}

/* With noise of +-2 mN (deterministic) the elements come back within 5 %
 * and the fractions sum to 1 */
static void test_gms_virgin_with_noise(void **state)
{
    (void)state;
    const fric_gms_cfg_t g = gms_known();
    double x[400], f[400];
    uint64_t z = 12345;
    for (int i = 0; i < 400; i++) {
        z = z * 6364136223846793005ULL + 1442695040888963407ULL;
        const double u = (double)(z >> 11) / 9007199254740992.0 - 0.5;
        x[i] = 4e-5 * (i + 1) / 400.0;
        f[i] = fric_gms_virgin(&g, 1.5, x[i]) + 4e-3 * u;
    }
    fric_fit_gms_result_t r;
    assert_int_equal(fric_fit_gms_virgin(x, f, 400, 4, 1.5, &r), 0);
    assert_int_equal(r.n, 4);
    double sum = 0.0;
    for (unsigned i = 0; i < 4; i++) {
        if (!(fabs(r.k[i] / g.k[i] - 1.0) < 0.05)) fail_msg("element %u: k %.6g, true %.6g", i, r.k[i], g.k[i]);
        sum += r.alpha[i];
    }
    assert_true(fabs(sum - 1.0) < 1e-12);
    assert_true(r.rms < 2e-3 && r.rms > 5e-4);
    assert_true(fabs(r.plateau - 1.5) < 1e-6);
}

static void test_gms_virgin_refusals(void **state)
{
    (void)state;
    const double x[5] = {1e-6, 2e-6, -3e-6, 4e-6, 5e-6}, f[5] = {0.1, 0.2, 0.3, 0.4, 0.5};
    fric_fit_gms_result_t r;
    assert_int_equal(fric_fit_gms_virgin(x, f, 5, 2, 1.5, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "changes sign"));
    assert_int_equal(fric_fit_gms_virgin(x, f, 5, 4, 1.5, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "fewer than"));
    assert_int_equal(fric_fit_gms_virgin(x, f, 5, 0, 1.5, &r), FRIC_FIT_ERR_OPTION);
    assert_int_equal(fric_fit_gms_virgin(x, f, 5, 17, 1.5, &r), FRIC_FIT_ERR_OPTION);
    assert_int_equal(fric_fit_gms_virgin(x, f, 5, 2, 0.0, &r), FRIC_FIT_ERR_OPTION);
    const double z[5] = {0};
    assert_int_equal(fric_fit_gms_virgin(z, f, 5, 2, 1.5, &r), FRIC_FIT_ERR_DATA);
    const double nf[5] = {0.1, NAN, 0.3, 0.4, 0.5}, xp[5] = {1e-6, 2e-6, 3e-6, 4e-6, 5e-6};
    assert_int_equal(fric_fit_gms_virgin(xp, nf, 5, 2, 1.5, &r), FRIC_FIT_ERR_DATA);
}

/* ---- elasto-plastic z_ba from a record --------------------------------------- */

/* A record of the Canudas set as elasto-plastic with z_ba = 3 um under a
 * small modulated oscillation that crosses the transition zone: the search
 * finds z_ba to 1e-6, where LuGre's own error is 0.2 N */
static void test_ep_zba_recovered(void **state)
{
    (void)state;
    const fric_lugre_cfg_t l = fric_lugre_cfg_canudas1995();
    enum { N = 4000 };
    static double t[N], v[N], f[N];
    const double zs[] = {1.5e-6, 3e-6, 7e-6};
    for (int j = 0; j < 3; j++) {
        const fric_ep_cfg_t ep = {l, zs[j]};
        fric_lugre_state_t st = {0.0};
        for (int k = 0; k < N; k++) {
            t[k] = k * 1e-3;
            v[k] = 5e-5 * sin(6.283185307179586 * t[k]) * (1.0 + 0.5 * sin(6.283185307179586 * 0.13 * t[k]));
            f[k] = k ? fric_ep_step(&ep, &st, v[k], 1e-3) : 0.0;
        }
        fric_fit_ep_result_t r;
        assert_int_equal(fric_fit_ep_zba(t, v, f, N, &l, &r), 0);
        if (!(fabs(r.z_ba / zs[j] - 1.0) < 1e-6)) fail_msg("z_ba %.9g, true %.9g", r.z_ba, zs[j]);
        assert_true(r.identifiable && !r.at_edge);
        assert_true(r.rms < 1e-9 && r.rms_lugre > 0.05);
    }
}

static void test_ep_zba_refusals(void **state)
{
    (void)state;
    const fric_lugre_cfg_t l = fric_lugre_cfg_canudas1995();
    const double t[4] = {0, 1, 1, 2}, v[4] = {0}, f[4] = {0};
    fric_fit_ep_result_t r;
    assert_int_equal(fric_fit_ep_zba(t, v, f, 4, &l, &r), FRIC_FIT_ERR_DATA);
    assert_non_null(strstr(r.why, "increase"));
    assert_int_equal(fric_fit_ep_zba(t, v, f, 3, &l, &r), FRIC_FIT_ERR_DATA);
    fric_lugre_cfg_t bad = l;
    bad.sigma0 = -1.0;
    const double t2[4] = {0, 1, 2, 3};
    assert_int_equal(fric_fit_ep_zba(t2, v, f, 4, &bad, &r), FRIC_FIT_ERR_OPTION);
    /* no motion: every z_ba gives the same error */
    assert_int_equal(fric_fit_ep_zba(t2, v, f, 4, &l, &r), 0);
    assert_false(r.identifiable);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_static_recovers_within_2_percent),
        cmocka_unit_test(test_static_asymmetric_and_delta),
        cmocka_unit_test(test_static_warns_without_low_speeds),
        cmocka_unit_test(test_static_refuses_bad_data),
        cmocka_unit_test(test_static_intervals_cover),
        cmocka_unit_test(test_static_runaway_delta_ends_on_its_bound),
        cmocka_unit_test(test_static_user_bound_and_fix),
        cmocka_unit_test(test_static_refuses_bad_bounds),
        cmocka_unit_test(test_static_robust_loss_with_outliers),
        cmocka_unit_test(test_static_weights),
        cmocka_unit_test(test_static_vs_per_direction),
        cmocka_unit_test(test_compare_finds_the_variant_of_the_data),
        cmocka_unit_test(test_sg_velocity_is_exact_on_a_parabola),
        cmocka_unit_test(test_sg_velocity_smooths_quantized_positions),
        cmocka_unit_test(test_reduce_finds_the_plateaus),
        cmocka_unit_test(test_reduce_refuses_bad_options),
        cmocka_unit_test(test_dynamic_recovers_sigma0_sigma1),
        cmocka_unit_test(test_dynamic_fits_sigma2_on_request),
        cmocka_unit_test(test_dynamic_says_sigma1_is_not_identifiable),
        cmocka_unit_test(test_dynamic_intervals_cover),
        cmocka_unit_test(test_dynamic_refuses_bad_data),
        cmocka_unit_test(test_fit_1e5_rows),
        cmocka_unit_test(test_params_reads_a_flat_object),
        cmocka_unit_test(test_params_refuses_what_is_not_flat_strict_json),
        cmocka_unit_test(test_gms_virgin_recovers_known_elements),
        cmocka_unit_test(test_gms_virgin_with_noise),
        cmocka_unit_test(test_gms_virgin_refusals),
        cmocka_unit_test(test_ep_zba_recovered),
        cmocka_unit_test(test_ep_zba_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
