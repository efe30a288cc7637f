/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_cli_friction.h
 * @brief The friction-parameter options shared by every fricore command:
 *        one declaration of --model, --fc, --fs, ..., their defaults, which
 *        model each applies to, and their validation through the library.
 */
#ifndef FRIC_CLI_FRICTION_H
#define FRIC_CLI_FRICTION_H

#include "fric_cli.h"
#include "fricore.h"
#include "fric_model.h"

/** Raw option values (SI units). Defaults: the Canudas de Wit (1995) set. */
typedef struct {
    const char *model;
    const char *params; /* --params FILE, or NULL */
    double fc, fs, vs, b, delta, sigma0, sigma1, vd;
    double fc_neg, fs_neg, b_neg; /* default: the v > 0 value */
    double z_ba;                  /* elasto-plastic */
    double gms_n, gms_c;          /* GMS; gms_c default sigma0 * vs */
    fric_darray_t gms_k, gms_alpha; /* GMS elements (default: gms_n of fric_gms_default_elements()) */
    char model_help[48];          /* --model's help, with the command's default */
} fric_cli_friction_t;

/** Upper bound on the number of table entries fric_cli_friction_opts() writes. */
#define FRIC_CLI_FRICTION_NOPTS 18

/** Fill f with the defaults (model = default_model). */
void fric_cli_friction_defaults(fric_cli_friction_t *f, const char *default_model);

/**
 * @brief Write the friction options into out[] (at most FRIC_CLI_FRICTION_NOPTS);
 *        --model's help names f->model, the command's default, as it is now.
 * @param models the '|'-separated models this command accepts.
 * @return the number of entries written.
 */
size_t fric_cli_friction_opts(fric_cli_friction_t *f, fric_opt_t *out, const char *models);

/**
 * @brief The raw values of the parsed options, each _neg level the v > 0
 *        value unless given (what fric_cli_friction_build() builds from);
 *        the GMS elements are --gms-k and --gms-alpha, or the --gms-n
 *        default elements (fric_model_values_gms_defaults()).
 * @return 0, or FRIC_EXIT_USAGE after one line (the GMS lists disagree).
 */
int fric_cli_friction_values(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n, const char *cmd,
                             fric_model_values_t *v);

/**
 * @brief Build and validate the model from parsed options.
 *
 * An option given on the command line that the model does not use is
 * refused (it would be silently ignored otherwise); one from the parameter
 * file (--params) is ignored, so that one file serves every model. Errors print one line naming the parameter
 * and its range and return FRIC_EXIT_USAGE; warnings go to stderr.
 * @param refuse warnings this command refuses instead (0, or
 *        FRIC_WARN_FS_BELOW_FC: Fs < Fc in some direction is an error).
 */
int fric_cli_friction_build(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n,
                            const char *cmd, unsigned refuse, fric_model_t *out);

/**
 * @brief fric_cli_friction_build() that returns the warnings in *warnings
 *        instead of printing them (print them with fric_cli_friction_warn()),
 *        so that a later refusal can be the only line.
 */
int fric_cli_friction_build_quiet(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n, const char *cmd,
                                  unsigned refuse, fric_model_t *out, unsigned *warnings);

/** Print each warning bit of warn on stderr, as fric_cli_friction_build() does. */
void fric_cli_friction_warn(const char *cmd, unsigned warn);

/**
 * @brief Whether m is the built-in published example, the Canudas de Wit
 *        (1995) LuGre set, whose passivity is documented rather than warned
 *        about on every run (a user's own set is warned about once); with
 *        it the elasto-plastic set whose LuGre part it is (the example's
 *        levels, bristles and damping with any z_ba: the same LuGre
 *        condition, the same documented margin).
 */
bool fric_cli_friction_is_example(const fric_model_t *m);

#endif /* FRIC_CLI_FRICTION_H */
