/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: the stdin reader of fricore trace, a step and a row out for
 * each line in. The first byte picks the command line (Dahl or LuGre with
 * the exact double-precision step); the rest is stdin. The fixed-point runs
 * (--fixed) are the command-line target's: there a compile, which samples
 * the whole velocity range, is part of each run, and here it would be the
 * whole cost of one. */
#include "fric_cmd.h"
#include "fuzz_util.h"

static const char *const lines[][12] = {
    {"--model", "lugre", "--ts", "1e-4", NULL},
    {"--model", "lugre", "--ts", "1e300", "--sigma0", "1e300", NULL},
    {"--model", "dahl", "--ts", "1e-3", "--fc-neg", "2", NULL},
    {"--model", "lugre", "--ts", "1e-9", "--vmd", "1e-3", "--b", "0", NULL},
    {"--model", "dahl", "--ts", "1e-300", "--sigma0", "1e-300", "--fc", "1e-300", NULL},
    {"--model", "lugre", "--ts", "1", "--sigma1", "1e300", "--vmd", "1e-300", NULL},
    {"--model", "lugre", "--ts", "1e300", "--fs", "1e300", "--b", "1e300", "--b-neg", "0", NULL},
    {"--model", "lugre", "--ts", "1e-2", "--delta", "1e-3", "--vs", "1e300", NULL},
};
#define NUM_LINES (sizeof lines / sizeof lines[0])

int fuzz_target(const uint8_t *data, size_t size)
{
    fuzz_init();
    if (size == 0) return -1;
    const char *const *opt = lines[data[0] % NUM_LINES];
    char *argv[14] = {(char *)"fricore", (char *)"trace"};
    int argc = 2;
    while (*opt) argv[argc++] = (char *)*opt++;
    argv[argc] = NULL;
    fuzz_require(fuzz_stdin_begin(data + 1, size - 1), "cannot make stdin");
    fuzz_run_checked(fric_cmd_trace, argc, argv);
    fuzz_stdin_end();
    return 0;
}
