/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_ep.h
 * @brief The elasto-plastic friction model (Dupont, Hayward, Armstrong and
 *        Altpeter, IEEE TAC 47(5), 2002) in double precision: LuGre with a
 *        true stick.
 *
 * State: the mean bristle deflection z, m. Velocity v in m/s, force in N.
 * The set is a LuGre set (g(v), sigma0, sigma1(v), sigma2; fric_lugre.h)
 * and the breakaway deflection z_ba:
 *
 *     z_ss(v) = sign(v) * g(v) / sigma0
 *     dz/dt   = v * (1 - alpha(z, v) * z / z_ss(v))
 *     F       = sigma0 * z + sigma1(v) * dz/dt + sigma2 * v
 *
 * with, following the paper, alpha gated on the signs of v and z:
 *
 *     alpha = 0                                   sign(v) != sign(z)
 *     alpha = 0                                   |z| <= z_ba
 *     alpha = (1 - cos(pi * w)) / 2               z_ba < |z| < |z_ss(v)|
 *     alpha = 1                                   |z| >= |z_ss(v)|
 *     w     = (|z| - z_ba) / (|z_ss(v)| - z_ba)
 *
 * (the paper's sine form 1/2 sin(pi (|z| - (z_max + z_ba)/2) / (z_max -
 * z_ba)) + 1/2 with z_max = |z_ss(v)|, written as a cosine). The gate is on
 * sign(v), the sliding velocity, as in the paper; some implementations gate
 * on sign(dz/dt) or use the signed z in the sine, which changes the model
 * when the motion reverses. For v = 0 the model does not move (dz/dt = 0).
 * z_ba must lie in (0, min g / sigma0), so that the transition zone is not
 * empty at any velocity: g(v) lies between Fc and Fs, so the bound is
 * min(fc, fs, fc_neg, fs_neg) / sigma0 (Fc / sigma0 when Fs >= Fc).
 *
 * The step. For v held over a step T, the deflection in the direction of
 * motion u = sign(v) z obeys du/ds = 1 - alpha(u) u / z_m in the distance
 * travelled s = |v| t (z_m = |z_ss(v)|): the step depends on the distance
 * d = |v| T alone, which makes it a space-domain step (Hayward et al.,
 * IEEE TCST 2009). It crosses the zones in order:
 *  - u <= z_ba (alpha = 0, which includes the sign gate u <= 0): u grows by
 *    the distance, an exact add, until it reaches z_ba;
 *  - z_ba < u < z_m: alpha is frozen over the rest of the step at its value
 *    at the predicted midpoint min(u + u' d'/2, z_m) (d' the distance left,
 *    u' = du/ds at the zone's start),
 *    and the linear equation du/ds = 1 - alpha u / z_m is solved exactly;
 *    if it reaches z_m within the step, u stops at z_m, the fixed point of
 *    the next zone;
 *  - u >= z_m (alpha = 1): LuGre's exact exponential step toward z_m.
 * Every zone moves u monotonically toward z_m and never past it, so
 * min(u0, z_m) <= u1 <= max(u0, z_m) at any T: the step is bounded at any
 * sample time. It is exact in the first and last zones; in the transition
 * zone the frozen alpha makes it second order in d (test_ep measures the
 * error against a fine integration: it falls 100-fold per 10-fold shorter
 * step). The force of a step is LuGre's:
 * F = sigma0*z1 + sigma1(v)*(z1 - z0)/T + sigma2*v.
 */
#ifndef FRIC_EP_H
#define FRIC_EP_H

#include "fric_lugre.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Elasto-plastic parameters: a LuGre set and the breakaway deflection. */
typedef struct {
    fric_lugre_cfg_t lugre; /**< g(v), sigma0, sigma1(v), sigma2 (validated by fric_lugre_check()) */
    double z_ba;            /**< breakaway deflection, m, 0 < z_ba < fric_ep_z_ba_max() */
} fric_ep_cfg_t;

/** @brief Largest z_ba the set allows (exclusive): min(fc, fs, fc_neg, fs_neg) / sigma0, m. */
double fric_ep_z_ba_max(const fric_lugre_cfg_t *lugre);

/**
 * @brief Validate a set: the LuGre set (fric_lugre_check()), then z_ba
 *        finite, > 0 and < fric_ep_z_ba_max() (::FRIC_ERR_Z_BA).
 */
fric_status_t fric_ep_check(const fric_ep_cfg_t *cfg);

/** @brief Validate cfg and set the state to rest (z = 0). */
fric_status_t fric_ep_init(const fric_ep_cfg_t *cfg, fric_lugre_state_t *st);

/** @brief alpha(z, v) of the file comment, in [0, 1]. */
double fric_ep_alpha(const fric_ep_cfg_t *cfg, double z, double v);

/** @brief dz/dt = v * (1 - alpha(z, v) * z / z_ss(v)), m/s. */
double fric_ep_dzdt(const fric_ep_cfg_t *cfg, double z, double v);

/** @brief F = sigma0*z + sigma1(v)*dz/dt + sigma2*v, N (continuous form). */
double fric_ep_force(const fric_ep_cfg_t *cfg, double z, double v);

/**
 * @brief The step of the file comment: length ts (s) at constant v; updates
 *        st->z and returns the force of the step, N.
 * @pre cfg valid, ts > 0 and finite, v finite.
 */
double fric_ep_step(const fric_ep_cfg_t *cfg, fric_lugre_state_t *st, double v, double ts);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_EP_H */
