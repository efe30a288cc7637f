/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the elasto-plastic model (fric_ep.h), and the drift per
 * load cycle of LuGre and elasto-plastic against their closed forms. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

static void assert_rel(double got, double want, double rel)
{
    const double tol = rel * fmax(fabs(want), 1e-300);
    if (!(fabs(got - want) <= tol)) fail_msg("got %.17g, want %.17g (rel %.1e)", got, want, rel);
}

/* The Canudas de Wit (1995) LuGre set with z_ba = 5 um (z_ss at rest is 15 um). */
static fric_ep_cfg_t ep_set(void)
{
    fric_ep_cfg_t c = {fric_lugre_cfg_canudas1995(), 5e-6};
    return c;
}

/* deterministic uniform numbers in [0, 1) */
static double rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*s >> 11) * 0x1.0p-53;
}

/* ---- validation --------------------------------------------------------- */

static void test_ep_z_ba_range(void **state)
{
    (void)state;
    fric_ep_cfg_t c = ep_set();
    assert_int_equal(fric_ep_check(&c), FRIC_OK);
    assert_rel(fric_ep_z_ba_max(&c.lugre), 1e-5, 1e-15); /* Fc / sigma0 */
    const double bad[] = {0.0, -1e-6, 1e-5, 2e-5, NAN, INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.z_ba = bad[i];
        assert_int_equal(fric_ep_check(&c), FRIC_ERR_Z_BA);
    }
    c.z_ba = nextafter(1e-5, 0.0);
    assert_int_equal(fric_ep_check(&c), FRIC_OK);
    /* the bound is the smallest level: fs below fc, or a smaller v < 0 level */
    c.z_ba = 9e-6;
    c.lugre.fs_neg = 0.8;
    assert_int_equal(fric_ep_check(&c), FRIC_ERR_Z_BA);
    assert_rel(fric_ep_z_ba_max(&c.lugre), 8e-6, 1e-15);
    /* the LuGre set is checked first */
    c = ep_set();
    c.lugre.sigma0 = 0.0;
    assert_int_equal(fric_ep_check(&c), FRIC_ERR_SIGMA0);
    const char *m = fric_status_message(FRIC_ERR_Z_BA);
    assert_non_null(strstr(m, "z-ba"));
    assert_non_null(strstr(m, "Fc/sigma0"));
    fric_lugre_state_t st = {1.0};
    assert_int_equal(fric_ep_init(&c, &st), FRIC_ERR_SIGMA0);
    c = ep_set();
    assert_int_equal(fric_ep_init(&c, &st), FRIC_OK);
    assert_true(st.z == 0.0);
}

/* ---- alpha and the continuous equation ---------------------------------- */

static void test_ep_alpha_zones(void **state)
{
    (void)state;
    const fric_ep_cfg_t c = ep_set();
    const double v = 1e-5; /* g = Fs (1 - 1e-4) to 4 digits: z_m close to 15 um */
    const double zm = fric_lugre_g(&c.lugre, v) / c.lugre.sigma0;
    assert_true(fric_ep_alpha(&c, 0.0, v) == 0.0);
    assert_true(fric_ep_alpha(&c, 5e-6, v) == 0.0);          /* |z| <= z_ba */
    assert_true(fric_ep_alpha(&c, zm, v) == 1.0);
    assert_true(fric_ep_alpha(&c, 2 * zm, v) == 1.0);
    assert_rel(fric_ep_alpha(&c, 0.5 * (5e-6 + zm), v), 0.5, 1e-12); /* the raised cosine's middle */
    /* the sign gate: z against the motion has alpha = 0 however large */
    assert_true(fric_ep_alpha(&c, -2 * zm, v) == 0.0);
    assert_true(fric_ep_alpha(&c, 2 * zm, -v) == 0.0);
    /* odd symmetry of a symmetric set */
    assert_true(fric_ep_alpha(&c, -1e-5, -v) == fric_ep_alpha(&c, 1e-5, v));
    /* continuous across the zone edges, and increasing */
    assert_true(fric_ep_alpha(&c, nextafter(5e-6, 1.0), v) < 1e-12);
    assert_true(fric_ep_alpha(&c, nextafter(zm, 0.0), v) > 1.0 - 1e-12);
    double prev = 0.0;
    for (int i = 0; i <= 100; i++) {
        const double a = fric_ep_alpha(&c, 5e-6 + (zm - 5e-6) * i / 100.0, v);
        assert_true(a >= prev);
        prev = a;
    }
    /* dz/dt: v in the elastic zone, LuGre's from z_m on, 0 at rest */
    assert_true(fric_ep_dzdt(&c, 3e-6, v) == v);
    assert_true(fric_ep_dzdt(&c, -2 * zm, v) == v);
    assert_rel(fric_ep_dzdt(&c, 2 * zm, v), fric_lugre_dzdt(&c.lugre, 2 * zm, v), 1e-12);
    assert_true(fric_ep_dzdt(&c, 1e-5, 0.0) == 0.0);
    assert_rel(fric_ep_force(&c, 3e-6, v), 1e5 * 3e-6 + 316.22776601683793 * v + 0.4 * v, 1e-14);
}

/* ---- the step ------------------------------------------------------------ */

static void test_ep_step_zones(void **state)
{
    (void)state;
    const fric_ep_cfg_t c = ep_set();
    const double ts = 1e-3;
    /* alpha = 1 all the step: LuGre's exact step, bit for bit */
    const double zs[] = {2e-5, 1.6e-5, -3e-5};
    const double vs[] = {1e-3, 1e-2, -5e-3};
    for (size_t i = 0; i < 3; i++) {
        fric_lugre_state_t a = {zs[i]}, b = {zs[i]};
        const double fa = fric_ep_step(&c, &a, vs[i], ts), fb = fric_lugre_step(&c.lugre, &b, vs[i], ts);
        assert_true(a.z == b.z && fa == fb);
    }
    /* alpha = 0 all the step: the exact add, also against the motion */
    const double z0[] = {1e-6, -1e-6, -4e-5, 4e-5};
    const double v0[] = {1e-4, -1e-4, 1e-2, -1e-2};
    const double t0[] = {1e-3, 1e-3, 1e-3, 1e-3};
    for (size_t i = 0; i < 4; i++) {
        fric_lugre_state_t a = {z0[i]};
        (void)fric_ep_step(&c, &a, v0[i], t0[i]);
        assert_true(a.z == z0[i] + v0[i] * t0[i]);
    }
    /* v = 0: nothing moves, the force is sigma0 z */
    fric_lugre_state_t r = {7e-6};
    assert_true(fric_ep_step(&c, &r, 0.0, ts) == 1e5 * 7e-6 && r.z == 7e-6);
}

/* At any sample time the deflection in the direction of motion moves
 * toward z_m and never past it. */
static void test_ep_step_bounded(void **state)
{
    (void)state;
    fric_ep_cfg_t c = ep_set();
    c.lugre.fs_neg = 2.0;
    uint64_t seed = 1;
    for (int i = 0; i < 200000; i++) {
        const double zm0 = 2.0 / c.lugre.sigma0;
        const double z0 = (2 * rnd(&seed) - 1) * 2 * zm0;
        const double v = (2 * rnd(&seed) - 1) * pow(10.0, -6 + 7 * rnd(&seed));
        const double ts = pow(10.0, -7 + 10 * rnd(&seed));
        fric_lugre_state_t st = {z0};
        const double f = fric_ep_step(&c, &st, v, ts);
        assert_true(isfinite(f) && isfinite(st.z));
        const double s = v > 0 ? 1.0 : -1.0, zm = fric_lugre_g(&c.lugre, v) / c.lugre.sigma0;
        const double u0 = s * z0, u1 = s * st.z;
        if (!(u1 >= fmin(u0, zm) - 1e-18 && u1 <= fmax(u0, zm) + 1e-18))
            fail_msg("z0 %.17g v %.17g ts %.17g: z1 %.17g outside [%g, %g] (z_m %g)", z0, v, ts, st.z, fmin(u0, zm),
                     fmax(u0, zm), zm);
    }
}

/* One step of the continuous equation by RK4, in substeps. */
static double fine_z(const fric_ep_cfg_t *c, double z, double v, double t, int n)
{
    const double h = t / n;
    for (int i = 0; i < n; i++) {
        const double k1 = fric_ep_dzdt(c, z, v), k2 = fric_ep_dzdt(c, z + 0.5 * h * k1, v);
        const double k3 = fric_ep_dzdt(c, z + 0.5 * h * k2, v), k4 = fric_ep_dzdt(c, z + h * k3, v);
        z += h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4);
    }
    return z;
}

/* The step converges to the continuous model as the sample time falls:
 * a load from rest through the transition zone at constant v. */
static void test_ep_step_converges(void **state)
{
    (void)state;
    const fric_ep_cfg_t c = ep_set();
    const double v = 1e-5, t_end = 1.5; /* 15 um: through the transition zone */
    const double ref = fine_z(&c, 0.0, v, t_end, 1500000);
    double err[4];
    const int steps[4] = {15, 150, 1500, 15000};
    for (int k = 0; k < 4; k++) {
        fric_lugre_state_t st = {0.0};
        for (int i = 0; i < steps[k]; i++) (void)fric_ep_step(&c, &st, v, t_end / steps[k]);
        err[k] = fabs(st.z - ref);
        print_message("elasto-plastic step, %5d steps over 15 um: |z - z_ref| = %.3g m (%.3g of z_ss)\n", steps[k],
                      err[k], err[k] / 1.5e-5);
    }
    /* second order: 100-fold per 10-fold shorter step */
    for (int k = 1; k < 4; k++) assert_true(err[k] < err[k - 1] / 50.0);
    assert_true(err[3] < 1e-9 * 1.5e-5);
}

/* ---- drift per load cycle ----------------------------------------------- */

/* The quasi-static displacement that takes the contact's force to f: the
 * step of length ts (long: the velocity stays far below vs, so g = Fs and
 * the sigma1 and sigma2 terms vanish) whose force is f, by bisection on the
 * displacement. Returns the displacement v*ts the model was driven by. */
static double load_to(const fric_model_t *m, fric_model_state_t *st, double f, double ts)
{
    double lo = -1e-3, hi = 1e-3;
    for (int i = 0; i < 200 && lo < hi; i++) {
        const double mid = 0.5 * (lo + hi);
        fric_model_state_t t = *st;
        if (fric_model_step(m, &t, mid / ts, ts) < f) lo = mid;
        else hi = mid;
    }
    const double v = hi / ts;
    (void)fric_model_step(m, st, v, ts);
    return v * ts;
}

/* Load from 0 to f and back to 0 in n samples each way, cycles times;
 * returns the displacement, and in *equal whether the displacement equalled
 * the deflection z at every sample. */
static double cycles(const fric_model_t *m, double f, int n, int ncycles, bool *equal)
{
    fric_model_state_t st;
    fric_model_state_rest(&st);
    double x = 0.0;
    *equal = true;
    for (int c = 0; c < ncycles; c++)
        for (int i = 1; i <= 2 * n; i++) {
            const double target = f * (i <= n ? (double)i / n : (double)(2 * n - i) / n);
            x += load_to(m, &st, target, 1e4);
            *equal = *equal && x == st.z;
        }
    return x;
}

static fric_model_t build(fric_model_kind_t kind)
{
    const fric_model_values_t v = fric_model_values_canudas1995();
    fric_model_t m;
    assert_int_equal(fric_model_build(kind, &v, &m, NULL), FRIC_OK);
    return m;
}

/* LuGre: a load to F below breakaway and back moves the contact by
 * -z_ss ln(1 - (F/Fs)^2), z_ss = Fs/sigma0, every cycle: the loading branch
 * moves it by -z_ss ln(1 - F/Fs), the unloading one by z_ss ln(1 + F/Fs)
 * (dz/dx = 1 -/+ z/z_ss integrated from 0 to F/sigma0 and back), when the
 * load is quasi-static (|v| << vs, so g = Fs and sigma1 dz/dt, sigma2 v
 * vanish) and symmetric levels. */
static void test_lugre_drift_per_cycle(void **state)
{
    (void)state;
    const fric_model_t m = build(FRIC_MODEL_LUGRE);
    const double zss = 1.5 / 1e5;
    const double fs[] = {0.4, 1.2};
    for (int k = 0; k < 2; k++) {
        const double a = fs[k] / 1.5, want = -zss * log1p(-a * a);
        bool eq;
        const double x = cycles(&m, fs[k], 50, 3, &eq);
        print_message("LuGre, load to %.1f N and back, 3 cycles: %.6g m, closed form %.6g m\n", fs[k], x, 3 * want);
        assert_rel(x, 3 * want, 1e-6);
    }
}

/* Elasto-plastic: below z_ba the same load moves the contact by exactly its
 * elastic deflection, so a cycle leaves no displacement; above it, it
 * drifts like LuGre. */
static void test_ep_no_drift_below_z_ba(void **state)
{
    (void)state;
    const fric_model_t m = build(FRIC_MODEL_ELASTOPLASTIC);
    assert_true(0.4 / m.lugre.sigma0 < m.ep.z_ba);
    bool eq;
    const double x = cycles(&m, 0.4, 50, 3, &eq);
    print_message("elasto-plastic, load to 0.4 N (F/sigma0 < z_ba) and back, 3 cycles: %.3g m\n", x);
    /* the displacement is the deflection, bit for bit, at every sample */
    assert_true(eq);
    /* and the unloaded contact holds no deflection beyond the one that
     * balances the sigma1 and sigma2 terms of its last, slow step
     * ((sigma1 + sigma2) v / sigma0 with v below 1e-11 m/s) */
    assert_true(fabs(x) < 317.0 * 1e-11 / 1e5);
    const double x12 = cycles(&m, 1.2, 50, 3, &eq);
    print_message("elasto-plastic, load to 1.2 N (F/sigma0 > z_ba) and back, 3 cycles: %.6g m\n", x12);
    assert_false(eq);
    assert_true(x12 > 1e-7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ep_z_ba_range),
        cmocka_unit_test(test_ep_alpha_zones),
        cmocka_unit_test(test_ep_step_zones),
        cmocka_unit_test(test_ep_step_bounded),
        cmocka_unit_test(test_ep_step_converges),
        cmocka_unit_test(test_lugre_drift_per_cycle),
        cmocka_unit_test(test_ep_no_drift_below_z_ba),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
