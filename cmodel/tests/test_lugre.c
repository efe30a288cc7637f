/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the double-precision Dahl and LuGre models (fric_lugre.h).
 * Point values were computed by hand (Python) from the formulas. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

static void assert_rel(double got, double want, double rel)
{
    double tol = rel * fmax(fabs(want), 1e-300);
    if (!(fabs(got - want) <= tol)) fail_msg("got %.17g, want %.17g (rel %.1e)", got, want, rel);
}

static fric_lugre_cfg_t canudas(void) { return fric_lugre_cfg_canudas1995(); }

/* One classical RK4 step of dz/dt at constant v. */
static double rk4_z(const fric_lugre_cfg_t *c, double z, double v, double h)
{
    double k1 = fric_lugre_dzdt(c, z, v);
    double k2 = fric_lugre_dzdt(c, z + 0.5 * h * k1, v);
    double k3 = fric_lugre_dzdt(c, z + 0.5 * h * k2, v);
    double k4 = fric_lugre_dzdt(c, z + h * k3, v);
    return z + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4);
}

/* ---- formulas at chosen points ----------------------------------------- */

static void test_lugre_point_values(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    assert_rel(fric_lugre_g(&c, 0.001), 1.1839397205857212, 1e-15);
    assert_rel(fric_lugre_dzdt(&c, 1e-5, 0.001), 0.00015536240349696363, 1e-12);
    assert_rel(fric_lugre_force(&c, 1e-5, 0.001), 1.0495299057808514, 1e-13);
    /* at rest the state does not move */
    assert_true(fric_lugre_dzdt(&c, 3e-6, 0.0) == 0.0);
}

static void test_dahl_point_values(void **state)
{
    (void)state;
    fric_dahl_cfg_t d = {2.0, 1.0, 1e4, 0.5, 0.25};
    /* dz/dt = v - s0*|v|*z/Fc: 0.01 - 1e4*0.01*1e-4/2 = 0.005 */
    assert_rel(fric_dahl_dzdt(&d, 1e-4, 0.01), 0.005, 1e-14);
    /* v < 0 uses fc_neg = 1: -0.01 - 1e4*0.01*1e-4/1 = -0.02 */
    assert_rel(fric_dahl_dzdt(&d, 1e-4, -0.01), -0.02, 1e-14);
    assert_rel(fric_dahl_force(&d, 1e-4, -0.01), 1.0 - 0.0025, 1e-14);
}

static void test_micro_damping(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    assert_true(fric_lugre_sigma1(&c, 0.3) == c.sigma1); /* off by default */
    c.vd = 0.01;
    assert_rel(fric_lugre_sigma1(&c, 0.01), c.sigma1 * exp(-1.0), 1e-15);
    assert_rel(fric_lugre_sigma1(&c, -0.02), c.sigma1 * exp(-4.0), 1e-15);
    assert_true(fric_lugre_sigma1(&c, 0.0) == c.sigma1);
}

/* ---- steady states ------------------------------------------------------ */

static void test_steady_state_matches_curve(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    c.fc_neg = 0.8;
    c.fs_neg = 1.1;
    c.sigma2_neg = 0.3;
    fric_stribeck_cfg_t s = fric_lugre_steady_curve(&c);
    for (int i = -300; i <= 300; i++) {
        double v = i * 1.1e-5;
        double zss = fric_lugre_steady_z(&c, v);
        assert_true(fric_lugre_steady_force(&c, v) == fric_stribeck_force(&s, v));
        /* z_ss is a fixed point of the ODE, and the continuous force there is the curve */
        assert_true(fabs(fric_lugre_dzdt(&c, zss, v)) <= 1e-15 * fmax(fabs(v), 1e-300));
        if (v == 0.0)
            assert_true(fric_lugre_force(&c, zss, v) == 0.0);
        else
            assert_rel(fric_lugre_force(&c, zss, v), fric_lugre_steady_force(&c, v), 1e-12);
    }
}

static void test_dahl_steady_state_matches_curve(void **state)
{
    (void)state;
    fric_dahl_cfg_t d = {2.0, 1.0, 1e4, 0.5, 0.25};
    assert_rel(fric_dahl_steady_force(&d, 0.2), 2.0 + 0.1, 1e-15);
    assert_rel(fric_dahl_steady_force(&d, -0.2), -1.0 - 0.05, 1e-15);
    assert_rel(fric_dahl_steady_z(&d, 0.2), 2e-4, 1e-15);
    assert_true(fabs(fric_dahl_dzdt(&d, fric_dahl_steady_z(&d, -0.2), -0.2)) < 1e-16);
}

/* ---- exact step --------------------------------------------------------- */

static void test_exact_step_converges_to_steady_state(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    const double vs[] = {1e-4, 1e-3, -0.05, 0.1, -2.0};
    for (size_t j = 0; j < sizeof vs / sizeof vs[0]; j++) {
        fric_lugre_state_t st = {0.0};
        double zss = fric_lugre_steady_z(&c, vs[j]);
        double prev = fabs(st.z - zss);
        for (int k = 0; k < 4000; k++) {
            fric_lugre_step(&c, &st, vs[j], 1e-2);
            double d = fabs(st.z - zss);
            assert_true(d <= prev); /* monotone approach, no overshoot */
            prev = d;
        }
        assert_rel(st.z, zss, 1e-12);
    }
}

static void test_exact_step_matches_fine_rk4(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    const double ts[] = {1e-6, 1e-5, 1e-4, 1e-3};
    const double vs[] = {2e-4, -1e-3, 0.02};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 3; j++) {
            fric_lugre_state_t st = {-4e-6};
            double zr = st.z;
            fric_lugre_step(&c, &st, vs[j], ts[i]);
            /* RK4 with 2000 substeps, each far inside its stability bound */
            int nsub = 2000;
            double h = ts[i] / nsub;
            assert_true(h < fric_lugre_rk4_dt_max(&c, vs[j]) / 10);
            for (int k = 0; k < nsub; k++) zr = rk4_z(&c, zr, vs[j], h);
            assert_rel(st.z, zr, 1e-9);
        }
}

static void test_exact_step_stable_at_huge_step(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    fric_lugre_state_t st = {0.0};
    for (int k = 0; k < 100; k++) {
        double v = (k & 1) ? 0.5 : -0.5;
        fric_lugre_step(&c, &st, v, 10.0);
        assert_true(fabs(st.z) <= 1.5 / c.sigma0);
        assert_rel(st.z, fric_lugre_steady_z(&c, v), 1e-15);
    }
}

static void test_step_force_uses_discrete_derivative(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    c.vd = 2e-3;
    fric_lugre_state_t st = {1e-6};
    const double v = 5e-4, ts = 2e-5;
    double f = fric_lugre_step(&c, &st, v, ts);
    double want = c.sigma0 * st.z + fric_lugre_sigma1(&c, v) * (st.z - 1e-6) / ts + 0.4 * v;
    assert_rel(f, want, 1e-15);
    assert_rel(fric_lugre_step_factor(&c, v, ts), exp(-c.sigma0 * v * ts / fric_lugre_g(&c, v)), 1e-15);
}

static void test_zero_velocity_holds_state(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    fric_lugre_state_t st = {7e-6};
    double f = fric_lugre_step(&c, &st, 0.0, 1e-3);
    assert_true(st.z == 7e-6);
    assert_rel(f, c.sigma0 * 7e-6, 1e-15);
    assert_true(fric_lugre_step_factor(&c, 0.0, 1e-3) == 1.0);
}

static void test_dahl_is_lugre_with_fs_eq_fc_and_no_sigma1(void **state)
{
    (void)state;
    fric_dahl_cfg_t d = {1.0, 0.7, 1e5, 0.4, 0.3};
    fric_lugre_cfg_t l = canudas();
    l.fc_neg = 0.7;
    l.fs_pos = 1.0;
    l.fs_neg = 0.7;
    l.sigma1 = 0.0;
    l.sigma2_neg = 0.3;
    fric_dahl_state_t sd = {0.0};
    fric_lugre_state_t sl = {0.0};
    for (int k = 0; k < 500; k++) {
        double v = 0.01 * sin(k * 0.05);
        double fd = fric_dahl_step(&d, &sd, v, 1e-4);
        double fl = fric_lugre_step(&l, &sl, v, 1e-4);
        assert_rel(fd, fl, 1e-15);
        assert_rel(sd.z + 1e-300, sl.z + 1e-300, 1e-15);
    }
}

/* ---- helpers ------------------------------------------------------------ */

static void test_passivity_condition(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    /* 0.4 > sqrt(1e5) * 0.5 / 1 fails: the canonical set is not passive */
    assert_false(fric_lugre_is_passive(&c));
    assert_true(fric_lugre_warnings(&c) & FRIC_WARN_NOT_PASSIVE);
    c.sigma1 = 0.79; /* 0.79 * 0.5 = 0.395 < 0.4 */
    assert_true(fric_lugre_is_passive(&c));
    assert_int_equal(fric_lugre_warnings(&c), 0);
    c.fs_neg = 1.9; /* 0.79 * 0.9 > 0.4 on the negative side */
    assert_false(fric_lugre_is_passive(&c));
}

static void test_presliding_stiffness(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    assert_rel(fric_lugre_presliding_stiffness(&c, 0.0, 1e-9), c.sigma0, 1e-15);
    double zss = fric_lugre_steady_z(&c, 0.1);
    assert_true(fabs(fric_lugre_presliding_stiffness(&c, zss, 0.1)) < 1e-9 * c.sigma0);
    /* moving back against a deflection stiffens it */
    assert_true(fric_lugre_presliding_stiffness(&c, zss, -0.1) > c.sigma0);
}

static void test_rk4_stability_estimate(void **state)
{
    (void)state;
    fric_lugre_cfg_t c = canudas();
    assert_rel(fric_lugre_rk4_dt_max(&c, 0.1), 2.785293563405282 / (1e5 * 0.1), 1e-12);
    assert_true(isinf(fric_lugre_rk4_dt_max(&c, 0.0)));
    /* RK4 at 0.9x the bound decays, at 1.1x it grows */
    double h = fric_lugre_rk4_dt_max(&c, 0.1);
    double zss = fric_lugre_steady_z(&c, 0.1);
    double za = zss + 1e-6, zb = zss + 1e-6;
    for (int k = 0; k < 200; k++) {
        za = rk4_z(&c, za, 0.1, 0.9 * h);
        zb = rk4_z(&c, zb, 0.1, 1.1 * h);
    }
    assert_true(fabs(za - zss) < 1e-6);
    assert_true(fabs(zb - zss) > 1e-6);
    fric_dahl_cfg_t d = {1.0, 1.0, 1e5, 0.0, 0.0};
    assert_rel(fric_dahl_rk4_dt_max(&d, -0.1), 2.785293563405282e-4, 1e-12);
}

/* ---- validation --------------------------------------------------------- */

static void test_lugre_each_refused_parameter(void **state)
{
    (void)state;
    static const struct {
        size_t off;
        double bad;
        fric_status_t want;
    } cases[] = {
        {offsetof(fric_lugre_cfg_t, fc_pos), 0.0, FRIC_ERR_FC_DYN},
        {offsetof(fric_lugre_cfg_t, fc_pos), -1.0, FRIC_ERR_FC},
        {offsetof(fric_lugre_cfg_t, fc_neg), 0.0, FRIC_ERR_FC_NEG_DYN},
        {offsetof(fric_lugre_cfg_t, fc_neg), NAN, FRIC_ERR_FC_NEG},
        {offsetof(fric_lugre_cfg_t, fs_pos), 0.0, FRIC_ERR_FS_DYN},
        {offsetof(fric_lugre_cfg_t, fs_neg), 0.0, FRIC_ERR_FS_NEG_DYN},
        {offsetof(fric_lugre_cfg_t, fs_neg), -INFINITY, FRIC_ERR_FS_NEG},
        {offsetof(fric_lugre_cfg_t, vs), 0.0, FRIC_ERR_VS},
        {offsetof(fric_lugre_cfg_t, delta), -1.0, FRIC_ERR_DELTA},
        {offsetof(fric_lugre_cfg_t, sigma0), 0.0, FRIC_ERR_SIGMA0},
        {offsetof(fric_lugre_cfg_t, sigma0), INFINITY, FRIC_ERR_SIGMA0},
        {offsetof(fric_lugre_cfg_t, sigma1), -1.0, FRIC_ERR_SIGMA1},
        {offsetof(fric_lugre_cfg_t, sigma2_pos), -0.1, FRIC_ERR_B},
        {offsetof(fric_lugre_cfg_t, sigma2_neg), NAN, FRIC_ERR_B_NEG},
        {offsetof(fric_lugre_cfg_t, vd), -1e-3, FRIC_ERR_VD},
    };
    fric_lugre_cfg_t ok = canudas();
    fric_lugre_state_t st = {1.0};
    assert_int_equal(fric_lugre_init(&ok, &st), FRIC_OK);
    assert_true(st.z == 0.0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fric_lugre_cfg_t c = ok;
        *(double *)((char *)&c + cases[i].off) = cases[i].bad;
        assert_int_equal(fric_lugre_check(&c), cases[i].want);
        st.z = 5.0;
        assert_int_equal(fric_lugre_init(&c, &st), cases[i].want);
        assert_true(st.z == 5.0); /* a refused init leaves the state alone */
    }
    assert_int_equal(fric_lugre_init(&ok, NULL), FRIC_ERR_NULL);
}

static void test_dahl_each_refused_parameter(void **state)
{
    (void)state;
    static const struct {
        size_t off;
        double bad;
        fric_status_t want;
    } cases[] = {
        {offsetof(fric_dahl_cfg_t, fc_pos), 0.0, FRIC_ERR_FC_DYN},
        {offsetof(fric_dahl_cfg_t, fc_neg), -2.0, FRIC_ERR_FC_NEG},
        {offsetof(fric_dahl_cfg_t, sigma0), -1.0, FRIC_ERR_SIGMA0},
        {offsetof(fric_dahl_cfg_t, sigma2_pos), NAN, FRIC_ERR_B},
        {offsetof(fric_dahl_cfg_t, sigma2_neg), -1.0, FRIC_ERR_B_NEG},
    };
    fric_dahl_cfg_t ok = {1.0, 1.0, 1e5, 0.4, 0.4};
    fric_dahl_state_t st;
    assert_int_equal(fric_dahl_init(&ok, &st), FRIC_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fric_dahl_cfg_t c = ok;
        *(double *)((char *)&c + cases[i].off) = cases[i].bad;
        assert_int_equal(fric_dahl_check(&c), cases[i].want);
    }
}

static void test_messages_name_the_parameter(void **state)
{
    (void)state;
    for (int s = FRIC_ERR_NULL; s >= FRIC_ERR_VELOCITY; s--) {
        const char *m = fric_status_message((fric_status_t)s);
        assert_non_null(m);
        assert_string_not_equal(m, "unknown fricore status");
    }
    assert_non_null(strstr(fric_status_message(FRIC_ERR_VS), "vs"));
    assert_non_null(strstr(fric_status_message(FRIC_ERR_VS), "> 0"));
    assert_non_null(strstr(fric_status_message(FRIC_ERR_FC_DYN), "> 0"));
    assert_non_null(strstr(fric_status_message(FRIC_ERR_FC), ">= 0"));
    assert_non_null(strstr(fric_status_message(FRIC_ERR_SIGMA0), "sigma0"));
    assert_string_equal(fric_status_message((fric_status_t)-99), "unknown fricore status");
    assert_non_null(strstr(fric_warning_message(FRIC_WARN_FS_BELOW_FC), "fs < fc"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lugre_point_values),
        cmocka_unit_test(test_dahl_point_values),
        cmocka_unit_test(test_micro_damping),
        cmocka_unit_test(test_steady_state_matches_curve),
        cmocka_unit_test(test_dahl_steady_state_matches_curve),
        cmocka_unit_test(test_exact_step_converges_to_steady_state),
        cmocka_unit_test(test_exact_step_matches_fine_rk4),
        cmocka_unit_test(test_exact_step_stable_at_huge_step),
        cmocka_unit_test(test_step_force_uses_discrete_derivative),
        cmocka_unit_test(test_zero_velocity_holds_state),
        cmocka_unit_test(test_dahl_is_lugre_with_fs_eq_fc_and_no_sigma1),
        cmocka_unit_test(test_passivity_condition),
        cmocka_unit_test(test_presliding_stiffness),
        cmocka_unit_test(test_rk4_stability_estimate),
        cmocka_unit_test(test_lugre_each_refused_parameter),
        cmocka_unit_test(test_dahl_each_refused_parameter),
        cmocka_unit_test(test_messages_name_the_parameter),
    };
    return cmocka_run_group_tests_name("dahl/lugre (double)", tests, NULL, NULL);
}
