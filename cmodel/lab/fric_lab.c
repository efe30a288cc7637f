/* SPDX-License-Identifier: Apache-2.0 */
/* The lab page's entry points into the C (see fric_lab.h): fricore sim with
 * hooks that keep the series for the plots, the option tables, and the
 * fixed-point overlay. Built for WebAssembly only (mk/lab.mk). */
#include "fric_lab.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cli_sim.h"
#include "fric_cmd.h"

/* the models the page offers, as fricore sim names them */
#define LAB_MODELS "lugre|dahl|elastoplastic|gms|stribeck|viscous|coulomb"

/* samples between two calls of fric_lab_progress() */
#define PROGRESS_MASK 0xffffu

/* What the last run kept. */
static struct {
    double ts;         /* the fixed-point sample time asked for, s */
    size_t max_points; /* samples kept at most */
    double *s[FRIC_LAB_NSERIES];
    size_t np, cap, stride;
    double *rec; /* the velocity every `every` steps */
    size_t nrec, rec_cap, every;
    double dt;            /* the run's step, s */
    size_t n_main, total; /* steps of the run at dt; samples of every run */
    bool oom;
} lab;

/* What the last fixed-point run computed. */
static struct {
    int32_t *code;
    double *f, *fd;
    size_t n;
} fx;

static void lab_free(void)
{
    for (int i = 0; i < FRIC_LAB_NSERIES; i++) {
        free(lab.s[i]);
        lab.s[i] = NULL;
    }
    free(lab.rec);
    lab.rec = NULL;
    lab.np = lab.cap = lab.nrec = lab.rec_cap = lab.every = 0;
    lab.stride = 1;
    lab.oom = false;
}

static void fx_free(void)
{
    free(fx.code);
    free(fx.f);
    free(fx.fd);
    fx.code = NULL;
    fx.f = fx.fd = NULL;
    fx.n = 0;
}

/* ---- the option tables ---------------------------------------------------- */

static void json_str(const char *s)
{
    if (!s) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20) printf("\\u%04x", (unsigned)(unsigned char)*s);
        else putchar(*s);
    }
    putchar('"');
}

static void print_opts(const fric_opt_t *o, size_t n)
{
    static const char *const kinds[] = {"double", "double_list", "choice", "string", "flag", "double_array"};
    _Static_assert(sizeof kinds / sizeof kinds[0] == FRIC_OPT_DOUBLE_ARRAY + 1, "a name for every option kind");
    for (size_t i = 0; i < n; i++) {
        printf("%s\n    {\"name\": ", i ? "," : "");
        json_str(o[i].name);
        fputs(", \"alias\": ", stdout);
        json_str(o[i].alias);
        printf(", \"kind\": \"%s\", \"unit\": ", kinds[o[i].kind]);
        json_str(o[i].unit);
        fputs(", \"help\": ", stdout);
        json_str(o[i].help);
        fputs(", \"choices\": ", stdout);
        json_str(o[i].kind == FRIC_OPT_CHOICE ? o[i].choices : NULL);
        fputs(", \"default\": ", stdout);
        switch (o[i].kind) {
        case FRIC_OPT_DOUBLE: {
            const double x = *(const double *)o[i].dst;
            if (isfinite(x)) printf("\"%.17g\"", x);
            else fputs("null", stdout);
            break;
        }
        case FRIC_OPT_CHOICE: json_str(*(const char *const *)o[i].dst); break;
        case FRIC_OPT_FLAG: fputs(*(const bool *)o[i].dst ? "true" : "false", stdout); break;
        case FRIC_OPT_DOUBLE_LIST:
        case FRIC_OPT_DOUBLE_ARRAY:
        case FRIC_OPT_STRING: fputs("null", stdout); break;
        }
        putchar('}');
    }
}

/* A parse that stops once the options are valid. */
static bool stop_after_parse(void *ctx, const fric_sim_cli_t *s)
{
    (void)ctx;
    (void)s;
    return false;
}

static int sim_check(int argc, char **argv)
{
    const fric_sim_hooks_t h = {.parsed = stop_after_parse};
    return fric_cmd_sim_hooked(argc, argv, &h);
}

int fric_lab_sim_check(int argc, char **argv)
{
    const int rc = sim_check(argc, argv);
    fflush(stdout);
    fflush(stderr);
    return rc;
}

int fric_lab_options(void)
{
    fric_sim_cli_t *s = malloc(sizeof *s);
    if (!s) return fric_cli_run_failed("lab", "out of memory");
    fric_sim_cli_init(s, "sim", LAB_MODELS);
    fputs("{\n  \"sim\": [", stdout);
    print_opts(s->opts, s->nopts);
    fputs("\n  ],\n  \"fixed\": [", stdout);
    fric_cli_fixed_t x;
    fric_opt_t fo[FRIC_CLI_FIXED_NOPTS];
    fric_cli_fixed_defaults(&x);
    const size_t nf = fric_cli_fixed_opts(&x, fo, "sample time of the core: the velocity is held over each step");
    print_opts(fo, nf);
    /* which friction options fricore sim accepts with each model: asked of
     * the command itself, each option given at its default (a v < 0 level at
     * its v > 0 default), so the only refusal is "does not apply" */
    fputs("\n  ],\n  \"applies\": {", stdout);
    fric_cli_friction_t fp;
    fric_opt_t t[FRIC_CLI_FRICTION_NOPTS];
    fric_cli_friction_defaults(&fp, "lugre");
    const size_t nt = fric_cli_friction_opts(&fp, t, LAB_MODELS);
    static const char *const models[] = {"lugre", "dahl", "elastoplastic", "gms", "stribeck", "viscous", "coulomb"};
    for (size_t k = 0; k < sizeof models / sizeof models[0]; k++) {
        printf("%s\n    \"%s\": [", k ? "," : "", models[k]);
        bool first = true;
        for (size_t i = 0; i < nt; i++) {
            if (strcmp(t[i].name, "model") == 0) continue;
            char opt[64], val[40], mdl[16];
            const char *pos = strcmp(t[i].name, "fc-neg") == 0 ? "fc"
                              : strcmp(t[i].name, "fs-neg") == 0 ? "fs"
                              : strcmp(t[i].name, "b-neg") == 0  ? "b"
                              : strcmp(t[i].name, "vs-neg") == 0 ? "vs"
                                                                 : t[i].name;
            snprintf(opt, sizeof opt, "--%s", t[i].name);
            snprintf(mdl, sizeof mdl, "%s", models[k]);
            char a0[] = "fricore", a1[] = "sim", a2[] = "--model";
            int rc;
            if (t[i].kind == FRIC_OPT_DOUBLE_ARRAY) {
                /* the element lists go together: one element holding the whole level */
                char a4[] = "--gms-k", a5[] = "1", a6[] = "--gms-alpha", a7[] = "1";
                char *argv[] = {a0, a1, a2, mdl, a4, a5, a6, a7, NULL};
                rc = sim_check(8, argv);
            } else {
                snprintf(val, sizeof val, "%.17g", *(const double *)fric_opts_find(t, nt, pos)->dst);
                char *argv[] = {a0, a1, a2, mdl, opt, val, NULL};
                rc = sim_check(6, argv);
            }
            if (rc != 0) continue;
            printf("%s\"%s\"", first ? "" : ", ", t[i].name);
            first = false;
        }
        putchar(']');
    }
    fputs("\n  }\n}\n", stdout);
    free(s);
    fflush(stdout);
    fflush(stderr);
    return 0;
}

/* ---- fricore sim with the series kept ------------------------------------- */

static bool on_parsed(void *ctx, const fric_sim_cli_t *s)
{
    (void)ctx;
    const size_t n = (size_t)llround(s->duration / s->dt); /* as the run computes it */
    lab.n_main = n;
    lab.dt = s->dt;
    lab.total = n + 1;
    if (s->check_step) lab.total += (size_t)llround(s->duration / (0.5 * s->dt)) + 1;
    lab.stride = n / lab.max_points + 1; /* (n + 1) / stride <= max_points */
    lab.cap = n / lab.stride + 1;
    for (int i = 0; i < FRIC_LAB_NSERIES && !lab.oom; i++)
        lab.oom = !(lab.s[i] = malloc(lab.cap * sizeof(double)));
    const double every = lab.ts > 0.0 ? nearbyint(lab.ts / s->dt) : 0.0;
    if (every >= 1.0 && (double)n / every < (double)FRIC_LAB_MAX_RECORD) {
        lab.every = (size_t)every;
        lab.rec_cap = n / lab.every + 1;
        lab.oom = lab.oom || !(lab.rec = malloc(lab.rec_cap * sizeof(double)));
    }
    return !lab.oom;
}

static void on_sample(void *ctx, bool half, size_t i, size_t n, const fric_plant_state_t *s, double f_spring,
                      double f_ext)
{
    (void)ctx;
    (void)n;
    if (!half) {
        if (i % lab.stride == 0 && lab.np < lab.cap) {
            const size_t k = lab.np++;
            lab.s[FRIC_LAB_T][k] = s->t;
            lab.s[FRIC_LAB_X][k] = s->x;
            lab.s[FRIC_LAB_V][k] = s->v;
            lab.s[FRIC_LAB_Z][k] = s->z;
            lab.s[FRIC_LAB_F][k] = s->f;
            lab.s[FRIC_LAB_F_SPRING][k] = f_spring;
            lab.s[FRIC_LAB_F_EXT][k] = f_ext;
        }
        if (lab.every && i % lab.every == 0 && lab.nrec < lab.rec_cap) lab.rec[lab.nrec++] = s->v;
    }
    const size_t done = half ? lab.n_main + 1 + i : i;
    if ((done & PROGRESS_MASK) == 0) fric_lab_progress((double)done / (double)lab.total);
}

int fric_lab_sim(int argc, char **argv, double ts, size_t max_points)
{
    lab_free();
    fx_free();
    lab.ts = ts;
    lab.max_points = max_points ? max_points : 1;
    const fric_sim_hooks_t h = {.full_precision = true, .parsed = on_parsed, .sample = on_sample};
    int rc = fric_cmd_sim_hooked(argc, argv, &h);
    if (rc == 0 && lab.oom) rc = fric_cli_run_failed("sim", "out of memory for the page's plots");
    if (rc != 0) lab_free();
    fflush(stdout);
    fflush(stderr);
    return rc;
}

size_t fric_lab_points(void) { return lab.np; }
size_t fric_lab_stride(void) { return lab.stride; }
const double *fric_lab_series(int which) { return which >= 0 && which < FRIC_LAB_NSERIES ? lab.s[which] : NULL; }
size_t fric_lab_record_len(void) { return lab.nrec; }
size_t fric_lab_record_every(void) { return lab.every; }
const double *fric_lab_record(void) { return lab.rec; }

/* ---- the fixed-point overlay ---------------------------------------------- */

/* The record through the compiled set c and the double model m, as trace
 * (dynamic) or curve (static) computes each sample; 0 or the exit status. */
static int fixed_run(const char *cmd, const fric_model_t *m, const fric_cli_fx_t *c, double ts)
{
    const size_t n = lab.nrec;
    fx.code = malloc((n ? n : 1) * sizeof *fx.code);
    fx.f = malloc((n ? n : 1) * sizeof *fx.f);
    fx.fd = malloc((n ? n : 1) * sizeof *fx.fd);
    if (!fx.code || !fx.f || !fx.fd) return fric_cli_run_failed(cmd, "out of memory for the fixed-point overlay");
    /* the states of trace (Dahl, LuGre, elasto-plastic, GMS), at rest */
    const bool stateful = c->dynamic || c->ep || c->gms;
    fric_model_fx_state_t fst;
    fric_model_state_t dst;
    fric_model_fx_rest(&fst);
    fric_model_state_rest(&dst);
    uint32_t flags = 0;
    const double half = ldexp(1.0, (int)c->rep.width - 1);
    double emax = 0.0, esq = 0.0;
    for (size_t j = 0; j < n; j++) {
        const double v = lab.rec[j];
        /* the message names the sample, as the command names its input line;
         * formatted only for a velocity the port refuses */
        char where[64] = "the velocity record";
        const double cv = nearbyint(v / c->rep.v_lsb);
        if (!(cv >= -half && cv <= half - 1.0))
            snprintf(where, sizeof where, "the velocity record sample %zu (t = %.9g s)", j,
                     (double)(j * lab.every) * lab.dt);
        int32_t code;
        const int rc = fric_cli_vcode(&c->rep, v, cmd, where, &code);
        if (rc != 0) return rc;
        int32_t f;
        double fd;
        if (stateful) {
            f = fric_model_fx_step(c, &fst, code, &flags);
            fd = fric_model_step(m, &dst, v, ts);
        } else {
            f = fric_fx_stribeck(&c->s, code, &flags, NULL);
            fd = fric_model_steady_force(m, v);
        }
        if (!isfinite(fd))
            return fric_cli_run_failed(cmd, "the velocity record sample %zu (v = %g m/s): the double-precision force "
                                       "is no longer finite (F = %g N)", j, v, fd);
        fx.code[j] = f;
        fx.f[j] = f * c->rep.f_lsb;
        fx.fd[j] = fd;
        const double e = fx.f[j] / c->rep.f_lsb - fd / c->rep.f_lsb;
        emax = fmax(emax, fabs(e));
        esq += e * e;
    }
    fx.n = n;
    fric_cli_report_flags(cmd, flags);
    printf("{\"command\": \"%s\", \"core\": \"%s\", \"width\": %u, \"v_max\": %.17g, \"f_max\": %.17g, "
           "\"v_lsb\": %.17g, \"f_lsb\": %.17g, \"ts\": %.17g, \"samples\": %zu, \"every_steps\": %zu, "
           "\"max_abs_error_lsb\": %.17g, \"rms_error_lsb\": %.17g, \"flags\": %u}\n",
           cmd, c->gms ? "gms" : c->ep ? "lugre-ep" : c->dynamic ? "lugre" : "stribeck", c->rep.width, c->rep.v_max, c->rep.f_max, c->rep.v_lsb,
           c->rep.f_lsb, ts, n, lab.every, emax, n ? sqrt(esq / (double)n) : 0.0, (unsigned)flags);
    return 0;
}

int fric_lab_fixed(int argc, char **argv, int run)
{
    fx_free();
    const char *cmd = argc > 1 ? argv[1] : "trace";
    const bool trace = strcmp(cmd, "trace") == 0;
    fric_cli_friction_t fp;
    fric_cli_fixed_t x;
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS];
    /* the options, defaults and order of fricore trace / curve (less --fixed, --v) */
    fric_cli_friction_defaults(&fp, trace ? "lugre" : "stribeck");
    fric_cli_fixed_defaults(&x);
    size_t n = fric_cli_friction_opts(&fp, opts, trace ? "dahl|lugre|elastoplastic|gms" : "coulomb|viscous|stribeck|dahl|lugre");
    n += fric_cli_fixed_opts(&x, opts + n, "sample time: the velocity is held over each step");
    int rc = fric_opts_parse(opts, n, argc, argv, 2, cmd, "[the options of fricore trace or curve with --fixed]");
    fric_model_t m;
    if (rc == 0) rc = fric_cli_friction_build(&fp, opts, n, cmd, 0, &m);
    if (rc == 0 && trace && !fric_opts_find(opts, n, "ts")->given)
        rc = fric_cli_fail(cmd, "--ts (sample time, s) is required");
    fric_cli_fx_t c;
    if (rc == 0) rc = fric_cli_fixed_compile(&m, &x, opts, n, cmd, trace ? 0.0 : 1e-4, &c);
    if (rc == 0 && run) rc = fixed_run(cmd, &m, &c, trace ? x.ts : 0.0);
    if (rc != 0) fx_free();
    fflush(stdout);
    fflush(stderr);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}

size_t fric_lab_fixed_len(void) { return fx.n; }
const int32_t *fric_lab_fixed_code(void) { return fx.code; }
const double *fric_lab_fixed_force(void) { return fx.f; }
const double *fric_lab_double_force(void) { return fx.fd; }

/* ---- the parameter file ---------------------------------------------------- */

/* x in the fewest digits that read back as x (%.15g, else %.17g) */
static void print_short(double x)
{
    char b[32];
    snprintf(b, sizeof b, "%.15g", x);
    if (strtod(b, NULL) != x) snprintf(b, sizeof b, "%.17g", x);
    fputs(b, stdout);
}

/* The options a parameter file sets in the page: fricore sim's friction
 * options and the fixed-point ones, in one table of n entries. */
typedef struct {
    fric_cli_friction_t fp;
    fric_cli_fixed_t x;
    fric_opt_t o[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS];
    size_t n;
} lab_param_opts_t;

static void param_opts(lab_param_opts_t *t, const char *cmd)
{
    const bool trace = strcmp(cmd, "curve") != 0;
    fric_cli_friction_defaults(&t->fp, trace ? "lugre" : "stribeck");
    fric_cli_fixed_defaults(&t->x);
    t->n = fric_cli_friction_opts(&t->fp, t->o, LAB_MODELS);
    t->n += fric_cli_fixed_opts(&t->x, t->o + t->n, "sample time: the velocity is held over each step");
}

/* The parsed file p through the options t as fricore sim takes a file;
 * 0 or the command's exit status after its message. */
static int params_check(const fric_params_t *p, lab_param_opts_t *t)
{
    enum { LIST_MAX = FRIC_PARAMS_ARRAY_MAX * 26 };
    static char names[FRIC_PARAMS_MAX][FRIC_PARAMS_KEY_MAX + 2], lists[FRIC_PARAMS_MAX][LIST_MAX];
    char *argv[2 + 2 * FRIC_PARAMS_MAX + 1];
    char a0[] = "fricore", a1[] = "sim";
    int argc = 0;
    argv[argc++] = a0;
    argv[argc++] = a1;
    for (size_t i = 0; i < p->n; i++) {
        const fric_param_t *e = &p->p[i];
        snprintf(names[i], sizeof names[i], "--%s", e->key);
        for (char *q = names[i] + 2; *q; q++)
            if (*q == '_') *q = '-';
        argv[argc++] = names[i];
        if (e->kind == FRIC_PARAM_ARRAY) {
            size_t at = 0;
            lists[i][0] = '\0';
            for (unsigned k = 0; k < e->n && at < LIST_MAX; k++)
                at += (size_t)snprintf(lists[i] + at, LIST_MAX - at, "%s%.17g", k ? "," : "", p->pool[e->at + k]);
            argv[argc++] = lists[i];
        } else {
            snprintf(lists[i], LIST_MAX, "%s", e->text);
            argv[argc++] = lists[i];
        }
    }
    argv[argc] = NULL;
    int rc = fric_opts_parse(t->o, t->n, argc, argv, 2, "sim", "[a parameter file]");
    for (size_t i = 0; i < t->n; i++)
        if (t->o[i].given) t->o[i].given = FRIC_GIVEN_FILE;
    fric_model_t m;
    unsigned warn = 0;
    if (rc == 0) rc = fric_cli_friction_build_quiet(&t->fp, t->o, t->n, "sim", 0, &m, &warn);
    return rc == FRIC_OPTS_HELP ? FRIC_EXIT_USAGE : rc;
}

int fric_lab_params_load(const char *text, size_t len)
{
    static fric_params_t p; /* large for the stack of a WebAssembly call */
    static lab_param_opts_t t;
    fric_params_err_t err;
    int rc = 0;
    if (fric_params_parse(text, len, &p, &err) != 0) {
        rc = fric_cli_fail("sim", "the parameter file line %u column %u: %s", err.line, err.col, err.msg);
    } else {
        param_opts(&t, "trace");
        /* every key first, so that a refused file prints nothing on stdout */
        for (size_t i = 0; i < p.n && rc == 0; i++) {
            char name[FRIC_PARAMS_KEY_MAX];
            for (size_t k = 0; k < sizeof name; k++) name[k] = p.p[i].key[k] == '_' ? '-' : p.p[i].key[k];
            const fric_opt_t *o = fric_opts_find(t.o, t.n, name);
            if (!o || strcmp(o->name, "params") == 0)
                rc = fric_cli_fail("sim", "the parameter file line %u, key '%s': unknown key (a parameter file holds %s)",
                                   p.p[i].line, p.p[i].key, fric_params_keys());
            else if ((p.p[i].kind == FRIC_PARAM_ARRAY) != (o->kind == FRIC_OPT_DOUBLE_ARRAY) &&
                     !(o->kind == FRIC_OPT_DOUBLE_ARRAY && p.p[i].kind == FRIC_PARAM_NUMBER))
                rc = fric_cli_fail("sim", "the parameter file line %u, key '%s': expected %s, got %s", p.p[i].line,
                                   p.p[i].key, o->kind == FRIC_OPT_DOUBLE_ARRAY ? "an array of 1 to 16 numbers" : "one value",
                                   p.p[i].text);
            else if (p.p[i].kind == FRIC_PARAM_BOOL)
                rc = fric_cli_fail("sim", "the parameter file line %u, key '%s': expected %s, got %s", p.p[i].line,
                                   p.p[i].key, o->kind == FRIC_OPT_CHOICE ? o->choices : "a number", p.p[i].text);
        }
        /* the file as the command reads it: each value through the option
         * parser, every option marked as from the file, and the model built,
         * which refuses a bad value and a key the model needs that the file
         * does not give, with the messages of fricore sim --params */
        if (rc == 0) rc = params_check(&p, &t);
        /* the options as the page's fields take them: the canonical name,
         * the value as written (a list comma-separated) */
        if (rc == 0) {
            fputs("{", stdout);
            for (size_t i = 0; i < p.n; i++) {
                char name[FRIC_PARAMS_KEY_MAX];
                for (size_t k = 0; k < sizeof name; k++) name[k] = p.p[i].key[k] == '_' ? '-' : p.p[i].key[k];
                const fric_opt_t *o = fric_opts_find(t.o, t.n, name);
                printf("%s\n  ", i ? "," : "");
                json_str(o->name);
                fputs(": ", stdout);
                if (p.p[i].kind == FRIC_PARAM_ARRAY) {
                    putchar('"');
                    for (unsigned k = 0; k < p.p[i].n; k++) {
                        if (k) putchar(',');
                        print_short(p.pool[p.p[i].at + k]);
                    }
                    putchar('"');
                } else {
                    json_str(p.p[i].text);
                }
            }
            fputs("\n}\n", stdout);
        }
    }
    fflush(stdout);
    fflush(stderr);
    return rc;
}

int fric_lab_params_save(int argc, char **argv)
{
    static lab_param_opts_t t;
    const char *cmd = argc > 1 ? argv[1] : "trace";
    param_opts(&t, cmd);
    int rc = fric_opts_parse(t.o, t.n, argc, argv, 2, cmd, "[the options of fricore trace or curve with --fixed]");
    fric_model_t m;
    if (rc == 0) rc = fric_cli_friction_build(&t.fp, t.o, t.n, cmd, 0, &m);
    if (rc == 0) {
        /* the options given, each under its file key, at full precision */
        fputs("{", stdout);
        bool first = true;
        for (size_t i = 0; i < t.n; i++) {
            const fric_opt_t *o = &t.o[i];
            if (!o->given || strcmp(o->name, "params") == 0) continue;
            char key[FRIC_PARAMS_KEY_MAX];
            snprintf(key, sizeof key, "%s", o->name);
            for (char *q = key; *q; q++)
                if (*q == '-') *q = '_';
            printf("%s\n  \"%s\": ", first ? "" : ",", key);
            first = false;
            switch (o->kind) {
            case FRIC_OPT_DOUBLE: print_short(*(const double *)o->dst); break;
            case FRIC_OPT_DOUBLE_ARRAY: {
                const fric_darray_t *a = o->dst;
                putchar('[');
                for (unsigned k = 0; k < a->n; k++) {
                    if (k) fputs(", ", stdout);
                    print_short(a->v[k]);
                }
                putchar(']');
                break;
            }
            case FRIC_OPT_CHOICE: {
                /* width is a choice that the file holds as a number */
                const char *s = *(const char *const *)o->dst;
                if (strcmp(o->name, "width") == 0) fputs(s, stdout);
                else json_str(s);
                break;
            }
            case FRIC_OPT_DOUBLE_LIST:
            case FRIC_OPT_STRING:
            case FRIC_OPT_FLAG: break; /* none among these options */
            }
        }
        fputs("\n}\n", stdout);
    }
    fflush(stdout);
    fflush(stderr);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
