/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_adapt.h
 * @brief The adaptation law of the adaptive LuGre observer (docs/servo.md,
 *        "The adaptive observer"): windowed least squares on the
 *        steady-state regressor, in the drive MCU's integer arithmetic.
 *
 * The law estimates two multipliers of the compensator's set, m1 of Fc
 * (and Fs) and m2 of sigma2, from the torque balance
 * y = u - J alpha_r - b_l omega_m. Its regressors are forces in torque
 * codes, phi1 = s Fc_dir and phi2 = s sigma2_dir |omega_r| (s the
 * reference's direction), its residual e = y - m1 phi1 - m2 phi2.
 *
 * Integers only: no floating point between the input codes and the
 * multipliers (the unit is built with -mgeneral-regs-only and checked by
 * test-nofp). The caller does the sensor scaling: it quantizes its inputs
 * to codes (::fric_adapt_in_t) and computes the constants once
 * (::fric_adapt_cfg_t; fric_servo.c does both for `fricore servo`).
 *
 * Use: fric_adapt_reset(), then per sample fric_adapt_sample(); when it
 * returns true (the window is full) fric_adapt_update() computes the new
 * multipliers (fric_adapt_state_t::m) and starts the next window. The
 * caller retunes the observer with them when fric_adapt_update() returns
 * true.
 *
 * Scaling and overflow: the inputs are limited to +-FRIC_ADAPT_LIM codes,
 * the window to 2^16 samples, so every window sum of products of two
 * (S,18,0) codes stays below 2^(17+17+16) = 2^50 in an int64_t; the
 * per-window products and quotients of sums use 64 x 64-bit helpers that
 * saturate to +-(2^63 - 1) instead of overflowing. On a 32-bit MCU the sums
 * are 64-bit additions; the per-sample products are 32 x 32 -> 64-bit
 * multiplications (phi2's a 64 x 32-bit one); the update's divisions are
 * 64-bit (a library call on a Cortex-M).
 */
#ifndef FRIC_ADAPT_H
#define FRIC_ADAPT_H

#include <stdbool.h>
#include <stdint.h>

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The multipliers' fraction bits: 1.0 is 2^16. */
#define FRIC_ADAPT_Q 16
/** The input codes' limit: |y|, |J alpha_r|, |omega_r| and the regressors are at most 2^17 codes. */
#define FRIC_ADAPT_LIM (INT64_C(1) << 17)
/** sigma2's excitation: a window updates m2 only when the part of its
 *  regressor that Fc's cannot explain has at least 2^-(this/2) of its RMS
 *  (var >= s22 / 2^this: an eighth). */
#define FRIC_ADAPT_S2_EXC 6
/** The largest sigma2 constant (U,16,24). */
#define FRIC_ADAPT_S2_MAX (INT64_C(1) << 40)

/**
 * The law's constants, computed once from the drive's configuration (by
 * the host or the MCU). Index 0 of a per-direction pair is v > 0, 1 is
 * v < 0. Multiplier constants are (U,.,16): 1.0 is 1 << FRIC_ADAPT_Q.
 */
typedef struct {
    int64_t fc[2];    /**< the nominal Fc, torque codes, 0 .. FRIC_ADAPT_LIM */
    int64_t s2[2];    /**< the nominal sigma2, torque codes per velocity code (U,16,24), 0 .. FRIC_ADAPT_S2_MAX */
    int64_t gate;     /**< excitation gate: least |omega_r| used, velocity codes, 1 .. FRIC_ADAPT_LIM */
    int64_t acc_gate; /**< near-steady gate: most |J alpha_r| used, torque codes, >= 0 (the smaller Fc) */
    uint32_t win;     /**< samples per window, 16 .. 65536 */
    int64_t gain;     /**< share of each window's correction applied, (0, 1] */
    int64_t lo, hi;   /**< projection: each multiplier stays in [lo, hi], 0.1 <= lo <= 1 <= hi <= 10 */
    int64_t slew;     /**< rate limit: the most a multiplier moves per window, >= 1 LSB */
    int64_t dz;       /**< dead zone: corrections of less than dz of a multiplier (for m1: of less force than dz Fc) are not applied, [0, 0.5] */
    bool sigma2;      /**< adapt m2 (sigma2) too; else it stays 1 */
} fric_adapt_cfg_t;

/** One sample's inputs, in codes (the caller's sensor scaling). */
typedef struct {
    int32_t vr;   /**< the reference speed omega_r, velocity codes, rounded, limited to +-FRIC_ADAPT_LIM */
    int32_t jar;  /**< the feed-forward torque J alpha_r, torque codes, rounded, limited to +-FRIC_ADAPT_LIM */
    int32_t vm;   /**< the encoder's velocity code omega_m (S,W,0) */
    int32_t y;    /**< the torque balance y = u - J alpha_r - b_l omega_m, torque codes, rounded, limited */
    uint32_t sat; /**< nonzero when the torque command was limited at this sample */
} fric_adapt_in_t;

/** The law's state: the multipliers and the window's sums. */
typedef struct {
    int32_t m[2];                 /**< the multipliers (U,15,16) of Fc (and Fs) and of sigma2 */
    int64_t s11, s12, s22;        /**< the window's sums of phi phi^T (torque codes^2) */
    int64_t s1e, s2e;             /**< the window's sums of phi e (torque codes^2) */
    int64_t move, ref;            /**< the window's sums of s omega_m and |omega_r| over the used samples (velocity codes) */
    uint32_t k, n;                /**< samples in the window, and those used */
} fric_adapt_state_t;

/**
 * @brief Check the constants against the ranges of ::fric_adapt_cfg_t,
 *        within which no sum or product of the law overflows.
 * @return FRIC_OK, FRIC_ERR_NULL or FRIC_ERR_RANGE.
 */
fric_status_t fric_adapt_check(const fric_adapt_cfg_t *k);

/** @brief Start: both multipliers 1, the window empty. */
void fric_adapt_reset(fric_adapt_state_t *s);

/**
 * @brief One sample into the window. It is used when |omega_r| >= gate,
 *        |J alpha_r| <= acc_gate (near-steady sliding: the regressor is the
 *        steady-state friction) and the torque was not limited.
 *
 * Scaling and overflow: phi1 = s Fc_dir, phi2 = s rsr(s2_dir |omega_r|, 24),
 * both limited to [-2^17, 2^17]; e = y - rsr(m1 phi1 + m2 phi2, 16), whose
 * products are below 2^(20+17+1); the five sums grow by at most 2^36 per
 * sample.
 * @return true when the window is full: call fric_adapt_update() now.
 */
bool fric_adapt_sample(const fric_adapt_cfg_t *k, fric_adapt_state_t *s, const fric_adapt_in_t *in);

/**
 * @brief The window's end: the least-squares correction of the
 *        multipliers, under the excitation check (a 32nd of the window
 *        used, the encoder moving at least half as far as the reference;
 *        for m2 also its regressor's spread, FRIC_ADAPT_S2_EXC),
 *        the dead zone, the gain, the rate limit and the projection; then
 *        the next window starts empty.
 * @return true when a multiplier moved (the observer is to be retuned
 *         with s->m).
 */
bool fric_adapt_update(const fric_adapt_cfg_t *k, fric_adapt_state_t *s);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_ADAPT_H */
