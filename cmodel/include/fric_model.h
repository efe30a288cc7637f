/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_model.h
 * @brief A friction element of any kind (Coulomb, Coulomb + viscous,
 *        Stribeck, Dahl, LuGre, elasto-plastic, GMS), built and validated from its raw values, and
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
#include "fric_ep.h"
#include "fric_fx.h"
#include "fric_gms.h"
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
    FRIC_MODEL_LUGRE,
    FRIC_MODEL_ELASTOPLASTIC,
    FRIC_MODEL_GMS
} fric_model_kind_t;

/** Number of kinds. */
#define FRIC_MODEL_NKINDS 7

/**
 * Sets of kinds as bitmasks, a bit per ::fric_model_kind_t: which kinds read
 * each parameter (the parameter file's keys, the command line's options).
 */
#define FRIC_MODEL_BIT(k) (1u << (k))
/** Every kind (fc). */
#define FRIC_MODELS_ALL                                                                                                \
    (FRIC_MODEL_BIT(FRIC_MODEL_COULOMB) | FRIC_MODEL_BIT(FRIC_MODEL_VISCOUS) | FRIC_MODEL_BIT(FRIC_MODEL_STRIBECK) |   \
     FRIC_MODEL_BIT(FRIC_MODEL_DAHL) | FRIC_MODEL_BIT(FRIC_MODEL_LUGRE) | FRIC_MODEL_BIT(FRIC_MODEL_ELASTOPLASTIC) |   \
     FRIC_MODEL_BIT(FRIC_MODEL_GMS))
/** The kinds with a viscous term (b, sigma2): all but Coulomb. */
#define FRIC_MODELS_B (FRIC_MODELS_ALL & ~FRIC_MODEL_BIT(FRIC_MODEL_COULOMB))
/** The kinds with a Stribeck term (fs, vs, delta). */
#define FRIC_MODELS_DIP                                                                                                \
    (FRIC_MODEL_BIT(FRIC_MODEL_STRIBECK) | FRIC_MODEL_BIT(FRIC_MODEL_LUGRE) |                                          \
     FRIC_MODEL_BIT(FRIC_MODEL_ELASTOPLASTIC) | FRIC_MODEL_BIT(FRIC_MODEL_GMS))
/** The kinds with a bristle stiffness (sigma0). */
#define FRIC_MODELS_DYN                                                                                                \
    (FRIC_MODEL_BIT(FRIC_MODEL_DAHL) | FRIC_MODEL_BIT(FRIC_MODEL_LUGRE) | FRIC_MODEL_BIT(FRIC_MODEL_ELASTOPLASTIC))
/** The kinds with a bristle damping (sigma1, vmd). */
#define FRIC_MODELS_S1 (FRIC_MODEL_BIT(FRIC_MODEL_LUGRE) | FRIC_MODEL_BIT(FRIC_MODEL_ELASTOPLASTIC))
/** Elasto-plastic alone (z_ba). */
#define FRIC_MODELS_EP FRIC_MODEL_BIT(FRIC_MODEL_ELASTOPLASTIC)
/** GMS alone (the elements, C). */
#define FRIC_MODELS_GMS FRIC_MODEL_BIT(FRIC_MODEL_GMS)

/** A validated friction element of any kind. */
typedef struct {
    fric_model_kind_t kind;
    fric_stribeck_cfg_t stribeck; /**< static kinds; for Dahl/LuGre the steady-state curve */
    fric_dahl_cfg_t dahl;         /**< FRIC_MODEL_DAHL */
    fric_lugre_cfg_t lugre;       /**< FRIC_MODEL_LUGRE, FRIC_MODEL_DAHL as a LuGre set, and the
                                       LuGre part of FRIC_MODEL_ELASTOPLASTIC */
    fric_ep_cfg_t ep;             /**< FRIC_MODEL_ELASTOPLASTIC */
    fric_gms_cfg_t gms;           /**< FRIC_MODEL_GMS */
} fric_model_t;

/**
 * Raw values of every kind's parameters, SI units. A kind reads only its
 * own (docs/cli.md lists which); the _neg levels are magnitudes and must
 * already hold the v > 0 value when the set is symmetric.
 */
typedef struct {
    double fc, fs, vs, b, delta, sigma0, sigma1, vd;
    double fc_neg, fs_neg, b_neg, vs_neg;
    double z_ba;                        /**< elasto-plastic breakaway deflection, m */
    unsigned gms_n;                     /**< GMS elements */
    double gms_k[FRIC_GMS_MAX];         /**< GMS element stiffnesses, N/m */
    double gms_alpha[FRIC_GMS_MAX];     /**< GMS element fractions of the level */
    double gms_c;                       /**< GMS slip relaxation rate, N/s */
} fric_model_values_t;

/**
 * @brief The Canudas de Wit et al. (1995) set, the built-in example, as
 *        values; with it the defaults of the other kinds: z_ba =
 *        Fc / (2 sigma0) (5 um), and 4 GMS elements from
 *        fric_gms_default_elements() with C = sigma0 * vs (100 N/s).
 */
fric_model_values_t fric_model_values_canudas1995(void);

/**
 * @brief The default GMS elements of a set of values: n of them (an
 *        integer, 1 to 16) from fric_gms_default_elements() with v->fs and
 *        v->sigma0, and C = sigma0 * vs.
 * @return FRIC_OK, or ::FRIC_ERR_GMS_N (n not an integer from 1 to 16),
 *         ::FRIC_ERR_FS_DYN, ::FRIC_ERR_SIGMA0, ::FRIC_ERR_VS.
 */
fric_status_t fric_model_values_gms_defaults(fric_model_values_t *v, double n);

/** @brief The name of a kind ("coulomb", "viscous", "stribeck", "dahl", "lugre", "elastoplastic", "gms"). */
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
 * parameter the kind uses must be in the file (fc; fs, vs for Stribeck,
 * LuGre, elasto-plastic and GMS; b (or sigma2) for every kind but Coulomb;
 * sigma0 for Dahl, LuGre and elasto-plastic; sigma1 for LuGre and
 * elasto-plastic; z_ba for elasto-plastic; gms_k, gms_alpha (arrays of
 * equal length, 1 to 16) and gms_c for GMS). Optional: delta (default 2),
 * vmd (default 0), and the _neg parameters fc_neg, fs_neg, b_neg (sigma2_neg)
 * and vs_neg (default: the v > 0 value). Keys of other kinds are
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

/**
 * @brief True for Dahl and LuGre (an element with a bristle state that the
 *        LuGre core and the LuGre paths of the plant and the servo step).
 */
bool fric_model_dynamic(const fric_model_t *m);

/** @brief True for every kind with a state: Dahl, LuGre, elasto-plastic, GMS. */
bool fric_model_has_state(const fric_model_t *m);

/** The state of an element of any kind (a static kind has none). */
typedef struct {
    double z;             /**< Dahl, LuGre, elasto-plastic: bristle deflection, m */
    fric_gms_state_t gms; /**< GMS: the elements */
} fric_model_state_t;

/** @brief The state at rest (z = 0, every GMS element unloaded and sticking). */
void fric_model_state_rest(fric_model_state_t *st);

/**
 * @brief One step of length ts (s) at constant v of any kind with a state,
 *        each kind's own exact or bounded step (fric_lugre_step(),
 *        fric_ep_step(), fric_gms_step()); a static kind returns its force
 *        at v. Returns the force of the step, N.
 * @pre m valid, ts > 0 and finite, v finite.
 */
double fric_model_step(const fric_model_t *m, fric_model_state_t *st, double v, double ts);

/**
 * @brief The state as one number for a trace's z column: the bristle
 *        deflection z (m) of Dahl, LuGre and elasto-plastic, and for GMS the
 *        deflection sum F_i / sum k_i (m) that a single spring of the
 *        elements' total stiffness would hold at the elements' force.
 */
double fric_model_state_z(const fric_model_t *m, const fric_model_state_t *st);

/** A compiled set: the Stribeck core's for the static kinds, the LuGre core's
 *  for Dahl and LuGre, the GMS model's (gms true) for GMS, the LuGre core's
 *  elasto-plastic mode (ep true) for the elasto-plastic model. */
typedef struct {
    bool dynamic;
    fric_fx_stribeck_t s;
    fric_fx_lugre_t l;
    fric_compile_report_t rep;
    bool gms;           /**< a GMS set: g holds it (dynamic is false) */
    fric_fx_gms_t g;
    bool ep;            /**< an elasto-plastic set: e holds it (dynamic and gms are false) */
    fric_fx_ep_t e;
} fric_model_fx_t;

/**
 * @brief Compile m for the hardware with the options (opt->ts is the
 *        sample time of a dynamic kind and GMS, and is only recorded for a
 *        static one).
 * @return FRIC_OK, or an error with out->rep.why naming the parameter.
 */
fric_status_t fric_model_compile(const fric_model_t *m, const fric_compile_opts_t *opt, fric_model_fx_t *out);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_MODEL_H */
