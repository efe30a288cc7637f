/* SPDX-License-Identifier: Apache-2.0 */
/* fricore trace: run a Dahl, LuGre, elasto-plastic or GMS contact open-loop
 * over a velocity record (one sample per line on stdin), in double
 * precision (each model's step, fric_model_step()) or, for Dahl and LuGre
 * with --fixed, exactly as the hardware computes it.
 * Output: CSV "v,F,z" (and "F_code" with --fixed; z is
 * fric_model_state_z()), a line out for each line
 * in as it is read, in constant memory (flushed line by line when stdout is
 * a pipe or a terminal). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cli_out.h"
#include "fric_cmd.h"

#define CMD "trace"
#define USAGE "--model dahl|lugre|elastoplastic|gms [parameters] --ts SECONDS [--fixed [--width 16|18] [--v-max M/S] [--f-max N]] < velocities (streamed)"

/* The run over stdin, a row for each line as it is read. */
static int run(const fric_model_t *m, const fric_cli_fx_t *c, double ts, fric_out_t *out)
{
    const bool live = fric_stdout_is_live();
    fric_lines_t in;
    fric_lines_init(&in, stdin, "stdin", "v");
    fric_model_fx_state_t fst;
    fric_model_state_t dst;
    uint32_t flags = 0;
    if (c) fric_model_fx_rest(&fst);
    else fric_model_state_rest(&dst);
    int rc = printf(c ? "v,F,z,F_code\n" : "v,F,z\n") < 0 || (live && fflush(stdout) != 0) ? fric_out_write_failed(out, CMD) : 0;
    char where[48];
    while (rc == 0) {
        double v;
        bool end;
        rc = fric_lines_next(&in, CMD, "velocity", "m/s", &v, &end);
        if (rc != 0 || end) break;
        snprintf(where, sizeof where, "stdin line %lu", in.lineno);
        int n;
        if (c) {
            int32_t code;
            rc = fric_cli_vcode(&c->rep, v, CMD, where, &code);
            if (rc != 0) break;
            const int32_t f = fric_model_fx_step(c, &fst, code, &flags);
            n = printf("%.17g,%.17g,%.17g,%d\n", code * c->rep.v_lsb, f * c->rep.f_lsb, fric_model_fx_state_z(m, c, &fst), f);
        } else {
            const double f = fric_model_step(m, &dst, v, ts), z = fric_model_state_z(m, &dst);
            if (!isfinite(f) || !isfinite(z)) {
                rc = fric_cli_run_failed(CMD, "%s (v = %g m/s): %s is no longer finite (F = %g N, z = %g m): the "
                                         "parameters and the velocity take it beyond the range of a double", where, v,
                                         isfinite(z) ? "the force" : "the state", f, z);
                break;
            }
            n = printf("%.17g,%.17g,%.17g\n", v, f, z);
        }
        if (n < 0 || (live && fflush(stdout) != 0)) rc = fric_out_write_failed(out, CMD);
    }
    fric_cli_report_flags(CMD, flags);
    return rc;
}

int fric_cmd_trace(int argc, char **argv)
{
    fric_cli_friction_t fp;
    fric_cli_fixed_t fx;
    bool fixed = false;
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 1];
    fric_cli_friction_defaults(&fp, "lugre");
    fric_cli_fixed_defaults(&fx);
    size_t n = fric_cli_friction_opts(&fp, opts, "dahl|lugre|elastoplastic|gms");
    n += fric_cli_fixed_opts(&fx, opts + n, "sample time: the velocity is held over each step (required)");
    opts[n++] = (fric_opt_t){"fixed", NULL, FRIC_OPT_FLAG, &fixed, "",
                             "run the bit-exact fixed-point model (what the RTL computes)", NULL, false};
    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    fric_out_t out = {.opt = "stdout", .path = "-"};
    if (rc == 0) rc = fric_out_stdout(&out, CMD);
    fric_model_t m;
    if (rc == 0) rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &m);
    if (rc == 0 && !fric_opts_find(opts, n, "ts")->given)
        rc = fric_cli_fail(CMD, "--ts (sample time, s) is required");
    if (rc == 0 && !fixed) {
        rc = fric_cli_fixed_only(opts, n, CMD, false);
        if (rc == 0 && !(fx.ts > 0.0)) rc = fric_cli_fail(CMD, "%s, got %.6g", fric_status_message(FRIC_ERR_TS), fx.ts);
    }
    fric_cli_fx_t c;
    if (rc == 0 && fixed) rc = fric_cli_fixed_compile(&m, &fx, opts, n, CMD, 0.0, &c);
    if (rc == 0) rc = run(&m, fixed ? &c : NULL, fx.ts, &out);
    if (rc == 0) rc = fric_outs_close(&out, 1, CMD);
    fric_outs_discard(&out, 1);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
