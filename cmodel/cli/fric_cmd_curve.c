/* SPDX-License-Identifier: Apache-2.0 */
/* fricore curve: evaluate a static friction curve, or the steady-state curve
 * of a dynamic model, at given velocities. Output: CSV "v,F", %.17g; with
 * --fixed the fixed-point model's force and a column F_code. Velocities
 * given with --v are all checked before anything is printed; those read
 * from stdin are streamed, a line out for each line in, in constant memory
 * (and flushed line by line when stdout is a pipe or a terminal). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fric_array.h"
#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cli_out.h"
#include "fric_cmd.h"

#define CMD "curve"
#define USAGE "--model coulomb|viscous|stribeck|dahl|lugre|elastoplastic|gms [parameters] [--fixed [--width 16|18] [--v-max M/S] [--f-max N] [--ts S]] [--v X ...] (else one v per line on stdin, streamed)"

/* What a row needs: the model, and the compiled set with --fixed. */
typedef struct {
    const fric_model_t *m;
    const fric_cli_fx_t *c; /* NULL: double precision */
    uint32_t flags;         /* the fixed-point model's sticky flags */
} curve_t;

/* One row at velocity v: 0 with the row in *vo, *f (and *code with
 * --fixed), FRIC_EXIT_USAGE (v outside the port) or FRIC_EXIT_FAIL (a
 * force that is not finite) after one line naming where v came from. */
static int row(curve_t *k, double v, const char *where, double *vo, double *f, int32_t *code)
{
    if (k->c) {
        const int rc = fric_cli_vcode(&k->c->rep, v, CMD, where, code);
        if (rc != 0) return rc;
        const int32_t fc = fric_model_fx_steady(k->c, *code, &k->flags);
        *vo = *code * k->c->rep.v_lsb;
        *f = fc * k->c->rep.f_lsb;
        *code = fc;
        return 0;
    }
    *vo = v;
    *f = fric_model_steady_force(k->m, v);
    if (!isfinite(*f))
        return fric_cli_run_failed(CMD, "%s: the force at v = %g m/s is %g N, not finite: the parameters and the "
                                   "velocity take it beyond the range of a double", where, v, *f);
    return 0;
}

static int print_header(const curve_t *k, fric_out_t *out)
{
    return printf(k->c ? "v,F,F_code\n" : "v,F\n") < 0 ? fric_out_write_failed(out, CMD) : 0;
}

static int print_row(const curve_t *k, fric_out_t *out, double v, double f, int32_t code)
{
    const int n = k->c ? printf("%.17g,%.17g,%d\n", v, f, code) : printf("%.17g,%.17g\n", v, f);
    return n < 0 ? fric_out_write_failed(out, CMD) : 0;
}

/* --v X ...: every row checked before the first is printed */
static int from_list(curve_t *k, const fric_dlist_t *vel, fric_out_t *out)
{
    double v, f;
    int32_t code;
    for (size_t i = 0; i < vel->n; i++) {
        const int rc = row(k, vel->v[i], "--v", &v, &f, &code);
        if (rc != 0) return rc;
    }
    k->flags = 0;
    if (print_header(k, out) != 0) return FRIC_EXIT_USAGE;
    for (size_t i = 0; i < vel->n; i++) {
        int rc = row(k, vel->v[i], "--v", &v, &f, &code);
        if (rc == 0) rc = print_row(k, out, v, f, code);
        if (rc != 0) return rc;
    }
    return 0;
}

/* stdin: a row for each line as it is read */
static int from_stdin(curve_t *k, fric_out_t *out)
{
    const bool live = fric_stdout_is_live();
    fric_lines_t in;
    fric_lines_init(&in, stdin, "stdin", "v");
    char where[48];
    if (print_header(k, out) != 0) return FRIC_EXIT_USAGE;
    if (live && fflush(stdout) != 0) return fric_out_write_failed(out, CMD);
    for (;;) {
        double x, v, f;
        int32_t code;
        bool end;
        int rc = fric_lines_next(&in, CMD, "velocity", "m/s", &x, &end);
        if (rc != 0 || end) return rc;
        snprintf(where, sizeof where, "stdin line %lu", in.lineno);
        rc = row(k, x, where, &v, &f, &code);
        if (rc == 0) rc = print_row(k, out, v, f, code);
        if (rc != 0) return rc;
        if (live && fflush(stdout) != 0) return fric_out_write_failed(out, CMD);
    }
}

int fric_cmd_curve(int argc, char **argv)
{
    fric_cli_friction_t fp;
    fric_cli_fixed_t fx;
    bool fixed = false;
    fric_dlist_t vel = {0};
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 2];
    fric_cli_friction_defaults(&fp, "stribeck");
    fric_cli_fixed_defaults(&fx);
    size_t n = fric_cli_friction_opts(&fp, opts, "coulomb|viscous|stribeck|dahl|lugre|elastoplastic|gms");
    n += fric_cli_fixed_opts(&fx, opts + n, "sample time for compiling a dynamic model (the steady state does not depend on it; default 1e-4)");
    opts[n++] = (fric_opt_t){"fixed", NULL, FRIC_OPT_FLAG, &fixed, "",
                             "evaluate the bit-exact fixed-point model; adds the column F_code", NULL, false};
    opts[n++] = (fric_opt_t){"v", NULL, FRIC_OPT_DOUBLE_LIST, &vel, "m/s",
                             "velocity to evaluate; repeatable (default: one per line on stdin, streamed)", NULL, false};

    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    fric_out_t out = {.opt = "stdout", .path = "-"};
    if (rc == 0) rc = fric_out_stdout(&out, CMD);
    fric_model_t m;
    fric_cli_fx_t c;
    if (rc == 0) rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &m);
    if (rc == 0 && !fixed) rc = fric_cli_fixed_only(opts, n, CMD, true);
    if (rc == 0 && fixed) rc = fric_cli_fixed_compile(&m, &fx, opts, n, CMD, 1e-4, &c);
    curve_t k = {&m, fixed ? &c : NULL, 0};
    if (rc == 0) rc = vel.n ? from_list(&k, &vel, &out) : from_stdin(&k, &out);
    if (rc == 0) fric_cli_report_flags(CMD, k.flags);
    if (rc == 0) rc = fric_outs_close(&out, 1, CMD);
    fric_outs_discard(&out, 1);
    fric_dlist_free(&vel);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
