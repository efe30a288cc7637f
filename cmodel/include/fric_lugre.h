/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_lugre.h
 * @brief Dynamic friction in double precision: the Dahl and LuGre models.
 *
 * State: the mean bristle deflection z, in m. Velocity v in m/s, force in N.
 *
 * LuGre (Canudas de Wit et al., 1995):
 *
 *     g(v)  = Fc + (Fs - Fc) * exp(-|v/vs|^delta)       (N, > 0)
 *     dz/dt = v - sigma0 * |v| * z / g(v)
 *     F     = sigma0 * z + sigma1(v) * dz/dt + sigma2 * v
 *
 * with an optional velocity-dependent micro-damping (Astrom and Canudas de
 * Wit, 2008) sigma1(v) = sigma1 * exp(-(v/vd)^2), enabled by vd > 0 and off
 * (constant sigma1) by vd = 0.
 *
 * Dahl (1968) is the special case g = Fc, sigma1 = 0:
 *
 *     dz/dt = v - sigma0 * |v| * z / Fc,    F = sigma0 * z + sigma2 * v
 *
 * Fc, Fs, vs and sigma2 are direction dependent (the "pos" value for v > 0,
 * the "neg" value for v < 0; vs_neg is the v < 0 Stribeck velocity); delta,
 * sigma0, sigma1 and vd are shared.
 *
 * Exact step. For a velocity held constant over a step T the bristle ODE is
 * linear in z with the solution
 *
 *     z(k+1) = z_ss + (z(k) - z_ss) * exp(-sigma0 * |v| * T / g(v)),
 *     z_ss   = sign(v) * g(v) / sigma0,
 *
 * which is stable at any T (the factor lies in (0, 1]). The force of a step
 * uses the mean of dz/dt over the step, (z(k+1) - z(k)) / T, which is the
 * exact average of the continuous dz/dt: F = sigma0*z(k+1) +
 * sigma1(v)*(z(k+1) - z(k))/T + sigma2*v. This is the update the hardware
 * implements.
 */
#ifndef FRIC_LUGRE_H
#define FRIC_LUGRE_H

#include <stdbool.h>

#include "fric_status.h"
#include "fric_stribeck.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Real-axis stability bound of classical RK4: |lambda*h| < 2.785293563... */
#define FRIC_RK4_STABILITY_BOUND 2.785293563405282

/** LuGre parameters. SI units throughout. */
typedef struct {
    double fc_pos;     /**< Coulomb level for v > 0, N, > 0 */
    double fc_neg;     /**< Coulomb level for v < 0, N (magnitude), > 0 */
    double fs_pos;     /**< static level for v > 0, N, > 0 */
    double fs_neg;     /**< static level for v < 0, N (magnitude), > 0 */
    double vs;         /**< Stribeck velocity for v > 0, m/s, > 0 */
    double vs_neg;     /**< Stribeck velocity for v < 0, m/s, > 0 (vs for a symmetric set) */
    double delta;      /**< Stribeck exponent, > 0 */
    double sigma0;     /**< bristle stiffness, N/m, > 0 */
    double sigma1;     /**< micro-damping, N*s/m, >= 0 */
    double sigma2_pos; /**< viscous coefficient for v > 0, N*s/m, >= 0 */
    double sigma2_neg; /**< viscous coefficient for v < 0, N*s/m, >= 0 */
    double vd;         /**< micro-damping velocity, m/s; 0 = constant sigma1, else > 0 */
} fric_lugre_cfg_t;

/** Dahl parameters. SI units throughout. */
typedef struct {
    double fc_pos;     /**< Coulomb level for v > 0, N, > 0 */
    double fc_neg;     /**< Coulomb level for v < 0, N (magnitude), > 0 */
    double sigma0;     /**< bristle stiffness, N/m, > 0 */
    double sigma2_pos; /**< viscous coefficient for v > 0, N*s/m, >= 0 */
    double sigma2_neg; /**< viscous coefficient for v < 0, N*s/m, >= 0 */
} fric_dahl_cfg_t;

/** State of one Dahl or LuGre contact. */
typedef struct {
    double z; /**< mean bristle deflection, m */
} fric_lugre_state_t;

/** The state of a Dahl contact is the same bristle deflection. */
typedef fric_lugre_state_t fric_dahl_state_t;

/**
 * The set of Canudas de Wit et al. (1995): sigma0 = 1e5 N/m,
 * sigma1 = sqrt(1e5) N*s/m, sigma2 = 0.4 N*s/m, Fc = 1 N, Fs = 1.5 N,
 * vs = 1e-3 m/s, delta = 2, constant sigma1.
 */
fric_lugre_cfg_t fric_lugre_cfg_canudas1995(void);

/* ---- LuGre ------------------------------------------------------------ */

/**
 * @brief Validate a LuGre set.
 *
 * Refused, each with its own code: Fc or Fs <= 0 in either direction (g must
 * stay positive), vs or vs_neg <= 0, delta <= 0, sigma0 <= 0, sigma1 < 0, sigma2 < 0,
 * vd < 0, NaN or infinity anywhere. Fs < Fc and a non-passive set are
 * accepted and reported by fric_lugre_warnings().
 */
fric_status_t fric_lugre_check(const fric_lugre_cfg_t *cfg);

/** @brief Validate cfg and set the state to rest (z = 0). */
fric_status_t fric_lugre_init(const fric_lugre_cfg_t *cfg, fric_lugre_state_t *st);

/** Warning bits (::FRIC_WARN_FS_BELOW_FC, ::FRIC_WARN_NOT_PASSIVE). */
unsigned fric_lugre_warnings(const fric_lugre_cfg_t *cfg);

/**
 * @brief Passivity condition sigma2 > sigma1 * (Fs - Fc) / Fc, checked for
 *        both directions (reported, not enforced).
 */
bool fric_lugre_is_passive(const fric_lugre_cfg_t *cfg);

/** @brief The Stribeck curve of g(v) and the steady state: b = sigma2. */
fric_stribeck_cfg_t fric_lugre_steady_curve(const fric_lugre_cfg_t *cfg);

/** @brief g(v), N. */
double fric_lugre_g(const fric_lugre_cfg_t *cfg, double v);

/** @brief sigma1(v), N*s/m: sigma1 * exp(-(v/vd)^2), or sigma1 when vd = 0. */
double fric_lugre_sigma1(const fric_lugre_cfg_t *cfg, double v);

/** @brief dz/dt = v - sigma0*|v|*z/g(v), m/s. */
double fric_lugre_dzdt(const fric_lugre_cfg_t *cfg, double z, double v);

/** @brief F = sigma0*z + sigma1(v)*dz/dt + sigma2*v, N (continuous form). */
double fric_lugre_force(const fric_lugre_cfg_t *cfg, double z, double v);

/**
 * @brief The force and dz/dt together, with g(v) evaluated once: what an
 *        integrator needs at each stage (fric_lugre_force() and
 *        fric_lugre_dzdt() would evaluate it twice).
 * @param dzdt receives dz/dt, m/s.
 * @return F, N.
 */
double fric_lugre_eval(const fric_lugre_cfg_t *cfg, double z, double v, double *dzdt);

/** @brief Steady-state deflection z_ss = sign(v)*g(v)/sigma0, m. */
double fric_lugre_steady_z(const fric_lugre_cfg_t *cfg, double v);

/** @brief Steady-state force sign(v)*g(v) + sigma2*v, N. */
double fric_lugre_steady_force(const fric_lugre_cfg_t *cfg, double v);

/**
 * @brief Exact step of length ts (s) at constant v; updates st->z and
 *        returns the force of the step (see the file comment), N.
 * @pre cfg valid, ts > 0 and finite, v finite.
 */
double fric_lugre_step(const fric_lugre_cfg_t *cfg, fric_lugre_state_t *st,
                       double v, double ts);

/** @brief Update factor exp(-sigma0*|v|*ts/g(v)) of the exact step, in (0, 1]. */
double fric_lugre_step_factor(const fric_lugre_cfg_t *cfg, double v, double ts);

/**
 * @brief Quasi-static stiffness dF/dx at deflection z when moving in the
 *        direction of v: sigma0 * (1 - sigma0*sign(v)*z/g(v)), N/m.
 *
 * At rest from z = 0 this is the presliding stiffness sigma0; it falls to 0
 * as z approaches the steady state (gross sliding). For v = 0 the "pos"
 * direction is used.
 */
double fric_lugre_presliding_stiffness(const fric_lugre_cfg_t *cfg, double z,
                                       double v);

/**
 * @brief Largest RK4 step that keeps the bristle state stable at velocity v:
 *        2.785 * g(v) / (sigma0 * |v|), s; +infinity at v = 0.
 */
double fric_lugre_rk4_dt_max(const fric_lugre_cfg_t *cfg, double v);

/* ---- Dahl ------------------------------------------------------------- */

/** @brief Validate a Dahl set: Fc > 0, sigma0 > 0, sigma2 >= 0, all finite. */
fric_status_t fric_dahl_check(const fric_dahl_cfg_t *cfg);

/** @brief Validate cfg and set the state to rest (z = 0). */
fric_status_t fric_dahl_init(const fric_dahl_cfg_t *cfg, fric_dahl_state_t *st);

/** @brief The LuGre set that is this Dahl set: Fs = Fc, sigma1 = 0. */
fric_lugre_cfg_t fric_dahl_as_lugre(const fric_dahl_cfg_t *cfg);

/** @brief dz/dt = v - sigma0*|v|*z/Fc, m/s. */
double fric_dahl_dzdt(const fric_dahl_cfg_t *cfg, double z, double v);

/** @brief F = sigma0*z + sigma2*v, N. */
double fric_dahl_force(const fric_dahl_cfg_t *cfg, double z, double v);

/** @brief Steady-state deflection sign(v)*Fc/sigma0, m. */
double fric_dahl_steady_z(const fric_dahl_cfg_t *cfg, double v);

/** @brief Steady-state force sign(v)*Fc + sigma2*v, N. */
double fric_dahl_steady_force(const fric_dahl_cfg_t *cfg, double v);

/** @brief Exact step of length ts at constant v; returns the force, N. */
double fric_dahl_step(const fric_dahl_cfg_t *cfg, fric_dahl_state_t *st, double v,
                      double ts);

/** @brief Largest stable RK4 step: 2.785 * Fc / (sigma0 * |v|), s. */
double fric_dahl_rk4_dt_max(const fric_dahl_cfg_t *cfg, double v);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_LUGRE_H */
