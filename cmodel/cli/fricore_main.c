/* SPDX-License-Identifier: Apache-2.0 */
/* fricore: the command-line front end of the fricore C model. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "fric_cli.h"
#include "fric_cli_out.h"
#include "fric_cmd.h"
#include "fric_version.h"
#include "fricore_regs.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *what;
} cmds[] = {
    {"curve", fric_cmd_curve, "evaluate a static curve or a dynamic model's steady-state curve (--fixed: bit-exact)"},
    {"compile", fric_cmd_compile, "turn SI parameters into the fixed-point words the hardware holds"},
    {"trace", fric_cmd_trace, "run a Dahl or LuGre contact open-loop over a velocity record on stdin"},
    {"sim", fric_cmd_sim, "simulate a slider dragged through a spring against a Dahl or LuGre contact (stick-slip)"},
    {"servo", fric_cmd_servo, "run a servo axis with LuGre friction under P + PI control, with or without friction compensation"},
    {"fit", fric_cmd_fit, "identify friction parameters from measured data (fit static, fit dynamic) into a parameter file"},
    {"export", fric_cmd_export, "write a friction set in another tool's format (--format mujoco: MuJoCo's dcmotor actuator)"},
    {"help", cmd_help, "list the commands, or print one command's options (fricore help COMMAND [SUBCOMMAND])"},
    {"version", cmd_version, "print the version of fricore and of the register map it drives (also --version)"},
};
#define NUM_CMDS (sizeof cmds / sizeof cmds[0])

/* the command list; with the contract (exit statuses, outputs) for --help */
static void usage(FILE *out, bool contract)
{
    fprintf(out, "usage: fricore COMMAND [options]   (fricore help COMMAND for its options)\n"
                 "       fricore --version\n\ncommands:\n");
    for (size_t i = 0; i < NUM_CMDS; i++)
        fprintf(out, "  %-10s %s\n", cmds[i].name, cmds[i].what);
    if (contract) fric_cli_contract(out);
}

static int is_help_opt(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

/* Flush stdout and check every write to it: 0, or FRIC_EXIT_USAGE (an
 * unusable output) after one line on stderr naming the command. */
static int stdout_done(const char *cmd)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    const char *why = errno != 0 ? strerror(errno) : "write error";
    if (cmd) return fric_cli_fail(cmd, "cannot write to stdout: %s", why);
    fprintf(stderr, "fricore: cannot write to stdout: %s\n", why);
    return FRIC_EXIT_USAGE;
}

/* fricore help [COMMAND]: the command list, or COMMAND --help. */
static int cmd_help(int argc, char **argv)
{
    if (argc < 3) {
        usage(stdout, true);
        return stdout_done("help");
    }
    if (is_help_opt(argv[2])) {
        printf("usage: fricore help [COMMAND [SUBCOMMAND]]\n\n"
               "print the command list, or COMMAND's options (the same as fricore COMMAND [SUBCOMMAND] --help)\n");
        fric_cli_contract(stdout);
        return stdout_done("help");
    }
    if (argc > 4)
        return fric_cli_fail("help", "unexpected argument '%s' (usage: fricore help [COMMAND [SUBCOMMAND]])", argv[4]);
    for (size_t i = 0; i < NUM_CMDS; i++) {
        if (strcmp(argv[2], cmds[i].name) != 0) continue;
        /* fricore help COMMAND [SUBCOMMAND] is COMMAND [SUBCOMMAND] --help */
        char help_opt[] = "--help";
        char *sub[] = {argv[0], argv[2], argc > 3 ? argv[3] : help_opt, argc > 3 ? help_opt : NULL, NULL};
        const int rc = cmds[i].run(argc > 3 ? 4 : 3, sub);
        return rc != 0 ? rc : stdout_done("help");
    }
    fprintf(stderr, "fricore help: unknown command '%s' (commands:", argv[2]);
    for (size_t i = 0; i < NUM_CMDS; i++)
        fprintf(stderr, "%s %s", i ? "," : "", cmds[i].name);
    fprintf(stderr, ")\n");
    return FRIC_EXIT_USAGE;
}

/* fricore version, fricore --version: the tool's version, then the version
 * of the register map (fricore_regs.h) it drives. */
static int cmd_version(int argc, char **argv)
{
    if (argc > 2 && is_help_opt(argv[2])) {
        printf("usage: fricore version   (or fricore --version)\n\n"
               "print the version of fricore and of the register map it drives\n");
        fric_cli_contract(stdout);
        return stdout_done("version");
    }
    if (argc > 2) return fric_cli_fail("version", "unexpected argument '%s'", argv[2]);
    const unsigned map = FRIC_REG_VERSION_VALUE;
    printf("fricore %s\nregister map %u.%u.%u\n", FRICORE_VERSION,
           (map & FRIC_REG_VERSION_MAJOR_MASK) >> FRIC_REG_VERSION_MAJOR_SHIFT,
           (map & FRIC_REG_VERSION_MINOR_MASK) >> FRIC_REG_VERSION_MINOR_SHIFT,
           (map & FRIC_REG_VERSION_PATCH_MASK) >> FRIC_REG_VERSION_PATCH_SHIFT);
    return stdout_done("version");
}

int main(int argc, char **argv)
{
    fric_out_cleanup_on_signals();
    if (argc < 2) {
        usage(stderr, false);
        return FRIC_EXIT_USAGE;
    }
    if (is_help_opt(argv[1])) {
        usage(stdout, true);
        return stdout_done(NULL);
    }
    if (strcmp(argv[1], "--version") == 0) return cmd_version(argc, argv);
    for (size_t i = 0; i < NUM_CMDS; i++) {
        if (strcmp(argv[1], cmds[i].name) != 0) continue;
        const int rc = cmds[i].run(argc, argv);
        /* A command's output to stdout counts only if it all reached stdout. */
        return rc != 0 ? rc : stdout_done(cmds[i].name);
    }
    fprintf(stderr, "fricore: unknown command '%s'\n", argv[1]);
    usage(stderr, false);
    return FRIC_EXIT_USAGE;
}
