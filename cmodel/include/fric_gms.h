/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_gms.h
 * @brief The generalized Maxwell-slip (GMS) friction model (Al-Bender,
 *        Lampaert and Swevers, IEEE TAC 50(11), 2005) in double precision.
 *
 * N elements in parallel (1 <= N <= ::FRIC_GMS_MAX), element i with a
 * stiffness k_i (N/m) and a fraction alpha_i of the level (sum alpha_i = 1).
 * The level is the Stribeck curve s(v) = g(v) = Fc + (Fs - Fc)
 * exp(-|v/vs|^delta) (fric_stribeck.h, > 0), and the force is
 *
 *     F = sum_i F_i + sigma2 * v.
 *
 * Element i sticks or slips:
 *
 *     sticking:  dF_i/dt = k_i * v                 until sign(v) F_i reaches alpha_i s(v)
 *     slipping:  dF_i/dt = C * (alpha_i sign(v) - F_i / s(v))   until v reverses
 *
 * C (N/s) sets how fast a slipping element follows the level. The slip law
 * has sign(v) on alpha_i only: a slipping element tends to alpha_i sign(v)
 * s(v), which is -alpha_i s(v) for v < 0. (The form sign(v) C (alpha_i -
 * F_i/s(v)) that some implementations use drives a slipping element away
 * from its level for v < 0; test_gms checks the sign in steady sliding.) A
 * slipping element sticks again when the velocity reverses or is 0.
 *
 * The exact step. For v held over a step T, with e = exp(-C T / s(v)) the
 * one exponential every element shares:
 *  - a sticking element below its level moves by k_i v T (an exact add); if
 *    that reaches the level, it reaches it within the step and then slips
 *    from its level toward its level, so it ends the step at alpha_i
 *    sign(v) s(v) exactly, slipping;
 *  - a sticking element at or beyond its level in the direction of motion
 *    slips from the step's start;
 *  - a slipping element relaxes: F_i <- alpha_i sign(v) s(v) + (F_i -
 *    alpha_i sign(v) s(v)) e.
 * Each case is the exact solution of the element's equation for constant v,
 * so the step is exact at any T, and stable: e lies in (0, 1].
 */
#ifndef FRIC_GMS_H
#define FRIC_GMS_H

#include <stdbool.h>

#include "fric_status.h"
#include "fric_stribeck.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most elements. */
#define FRIC_GMS_MAX 16

/** Tolerance on sum alpha_i = 1. */
#define FRIC_GMS_ALPHA_SUM_TOL 1e-9

/** GMS parameters. SI units. */
typedef struct {
    unsigned n;                  /**< number of elements, 1 .. FRIC_GMS_MAX */
    double k[FRIC_GMS_MAX];      /**< element stiffness, N/m, > 0 */
    double alpha[FRIC_GMS_MAX];  /**< element fraction of the level, > 0, sum 1 */
    double c;                    /**< slip relaxation rate C, N/s, > 0 */
    fric_stribeck_cfg_t curve;   /**< s(v) (its levels > 0) and sigma2 (its b) */
} fric_gms_cfg_t;

/** State of the elements. */
typedef struct {
    double f[FRIC_GMS_MAX];       /**< element forces F_i, N */
    signed char slip[FRIC_GMS_MAX]; /**< 0 sticking, +1 / -1 slipping in that direction */
} fric_gms_state_t;

/**
 * @brief Validate a set. Refused, each with its own code: n outside 1..16
 *        (::FRIC_ERR_GMS_N), a k_i not finite or <= 0 (::FRIC_ERR_GMS_K), an
 *        alpha_i not finite or <= 0 (::FRIC_ERR_GMS_ALPHA), sum alpha_i not 1
 *        within ::FRIC_GMS_ALPHA_SUM_TOL (::FRIC_ERR_GMS_ALPHA_SUM), C not
 *        finite or <= 0 (::FRIC_ERR_GMS_C), and the curve's: its checks
 *        (fric_stribeck_check()) and its levels > 0, so that s(v) > 0.
 */
fric_status_t fric_gms_check(const fric_gms_cfg_t *cfg);

/** @brief Validate cfg and set the state to rest (every F_i = 0, sticking). */
fric_status_t fric_gms_init(const fric_gms_cfg_t *cfg, fric_gms_state_t *st);

/**
 * @brief The default elements for n elements: their virgin curve
 *        interpolates, at n equally spaced breakpoints x_j = j x_b / n
 *        (x_b = 3 Fs / sigma0), the presliding curve of a LuGre contact of
 *        stiffness sigma0 at rest, Fs (1 - exp(-sigma0 x / Fs)), scaled by
 *        1 / (1 - exp(-3)) to reach Fs at x_b. Its slopes m_j fall with j,
 *        so k_j = m_j - m_(j+1) > 0 (m_(n+1) = 0) and alpha_j = k_j x_j / Fs
 *        sum to 1. Fills n, k and alpha; C and the curve are left as they are.
 * @return FRIC_OK, ::FRIC_ERR_GMS_N, ::FRIC_ERR_FS_DYN or ::FRIC_ERR_SIGMA0.
 */
fric_status_t fric_gms_default_elements(unsigned n, double fs, double sigma0, fric_gms_cfg_t *cfg);

/** @brief The level s(v) = g(v), N (> 0). */
double fric_gms_level(const fric_gms_cfg_t *cfg, double v);

/** @brief The force sum F_i + sigma2 v of a state at velocity v, N. */
double fric_gms_force(const fric_gms_cfg_t *cfg, const fric_gms_state_t *st, double v);

/**
 * @brief The virgin (initial loading) curve sum_i min(k_i x, alpha_i s) at
 *        displacement x >= 0 from rest at the level s, N; odd in x.
 */
double fric_gms_virgin(const fric_gms_cfg_t *cfg, double s, double x);

/**
 * @brief The exact step of length ts (s) at constant v; updates st and
 *        returns the force of the step, sum F_i + sigma2 v, N.
 * @pre cfg valid, ts > 0 and finite, v finite.
 */
double fric_gms_step(const fric_gms_cfg_t *cfg, fric_gms_state_t *st, double v, double ts);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_GMS_H */
