/* SPDX-License-Identifier: Apache-2.0 */
/* fricore curve: evaluate a static friction curve, or the steady-state curve
 * of a dynamic model, at given velocities. Output: CSV "v,F", %.17g; with
 * --fixed the fixed-point model's force and a column F_code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cmd.h"

#define CMD "curve"
#define USAGE "--model coulomb|viscous|stribeck|dahl|lugre [parameters] [--fixed [--width 16|18] [--v-max M/S] [--f-max N] [--ts S]] [--v X ...] (else one v per line on stdin)"

/* The fixed-point steady state: the Stribeck core, or the LuGre core with
 * its state at w_ss = sign(v)*g(v), where a step leaves it unchanged. */
static int32_t fixed_force(const fric_cli_fx_t *c, int32_t code, uint32_t *flags)
{
    if (!c->dynamic) return fric_fx_stribeck(&c->s, code, flags, NULL);
    fric_fx_state_t st = {0};
    if (code != 0) {
        const int64_t g = fric_fx_lugre_g(&c->l, code, flags);
        st.w = ((code < 0 ? -g : g) * ((int64_t)1 << (FRIC_FX_WG(c->rep.width) - FRIC_FX_G(c->rep.width))));
    }
    return fric_fx_lugre_step(&c->l, &st, code, flags, NULL);
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
    size_t n = fric_cli_friction_opts(&fp, opts, "coulomb|viscous|stribeck|dahl|lugre");
    n += fric_cli_fixed_opts(&fx, opts + n, "sample time for compiling a dynamic model (the steady state does not depend on it; default 1e-4)");
    opts[n++] = (fric_opt_t){"fixed", NULL, FRIC_OPT_FLAG, &fixed, "",
                             "evaluate the bit-exact fixed-point model; adds the column F_code", NULL, false};
    opts[n++] = (fric_opt_t){"v", NULL, FRIC_OPT_DOUBLE_LIST, &vel, "m/s",
                             "velocity to evaluate; repeatable (default: read stdin)", NULL, false};

    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    fric_model_t m;
    fric_cli_fx_t c;
    if (rc == 0) rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &m);
    if (rc == 0 && !fixed) rc = fric_cli_fixed_only(opts, n, CMD, true);
    if (rc == 0 && fixed) rc = fric_cli_fixed_compile(&m, &fx, opts, n, CMD, 1e-4, &c);
    if (rc == 0 && vel.n == 0) rc = fric_read_numbers(stdin, &vel, CMD, "velocity in m/s");
    int32_t *codes = NULL; /* validated, all of them, before anything is printed */
    if (rc == 0 && fixed) rc = fric_cli_vcodes(&c.rep, &vel, CMD, &codes);
    if (rc == 0 && !fixed) {
        printf("v,F\n");
        for (size_t i = 0; i < vel.n; i++)
            printf("%.17g,%.17g\n", vel.v[i], fric_model_steady_force(&m, vel.v[i]));
    } else if (rc == 0) {
        uint32_t flags = 0;
        printf("v,F,F_code\n");
        for (size_t i = 0; i < vel.n; i++) {
            const int32_t f = fixed_force(&c, codes[i], &flags);
            printf("%.17g,%.17g,%d\n", codes[i] * c.rep.v_lsb, f * c.rep.f_lsb, f);
        }
        fric_cli_report_flags(CMD, flags);
    }
    free(codes);
    fric_dlist_free(&vel);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
