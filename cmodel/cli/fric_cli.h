/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli.h
 * @brief The option parser shared by every fricore command (curve, compile,
 *        trace, sim, cosim), so that no command carries its own copy.
 *
 * A command declares a table of ::fric_opt_t; fric_opts_parse() fills the
 * destinations, marks what was given, and refuses with exit status 2 and one
 * line on stderr anything that is unknown, missing its value, not a finite
 * number, or not one of the allowed choices.
 */
#ifndef FRIC_CLI_H
#define FRIC_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** Exit status for bad input. */
#define FRIC_EXIT_USAGE 2

typedef enum {
    FRIC_OPT_DOUBLE,      /**< one finite double; dst is double* */
    FRIC_OPT_DOUBLE_LIST, /**< repeatable finite double; dst is fric_dlist_t* */
    FRIC_OPT_CHOICE,      /**< one of the '|'-separated choices; dst is const char** */
    FRIC_OPT_STRING,      /**< any string (a file name); dst is const char** */
    FRIC_OPT_FLAG         /**< no value; dst is bool* */
} fric_opt_kind_t;

/** A growable array of doubles. */
typedef struct {
    double *v;
    size_t n, cap;
} fric_dlist_t;

/** One option of a command's table. */
typedef struct {
    const char *name;    /**< spelled --name */
    const char *alias;   /**< another spelling, or NULL */
    fric_opt_kind_t kind;
    void *dst;
    const char *unit;    /**< "N", "m/s", ... or "" */
    const char *help;    /**< one line */
    const char *choices; /**< FRIC_OPT_CHOICE: "a|b|c" */
    bool given;          /**< set by the parser */
} fric_opt_t;

/** Set by fric_opts_parse() when --help was given (help already printed). */
#define FRIC_OPTS_HELP 1

/**
 * @brief Parse argv[first..argc-1] against the table.
 * @return 0 on success, FRIC_OPTS_HELP after printing help to stdout,
 *         FRIC_EXIT_USAGE after printing one error line to stderr.
 */
int fric_opts_parse(fric_opt_t *opts, size_t n, int argc, char **argv, int first,
                    const char *cmd, const char *usage);

/** Print the usage line and one line per option with its unit. */
void fric_opts_help(FILE *out, const fric_opt_t *opts, size_t n, const char *cmd,
                    const char *usage);

/** The table entry called name, or NULL. */
fric_opt_t *fric_opts_find(fric_opt_t *opts, size_t n, const char *name);

/** Append to a list; returns false when out of memory. */
bool fric_dlist_push(fric_dlist_t *l, double x);
void fric_dlist_free(fric_dlist_t *l);

/** Parse a whole string as a finite double. */
bool fric_parse_finite(const char *s, double *out);

/** Print "fricore CMD: message" to stderr and return FRIC_EXIT_USAGE. */
int fric_cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * @brief Read one finite number per line from a stream (blank lines and
 *        lines starting with '#' skipped) into list.
 * @return 0, or FRIC_EXIT_USAGE after naming the bad line on stderr.
 */
int fric_read_numbers(FILE *in, fric_dlist_t *list, const char *cmd, const char *what);

#endif /* FRIC_CLI_H */
