/* fricore curve: evaluate a static friction curve, or the steady-state curve
 * of a dynamic model, at given velocities. Output: CSV "v,F", %.17g. */
#include <stdio.h>
#include <stdlib.h>

#include "fric_cli.h"
#include "fric_cli_friction.h"
#include "fric_cmd.h"

#define CMD "curve"
#define USAGE "--model coulomb|viscous|stribeck|dahl|lugre [parameters] [--v X ...] (else one v per line on stdin)"

int fric_cmd_curve(int argc, char **argv)
{
    fric_cli_friction_t fp;
    fric_dlist_t vel = {0};
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + 1];
    fric_cli_friction_defaults(&fp, "stribeck");
    size_t n = fric_cli_friction_opts(&fp, opts, "coulomb|viscous|stribeck|dahl|lugre");
    opts[n++] = (fric_opt_t){"v", NULL, FRIC_OPT_DOUBLE_LIST, &vel, "m/s",
                             "velocity to evaluate; repeatable (default: read stdin)", NULL, false};

    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    fric_model_t m;
    if (rc == 0) rc = fric_cli_friction_build(&fp, opts, n, CMD, &m);
    if (rc == 0 && vel.n == 0) rc = fric_read_numbers(stdin, &vel, CMD, "velocity in m/s");
    if (rc == 0) {
        printf("v,F\n");
        for (size_t i = 0; i < vel.n; i++)
            printf("%.17g,%.17g\n", vel.v[i], fric_model_steady_force(&m, vel.v[i]));
    }
    fric_dlist_free(&vel);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
