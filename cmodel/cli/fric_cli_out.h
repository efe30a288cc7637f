/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_out.h
 * @brief The outputs of a fricore command: written whole or not at all,
 *        checked before any work starts, every write checked.
 *
 * An output names a file, or "-" for stdout. fric_outs_open() takes a
 * command's outputs together, before the run:
 *  - at most one of them is "-";
 *  - each file can be written: its directory exists, it is not a directory,
 *    an existing file is writable; the reason is named when not;
 *  - no two name one file (the same directory entry after resolving
 *    symbolic links and "..", or one file through a hard link), and none is
 *    the file stdout is redirected to when an output goes to stdout;
 *  - a regular file (existing or not) gets a temporary file beside it,
 *    ".NAME.XXXXXX", created now; a device or a FIFO that exists
 *    (/dev/null, a named pipe) is written in place.
 *
 * fric_outs_close() flushes and closes every output, checking each, and only
 * when all succeeded renames the temporary files over their names;
 * fric_outs_discard() closes and removes them. A run that fails therefore
 * leaves no file behind, neither its output nor the temporary file; with
 * fric_out_cleanup_on_signals(), neither does one stopped by SIGHUP, SIGINT,
 * SIGPIPE (a reader that went away) or SIGTERM. A message always names the
 * option, the file and the system's reason.
 */
#ifndef FRIC_CLI_OUT_H
#define FRIC_CLI_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/** One output. Set opt and path; fric_outs_open() sets the rest. */
typedef struct {
    const char *opt;  /**< the option that names it ("--csv"), for messages */
    const char *path; /**< a file name, "-" for stdout, or NULL: not written */
    FILE *f;          /**< where to write once open (stdout for "-") */
    bool is_stdout;
    /* private */
    char *final;      /**< the resolved name the temporary file is renamed to */
    char *tmp;        /**< the temporary file, or NULL (stdout, a device) */
    bool have_id;     /**< dev, ino: the file that exists under that name */
    dev_t dev;
    ino_t ino;
    mode_t mode;      /**< of the file written */
    int err;          /**< the first write error seen (an errno value), or 0 */
} fric_out_t;

/**
 * @brief Check and open the n outputs (those with a path); on any error,
 *        nothing is left open or created.
 * @return 0, or FRIC_EXIT_USAGE after one line on stderr.
 */
int fric_outs_open(fric_out_t *outs, size_t n, const char *cmd);

/**
 * @brief Record a failed write to o (call it right after the write, so errno
 *        is its reason) and print "cannot write OPT PATH: reason".
 * @return FRIC_EXIT_USAGE.
 */
int fric_out_write_failed(fric_out_t *o, const char *cmd);

/**
 * @brief Write n bytes to o, checked: 0, or fric_out_write_failed().
 *        A whole document rendered in memory and written with one call
 *        keeps the system's reason for a failure (ENOSPC, EFBIG, ...).
 */
int fric_out_write(fric_out_t *o, const void *p, size_t n, const char *cmd);

/**
 * @brief Flush, check and close the outputs that are files (not stdout), so
 *        that what goes to stdout can wait until they are complete. On a
 *        failure every output is discarded.
 * @return 0, or FRIC_EXIT_USAGE after one line naming the output and why.
 */
int fric_outs_close_files(fric_out_t *outs, size_t n, const char *cmd);

/**
 * @brief Flush, check and close every output (the files first), then rename each temporary
 *        file over its name. On any failure every output is discarded.
 * @return 0, or FRIC_EXIT_USAGE after one line naming the output and why.
 */
int fric_outs_close(fric_out_t *outs, size_t n, const char *cmd);

/** @brief Close every output and remove the temporary files (idempotent). */
void fric_outs_discard(fric_out_t *outs, size_t n);

/**
 * @brief stdout as a command's one output: checks that it is open for
 *        writing. Close it with fric_outs_close(o, 1, cmd).
 * @return 0, or FRIC_EXIT_USAGE after one line on stderr.
 */
int fric_out_stdout(fric_out_t *o, const char *cmd);

/**
 * @brief For a program's main(): on SIGHUP, SIGINT, SIGPIPE or SIGTERM
 *        (unless ignored), remove the temporary files of the outputs open
 *        at that moment, then die of the signal as the default action would.
 */
void fric_out_cleanup_on_signals(void);

/**
 * @brief Whether stdout is a pipe, a socket or a terminal, where a stream
 *        flushes each line as its input line is read (not a regular file,
 *        nor a device such as /dev/null, where stdio's buffer is kept).
 */
bool fric_stdout_is_live(void);

#endif /* FRIC_CLI_OUT_H */
