/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tests of the 1-DOF stick-slip plant and its integrators (fric_plant.h).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

static const double TWO_PI = 6.283185307179586;

/* |a - b| <= tol, with both values in the failure message */
#define assert_near(a, b, tol)                                                                      \
    do {                                                                                            \
        const double a_ = (a), b_ = (b);                                                            \
        if (!(fabs(a_ - b_) <= (tol))) fail_msg("%s = %.15g, %s = %.15g, tolerance %g", #a, a_, #b, b_, (double)(tol)); \
    } while (0)

/* the Canudas set's plant, started with the spring at 1.48 N (x0 = -0.74 m),
 * so slip starts within a second instead of after 7 s */
#define X0 (-0.74)

static fric_plant_t canudas_plant(void)
{
    const fric_plant_t p = {1.0, 2.0, 0.1, 0.0, 0.0};
    return p;
}

static void test_check_names_each_parameter(void **state)
{
    (void)state;
    const fric_plant_t good = {1.0, 2.0, 0.1, 0.5, 3.0};
    assert_int_equal(fric_plant_check(&good), FRIC_OK);
    struct {
        fric_plant_t p;
        fric_status_t s;
        const char *name;
    } bad[] = {
        {{0.0, 2.0, 0.1, 0.0, 0.0}, FRIC_ERR_MASS, "mass"},
        {{-1.0, 2.0, 0.1, 0.0, 0.0}, FRIC_ERR_MASS, "mass"},
        {{NAN, 2.0, 0.1, 0.0, 0.0}, FRIC_ERR_MASS, "mass"},
        {{1.0, 0.0, 0.1, 0.0, 0.0}, FRIC_ERR_SPRING, "k ("},
        {{1.0, INFINITY, 0.1, 0.0, 0.0}, FRIC_ERR_SPRING, "k ("},
        {{1.0, 2.0, NAN, 0.0, 0.0}, FRIC_ERR_SUPPORT, "vd (support"},
        {{1.0, 2.0, 0.1, INFINITY, 0.0}, FRIC_ERR_FORCE_AMP, "force-amp"},
        {{1.0, 2.0, 0.1, 0.0, -1.0}, FRIC_ERR_FORCE_FREQ, "force-freq"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(fric_plant_check(&bad[i].p), bad[i].s);
        assert_non_null(strstr(fric_status_message(bad[i].s), bad[i].name));
    }
    assert_int_equal(fric_plant_check(NULL), FRIC_ERR_NULL);
}

/* the frictionless plant by small-step RK4, independently of the library */
static void plant_rk4_ref(const fric_plant_t *p, double f, double *x, double *v, double t0, double t1, int n)
{
    const double h = (t1 - t0) / n;
    double t = t0;
    for (int i = 0; i < n; i++) {
        double ax[4], av[4], xx = *x, vv = *v;
        for (int s = 0; s < 4; s++) {
            const double ts = t + ((s == 0) ? 0.0 : (s == 3) ? h : 0.5 * h);
            av[s] = (p->k * (p->vd * ts - xx) + p->force_amp * sin(TWO_PI * p->force_freq * ts) - f) / p->mass;
            ax[s] = vv;
            const double c = (s == 2) ? h : 0.5 * h;
            if (s < 3) {
                xx = *x + c * ax[s];
                vv = *v + c * av[s];
            }
        }
        *x += h / 6.0 * (ax[0] + 2 * ax[1] + 2 * ax[2] + ax[3]);
        *v += h / 6.0 * (av[0] + 2 * av[1] + 2 * av[2] + av[3]);
        t += h;
    }
}

/* The closed-form plant step with a held force: against a fine RK4 of the
 * same ODE, off resonance, at resonance and next to it, with a ramp and a
 * constant force; and the free oscillation keeps its energy. */
static void test_advance_is_the_closed_form(void **state)
{
    (void)state;
    const double w0 = sqrt(2.0 / 1.0);
    const double freqs[] = {0.0, 3.0, w0 / TWO_PI, w0 / TWO_PI * (1.0 + 1e-10), w0 / TWO_PI * 1.01};
    for (size_t i = 0; i < sizeof freqs / sizeof freqs[0]; i++) {
        const fric_plant_t p = {1.0, 2.0, 0.1, 0.7, freqs[i]};
        fric_plant_state_t s = {.x = 0.01, .v = -0.2};
        double x = s.x, v = s.v;
        for (int k = 0; k < 50; k++) fric_plant_advance(&p, &s, 0.3, 0.1);
        plant_rk4_ref(&p, 0.3, &x, &v, 0.0, 5.0, 200000);
        assert_near(s.t, 5.0, 1e-12);
        assert_near(s.x, x, 1e-9);
        assert_near(s.v, v, 1e-9);
    }
    /* free oscillation: energy to rounding over 10^5 steps */
    const fric_plant_t free_p = {1.0, 2.0, 0.0, 0.0, 0.0};
    fric_plant_state_t s = {.x = 0.02};
    const double e0 = 0.5 * 2.0 * s.x * s.x;
    for (int k = 0; k < 100000; k++) fric_plant_advance(&free_p, &s, 0.0, 1e-3);
    const double e1 = 0.5 * 2.0 * s.x * s.x + 0.5 * s.v * s.v;
    assert_near(e1 / e0, 1.0, 1e-9);
    assert_near(s.x, 0.02 * cos(w0 * s.t), 1e-10);
}

/* RK4 on a smooth LuGre run (the slider never stops, so |v| is smooth):
 * halving the step divides the error by about 16. */
static void test_rk4_converges_at_fourth_order(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    c.sigma0 = 10.0; /* a soft contact: the bristle state is stable at these steps */
    c.sigma1 = 1.0;
    const fric_contact_t k = fric_contact_dynamic(&c);
    const fric_plant_t p = {1.0, 2.0, 1.0, 0.0, 0.0};
    double xs[4];
    const int ns[4] = {100, 200, 400, 25600};
    for (int j = 0; j < 4; j++) {
        /* sliding at the support speed with the spring preloaded to the
         * friction, plus a 0.2 m/s kick: an oscillation about v = 1 */
        fric_plant_state_t s = {.x = -fric_lugre_steady_force(&c, 1.0) / p.k, .v = 1.2, .z = fric_lugre_steady_z(&c, 1.0)};
        double vmin = 1.0;
        for (int i = 0; i < ns[j]; i++) {
            fric_plant_rk4_step(&p, &k, &s, 1.0 / ns[j]);
            vmin = fmin(vmin, s.v);
        }
        if (!(vmin > 0.1)) fail_msg("h = 1/%d: v fell to %g (the case must stay smooth)", ns[j], vmin);
        xs[j] = s.x;
    }
    const double e1 = fabs(xs[0] - xs[3]), e2 = fabs(xs[1] - xs[3]), e3 = fabs(xs[2] - xs[3]);
    printf("RK4 errors %.3g %.3g %.3g, ratios %.2f %.2f\n", e1, e2, e3, e1 / e2, e2 / e3);
    assert_true(e1 / e2 > 13.0 && e1 / e2 < 19.0);
    assert_true(e2 / e3 > 13.0 && e2 / e3 < 19.0);
}

/* Energy over a stick-slip run: the work of the spring and the external
 * force equals the kinetic energy gained plus the work of friction (the
 * energy it dissipates or stores in the bristles), each integrated by the
 * trapezoidal rule along the run. */
static void test_rk4_energy_balance(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    const fric_contact_t k = fric_contact_dynamic(&c);
    fric_plant_t p = canudas_plant();
    p.force_amp = 0.3;
    p.force_freq = 0.7;
    fric_plant_state_t s = {.x = X0};
    const double h = 1e-5;
    double w_in = 0.0, w_f = 0.0;
    double pin0 = 0.0, pf0 = fric_lugre_force(&c, s.z, s.v) * s.v;
    int stops = 0;
    for (int i = 0; i < 500000; i++) {
        const double vprev = s.v;
        fric_plant_rk4_step(&p, &k, &s, h);
        const double pin = (fric_plant_spring(&p, s.t, s.x) + fric_plant_external(&p, s.t)) * s.v;
        const double pf = s.f * s.v;
        w_in += 0.5 * h * (pin0 + pin);
        w_f += 0.5 * h * (pf0 + pf);
        pin0 = pin;
        pf0 = pf;
        stops += (vprev > 1e-4 && s.v <= 1e-4);
    }
    const double ke = 0.5 * p.mass * s.v * s.v;
    printf("energy: input %.9f J, friction %.9f J, kinetic %.3e J, residual %.3e J, %d stops\n",
           w_in, w_f, ke, w_in - w_f - ke, stops);
    assert_true(stops >= 2); /* it did stick and slip */
    assert_true(w_in > 0.05);
    assert_true(fabs(w_in - w_f - ke) < 1e-6 * w_in);
}

/* The exact-contact step: first order in the step, converging to the fine
 * RK4 run of the same stick-slip case. */
static void test_exact_converges_to_rk4(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    const fric_contact_t k = fric_contact_dynamic(&c);
    const fric_plant_t p = canudas_plant();
    fric_plant_state_t r = {.x = X0};
    for (int i = 0; i < 3000000; i++) fric_plant_rk4_step(&p, &k, &r, 1e-6);
    double err[3];
    const double hs[3] = {1e-4, 5e-5, 2.5e-5};
    for (int j = 0; j < 3; j++) {
        fric_plant_state_t s = {.x = X0};
        const int n = (int)lround(3.0 / hs[j]);
        for (int i = 0; i < n; i++) fric_plant_exact_step(&p, &k, &s, hs[j]);
        err[j] = fabs(s.x - r.x);
    }
    printf("exact step: x(3 s) errors %.3g %.3g %.3g m (x = %.6f m), ratios %.2f %.2f\n", err[0], err[1], err[2], r.x,
           err[0] / err[1], err[1] / err[2]);
    assert_true(err[2] < 1e-3 * fabs(r.x));
    assert_true(err[0] / err[1] > 1.5 && err[0] / err[1] < 2.6);
    assert_true(err[1] / err[2] > 1.5 && err[1] / err[2] < 2.6);
}

/* At T = 1 ms the canonical set is past the RK4 bound of the bristle state
 * (2.785 g / (sigma0 |v|) = 28 us at 0.1 m/s): RK4 blows up, the exact
 * step stays within |z| <= Fs/sigma0 and keeps sticking and slipping. */
static void test_exact_is_stable_where_rk4_is_not(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    const fric_contact_t k = fric_contact_dynamic(&c);
    const fric_plant_t p = canudas_plant();
    assert_true(fric_lugre_rk4_dt_max(&c, 0.1) < 1e-3);
    fric_plant_state_t a = {.x = X0}, b = a;
    int rk4_blew = 0, stops = 0;
    double zmax = 0.0;
    for (int i = 0; i < 20000; i++) {
        fric_plant_rk4_step(&p, &k, &a, 1e-3);
        if (!isfinite(a.z) || fabs(a.z) > 1.0) rk4_blew = 1;
        const double vprev = b.v;
        fric_plant_exact_step(&p, &k, &b, 1e-3);
        zmax = fmax(zmax, fabs(b.z));
        assert_true(isfinite(b.x) && isfinite(b.v) && fabs(b.v) < 1.0);
        stops += (vprev > 1e-4 && b.v <= 1e-4);
    }
    assert_true(rk4_blew);
    assert_true(zmax <= c.fs_pos / c.sigma0 * (1.0 + 1e-12));
    printf("exact step at 1 ms: %d stops in 20 s, max |z| %.6g m\n", stops, zmax);
    assert_true(stops >= 2);
}

/* A static contact: no state (z keeps its initial value), its force is the
 * curve's at the step's velocity, and fric_contact_eval() of a dynamic
 * contact is fric_lugre_force() with dz/dt beside it. */
static void test_static_contact_has_no_state(void **state)
{
    (void)state;
    const fric_stribeck_cfg_t sc = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.4, 1e-3, 2.0);
    const fric_contact_t k = fric_contact_static(&sc);
    const fric_plant_t p = canudas_plant();
    fric_plant_state_t a = {.x = X0, .v = 0.05, .z = 0.123}, b = a;
    for (int i = 0; i < 20000; i++) {
        fric_plant_state_t e = b;
        fric_plant_advance(&p, &e, fric_stribeck_force(&sc, b.v), 1e-4);
        fric_plant_exact_step(&p, &k, &b, 1e-4);
        assert_true(e.x == b.x && e.v == b.v);
        fric_plant_rk4_step(&p, &k, &a, 1e-4);
        assert_true(a.z == 0.123 && b.z == 0.123);
        assert_true(a.f == fric_stribeck_force(&sc, a.v));
    }
    /* the contact's fast form (products by 1/vs, 1/vd) is the model's
     * fric_lugre_eval() to rounding, asymmetric and with sigma1(v) */
    fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    c.fc_neg = 0.7;
    c.fs_neg = 1.9;
    c.sigma2_neg = 0.1;
    c.vd = 3e-3;
    const fric_contact_t d = fric_contact_dynamic(&c);
    const double vs[] = {-0.3, -2e-3, -1e-4, -1e-9, 0.0, 3e-7, 7e-4, 1.1e-3, 0.02, 0.5};
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++) {
        for (double z = -1.5e-5; z <= 1.5e-5; z += 0.5e-5) {
            double dz, dz_ref;
            const double f = fric_contact_eval(&d, z, vs[i], &dz);
            const double f_ref = fric_lugre_eval(&c, z, vs[i], &dz_ref);
            assert_near(f, f_ref, 1e-14 * fmax(1.0, fabs(f_ref)));
            assert_near(dz, dz_ref, 1e-14 * fmax(1e-6, fabs(dz_ref)));
        }
    }
}

/* The RK4 step reuses its last evaluation as the next first stage: that
 * must change nothing, also when the caller changes the state in between. */
static void test_rk4_reuse_is_invisible(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    const fric_contact_t k = fric_contact_dynamic(&c);
    const fric_plant_t p = canudas_plant();
    fric_plant_state_t a = {.x = X0}, b = a;
    for (int i = 0; i < 200000; i++) {
        if (i % 5000 == 4999) { /* the caller kicks the slider */
            a.v += 1e-3;
            b.v += 1e-3;
        }
        b.cached = false;
        fric_plant_rk4_step(&p, &k, &a, 1e-5);
        fric_plant_rk4_step(&p, &k, &b, 1e-5);
        if (!(a.x == b.x && a.v == b.v && a.z == b.z && a.f == b.f)) fail_msg("step %d: reuse changed the result", i);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_names_each_parameter),
        cmocka_unit_test(test_static_contact_has_no_state),
        cmocka_unit_test(test_rk4_reuse_is_invisible),
        cmocka_unit_test(test_advance_is_the_closed_form),
        cmocka_unit_test(test_rk4_converges_at_fourth_order),
        cmocka_unit_test(test_rk4_energy_balance),
        cmocka_unit_test(test_exact_converges_to_rk4),
        cmocka_unit_test(test_exact_is_stable_where_rk4_is_not),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
