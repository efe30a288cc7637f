/* SPDX-License-Identifier: Apache-2.0 */
/* The shared option parser of the fricore commands (see fric_cli.h). */
#include "fric_cli.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int fric_cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fricore %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return FRIC_EXIT_USAGE;
}

bool fric_parse_finite(const char *s, double *out)
{
    char *end;
    errno = 0;
    while (isspace((unsigned char)*s)) s++;
    if (*s == '\0') return false;
    double x = strtod(s, &end);
    while (isspace((unsigned char)*end)) end++;
    if (*end != '\0' || errno == ERANGE || !isfinite(x)) return false;
    *out = x;
    return true;
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
    fprintf(out, "usage: fricore %s %s\n\noptions:\n", cmd, usage);
    for (size_t i = 0; i < n; i++) {
        char lhs[64];
        const char *val = "";
        switch (opts[i].kind) {
        case FRIC_OPT_DOUBLE:
        case FRIC_OPT_DOUBLE_LIST: val = " X"; break;
        case FRIC_OPT_CHOICE: val = " CHOICE"; break;
        case FRIC_OPT_STRING: val = " FILE"; break;
        case FRIC_OPT_FLAG: break;
        }
        if (opts[i].alias)
            snprintf(lhs, sizeof lhs, "--%s, --%s%s", opts[i].name, opts[i].alias, val);
        else
            snprintf(lhs, sizeof lhs, "--%s%s", opts[i].name, val);
        fprintf(out, "  %-26s %s", lhs, opts[i].help);
        if (opts[i].unit && opts[i].unit[0]) fprintf(out, " [%s]", opts[i].unit);
        if (opts[i].kind == FRIC_OPT_CHOICE) fprintf(out, " (%s)", opts[i].choices);
        fputc('\n', out);
    }
    fprintf(out, "  %-26s %s\n", "--help", "print this help and exit");
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
        if (o->kind == FRIC_OPT_FLAG) {
            if (eq) return fric_cli_fail(cmd, "--%s takes no value", o->name);
            *(bool *)o->dst = true;
            o->given = true;
            continue;
        }
        const char *val = eq ? eq + 1 : NULL;
        if (!val) {
            if (i + 1 >= argc) return fric_cli_fail(cmd, "--%s needs a value", o->name);
            val = argv[++i];
        }
        double x;
        switch (o->kind) {
        case FRIC_OPT_DOUBLE:
            if (!fric_parse_finite(val, &x))
                return fric_cli_fail(cmd, "--%s: expected a finite number%s%s, got '%s'", o->name,
                                     o->unit[0] ? " in " : "", o->unit, val);
            *(double *)o->dst = x;
            break;
        case FRIC_OPT_DOUBLE_LIST:
            if (!fric_parse_finite(val, &x))
                return fric_cli_fail(cmd, "--%s: expected a finite number%s%s, got '%s'", o->name,
                                     o->unit[0] ? " in " : "", o->unit, val);
            if (!fric_dlist_push((fric_dlist_t *)o->dst, x))
                return fric_cli_fail(cmd, "out of memory");
            break;
        case FRIC_OPT_CHOICE:
            if (!choice_ok(o->choices, val))
                return fric_cli_fail(cmd, "--%s: expected one of %s, got '%s'", o->name, o->choices, val);
            *(const char **)o->dst = val;
            break;
        case FRIC_OPT_STRING:
            if (val[0] == '\0') return fric_cli_fail(cmd, "--%s: expected a file name, got ''", o->name);
            *(const char **)o->dst = val;
            break;
        case FRIC_OPT_FLAG: break;
        }
        o->given = true;
    }
    return 0;
}

int fric_read_numbers(FILE *in, fric_dlist_t *list, const char *cmd, const char *what)
{
    char line[512];
    unsigned long lineno = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n')
            return fric_cli_fail(cmd, "stdin line %lu: line too long", lineno);
        char *p = line;
        while (isspace((unsigned char)*p)) p++;
        if (*p == '\0' || *p == '#') continue;
        double x;
        if (!fric_parse_finite(p, &x)) {
            p[strcspn(p, "\r\n")] = '\0';
            return fric_cli_fail(cmd, "stdin line %lu: expected a finite %s, got '%s'", lineno, what, p);
        }
        if (!fric_dlist_push(list, x)) return fric_cli_fail(cmd, "out of memory");
    }
    return 0;
}
