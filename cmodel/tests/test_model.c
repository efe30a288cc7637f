/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of fric_model.h: an element of any kind from values or from a
 * parameter file (no defaults inside a file's set), and its compiled set. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fricore.h"

/* parse text (must succeed) and build with model (NULL: the file's) */
static fric_status_t from_text(const char *text, const char *model, fric_model_t *m, unsigned *warn, char *why,
                               size_t n)
{
    fric_params_t p;
    fric_params_err_t err;
    assert_int_equal(fric_params_parse(text, strlen(text), &p, &err), 0);
    return fric_model_from_params(&p, model, m, warn, why, n);
}

static const char LUGRE[] = "{\"model\": \"lugre\", \"fc\": 1, \"fs\": 1.5, \"vs\": 0.001, \"sigma0\": 1e5, "
                            "\"sigma1\": 316.22776601683793, \"sigma2\": 0.4}";

static void test_names(void **state)
{
    (void)state;
    for (int k = 0; k < FRIC_MODEL_NKINDS; k++) {
        fric_model_kind_t back = FRIC_MODEL_COULOMB;
        assert_true(fric_model_kind_from_name(fric_model_name((fric_model_kind_t)k), &back));
        assert_int_equal(back, k);
    }
    fric_model_kind_t kept = FRIC_MODEL_DAHL;
    assert_false(fric_model_kind_from_name("lugre2", &kept));
    assert_false(fric_model_kind_from_name(NULL, &kept));
    assert_int_equal(kept, FRIC_MODEL_DAHL);
}

/* the file's LuGre set is the one built from the same values */
static void test_file_equals_values(void **state)
{
    (void)state;
    fric_model_t a, b;
    char why[200];
    unsigned warn = 99;
    assert_int_equal(from_text(LUGRE, NULL, &a, &warn, why, sizeof why), FRIC_OK);
    assert_string_equal(why, "");
    const fric_model_values_t v = fric_model_values_canudas1995();
    unsigned warn2 = 0;
    assert_int_equal(fric_model_build(FRIC_MODEL_LUGRE, &v, &b, &warn2), FRIC_OK);
    assert_memory_equal(&a.lugre, &b.lugre, sizeof a.lugre);
    assert_int_equal(warn, warn2);
    assert_true(warn & FRIC_WARN_NOT_PASSIVE); /* the Canudas set is not passive */
    /* the v < 0 levels default to the v > 0 ones */
    assert_true(a.lugre.fc_neg == a.lugre.fc_pos && a.lugre.fs_neg == a.lugre.fs_pos &&
                a.lugre.sigma2_neg == a.lugre.sigma2_pos && a.lugre.vs_neg == a.lugre.vs);
    assert_true(fric_model_steady_force(&a, -0.01) == -fric_model_steady_force(&a, 0.01));
}

/* a static fit's file does not become a LuGre set through defaults */
static void test_missing_keys_refused(void **state)
{
    (void)state;
    static const char stat[] = "{\"model\": \"stribeck\", \"fc\": 1, \"fs\": 1.5, \"vs\": 0.001, \"sigma2\": 0.4}";
    fric_model_t m;
    char why[200];
    assert_int_equal(from_text(stat, NULL, &m, NULL, why, sizeof why), FRIC_OK);
    assert_int_equal(m.kind, FRIC_MODEL_STRIBECK);
    assert_int_equal(from_text(stat, "lugre", &m, NULL, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "'sigma0', 'sigma1'"));
    assert_int_equal(from_text(stat, "dahl", &m, NULL, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "'sigma0'"));
    assert_null(strstr(why, "'sigma1'"));
    /* Coulomb needs fc alone */
    assert_int_equal(from_text("{\"fc\": 2}", "coulomb", &m, NULL, why, sizeof why), FRIC_OK);
    assert_true(fric_model_steady_force(&m, 5.0) == 2.0);
    assert_int_equal(from_text("{\"fc\": 2}", NULL, &m, NULL, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "'model' is required"));
}

static void test_bad_values_and_keys(void **state)
{
    (void)state;
    fric_model_t m;
    char why[200];
    assert_int_equal(from_text("{\"model\": \"coulomb\", \"fc\": -1}", NULL, &m, NULL, why, sizeof why), FRIC_ERR_FC);
    assert_string_equal(why, fric_status_message(FRIC_ERR_FC));
    assert_int_equal(from_text("{\"model\": \"coulomb\", \"fc\": 1, \"fcx\": 1}", NULL, &m, NULL, why, sizeof why),
                     FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "unknown key 'fcx'"));
    assert_int_equal(from_text("{\"model\": \"viscous\", \"fc\": 1, \"b\": 1, \"sigma2\": 1}", NULL, &m, NULL, why,
                               sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "one parameter"));
    assert_int_equal(from_text("{\"model\": \"coulomb\", \"fc\": \"1\"}", NULL, &m, NULL, why, sizeof why),
                     FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "must be a number"));
    assert_int_equal(from_text("{\"model\": \"bristles\", \"fc\": 1}", NULL, &m, NULL, why, sizeof why), FRIC_ERR_RANGE);
    assert_non_null(strstr(why, "'bristles' is not one of"));
    assert_int_equal(fric_model_from_params(NULL, NULL, &m, NULL, why, sizeof why), FRIC_ERR_NULL);
}

/* the compiled set is the one fric_compile_lugre() gives */
static void test_compile(void **state)
{
    (void)state;
    fric_model_t m;
    char why[200];
    assert_int_equal(from_text(LUGRE, NULL, &m, NULL, why, sizeof why), FRIC_OK);
    fric_compile_opts_t o = fric_compile_opts_default();
    o.ts = 1e-4;
    fric_model_fx_t fx;
    assert_int_equal(fric_model_compile(&m, &o, &fx), FRIC_OK);
    assert_true(fx.dynamic);
    fric_fx_lugre_t l;
    fric_compile_report_t rep;
    assert_int_equal(fric_compile_lugre(&m.lugre, &o, &l, &rep), FRIC_OK);
    assert_memory_equal(&fx.l, &l, sizeof l);
    o.ts = 0.0;
    assert_int_equal(fric_model_compile(&m, &o, &fx), FRIC_ERR_TS);
    assert_true(fx.rep.why[0] != '\0');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_file_equals_values),
        cmocka_unit_test(test_missing_keys_refused),
        cmocka_unit_test(test_bad_values_and_keys),
        cmocka_unit_test(test_compile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
