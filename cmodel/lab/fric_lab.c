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
    static const char *const kinds[] = {"double", "double_list", "choice", "string", "flag"};
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
    fric_sim_cli_init(s, "sim", "lugre|dahl|stribeck|viscous|coulomb");
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
    const size_t nt = fric_cli_friction_opts(&fp, t, "lugre|dahl|stribeck|viscous|coulomb");
    static const char *const models[] = {"lugre", "dahl", "stribeck", "viscous", "coulomb"};
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
            snprintf(val, sizeof val, "%.17g", *(const double *)fric_opts_find(t, nt, pos)->dst);
            snprintf(mdl, sizeof mdl, "%s", models[k]);
            char a0[] = "fricore", a1[] = "sim", a2[] = "--model";
            char *argv[] = {a0, a1, a2, mdl, opt, val, NULL};
            if (sim_check(6, argv) != 0) continue;
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
    fric_fx_state_t fst;
    fric_lugre_state_t dst;
    fric_fx_lugre_reset(&fst);
    if (c->dynamic) fric_lugre_init(&m->lugre, &dst);
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
        if (c->dynamic) {
            f = fric_fx_lugre_step(&c->l, &fst, code, &flags, NULL);
            fd = fric_lugre_step(&m->lugre, &dst, v, ts);
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
           cmd, c->dynamic ? "lugre" : "stribeck", c->rep.width, c->rep.v_max, c->rep.f_max, c->rep.v_lsb,
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
    size_t n = fric_cli_friction_opts(&fp, opts, trace ? "dahl|lugre" : "coulomb|viscous|stribeck|dahl|lugre");
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
