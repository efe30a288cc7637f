/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fuzz_util.h
 * @brief What the fuzz targets share: a quiet process (the commands' stdout
 *        and stderr go to /dev/null, the fuzzer's and the sanitizers'
 *        messages still reach stderr), a command line built from the input
 *        bytes with its file names confined to a private directory and its
 *        work bounded, an input given as stdin, and doubles decoded from the
 *        bytes with the special values (+-0, subnormals, +-DBL_MAX, +-inf,
 *        NaN) easy to reach.
 *
 * Every target is built twice: with clang's libFuzzer (make fuzz) and with
 * gcc and the replay driver fuzz_replay.c (make test-fuzz-replay).
 */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/** The libFuzzer entry point (fuzz_util.c): runs fuzz_target() watched by a
 *  timer on the CPU time of the calling thread: an input that takes more
 *  than FUZZ_CPU_TIMEOUT seconds of it (environment, default 1) aborts as a
 *  hang. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/** What each target defines: one execution on the input's bytes; -1 keeps
 *  the input out of the corpus. */
int fuzz_target(const uint8_t *data, size_t size);

/**
 * @brief Once per process (later calls do nothing): fd 0 reads /dev/null,
 *        fd 1 writes /dev/null, the stdio stream stderr writes /dev/null
 *        (fd 2 stays: the fuzzer and the sanitizers report there), and a
 *        private directory for the commands' output files is created
 *        (removed at exit). FUZZ_VERBOSE=1 in the environment keeps the
 *        commands' stderr and prints each command line, its exit status
 *        and its stdout there (for writing seeds and reading reproducers).
 */
void fuzz_init(void);

/** Longest command line built from an input, in arguments after the command name. */
#define FUZZ_MAX_ARGS 48

/** A command line: argv[0] "fricore", argv[1] the command, then the arguments. */
typedef struct {
    int argc;
    char *argv[FUZZ_MAX_ARGS + 3];
    char *buf;              /**< the input's bytes, NUL-terminated pieces */
    char *owned[FUZZ_MAX_ARGS]; /**< arguments rewritten by fuzz_argv_confine() */
    size_t nowned;
} fuzz_argv_t;

/**
 * @brief Split the input on NUL and newline bytes into arguments after
 *        "fricore CMD".
 * @return false (nothing allocated) when it holds more than FUZZ_MAX_ARGS.
 */
bool fuzz_argv_build(fuzz_argv_t *a, const char *cmd, const uint8_t *data, size_t size);

void fuzz_argv_free(fuzz_argv_t *a);

/** What a command line asks for, as the commands' parser reads it. */
typedef struct {
    double duration, dt; /**< sim: the run (defaults 20 s, 1e-5 s) */
    bool check_step;     /**< sim --check-step: a second run at dt/2 */
    bool has_v;          /**< curve --v: no stdin */
    bool files;          /**< a file option was given (and confined) */
} fuzz_scan_t;

/**
 * @brief Walk the arguments as fric_opts_parse() does (an option that is
 *        not a flag takes "=VALUE" or the next argument) and replace the
 *        value of every file option (--csv, --summary, --plot-time,
 *        --plot-hysteresis, --report) by one of a few names in the private
 *        directory or /dev/null, /dev/full ("-" and "" are kept), chosen by
 *        the value's first byte: the outputs' checks (a missing directory,
 *        a directory, a full device, two names for one file) are reached
 *        and nothing outside that directory is ever written. Likewise the
 *        file that --params reads is one of a dozen in that directory
 *        (valid sets, the fit report's keys, values at the edges of the
 *        double range, wrong types, an unknown key, a key given twice, a
 *        syntax error, an empty file, one over the size limit, a
 *        directory, a missing file, /dev/null): never a file of the
 *        machine, which could be a FIFO that blocks.
 */
void fuzz_argv_confine(fuzz_argv_t *a, fuzz_scan_t *s);

/** @brief No "inf" or "nan" (any case) as a word of its own in the text:
 *         every number a command printed is finite. */
bool fuzz_text_finite(const char *p, size_t n);

/**
 * @brief After a command that fuzz_argv_confine() gave file names: no
 *        temporary file is left in the private directory; after a failure
 *        (@p rc != 0) no output file either; after a success every number
 *        in the output files is finite. A violation aborts.
 */
void fuzz_check_outputs(int rc);

/**
 * @brief Give the next command @p size bytes as stdin (a memory stream in
 *        place of the stdio stream stdin, which glibc allows); undo with
 *        fuzz_stdin_end().
 * @return false when the stream cannot be made.
 */
bool fuzz_stdin_begin(const uint8_t *data, size_t size);
void fuzz_stdin_end(void);

/** A reader of the input's bytes: what is past the end reads as 0. */
typedef struct {
    const uint8_t *p;
    size_t n;
} fuzz_bytes_t;

uint8_t fuzz_u8(fuzz_bytes_t *b);
uint32_t fuzz_u32(fuzz_bytes_t *b);

/**
 * @brief A double: one selector byte, then (for a raw value) 8 bytes of its
 *        bit pattern. Most selectors give a special value (+-0, the smallest
 *        subnormal, DBL_MIN, DBL_MAX, +-inf, NaN, powers of ten from 1e-300
 *        to 1e300, the Canudas de Wit parameters, ...).
 */
double fuzz_double(fuzz_bytes_t *b);

/** Abort (a crash for the fuzzer) with a message on fd 2 when @p ok is false. */
void fuzz_require(bool ok, const char *what);

/**
 * @brief Run a command with its stdout caught in memory and check the
 *        contract: the exit status is 0, 1 or 2; on 0 every number printed
 *        is finite. A violation aborts.
 * @return the exit status.
 */
int fuzz_run_checked(int (*run)(int, char **), int argc, char **argv);

/**
 * @brief The body of a command's target: run @p run on the command line
 *        built from the input (fuzz_argv_build(), fuzz_argv_confine()), with
 *        a short velocity list as stdin and stdout caught in memory; skip
 *        the input when @p accept (may be NULL) refuses its scan (work
 *        beyond the target's budget). Checks the contract: the exit status
 *        is 0, 1 or 2; on 0 every number printed is finite; the outputs as
 *        fuzz_check_outputs() says. With @p again (a command whose output
 *        depends on its input only: no time measured, no file written),
 *        a second call must print exactly what the first printed, with the
 *        same exit status: the command keeps no state between calls.
 * @return 0, or -1 for an input skipped (libFuzzer keeps it out of the corpus).
 */
int fuzz_cmd(const uint8_t *data, size_t size, const char *cmd, int (*run)(int, char **),
             bool (*accept)(const fuzz_scan_t *s), bool again);

#endif /* FUZZ_UTIL_H */
