/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the parameter compiler (fric_compile.h): what it produces,
 * what it refuses, and that the message names the parameter and its range. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

static fric_compile_opts_t opts(uint32_t w, double ts)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = w;
    o.ts = ts;
    return o;
}

/* ---- what it produces ------------------------------------------------------------ */

static void test_stribeck_fields_fit_and_represent_the_set(void **state)
{
    (void)state;
    const fric_stribeck_cfg_t c = {1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 2.0};
    for (uint32_t w = 16; w <= 18; w += 2) {
        const fric_compile_opts_t o = opts(w, 0.0);
        fric_fx_stribeck_t p;
        fric_compile_report_t r;
        assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
        assert_int_equal(fric_fx_stribeck_check(&p), FRIC_OK);
        assert_true(r.f_max == 4.0); /* 1.25 * (1.8 + 0.2 * 1) = 2.5 -> 4 */
        assert_true(fabs(r.f_lsb - 4.0 / ldexp(1.0, (int)w - 1)) < 1e-18);
        /* normalized mantissas: full precision */
        assert_true(p.km >= 1u << (w - 1) && p.dir[0].bm >= 1u << (w - 1));
        const fric_stribeck_cfg_t e = fric_fx_stribeck_effective(&p, r.v_lsb, r.f_lsb);
        const double lsb = r.f_lsb / 16; /* 2^-G of the output */
        assert_true(fabs(e.fc_pos - 1.0) <= lsb && fabs(e.fc_neg - 0.3) <= lsb);
        /* the dip D = dm * 2^-ds LSB resolves 2^-ds LSB */
        assert_true(fabs(e.fs_pos - 1.8) <= lsb / 2 + ldexp(r.f_lsb, -(int)p.dir[0].ds - 1));
        assert_true(fabs(e.fs_neg - 0.4) <= lsb / 2 + ldexp(r.f_lsb, -(int)p.dir[1].ds - 1));
        assert_true(fabs(e.vs / 0.05 - 1.0) < ldexp(1.0, -(int)w + 1));
        assert_true(fabs(e.b_pos / 0.2 - 1.0) < ldexp(1.0, -(int)w + 1));
        assert_int_equal(r.nquant, 7);
        for (size_t i = 0; i < r.nquant; i++) assert_true(fabs(r.quant[i].represented - r.quant[i].requested) < 1e-3);
        /* pack writes each field to its word, signed fields sign-extended */
        uint32_t words[FRIC_FX_WORDS_STRIBECK];
        fric_fx_stribeck_pack(&p, words);
        assert_int_equal(words[FRIC_FX_WORD_KM], p.km);
        assert_int_equal(words[FRIC_FX_WORD_FC_N], p.dir[1].fc);
        assert_int_equal((int32_t)words[FRIC_FX_WORD_DM_N], p.dir[1].dm);
    }
}

static void test_delta_selects_the_hardware_path(void **state)
{
    (void)state;
    fric_stribeck_cfg_t c = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.1, 0.1, 1.0);
    const fric_compile_opts_t o = opts(16, 0.0);
    fric_fx_stribeck_t p;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.dsel, 0);
    c.delta = 2.0;
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.dsel, 1);
    /* no dip: delta and vs do not matter, and any delta compiles */
    c = fric_viscous_cfg(1.0, 1.0, 0.1, 0.1);
    c.delta = 1.7;
    assert_int_equal(fric_compile_stribeck(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(p.km, 0);
}

static void test_lugre_constants(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    for (uint32_t w = 16; w <= 18; w += 2)
        for (double ts = 1e-6; ts < 2e-2; ts *= 10.0) {
            const fric_compile_opts_t o = opts(w, ts);
            fric_fx_lugre_t p;
            fric_compile_report_t r;
            assert_int_equal(fric_compile_lugre(&c, &o, &p, &r), FRIC_OK);
            assert_int_equal(fric_fx_lugre_check(&p), FRIC_OK);
            assert_true(p.kym >= 1u << (w - 1) && p.kym < 1u << w);
            const fric_lugre_cfg_t e = fric_fx_lugre_effective(&p, r.v_lsb, r.f_lsb, ts);
            assert_true(fabs(e.sigma0 / c.sigma0 - 1.0) < ldexp(1.0, -(int)w + 1));
            assert_true(fabs(e.sigma1 / c.sigma1 - 1.0) < ldexp(1.0, -(int)w + 2));
            assert_int_equal(p.md_en, 0);
        }
}

/* A NULL report is allowed (the host driver passes the caller's, which may
 * be NULL): the same set, and a refusal, without a report */
static void test_null_report(void **state)
{
    (void)state;
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    const fric_compile_opts_t o = opts(16, 1e-4);
    fric_fx_lugre_t p, q;
    fric_compile_report_t r;
    assert_int_equal(fric_compile_lugre(&c, &o, &p, &r), FRIC_OK);
    assert_int_equal(fric_compile_lugre(&c, &o, &q, NULL), FRIC_OK);
    assert_memory_equal(&p, &q, sizeof p);
    const fric_dahl_cfg_t d = {c.fc_pos, c.fc_neg, c.sigma0, c.sigma2_pos, c.sigma2_neg};
    assert_int_equal(fric_compile_dahl(&d, &o, &q, NULL), FRIC_OK);
    const fric_stribeck_cfg_t s = {1.0, 0.3, 1.8, 0.4, 0.2, 0.02, 0.05, 2.0};
    fric_fx_stribeck_t ps;
    assert_int_equal(fric_compile_stribeck(&s, &o, &ps, NULL), FRIC_OK);
    fric_compile_opts_t bad = o;
    bad.ts = -1.0;
    assert_int_equal(fric_compile_lugre(&c, &bad, &q, NULL), FRIC_ERR_TS);
}

/* ---- what it refuses ----------------------------------------------------------------- */

static void expect_refusal(fric_status_t st, const fric_compile_report_t *r, fric_status_t want, const char *needle)
{
    if (st != want) fail_msg("status %d, want %d (%s)", st, want, r->why);
    if (!strstr(r->why, needle)) fail_msg("message '%s' lacks '%s'", r->why, needle);
}

static void test_each_refusal_names_its_parameter_and_range(void **state)
{
    (void)state;
    fric_fx_stribeck_t p;
    fric_fx_lugre_t l;
    fric_compile_report_t r;
    fric_compile_opts_t o = opts(16, 0.0);
    fric_stribeck_cfg_t c = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.1, 0.1, 1.5);
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "delta = 1 and delta = 2 only");
    c.delta = 2.0;
    c.vs = 1e-7;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "vs = 1e-07 m/s is below the smallest representable");
    c.vs = 0.1;
    o.f_max = 1.0;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "raise --f-max");
    o.f_max = 0.0;
    c.b_neg = 1e-30;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "b-neg = 1e-30 N*s/m is below the smallest representable nonzero value");
    c.b_neg = 0.1;
    c.fs_neg = 1.0 + 1e-14;
    c.fc_neg = 1.0;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "fs-neg - fc-neg = ");
    c.fs_neg = 1.5;
    o.width = 17;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_FX_WIDTH, "16 or 18");
    o.width = 16;
    o.v_max = -1.0;
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_RANGE, "v-max");
    o.v_max = 1.0;
    c.vs = -1.0; /* the double model's own validation comes first */
    expect_refusal(fric_compile_stribeck(&c, &o, &p, &r), &r, FRIC_ERR_VS, "vs");

    fric_lugre_cfg_t g = fric_lugre_cfg_canudas1995();
    o = opts(16, 0.0);
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_TS, "ts");
    o.ts = 1e-9;
    g.sigma1 = 1e6;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "sigma1/(sigma0*ts)");
    g = fric_lugre_cfg_canudas1995();
    o.ts = 1e-4;
    g.fc_pos = 1e-9;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "fc = 1e-09 N is below the force resolution");
    g = fric_lugre_cfg_canudas1995();
    g.sigma0 = 1e-40;
    g.sigma1 = 0.0;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "sigma0*ts = ");
    g = fric_lugre_cfg_canudas1995();
    g.vd = 1e-9;
    expect_refusal(fric_compile_lugre(&g, &o, &l, &r), &r, FRIC_ERR_RANGE, "vmd = 1e-09 m/s is below the smallest representable");
    const fric_dahl_cfg_t d = {0.0, 1.0, 1e5, 0.0, 0.0};
    expect_refusal(fric_compile_dahl(&d, &o, &l, &r), &r, FRIC_ERR_FC_DYN, "fc");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stribeck_fields_fit_and_represent_the_set),
        cmocka_unit_test(test_delta_selects_the_hardware_path),
        cmocka_unit_test(test_lugre_constants),
        cmocka_unit_test(test_null_report),
        cmocka_unit_test(test_each_refusal_names_its_parameter_and_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
