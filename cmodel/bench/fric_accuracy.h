/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_accuracy.h
 * @brief Accuracy of the fixed-point model against the double model: the
 *        parameter sets and velocity traces of `make bench-accuracy`, and
 *        the measurements, shared by the benchmark and the unit tests (which
 *        run a reduced sweep of the same code).
 *
 * Errors are in output LSB of the width measured. Each measurement also
 * splits the error into the terms of the error budget (docs/fixed-point.md):
 *  - param: the double model with the represented (quantized) parameters
 *    against the double model with the requested ones;
 *  - arith: the fixed-point model against the double model with the
 *    represented parameters (exp/recip/h tables, interpolation, rounding
 *    of intermediates, and for Stribeck the output rounding separately).
 * The total is bounded by the sum of the terms (triangle inequality).
 */
#ifndef FRIC_ACCURACY_H
#define FRIC_ACCURACY_H

#include <stddef.h>
#include <stdint.h>

#include "fricore.h"

typedef struct {
    const char *name;
    const char *what;
    fric_stribeck_cfg_t cfg;
} fric_acc_stribeck_set_t;

extern const fric_acc_stribeck_set_t fric_acc_stribeck_sets[];
extern const size_t fric_acc_n_stribeck_sets;

typedef struct {
    size_t n;            /**< velocity codes evaluated */
    double max_lsb;      /**< max |F_fixed - F_double| */
    double rms_lsb;
    double worst_v;      /**< velocity (m/s) of the max */
    double param_lsb;    /**< budget: max |F_double(represented) - F_double(requested)| */
    double path_lsb;     /**< budget: max |magnitude before output rounding - F_double(represented)| */
    double round_lsb;    /**< budget: max |output - magnitude before rounding| (<= 0.5 unless saturated) */
    uint32_t flags;
    fric_compile_report_t rep;
} fric_acc_stribeck_result_t;

/** Every stride-th input code (stride 1: exhaustive). Returns the compiler's status. */
fric_status_t fric_acc_stribeck(const fric_stribeck_cfg_t *cfg, uint32_t width, int stride,
                                fric_acc_stribeck_result_t *out);

/* ---- Dahl / LuGre over velocity traces ---------------------------------- */

typedef enum { FRIC_ACC_DAHL, FRIC_ACC_LUGRE } fric_acc_kind_t;

typedef struct {
    const char *name;
    const char *what;
    fric_acc_kind_t kind;
    fric_lugre_cfg_t cfg; /**< for Dahl: Fs = Fc, sigma1 = 0 (fric_dahl_as_lugre) */
} fric_acc_dynamic_set_t;

extern const fric_acc_dynamic_set_t fric_acc_dynamic_sets[];
extern const size_t fric_acc_n_dynamic_sets;

typedef enum {
    FRIC_TRACE_SINE_SWEEP,
    FRIC_TRACE_STICK_SLIP,
    FRIC_TRACE_RANDOM_STEPS,
    FRIC_TRACE_SLOW_CREEP,
    FRIC_TRACE_COUNT
} fric_trace_kind_t;

const char *fric_trace_name(fric_trace_kind_t k);
const char *fric_trace_what(fric_trace_kind_t k);
/** Length of the trace in seconds. */
double fric_trace_duration(fric_trace_kind_t k);
/** Velocity of the trace at time t, m/s. Deterministic. */
double fric_trace_velocity(fric_trace_kind_t k, double t);

/** Sample times of the benchmark, 1 us to 10 ms. */
extern const double fric_acc_sample_times[];
extern const size_t fric_acc_n_sample_times;

typedef struct {
    size_t n;           /**< samples */
    double max_lsb;     /**< max |F_fixed - F_double(requested)| */
    double rms_lsb;
    double state_max_lsb; /**< max |w_fixed - sigma0*z_double| in output LSB */
    double param_lsb;   /**< budget: double(represented) against double(requested) */
    double arith_lsb;   /**< budget: fixed against double(represented), output rounding included */
    double v_max, f_max;
    uint32_t flags;
} fric_acc_dynamic_result_t;

/**
 * @brief Run a set over a trace at sample time ts for at most max_samples
 *        samples. v_max is the power of two just above the trace's peak
 *        speed; f_max the power of two at least 1.25 x the double model's
 *        peak |F| over the trace (so transients of the sigma1 term fit).
 */
fric_status_t fric_acc_dynamic(const fric_acc_dynamic_set_t *set, fric_trace_kind_t trace, double ts,
                               uint32_t width, size_t max_samples, fric_acc_dynamic_result_t *out,
                               char *why, size_t why_len);

/**
 * @brief The compiled set fric_acc_dynamic() measures: the ranges it picks
 *        for (set, trace, ts) and the compiler's result. *n: the samples
 *        of the run (at most max_samples). For benches that replay the same
 *        runs against a core.
 */
fric_status_t fric_acc_dynamic_compile(const fric_acc_dynamic_set_t *set, fric_trace_kind_t trace, double ts,
                                       uint32_t width, size_t max_samples, fric_fx_lugre_t *p,
                                       fric_compile_report_t *rep, size_t *n);

/* ---- GMS over velocity traces -------------------------------------------- */

typedef struct {
    const char *name;
    const char *what;
    fric_gms_cfg_t cfg;
} fric_acc_gms_set_t;

extern const fric_acc_gms_set_t fric_acc_gms_sets[];
extern const size_t fric_acc_n_gms_sets;

/**
 * @brief fric_acc_dynamic() for a GMS set: the fixed-point GMS step
 *        (fric_fx_gms_step()) against fric_gms_step() at the same
 *        quantized velocities; state_max_lsb is the element force sum's
 *        error. The ranges are picked as for LuGre.
 */
fric_status_t fric_acc_gms(const fric_acc_gms_set_t *set, fric_trace_kind_t trace, double ts, uint32_t width,
                           size_t max_samples, fric_acc_dynamic_result_t *out, char *why, size_t why_len);

/* ---- elasto-plastic over velocity traces ---------------------------------- */

typedef struct {
    const char *name;
    const char *what;
    fric_ep_cfg_t cfg;
} fric_acc_ep_set_t;

extern const fric_acc_ep_set_t fric_acc_ep_sets[];
extern const size_t fric_acc_n_ep_sets;

/**
 * @brief The compiled set fric_acc_ep() measures, with the ranges picked as
 *        fric_acc_dynamic_compile() picks them (from fric_ep_step()'s run).
 */
fric_status_t fric_acc_ep_compile(const fric_acc_ep_set_t *set, fric_trace_kind_t trace, double ts, uint32_t width,
                                  size_t max_samples, fric_fx_ep_t *p, fric_compile_report_t *rep, size_t *n);

/**
 * @brief fric_acc_dynamic() for an elasto-plastic set: fric_fx_ep_step()
 *        against fric_ep_step() at the same quantized velocities; the state
 *        error is |w - sigma0 z| in output LSB.
 */
fric_status_t fric_acc_ep(const fric_acc_ep_set_t *set, fric_trace_kind_t trace, double ts, uint32_t width,
                          size_t max_samples, fric_acc_dynamic_result_t *out, char *why, size_t why_len);

/** @brief Velocity code of sample k of a trace at ts, in the compiled ranges. */
int32_t fric_acc_trace_code(fric_trace_kind_t trace, size_t k, double ts, const fric_compile_report_t *rep);

/** @brief A bench's random source: a new 32-bit value a call. */
typedef uint32_t (*fric_acc_rnd_t)(void);

/**
 * @brief A random compiled Dahl or LuGre set for the benches: levels,
 *        Stribeck speed, exponent, stiffness, damping (with or without
 *        micro-damping), sample time 1 us .. 10 ms and ranges drawn from rnd
 *        (a fifth of them Dahl; a quarter with a force range small enough to
 *        saturate).
 */
fric_fx_lugre_t fric_acc_random_lugre(uint32_t width, fric_acc_rnd_t rnd);

/**
 * @brief n random words that fit their fields (fric_fx_word_fits) but come
 *        from no compiler: the corners a compiled set never reaches.
 */
void fric_acc_random_words(uint32_t width, fric_acc_rnd_t rnd, uint32_t *words, int n);

#endif /* FRIC_ACCURACY_H */
