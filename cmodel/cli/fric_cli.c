/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* The shared option parser of the fricore commands (see fric_cli.h). */
#include "fric_cli.h"
#include "fric_params.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *fric_cli_name(const char *cmd)
{
    static char name[96];
    snprintf(name, sizeof name, "fricore%s%s", cmd[0] == '-' ? "" : " ", cmd);
    return name;
}

static void vfail(const char *cmd, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s: ", fric_cli_name(cmd));
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int fric_cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(cmd, fmt, ap);
    va_end(ap);
    return FRIC_EXIT_USAGE;
}

int fric_cli_run_failed(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(cmd, fmt, ap);
    va_end(ap);
    return FRIC_EXIT_FAIL;
}

void fric_cli_contract(FILE *out)
{
    fputs("\nexit status:\n"
          "  0  success: the output is complete and every number in it is finite\n"
          "  1  the run failed: it diverged, or a state, a force or a result is not\n"
          "     finite (the message names the quantity and the step)\n"
          "  2  bad input, or an output that cannot be written: refused before any\n"
          "     work starts (a write that fails later, on a full disk say, also exits 2)\n"
          "options: each at most once (a repeatable one says so); a number is finite\n"
          "and 0 or normal: a subnormal (below 2.2e-308) is refused\n"
          "output files: written to a temporary file beside the one named and renamed\n"
          "when complete, so a failed run leaves none; two outputs may not name one\n"
          "file; '-' names stdout, for one output at most\n", out);
}

fric_num_t fric_parse_number(const char *s, double *out)
{
    char *end;
    while (isspace((unsigned char)*s)) s++;
    if (*s == '\0') return FRIC_NUM_NOT_FINITE;
    errno = 0;
    const double x = strtod(s, &end);
    const int e = errno;
    if (end == s) return FRIC_NUM_NOT_FINITE;
    while (isspace((unsigned char)*end)) end++;
    if (*end != '\0' || isnan(x)) return FRIC_NUM_NOT_FINITE;
    if (isinf(x)) return e == ERANGE ? FRIC_NUM_OVERFLOW : FRIC_NUM_NOT_FINITE;
    if (x != 0.0 && fabs(x) < DBL_MIN) return FRIC_NUM_SUBNORMAL;
    if (x == 0.0 && e == ERANGE) return FRIC_NUM_UNDERFLOW;
    *out = x;
    return FRIC_NUM_OK;
}

bool fric_parse_finite(const char *s, double *out) { return fric_parse_number(s, out) == FRIC_NUM_OK; }

int fric_cli_bad_number(const char *cmd, const char *where, const char *noun, const char *unit, const char *s,
                        fric_num_t why)
{
    const char *sp = unit[0] ? " " : "";
    switch (why) {
    case FRIC_NUM_OVERFLOW:
        return fric_cli_fail(cmd, "%s: '%s' is beyond the range of a double (expected a finite %s, magnitude at most "
                             "1.8e308%s%s)", where, s, noun, sp, unit);
    case FRIC_NUM_SUBNORMAL:
        return fric_cli_fail(cmd, "%s: '%s' is subnormal (below 2.2e-308): not a usable physical value (expected 0 or "
                             "a magnitude from 2.2e-308 to 1.8e308%s%s)", where, s, sp, unit);
    case FRIC_NUM_UNDERFLOW:
        return fric_cli_fail(cmd, "%s: '%s' rounds to 0 (below 2.2e-308): not a usable physical value (expected 0 or "
                             "a magnitude from 2.2e-308 to 1.8e308%s%s)", where, s, sp, unit);
    case FRIC_NUM_OK:
    case FRIC_NUM_NOT_FINITE:
        break;
    }
    return fric_cli_fail(cmd, "%s: expected a finite %s%s%s, got '%s'", where, noun, unit[0] ? " in " : "", unit, s);
}

bool fric_dlist_push(fric_dlist_t *l, double x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        double *p = realloc(l->v, cap * sizeof *p);
        if (!p) return false;
        l->v = p;
        l->cap = cap;
    }
    l->v[l->n++] = x;
    return true;
}

void fric_dlist_free(fric_dlist_t *l)
{
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

fric_opt_t *fric_opts_find(fric_opt_t *opts, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(opts[i].name, name) == 0 || (opts[i].alias && strcmp(opts[i].alias, name) == 0))
            return &opts[i];
    return NULL;
}

static bool choice_ok(const char *choices, const char *s)
{
    size_t len = strlen(s);
    const char *p = choices;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t l = bar ? (size_t)(bar - p) : strlen(p);
        if (l == len && strncmp(p, s, l) == 0) return true;
        if (!bar) break;
        p = bar + 1;
    }
    return false;
}

void fric_opts_help(FILE *out, const fric_opt_t *opts, size_t n, const char *cmd,
                    const char *usage)
{
    fprintf(out, "usage: %s %s\n\noptions:\n", fric_cli_name(cmd), usage);
    for (size_t i = 0; i < n; i++) {
        char lhs[64];
        const char *val = "";
        switch (opts[i].kind) {
        case FRIC_OPT_DOUBLE:
        case FRIC_OPT_DOUBLE_LIST: val = " X"; break;
        case FRIC_OPT_DOUBLE_ARRAY: val = " X,X,..."; break;
        case FRIC_OPT_CHOICE: val = " CHOICE"; break;
        case FRIC_OPT_STRING: val = " FILE"; break;
        case FRIC_OPT_FLAG: break;
        }
        /* a string that is not a file names its value in unit ("NAME") */
        const bool metavar = opts[i].kind == FRIC_OPT_STRING && opts[i].unit && opts[i].unit[0];
        char mv[40];
        if (metavar) {
            snprintf(mv, sizeof mv, " %s", opts[i].unit);
            val = mv;
        }
        if (opts[i].alias)
            snprintf(lhs, sizeof lhs, "--%s, --%s%s", opts[i].name, opts[i].alias, val);
        else
            snprintf(lhs, sizeof lhs, "--%s%s", opts[i].name, val);
        fprintf(out, "  %-26s %s", lhs, opts[i].help);
        if (opts[i].unit && opts[i].unit[0] && !metavar) fprintf(out, " [%s]", opts[i].unit);
        if (opts[i].kind == FRIC_OPT_CHOICE) fprintf(out, " (%s)", opts[i].choices);
        fputc('\n', out);
    }
    fprintf(out, "  %-26s %s\n", "--help", "print this help and exit");
    fric_cli_contract(out);
}

/* Set option o from the text val; where names the source ("--fc", "p.json
 * line 3 (key 'fc')") in a refusal. */
static int set_value(fric_opt_t *o, const char *val, const char *where, const char *cmd)
{
    double x = 0.0;
    if (o->kind == FRIC_OPT_DOUBLE || o->kind == FRIC_OPT_DOUBLE_LIST) {
        const fric_num_t why = fric_parse_number(val, &x);
        if (why != FRIC_NUM_OK) return fric_cli_bad_number(cmd, where, "number", o->unit, val, why);
    }
    switch (o->kind) {
    case FRIC_OPT_DOUBLE:
        *(double *)o->dst = x;
        break;
    case FRIC_OPT_DOUBLE_LIST:
        if (!fric_dlist_push((fric_dlist_t *)o->dst, x)) return fric_cli_fail(cmd, "out of memory");
        break;
    case FRIC_OPT_CHOICE:
        if (!choice_ok(o->choices, val))
            return fric_cli_fail(cmd, "%s: expected one of %s, got '%s'", where, o->choices, val);
        *(const char **)o->dst = val;
        break;
    case FRIC_OPT_STRING:
        if (val[0] == '\0') return fric_cli_fail(cmd, "%s: expected a file name, got ''", where);
        *(const char **)o->dst = val;
        break;
    case FRIC_OPT_FLAG: break;
    case FRIC_OPT_DOUBLE_ARRAY: {
        fric_darray_t *a = (fric_darray_t *)o->dst;
        a->n = 0;
        const char *p = val;
        for (;;) {
            const char *comma = strchr(p, ',');
            const size_t len = comma ? (size_t)(comma - p) : strlen(p);
            char one[64];
            if (a->n == FRIC_DARRAY_MAX || len >= sizeof one)
                return fric_cli_fail(cmd, "%s: expected 1 to %d comma-separated numbers, got '%s'", where,
                                     FRIC_DARRAY_MAX, val);
            memcpy(one, p, len);
            one[len] = '\0';
            const fric_num_t why = fric_parse_number(one, &a->v[a->n]);
            if (why != FRIC_NUM_OK) return fric_cli_bad_number(cmd, where, "number", o->unit, one, why);
            a->n++;
            if (!comma) break;
            p = comma + 1;
        }
        break;
    }
    }
    return 0;
}

/* The parameter vocabulary: keys a file may hold whether or not a command
 * has the option ('-' spelled '_' in the file). */
static const char *const param_keys[] = {
    "model", "fc", "fs", "vs", "delta", "p", "sigma0", "sigma1", "sigma2", "b", "vmd",
    "fc-neg", "fs-neg", "vs-neg", "b-neg", "sigma2-neg", "v-max", "f-max", "ts", "width",
    "z-ba", "gms-n", "gms-k", "gms-alpha", "gms-c",
};

const char *fric_params_keys(void)
{
    return "model, fc, fs, vs, delta (p), sigma0, sigma1, sigma2 (b), vmd, fc_neg, fs_neg, vs_neg, sigma2_neg (b_neg), "
           "v_max, f_max, ts, width, z_ba, gms_n, gms_k, gms_alpha, gms_c, and fit_* (the fit report, ignored)";
}

/* The file's values stay alive for the command's run (choices point into
 * them), in storage owned here: one file per process at a time for --params,
 * and one for fric_opts_apply_params(). */
static fric_params_t loaded, loaded_extra;

/* Read the parameter file path (named by option label in messages) into
 * storage loaded and apply it to the options not given on the command line. */
static int apply_params(fric_opt_t *opts, size_t n, const char *path, const char *cmd, const char *label,
                        fric_params_t *store)
{
    fric_params_t *const lp = store;
    enum { FILE_MAX = 1 << 16 };
    FILE *f = fopen(path, "rb");
    if (!f) return fric_cli_fail(cmd, "%s %s: cannot open: %s", label, path, strerror(errno));
    char *buf = malloc(FILE_MAX + 1);
    if (!buf) {
        fclose(f);
        return fric_cli_fail(cmd, "out of memory");
    }
    const size_t len = fread(buf, 1, FILE_MAX + 1, f);
    const bool rerr = ferror(f) != 0;
    fclose(f);
    if (rerr) {
        free(buf);
        return fric_cli_fail(cmd, "%s %s: read error", label, path);
    }
    if (len > FILE_MAX) {
        free(buf);
        return fric_cli_fail(cmd, "%s %s: larger than %d bytes (a parameter file is a few hundred)", label, path, FILE_MAX);
    }
    fric_params_err_t err;
    const int prc = fric_params_parse(buf, len, lp, &err);
    free(buf);
    if (prc != 0)
        return fric_cli_fail(cmd, "%s %s line %u column %u: %s", label, path, err.line, err.col, err.msg);
    for (size_t i = 0; i < lp->n; i++) {
        fric_param_t *e = &lp->p[i];
        char name[FRIC_PARAMS_KEY_MAX], where[FRIC_PARAMS_KEY_MAX + 100];
        for (size_t k = 0; k < sizeof name; k++) name[k] = e->key[k] == '_' ? '-' : e->key[k];
        snprintf(where, sizeof where, "%s %.40s line %u, key '%s'", label, path, e->line, e->key);
        fric_opt_t *o = fric_opts_find(opts, n, name);
        bool known = false;
        for (size_t k = 0; k < sizeof param_keys / sizeof param_keys[0]; k++)
            known = known || strcmp(param_keys[k], name) == 0;
        if (!known || (o && strcmp(o->name, "params") == 0))
            return fric_cli_fail(cmd, "%s: unknown key (a parameter file holds %s)", where, fric_params_keys());
        if (!o) continue; /* a parameter this command does not take */
        if (o->given == FRIC_GIVEN_ARGV) continue; /* the command line overrides the file */
        if (o->given == FRIC_GIVEN_FILE) {
            return fric_cli_fail(cmd, "%s: --%s is given twice in the file (as '%s' and as another spelling); give it once",
                                 where, o->name, e->key);
        }
        const bool num_ok = o->kind == FRIC_OPT_DOUBLE || o->kind == FRIC_OPT_DOUBLE_LIST || o->kind == FRIC_OPT_CHOICE ||
                            o->kind == FRIC_OPT_DOUBLE_ARRAY;
        const bool str_ok = o->kind == FRIC_OPT_CHOICE || o->kind == FRIC_OPT_STRING;
        if (e->kind == FRIC_PARAM_ARRAY || o->kind == FRIC_OPT_DOUBLE_ARRAY) {
            if (o->kind != FRIC_OPT_DOUBLE_ARRAY)
                return fric_cli_fail(cmd, "%s: expected %s, got an array", where,
                                     o->kind == FRIC_OPT_FLAG ? "true or false" : num_ok ? "a number" : "a string");
            if (e->kind == FRIC_PARAM_ARRAY) {
                fric_darray_t *a = (fric_darray_t *)o->dst;
                for (unsigned k = 0; k < e->n; k++) {
                    const double x = lp->pool[e->at + k];
                    if (!isfinite(x) || (x != 0.0 && fabs(x) < DBL_MIN))
                        return fric_cli_fail(cmd, "%s: entry %u is not a usable number (finite, 0 or normal)", where, k + 1);
                    a->v[k] = x;
                }
                a->n = e->n;
            } else if (e->kind == FRIC_PARAM_NUMBER) {
                const int rc = set_value(o, e->text, where, cmd);
                if (rc != 0) return rc;
            } else {
                return fric_cli_fail(cmd, "%s: expected an array of 1 to 16 numbers, got %s", where, e->text);
            }
        } else if (o->kind == FRIC_OPT_FLAG) {
            if (e->kind != FRIC_PARAM_BOOL) return fric_cli_fail(cmd, "%s: expected true or false, got '%s'", where, e->text);
            if (!e->b) continue;
            *(bool *)o->dst = true;
        } else if ((e->kind == FRIC_PARAM_NUMBER && !num_ok) || (e->kind == FRIC_PARAM_STRING && !str_ok) ||
                   e->kind == FRIC_PARAM_BOOL) {
            const char *want = o->kind == FRIC_OPT_CHOICE ? o->choices : num_ok ? "a number" : "a string";
            if (num_ok && o->unit && o->unit[0])
                return fric_cli_fail(cmd, "%s: expected a finite number in %s, got %s%s%s", where, o->unit,
                                     e->kind == FRIC_PARAM_STRING ? "the string \"" : "", e->text,
                                     e->kind == FRIC_PARAM_STRING ? "\"" : "");
            return fric_cli_fail(cmd, "%s: expected %s, got %s%s%s", where, want,
                                 e->kind == FRIC_PARAM_STRING ? "the string \"" : "", e->text,
                                 e->kind == FRIC_PARAM_STRING ? "\"" : "");
        } else {
            const int rc = set_value(o, e->text, where, cmd);
            if (rc != 0) return rc;
        }
        o->given = FRIC_GIVEN_FILE;
    }
    return 0;
}

int fric_opts_apply_params(fric_opt_t *opts, size_t n, const char *path, const char *label, const char *cmd)
{
    return apply_params(opts, n, path, cmd, label, &loaded_extra);
}

int fric_opts_parse(fric_opt_t *opts, size_t n, int argc, char **argv, int first,
                    const char *cmd, const char *usage)
{
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fric_opts_help(stdout, opts, n, cmd, usage);
            return FRIC_OPTS_HELP;
        }
        if (strncmp(a, "--", 2) != 0)
            return fric_cli_fail(cmd, "unexpected argument '%s' (options start with --; see --help)", a);
        char name[64];
        const char *eq = strchr(a + 2, '=');
        size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
        if (len >= sizeof name) return fric_cli_fail(cmd, "unknown option '%s' (see --help)", a);
        memcpy(name, a + 2, len);
        name[len] = '\0';
        fric_opt_t *o = fric_opts_find(opts, n, name);
        if (!o) return fric_cli_fail(cmd, "unknown option '--%s' (see --help)", name);
        if (o->given && o->kind != FRIC_OPT_DOUBLE_LIST) {
            if (o->alias)
                return fric_cli_fail(cmd, "--%s is given twice (--%s and --%s are one option); give it once", name,
                                     o->name, o->alias);
            return fric_cli_fail(cmd, "--%s is given twice; give it once", name);
        }
        if (o->kind == FRIC_OPT_FLAG) {
            if (eq) return fric_cli_fail(cmd, "--%s takes no value", o->name);
            *(bool *)o->dst = true;
            o->given = FRIC_GIVEN_ARGV;
            continue;
        }
        const char *val = eq ? eq + 1 : NULL;
        if (!val) {
            if (i + 1 >= argc) return fric_cli_fail(cmd, "--%s needs a value", o->name);
            val = argv[++i];
        }
        char where[80];
        snprintf(where, sizeof where, "--%s", o->name);
        const int rc = set_value(o, val, where, cmd);
        if (rc != 0) return rc;
        o->given = FRIC_GIVEN_ARGV;
    }
    const fric_opt_t *p = fric_opts_find(opts, n, "params");
    if (p && p->given && p->kind == FRIC_OPT_STRING) return apply_params(opts, n, *(const char *const *)p->dst, cmd, "--params", &loaded);
    return 0;
}

void fric_lines_init(fric_lines_t *r, FILE *in, const char *name, const char *column)
{
    r->in = in;
    r->name = name;
    r->column = column;
    r->started = false;
    r->lineno = 0;
    r->line[0] = '\0';
}

int fric_lines_next(fric_lines_t *r, const char *cmd, const char *what, const char *unit, double *x, bool *end)
{
    *end = false;
    for (;;) {
        /* one line into r->line, a character at a time: a NUL byte or a line
         * past the buffer is refused, never split into two lines */
        size_t len = 0;
        int c;
        bool any = false;
        errno = 0;
        while ((c = getc_unlocked(r->in)) != EOF && c != '\n') {
            any = true;
            if (c == '\0') return fric_cli_fail(cmd, "%s line %lu: a NUL byte (not a text line)", r->name, r->lineno + 1);
            if (len == sizeof r->line - 1)
                return fric_cli_fail(cmd, "%s line %lu: longer than %zu characters", r->name, r->lineno + 1,
                                     sizeof r->line - 1);
            r->line[len++] = (char)c;
        }
        if (c == EOF && ferror(r->in))
            return fric_cli_fail(cmd, "cannot read %s: %s", r->name, errno ? strerror(errno) : "read error");
        if (c == EOF && !any) {
            *end = true;
            return 0;
        }
        r->lineno++;
        r->line[len] = '\0';
        char *p = r->line;
        while (isspace((unsigned char)*p)) p++;
        if (*p == '\0' || *p == '#') continue;
        const bool first = !r->started;
        r->started = true;
        if (first && r->column) {
            /* the header: the column's name, with trailing blanks or a CR */
            const size_t k = strlen(r->column);
            size_t e = strlen(p);
            while (e > 0 && isspace((unsigned char)p[e - 1])) e--;
            if (e == k && strncmp(p, r->column, k) == 0) continue;
        }
        const fric_num_t why = fric_parse_number(p, x);
        if (why != FRIC_NUM_OK) {
            char where[80];
            p[strcspn(p, "\r")] = '\0';
            if (r->column) snprintf(where, sizeof where, "%s line %lu (column %s)", r->name, r->lineno, r->column);
            else snprintf(where, sizeof where, "%s line %lu", r->name, r->lineno);
            return fric_cli_bad_number(cmd, where, what, unit, p, why);
        }
        return 0;
    }
}
