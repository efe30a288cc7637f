/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the array loops (fric_array.h): each gives the per-sample
 * calls' results sample for sample, and a refused sample stops the loop
 * with its index and a message naming it and its range. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

#define N 2000
#define PI 3.14159265358979323846

static fric_model_t model(fric_model_kind_t kind)
{
    fric_model_values_t v = fric_model_values_canudas1995();
    v.vd = kind == FRIC_MODEL_LUGRE ? 0.002 : 0.0;
    v.fs_neg = 1.3;
    fric_model_t m;
    assert_int_equal(fric_model_build(kind, &v, &m, NULL), FRIC_OK);
    return m;
}

static fric_model_fx_t compiled(const fric_model_t *m, uint32_t width)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = width;
    o.v_max = 0.05;
    o.f_max = 4.0;
    o.ts = 1e-4;
    fric_model_fx_t c;
    assert_int_equal(fric_model_compile(m, &o, &c), FRIC_OK);
    return c;
}

static void velocities(double *v, size_t n, double amp)
{
    for (size_t i = 0; i < n; i++)
        v[i] = amp * sin(2.0 * PI * (double)i / 700.0) + 0.2 * amp * sin(2.0 * PI * (double)i / 53.0);
}

/* ---- the same results as the per-sample calls ------------------------------------ */

static void test_curve_is_the_steady_force(void **state)
{
    (void)state;
    static double v[N], f[N];
    velocities(v, N, 0.04);
    for (int k = 0; k < FRIC_MODEL_NKINDS; k++) {
        const fric_model_t m = model((fric_model_kind_t)k);
        size_t bad = 99;
        assert_int_equal(fric_array_curve(&m, v, f, N, "v", &bad, NULL, 0), FRIC_OK);
        for (size_t i = 0; i < N; i++) assert_true(f[i] == fric_model_steady_force(&m, v[i]));
        assert_int_equal(bad, 99);
    }
}

static void test_vcode_rounds_to_nearest_and_refuses_outside_the_port(void **state)
{
    (void)state;
    const fric_model_t m = model(FRIC_MODEL_STRIBECK);
    const fric_model_fx_t c = compiled(&m, 16);
    const double lsb = c.rep.v_lsb;
    const double v[] = {0.0, 0.49 * lsb, 0.51 * lsb, -0.51 * lsb, 32767 * lsb, -32768 * lsb, 32767.49 * lsb};
    const int32_t want[] = {0, 0, 1, -1, 32767, -32768, 32767};
    int32_t code[7];
    assert_int_equal(fric_array_vcode(&c.rep, v, code, 7, "v", NULL, NULL, 0), FRIC_OK);
    for (int i = 0; i < 7; i++) assert_int_equal(code[i], want[i]);
    const double out[] = {0.0, 0.01, 32767.5 * lsb, 0.0};
    size_t bad = 0;
    char why[256];
    assert_int_equal(fric_array_vcode(&c.rep, out, code, 4, "vel", &bad, why, sizeof why), FRIC_ERR_VELOCITY);
    assert_int_equal(bad, 2);
    assert_non_null(strstr(why, "vel[2]: velocity"));
    assert_non_null(strstr(why, "outside the input range"));
    assert_non_null(strstr(why, "raise --v-max"));
    const double nan_v[] = {NAN};
    assert_int_equal(fric_model_vcode(&c.rep, nan_v[0], code), FRIC_ERR_VELOCITY);
}

static void test_fixed_curve_is_the_cores_steady_state(void **state)
{
    (void)state;
    static int32_t code[N], f[N];
    static double fsi[N];
    for (size_t i = 0; i < N; i++) code[i] = (int32_t)i * 37 - 37000;
    /* the kinds with a fixed-point model (elasto-plastic and GMS have none) */
    for (int k = 0; k <= FRIC_MODEL_LUGRE; k++)
        for (uint32_t w = 16; w <= 18; w += 2) {
            const fric_model_t m = model((fric_model_kind_t)k);
            const fric_model_fx_t c = compiled(&m, w);
            uint32_t flags = 0, want_flags = 0;
            fric_array_curve_fx(&c, code, f, fsi, N, &flags);
            for (size_t i = 0; i < N; i++) {
                const int32_t y = fric_model_fx_steady(&c, code[i], &want_flags);
                assert_int_equal(f[i], y);
                assert_true(fsi[i] == y * c.rep.f_lsb);
            }
            assert_int_equal(flags, want_flags);
        }
}

static void test_fixed_steady_state_is_a_fixed_point_of_the_step(void **state)
{
    (void)state;
    for (uint32_t w = 16; w <= 18; w += 2) {
        const fric_model_t m = model(FRIC_MODEL_LUGRE);
        const fric_model_fx_t c = compiled(&m, w);
        const int32_t lim = (int32_t)(1u << (w - 1)) - 1;
        for (int32_t code = -lim; code <= lim; code += 997) {
            uint32_t flags = 0;
            const int64_t g = fric_fx_lugre_g(&c.l, code, &flags);
            fric_fx_state_t st = {(code < 0 ? -g : g) * ((int64_t)1 << (FRIC_FX_WG(w) - FRIC_FX_G(w)))};
            const int64_t w_ss = code != 0 ? st.w : 0;
            if (code == 0) st.w = 0;
            const int32_t y = fric_fx_lugre_step(&c.l, &st, code, &flags, NULL);
            assert_int_equal(st.w, w_ss); /* the step leaves w_ss where it is */
            assert_int_equal(y, fric_model_fx_steady(&c, code, &flags));
        }
    }
}

static void test_trace_is_the_exact_step(void **state)
{
    (void)state;
    static double v[N], f[N], z[N];
    velocities(v, N, 0.004);
    for (int k = FRIC_MODEL_DAHL; k <= FRIC_MODEL_LUGRE; k++) {
        const fric_model_t m = model((fric_model_kind_t)k);
        fric_lugre_state_t st = {0}, ref = {0};
        /* in two pieces: the state carries over */
        assert_int_equal(fric_array_trace(&m, &st, 1e-4, v, f, z, N / 2, "v", NULL, NULL, 0), FRIC_OK);
        assert_int_equal(fric_array_trace(&m, &st, 1e-4, v + N / 2, f + N / 2, z + N / 2, N - N / 2, "v", NULL,
                                          NULL, 0), FRIC_OK);
        for (size_t i = 0; i < N; i++) {
            assert_true(f[i] == fric_lugre_step(&m.lugre, &ref, v[i], 1e-4));
            assert_true(z[i] == ref.z);
        }
    }
}

static void test_fixed_trace_is_the_hardware_step(void **state)
{
    (void)state;
    static double v[N], f[N], z[N];
    static int32_t code[N], y[N];
    velocities(v, N, 0.03);
    for (int k = FRIC_MODEL_DAHL; k <= FRIC_MODEL_LUGRE; k++)
        for (uint32_t w = 16; w <= 18; w += 2) {
            const fric_model_t m = model((fric_model_kind_t)k);
            const fric_model_fx_t c = compiled(&m, w);
            assert_int_equal(fric_array_vcode(&c.rep, v, code, N, "v", NULL, NULL, 0), FRIC_OK);
            fric_fx_state_t st = {0}, ref = {0};
            uint32_t flags = 0, want_flags = 0;
            static double vq[N];
            assert_int_equal(fric_array_trace_fx(&c, m.lugre.sigma0, &st, v, vq, y, f, z, N, &flags, "v", NULL, NULL, 0),
                             FRIC_OK);
            const double wlsb = ldexp(c.rep.f_lsb, -FRIC_FX_WG(w));
            for (size_t i = 0; i < N; i++) {
                const int32_t want = fric_fx_lugre_step(&c.l, &ref, code[i], &want_flags, NULL);
                assert_int_equal(y[i], want);
                assert_true(vq[i] == code[i] * c.rep.v_lsb);
                assert_true(f[i] == want * c.rep.f_lsb);
                assert_true(z[i] == ref.w * wlsb / m.lugre.sigma0);
            }
            assert_int_equal(st.w, ref.w);
            assert_int_equal(flags, want_flags);
            /* NULL for the SI outputs: the codes alone */
            fric_fx_state_t st2 = {0};
            static int32_t y2[N];
            assert_int_equal(fric_array_trace_fx(&c, m.lugre.sigma0, &st2, v, NULL, y2, NULL, NULL, N, &flags, "v",
                                                 NULL, NULL, 0), FRIC_OK);
            assert_memory_equal(y, y2, sizeof y2);
            /* a velocity outside the port stops the run there */
            static double vb[N];
            memcpy(vb, v, sizeof vb);
            vb[N / 3] = 2.0 * c.rep.v_max;
            size_t bad = 0;
            char why[256];
            fric_fx_state_t st3 = {0};
            assert_int_equal(fric_array_trace_fx(&c, m.lugre.sigma0, &st3, vb, NULL, y2, NULL, NULL, N, &flags, "vel",
                                                 &bad, why, sizeof why), FRIC_ERR_VELOCITY);
            assert_int_equal(bad, N / 3);
            assert_non_null(strstr(why, "is outside the input range"));
        }
}

/* ---- refusals ----------------------------------------------------------------------- */

static void test_refused_sample_stops_with_its_index(void **state)
{
    (void)state;
    const fric_model_t m = model(FRIC_MODEL_LUGRE);
    double v[5] = {0.0, 0.001, INFINITY, 0.002, NAN}, f[5] = {0}, z[5] = {0};
    size_t bad = 0;
    char why[256];
    assert_int_equal(fric_array_curve(&m, v, f, 5, "vel", &bad, why, sizeof why), FRIC_ERR_VELOCITY);
    assert_int_equal(bad, 2);
    assert_true(f[1] == fric_model_steady_force(&m, 0.001) && f[3] == 0.0);
    assert_non_null(strstr(why, "vel[2] = inf: "));
    assert_non_null(strstr(why, fric_status_message(FRIC_ERR_VELOCITY)));
    fric_lugre_state_t st = {0};
    assert_int_equal(fric_array_trace(&m, &st, 1e-4, v, f, z, 5, "v", &bad, why, sizeof why), FRIC_ERR_VELOCITY);
    assert_int_equal(bad, 2);
    assert_int_equal(fric_array_trace(&m, &st, 0.0, v, f, z, 2, "v", &bad, why, sizeof why), FRIC_ERR_TS);
    assert_non_null(strstr(why, fric_status_message(FRIC_ERR_TS)));
    assert_int_equal(fric_array_trace(&m, &st, NAN, v, f, z, 2, "v", &bad, why, sizeof why), FRIC_ERR_TS);
    const fric_model_t s = model(FRIC_MODEL_STRIBECK);
    assert_int_equal(fric_array_trace(&s, &st, 1e-4, v, f, z, 2, "v", &bad, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "dahl or lugre"));
}

static void test_force_beyond_a_double_is_refused(void **state)
{
    (void)state;
    fric_model_values_t val = fric_model_values_canudas1995();
    val.b = 1e300;
    val.b_neg = 1e300;
    fric_model_t m;
    assert_int_equal(fric_model_build(FRIC_MODEL_VISCOUS, &val, &m, NULL), FRIC_OK);
    const double v[2] = {1.0, 1e10};
    double f[2];
    size_t bad = 0;
    char why[256];
    assert_int_equal(fric_array_curve(&m, v, f, 2, "v", &bad, why, sizeof why), FRIC_ERR_VELOCITY);
    assert_int_equal(bad, 1);
    assert_non_null(strstr(why, "not finite"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_curve_is_the_steady_force),
        cmocka_unit_test(test_vcode_rounds_to_nearest_and_refuses_outside_the_port),
        cmocka_unit_test(test_fixed_curve_is_the_cores_steady_state),
        cmocka_unit_test(test_fixed_steady_state_is_a_fixed_point_of_the_step),
        cmocka_unit_test(test_trace_is_the_exact_step),
        cmocka_unit_test(test_fixed_trace_is_the_hardware_step),
        cmocka_unit_test(test_refused_sample_stops_with_its_index),
        cmocka_unit_test(test_force_beyond_a_double_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
