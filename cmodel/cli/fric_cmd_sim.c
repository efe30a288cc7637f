/* SPDX-License-Identifier: Apache-2.0 */
/* fricore sim: the 1-DOF stick-slip simulator. A slider of mass m dragged
 * through a spring k by a support at vd, with an optional sinusoidal force,
 * against a Dahl, LuGre, elasto-plastic, GMS or static contact (fric_plant.h), integrated by RK4
 * or by the exact-contact step. The options, the run and its outputs (JSON
 * summary, CSV, SVG plots, HTML report) are those fricore-cosim shares
 * (fric_cli_sim.h); this command adds only the built-in integrators. */
#include <stdlib.h>

#include "fric_cli_sim.h"
#include "fric_cmd.h"

#define USAGE "[--example canudas1995] [--model lugre|dahl|elastoplastic|gms|stribeck|viscous|coulomb] [friction] [plant] [--duration S] " \
              "[--dt S] [--integrator rk4|exact] [--check-step] [--csv FILE] [--summary FILE] [--plot-time F.svg] "     \
              "[--plot-hysteresis F.svg] [--report F.html]"

int fric_cmd_sim(int argc, char **argv) { return fric_cmd_sim_hooked(argc, argv, NULL); }

int fric_cmd_sim_hooked(int argc, char **argv, const fric_sim_hooks_t *hooks)
{
    /* on the heap (the option table is large), fresh for every call */
    fric_sim_cli_t *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "fricore sim: out of memory\n");
        return FRIC_EXIT_FAIL;
    }
    fric_sim_cli_init(s, "sim", "lugre|dahl|elastoplastic|gms|stribeck|viscous|coulomb");
    s->hooks = hooks;
    int rc = fric_sim_cli_parse(s, argc, argv, USAGE);
    /* a caller's check of the options alone stops here, with status 0 */
    const bool stop = rc == 0 && hooks && hooks->parsed && !hooks->parsed(hooks->ctx, s);
    if (rc == 0 && !stop) {
        const fric_sim_stepper_t st = fric_sim_cli_stepper(s);
        rc = fric_sim_cli_run(s, &st);
    }
    free(s);
    return rc == FRIC_OPTS_HELP ? 0 : rc;
}
