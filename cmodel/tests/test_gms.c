/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the generalized Maxwell-slip model (fric_gms.h): its
 * validation, the sign of its slip law, the exactness of its step, and the
 * closed-form properties of a Maxwell-slip hysteresis (virgin curve, Masing
 * rule, wiping out of inner loops, no drift), and its parameter-file keys. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

static void assert_close(double got, double want, double tol)
{
    if (!(fabs(got - want) <= tol)) fail_msg("got %.17g, want %.17g (tol %.1e)", got, want, tol);
}

/* Four elements breaking at 2.5, 6.67, 15 and 40 um under a constant level
 * of 1 N (Fs = Fc), without viscous friction: a rate-independent contact. */
static fric_gms_cfg_t set4(void)
{
    fric_gms_cfg_t c = {.n = 4, .k = {4e4, 3e4, 2e4, 1e4}, .alpha = {0.1, 0.2, 0.3, 0.4}, .c = 100.0,
                        .curve = fric_stribeck_cfg_symmetric(1.0, 1.0, 0.0, 1e-3, 2.0)};
    return c;
}

/* Drive the contact from x0 to x1 in n equal steps of length ts; f[i] (if
 * not NULL) receives the force after step i. */
static void drive(const fric_gms_cfg_t *c, fric_gms_state_t *st, double x0, double x1, int n, double ts, double *f)
{
    const double v = (x1 - x0) / n / ts;
    for (int i = 0; i < n; i++) {
        const double y = fric_gms_step(c, st, v, ts);
        if (f) f[i] = y;
    }
}

/* ---- validation --------------------------------------------------------- */

static void test_gms_each_refused_parameter(void **state)
{
    (void)state;
    fric_gms_cfg_t c = set4();
    assert_int_equal(fric_gms_check(&c), FRIC_OK);
    c.n = 0;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_N);
    c.n = FRIC_GMS_MAX + 1;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_N);
    c = set4();
    c.k[2] = 0.0;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_K);
    c.k[2] = NAN;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_K);
    c = set4();
    c.alpha[1] = -0.2;
    c.alpha[3] = 0.8;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_ALPHA);
    c = set4();
    c.alpha[3] = 0.41;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_ALPHA_SUM);
    c.alpha[3] = 0.4 + 5e-10; /* within the tolerance */
    assert_int_equal(fric_gms_check(&c), FRIC_OK);
    c = set4();
    c.c = 0.0;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_C);
    c.c = INFINITY;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_GMS_C);
    c = set4();
    c.curve.fc_pos = 0.0;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_FC_DYN);
    c = set4();
    c.curve.fs_neg = 0.0;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_FS_NEG_DYN);
    c = set4();
    c.curve.vs = 0.0;
    assert_int_equal(fric_gms_check(&c), FRIC_ERR_VS);
    const fric_status_t codes[] = {FRIC_ERR_GMS_N, FRIC_ERR_GMS_K, FRIC_ERR_GMS_ALPHA, FRIC_ERR_GMS_ALPHA_SUM,
                                   FRIC_ERR_GMS_C};
    const char *names[] = {"gms-n", "gms-k", "gms-alpha", "sum to 1", "gms-c"};
    for (size_t i = 0; i < 5; i++) assert_non_null(strstr(fric_status_message(codes[i]), names[i]));
    fric_gms_state_t st = {.f = {1.0}};
    c = set4();
    assert_int_equal(fric_gms_init(&c, &st), FRIC_OK);
    assert_true(st.f[0] == 0.0 && st.slip[0] == 0);
}

/* ---- the slip law and the step ------------------------------------------- */

/* In steady sliding every element sits at alpha_i sign(v) s(v) and the
 * force is the steady curve, for v < 0 as for v > 0 (asymmetric levels). */
static void test_gms_steady_sliding_sign(void **state)
{
    (void)state;
    fric_gms_cfg_t c = set4();
    c.curve = (fric_stribeck_cfg_t){.fc_pos = 1.0, .fc_neg = 0.7, .fs_pos = 1.5, .fs_neg = 1.1, .b_pos = 0.4,
                                   .b_neg = 0.3, .vs = 1e-3, .vs_neg = 1e-3, .delta = 2.0};
    const double vs[] = {2e-3, -2e-3, 1e-2, -1e-2};
    for (int k = 0; k < 4; k++) {
        fric_gms_state_t st;
        assert_int_equal(fric_gms_init(&c, &st), FRIC_OK);
        double f = 0.0;
        for (int i = 0; i < 2000; i++) f = fric_gms_step(&c, &st, vs[k], 1e-3);
        const double s = fric_gms_level(&c, vs[k]);
        for (unsigned i = 0; i < c.n; i++) {
            assert_int_equal(st.slip[i], vs[k] > 0 ? 1 : -1);
            assert_close(st.f[i], (vs[k] > 0 ? 1.0 : -1.0) * c.alpha[i] * s, 1e-12);
        }
        assert_close(f, fric_stribeck_force(&c.curve, vs[k]), 1e-12);
    }
}

/* A slipping element relaxes toward its level at rate C / s: from an
 * element pushed beyond the level, F_i - alpha_i sign(v) s falls by
 * exp(-C ts / s) each step, for both signs. */
static void test_gms_slip_relaxation(void **state)
{
    (void)state;
    fric_gms_cfg_t c = set4();
    c.n = 1;
    c.k[0] = 1e5;
    c.alpha[0] = 1.0;
    for (int sg = -1; sg <= 1; sg += 2) {
        fric_gms_state_t st = {.f = {sg * 1.6}, .slip = {0}};
        const double v = sg * 1e-3, ts = 2e-3, e = exp(-100.0 * ts / 1.0);
        (void)fric_gms_step(&c, &st, v, ts); /* beyond its level: slips from the start */
        assert_int_equal(st.slip[0], sg);
        assert_close(st.f[0], sg * (1.0 + 0.6 * e), 1e-15);
        (void)fric_gms_step(&c, &st, v, ts);
        assert_close(st.f[0], sg * (1.0 + 0.6 * e * e), 1e-15);
        /* a reversal makes it stick: it moves by k v ts */
        (void)fric_gms_step(&c, &st, -v * 1e-3, ts);
        assert_int_equal(st.slip[0], 0);
        assert_close(st.f[0], sg * (1.0 + 0.6 * e * e) - sg * 1e5 * 1e-6 * ts, 1e-15);
        /* v = 0: sticks, nothing moves */
        const double held = st.f[0];
        assert_close(fric_gms_step(&c, &st, 0.0, ts), held, 0.0);
    }
}

/* The step is exact at constant v: one step equals ten of a tenth, from
 * every kind of start (sticking, crossing the level, slipping). */
static void test_gms_step_exact(void **state)
{
    (void)state;
    fric_gms_cfg_t c = set4();
    c.curve = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.4, 1e-3, 2.0);
    uint64_t s = 7;
    for (int trial = 0; trial < 2000; trial++) {
        fric_gms_state_t a;
        (void)fric_gms_init(&c, &a);
        for (unsigned i = 0; i < c.n; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            a.f[i] = ((double)(s >> 11) * 0x1.0p-53 * 2.4 - 1.2) * c.alpha[i] * 1.5;
            a.slip[i] = (signed char)((s >> 7) % 3) - 1;
        }
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        const double v = ((double)(s >> 11) * 0x1.0p-53 * 2 - 1) * 5e-3, ts = 1e-3;
        fric_gms_state_t b = a;
        const double fa = fric_gms_step(&c, &a, v, ts);
        double fb = 0.0;
        for (int k = 0; k < 10; k++) fb = fric_gms_step(&c, &b, v, ts / 10);
        assert_close(fa, fb, 1e-12);
        for (unsigned i = 0; i < c.n; i++) {
            assert_close(a.f[i], b.f[i], 1e-12);
            assert_int_equal(a.slip[i], b.slip[i]);
        }
    }
}

/* ---- hysteresis ----------------------------------------------------------- */

/* The virgin curve is piecewise linear: sum_i min(k_i x, alpha_i s), with
 * its breakpoints at alpha_i s / k_i; its slope is the stiffness of the
 * elements still sticking. */
static void test_gms_virgin_curve(void **state)
{
    (void)state;
    const fric_gms_cfg_t c = set4();
    fric_gms_state_t st;
    (void)fric_gms_init(&c, &st);
    enum { N = 600 };
    double f[N];
    const double dx = 6e-5 / N;
    drive(&c, &st, 0.0, 6e-5, N, 1e-3, f);
    for (int i = 0; i < N; i++) assert_close(f[i], fric_gms_virgin(&c, 1.0, (i + 1) * dx), 1e-12);
    /* points by hand: 5 um is past the first breakpoint only */
    assert_close(fric_gms_virgin(&c, 1.0, 5e-6), 0.1 + 0.15 + 0.1 + 0.05, 1e-15);
    assert_close(fric_gms_virgin(&c, 1.0, 2e-5), 0.1 + 0.2 + 0.3 + 0.2, 1e-15);
    assert_close(fric_gms_virgin(&c, 1.0, 1e-4), 1.0, 1e-15);
    /* the slope between samples: 1e5, 6e4, 3e4, 1e4, 0 N/m between the
     * breakpoints 2.5, 6.67, 15, 40 um */
    const double bp[] = {0.0, 2.5e-6, 0.2 / 3e4, 1.5e-5, 4e-5, 1e9};
    const double slope[] = {1e5, 6e4, 3e4, 1e4, 0.0};
    for (int i = 1; i < N; i++) {
        const double x0 = i * dx, x1 = (i + 1) * dx, d = (f[i] - f[i - 1]) / dx;
        for (int j = 0; j < 5; j++)
            if (x0 >= bp[j] && x1 <= bp[j + 1]) assert_close(d, slope[j], 1e-6 * 1e5);
    }
    /* the elements are all slipping past the last breakpoint */
    for (unsigned i = 0; i < c.n; i++) assert_int_equal(st.slip[i], 1);
}

/* After a reversal on the virgin curve at (x_r, F_r) the curve is
 * F_r - 2 F_v((x_r - x) / 2) (Masing) down to -x_r, where it meets the
 * virgin curve's mirror image -F_v(-x), which it follows on: for a
 * reversal inside the presliding range and one past it. */
static void test_gms_masing(void **state)
{
    (void)state;
    const fric_gms_cfg_t c = set4();
    const double xr[] = {2e-5, 6e-5};
    for (int k = 0; k < 2; k++) {
        fric_gms_state_t st;
        (void)fric_gms_init(&c, &st);
        drive(&c, &st, 0.0, xr[k], 400, 1e-3, NULL);
        const double fr = fric_gms_force(&c, &st, 0.0);
        assert_close(fr, fric_gms_virgin(&c, 1.0, xr[k]), 1e-12);
        enum { N = 1000 };
        double f[N];
        const double span = 2 * xr[k] + 4e-5, dx = span / N;
        drive(&c, &st, xr[k], xr[k] - span, N, 1e-3, f);
        for (int i = 0; i < N; i++) {
            const double x = xr[k] - (i + 1) * dx;
            const double want = x >= -xr[k] ? fr - 2 * fric_gms_virgin(&c, 1.0, (xr[k] - x) / 2)
                                             : fric_gms_virgin(&c, 1.0, x);
            assert_close(f[i], want, 1e-12);
        }
    }
}

/* Inner loops are wiped out: 0 -> A -> -A -> B -> -B -> A, B < A, rejoins
 * the outer ascending branch from -A at +B and lands on it at +A, where
 * every element is where the first loading to +A left it. */
static void test_gms_wipe_out(void **state)
{
    (void)state;
    const fric_gms_cfg_t c = set4();
    const double A = 3e-5, B = 1e-5, ts = 1e-3;
    enum { N = 600 };
    fric_gms_state_t st, at_a;
    (void)fric_gms_init(&c, &st);
    drive(&c, &st, 0.0, A, N, ts, NULL);
    at_a = st;
    const double fa = fric_gms_force(&c, &st, 0.0);
    drive(&c, &st, A, -A, 2 * N, ts, NULL);
    const double fma = fric_gms_force(&c, &st, 0.0);
    assert_close(fma, -fa, 1e-12);
    drive(&c, &st, -A, B, 2 * N, ts, NULL);
    drive(&c, &st, B, -B, 2 * N, ts, NULL);
    double f[2 * N];
    drive(&c, &st, -B, A, 2 * N, ts, f);
    const double dx = (A + B) / (2 * N);
    for (int i = 0; i < 2 * N; i++) {
        const double x = -B + (i + 1) * dx;
        if (x < B) continue;
        /* on the outer ascending branch from (-A, -F(A)) */
        assert_close(f[i], fma + 2 * fric_gms_virgin(&c, 1.0, (x + A) / 2), 1e-12);
    }
    assert_close(f[2 * N - 1], fa, 1e-12);
    for (unsigned i = 0; i < c.n; i++) assert_close(st.f[i], at_a.f[i], 1e-12);
}

/* A closed displacement cycle 0 -> A -> -A -> 0 leaves the contact where
 * the previous cycle did: the loop closes, with no drift of the force. */
static void test_gms_no_drift(void **state)
{
    (void)state;
    const fric_gms_cfg_t c = set4();
    const double A = 2.5e-5, ts = 1e-3;
    enum { N = 300 };
    fric_gms_state_t st;
    (void)fric_gms_init(&c, &st);
    double first[4 * N], f[4 * N];
    for (int cyc = 0; cyc < 5; cyc++) {
        drive(&c, &st, 0.0, A, N, ts, f);
        drive(&c, &st, A, -A, 2 * N, ts, f + N);
        drive(&c, &st, -A, 0.0, N, ts, f + 3 * N);
        if (cyc == 1) memcpy(first, f, sizeof f);
        if (cyc >= 2)
            for (int i = 0; i < 4 * N; i++) assert_close(f[i], first[i], 1e-12);
    }
}

/* ---- defaults and the parameter file ------------------------------------- */

static void test_gms_default_elements(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= FRIC_GMS_MAX; n++) {
        fric_gms_cfg_t c = set4();
        c.curve = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.4, 1e-3, 2.0);
        assert_int_equal(fric_gms_default_elements(n, 1.5, 1e5, &c), FRIC_OK);
        assert_int_equal(c.n, n);
        assert_int_equal(fric_gms_check(&c), FRIC_OK);
        /* the virgin curve at rest meets the scaled LuGre presliding curve
         * at its breakpoints */
        const double xb = 3 * 1.5 / 1e5;
        for (unsigned j = 1; j <= n; j++) {
            const double x = xb * j / n;
            assert_close(fric_gms_virgin(&c, 1.5, x), 1.5 * -expm1(-1e5 * x / 1.5) / -expm1(-3.0), 1e-12);
        }
    }
    fric_gms_cfg_t c;
    assert_int_equal(fric_gms_default_elements(0, 1.5, 1e5, &c), FRIC_ERR_GMS_N);
    assert_int_equal(fric_gms_default_elements(17, 1.5, 1e5, &c), FRIC_ERR_GMS_N);
    assert_int_equal(fric_gms_default_elements(4, 0.0, 1e5, &c), FRIC_ERR_FS_DYN);
    assert_int_equal(fric_gms_default_elements(4, 1.5, -1.0, &c), FRIC_ERR_SIGMA0);
}

static fric_status_t from_text(const char *text, fric_model_t *m, char *why, size_t n)
{
    fric_params_t p;
    fric_params_err_t err;
    if (fric_params_parse(text, strlen(text), &p, &err) != 0) fail_msg("parse: %s", err.msg);
    return fric_model_from_params(&p, NULL, m, NULL, why, n);
}

static void test_gms_params_file(void **state)
{
    (void)state;
    fric_model_t m;
    char why[200];
    assert_int_equal(from_text("{\"model\": \"gms\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"b\": 0.4, "
                               "\"gms_k\": [4e4, 3e4, 2e4, 1e4], \"gms_alpha\": [0.1, 0.2, 0.3, 0.4], \"gms_c\": 100}",
                               &m, why, sizeof why), FRIC_OK);
    assert_int_equal(m.kind, FRIC_MODEL_GMS);
    assert_int_equal(m.gms.n, 4);
    assert_true(m.gms.k[3] == 1e4 && m.gms.alpha[2] == 0.3 && m.gms.c == 100.0 && m.gms.curve.fs_neg == 1.5);
    assert_true(fric_model_has_state(&m) && !fric_model_dynamic(&m));
    /* lengths differ */
    assert_int_equal(from_text("{\"model\": \"gms\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"b\": 0.4, "
                               "\"gms_k\": [4e4, 3e4], \"gms_alpha\": [1], \"gms_c\": 100}", &m, why, sizeof why),
                     FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "one length"));
    /* missing lists */
    assert_int_equal(from_text("{\"model\": \"gms\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"b\": 0.4}", &m, why,
                               sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "'gms_c', 'gms_k', 'gms_alpha'"));
    /* a number where a list belongs */
    assert_int_equal(from_text("{\"model\": \"gms\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"b\": 0.4, "
                               "\"gms_k\": 4e4, \"gms_alpha\": [1], \"gms_c\": 100}", &m, why, sizeof why),
                     FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "must be an array"));
    /* the sum of the fractions */
    assert_int_equal(from_text("{\"model\": \"gms\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"b\": 0.4, "
                               "\"gms_k\": [4e4, 3e4], \"gms_alpha\": [0.5, 0.6], \"gms_c\": 100}", &m, why, sizeof why),
                     FRIC_ERR_GMS_ALPHA_SUM);
    /* an elasto-plastic set, and its z_ba */
    const char *ep = "{\"model\": \"elastoplastic\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"sigma0\": 1e5, "
                     "\"sigma1\": 316, \"b\": 0.4, \"z_ba\": 5e-6}";
    assert_int_equal(from_text(ep, &m, why, sizeof why), FRIC_OK);
    assert_true(m.kind == FRIC_MODEL_ELASTOPLASTIC && m.ep.z_ba == 5e-6 && m.ep.lugre.sigma1 == 316.0);
    assert_int_equal(from_text("{\"model\": \"elastoplastic\", \"fc\": 1, \"fs\": 1.5, \"vs\": 1e-3, \"sigma0\": 1e5, "
                               "\"sigma1\": 316, \"b\": 0.4, \"z_ba\": 1e-5}", &m, why, sizeof why), FRIC_ERR_Z_BA);
    assert_non_null(strstr(why, "z-ba"));
    /* it compiles as the LuGre core's elasto-plastic mode (test_fx_ep) */
    assert_int_equal(from_text(ep, &m, why, sizeof why), FRIC_OK);
    fric_model_fx_t fx;
    const fric_compile_opts_t o = {.width = 16, .v_max = 0.1, .f_max = 4.0, .ts = 1e-3};
    assert_int_equal(fric_model_compile(&m, &o, &fx), FRIC_OK);
    assert_true(fx.ep && fx.e.wba > 0);
    /* the parser: arrays of numbers only, 1 to 16 of them, nothing nested */
    fric_params_t p;
    fric_params_err_t err;
    const char *bad[] = {"{\"gms_k\": []}", "{\"gms_k\": [1, \"a\"]}", "{\"gms_k\": [[1]]}", "{\"gms_k\": [1,]}",
                         "{\"gms_k\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]}",
                         "{\"gms_k\": {\"a\": 1}}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(fric_params_parse(bad[i], strlen(bad[i]), &p, &err), -1);
    const char *ok = "{\"a\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], \"b\": [-1.5e3]}";
    assert_int_equal(fric_params_parse(ok, strlen(ok), &p, &err), 0);
    assert_int_equal(p.p[0].kind, FRIC_PARAM_ARRAY);
    assert_int_equal(p.p[0].n, 16);
    assert_true(p.pool[p.p[0].at + 15] == 16.0 && p.pool[p.p[1].at] == -1.5e3);
}

/* Every kind with a state steps through fric_model_step() as its own step. */
static void test_model_step_dispatch(void **state)
{
    (void)state;
    const fric_model_values_t v = fric_model_values_canudas1995();
    fric_model_t g, e;
    assert_int_equal(fric_model_build(FRIC_MODEL_GMS, &v, &g, NULL), FRIC_OK);
    assert_int_equal(fric_model_build(FRIC_MODEL_ELASTOPLASTIC, &v, &e, NULL), FRIC_OK);
    assert_int_equal(g.gms.n, 4);
    assert_true(g.gms.c == 100.0 && e.ep.z_ba == 5e-6);
    fric_model_state_t a, b;
    fric_model_state_rest(&a);
    fric_gms_state_t gs;
    (void)fric_gms_init(&g.gms, &gs);
    fric_lugre_state_t es = {0.0};
    b = a;
    for (int i = 0; i < 100; i++) {
        const double vel = 1e-3 * sin(0.1 * i);
        assert_true(fric_model_step(&g, &a, vel, 1e-3) == fric_gms_step(&g.gms, &gs, vel, 1e-3));
        assert_true(fric_model_step(&e, &b, vel, 1e-3) == fric_ep_step(&e.ep, &es, vel, 1e-3));
    }
    double fs = 0.0, ks = 0.0;
    for (unsigned i = 0; i < 4; i++) {
        fs += gs.f[i];
        ks += g.gms.k[i];
    }
    assert_true(fric_model_state_z(&g, &a) == fs / ks && fric_model_state_z(&e, &b) == es.z);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gms_each_refused_parameter),
        cmocka_unit_test(test_gms_steady_sliding_sign),
        cmocka_unit_test(test_gms_slip_relaxation),
        cmocka_unit_test(test_gms_step_exact),
        cmocka_unit_test(test_gms_virgin_curve),
        cmocka_unit_test(test_gms_masing),
        cmocka_unit_test(test_gms_wipe_out),
        cmocka_unit_test(test_gms_no_drift),
        cmocka_unit_test(test_gms_default_elements),
        cmocka_unit_test(test_gms_params_file),
        cmocka_unit_test(test_model_step_dispatch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
