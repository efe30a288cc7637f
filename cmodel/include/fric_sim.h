/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_sim.h
 * @brief The stick-slip run of `fricore sim`: the 1-DOF plant of fric_plant.h
 *        advanced over a duration by a stepper, with its energy integrals,
 *        its stick-slip events and its summary metrics.
 *
 * A caller fills a ::fric_sim_cfg_t (fric_sim_cfg_init() gives the defaults
 * of `fricore sim`), picks a stepper (fric_sim_builtin_stepper(): RK4 or the
 * exact-contact step; or its own, as a co-simulation that takes the force
 * from a friction core), and calls fric_sim_run(). The run returns a
 * ::fric_sim_result_t; fric_sim_metrics() derives every number of the
 * summary from it. An optional per-sample callback sees every sample once it
 * is checked finite (a CSV row, a page's plot); the result keeps every
 * stride-th sample of (t, x, v, F_f) for plots when asked.
 *
 * Nothing here prints or touches a file. The functions keep no state of
 * their own: runs on different configurations and results may go on in
 * several threads at once.
 *
 * @code
 * fric_sim_cfg_t c;
 * fric_sim_cfg_init(&c);                       // plant, 20 s at 10 us
 * fric_lugre_cfg_t l = {...};                  // the friction set
 * c.contact = fric_contact_dynamic(&l);
 * fric_sim_cfg_defaults(&c);                   // thresholds from vs and dt
 * fric_sim_stepper_t st = fric_sim_builtin_stepper(&c, FRIC_SIM_RK4);
 * fric_sim_result_t r;
 * if (fric_sim_run(&c, &st, NULL, &r) != FRIC_OK) puts(r.why);
 * double m[FRIC_NMETRICS];
 * fric_sim_metrics(&c, &r, m);                 // m[FRIC_M_PERIOD]: s
 * fric_sim_result_free(&r);
 * @endcode
 *
 * Stick-slip is detected from events, with hysteresis and a minimum
 * duration, so that a run at a drive's sample time (milliseconds) reports
 * the same cycles as one at microseconds:
 *  - a slip starts when |v| rises above the slip threshold (cfg.slip) and
 *    stays above it, in one direction, for the minimum slip duration
 *    (cfg.slip_min); its onset is the crossing of the slip threshold,
 *    interpolated between samples;
 *  - it ends when |v| falls below the stick threshold (cfg.stick), or v
 *    changes sign;
 *  - the time between slips is a stick phase. Within it, a sign change of v
 *    from one sample to the next with both samples outside the stick band
 *    (|v| >= cfg.stick) is chatter: the velocity jumps across the band in
 *    one step, which the continuous system cannot do, so it is a property
 *    of the discretization (fric_sim_stick_slip() reports its count and
 *    amplitude). An excursion above the slip threshold shorter than the
 *    minimum duration is counted as a short excursion, not a slip.
 * The period is the time between the last two slip onsets; the friction
 * peak to peak is, over the last whole cycle (onset to onset), the highest
 * friction minus the lowest friction during the slip; a velocity reversal is
 * a slip in the direction opposite to the slip before it.
 */
#ifndef FRIC_SIM_H
#define FRIC_SIM_H

#include <stdbool.h>
#include <stddef.h>

#include "fric_plant.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The default slip threshold is this many times the reference velocity (fric_sim_ref_velocity()):
 *  at 10 vs the Stribeck term exp(-|v/vs|^delta) is below 5e-5 for any delta >= 1, so the
 *  contact slides fully. */
#define FRIC_SIM_SLIP_FACTOR 10.0

/** The default stick threshold is the reference velocity divided by this (g(v) is then within
 *  1 % of Fs for delta = 2). */
#define FRIC_SIM_STICK_DIVISOR 10.0

/** The default minimum slip duration is this many steps. */
#define FRIC_SIM_SLIP_MIN_STEPS 10.0

/** The reference velocity of a set without a Stribeck term (Fs = Fc: Dahl, Coulomb, viscous), m/s. */
#define FRIC_SIM_REF_VELOCITY_NO_VS 1e-3

/** @brief --check-step's tolerance on the relative change of a metric. */
#define FRIC_SIM_CHECK_TOL 0.01

/** What a run simulates. */
typedef struct {
    fric_plant_t plant;     /**< the plant (fric_plant_check()) */
    fric_contact_t contact; /**< the friction element (fric_contact_dynamic() or fric_contact_static()) */
    double x0, v0, z0;      /**< initial position (m), velocity (m/s), bristle deflection (m) */
    double duration;        /**< simulated time, s, > 0 */
    double dt;              /**< step, s, > 0 and <= duration, duration/dt <= 1e10 */
    double stick;           /**< stick threshold, m/s, > 0: |v| below it counts as near-stick; a slip ends below it */
    double slip;            /**< slip threshold, m/s, > stick: a slip starts above it */
    double slip_min;        /**< minimum slip duration, s, >= 0 and <= duration */
    size_t plot_points;     /**< keep at most this many samples for plots (0: none) */
} fric_sim_cfg_t;

/**
 * Advances a run. start() (optional) is called before the run with the step
 * and the initial state; step() advances s by h, setting s->x, v, z and f
 * (the run sets s->t). zoh: s->f is the force held over the step just taken
 * (a sampled contact) rather than the force at the new state; the friction
 * work is then integrated exactly as f*dx. Both return 0, or nonzero when
 * they cannot go on (the run then stops with ::FRIC_ERR_SIM_STEPPER; the
 * stepper tells its own caller why).
 */
typedef struct {
    const char *method; /**< "rk4", "exact", ... (the summary's integration method) */
    bool zoh;
    int (*start)(void *ctx, double h, const fric_plant_state_t *s0);
    int (*step)(void *ctx, fric_plant_state_t *s, double h);
    void *ctx;
} fric_sim_stepper_t;

/** The built-in integrators of fric_plant.h. */
typedef enum {
    FRIC_SIM_RK4,  /**< fric_plant_rk4_step() */
    FRIC_SIM_EXACT /**< fric_plant_exact_step() (zoh) */
} fric_sim_integrator_t;

/**
 * @brief The built-in stepper; ctx is c (which must outlive the stepper).
 */
fric_sim_stepper_t fric_sim_builtin_stepper(const fric_sim_cfg_t *c, fric_sim_integrator_t which);

/**
 * Called for every sample i of 0..n of a run, once every number of it and
 * the energy integrals are checked finite, with the spring and the external
 * force at that sample. Returns 0 to go on, nonzero to stop the run
 * (::FRIC_ERR_SIM_STOPPED): a write that failed, say.
 */
typedef int (*fric_sim_sample_fn)(void *ctx, size_t i, size_t n, const fric_plant_state_t *s, double f_spring,
                                  double f_ext);

/** What went wrong when a run stops early: the non-finite quantity. */
typedef enum {
    FRIC_SIM_BAD_NONE,   /**< the run completed */
    FRIC_SIM_BAD_STATE,  /**< x, v or z */
    FRIC_SIM_BAD_FORCE,  /**< F_f, F_spring or F_ext */
    FRIC_SIM_BAD_ENERGY  /**< an energy integral */
} fric_sim_bad_t;

/** What a run measured. */
typedef struct {
    double peak_f;                                   /**< peak |F_f|, N */
    size_t steps, near_stick;
    size_t reversals;                                /**< slips in the direction opposite to the slip before */
    size_t onsets;                                   /**< slips (stick-to-slip transitions) */
    size_t ends;                                     /**< slips that ended (slip-to-stick transitions) */
    size_t chatter;                                  /**< sign changes of v within one step, both outside the stick band, in stick phases */
    double chatter_v;                                /**< the largest |v| of those samples, m/s (0: no chatter) */
    size_t short_slips;                              /**< excursions above the slip threshold shorter than slip_min */
    double first_onset_t, last_end_t;                /**< the first slip's onset, the last slip's end, s (NAN: none) */
    double onset_t[2];                               /**< the last two stick-to-slip times, s */
    double last_fmin, last_fmax;                     /**< friction over the last whole cycle: its lowest during the slip, its highest, N */
    double last_vmax;                                /**< peak |v| over the last whole cycle, m/s */
    bool zoh;                                        /**< the stepper holds the force over a step (the exact step) */
    double w_in, w_f, ke0;                           /**< work of spring + external force, of friction; initial kinetic energy, J */
    fric_plant_state_t final;                        /**< the state at the last sample (or at the failure) */
    double wall;                                     /**< s */
    /** every stride-th sample (t, x, v, F_f), for plots; NULL when not kept (fric_sim_result_free()) */
    double *pt, *px, *pv, *pf;
    size_t np, stride;
    /** when a run stops early: the sample, the step count, and the quantity */
    size_t fail_i, fail_n;
    fric_sim_bad_t bad;
    char why[256]; /**< one line: what is no longer finite, where; "" when the run completed */
} fric_sim_result_t;

/**
 * @brief The defaults of `fricore sim`: the Canudas de Wit (1995) plant
 *        (m 1 kg, k 2 N/m, vd 0.1 m/s), no external force, 20 s at 10 us,
 *        no plots; the contact is the caller's, the thresholds NAN (to be
 *        set, or derived by fric_sim_cfg_defaults()).
 */
void fric_sim_cfg_init(fric_sim_cfg_t *c);

/**
 * @brief The velocity the default thresholds scale with, m/s: the Stribeck
 *        velocity vs of a set with a Stribeck term (Fs != Fc in either
 *        direction: LuGre, Stribeck), else ::FRIC_SIM_REF_VELOCITY_NO_VS.
 *        A set with a Stribeck velocity per direction would take the smaller.
 */
double fric_sim_ref_velocity(const fric_contact_t *c);

/**
 * @brief Fill each threshold that is NAN from the contact and the step:
 *        stick = vref / ::FRIC_SIM_STICK_DIVISOR, slip = max(::FRIC_SIM_SLIP_FACTOR
 *        vref, ::FRIC_SIM_SLIP_FACTOR stick), slip_min = ::FRIC_SIM_SLIP_MIN_STEPS dt
 *        (at most the duration), with vref = fric_sim_ref_velocity(). Set
 *        the contact, dt and duration first; a threshold already set is kept.
 */
void fric_sim_cfg_defaults(fric_sim_cfg_t *c);

/**
 * @brief Validate a configuration: the plant, the duration, the step and the
 *        thresholds (stick > 0, slip > stick, 0 <= slip_min <= duration).
 * @return FRIC_OK or the status naming the first parameter refused.
 */
fric_status_t fric_sim_cfg_check(const fric_sim_cfg_t *c);

/**
 * @brief Run: n = round(duration/dt) steps of the stepper from (x0, v0, z0).
 *
 * Every sample's state, forces and energy integrals are checked as they are
 * computed; the run stops at the first that is not finite, with r->why
 * naming it, its time and its step.
 * @param sample called for every sample (NULL: none); ctx passed to it.
 * @return FRIC_OK; a configuration status (fric_sim_cfg_check());
 *         ::FRIC_ERR_SIM_DIVERGED (r->why says what); ::FRIC_ERR_SIM_STEPPER;
 *         ::FRIC_ERR_SIM_STOPPED (the callback stopped it); ::FRIC_ERR_NOMEM
 *         (the plot arrays). r is valid (and to be freed) in every case.
 */
fric_status_t fric_sim_run(const fric_sim_cfg_t *c, const fric_sim_stepper_t *st, fric_sim_sample_fn sample,
                           void *ctx, fric_sim_result_t *r);

/** @brief Free the plot arrays of r (safe on a zeroed or freed result). */
void fric_sim_result_free(fric_sim_result_t *r);

/** The summary's metrics (fric_sim_metrics()), in this order. */
enum {
    FRIC_M_PEAK_F, FRIC_M_X, FRIC_M_V, FRIC_M_Z, FRIC_M_F, FRIC_M_STICK_FRAC, FRIC_M_REVERSALS,
    FRIC_M_SLIPS, FRIC_M_PERIOD, FRIC_M_F_P2P, FRIC_M_PEAK_V, FRIC_NMETRICS
};

/** Name (the JSON key), a description with its unit, and whether a metric is a count. */
typedef struct {
    const char *name;
    const char *label;
    bool count; /**< --check-step wants a count unchanged, not within the tolerance */
} fric_sim_metric_info_t;

/** The metrics' names and descriptions, indexed by FRIC_M_*. */
extern const fric_sim_metric_info_t fric_sim_metric_info[FRIC_NMETRICS];

/**
 * @brief Every summary metric of a run. Stick-slip needs at least two slips,
 *        so one whole cycle (slip, stick) lies between the last two
 *        (fric_sim_stick_slip()); the period, the friction peak to peak and
 *        the peak |v| are NAN without it.
 */
void fric_sim_metrics(const fric_sim_cfg_t *c, const fric_sim_result_t *r, double m[FRIC_NMETRICS]);

/** @brief The kinetic energy gained over run r, J. */
double fric_sim_dke(const fric_sim_cfg_t *c, const fric_sim_result_t *r);

/** @brief The energy balance's residual: input work - friction work - kinetic energy gained, J. */
double fric_sim_residual(const fric_sim_cfg_t *c, const fric_sim_result_t *r);

/**
 * @brief One metric's --check-step verdict from its values at dt and dt/2:
 *        a count unchanged, any other metric within ::FRIC_SIM_CHECK_TOL
 *        relative change, an absent metric absent in both.
 * @param rel receives the relative change (NAN when a value is absent).
 * @return true when resolved.
 */
bool fric_sim_check_metric(int i, double a, double b, double *rel);

/** Whether a run shows stick-slip, and if not, why. */
typedef enum {
    FRIC_SIM_SS_PRESENT,   /**< two slips or more, each followed by a stick phase but perhaps the last */
    FRIC_SIM_SS_NO_SLIP,   /**< |v| never stayed above the slip threshold for the minimum duration */
    FRIC_SIM_SS_ONE_SLIP,  /**< one slip only: the duration holds no whole cycle */
    FRIC_SIM_SS_NO_STICK,  /**< a slip that never ended: the slider slides on */
    FRIC_SIM_SS_CHATTER    /**< the stick phases break up into chatter: the step is too long to hold the stick */
} fric_sim_ss_kind_t;

/** The stick-slip verdict of a run, its chatter, and the thresholds it used. */
typedef struct {
    bool present;             /**< stick-slip found: the period and the cycle metrics are defined */
    fric_sim_ss_kind_t kind;
    double stick, slip, slip_min; /**< the thresholds, m/s, m/s, s */
    size_t chatter;           /**< ::fric_sim_result_t chatter */
    double chatter_v;         /**< its amplitude, m/s */
    size_t short_slips;       /**< excursions above the slip threshold shorter than the minimum */
    double stick_dt_max;      /**< the step above which the exact step's stick phase is unstable, s (NAN: not known) */
    char cause[512];          /**< when not present: why, in one line ("" when present) */
    char chatter_note[512];   /**< what the chatter means, one line ("" without chatter) */
} fric_sim_stick_slip_t;

/**
 * @brief The step bound of the exact (zero-order-hold) step in a stick phase:
 *        linearized about z = 0, v = 0, the mass on the bristles (stiffness
 *        sigma0 + k, damping sigma1 + sigma2) with the force held over h is
 *        stable for (sigma0 + k) h^2 / m + 2 (sigma1 + sigma2) h / m < 4.
 *        Beyond it the velocity chatters in stick. Elasto-plastic: the same
 *        (below z_ba its bristles follow the motion exactly); GMS: the
 *        sticking elements' stiffness sum k_i in place of sigma0, and sigma2
 *        alone. NAN for a static curve.
 */
double fric_sim_stick_dt_max(const fric_sim_cfg_t *c);

/** @brief The stick-slip verdict of run r: present or not and why, and its chatter. */
void fric_sim_stick_slip(const fric_sim_cfg_t *c, const fric_sim_result_t *r, fric_sim_stick_slip_t *out);

/** Whether a friction set is passive, and by how much. */
typedef struct {
    bool dynamic;           /**< a Dahl, LuGre or elasto-plastic set (a static curve is always passive) */
    bool met;               /**< the condition holds in both directions */
    double margin;          /**< dynamic: min over directions of sigma2 - sigma1 (Fs - Fc) / Fc, N*s/m (> 0: met); NAN for a static curve */
    const char *condition;  /**< the condition, one line */
    const char *reference;  /**< where it comes from */
    const char *meaning;    /**< what a set that does not meet it means for a simulation and a compensator */
} fric_sim_passivity_t;

/**
 * @brief The passivity of the contact: for LuGre (and Dahl, its sigma1 = 0,
 *        Fs = Fc case) the necessary and sufficient condition
 *        sigma2 > sigma1 (Fs - Fc) / Fc in each direction (Barabanov and
 *        Ortega, 2000), which an elasto-plastic set needs too (where alpha =
 *        1 its equation is LuGre's); a static curve F(v) with F(v) v >= 0
 *        dissipates at every velocity; a GMS set is shown passive for a
 *        constant level (Fs = Fc), and not met (not shown) otherwise.
 */
fric_sim_passivity_t fric_sim_passivity(const fric_contact_t *c);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_SIM_H */
