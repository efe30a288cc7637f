/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: the stdin reader of fricore curve, a row out for each line
 * in. The first byte picks the command line (a model in double precision);
 * the rest is stdin. The fixed-point rows (--fixed) are the command-line
 * target's: there a compile, which samples the whole velocity range, is
 * part of each run, and here it would be the whole cost of one. */
#include "fric_cmd.h"
#include "fuzz_util.h"

static const char *const lines[][10] = {
    {"--model", "lugre", NULL},
    {"--model", "stribeck", "--fs-neg", "3", "--b-neg", "1e-3", NULL},
    {"--model", "coulomb", "--fc", "1e308", "--fc-neg", "0", NULL},
    {"--model", "viscous", "--b", "1e300", NULL},
    {"--model", "dahl", NULL},
    {"--model", "stribeck", "--delta", "0.5", "--vs", "1e-300", "--fs", "1e300", NULL},
    {"--model", "lugre", "--delta", "1", "--vs", "1e300", "--b", "0", NULL},
    {"--model", "stribeck", "--delta", "1e300", "--fc", "0", "--fs", "1.7e308", NULL},
};
#define NUM_LINES (sizeof lines / sizeof lines[0])

int fuzz_target(const uint8_t *data, size_t size)
{
    fuzz_init();
    if (size == 0) return -1;
    const char *const *opt = lines[data[0] % NUM_LINES];
    char *argv[12] = {(char *)"fricore", (char *)"curve"};
    int argc = 2;
    while (*opt) argv[argc++] = (char *)*opt++;
    argv[argc] = NULL;
    fuzz_require(fuzz_stdin_begin(data + 1, size - 1), "cannot make stdin");
    fuzz_run_checked(fric_cmd_curve, argc, argv);
    fuzz_stdin_end();
    return 0;
}
