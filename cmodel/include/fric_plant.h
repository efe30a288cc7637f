/**
 * @file fric_plant.h
 * @brief The 1-DOF stick-slip plant of `fricore sim` and `fricore-cosim`, in
 *        double precision, with its two integrators.
 *
 * A slider of mass m is dragged through a spring k by a support moving at
 * vd, with an optional sinusoidal force, against a Dahl or LuGre contact
 * (a Dahl set enters as its LuGre equivalent, fric_dahl_as_lugre()):
 *
 *     x' = v
 *     m v' = k (vd t - x) + A sin(2 pi f t) - F,   F = F(z, v)
 *     z' = v - sigma0 |v| z / g(v)
 *
 * Integrators (one step of length h from t):
 *  - RK4: classical fixed-step Runge-Kutta on (x, v, z) together. Fourth
 *    order; the bristle state is stable only for h below
 *    fric_lugre_rk4_dt_max() at the velocities that occur.
 *  - exact: the sampled contact a friction core implements. The bristle
 *    state takes the exact step of fric_lugre_step() at the step's initial
 *    velocity, whose force is held over the step, and the plant is then
 *    advanced over the step in closed form for that constant force (a
 *    linear oscillator with a ramp and a sinusoidal drive), so the only
 *    approximation is the zero-order hold of F and v in the contact. Stable
 *    at any h for the bristle state; first order in h.
 */
#ifndef FRIC_PLANT_H
#define FRIC_PLANT_H

#include "fric_lugre.h"
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

/** State of the plant and its contact. */
typedef struct {
    double t; /**< time, s */
    double x; /**< slider position, m */
    double v; /**< slider velocity, m/s */
    double z; /**< bristle deflection, m */
    double f; /**< friction force of the last step (exact) or at (t, z, v) (RK4), N */
} fric_plant_state_t;

/** @brief Validate a plant: mass, k > 0; vd, A finite; f >= 0 and finite. */
fric_status_t fric_plant_check(const fric_plant_t *p);

/** @brief External force A sin(2 pi f t), N. */
double fric_plant_external(const fric_plant_t *p, double t);

/** @brief Spring force k (vd t - x), N. */
double fric_plant_spring(const fric_plant_t *p, double t, double x);

/** @brief One classical RK4 step of length h on (x, v, z); updates s. */
void fric_plant_rk4_step(const fric_plant_t *p, const fric_lugre_cfg_t *c,
                         fric_plant_state_t *s, double h);

/**
 * @brief One exact-contact step of length h with the friction force given:
 *        the plant advanced in closed form with F held over the step.
 *        This is the plant half of fric_plant_exact_step(), exposed so a
 *        co-simulation can take F from a hardware core instead.
 */
void fric_plant_advance(const fric_plant_t *p, fric_plant_state_t *s, double f, double h);

/** @brief One exact-contact step (bristle exact step, then the plant). */
void fric_plant_exact_step(const fric_plant_t *p, const fric_lugre_cfg_t *c,
                           fric_plant_state_t *s, double h);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_PLANT_H */
