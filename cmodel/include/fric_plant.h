/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_plant.h
 * @brief The 1-DOF stick-slip plant of `fricore sim` and `fricore-cosim`, in
 *        double precision, with its two integrators.
 *
 * A slider of mass m is dragged through a spring k by a support moving at
 * vd, with an optional sinusoidal force, against a contact (fric_contact_t):
 * a Dahl or LuGre set (a Dahl set enters as its LuGre equivalent,
 * fric_dahl_as_lugre()), an elasto-plastic or GMS set (exact integrator
 * only), or a static curve (Coulomb, viscous, Stribeck) without state, whose
 * z stays at its initial value:
 *
 *     x' = v
 *     m v' = k (vd t - x) + A sin(2 pi f t) - F,   F = F(z, v)
 *     z' = v - sigma0 |v| z / g(v)                 (dynamic; static: z' = 0)
 *
 * Integrators (one step of length h from t):
 *  - RK4: classical fixed-step Runge-Kutta on (x, v, z) together. Fourth
 *    order; the bristle state is stable only for h below
 *    fric_lugre_rk4_dt_max() at the velocities that occur.
 *  - exact: the sampled contact a friction core implements. The bristle
 *    state takes the exact step of fric_lugre_step() at the step's initial
 *    velocity (a static curve: its force at that velocity), whose force is
 *    held over the step, and the plant is then
 *    advanced over the step in closed form for that constant force (a
 *    linear oscillator with a ramp and a sinusoidal drive), so the only
 *    approximation is the zero-order hold of F and v in the contact. Stable
 *    at any h for the bristle state; first order in h.
 *
 * An elasto-plastic or GMS contact (fric_contact_model()) runs with the
 * exact integrator only: its state takes the model's own step at the step's
 * initial velocity (fric_model_step(): fric_ep_step(), bounded at any h, or
 * fric_gms_step(), exact at constant v), whose force is held over the step
 * while fric_plant_advance() moves the plant. RK4 does not take them: the
 * GMS elements switch between sticking and slipping within a step, and the
 * elasto-plastic alpha switches on the sign of v, which a fixed-step
 * fourth-order method would step across without resolving.
 */
#ifndef FRIC_PLANT_H
#define FRIC_PLANT_H

#include <math.h>
#include <stdbool.h>

#include "fric_lugre.h"
#include "fric_model.h"
#include "fric_stribeck.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Plant parameters, SI units. */
typedef struct {
    double mass;       /**< m, kg, > 0 */
    double k;          /**< spring stiffness, N/m, > 0 */
    double vd;         /**< support speed, m/s, finite */
    double force_amp;  /**< A, N, finite */
    double force_freq; /**< f, Hz, >= 0 */
} fric_plant_t;

/**
 * The friction element. Build it with fric_contact_model() (any kind),
 * fric_contact_dynamic() or fric_contact_static(); the sets are copied in.
 */
typedef struct {
    bool dynamic;              /**< true: the LuGre set; false: the static curve, or a stepped set */
    fric_lugre_cfg_t lugre;    /**< dynamic: Dahl or LuGre (validated by the caller); elasto-plastic: its LuGre part */
    fric_stribeck_cfg_t curve; /**< static: Coulomb, viscous or Stribeck (validated by the caller); stepped: the
                                    steady-state curve */
    bool stepped;              /**< an elasto-plastic or GMS set (model), which only the exact step advances */
    fric_model_t model;        /**< stepped: the set (validated by the caller) */
    /* private, for the integrators' inner loop: the set's coefficients per
     * direction (index 0: v >= 0, 1: v < 0) and the reciprocals of vs and of
     * the micro-damping velocity (0 when constant) */
    double fc[2], dip[2], s2[2], ivs, ivd;
} fric_contact_t;

/** @brief A Dahl or LuGre contact (a Dahl set via fric_dahl_as_lugre()). */
fric_contact_t fric_contact_dynamic(const fric_lugre_cfg_t *c);

/** @brief A static contact without state. */
fric_contact_t fric_contact_static(const fric_stribeck_cfg_t *c);

/**
 * @brief The contact of a validated element of any kind (fric_model_build()):
 *        Dahl and LuGre as fric_contact_dynamic(), the static kinds as
 *        fric_contact_static() of their curve, elasto-plastic and GMS as a
 *        stepped contact (exact integrator only).
 */
fric_contact_t fric_contact_model(const fric_model_t *m);

/**
 * @brief The contact's force at (z, v), N; *dzdt receives z' (0 for a static
 *        contact). Elasto-plastic: fric_ep_force() and fric_ep_dzdt(). GMS,
 *        whose state is its elements (fric_plant_state_t gms), not z: the
 *        force of unloaded elements, sigma2 v, and *dzdt = 0.
 */
double fric_contact_eval(const fric_contact_t *c, double z, double v, double *dzdt);

/** State of the plant and its contact. */
typedef struct {
    double t; /**< time, s */
    double x; /**< slider position, m */
    double v; /**< slider velocity, m/s */
    double z; /**< bristle deflection, m (GMS: fric_model_state_z() of the elements) */
    fric_gms_state_t gms; /**< a GMS contact's elements; zero-initialized: at rest */
    double f; /**< friction force of the last step (exact) or at (t, z, v) (RK4), N */
    /* private: the contact's evaluation at (cz, cv) by the last RK4 step,
     * which the next step reuses as its first stage when (z, v) is still
     * (cz, cv). Zero-initialized (cached = false) is a valid start. */
    bool cached;
    double cz, cv, cdz;
    /* private: fric_plant_advance()'s w0, cos(w0 h), sin(w0 h) for the step
     * ah of the plant (ak, am); recomputed when any differs (ah = 0, the
     * zero-initialized value, never matches a step). */
    double ah, ak, am, aw0, acs, asn;
} fric_plant_state_t;

/** @brief Validate a plant: mass, k > 0; vd, A finite; f >= 0 and finite. */
fric_status_t fric_plant_check(const fric_plant_t *p);

/* The two force terms the run loop evaluates every sample: inline
 * definitions (C99/C11 inline; fric_plant.c holds their external
 * definitions), so the loop pays no call for them. */

/** @brief External force A sin(2 pi f t), N. */
inline double fric_plant_external(const fric_plant_t *p, double t)
{
    /* no sine to evaluate when there is no force (the common case) */
    if (p->force_amp == 0.0 || p->force_freq == 0.0) return 0.0;
    return p->force_amp * sin(6.283185307179586 * p->force_freq * t);
}

/** @brief Spring force k (vd t - x), N. */
inline double fric_plant_spring(const fric_plant_t *p, double t, double x) { return p->k * (p->vd * t - x); }

/** @brief The contact's force at the state s (its z, v and GMS elements), N. */
double fric_contact_state_force(const fric_contact_t *c, const fric_plant_state_t *s);

/** @brief One classical RK4 step of length h on (x, v, z); updates s.
 *  @pre c is not stepped (an elasto-plastic or GMS contact: the state and
 *       the force are then left as they are). */
void fric_plant_rk4_step(const fric_plant_t *p, const fric_contact_t *c,
                         fric_plant_state_t *s, double h);

/**
 * @brief One exact-contact step of length h with the friction force given:
 *        the plant advanced in closed form with F held over the step.
 *        This is the plant half of fric_plant_exact_step(), exposed so a
 *        co-simulation can take F from a hardware core instead.
 */
void fric_plant_advance(const fric_plant_t *p, fric_plant_state_t *s, double f, double h);

/** @brief One exact-contact step (the contact's exact or bounded step, then the plant). */
void fric_plant_exact_step(const fric_plant_t *p, const fric_contact_t *c,
                           fric_plant_state_t *s, double h);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_PLANT_H */
