/* SPDX-License-Identifier: Apache-2.0 */
/* fricore trace: run a Dahl or LuGre contact open-loop over a velocity
 * record (one sample per line on stdin), in double precision (the exact
 * step) or, with --fixed, exactly as the hardware computes it.
 * Output: CSV "v,F,z" (and "F_code" with --fixed). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cmd.h"

#define CMD "trace"
#define USAGE "--model dahl|lugre [parameters] --ts SECONDS [--fixed [--width 16|18] [--v-max M/S] [--f-max N]] < velocities"

int fric_cmd_trace(int argc, char **argv)
{
    fric_cli_friction_t fp;
    fric_cli_fixed_t fx;
    bool fixed = false;
    fric_dlist_t vel = {0};
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 1];
    fric_cli_friction_defaults(&fp, "lugre");
    fric_cli_fixed_defaults(&fx);
    size_t n = fric_cli_friction_opts(&fp, opts, "dahl|lugre");
    n += fric_cli_fixed_opts(&fx, opts + n, "sample time: the velocity is held over each step (required)");
    opts[n++] = (fric_opt_t){"fixed", NULL, FRIC_OPT_FLAG, &fixed, "",
                             "run the bit-exact fixed-point model (what the RTL computes)", NULL, false};
    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
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
    if (rc == 0) rc = fric_read_numbers(stdin, &vel, CMD, "velocity in m/s");
    int32_t *codes = NULL; /* validated, all of them, before anything is printed */
    if (rc == 0 && fixed) rc = fric_cli_vcodes(&c.rep, &vel, CMD, &codes);
    if (rc == 0) {
        const double sigma0 = m.lugre.sigma0;
        if (fixed) {
            fric_fx_state_t st;
            uint32_t flags = 0;
            const double wlsb = ldexp(c.rep.f_lsb, -FRIC_FX_WG(c.rep.width));
            fric_fx_lugre_reset(&st);
            printf("v,F,z,F_code\n");
            for (size_t i = 0; i < vel.n; i++) {
                const int32_t f = fric_fx_lugre_step(&c.l, &st, codes[i], &flags, NULL);
                printf("%.17g,%.17g,%.17g,%d\n", codes[i] * c.rep.v_lsb, f * c.rep.f_lsb, st.w * wlsb / sigma0, f);
            }
            fric_cli_report_flags(CMD, flags);
        } else {
            fric_lugre_state_t st;
            fric_lugre_init(&m.lugre, &st);
            printf("v,F,z\n");
            for (size_t i = 0; i < vel.n; i++) {
                const double f = fric_lugre_step(&m.lugre, &st, vel.v[i], fx.ts);
                printf("%.17g,%.17g,%.17g\n", vel.v[i], f, st.z);
            }
        }
    }
    free(codes);
    fric_dlist_free(&vel);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
