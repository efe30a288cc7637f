/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_model.h
 * @brief A friction element of any kind (Coulomb, Coulomb + viscous,
 *        Stribeck, Dahl, LuGre), built and validated from its raw values, and
 *        its compiled fixed-point set: what every face of fricore (the
 *        command, the lab, the Python package) evaluates.
 *
 * Units are SI: forces in N, velocities in m/s, stiffness in N/m (a rotary
 * axis reads them as N*m, rad/s and N*m/rad).
 */
#ifndef FRIC_MODEL_H
#define FRIC_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_compile.h"
#include "fric_fx.h"
#include "fric_lugre.h"
#include "fric_params.h"
#include "fric_status.h"
#include "fric_stribeck.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The kinds of friction element. */
typedef enum {
    FRIC_MODEL_COULOMB,
    FRIC_MODEL_VISCOUS,
    FRIC_MODEL_STRIBECK,
    FRIC_MODEL_DAHL,
    FRIC_MODEL_LUGRE
} fric_model_kind_t;

/** Number of kinds. */
#define FRIC_MODEL_NKINDS 5

/** A validated friction element of any kind. */
typedef struct {
    fric_model_kind_t kind;
    fric_stribeck_cfg_t stribeck; /**< static kinds; for Dahl/LuGre the steady-state curve */
    fric_dahl_cfg_t dahl;         /**< FRIC_MODEL_DAHL */
    fric_lugre_cfg_t lugre;       /**< FRIC_MODEL_LUGRE, and FRIC_MODEL_DAHL as a LuGre set */
} fric_model_t;

/**
 * Raw values of every kind's parameters, SI units. A kind reads only its
 * own (docs/cli.md lists which); the _neg levels are magnitudes and must
 * already hold the v > 0 value when the set is symmetric.
 */
typedef struct {
    double fc, fs, vs, b, delta, sigma0, sigma1, vd;
    double fc_neg, fs_neg, b_neg, vs_neg;
} fric_model_values_t;

/** @brief The Canudas de Wit et al. (1995) set, the built-in example, as values. */
fric_model_values_t fric_model_values_canudas1995(void);

/** @brief The name of a kind ("coulomb", "viscous", "stribeck", "dahl", "lugre"). */
const char *fric_model_name(fric_model_kind_t kind);

/** @brief The kind called name; false (kind untouched) for an unknown name. */
bool fric_model_kind_from_name(const char *name, fric_model_kind_t *kind);

/**
 * @brief Build and validate an element of the given kind from values.
 * @param warnings receives the warning bits (fric_status.h) of the set, or
 *        0; may be NULL.
 * @return FRIC_OK, or the code of the first refused value
 *         (fric_status_message() names it and its range).
 */
fric_status_t fric_model_build(fric_model_kind_t kind, const fric_model_values_t *v, fric_model_t *out,
                               unsigned *warnings);

/**
 * @brief Build an element from a parsed parameter file, without defaults.
 *
 * The kind is `model` when not NULL, else the file's "model" key. Every
 * parameter the kind uses must be in the file (fc; fs, vs for Stribeck and
 * LuGre; b (or sigma2) for every kind but Coulomb; sigma0 for Dahl and
 * LuGre; sigma1 for LuGre). Optional: delta (default 2), vmd (default 0),
 * and the _neg parameters fc_neg, fs_neg, b_neg (sigma2_neg) and vs_neg
 * (default: the v > 0 value). Keys of other kinds are
 * ignored, so that one file serves every model; keys fricore does not know
 * are refused.
 * @param why receives the reason of a refusal (the missing or refused keys,
 *        or fric_status_message()), or "".
 * @return FRIC_OK, a validation code, or FRIC_ERR_RANGE (see why).
 */
fric_status_t fric_model_from_params(const fric_params_t *p, const char *model, fric_model_t *out,
                                     unsigned *warnings, char *why, size_t why_len);

/** @brief Steady-state force of any kind at velocity v, N. */
double fric_model_steady_force(const fric_model_t *m, double v);

/** @brief True for Dahl and LuGre (an element with a bristle state). */
bool fric_model_dynamic(const fric_model_t *m);

/** A compiled set: the Stribeck core's for the static kinds, else the LuGre core's. */
typedef struct {
    bool dynamic;
    fric_fx_stribeck_t s;
    fric_fx_lugre_t l;
    fric_compile_report_t rep;
} fric_model_fx_t;

/**
 * @brief Compile m for the hardware with the options (opt->ts is the
 *        sample time of a dynamic kind, and is only recorded for a static one).
 * @return FRIC_OK, or an error with out->rep.why naming the parameter.
 */
fric_status_t fric_model_compile(const fric_model_t *m, const fric_compile_opts_t *opt, fric_model_fx_t *out);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_MODEL_H */
