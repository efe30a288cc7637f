/* SPDX-License-Identifier: Apache-2.0 */
/** @file fric_cmd.h  @brief The subcommands of the fricore tool. */
#ifndef FRIC_CMD_H
#define FRIC_CMD_H

/** Each returns the process exit status: 0, or FRIC_EXIT_USAGE for bad input. */
int fric_cmd_curve(int argc, char **argv);
int fric_cmd_compile(int argc, char **argv);
int fric_cmd_trace(int argc, char **argv);
int fric_cmd_sim(int argc, char **argv);

#endif /* FRIC_CMD_H */
