/* SPDX-License-Identifier: Apache-2.0 */
/** @file fric_cmd.h  @brief The subcommands of the fricore tool. */
#ifndef FRIC_CMD_H
#define FRIC_CMD_H

/**
 * Each takes the command line as main() has it (argv[1] is the command's
 * name; its options start at argv[2]) and returns the exit status: 0,
 * FRIC_EXIT_FAIL (1: the run failed) or FRIC_EXIT_USAGE (2: bad input or an
 * unusable output). Each can be called again in the same process: it never
 * exits, keeps no state from one call to the next (its parser is its own,
 * not getopt), frees what it allocates on every path and removes the
 * temporary files of its outputs. It writes to stdout and stderr, and reads
 * stdin (curve without --v, trace).
 */
int fric_cmd_curve(int argc, char **argv);
int fric_cmd_compile(int argc, char **argv);
int fric_cmd_trace(int argc, char **argv);
int fric_cmd_sim(int argc, char **argv);
int fric_cmd_fit(int argc, char **argv);
int fric_cmd_export(int argc, char **argv);
int fric_cmd_servo(int argc, char **argv);

#endif /* FRIC_CMD_H */
