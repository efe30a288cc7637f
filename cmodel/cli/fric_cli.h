/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli.h
 * @brief The option parser shared by every fricore command (curve, compile,
 *        trace, sim, cosim), so that no command carries its own copy.
 *
 * A command declares a table of ::fric_opt_t; fric_opts_parse() fills the
 * destinations, marks what was given, and refuses with exit status 2 and one
 * line on stderr anything that is unknown, missing its value, given twice,
 * not a usable number (not finite, beyond the range of a double, or
 * subnormal), or not one of the allowed choices.
 *
 * The exit statuses of every command (the contract fric_cli_contract()
 * prints at the end of every --help):
 *  - 0 (success): the output is complete and every number in it is finite;
 *  - 1 (FRIC_EXIT_FAIL): the run failed (it diverged, or a state, force or
 *    result is not finite); the message names the quantity and the step;
 *  - 2 (FRIC_EXIT_USAGE): bad input, or an output that cannot be written;
 *    both are checked before any work starts, where they can be known then.
 */
#ifndef FRIC_CLI_H
#define FRIC_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** Exit status of a run that failed: divergence, a non-finite state or result. */
#define FRIC_EXIT_FAIL 1
/** Exit status for bad input or an unusable output. */
#define FRIC_EXIT_USAGE 2

typedef enum {
    FRIC_OPT_DOUBLE,      /**< one finite double; dst is double* */
    FRIC_OPT_DOUBLE_LIST, /**< finite double, the one repeatable kind; dst is fric_dlist_t* */
    FRIC_OPT_CHOICE,      /**< one of the '|'-separated choices; dst is const char** */
    FRIC_OPT_STRING,      /**< any string (a file name); dst is const char** */
    FRIC_OPT_FLAG,        /**< no value; dst is bool* */
    FRIC_OPT_DOUBLE_ARRAY /**< 1 to FRIC_DARRAY_MAX finite doubles, comma-separated (a file: a JSON array);
                               dst is fric_darray_t* */
} fric_opt_kind_t;

/** Most values of a FRIC_OPT_DOUBLE_ARRAY. */
#define FRIC_DARRAY_MAX 16

/** The values of a FRIC_OPT_DOUBLE_ARRAY, in fixed storage. */
typedef struct {
    double v[FRIC_DARRAY_MAX];
    unsigned n;
} fric_darray_t;

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
    unsigned char given; /**< set by the parser: 0, FRIC_GIVEN_ARGV or FRIC_GIVEN_FILE */
} fric_opt_t;

/** fric_opt_t.given: on the command line. */
#define FRIC_GIVEN_ARGV 1
/** fric_opt_t.given: from the parameter file (--params), not on the command line. */
#define FRIC_GIVEN_FILE 2

/** Returned by fric_opts_parse() when --help was given (help already printed):
 *  not an exit status (a command then returns 0). */
#define FRIC_OPTS_HELP (-1)

/**
 * @brief Parse argv[first..argc-1] against the table.
 *
 * When the table has an option called "params" (a FRIC_OPT_STRING) and it
 * is given, the parameter file it names (fric_params.h) is read after the
 * command line: each key names an option, '_' standing for '-' ("fc_neg" is
 * --fc-neg); its value is checked exactly as that option's value would be
 * and set unless the option is on the command line (the command line
 * overrides the file), and the option is marked FRIC_GIVEN_FILE. A key of
 * the parameter vocabulary (fric_params_keys()) that this command has no
 * option for is ignored; any other key is refused (exit 2, naming the key).
 * A number's type must be a JSON number, a choice's a string or number, a
 * flag's true or false. fit_ report keys are skipped.
 * @return 0 on success, FRIC_OPTS_HELP after printing help to stdout,
 *         FRIC_EXIT_USAGE after printing one error line to stderr.
 */
int fric_opts_parse(fric_opt_t *opts, size_t n, int argc, char **argv, int first,
                    const char *cmd, const char *usage);

/**
 * @brief Apply a second parameter file (a command's --comp-params, say) to
 *        a table of its own, by the rules of --params: each key sets the
 *        option it names unless that option is already given. label names
 *        the option in messages ("--comp-params"). The values live in storage
 *        of their own, so the --params file's choices stay valid.
 * @return 0, or FRIC_EXIT_USAGE after one error line naming the file, the
 *         line and the key.
 */
int fric_opts_apply_params(fric_opt_t *opts, size_t n, const char *path, const char *label, const char *cmd);

/** The keys a parameter file may hold, as one line of text for messages and help. */
const char *fric_params_keys(void);

/** Print the usage line, one line per option with its unit, then fric_cli_contract(). */
void fric_opts_help(FILE *out, const fric_opt_t *opts, size_t n, const char *cmd,
                    const char *usage);

/** Print the contract every command keeps: the exit statuses, the options, the output files. */
void fric_cli_contract(FILE *out);

/** The table entry called name, or NULL. */
fric_opt_t *fric_opts_find(fric_opt_t *opts, size_t n, const char *name);

/** Append to a list; returns false when out of memory. */
bool fric_dlist_push(fric_dlist_t *l, double x);
void fric_dlist_free(fric_dlist_t *l);

/** What fric_parse_number() made of a string. */
typedef enum {
    FRIC_NUM_OK,        /**< a finite double, 0 or normal */
    FRIC_NUM_NOT_FINITE, /**< not a number at all, or inf / nan */
    FRIC_NUM_OVERFLOW,  /**< beyond the largest double (1.8e308) */
    FRIC_NUM_SUBNORMAL, /**< nonzero but below the smallest normal double (2.2e-308) */
    FRIC_NUM_UNDERFLOW  /**< nonzero, but rounds to 0 */
} fric_num_t;

/**
 * @brief Parse a whole string (surrounding blanks allowed) as a double that
 *        is 0 or normal: no infinity, NaN, overflow, subnormal or underflow
 *        to 0 of a nonzero number.
 */
fric_num_t fric_parse_number(const char *s, double *out);

/** fric_parse_number() == FRIC_NUM_OK. */
bool fric_parse_finite(const char *s, double *out);

/**
 * @brief Refuse a number: "WHERE: expected a finite NOUN in UNIT, got 'S'",
 *        or why a value beyond the range of a double, subnormal or rounding
 *        to 0 is refused, with the range allowed; printed as fric_cli_fail().
 * @param where "--fc", "stdin line 3"
 * @param noun "number", "velocity"
 * @return FRIC_EXIT_USAGE.
 */
int fric_cli_bad_number(const char *cmd, const char *where, const char *noun, const char *unit, const char *s,
                        fric_num_t why);

/** Print "fricore CMD: message" to stderr and return FRIC_EXIT_USAGE. */
/**
 * @brief The program and command as messages name them: "fricore sim" for
 *        cmd "sim", "fricore-cosim servo" for cmd "-cosim servo" (a cmd that
 *        starts with '-' names another program of fricore).
 * @return a static buffer, valid until the next call.
 */
const char *fric_cli_name(const char *cmd);

int fric_cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** Print "fricore CMD: message" to stderr and return FRIC_EXIT_FAIL. */
int fric_cli_run_failed(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/**
 * A reader of one number per line, in constant memory: blank lines and
 * lines starting with '#' are skipped; a line holds at most
 * FRIC_LINE_MAX - 1 characters besides its newline, and no NUL byte. The
 * first line that is neither may be the column's header (its name, "v"),
 * which is skipped, as every fricore command that reads CSV takes a header.
 */
#define FRIC_LINE_MAX 512
typedef struct {
    FILE *in;
    const char *name;     /**< "stdin", for messages */
    const char *column;   /**< the header a first line may be ("v"), or NULL */
    bool started;         /**< a header or a number has been read */
    unsigned long lineno; /**< of the last line read */
    char line[FRIC_LINE_MAX];
} fric_lines_t;

/** @brief Read in; column: the header a first line may be (NULL: none). */
void fric_lines_init(fric_lines_t *r, FILE *in, const char *name, const char *column);

/**
 * @brief The next number into *x, or *end = true at the end of the input.
 * @param what what a line holds ("velocity"), and unit its unit, for messages.
 * @return 0, or FRIC_EXIT_USAGE after one line on stderr naming the input
 *         line and why (not a usable number, too long, a read error).
 */
int fric_lines_next(fric_lines_t *r, const char *cmd, const char *what, const char *unit, double *x, bool *end);

#endif /* FRIC_CLI_H */
