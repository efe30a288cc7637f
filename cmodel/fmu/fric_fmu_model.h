/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_fmu_model.h
 * @brief The model of fricore's Co-Simulation FMU: one friction contact,
 *        computed by libfricore in double precision (the exact step) or in
 *        the hardware's fixed-point arithmetic, behind the generic FMI 2 and
 *        FMI 3 glue (fric_fmi2.c, fric_fmi3.c).
 *
 * The variables are the table below; the modelDescription.xml that
 * fricore export writes declares those of the exported kind and
 * arithmetic, with the same value references. The start values come from
 * the FMU's resources/fricore.json, a flat parameter file (fric_params.h)
 * that fricore export writes with every value explicit.
 */
#ifndef FRIC_FMU_MODEL_H
#define FRIC_FMU_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fric_array.h"
#include "fric_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The file in the FMU's resources folder that holds the set. */
#define FRIC_FMU_RESOURCE "fricore.json"
/** The model identifier: the shared library's name and the functions' prefix. */
#define FRIC_FMU_MODEL_ID "fricore"

typedef enum { FRIC_FMU_DOUBLE, FRIC_FMU_FIXED } fric_fmu_arith_t;

/** Value references. */
enum {
    FRIC_FMU_VR_TIME = 0,
    FRIC_FMU_VR_V = 1,
    FRIC_FMU_VR_RESET = 2,
    FRIC_FMU_VR_F = 3,
    FRIC_FMU_VR_Z = 4,
    FRIC_FMU_VR_F_CODE = 5,
    FRIC_FMU_VR_FLAGS = 6,
    /* the friction parameters: 10 .. 29, each given in the table */
    FRIC_FMU_VR_TS = 30,
    FRIC_FMU_VR_V_MAX,
    FRIC_FMU_VR_F_MAX,
    FRIC_FMU_VR_WIDTH
};

typedef enum { FRIC_FMU_REAL, FRIC_FMU_INTEGER, FRIC_FMU_BOOLEAN } fric_fmu_type_t;

/** Which exports declare a variable. */
enum {
    FRIC_FMU_IN_DOUBLE = 1u << 0, /**< declared with --arith double */
    FRIC_FMU_IN_FIXED = 1u << 1,  /**< declared with --arith fixed */
    FRIC_FMU_IN_STATIC = 1u << 2, /**< declared for Coulomb, viscous, Stribeck */
    FRIC_FMU_IN_DYN = 1u << 3     /**< declared for Dahl and LuGre */
};

/** One variable: what modelDescription.xml declares. */
typedef struct {
    unsigned vr;
    const char *name;
    fric_fmu_type_t type;
    const char *causality;   /**< "independent", "input", "output", "parameter" */
    const char *variability; /**< "continuous", "discrete", "tunable", "fixed" */
    const char *unit;        /**< NULL: dimensionless */
    const char *description;
    unsigned in;             /**< FRIC_FMU_IN_* (one arithmetic bit and one kind bit at least) */
    unsigned kinds;          /**< parameters: the fric_model_kind_t bits that read it; 0: every kind */
    long off;                /**< a Real parameter: the offset of its double in fric_fmu_config_t; else -1 */
} fric_fmu_var_t;

/** The variables, in the order modelDescription.xml lists them. */
extern const fric_fmu_var_t fric_fmu_vars[];
extern const size_t fric_fmu_nvars;

/** Does the export of this kind and arithmetic declare var? */
bool fric_fmu_var_declared(const fric_fmu_var_t *var, fric_model_kind_t kind, fric_fmu_arith_t arith);

/** A configuration: what resources/fricore.json holds. */
typedef struct {
    fric_fmu_arith_t arith;
    fric_model_kind_t kind;
    fric_model_values_t val;
    fric_compile_opts_t opt; /**< fixed: width, v_max, f_max (resolved, > 0) and ts */
    char token[64];          /**< the instantiation token (GUID) of the export */
} fric_fmu_config_t;

/** One instance. */
typedef struct {
    fric_fmu_config_t cfg0; /**< as loaded (fmiReset returns to it) */
    fric_fmu_config_t cfg;  /**< as set */
    bool dirty;             /**< cfg changed since it was last built */
    fric_model_t m;         /**< the built set */
    fric_model_fx_t fx;     /**< and compiled (fixed) */
    fric_lugre_state_t zs;  /**< double: the bristle state */
    fric_fx_state_t ws;     /**< fixed: the bristle state */
    double v;               /**< input, m/s */
    bool reset_in;          /**< input: rest state before the next step */
    double f, z;            /**< outputs, N and m */
    int32_t f_code;         /**< fixed: the force code */
    uint32_t flags;         /**< fixed: sticky flags since the last reset */
    double t0;              /**< start time */
    double t;               /**< current communication point */
    uint64_t nsamples;      /**< fixed: samples taken since t0 */
    char msg[512];          /**< the reason of the last error */
} fric_fmu_t;

/**
 * @brief Read a configuration from the text of resources/fricore.json.
 * @return 0, or -1 with the reason in why.
 */
int fric_fmu_config_parse(const char *text, size_t len, fric_fmu_config_t *out, char *why, size_t why_len);

/** @brief The value of a Real parameter in a configuration (var->off >= 0). */
static inline double *fric_fmu_param(fric_fmu_config_t *c, const fric_fmu_var_t *var)
{
    return (double *)(void *)((char *)c + var->off);
}

/** @brief The first variable of value reference vr in the table, or NULL. */
const fric_fmu_var_t *fric_fmu_var(unsigned vr);

/** @brief Set up an instance from a configuration: state at rest, time 0. */
void fric_fmu_init(fric_fmu_t *s, const fric_fmu_config_t *cfg);

/** @brief Back to the configuration as loaded, state at rest. */
void fric_fmu_reset(fric_fmu_t *s);

/** @brief Start time of the run (fmiSetupExperiment / fmi3EnterInitializationMode). */
void fric_fmu_start(fric_fmu_t *s, double t0);

/**
 * @brief Build (and, fixed, compile) the set as it now stands, keeping the
 *        state. Does nothing when nothing changed.
 * @return 0, or -1 with the library's message in s->msg.
 */
int fric_fmu_apply(fric_fmu_t *s);

/**
 * @brief Advance from communication point t by h > 0 with the input held:
 *        double, one exact step of length h; fixed, every sample k with
 *        t0 + k*ts in [t, t + h), at velocity code round(v / V_LSB).
 * @return 0, or -1 with the reason in s->msg (a refused parameter, a
 *         velocity outside the input range or not finite, h not > 0).
 */
int fric_fmu_step(fric_fmu_t *s, double t, double h);

/** @brief Get or set a variable; -1 with s->msg for an unknown value
 *         reference, a wrong type, or a variable that cannot be set. */
int fric_fmu_get_real(fric_fmu_t *s, unsigned vr, double *x);
int fric_fmu_set_real(fric_fmu_t *s, unsigned vr, double x, bool initializing);
int fric_fmu_get_int(fric_fmu_t *s, unsigned vr, int32_t *x);
int fric_fmu_set_int(fric_fmu_t *s, unsigned vr, int32_t x, bool initializing);
int fric_fmu_get_bool(fric_fmu_t *s, unsigned vr, bool *x);
int fric_fmu_set_bool(fric_fmu_t *s, unsigned vr, bool x);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_FMU_MODEL_H */
