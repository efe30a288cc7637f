/* fricore: the command-line front end of the fricore C model. */
#include <stdio.h>
#include <string.h>

#include "fric_cli.h"
#include "fric_cmd.h"

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *what;
} cmds[] = {
    {"curve", fric_cmd_curve, "evaluate a static curve or a dynamic model's steady-state curve (--fixed: bit-exact)"},
    {"compile", fric_cmd_compile, "turn SI parameters into the fixed-point words the hardware holds"},
    {"trace", fric_cmd_trace, "run a Dahl or LuGre contact open-loop over a velocity record on stdin"},
    {"sim", fric_cmd_sim, "simulate a slider dragged through a spring against a Dahl or LuGre contact (stick-slip)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: fricore COMMAND [options]   (fricore COMMAND --help for its options)\n\ncommands:\n");
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(out, "  %-10s %s\n", cmds[i].name, cmds[i].what);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return FRIC_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(argv[1], cmds[i].name) == 0) return cmds[i].run(argc, argv);
    fprintf(stderr, "fricore: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return FRIC_EXIT_USAGE;
}
