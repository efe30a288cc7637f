/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_params.h
 * @brief The parameter file: a flat JSON object whose keys are the fricore
 *        option names, read by every fricore command (--params FILE), by
 *        fricore fit, and by firmware through fric_params_lugre().
 *
 * Grammar (strict JSON, RFC 8259, restricted to one flat object):
 *     { "key": value, ... }
 * where a value is a number, a string, true/false, or an array of 1 to
 * ::FRIC_PARAMS_ARRAY_MAX numbers (the GMS element lists). Nested objects,
 * other arrays, null, duplicate keys, trailing commas, comments and text
 * after the closing brace are refused, with the line and column.
 *
 * Keys that start with "fit_" are the fit report (standard errors, 95 %
 * intervals, residual RMS, warnings; see docs/fit.md): their values may be
 * any JSON value, they are checked for syntax and skipped, never stored.
 * Every other key is stored as written; which keys mean what is the
 * reader's business (fricore maps "fc_neg" to --fc-neg, and so on).
 *
 * Freestanding use: the parser allocates nothing, does no I/O and keeps no
 * state; it needs strtod() and nothing else from the C library. The
 * caller holds the text (from flash, a file, a link) and the result.
 */
#ifndef FRIC_PARAMS_H
#define FRIC_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_compile.h"
#include "fric_lugre.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most keys a file may hold besides the fit_ report keys. */
#define FRIC_PARAMS_MAX 32
/** Longest key, and longest value as written, plus the terminating NUL. */
#define FRIC_PARAMS_KEY_MAX 32
#define FRIC_PARAMS_TEXT_MAX 64
/** Most numbers in an array value, and in all the array values of a file. */
#define FRIC_PARAMS_ARRAY_MAX 16
#define FRIC_PARAMS_ARRAY_POOL 64

typedef enum {
    FRIC_PARAM_NUMBER, /**< text is the number as written; num its value */
    FRIC_PARAM_STRING, /**< text is the string, unescaped */
    FRIC_PARAM_BOOL,   /**< text is "true" or "false"; b its value */
    FRIC_PARAM_ARRAY   /**< text is "[an array of N numbers]"; the numbers are fric_params_t.pool[at .. at+n-1] */
} fric_param_kind_t;

/** One key and its value. */
typedef struct {
    char key[FRIC_PARAMS_KEY_MAX];
    fric_param_kind_t kind;
    char text[FRIC_PARAMS_TEXT_MAX];
    double num; /**< FRIC_PARAM_NUMBER: strtod of text (may be inf or a subnormal: the reader decides) */
    bool b;     /**< FRIC_PARAM_BOOL */
    unsigned at, n; /**< FRIC_PARAM_ARRAY: where its numbers are in the pool, and how many */
    unsigned line; /**< 1-based line of the key */
} fric_param_t;

/** A parsed file, keys in file order. */
typedef struct {
    fric_param_t p[FRIC_PARAMS_MAX];
    size_t n;
    double pool[FRIC_PARAMS_ARRAY_POOL]; /**< the numbers of the array values */
    unsigned npool;
} fric_params_t;

/** Where and why a file was refused. */
typedef struct {
    unsigned line, col; /**< 1-based */
    char msg[160];      /**< e.g. "key 'fc' is given twice (lines 2 and 5)" */
} fric_params_err_t;

/**
 * @brief Parse a parameter file held in memory.
 * @param text the file's bytes (need not be NUL-terminated; a NUL byte
 *        inside is refused).
 * @param len their number.
 * @return 0, or -1 with err filled (line, column, reason).
 */
int fric_params_parse(const char *text, size_t len, fric_params_t *out, fric_params_err_t *err);

/** @brief The entry called key, or NULL. */
const fric_param_t *fric_params_get(const fric_params_t *p, const char *key);

/**
 * @brief A LuGre set and compile options from a parsed file, for firmware
 *        that loads it with fricore_dev_load_lugre().
 *
 * "model" must be "lugre". Required numbers: fc, fs, vs, sigma0, sigma1,
 * sigma2 (or b). Optional: delta (default 2), fc_neg, fs_neg, vs_neg,
 * sigma2_neg (or b_neg; default: the v > 0 value), vmd (default 0), and for opt,
 * when given, v_max, f_max, ts and width (else opt is left as passed).
 * The set is validated by fric_lugre_check(); keys fricore does not know
 * are refused; fit_ keys were never stored.
 * @param why receives the reason of a refusal (the key and its range), or "".
 * @return FRIC_OK, the fric_lugre_check() code of a bad value, or
 *         FRIC_ERR_RANGE for a missing, unknown or mistyped key (see why).
 */
fric_status_t fric_params_lugre(const fric_params_t *p, fric_lugre_cfg_t *cfg, fric_compile_opts_t *opt,
                                char *why, size_t why_len);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_PARAMS_H */
