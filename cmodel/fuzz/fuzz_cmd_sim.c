/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: fricore sim: its options, the run and its outputs (summary, CSV, plots, report).
 * The input is the command line: arguments separated by NUL or newline bytes
 * (fuzz_util.h). */
#include "fric_cmd.h"
#include "fuzz_util.h"

/* Steps a run may take (both runs of --check-step together): an input asking
 * for more is skipped, so that one execution stays far below a second. */
#define SIM_MAX_STEPS 2000.0

static bool within_budget(const fuzz_scan_t *s)
{
    if (!(s->duration > 0.0 && s->dt > 0.0)) return true; /* refused before the run */
    const double steps = s->duration / s->dt;
    return steps * (s->check_step ? 3.0 : 1.0) <= SIM_MAX_STEPS;
}

int fuzz_target(const uint8_t *data, size_t size)
{
    return fuzz_cmd(data, size, "sim", fric_cmd_sim, within_budget, false);
}
