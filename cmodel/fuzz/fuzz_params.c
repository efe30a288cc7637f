/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: the parameter-file parser fric_params_parse() (fric_params.h)
 * on the input's bytes as a file, and fric_params_lugre() on what it
 * accepts.
 *
 * Checked: a refusal has a line, a column and a message; an accepted file
 * has at most FRIC_PARAMS_MAX entries, each with a key and a value that are
 * NUL-terminated within their arrays, a number's value is strtod() of its
 * text, a boolean's text is "true" or "false" as its value says, and
 * fric_params_get() finds each entry under its key (no key is stored
 * twice); fric_params_lugre() returns a status and a NUL-terminated reason
 * for any buffer size, and a set it accepts passes fric_lugre_check(). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_params.h"
#include "fuzz_util.h"

static bool terminated(const char *s, size_t n) { return memchr(s, '\0', n) != NULL; }

int fuzz_target(const uint8_t *data, size_t size)
{
    /* the bytes exactly, so that ASan sees a read past their end */
    char *text = malloc(size ? size : 1);
    fuzz_require(text != NULL, "out of memory");
    if (size) memcpy(text, data, size);
    fric_params_t p;
    fric_params_err_t err;
    const int rc = fric_params_parse(text, size, &p, &err);
    free(text);
    fuzz_require(rc == 0 || rc == -1, "fric_params_parse() returns neither 0 nor -1");
    if (rc != 0) {
        fuzz_require(err.line >= 1 && err.col >= 1, "a refusal without its line and column");
        fuzz_require(terminated(err.msg, sizeof err.msg) && err.msg[0] != '\0', "a refusal without a message");
        return 0;
    }
    fuzz_require(p.n <= FRIC_PARAMS_MAX, "more entries than FRIC_PARAMS_MAX");
    for (size_t i = 0; i < p.n; i++) {
        const fric_param_t *e = &p.p[i];
        fuzz_require(terminated(e->key, sizeof e->key) && terminated(e->text, sizeof e->text),
                     "a key or a value that is not NUL-terminated");
        fuzz_require(e->line >= 1, "an entry without its line");
        switch (e->kind) {
        case FRIC_PARAM_NUMBER: {
            const double x = strtod(e->text, NULL);
            fuzz_require((isnan(x) && isnan(e->num)) || memcmp(&x, &e->num, sizeof x) == 0,
                         "a number whose value is not strtod() of its text");
            break;
        }
        case FRIC_PARAM_BOOL:
            fuzz_require(strcmp(e->text, e->b ? "true" : "false") == 0, "a boolean whose text is not its value");
            break;
        case FRIC_PARAM_STRING:
            break;
        default:
            fuzz_require(false, "an entry of no kind");
        }
        fuzz_require(fric_params_get(&p, e->key) == e, "a key stored twice, or not found");
    }
    static const size_t why_len[] = {0, 1, 8, 200};
    for (size_t k = 0; k < sizeof why_len / sizeof why_len[0]; k++) {
        char why[200];
        memset(why, 'x', sizeof why);
        fric_lugre_cfg_t cfg;
        fric_compile_opts_t opt = fric_compile_opts_default();
        const fric_status_t st = fric_params_lugre(&p, &cfg, &opt, why_len[k] ? why : NULL, why_len[k]);
        fuzz_require(st == FRIC_OK || st < 0, "fric_params_lugre() returns neither FRIC_OK nor an error");
        if (why_len[k]) fuzz_require(terminated(why, why_len[k]), "a reason that is not NUL-terminated in its buffer");
        if (st == FRIC_OK) fuzz_require(fric_lugre_check(&cfg) == FRIC_OK, "an accepted set that fric_lugre_check() refuses");
    }
    return 0;
}
