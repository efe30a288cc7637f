/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_stribeck.h
 * @brief Static friction curves in double precision: Coulomb,
 *        Coulomb + viscous and Stribeck, with direction-dependent levels.
 *
 * The general form, for a velocity v in m/s and a force F in N, is
 *
 *     F(v) = sign(v) * (Fc + (Fs - Fc) * exp(-|v/vs|^delta)) + b*v
 *
 * with sign(0) = 0, so F(0) = 0. Fc, Fs and b take their "pos" value for
 * v > 0 and their "neg" value for v < 0, and so does vs (vs for v > 0,
 * vs_neg for v < 0); delta is shared. All levels
 * are magnitudes (>= 0): for v < 0 the force is negative.
 *
 * Coulomb is the same curve with Fs = Fc and b = 0; Coulomb + viscous is
 * Fs = Fc. With Fs = Fc the Stribeck term is (Fs - Fc) * exp(...) = 0
 * exactly, so the degenerate cases come out exact, not merely close.
 *
 * This is the physics reference: the fixed-point model and the RTL are
 * measured against it.
 */
#ifndef FRIC_STRIBECK_H
#define FRIC_STRIBECK_H

#include <stddef.h>

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Parameters of a static curve. SI units throughout. */
typedef struct {
    double fc_pos;  /**< Coulomb level for v > 0, N, >= 0 */
    double fc_neg;  /**< Coulomb level for v < 0, N (magnitude), >= 0 */
    double fs_pos;  /**< static (breakaway) level for v > 0, N, >= 0 */
    double fs_neg;  /**< static level for v < 0, N (magnitude), >= 0 */
    double b_pos;   /**< viscous coefficient for v > 0, N*s/m, >= 0 */
    double b_neg;   /**< viscous coefficient for v < 0, N*s/m, >= 0 */
    double vs;      /**< Stribeck velocity for v > 0, m/s, > 0 */
    double vs_neg;  /**< Stribeck velocity for v < 0, m/s, > 0 (vs for a symmetric set) */
    double delta;   /**< Stribeck exponent, > 0 (2 is the Gaussian dip) */
} fric_stribeck_cfg_t;

/** A symmetric Stribeck set (same level and vs in both directions). */
fric_stribeck_cfg_t fric_stribeck_cfg_symmetric(double fc, double fs, double b,
                                                double vs, double delta);

/** A Coulomb set: Fs = Fc, b = 0 (vs = vs_neg = 1 m/s and delta = 2, which then do not matter). */
fric_stribeck_cfg_t fric_coulomb_cfg(double fc_pos, double fc_neg);

/** A Coulomb + viscous set: Fs = Fc (vs = vs_neg = 1 m/s and delta = 2, which then do not matter). */
fric_stribeck_cfg_t fric_viscous_cfg(double fc_pos, double fc_neg, double b_pos,
                                     double b_neg);

/**
 * @brief Validate a set.
 *
 * Refused, each with its own code: any level or coefficient negative, NaN or
 * infinite; vs <= 0; vs_neg <= 0; delta <= 0; NaN or infinity anywhere.
 * Fs < Fc is accepted (see fric_stribeck_warnings()).
 */
fric_status_t fric_stribeck_check(const fric_stribeck_cfg_t *cfg);

/** Warning bits (::FRIC_WARN_FS_BELOW_FC) of a valid set. */
unsigned fric_stribeck_warnings(const fric_stribeck_cfg_t *cfg);

/**
 * @brief Level g(v) = Fc + (Fs - Fc) * exp(-|v/vs|^delta), in N, with the
 *        direction's parameters (the "pos" set and vs for v >= 0, the
 *        "neg" set and vs_neg for v < 0).
 *
 * This is the magnitude of the friction force without the viscous term; it
 * is also the steady-state function g(v) of the LuGre model.
 */
double fric_stribeck_level(const fric_stribeck_cfg_t *cfg, double v);

/** @brief The Stribeck weight exp(-|v/vs|^delta), in [0, 1], with the vs of
 *         the sign of v (vs for v >= 0, vs_neg for v < 0). */
double fric_stribeck_weight(const fric_stribeck_cfg_t *cfg, double v);

/** @brief Friction force F(v), N, for a velocity v in m/s (cfg must be valid). */
double fric_stribeck_force(const fric_stribeck_cfg_t *cfg, double v);

/** @brief F(v[i]) for i = 0..n-1, entry by entry; f and v may alias. */
void fric_stribeck_force_array(const fric_stribeck_cfg_t *cfg, const double *v,
                               double *f, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_STRIBECK_H */
