/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the double-precision static curves (fric_stribeck.h).
 * Reference values were computed by hand (Python, math.exp) from the formula
 * F = sign(v)*(Fc + (Fs-Fc)*exp(-|v/vs|^delta)) + b*v. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fricore.h"

#define REL_TOL 1e-14

static void assert_close(double got, double want)
{
    double tol = REL_TOL * fmax(1.0, fabs(want));
    if (!(fabs(got - want) <= tol)) fail_msg("got %.17g, want %.17g", got, want);
}

static const fric_stribeck_cfg_t base = {1.0, 1.0, 1.5, 1.5, 0.1, 0.1, 0.1, 0.1, 2.0};

/* ---- formula at chosen points ------------------------------------------ */

static void test_gaussian_points(void **state)
{
    (void)state;
    assert_close(fric_stribeck_force(&base, 0.1), 1.1939397205857212);
    assert_close(fric_stribeck_force(&base, -2.0), -1.2);
    assert_close(fric_stribeck_force(&base, 0.5), 1.05 + 0.5 * exp(-25.0));
    assert_close(fric_stribeck_level(&base, 0.1), 1.1839397205857212);
    assert_close(fric_stribeck_weight(&base, -0.1), exp(-1.0));
}

static void test_exponent_one_and_half(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = base;
    c.delta = 1.0;
    assert_close(fric_stribeck_force(&c, 0.2), 1.0876676416183064);
    c.delta = 0.5;
    assert_close(fric_stribeck_force(&c, 0.4), 1.1076676416183064);
    c.delta = 3.0;
    assert_close(fric_stribeck_force(&c, 0.2), 1.0 + 0.5 * exp(-8.0) + 0.02);
}

static void test_asymmetric(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = base;
    c.fc_neg = 0.8;
    c.fs_neg = 1.2;
    c.b_neg = 0.2;
    assert_close(fric_stribeck_force(&c, -0.05), -1.121520313228562);
    /* the positive side keeps its own set */
    assert_close(fric_stribeck_force(&c, 0.1), 1.1939397205857212);
    assert_true(fric_stribeck_force(&c, -0.05) != -fric_stribeck_force(&c, 0.05));
}

/* vs_neg shapes the v < 0 side only: each side equals the side of a
 * symmetric set with that side's vs, bit for bit */
static void test_vs_per_direction(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = base, p = base, n = base;
    c.vs_neg = 0.03;
    n.vs = n.vs_neg = 0.03;
    for (int i = 1; i <= 400; i++) {
        const double v = i * 1.1e-3;
        assert_true(fric_stribeck_force(&c, v) == fric_stribeck_force(&p, v));
        assert_true(fric_stribeck_force(&c, -v) == fric_stribeck_force(&n, -v));
        assert_true(fric_stribeck_weight(&c, -v) == fric_stribeck_weight(&n, -v));
    }
    /* the dip of the v < 0 side is narrower: at |v| = vs the weights differ */
    assert_true(fabs(fric_stribeck_weight(&c, 0.1) - exp(-1.0)) < 1e-15);
    assert_true(fabs(fric_stribeck_weight(&c, -0.03) - exp(-1.0)) < 1e-15);
    /* the LuGre steady state carries it */
    fric_lugre_cfg_t l = fric_lugre_cfg_canudas1995();
    l.vs_neg = 2e-3;
    const fric_stribeck_cfg_t s = fric_lugre_steady_curve(&l);
    assert_true(s.vs_neg == 2e-3 && s.vs == 1e-3);
    assert_true(fric_lugre_g(&l, -2e-3) == 1.0 + 0.5 * exp(-1.0));
    l.vs_neg = 0.0;
    assert_int_equal(fric_lugre_check(&l), FRIC_ERR_VS_NEG);
}

static void test_sign_zero(void **state)
{
    (void)state;
    assert_true(fric_stribeck_force(&base, 0.0) == 0.0);
    assert_true(fric_stribeck_force(&base, -0.0) == 0.0);
    /* the smallest velocities already carry the full static level */
    assert_close(fric_stribeck_force(&base, 1e-300), 1.5);
    assert_close(fric_stribeck_force(&base, -1e-300), -1.5);
}

static void test_far_tail_no_nan(void **state)
{
    (void)state;
    assert_close(fric_stribeck_force(&base, 1e6), 1.0 + 0.1 * 1e6);
    assert_close(fric_stribeck_force(&base, -1e6), -1.0 - 0.1 * 1e6);
}

/* ---- degenerate forms are exact ---------------------------------------- */

static void test_fs_equal_fc_is_coulomb_viscous_exactly(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = {0.7, 0.9, 0.7, 0.9, 0.3, 0.25, 0.05, 0.05, 2.0};
    fric_stribeck_cfg_t v = fric_viscous_cfg(0.7, 0.9, 0.3, 0.25);
    for (int i = -2000; i <= 2000; i++) {
        double x = i * 1.37e-4;
        double want = (x > 0) ? 0.7 + 0.3 * x : (x < 0) ? -0.9 + 0.25 * x : 0.0;
        assert_true(fric_stribeck_force(&c, x) == want);
        assert_true(fric_stribeck_force(&v, x) == want);
    }
}

static void test_coulomb_is_two_levels(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = fric_coulomb_cfg(2.0, 3.0);
    assert_int_equal(fric_stribeck_check(&c), FRIC_OK);
    assert_true(fric_stribeck_force(&c, 1e-9) == 2.0);
    assert_true(fric_stribeck_force(&c, 123.0) == 2.0);
    assert_true(fric_stribeck_force(&c, -5.0) == -3.0);
    assert_true(fric_stribeck_force(&c, 0.0) == 0.0);
}

static void test_array_matches_scalar(void **state)
{
    (void)state;
    double v[101], f[101];
    for (int i = 0; i < 101; i++) v[i] = (i - 50) * 0.013;
    fric_stribeck_force_array(&base, v, f, 101);
    for (int i = 0; i < 101; i++) assert_true(f[i] == fric_stribeck_force(&base, v[i]));
    /* in place */
    fric_stribeck_force_array(&base, v, v, 101);
    for (int i = 0; i < 101; i++) assert_true(v[i] == f[i]);
}

/* ---- validation --------------------------------------------------------- */

static void test_each_refused_parameter(void **state)
{
    (void)state;
    static const struct {
        size_t off;
        double bad;
        fric_status_t want;
    } cases[] = {
        {offsetof(fric_stribeck_cfg_t, fc_pos), -1.0, FRIC_ERR_FC},
        {offsetof(fric_stribeck_cfg_t, fc_neg), -1e-9, FRIC_ERR_FC_NEG},
        {offsetof(fric_stribeck_cfg_t, fs_pos), -0.5, FRIC_ERR_FS},
        {offsetof(fric_stribeck_cfg_t, fs_neg), NAN, FRIC_ERR_FS_NEG},
        {offsetof(fric_stribeck_cfg_t, b_pos), INFINITY, FRIC_ERR_B},
        {offsetof(fric_stribeck_cfg_t, b_neg), -2.0, FRIC_ERR_B_NEG},
        {offsetof(fric_stribeck_cfg_t, vs), 0.0, FRIC_ERR_VS},
        {offsetof(fric_stribeck_cfg_t, vs), -0.1, FRIC_ERR_VS},
        {offsetof(fric_stribeck_cfg_t, vs), NAN, FRIC_ERR_VS},
        {offsetof(fric_stribeck_cfg_t, vs_neg), 0.0, FRIC_ERR_VS_NEG},
        {offsetof(fric_stribeck_cfg_t, vs_neg), -0.1, FRIC_ERR_VS_NEG},
        {offsetof(fric_stribeck_cfg_t, vs_neg), INFINITY, FRIC_ERR_VS_NEG},
        {offsetof(fric_stribeck_cfg_t, delta), 0.0, FRIC_ERR_DELTA},
        {offsetof(fric_stribeck_cfg_t, delta), -2.0, FRIC_ERR_DELTA},
        {offsetof(fric_stribeck_cfg_t, delta), INFINITY, FRIC_ERR_DELTA},
        {offsetof(fric_stribeck_cfg_t, fc_pos), NAN, FRIC_ERR_FC},
    };
    assert_int_equal(fric_stribeck_check(&base), FRIC_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fric_stribeck_cfg_t c = base;
        *(double *)((char *)&c + cases[i].off) = cases[i].bad;
        assert_int_equal(fric_stribeck_check(&c), cases[i].want);
    }
    assert_int_equal(fric_stribeck_check(NULL), FRIC_ERR_NULL);
}

static void test_zero_levels_are_allowed(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = {0, 0, 0, 0, 0, 0, 1.0, 1.0, 2.0};
    assert_int_equal(fric_stribeck_check(&c), FRIC_OK);
    assert_true(fric_stribeck_force(&c, 1.0) == 0.0);
}

static void test_fs_below_fc_warns_but_is_accepted(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = base;
    assert_int_equal(fric_stribeck_warnings(&c), 0);
    c.fs_neg = 0.5;
    assert_int_equal(fric_stribeck_check(&c), FRIC_OK);
    assert_int_equal(fric_stribeck_warnings(&c), FRIC_WARN_FS_BELOW_FC);
    /* the bump: below Fc near zero, Fc far away */
    assert_close(fric_stribeck_force(&c, -1e-9), -0.5 - 0.1 * 1e-9);
    assert_close(fric_stribeck_force(&c, -10.0), -1.0 - 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gaussian_points),
        cmocka_unit_test(test_exponent_one_and_half),
        cmocka_unit_test(test_asymmetric),
        cmocka_unit_test(test_vs_per_direction),
        cmocka_unit_test(test_sign_zero),
        cmocka_unit_test(test_far_tail_no_nan),
        cmocka_unit_test(test_fs_equal_fc_is_coulomb_viscous_exactly),
        cmocka_unit_test(test_coulomb_is_two_levels),
        cmocka_unit_test(test_array_matches_scalar),
        cmocka_unit_test(test_each_refused_parameter),
        cmocka_unit_test(test_zero_levels_are_allowed),
        cmocka_unit_test(test_fs_below_fc_warns_but_is_accepted),
    };
    return cmocka_run_group_tests_name("stribeck (double)", tests, NULL, NULL);
}
