/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_servo.h
 * @brief A 1-DOF servo axis with friction compensation: the plant (a rigid
 *        axis, or two inertias on a compliant shaft, with a LuGre,
 *        elasto-plastic or GMS machine friction), a quadrature encoder read
 *        through the board's velocity estimator, a cascaded P + PI
 *        controller with acceleration feed-forward, a position reference,
 *        and a friction compensator (none, Coulomb + viscous, Stribeck,
 *        LuGre, elasto-plastic or GMS) in double precision, in the
 *        bit-exact fixed-point model (all but elasto-plastic), or as a
 *        core in the loop (LuGre).
 *
 * Units: the axis is rotary. Angles are in rad, speeds in rad/s, torques in
 * N*m; a friction set's "N" and "m" read as N*m and rad (the LuGre
 * equations do not care which). docs/servo.md gives the equations and the
 * metrics.
 *
 * Use: fill a ::fric_servo_cfg_t from fric_servo_defaults(), set the
 * machine's friction (fric_model_build()) and, for a compensator, its set
 * (fric_servo_comp_model() derives it from the machine's), then call
 * fric_servo_prepare(), which derives the defaults left as NAN or 0,
 * compiles the compensator for the fixed-point and core modes and refuses
 * any bad value with a message that names the `fricore servo` option and
 * its range. fric_servo_run() then runs the loop into a
 * ::fric_servo_result_t, fric_servo_metrics() reduces it to the summary
 * figures, and fric_servo_result_free() releases it.
 *
 * The functions keep no global state and print nothing: two threads may run
 * two configurations at once, and a configuration may be run any number of
 * times with the same result.
 */
#ifndef FRIC_SERVO_H
#define FRIC_SERVO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fric_adapt.h"
#include "fric_model.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The compensator: the friction torque estimate added to the command. */
typedef enum {
    FRIC_SERVO_COMP_NONE,     /**< no compensation */
    FRIC_SERVO_COMP_COULOMB,  /**< Coulomb + viscous: a Coulomb or viscous set */
    FRIC_SERVO_COMP_STRIBECK, /**< the static curve: a Coulomb, viscous or Stribeck set */
    FRIC_SERVO_COMP_LUGRE,         /**< the LuGre observer: a LuGre or Dahl set, exact bristle step over ts */
    FRIC_SERVO_COMP_LUGRE_ADAPTIVE, /**< the LuGre observer (a LuGre set) retuned by the adaptation law (::fric_servo_adapt_t) */
    FRIC_SERVO_COMP_LUGRE_ORACLE,   /**< the LuGre observer told the machine's drift at every sample (a benchmark's
                                         bound; double only): comp's Fc, Fs, sigma2 times the drift's multipliers */
    FRIC_SERVO_COMP_ELASTOPLASTIC,  /**< the elasto-plastic observer: an elasto-plastic set stepped by fric_ep_step()
                                         over ts on the measured velocity, as the LuGre observer (double only) */
    FRIC_SERVO_COMP_GMS             /**< the GMS observer: a GMS set stepped by fric_gms_step() over ts on the
                                         measured velocity, or fric_fx_gms_step() on its code (fixed) */
} fric_servo_comp_t;

/** True for the observers of the double-only models (elasto-plastic, GMS), stepped by fric_model_step(). */
#define FRIC_SERVO_COMP_IS_MODEL(k) ((k) == FRIC_SERVO_COMP_ELASTOPLASTIC || (k) == FRIC_SERVO_COMP_GMS)

/** True for the modes that run the LuGre observer (lugre, lugre-adaptive, lugre-oracle). */
#define FRIC_SERVO_COMP_IS_LUGRE(k)                                                                                    \
    ((k) == FRIC_SERVO_COMP_LUGRE || (k) == FRIC_SERVO_COMP_LUGRE_ADAPTIVE || (k) == FRIC_SERVO_COMP_LUGRE_ORACLE)

/** The compensator's arithmetic. */
typedef enum {
    FRIC_SERVO_ARITH_DOUBLE, /**< double precision */
    FRIC_SERVO_ARITH_FIXED,  /**< the bit-exact fixed-point model (fric_fx.h) */
    FRIC_SERVO_ARITH_CORE    /**< the fixed-point model, each sample also given to the core hooks (LuGre only) */
} fric_servo_arith_t;

/** The position reference. */
typedef enum {
    FRIC_SERVO_REF_SINE,      /**< amplitude (1 - cos 2 pi frequency t), from rest */
    FRIC_SERVO_REF_STEP,      /**< a square wave of height amplitude and the period, each move a half-cosine over rise_time */
    FRIC_SERVO_REF_RAMP,      /**< speed t */
    FRIC_SERVO_REF_TRAJECTORY /**< linear between the caller's points (traj_t, traj_x), held outside them */
} fric_servo_ref_t;

/** The machine's parameters that may drift, and that the adaptive observer estimates. */
enum {
    FRIC_SERVO_PAR_FC,     /**< the Coulomb level Fc (both directions) */
    FRIC_SERVO_PAR_FS,     /**< the static level Fs (both directions) */
    FRIC_SERVO_PAR_SIGMA2, /**< the viscous coefficient sigma2 (both directions) */
    FRIC_SERVO_NPAR
};

/** The smallest and largest drift multiplier of Fc and Fs (sigma2's smallest is 0). */
#define FRIC_SERVO_DRIFT_MIN 0.1
#define FRIC_SERVO_DRIFT_MAX 10.0

/**
 * The machine's drift: each parameter of ::FRIC_SERVO_PAR_FC .. SIGMA2 is
 * its value in the machine's set times a multiplier m(t), held over each
 * servo period at its value at the sample. Either a linear ramp from 1 at
 * t = 0 to end[] at t = duration [--drift fc=M,fs=M,sigma2=M], or a profile
 * of points (prof_t, prof_m[]) interpolated linearly and held outside them
 * [--drift-profile FILE.csv]; all 1 and no profile = no drift.
 * Multipliers: Fc and Fs in [FRIC_SERVO_DRIFT_MIN, FRIC_SERVO_DRIFT_MAX],
 * sigma2 in [0, FRIC_SERVO_DRIFT_MAX].
 */
typedef struct {
    double end[FRIC_SERVO_NPAR];              /**< the ramp's multipliers at t = duration */
    const double *prof_t;                     /**< profile times, s, finite, strictly increasing; NULL: the ramp */
    const double *prof_m[FRIC_SERVO_NPAR];    /**< profile multipliers at prof_t, or NULL (held at 1) */
    size_t prof_n;                            /**< profile points, 2 .. FRIC_SERVO_MAX_TRAJ */
} fric_servo_drift_t;

/** The ranges of ::fric_servo_thermal_t. */
#define FRIC_SERVO_THERMAL_C_MAX 1e9    /**< the largest heat capacity, J/K */
#define FRIC_SERVO_THERMAL_R_MAX 1e9    /**< the largest thermal resistance, K/W */
#define FRIC_SERVO_THERMAL_T_MIN -100.0 /**< the lowest ambient and initial temperature, degC */
#define FRIC_SERVO_THERMAL_T_MAX 500.0  /**< the highest, degC */
#define FRIC_SERVO_THERMAL_K_MAX 1.0    /**< the largest |temperature coefficient|, 1/K */

/**
 * A first-order thermal model of the machine (docs/servo.md, "A machine
 * that warms"): one lumped temperature T with heat capacity c and thermal
 * resistance r to the ambient, heated by the friction power,
 *     c dT/dt = P - (T - ambient) / r,   P = |F dtheta/dt|,
 * P taken as its mean over each servo period (the energy |F dx| of each
 * plant step over the period), T advanced exactly for that constant power
 * (fric_servo_thermal_step()). Fc, Fs and sigma2 are the machine's set
 * times the multipliers m = 1 + k (T - ambient), each limited to the drift
 * multipliers' range (Fc, Fs: [FRIC_SERVO_DRIFT_MIN, FRIC_SERVO_DRIFT_MAX];
 * sigma2: [0, FRIC_SERVO_DRIFT_MAX]); the set at T = ambient is the
 * machine's. Excludes ::fric_servo_drift_t's ramp and profile.
 * [--thermal c=C,r=R,ambient=TA,t0=T0,fc=K,fs=K,sigma2=K]
 */
typedef struct {
    bool on;                   /**< the machine warms (else the drift, if any, moves its set) [--thermal] */
    double c;                  /**< heat capacity, J/K, in (0, FRIC_SERVO_THERMAL_C_MAX] (default 0.1) [c=] */
    double r;                  /**< thermal resistance to the ambient, K/W, in (0, FRIC_SERVO_THERMAL_R_MAX] (default 100) [r=] */
    double ambient;            /**< ambient temperature, degC, in [FRIC_SERVO_THERMAL_T_MIN, _MAX] (default 25) [ambient=] */
    double t0;                 /**< the temperature at t = 0, degC, in the same range; derived (NAN): ambient [t0=] */
    double k[FRIC_SERVO_NPAR]; /**< temperature coefficients of Fc, Fs, sigma2, 1/K, in [-K_MAX, K_MAX] (default 0) [fc=, fs=, sigma2=] */
} fric_servo_thermal_t;

/**
 * The adaptation law of ::FRIC_SERVO_COMP_LUGRE_ADAPTIVE (docs/servo.md):
 * windowed least squares on the steady-state regressor, in the MCU's
 * integer arithmetic, that estimates the multipliers of the compensator's
 * Fc (with Fs scaled alike) and sigma2 from the torque balance
 * y = u - J alpha_r - b_l omega_m, and retunes the observer at the end of
 * each window. sigma2 is estimated (by default) only from windows whose
 * speeds spread enough to tell it from Fc (fric_adapt.h,
 * FRIC_ADAPT_S2_EXC): on short moves at one speed it keeps its value.
 */
typedef struct {
    double rate;      /**< updates per second, Hz; the window is round(1 / (rate ts)) samples, 16 .. 65536 [--adapt-rate] */
    double gain;      /**< share of each window's least-squares correction applied, in (0, 1] [--adapt-gain] */
    double lo, hi;    /**< projection: each multiplier stays in [lo, hi], 0.1 <= lo <= 1 <= hi <= 10 [--adapt-bounds LO,HI] */
    double slew;      /**< rate limit: a multiplier moves by at most this per second, in (0, 100] [--adapt-slew] */
    double dead_zone; /**< a correction of less than this share of a multiplier (for Fc: of less force than this share of Fc)
                           is not applied, in [0, 0.5] [--adapt-dead-zone] */
    double v_gate;    /**< excitation gate: only samples with |reference speed| >= v_gate, rad/s, > 0; derived (NAN):
                           10 vs of the compensator's set [--adapt-gate] */
    bool sigma2;      /**< adapt sigma2 too (default true; false: it keeps the compensator's value) [--adapt fc,fs] */
} fric_servo_adapt_t;

/** The longest run, s, and the most samples (duration / ts). */
#define FRIC_SERVO_MAX_DURATION 120.0
#define FRIC_SERVO_MAX_SAMPLES 2e7
/** The most points of a trajectory. */
#define FRIC_SERVO_MAX_TRAJ 1000000
/** An error within this many encoder counts is "at the setpoint" (time stuck). */
#define FRIC_SERVO_STUCK_COUNTS 2.0

/**
 * A servo axis. Fields marked "derived" are filled by fric_servo_prepare()
 * when left at their default (NAN, or 0 for the encoder's GAIN); the others
 * are validated as given. The option of `fricore servo` that sets each
 * field is named in brackets.
 */
typedef struct {
    /* the plant */
    fric_model_t machine;      /**< the machine's friction, a LuGre, elasto-plastic or GMS set [--model, --fc ...] */
    double inertia;            /**< motor-side inertia J, kg*m^2, > 0 (the whole axis when rigid) [--inertia] */
    double load_damping;       /**< viscous load b_l, N*m*s/rad, >= 0 [--load-damping] */
    double compliance;         /**< shaft stiffness K, N*m/rad, >= 0; 0 = a rigid axis [--compliance] */
    double load_inertia;       /**< load inertia J_l, kg*m^2 > 0, only with compliance > 0 (else NAN); derived: inertia [--load-inertia] */
    double compliance_damping; /**< shaft damping c, N*m*s/rad >= 0, only with compliance > 0 (else NAN); derived: 5 % of critical [--compliance-damping] */
    double substeps;           /**< plant steps per servo period, an integer 1 .. 1000 [--substeps] */
    fric_servo_drift_t drift;  /**< the machine's drift; none by default [--drift, --drift-profile] */
    fric_servo_thermal_t thermal; /**< the machine's thermal model; off by default [--thermal] */
    /* the encoder and the sample time */
    double ts;                 /**< servo period, s, in (0, 0.01]: the controller's, the encoder's and the compensator's [--ts] */
    double counts_per_rev;     /**< encoder counts per revolution after x4 decoding, an integer 4 .. 2^30 [--counts-per-rev] */
    uint32_t width;            /**< the velocity code's width W, 16 or 18 (and the compensator's datapath) [--width] */
    double v_max;              /**< velocity full scale of the code, rad/s, in (0, 1e6] [--v-max] */
    uint32_t enc_gain;         /**< the estimator's GAIN (U,16,0), 1 .. 65535; derived (0): the scale to within 1e-3 (docs/board.md) */
    uint32_t enc_shift;        /**< the estimator's SHIFT, 0 .. 31 (with enc_gain given) */
    /* the controller */
    double bandwidth;          /**< velocity-loop crossover the default gains are tuned for, Hz, in (0, 0.1 / ts] [--bandwidth] */
    double kp;                 /**< position gain, 1/s, >= 0; derived: 2 pi bandwidth / 6 [--kp] */
    double kv;                 /**< velocity gain, N*m*s/rad, >= 0; derived: J_total 2 pi bandwidth [--kv] */
    double ki;                 /**< velocity integral gain, N*m/rad, >= 0; derived: kv 2 pi bandwidth / 4 [--ki] */
    double u_max;              /**< torque limit, N*m, > 0 [--u-max] */
    bool accel_ff;             /**< add the feed-forward J_total * reference acceleration [--no-accel-ff clears it] */
    /* the reference */
    fric_servo_ref_t ref;      /**< [--reference] */
    double amplitude;          /**< sine amplitude, step height, rad, in [-1000, 1000] [--amplitude] */
    double frequency;          /**< sine frequency, Hz, > 0 [--frequency] */
    double period;             /**< step period, s, > 0 [--period] */
    double rise_time;          /**< step move time, s, in [0, period / 2]; 0 = a jump [--rise-time] */
    double speed;              /**< ramp speed, rad/s, in [-1000, 1000] [--speed] */
    const double *traj_t;      /**< trajectory times, s, finite, strictly increasing; the caller's, read during the run [--trajectory] */
    const double *traj_x;      /**< trajectory angles, rad, finite */
    size_t traj_n;             /**< trajectory points, 2 .. FRIC_SERVO_MAX_TRAJ */
    /* the compensator */
    fric_servo_comp_t comp_kind;   /**< [--compensation] */
    fric_servo_arith_t arith;      /**< [--comp-arith] */
    fric_model_t comp;             /**< the compensator's set (see ::fric_servo_comp_t for the kinds each takes) [--comp-params] */
    double f_max;                  /**< force full scale of the compiled compensator, N, > 0; 0 = automatic [--f-max]
                                        (lugre-adaptive: automatic covers the set at the upper bounds) */
    fric_servo_adapt_t adapt;      /**< the adaptation law (lugre-adaptive only); defaults 2 Hz, 0.3, [0.5, 2], 0.5 /s, 0.003 */
    fric_model_fx_t comp_fx;       /**< derived: comp compiled at width, v_max, f_max and ts (fixed and core); otherwise only
                                        rep's width, v_max, v_lsb and ts, the velocity code's format */
    /* the run */
    double duration;           /**< simulated time, s, in [ts, FRIC_SERVO_MAX_DURATION], at most FRIC_SERVO_MAX_SAMPLES samples [--duration] */
    double stick_threshold;    /**< |omega| below it is stuck, rad/s, > 0; derived: the machine's vs / 10 [--stick-threshold] */
    double lc_window;          /**< the limit cycle is measured over the last this long, s, in [ts, duration]; derived: duration / 4 [--lc-window] */
    size_t plot_points;        /**< keep about this many evenly spaced samples for plots (every n / plot_points + 1-th); 0 = none */
} fric_servo_cfg_t;

/**
 * @brief The defaults of `fricore servo`: the Canudas de Wit (1995) LuGre
 *        set as machine, J = 1, b_l = 0.1, rigid, 10 substeps, ts = 1e-4,
 *        2^23 counts, W = 16, v_max = 1, 20 Hz bandwidth, u_max = 20,
 *        feed-forward on, a 0.01 rad 0.5 Hz sine, no compensator
 *        (the machine's set as comp), 4 s, no plot points; NAN or 0 in
 *        every derived field.
 */
fric_servo_cfg_t fric_servo_defaults(void);

/**
 * @brief The compensator's set that mode kind reads from the machine's
 *        set m: its Coulomb + viscous part (a viscous set) for
 *        ::FRIC_SERVO_COMP_COULOMB, its steady-state Stribeck curve for
 *        ::FRIC_SERVO_COMP_STRIBECK; for the LuGre modes an elasto-plastic
 *        machine's LuGre part; for ::FRIC_SERVO_COMP_ELASTOPLASTIC and
 *        ::FRIC_SERVO_COMP_GMS a set of that kind built from a LuGre (or
 *        elasto-plastic) machine's values with the library's defaults (z_ba
 *        half the smallest level over sigma0; fric_model_values_gms_defaults()
 *        with 4 elements); the set itself otherwise (a kind the mode does
 *        not take is refused by fric_servo_prepare()).
 */
fric_model_t fric_servo_comp_model(fric_servo_comp_t kind, const fric_model_t *m);

/**
 * @brief The thermal model's temperature after dt (s) at a constant
 *        friction power p (W) from temperature temp (degC): exact for the
 *        first-order model, T_inf + (temp - T_inf) exp(-dt / (r c)) with
 *        T_inf = ambient + r p (see ::fric_servo_thermal_t).
 */
double fric_servo_thermal_step(const fric_servo_thermal_t *th, double temp, double p, double dt);

/**
 * @brief The multipliers of Fc, Fs and sigma2 at temperature temp (degC):
 *        1 + k (temp - ambient), each limited to its drift range.
 */
void fric_servo_thermal_mult(const fric_servo_thermal_t *th, double temp, double m[FRIC_SERVO_NPAR]);

/** @brief True when cfg's machine drifts (a profile, a ramp to a multiplier other than 1, or the thermal model). */
bool fric_servo_drifting(const fric_servo_cfg_t *cfg);

/**
 * @brief The drift multipliers at time t (s): m[FRIC_SERVO_PAR_FC ..
 *        SIGMA2] (see ::fric_servo_drift_t); all 1 without drift.
 */
void fric_servo_drift_at(const fric_servo_cfg_t *cfg, double t, double m[FRIC_SERVO_NPAR]);

/** @brief The set s with Fc, Fs and sigma2 (both directions) times m[]. */
fric_lugre_cfg_t fric_servo_lugre_scaled(const fric_lugre_cfg_t *s, const double m[FRIC_SERVO_NPAR]);

/**
 * @brief An element of any kind with Fc, Fs and sigma2 (both directions)
 *        times m[]: its LuGre part (fric_servo_lugre_scaled()), its
 *        steady-state curve, an elasto-plastic set's LuGre part and a GMS
 *        set's level s(v); z_ba, the GMS elements and C are kept.
 */
fric_model_t fric_servo_model_scaled(const fric_model_t *s, const double m[FRIC_SERVO_NPAR]);

/**
 * @brief Validate cfg and fill its derived fields (see ::fric_servo_cfg_t).
 *
 * For the fixed-point and core modes the compensator is compiled here
 * (fric_model_compile()), and its report's reason is the message of a
 * refusal. A prepared cfg may be prepared again with the same result.
 * @param why receives the reason of a refusal, naming the `fricore servo`
 *        option and its allowed range, or ""; may be NULL.
 * @return FRIC_OK, FRIC_ERR_NULL, or FRIC_ERR_RANGE (see why).
 */
fric_status_t fric_servo_prepare(fric_servo_cfg_t *cfg, char *why, size_t why_len);

/** One sample: the values of a row of `fricore servo --csv`, at t = k ts. */
typedef struct {
    size_t k;          /**< the sample's index */
    double t;          /**< time, s */
    double theta_ref;  /**< reference angle, rad */
    double theta;      /**< load angle, rad (the motor's when rigid) */
    double omega_ref;  /**< reference velocity, rad/s */
    double omega;      /**< load velocity, rad/s */
    double omega_meas; /**< the estimator's velocity, rad/s: its code times the velocity LSB */
    double error;      /**< position error theta_ref - theta, rad */
    double u;          /**< the torque applied over the period, N*m */
    double friction;   /**< the machine's friction, its mean over the period, N*m */
    double estimate;   /**< the compensator's estimate, N*m */
    bool u_limited;    /**< the torque was limited to +-u_max */
    double par[FRIC_SERVO_NPAR];     /**< the machine's Fc, Fs, sigma2 (v > 0) over the period */
    double par_hat[FRIC_SERVO_NPAR]; /**< the LuGre compensator's Fc, Fs, sigma2 (v > 0) at the sample; NAN for the others */
    double temperature; /**< the machine's temperature at the sample, degC (the thermal model); NAN without it */
    double power;       /**< the friction power over the period, W: the mean of |F dx| / h over its plant steps */
} fric_servo_sample_t;

/**
 * What the caller sees during a run; every member may be NULL. A callback
 * returning nonzero stops the run with ::FRIC_ERR_STOPPED.
 *
 * With ::FRIC_SERVO_ARITH_CORE, core_start() is called once with the
 * compiled LuGre set before the first sample, core_retune() at each retune
 * of the adaptive observer, and core_sample() at every
 * sample with the velocity code v (S,W,0) presented to the compensator and
 * f_model, the fixed-point model's force code for it (the core in the loop
 * is expected to give the same code).
 */
typedef struct {
    int (*sample)(void *ctx, const fric_servo_sample_t *s);
    int (*core_start)(void *ctx, const fric_fx_lugre_t *l);
    int (*core_sample)(void *ctx, size_t k, double t, int32_t v, int32_t f_model);
    void *ctx;
    /** With ::FRIC_SERVO_COMP_LUGRE_ADAPTIVE and ::FRIC_SERVO_ARITH_CORE:
     *  the law's new set l, to be written to the core's shadow set and
     *  committed, its state kept, after sample k and before sample k + 1. */
    int (*core_retune)(void *ctx, size_t k, const fric_fx_lugre_t *l);
} fric_servo_hooks_t;

/**
 * The axis between two samples: the state fric_servo_step() advances. Its
 * members are for reading; fric_servo_init() sets them.
 */
typedef struct {
    size_t k;                 /**< the next sample's index (t = k ts) */
    double x, v;              /**< motor angle, rad, and speed, rad/s */
    double xl, vl;            /**< load angle and speed (the motor's when rigid) */
    fric_lugre_state_t z;     /**< the machine's bristle deflection (GMS: fric_model_state_z() of its elements) */
    fric_gms_state_t gms;     /**< a GMS machine's elements */
    fric_lugre_state_t cz;    /**< the double LuGre compensator's */
    fric_model_state_t cm;    /**< the elasto-plastic or GMS compensator's (double) */
    fric_fx_gms_state_t gz;   /**< the fixed-point GMS compensator's */
    fric_fx_state_t fz;       /**< the fixed-point LuGre compensator's */
    fric_lugre_cfg_t cl;      /**< the LuGre observer's set now (double): comp's, or retuned */
    fric_fx_lugre_t cl_fx;    /**< its compiled set now (fixed, core) */
    fric_adapt_cfg_t law_k;   /**< the adaptation law's constants (lugre-adaptive) */
    fric_adapt_state_t law;   /**< its multipliers and window sums */
    fric_adapt_in_t law_in;   /**< its inputs at the last sample, in codes (lugre-adaptive) */
    size_t a_updates;         /**< windows that moved an estimate */
    size_t a_retunes;         /**< observer sets committed */
    uint32_t pos_prev;        /**< the encoder's count at the last sample */
    double integ;             /**< the velocity loop's integrator, N*m */
    uint32_t flags;           /**< sticky flags of the fixed-point model and the encoder (FRIC_FX_FLAG_*) */
    size_t core_checked;      /**< samples given to core_sample() */
    double temp;              /**< the machine's temperature, degC (the thermal model; else NAN) */
    char why[256];            /**< why the last step failed, or "" */
} fric_servo_state_t;

/**
 * @brief Start the axis at rest (every angle, speed and state 0); with
 *        ::FRIC_SERVO_ARITH_CORE call hooks->core_start().
 * @param cfg a configuration fric_servo_prepare() accepted (the function
 *        refuses one whose derived fields are not filled).
 * @return FRIC_OK, FRIC_ERR_NULL, FRIC_ERR_RANGE (not prepared; st->why),
 *         or FRIC_ERR_STOPPED (core_start() returned nonzero).
 */
fric_status_t fric_servo_init(const fric_servo_cfg_t *cfg, const fric_servo_hooks_t *hooks, fric_servo_state_t *st);

/**
 * @brief One sample and its period of the plant: the encoder, the
 *        reference, the controller and the compensator at t = st->k ts,
 *        then the plant over ts with the torque held. For a co-simulation
 *        or an FMU that advances the axis one period at a time; a loop of
 *        it is fric_servo_run()'s loop, bit for bit.
 * @param cfg the configuration st was started with, unchanged since.
 * @param hooks only core_sample() is called here, or NULL.
 * @param row receives the sample's values (the state at t, before the
 *        period).
 * @return FRIC_OK, FRIC_ERR_DIVERGED or FRIC_ERR_STOPPED (st->why; the
 *         state is then partly advanced, not to be stepped further),
 *         FRIC_ERR_NULL.
 */
fric_status_t fric_servo_step(const fric_servo_cfg_t *cfg, fric_servo_state_t *st, const fric_servo_hooks_t *hooks,
                              fric_servo_sample_t *row);

/** The parameter points a run keeps (fric_servo_result_t::trace_t). */
#define FRIC_SERVO_TRACE_POINTS 11

/** What a run accumulated. */
typedef struct {
    size_t n;                        /**< samples run */
    double se2, sv2, su2, sf2;       /**< sums of squares: position error, velocity error, torque, estimate error */
    double peak_e, peak_u;           /**< peak |position error|, rad; peak |torque|, N*m */
    size_t stuck;                    /**< samples stuck (docs/servo.md) */
    size_t u_sat;                    /**< samples where the torque was limited */
    uint32_t flags;                  /**< sticky flags of the fixed-point model and the encoder (FRIC_FX_FLAG_*) */
    size_t core_checked;             /**< samples given to core_sample() */
    double *win;                     /**< position errors over the limit-cycle window, rad */
    size_t nwin;
    double win_t0;                   /**< the window's start, s */
    size_t stride;                   /**< plots: every stride-th sample (0: none kept) */
    size_t np;                       /**< plot points kept */
    double *pt, *pe, *pvr, *pv, *pvm, *pf, *pfh; /**< t, error, omega_ref, omega, omega_meas, friction, estimate */
    size_t a_updates, a_retunes;     /**< the adaptation law's windows that moved an estimate, and sets committed */
    size_t ntrace;                   /**< parameter points kept: the samples nearest t = i duration / (FRIC_SERVO_TRACE_POINTS - 1) */
    double trace_t[FRIC_SERVO_TRACE_POINTS];                    /**< their times, s */
    double trace_par[FRIC_SERVO_TRACE_POINTS][FRIC_SERVO_NPAR]; /**< the machine's Fc, Fs, sigma2 (fric_servo_sample_t::par) */
    double trace_hat[FRIC_SERVO_TRACE_POINTS][FRIC_SERVO_NPAR]; /**< the compensator's (fric_servo_sample_t::par_hat) */
    double trace_temp[FRIC_SERVO_TRACE_POINTS];                 /**< the machine's temperature, degC (NAN without the thermal model) */
    double temp_peak, temp_end;      /**< the highest temperature of the run and the one after its last period, degC (NAN without) */
    double energy;                   /**< the friction's dissipated energy over the run, J */
    char why[512];                   /**< why the run stopped early or was refused, or "" */
} fric_servo_result_t;

/**
 * @brief Run the axis for its duration: samples k = 0 .. n-1 at
 *        t = k ts, n = floor(duration / ts), each followed by its period of
 *        the plant.
 *
 * The run prepares a copy of cfg itself (fric_servo_prepare()), so that a
 * value changed after preparing is checked too; a prepared cfg runs with
 * exactly its values.
 * @param hooks callbacks, or NULL.
 * @param r the result, to be released with fric_servo_result_free() also
 *        after an error.
 * @return FRIC_OK; FRIC_ERR_DIVERGED (a state or a result not finite, or
 *         the angle beyond 2^53 encoder counts; r->why names the quantity,
 *         the time and the sample); FRIC_ERR_STOPPED (a callback returned
 *         nonzero); FRIC_ERR_NOMEM; FRIC_ERR_NULL; FRIC_ERR_RANGE when
 *         fric_servo_prepare() refuses cfg (r->why is its message).
 */
fric_status_t fric_servo_run(const fric_servo_cfg_t *cfg, const fric_servo_hooks_t *hooks, fric_servo_result_t *r);

/** @brief Release what a run allocated (r may be zeroed or NULL). */
void fric_servo_result_free(fric_servo_result_t *r);

/** The summary figures of a run. */
typedef struct {
    double rms_e;      /**< RMS position error, rad */
    double peak_e;     /**< peak |position error|, rad */
    double rms_ev;     /**< RMS velocity error, rad/s */
    double stuck_s;    /**< time stuck, s */
    double rms_u;      /**< RMS torque, N*m */
    double peak_u;     /**< peak |torque|, N*m */
    double rms_ferr;   /**< RMS friction estimate error, N*m */
    bool lc_present;   /**< a limit cycle: at least two whole cycles above one encoder count */
    double lc_amp;     /**< half the peak-to-peak position error over the window, rad */
    double lc_freq;    /**< its frequency, Hz; NAN without a limit cycle */
    char why[160];     /**< the figure that is not finite, or "" */
} fric_servo_metrics_t;

/**
 * @brief Reduce a complete run to its figures. The limit cycle's
 *        frequency comes from the upward crossings of the window's mean
 *        with a hysteresis of a quarter of its peak-to-peak error.
 * @return FRIC_OK, FRIC_ERR_NULL, or FRIC_ERR_DIVERGED when a figure is
 *         not finite (m->why names it).
 */
fric_status_t fric_servo_metrics(const fric_servo_cfg_t *cfg, const fric_servo_result_t *r, fric_servo_metrics_t *m);

/** @brief The name of a compensation mode, arithmetic or reference, as the option spells it. */
const char *fric_servo_comp_name(fric_servo_comp_t kind);
const char *fric_servo_arith_name(fric_servo_arith_t arith);
const char *fric_servo_ref_name(fric_servo_ref_t ref);

#ifdef __cplusplus
}
#endif

#endif /* FRIC_SERVO_H */
