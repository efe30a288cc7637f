/* SPDX-License-Identifier: Apache-2.0 */
/* The servo axis with friction compensation (see fric_servo.h and
 * docs/servo.md). */
#include "fric_servo.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TWO_PI 6.283185307179586

fric_servo_cfg_t fric_servo_defaults(void)
{
    fric_servo_cfg_t c;
    memset(&c, 0, sizeof c);
    const fric_model_values_t v = fric_model_values_canudas1995();
    (void)fric_model_build(FRIC_MODEL_LUGRE, &v, &c.machine, NULL);
    c.inertia = 1.0;
    c.load_damping = 0.1;
    c.compliance = 0.0;
    c.load_inertia = NAN;
    c.compliance_damping = NAN;
    c.substeps = 10.0;
    c.ts = 1e-4;
    c.counts_per_rev = 8388608.0;
    const fric_compile_opts_t o = fric_compile_opts_default();
    c.width = o.width;
    c.v_max = o.v_max;
    c.f_max = o.f_max;
    c.bandwidth = 20.0;
    c.kp = c.kv = c.ki = NAN;
    c.u_max = 20.0;
    c.accel_ff = true;
    c.ref = FRIC_SERVO_REF_SINE;
    c.amplitude = 0.01;
    c.frequency = 0.5;
    c.period = 4.0;
    c.rise_time = 0.05;
    c.speed = 0.002;
    c.comp_kind = FRIC_SERVO_COMP_NONE;
    c.arith = FRIC_SERVO_ARITH_DOUBLE;
    c.comp = c.machine;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) c.drift.end[i] = 1.0;
    c.adapt.rate = 2.0;
    c.adapt.gain = 0.3;
    c.adapt.lo = 0.5;
    c.adapt.hi = 2.0;
    c.adapt.slew = 0.5;
    c.adapt.dead_zone = 0.003;
    c.adapt.v_gate = NAN;
    c.adapt.sigma2 = true;
    c.thermal.on = false;
    c.thermal.c = 0.1;
    c.thermal.r = 100.0;
    c.thermal.ambient = 25.0;
    c.thermal.t0 = NAN;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) c.thermal.k[i] = 0.0;
    c.duration = 4.0;
    c.stick_threshold = NAN;
    c.lc_window = NAN;
    c.plot_points = 0;
    return c;
}

fric_model_t fric_servo_comp_model(fric_servo_comp_t kind, const fric_model_t *m)
{
    fric_model_t c = *m;
    const fric_stribeck_cfg_t s = m->stribeck;
    const bool lugre_part = m->kind == FRIC_MODEL_LUGRE || m->kind == FRIC_MODEL_ELASTOPLASTIC;
    if (kind == FRIC_SERVO_COMP_COULOMB) {
        c.kind = FRIC_MODEL_VISCOUS;
        c.stribeck = fric_viscous_cfg(s.fc_pos, s.fc_neg, s.b_pos, s.b_neg);
    } else if (kind == FRIC_SERVO_COMP_STRIBECK) {
        c.kind = FRIC_MODEL_STRIBECK;
    } else if (FRIC_SERVO_COMP_IS_LUGRE(kind) && m->kind == FRIC_MODEL_ELASTOPLASTIC) {
        c.kind = FRIC_MODEL_LUGRE;
    } else if (FRIC_SERVO_COMP_IS_MODEL(kind) && lugre_part) {
        const fric_model_kind_t want = kind == FRIC_SERVO_COMP_GMS ? FRIC_MODEL_GMS : FRIC_MODEL_ELASTOPLASTIC;
        if (m->kind == want) return c;
        /* the machine's LuGre values, with the library's defaults of the new kind */
        const fric_lugre_cfg_t *l = &m->lugre;
        fric_model_values_t v = fric_model_values_canudas1995();
        v.fc = l->fc_pos;
        v.fc_neg = l->fc_neg;
        v.fs = l->fs_pos;
        v.fs_neg = l->fs_neg;
        v.vs = l->vs;
        v.delta = l->delta;
        v.sigma0 = l->sigma0;
        v.sigma1 = l->sigma1;
        v.b = l->sigma2_pos;
        v.b_neg = l->sigma2_neg;
        v.vd = l->vd;
        v.z_ba = 0.5 * fmin(fmin(l->fc_pos, l->fc_neg), fmin(l->fs_pos, l->fs_neg)) / l->sigma0;
        fric_model_t d;
        if (fric_model_values_gms_defaults(&v, 4.0) == FRIC_OK && fric_model_build(want, &v, &d, NULL) == FRIC_OK)
            return d;
    }
    return c;
}

static const char *const COMP_NAME[] = {"none",         "coulomb",      "stribeck",      "lugre",
                                        "lugre-adaptive", "lugre-oracle", "elastoplastic", "gms"};
static const char *const ARITH_NAME[] = {"double", "fixed", "rtl"};
static const char *const REF_NAME[] = {"sine", "step", "ramp", "csv"};

const char *fric_servo_comp_name(fric_servo_comp_t kind)
{
    return (unsigned)kind <= FRIC_SERVO_COMP_GMS ? COMP_NAME[kind] : "unknown";
}

const char *fric_servo_arith_name(fric_servo_arith_t arith)
{
    return (unsigned)arith < 3u ? ARITH_NAME[arith] : "unknown";
}

const char *fric_servo_ref_name(fric_servo_ref_t ref)
{
    return (unsigned)ref < 4u ? REF_NAME[ref] : "unknown";
}

/* ---- the drift ------------------------------------------------------------------------------ */

double fric_servo_thermal_step(const fric_servo_thermal_t *th, double temp, double p, double dt)
{
    const double tinf = th->ambient + th->r * p;
    return tinf + (temp - tinf) * exp(-dt / (th->r * th->c));
}

void fric_servo_thermal_mult(const fric_servo_thermal_t *th, double temp, double m[FRIC_SERVO_NPAR])
{
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) {
        const double lo = i == FRIC_SERVO_PAR_SIGMA2 ? 0.0 : FRIC_SERVO_DRIFT_MIN;
        m[i] = fmin(FRIC_SERVO_DRIFT_MAX, fmax(lo, 1.0 + th->k[i] * (temp - th->ambient)));
    }
}

bool fric_servo_drifting(const fric_servo_cfg_t *c)
{
    if (!c) return false;
    if (c->drift.prof_t || c->thermal.on) return true;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++)
        if (c->drift.end[i] != 1.0) return true;
    return false;
}

void fric_servo_drift_at(const fric_servo_cfg_t *c, double t, double m[FRIC_SERVO_NPAR])
{
    const fric_servo_drift_t *d = &c->drift;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) m[i] = 1.0;
    if (d->prof_t) {
        const double *tt = d->prof_t;
        const size_t n = d->prof_n;
        size_t lo = 0, hi = 0; /* the points around t, and the weight of hi */
        double w = 0.0;
        if (t >= tt[n - 1]) lo = hi = n - 1;
        else if (t > tt[0]) {
            hi = n - 1;
            while (hi - lo > 1) {
                const size_t mid = lo + (hi - lo) / 2;
                if (tt[mid] <= t) lo = mid;
                else hi = mid;
            }
            w = (t - tt[lo]) / (tt[hi] - tt[lo]);
        }
        for (int i = 0; i < FRIC_SERVO_NPAR; i++)
            if (d->prof_m[i]) m[i] = d->prof_m[i][lo] + w * (d->prof_m[i][hi] - d->prof_m[i][lo]);
        return;
    }
    const double a = c->duration > 0.0 ? fmin(1.0, fmax(0.0, t / c->duration)) : 1.0;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) m[i] = 1.0 + a * (d->end[i] - 1.0);
}

fric_lugre_cfg_t fric_servo_lugre_scaled(const fric_lugre_cfg_t *s, const double m[FRIC_SERVO_NPAR])
{
    fric_lugre_cfg_t r = *s;
    r.fc_pos *= m[FRIC_SERVO_PAR_FC];
    r.fc_neg *= m[FRIC_SERVO_PAR_FC];
    r.fs_pos *= m[FRIC_SERVO_PAR_FS];
    r.fs_neg *= m[FRIC_SERVO_PAR_FS];
    r.sigma2_pos *= m[FRIC_SERVO_PAR_SIGMA2];
    r.sigma2_neg *= m[FRIC_SERVO_PAR_SIGMA2];
    return r;
}

fric_model_t fric_servo_model_scaled(const fric_model_t *s, const double m[FRIC_SERVO_NPAR])
{
    fric_model_t r = *s;
    r.lugre = fric_servo_lugre_scaled(&s->lugre, m);
    r.ep.lugre = fric_servo_lugre_scaled(&s->ep.lugre, m);
    fric_stribeck_cfg_t *curves[] = {&r.stribeck, &r.gms.curve};
    for (size_t i = 0; i < 2; i++) {
        fric_stribeck_cfg_t *k = curves[i];
        k->fc_pos *= m[FRIC_SERVO_PAR_FC];
        k->fc_neg *= m[FRIC_SERVO_PAR_FC];
        k->fs_pos *= m[FRIC_SERVO_PAR_FS];
        k->fs_neg *= m[FRIC_SERVO_PAR_FS];
        k->b_pos *= m[FRIC_SERVO_PAR_SIGMA2];
        k->b_neg *= m[FRIC_SERVO_PAR_SIGMA2];
    }
    return r;
}

static const char *const PAR_NAME[FRIC_SERVO_NPAR] = {"fc", "fs", "sigma2"};

/* ---- validation -------------------------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static fric_status_t refuse(char *why, size_t len, const char *fmt, ...)
{
    if (why && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return FRIC_ERR_RANGE;
}

/* a whole number in [lo, hi] */
static bool whole(double x, double lo, double hi)
{
    return x >= lo && x <= hi && x == floor(x);
}

#define POSITIVE(x, name, what)                                                                                        \
    do {                                                                                                               \
        if (!((x) > 0.0 && isfinite(x)))                                                                               \
            return refuse(why, len, "--%s (%s) must be > 0, got %.6g", name, what, (x));                              \
    } while (0)
#define NONNEG(x, name, what)                                                                                          \
    do {                                                                                                               \
        if (!((x) >= 0.0 && isfinite(x)))                                                                              \
            return refuse(why, len, "--%s (%s) must be >= 0, got %.6g", name, what, (x));                             \
    } while (0)
#define WHOLE(x, name, what, lo, hi)                                                                                   \
    do {                                                                                                               \
        if (!whole((x), (lo), (hi)))                                                                                   \
            return refuse(why, len, "--%s (%s) must be an integer in [%.0f, %.0f], got %.9g", name, what, (lo), (hi), \
                          (x));                                                                                        \
    } while (0)

static fric_status_t check_ref(const fric_servo_cfg_t *c, char *why, size_t len)
{
    switch (c->ref) {
    case FRIC_SERVO_REF_SINE: POSITIVE(c->frequency, "frequency", "sine frequency, Hz"); break;
    case FRIC_SERVO_REF_STEP:
        POSITIVE(c->period, "period", "step period, s");
        if (!(c->rise_time >= 0.0 && c->rise_time <= 0.5 * c->period))
            return refuse(why, len, "--rise-time (s) must be in [0, period/2] = [0, %.6g], got %.6g", 0.5 * c->period,
                          c->rise_time);
        break;
    case FRIC_SERVO_REF_RAMP:
        if (!(fabs(c->speed) <= 1e3))
            return refuse(why, len, "--speed (ramp speed, rad/s) must be in [-1000, 1000], got %.6g", c->speed);
        break;
    case FRIC_SERVO_REF_TRAJECTORY:
        if (!c->traj_t || !c->traj_x) return refuse(why, len, "--reference csv needs --trajectory FILE (traj_t, traj_x)");
        if (c->traj_n < 2 || c->traj_n > FRIC_SERVO_MAX_TRAJ)
            return refuse(why, len, "--trajectory must hold 2 .. %d points t,theta, got %zu", FRIC_SERVO_MAX_TRAJ, c->traj_n);
        for (size_t i = 0; i < c->traj_n; i++) {
            if (!(isfinite(c->traj_t[i]) && isfinite(c->traj_x[i])))
                return refuse(why, len, "--trajectory point %zu: t and theta (s, rad) must be finite, got %.9g, %.9g", i,
                              c->traj_t[i], c->traj_x[i]);
            if (i > 0 && !(c->traj_t[i] > c->traj_t[i - 1]))
                return refuse(why, len, "--trajectory point %zu: t must increase strictly, got %.9g after %.9g", i,
                              c->traj_t[i], c->traj_t[i - 1]);
        }
        break;
    default: return refuse(why, len, "--reference must be sine, step, ramp or csv");
    }
    if ((c->ref == FRIC_SERVO_REF_SINE || c->ref == FRIC_SERVO_REF_STEP) && !(fabs(c->amplitude) <= 1e3))
        return refuse(why, len, "--amplitude (rad) must be in [-1000, 1000], got %.6g", c->amplitude);
    return FRIC_OK;
}

/* the drift: multipliers in range, a profile's times increasing */
static fric_status_t check_drift(const fric_servo_cfg_t *c, char *why, size_t len)
{
    const fric_servo_drift_t *d = &c->drift;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) {
        const double lo = i == FRIC_SERVO_PAR_SIGMA2 ? 0.0 : FRIC_SERVO_DRIFT_MIN;
        if (!(d->end[i] >= lo && d->end[i] <= FRIC_SERVO_DRIFT_MAX))
            return refuse(why, len, "--drift %s (the machine's %s multiplier at the end of the run) must be in [%g, %g], got %.6g",
                          PAR_NAME[i], PAR_NAME[i], lo, FRIC_SERVO_DRIFT_MAX, d->end[i]);
    }
    if (!d->prof_t) return FRIC_OK;
    bool ramp = false;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) ramp = ramp || d->end[i] != 1.0;
    if (ramp)
        return refuse(why, len, "--drift and --drift-profile exclude each other: give one");
    if (d->prof_n < 2 || d->prof_n > FRIC_SERVO_MAX_TRAJ)
        return refuse(why, len, "--drift-profile must hold 2 .. %d points, got %zu", FRIC_SERVO_MAX_TRAJ, d->prof_n);
    for (size_t k = 0; k < d->prof_n; k++) {
        if (!isfinite(d->prof_t[k]))
            return refuse(why, len, "--drift-profile point %zu: t (s) must be finite, got %.9g", k, d->prof_t[k]);
        if (k > 0 && !(d->prof_t[k] > d->prof_t[k - 1]))
            return refuse(why, len, "--drift-profile point %zu: t must increase strictly, got %.9g after %.9g", k,
                          d->prof_t[k], d->prof_t[k - 1]);
        for (int i = 0; i < FRIC_SERVO_NPAR; i++) {
            const double lo = i == FRIC_SERVO_PAR_SIGMA2 ? 0.0 : FRIC_SERVO_DRIFT_MIN;
            if (d->prof_m[i] && !(d->prof_m[i][k] >= lo && d->prof_m[i][k] <= FRIC_SERVO_DRIFT_MAX))
                return refuse(why, len, "--drift-profile point %zu: %s (the machine's %s multiplier) must be in [%g, %g], got %.6g",
                              k, PAR_NAME[i], PAR_NAME[i], lo, FRIC_SERVO_DRIFT_MAX, d->prof_m[i][k]);
        }
    }
    return FRIC_OK;
}

/* the thermal model: its constants in range, and not with a drift */
static fric_status_t check_thermal(fric_servo_cfg_t *c, char *why, size_t len)
{
    fric_servo_thermal_t *th = &c->thermal;
    if (!th->on) return FRIC_OK;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++)
        if (c->drift.end[i] != 1.0 || c->drift.prof_t)
            return refuse(why, len, "--thermal and --drift/--drift-profile exclude each other: give one");
    if (!(th->c > 0.0 && th->c <= FRIC_SERVO_THERMAL_C_MAX))
        return refuse(why, len, "--thermal c (the machine's heat capacity, J/K) must be in (0, %g], got %.6g",
                      FRIC_SERVO_THERMAL_C_MAX, th->c);
    if (!(th->r > 0.0 && th->r <= FRIC_SERVO_THERMAL_R_MAX))
        return refuse(why, len, "--thermal r (the thermal resistance to the ambient, K/W) must be in (0, %g], got %.6g",
                      FRIC_SERVO_THERMAL_R_MAX, th->r);
    if (!(th->ambient >= FRIC_SERVO_THERMAL_T_MIN && th->ambient <= FRIC_SERVO_THERMAL_T_MAX))
        return refuse(why, len, "--thermal ambient (the ambient temperature, degC) must be in [%g, %g], got %.6g",
                      FRIC_SERVO_THERMAL_T_MIN, FRIC_SERVO_THERMAL_T_MAX, th->ambient);
    if (isnan(th->t0)) th->t0 = th->ambient;
    if (!(th->t0 >= FRIC_SERVO_THERMAL_T_MIN && th->t0 <= FRIC_SERVO_THERMAL_T_MAX))
        return refuse(why, len, "--thermal t0 (the machine's temperature at t = 0, degC) must be in [%g, %g], got %.6g",
                      FRIC_SERVO_THERMAL_T_MIN, FRIC_SERVO_THERMAL_T_MAX, th->t0);
    static const char *const name[FRIC_SERVO_NPAR] = {"fc", "fs", "sigma2"};
    static const char *const what[FRIC_SERVO_NPAR] = {"Fc", "Fs", "sigma2"};
    for (int i = 0; i < FRIC_SERVO_NPAR; i++)
        if (!(th->k[i] >= -FRIC_SERVO_THERMAL_K_MAX && th->k[i] <= FRIC_SERVO_THERMAL_K_MAX))
            return refuse(why, len, "--thermal %s (the temperature coefficient of %s, 1/K) must be in [%g, %g], got %.6g",
                          name[i], what[i], -FRIC_SERVO_THERMAL_K_MAX, FRIC_SERVO_THERMAL_K_MAX, th->k[i]);
    return FRIC_OK;
}

/* the adaptation law's settings */
static fric_status_t check_adapt(fric_servo_cfg_t *c, char *why, size_t len)
{
    fric_servo_adapt_t *a = &c->adapt;
    if (c->comp.kind != FRIC_MODEL_LUGRE)
        return refuse(why, len, "--compensation lugre-adaptive needs a lugre set (--comp-params), got %s",
                      fric_model_name(c->comp.kind));
    if (!(a->rate > 0.0 && isfinite(a->rate)))
        return refuse(why, len, "--adapt-rate (law updates per second, Hz) must be > 0, got %.6g", a->rate);
    const double w = nearbyint(1.0 / (a->rate * c->ts));
    if (!(w >= 16.0 && w <= 65536.0))
        return refuse(why, len, "--adapt-rate (law updates per second, Hz) must be in [%.6g, %.6g] (a window of 16 .. "
                      "65536 samples of --ts), got %.6g", 1.0 / (65536.0 * c->ts), 1.0 / (16.0 * c->ts), a->rate);
    if (!(a->gain > 0.0 && a->gain <= 1.0))
        return refuse(why, len, "--adapt-gain (share of each window's correction) must be in (0, 1], got %.6g", a->gain);
    if (!(a->lo >= 0.1 && a->lo <= 1.0 && a->hi >= 1.0 && a->hi <= 10.0))
        return refuse(why, len, "--adapt-bounds LO,HI (the estimates' multipliers) must have LO in [0.1, 1] and HI in "
                      "[1, 10], got %.6g,%.6g", a->lo, a->hi);
    if (!(a->slew > 0.0 && a->slew <= 100.0))
        return refuse(why, len, "--adapt-slew (the most a multiplier moves per second, 1/s) must be in (0, 100], got %.6g",
                      a->slew);
    if (!(a->dead_zone >= 0.0 && a->dead_zone <= 0.5))
        return refuse(why, len, "--adapt-dead-zone (share of Fc) must be in [0, 0.5], got %.6g", a->dead_zone);
    if (isnan(a->v_gate)) a->v_gate = 10.0 * c->comp.lugre.vs;
    POSITIVE(a->v_gate, "adapt-gate", "the least reference speed the law uses, rad/s");
    return FRIC_OK;
}

/* the compensator's set, of a kind its mode reads */
static fric_status_t check_comp(const fric_servo_cfg_t *c, char *why, size_t len)
{
    const fric_model_kind_t k = c->comp.kind;
    const bool ok = c->comp_kind == FRIC_SERVO_COMP_COULOMB    ? k == FRIC_MODEL_COULOMB || k == FRIC_MODEL_VISCOUS
                    : c->comp_kind == FRIC_SERVO_COMP_STRIBECK ? k == FRIC_MODEL_COULOMB || k == FRIC_MODEL_VISCOUS ||
                                                                     k == FRIC_MODEL_STRIBECK
                    : c->comp_kind == FRIC_SERVO_COMP_ELASTOPLASTIC ? k == FRIC_MODEL_ELASTOPLASTIC
                    : c->comp_kind == FRIC_SERVO_COMP_GMS           ? k == FRIC_MODEL_GMS
                                                               : k == FRIC_MODEL_LUGRE || k == FRIC_MODEL_DAHL;
    if (!ok)
        return refuse(why, len, "--comp-params: a %s set cannot serve --compensation %s (without --comp-params the set is "
                      "the machine's; coulomb: coulomb or viscous; "
                      "stribeck: a static set; lugre: lugre or dahl; elastoplastic: elastoplastic; gms: gms)",
                      fric_model_name(k), COMP_NAME[c->comp_kind]);
    const fric_status_t st = k == FRIC_MODEL_ELASTOPLASTIC ? fric_ep_check(&c->comp.ep)
                             : k == FRIC_MODEL_GMS         ? fric_gms_check(&c->comp.gms)
                             : fric_model_dynamic(&c->comp) ? fric_lugre_check(&c->comp.lugre)
                                                            : fric_stribeck_check(&c->comp.stribeck);
    if (st != FRIC_OK) return refuse(why, len, "--comp-params: %s", fric_status_message(st));
    return FRIC_OK;
}

/* The encoder's scale GAIN / 2^SHIFT (docs/board.md): codes per count per
 * tick, f_tick 2^(W-1) / (counts per rad v_max), to within 1e-3. */
static fric_status_t encoder_scale(fric_servo_cfg_t *c, char *why, size_t len)
{
    const double ratio = (TWO_PI / c->counts_per_rev / c->ts) / c->comp_fx.rep.v_lsb;
    if (c->enc_gain != 0) {
        if (c->enc_gain > 65535u || c->enc_shift > 31u)
            return refuse(why, len, "the encoder's GAIN must be in [1, 65535] and SHIFT in [0, 31], got %u, %u",
                          c->enc_gain, c->enc_shift);
        return FRIC_OK;
    }
    for (int sh = 31; sh >= 0; sh--) {
        const double g = nearbyint(ldexp(ratio, sh));
        if (g > 65535.0 || g < 1.0) continue;
        if (fabs(ldexp(g, -sh) / ratio - 1.0) > 1e-3) break;
        c->enc_gain = (uint32_t)g;
        c->enc_shift = (uint32_t)sh;
        return FRIC_OK;
    }
    return refuse(why, len, "--counts-per-rev, --ts and --v-max give an encoder scale of %.6g velocity codes per count "
                  "per tick, which GAIN (U,16,0) / 2^SHIFT cannot hold to 1e-3: it must lie in [%.3g, 65535]; "
                  "change --v-max or --counts-per-rev", ratio, 1000.0 * ldexp(1.0, -31));
}

fric_status_t fric_servo_prepare(fric_servo_cfg_t *c, char *why, size_t len)
{
    if (why && len) why[0] = '\0';
    if (!c) return FRIC_ERR_NULL;
    /* the plant */
    POSITIVE(c->inertia, "inertia", "motor-side inertia, kg*m^2");
    NONNEG(c->load_damping, "load-damping", "viscous load, N*m*s/rad");
    NONNEG(c->compliance, "compliance", "shaft stiffness, N*m/rad");
    const bool compliant = c->compliance > 0.0;
    if (!compliant && (!isnan(c->load_inertia) || !isnan(c->compliance_damping)))
        return refuse(why, len, "--%s applies only with --compliance > 0 (a two-inertia axis)",
                      !isnan(c->load_inertia) ? "load-inertia" : "compliance-damping");
    double jr = c->inertia; /* the reduced inertia of the two, with a shaft */
    if (compliant) {
        if (isnan(c->load_inertia)) c->load_inertia = c->inertia;
        POSITIVE(c->load_inertia, "load-inertia", "load inertia, kg*m^2");
        jr = c->inertia * c->load_inertia / (c->inertia + c->load_inertia);
        if (isnan(c->compliance_damping)) c->compliance_damping = 2.0 * 0.05 * sqrt(c->compliance * jr);
        NONNEG(c->compliance_damping, "compliance-damping", "shaft damping, N*m*s/rad");
    }
    /* the encoder, the controller, the run */
    WHOLE(c->counts_per_rev, "counts-per-rev", "encoder counts per revolution", 4.0, 1073741824.0);
    WHOLE(c->substeps, "substeps", "plant steps per servo period", 1.0, 1000.0);
    if (!(c->ts > 0.0 && c->ts <= 0.01))
        return refuse(why, len, "--ts (servo period, s) must be in (0, 0.01], got %.6g", c->ts);
    if (!(c->bandwidth > 0.0 && c->bandwidth <= 0.1 / c->ts))
        return refuse(why, len, "--bandwidth (velocity-loop crossover, Hz) must be in (0, %.6g] (a tenth of the sample "
                      "rate), got %.6g", 0.1 / c->ts, c->bandwidth);
    const double wv = TWO_PI * c->bandwidth, jt = compliant ? c->inertia + c->load_inertia : c->inertia;
    if (isnan(c->kv)) c->kv = jt * wv;
    if (isnan(c->ki)) c->ki = c->kv * wv / 4.0;
    if (isnan(c->kp)) c->kp = wv / 6.0;
    NONNEG(c->kp, "kp", "position gain, 1/s");
    NONNEG(c->kv, "kv", "velocity gain, N*m*s/rad");
    NONNEG(c->ki, "ki", "velocity integral gain, N*m/rad");
    POSITIVE(c->u_max, "u-max", "torque limit, N*m");
    if (!(c->duration > 0.0 && c->duration <= FRIC_SERVO_MAX_DURATION))
        return refuse(why, len, "--duration (simulated time, s) must be in (0, %.0f], got %.6g", FRIC_SERVO_MAX_DURATION,
                      c->duration);
    if (c->duration < c->ts)
        return refuse(why, len, "--duration (simulated time, s) must be >= --ts (%.6g s), got %.6g", c->ts, c->duration);
    if (c->duration / c->ts > FRIC_SERVO_MAX_SAMPLES)
        return refuse(why, len, "--duration / --ts must be <= %.0e samples, got %.3g", FRIC_SERVO_MAX_SAMPLES,
                      c->duration / c->ts);
    if (isnan(c->lc_window)) c->lc_window = 0.25 * c->duration;
    if (!(c->lc_window >= c->ts && c->lc_window <= c->duration))
        return refuse(why, len, "--lc-window (limit-cycle window, s) must be in [ts, duration] = [%.6g, %.6g], got %.6g",
                      c->ts, c->duration, c->lc_window);
    /* the reference */
    fric_status_t st = check_ref(c, why, len);
    if (st != FRIC_OK) return st;
    /* the compensation */
    if ((unsigned)c->comp_kind > FRIC_SERVO_COMP_GMS)
        return refuse(why, len, "--compensation must be none, coulomb, stribeck, lugre, lugre-adaptive, lugre-oracle, "
                      "elastoplastic or gms");
    if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ORACLE && c->arith != FRIC_SERVO_ARITH_DOUBLE)
        return refuse(why, len, "--compensation lugre-oracle runs in --comp-arith double only");
    if ((unsigned)c->arith > FRIC_SERVO_ARITH_CORE) return refuse(why, len, "--comp-arith must be double, fixed or rtl");
    if (c->arith != FRIC_SERVO_ARITH_DOUBLE && c->comp_kind == FRIC_SERVO_COMP_NONE)
        return refuse(why, len, "--comp-arith %s needs a compensator (--compensation coulomb|stribeck|lugre)",
                      ARITH_NAME[c->arith]);
    if (c->arith == FRIC_SERVO_ARITH_CORE && c->comp_kind != FRIC_SERVO_COMP_LUGRE &&
        c->comp_kind != FRIC_SERVO_COMP_LUGRE_ADAPTIVE)
        return refuse(why, len, "--comp-arith rtl needs --compensation lugre or lugre-adaptive (the core in the loop is "
                      "fric_lugre)");
    if (!isnan(c->stick_threshold)) POSITIVE(c->stick_threshold, "stick-threshold", "stuck below it, rad/s");
    /* the machine: a LuGre, elasto-plastic or GMS set, whose state the plant's step resolves */
    const fric_model_kind_t mk = c->machine.kind;
    if (mk != FRIC_MODEL_LUGRE && mk != FRIC_MODEL_ELASTOPLASTIC && mk != FRIC_MODEL_GMS)
        return refuse(why, len, "--model (the machine's friction) must be lugre, elastoplastic or gms");
    st = mk == FRIC_MODEL_GMS ? fric_gms_check(&c->machine.gms)
         : mk == FRIC_MODEL_ELASTOPLASTIC ? fric_ep_check(&c->machine.ep) : fric_lugre_check(&c->machine.lugre);
    if (st != FRIC_OK) return refuse(why, len, "%s", fric_status_message(st));
    /* the contact's stiffness and damping: the bristles', or the GMS elements' in parallel */
    double sig0 = c->machine.lugre.sigma0, sig1 = c->machine.lugre.sigma1;
    if (mk == FRIC_MODEL_GMS) {
        sig0 = sig1 = 0.0;
        for (unsigned i = 0; i < c->machine.gms.n; i++) sig0 += c->machine.gms.k[i];
    }
    const double h = c->ts / c->substeps;
    double hmax = sig0 > 0.0 ? 0.2 * sqrt(c->inertia / sig0) : INFINITY;
    if (sig1 > 0.0) hmax = fmin(hmax, 0.2 * c->inertia / sig1);
    if (compliant) hmax = fmin(hmax, 0.2 * sqrt(jr / c->compliance));
    if (h > hmax)
        return refuse(why, len, "--substeps must be >= %.0f: the plant step ts/substeps = %.3g s exceeds %.3g s, a fifth of "
                      "the fastest time constant of the %s%s", ceil(c->ts / hmax), h, hmax,
                      mk == FRIC_MODEL_GMS ? "GMS elements" : "bristles",
                      compliant ? " and the shaft" : "");
    if (isnan(c->stick_threshold)) c->stick_threshold = c->machine.stribeck.vs / 10.0;
    if ((st = check_drift(c, why, len)) != FRIC_OK) return st;
    if ((st = check_thermal(c, why, len)) != FRIC_OK) return st;
    /* the compensator, and the velocity code's format */
    if (c->comp_kind != FRIC_SERVO_COMP_NONE && (st = check_comp(c, why, len)) != FRIC_OK) return st;
    if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE && (st = check_adapt(c, why, len)) != FRIC_OK) return st;
    if (c->comp_kind != FRIC_SERVO_COMP_NONE && c->arith != FRIC_SERVO_ARITH_DOUBLE) {
        if (!(c->f_max >= 0.0))
            return refuse(why, len, "--f-max (force full scale, N) must be > 0 (leave it out for automatic), got %.6g", c->f_max);
        fric_compile_opts_t o = fric_compile_opts_default();
        o.width = c->width;
        o.v_max = c->v_max;
        o.f_max = c->f_max;
        o.ts = c->ts;
        if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE) {
            /* every set the law may commit compiles at one force scale: the
             * bounds' corners, the upper one setting an automatic scale */
            fric_model_fx_t corner;
            for (int j = 0; j < 2; j++) {
                const double b = j == 0 ? c->adapt.hi : c->adapt.lo, m[FRIC_SERVO_NPAR] = {b, b, b};
                const fric_lugre_cfg_t cl = fric_servo_lugre_scaled(&c->comp.lugre, m);
                if (fric_compile_lugre(&cl, &o, &corner.l, &corner.rep) != FRIC_OK)
                    return refuse(why, len, "--adapt-bounds: the compensator's set at %g times Fc, Fs and sigma2 does not "
                                  "compile: %s", b, corner.rep.why);
                o.f_max = corner.rep.f_max;
            }
        }
        if ((st = fric_model_compile(&c->comp, &o, &c->comp_fx)) != FRIC_OK) return refuse(why, len, "%s", c->comp_fx.rep.why);
    } else {
        if (c->width != 16 && c->width != 18) return refuse(why, len, "%s", fric_status_message(FRIC_ERR_FX_WIDTH));
        const double lsb = ldexp(c->v_max, -(int)(c->width - 1));
        if (!(c->v_max > 0.0 && c->v_max <= 1e6 && lsb >= 2.2250738585072014e-308))
            return refuse(why, len, "--v-max (velocity full scale of the encoder's code, rad/s) must be in (0, 1e6], got %.6g",
                          c->v_max);
        memset(&c->comp_fx, 0, sizeof c->comp_fx);
        c->comp_fx.rep.width = c->width;
        c->comp_fx.rep.v_max = c->v_max;
        c->comp_fx.rep.v_lsb = lsb;
        c->comp_fx.rep.ts = c->ts;
    }
    return encoder_scale(c, why, len);
}

/* ---- the run ------------------------------------------------------------------------------------- */

typedef struct {
    double x, v;   /* motor side: the encoder's and the friction's */
    double xl, vl; /* load side (compliant axis; the motor's when rigid) */
    fric_model_state_t z; /* the machine's friction state */
} plant_t;

/* the reference at t: position, velocity, acceleration */
static void reference(const fric_servo_cfg_t *c, double t, double *x, double *v, double *a)
{
    *x = *v = *a = 0.0;
    switch (c->ref) {
    case FRIC_SERVO_REF_SINE: {
        /* A (1 - cos wt): from rest, through zero velocity every half period */
        const double w = TWO_PI * c->frequency;
        *x = c->amplitude * (1.0 - cos(w * t));
        *v = c->amplitude * w * sin(w * t);
        *a = c->amplitude * w * w * cos(w * t);
        break;
    }
    case FRIC_SERVO_REF_STEP: {
        /* up at the start of each period, down at its half; each move a
         * half-cosine over the rise time (a profile generator's), or a jump */
        const double half = 0.5 * c->period, tp = fmod(t, c->period), tau = tp < half ? tp : tp - half;
        const double from = tp < half ? 0.0 : c->amplitude, to = tp < half ? c->amplitude : 0.0;
        if (tau >= c->rise_time) {
            *x = to;
        } else {
            const double w = 3.141592653589793 / c->rise_time, d = to - from;
            *x = from + 0.5 * d * (1.0 - cos(w * tau));
            *v = 0.5 * d * w * sin(w * tau);
            *a = 0.5 * d * w * w * cos(w * tau);
        }
        break;
    }
    case FRIC_SERVO_REF_RAMP:
        *x = c->speed * t;
        *v = c->speed;
        break;
    case FRIC_SERVO_REF_TRAJECTORY: {
        const double *tt = c->traj_t, *xx = c->traj_x;
        const size_t n = c->traj_n;
        if (t < tt[0]) *x = xx[0];
        else if (t >= tt[n - 1]) *x = xx[n - 1];
        else {
            size_t lo = 0, hi = n - 1; /* tt[lo] <= t < tt[hi] */
            while (hi - lo > 1) {
                const size_t mid = lo + (hi - lo) / 2;
                if (tt[mid] <= t) lo = mid;
                else hi = mid;
            }
            *v = (xx[hi] - xx[lo]) / (tt[hi] - tt[lo]);
            *x = xx[lo] + *v * (t - tt[lo]);
        }
        break;
    }
    }
}

/* derivatives of the compliant axis for torque u and held friction f */
static void deriv2(const fric_servo_cfg_t *c, const double y[4], double u, double f, double d[4])
{
    const double shaft = c->compliance * (y[0] - y[2]) + c->compliance_damping * (y[1] - y[3]);
    d[0] = y[1];
    d[1] = (u - f - shaft) / c->inertia;
    d[2] = y[3];
    d[3] = (shaft - c->load_damping * y[3]) / c->load_inertia;
}

/* One plant step of h with torque u: the friction takes its model's step
 * (LuGre's exact bristle step, the elasto-plastic bounded one, GMS's exact
 * one) at the step's initial motor velocity and is held over it; returns it. */
static double plant_step(const fric_servo_cfg_t *c, const fric_model_t *ml, plant_t *p, double u, double h)
{
    const double f = fric_model_step(ml, &p->z, p->v, h);
    if (c->compliance > 0.0) {
        /* RK4 on the two inertias, the friction held */
        double y[4] = {p->x, p->v, p->xl, p->vl}, k1[4], k2[4], k3[4], k4[4], t[4];
        deriv2(c, y, u, f, k1);
        for (int i = 0; i < 4; i++) t[i] = y[i] + 0.5 * h * k1[i];
        deriv2(c, t, u, f, k2);
        for (int i = 0; i < 4; i++) t[i] = y[i] + 0.5 * h * k2[i];
        deriv2(c, t, u, f, k3);
        for (int i = 0; i < 4; i++) t[i] = y[i] + h * k3[i];
        deriv2(c, t, u, f, k4);
        for (int i = 0; i < 4; i++) y[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        p->x = y[0];
        p->v = y[1];
        p->xl = y[2];
        p->vl = y[3];
        return f;
    }
    /* rigid: J v' = u - f - b v, exact for the held torque */
    const double j = c->inertia, b = c->load_damping;
    if (b > 0.0) {
        const double vinf = (u - f) / b, e = exp(-b * h / j);
        p->x += vinf * h + (p->v - vinf) * (1.0 - e) * j / b;
        p->v = vinf + (p->v - vinf) * e;
    } else {
        const double a = (u - f) / j;
        p->x += p->v * h + 0.5 * a * h * h;
        p->v += a * h;
    }
    p->xl = p->x;
    p->vl = p->v;
    return f;
}

/* the encoder's count at angle x: floor(x cpr / 2 pi), modulo 2^32 as the
 * hardware's counter wraps; *ok false when beyond +-2^53 counts */
static uint32_t enc_count(const fric_servo_cfg_t *c, double x, bool *ok)
{
    const double n = floor(x * c->counts_per_rev / TWO_PI);
    if (!(fabs(n) < 9007199254740992.0)) {
        *ok = false;
        return 0;
    }
    const int64_t ci = (int64_t)n;
    return (uint32_t)((uint64_t)ci & 0xFFFFFFFFu);
}

void fric_servo_result_free(fric_servo_result_t *r)
{
    if (!r) return;
    double **a[] = {&r->win, &r->pt, &r->pe, &r->pvr, &r->pv, &r->pvm, &r->pf, &r->pfh};
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
        free(*a[i]);
        *a[i] = NULL;
    }
}

static fric_status_t diverged(fric_servo_state_t *st, double t, size_t k, const char *what, double v)
{
    snprintf(st->why, sizeof st->why, "at t = %.9g s (sample %zu) %s = %g: the loop diverged; lower the gains or "
             "--bandwidth, or raise --substeps", t, k, what, v);
    return FRIC_ERR_DIVERGED;
}

/* What the loop relies on, of what fric_servo_prepare() leaves behind: with
 * these, every step is bounded and defined. */
static bool prepared(const fric_servo_cfg_t *c)
{
    const bool fx = c->comp_kind != FRIC_SERVO_COMP_NONE && c->arith != FRIC_SERVO_ARITH_DOUBLE;
    return c->ts > 0.0 && c->ts <= 0.01 && (!c->thermal.on || isfinite(c->thermal.t0)) && whole(c->substeps, 1.0, 1000.0) && whole(c->counts_per_rev, 4.0, 1073741824.0) &&
           c->enc_gain >= 1u && c->enc_gain <= 65535u && c->enc_shift <= 31u && (c->width == 16 || c->width == 18) &&
           c->comp_fx.rep.width == c->width && c->comp_fx.rep.v_lsb > 0.0 &&
           (c->machine.kind == FRIC_MODEL_LUGRE || c->machine.kind == FRIC_MODEL_ELASTOPLASTIC ||
            c->machine.kind == FRIC_MODEL_GMS) &&
           (unsigned)c->comp_kind <= FRIC_SERVO_COMP_GMS && (!fx || c->comp_fx.gms == (c->comp_kind == FRIC_SERVO_COMP_GMS)) &&
           (!fx || c->comp_fx.ep == (c->comp_kind == FRIC_SERVO_COMP_ELASTOPLASTIC)) && (unsigned)c->arith <= FRIC_SERVO_ARITH_CORE &&
           (unsigned)c->ref <= FRIC_SERVO_REF_TRAJECTORY &&
           (c->ref != FRIC_SERVO_REF_TRAJECTORY || (c->traj_t && c->traj_x && c->traj_n >= 2)) &&
           (!fx || (c->comp_fx.rep.f_lsb > 0.0 && c->comp_fx.dynamic == FRIC_SERVO_COMP_IS_LUGRE(c->comp_kind))) &&
           (c->comp_kind != FRIC_SERVO_COMP_LUGRE_ADAPTIVE ||
            (c->comp.kind == FRIC_MODEL_LUGRE && c->adapt.v_gate > 0.0 && nearbyint(1.0 / (c->adapt.rate * c->ts)) >= 16.0 &&
             nearbyint(1.0 / (c->adapt.rate * c->ts)) <= 65536.0 && c->adapt.lo >= 0.1 && c->adapt.hi <= 10.0)) &&
           (c->arith != FRIC_SERVO_ARITH_CORE || c->comp_kind == FRIC_SERVO_COMP_LUGRE ||
            c->comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE);
}

/* ---- the adaptation law -------------------------------------------------------------------------- */

/* The law is the drive MCU's code, integers only (fric_adapt.c). What stays
 * here is the sensor scaling: its constants, computed once from cfg, and
 * its inputs quantized to codes, the torques in codes of u_max / 2^15 and
 * the speeds in velocity codes, each rounded and limited to
 * +-FRIC_ADAPT_LIM. */

#define LAW_Q FRIC_ADAPT_Q

/* a double to a code, rounded and limited to +-FRIC_ADAPT_LIM */
static int32_t law_code(double x, double lsb)
{
    const double q = nearbyint(x / lsb);
    return q >= (double)FRIC_ADAPT_LIM ? (int32_t)FRIC_ADAPT_LIM : q <= -(double)FRIC_ADAPT_LIM ? -(int32_t)FRIC_ADAPT_LIM : (int32_t)q;
}

/* the torque codes' LSB */
static double law_u_lsb(const fric_servo_cfg_t *c) { return ldexp(c->u_max, -15); }

/* the law's constants, from cfg (the MCU's, computed once) */
static fric_adapt_cfg_t law_consts(const fric_servo_cfg_t *c)
{
    fric_adapt_cfg_t k;
    const fric_lugre_cfg_t *l = &c->comp.lugre;
    const double u_lsb = law_u_lsb(c), v_lsb = c->comp_fx.rep.v_lsb;
    k.fc[0] = law_code(l->fc_pos, u_lsb);
    k.fc[1] = law_code(l->fc_neg, u_lsb);
    const double s2q = ldexp(v_lsb / u_lsb, 24);
    k.s2[0] = (int64_t)fmin(nearbyint(l->sigma2_pos * s2q), (double)FRIC_ADAPT_S2_MAX);
    k.s2[1] = (int64_t)fmin(nearbyint(l->sigma2_neg * s2q), (double)FRIC_ADAPT_S2_MAX);
    k.gate = (int64_t)fmin(ceil(c->adapt.v_gate / v_lsb), (double)FRIC_ADAPT_LIM);
    k.acc_gate = (k.fc[0] < k.fc[1] ? k.fc[0] : k.fc[1]);
    k.win = (uint32_t)nearbyint(1.0 / (c->adapt.rate * c->ts));
    k.gain = (int64_t)nearbyint(ldexp(c->adapt.gain, LAW_Q));
    k.lo = (int64_t)nearbyint(ldexp(c->adapt.lo, LAW_Q));
    k.hi = (int64_t)nearbyint(ldexp(c->adapt.hi, LAW_Q));
    k.slew = (int64_t)fmax(1.0, nearbyint(ldexp(c->adapt.slew * k.win * c->ts, LAW_Q)));
    k.dz = (int64_t)nearbyint(ldexp(c->adapt.dead_zone, LAW_Q));
    k.sigma2 = c->adapt.sigma2;
    return k;
}

/* Commit the law's multipliers to the observer: its double set and, for
 * the fixed-point and core modes, the set compiled at the prepared force
 * scale (the state w keeps its meaning: the same f_max and guard bits). */
static fric_status_t law_commit(const fric_servo_cfg_t *c, fric_servo_state_t *st, const fric_servo_hooks_t *hooks)
{
    const double m0 = ldexp(st->law.m[0], -LAW_Q), m1 = ldexp(st->law.m[1], -LAW_Q);
    const double m[FRIC_SERVO_NPAR] = {m0, m0, m1};
    const fric_lugre_cfg_t cl = fric_servo_lugre_scaled(&c->comp.lugre, m);
    if (c->arith != FRIC_SERVO_ARITH_DOUBLE) {
        fric_compile_opts_t o = fric_compile_opts_default();
        o.width = c->width;
        o.v_max = c->v_max;
        o.f_max = c->comp_fx.rep.f_max;
        o.ts = c->ts;
        fric_model_fx_t fx;
        if (fric_compile_lugre(&cl, &o, &fx.l, &fx.rep) != FRIC_OK) {
            snprintf(st->why, sizeof st->why, "the adapted set (Fc x %.6g, sigma2 x %.6g) does not compile: %.150s", m0,
                     m1, fx.rep.why);
            return FRIC_ERR_RANGE;
        }
        st->cl_fx = fx.l;
        if (c->arith == FRIC_SERVO_ARITH_CORE && hooks && hooks->core_retune &&
            hooks->core_retune(hooks->ctx, st->k, &st->cl_fx) != 0) {
            snprintf(st->why, sizeof st->why, "after sample %zu the core did not take the adapted set", st->k);
            return FRIC_ERR_STOPPED;
        }
    }
    st->cl = cl;
    st->a_retunes++;
    return FRIC_OK;
}

fric_status_t fric_servo_init(const fric_servo_cfg_t *c, const fric_servo_hooks_t *hooks, fric_servo_state_t *st)
{
    if (!st) return FRIC_ERR_NULL;
    memset(st, 0, sizeof *st);
    if (!c) return FRIC_ERR_NULL;
    if (!prepared(c)) {
        snprintf(st->why, sizeof st->why, "the configuration is not prepared: call fric_servo_prepare() first");
        return FRIC_ERR_RANGE;
    }
    fric_fx_lugre_reset(&st->fz);
    st->cl = c->comp.lugre;
    st->cl_fx = c->comp_fx.l;
    fric_adapt_reset(&st->law);
    st->temp = c->thermal.on ? c->thermal.t0 : NAN;
    if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE) {
        st->law_k = law_consts(c);
        if (fric_adapt_check(&st->law_k) != FRIC_OK) {
            snprintf(st->why, sizeof st->why, "the adaptation law's constants are out of range (fric_adapt_check)");
            return FRIC_ERR_RANGE;
        }
    }
    bool ok = true;
    st->pos_prev = enc_count(c, st->x, &ok);
    if (c->arith == FRIC_SERVO_ARITH_CORE && hooks && hooks->core_start && hooks->core_start(hooks->ctx, &c->comp_fx.l) != 0) {
        snprintf(st->why, sizeof st->why, "the core failed to start");
        return FRIC_ERR_STOPPED;
    }
    return FRIC_OK;
}

fric_status_t fric_servo_step(const fric_servo_cfg_t *c, fric_servo_state_t *st, const fric_servo_hooks_t *hooks,
                              fric_servo_sample_t *row)
{
    if (!c || !st || !row) return FRIC_ERR_NULL;
    const size_t k = st->k;
    const int substeps = (int)c->substeps;
    const double ts = c->ts, h = ts / substeps, v_lsb = c->comp_fx.rep.v_lsb, f_lsb = c->comp_fx.rep.f_lsb;
    const bool fixed = c->arith != FRIC_SERVO_ARITH_DOUBLE;
    const double cnt = TWO_PI / c->counts_per_rev;
    const double t = (double)k * ts;
    /* the machine's set over the period */
    double dm[FRIC_SERVO_NPAR];
    if (c->thermal.on) fric_servo_thermal_mult(&c->thermal, st->temp, dm);
    else fric_servo_drift_at(c, t, dm);
    const fric_model_t ml = fric_servo_model_scaled(&c->machine, dm);
    /* sample: the encoder, the reference, the controller, the compensator */
    bool ok = true;
    const uint32_t pos = enc_count(c, st->x, &ok);
    if (!ok) return diverged(st, t, k, "the angle, beyond 2^53 encoder counts, theta [rad]", st->x);
    const int32_t vcode = fric_fx_enc_velocity(c->comp_fx.rep.width, pos, st->pos_prev, c->enc_gain, c->enc_shift, &st->flags);
    st->pos_prev = pos;
    const double vm = vcode * v_lsb;
    /* the position the encoder reads: the count as a signed 64-bit number */
    const double xm = floor(st->x * c->counts_per_rev / TWO_PI) * cnt;
    double xr, vr, ar;
    reference(c, t, &xr, &vr, &ar);
    const double vcmd = c->kp * (xr - xm) + vr;
    const double ev = vcmd - vm;
    double fhat = 0.0;
    switch (c->comp_kind) {
    case FRIC_SERVO_COMP_NONE: fhat = 0.0; break;
    case FRIC_SERVO_COMP_COULOMB:
    case FRIC_SERVO_COMP_STRIBECK:
        fhat = !fixed ? fric_model_steady_force(&c->comp, vm) : fric_fx_stribeck(&c->comp_fx.s, vcode, &st->flags, NULL) * f_lsb;
        break;
    case FRIC_SERVO_COMP_LUGRE:
    case FRIC_SERVO_COMP_LUGRE_ADAPTIVE:
    case FRIC_SERVO_COMP_LUGRE_ORACLE:
        /* the oracle is told the machine's drift at the sample */
        if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ORACLE) st->cl = fric_servo_lugre_scaled(&c->comp.lugre, dm);
        if (!fixed) {
            fhat = fric_lugre_step(&st->cl, &st->cz, vm, ts);
        } else {
            const int32_t fc = fric_fx_lugre_step(&st->cl_fx, &st->fz, vcode, &st->flags, NULL);
            if (c->arith == FRIC_SERVO_ARITH_CORE && hooks && hooks->core_sample) {
                if (hooks->core_sample(hooks->ctx, k, t, vcode, fc) != 0) {
                    snprintf(st->why, sizeof st->why, "at t = %.9g s (sample %zu) the core differed from the "
                             "fixed-point model", t, k);
                    return FRIC_ERR_STOPPED;
                }
                st->core_checked++;
            }
            fhat = fc * f_lsb;
        }
        break;
    case FRIC_SERVO_COMP_ELASTOPLASTIC:
        fhat = !fixed ? fric_model_step(&c->comp, &st->cm, vm, ts)
                      : fric_fx_ep_step(&c->comp_fx.e, &st->fz, vcode, &st->flags, NULL) * f_lsb;
        break;
    case FRIC_SERVO_COMP_GMS:
        fhat = !fixed ? fric_model_step(&c->comp, &st->cm, vm, ts)
                      : fric_fx_gms_step(&c->comp_fx.g, &st->gz, vcode, &st->flags) * f_lsb;
        break;
    }
    const double jt = c->compliance > 0.0 ? c->inertia + c->load_inertia : c->inertia;
    const double ff = c->accel_ff ? jt * ar : 0.0;
    const double upi = c->kv * ev + st->integ;
    const double want = upi + fhat + ff;
    const double u = fmax(-c->u_max, fmin(c->u_max, want));
    const bool sat = u != want;
    /* anti-windup: no integration that drives the limit further */
    if (!sat || (want > 0.0) != (ev > 0.0)) st->integ += c->ki * ev * ts;
    /* the observer's set at this sample, and the adaptation law: the
     * window's sample, and at its end the update, committed for the next sample */
    const double par_hat[FRIC_SERVO_NPAR] = {st->cl.fc_pos, st->cl.fs_pos, st->cl.sigma2_pos};
    if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE && isfinite(u)) {
        const double u_lsb = law_u_lsb(c);
        const fric_adapt_in_t in = {law_code(vr, v_lsb), law_code(jt * ar, u_lsb), vcode,
                                    law_code(u - ff - c->load_damping * vm, u_lsb), sat};
        st->law_in = in;
        if (fric_adapt_sample(&st->law_k, &st->law, &in) && fric_adapt_update(&st->law_k, &st->law)) {
            st->a_updates++;
            const fric_status_t cs = law_commit(c, st, hooks);
            if (cs != FRIC_OK) return cs;
        }
    }
    /* the sample's values, from the true state at t */
    const double e = xr - st->xl, evel = vr - st->vl;
    if (!isfinite(u)) return diverged(st, t, k, "the torque, not finite, u [N*m]", u);
    if (!isfinite(e)) return diverged(st, t, k, "the position error, not finite, e [rad]", e);
    if (!isfinite(evel)) return diverged(st, t, k, "the velocity error, not finite [rad/s]", evel);
    if (!(isfinite(fhat) && isfinite(st->integ)))
        return diverged(st, t, k, "the compensator's estimate or integrator, not finite [N*m]", fhat + st->integ);
    /* the plant over the period */
    double fsum = 0.0, esum = 0.0;
    plant_t q = {st->x, st->v, st->xl, st->vl, {st->z.z, st->gms}};
    for (int i = 0; i < substeps; i++) {
        const double x0 = q.x, f = plant_step(c, &ml, &q, u, h);
        fsum += f;
        /* the energy the friction dissipates over the plant step: held over it, |F dx| */
        esum += fabs(f * (q.x - x0));
    }
    /* the true friction and its power: their means over the period */
    const double ftrue = fsum / substeps, power = esum / ts;
    if (!(isfinite(q.x) && isfinite(q.v) && isfinite(q.xl) && isfinite(q.vl) && isfinite(ftrue)))
        return diverged(st, t, k, "the axis' state, not finite, theta [rad]", q.x);
    const fric_servo_sample_t x = {.k = k, .t = t, .theta_ref = xr, .theta = st->xl, .omega_ref = vr, .omega = st->vl,
                                   .omega_meas = vm, .error = e, .u = u, .friction = ftrue, .estimate = fhat,
                                   .u_limited = sat,
                                   .par = {ml.stribeck.fc_pos, ml.stribeck.fs_pos, ml.stribeck.b_pos},
                                   .par_hat = {NAN, NAN, NAN}, .temperature = st->temp, .power = power};
    *row = x;
    if (FRIC_SERVO_COMP_IS_LUGRE(c->comp_kind)) memcpy(row->par_hat, par_hat, sizeof par_hat);
    st->x = q.x;
    st->v = q.v;
    st->xl = q.xl;
    st->vl = q.vl;
    st->z.z = fric_model_state_z(&c->machine, &q.z);
    st->gms = q.z.gms;
    /* the machine warms over the period at its mean friction power */
    if (c->thermal.on) st->temp = fric_servo_thermal_step(&c->thermal, st->temp, power, ts);
    st->k = k + 1;
    return FRIC_OK;
}

fric_status_t fric_servo_run(const fric_servo_cfg_t *cfg, const fric_servo_hooks_t *hooks, fric_servo_result_t *r)
{
    if (!r) return FRIC_ERR_NULL;
    memset(r, 0, sizeof *r);
    if (!cfg) return FRIC_ERR_NULL;
    /* the run's own prepared copy: nothing the caller changed after
     * preparing it goes unchecked */
    fric_servo_cfg_t cp = *cfg;
    const fric_status_t ok_cfg = fric_servo_prepare(&cp, r->why, sizeof r->why);
    if (ok_cfg != FRIC_OK) return ok_cfg;
    const fric_servo_cfg_t *c = &cp;
    const double ts = c->ts, cnt = TWO_PI / c->counts_per_rev;
    const size_t n = (size_t)floor(c->duration / ts + 1e-9);
    r->win_t0 = c->duration - c->lc_window;
    r->temp_peak = r->temp_end = NAN;
    const size_t win_cap = (size_t)ceil(c->lc_window / ts) + 2;
    r->win = malloc(win_cap * sizeof *r->win);
    if (!r->win) {
        snprintf(r->why, sizeof r->why, "out of memory");
        return FRIC_ERR_NOMEM;
    }
    const bool keep = c->plot_points > 0;
    if (keep) {
        r->stride = n / c->plot_points + 1;
        const size_t np = (n - 1) / r->stride + 1;
        double **a[] = {&r->pt, &r->pe, &r->pvr, &r->pv, &r->pvm, &r->pf, &r->pfh};
        for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
            if (!(*a[i] = malloc(np * sizeof **a[i]))) {
                snprintf(r->why, sizeof r->why, "out of memory");
                return FRIC_ERR_NOMEM;
            }
    }
    fric_servo_state_t st;
    fric_status_t rc = fric_servo_init(c, hooks, &st);
    for (size_t k = 0; k < n && rc == FRIC_OK; k++) {
        fric_servo_sample_t x;
        rc = fric_servo_step(c, &st, hooks, &x);
        r->flags = st.flags;
        r->core_checked = st.core_checked;
        r->a_updates = st.a_updates;
        r->a_retunes = st.a_retunes;
        if (rc != FRIC_OK) break;
        r->n++;
        r->se2 += x.error * x.error;
        r->sv2 += (x.omega_ref - x.omega) * (x.omega_ref - x.omega);
        r->su2 += x.u * x.u;
        r->sf2 += (x.friction - x.estimate) * (x.friction - x.estimate);
        r->peak_e = fmax(r->peak_e, fabs(x.error));
        r->peak_u = fmax(r->peak_u, fabs(x.u));
        r->u_sat += x.u_limited;
        r->energy += x.power * ts;
        r->temp_peak = fmax(r->temp_peak, fmax(x.temperature, st.temp));
        r->temp_end = st.temp;
        r->stuck += fabs(x.omega) < c->stick_threshold &&
                    (fabs(x.omega_ref) >= c->stick_threshold || fabs(x.error) > FRIC_SERVO_STUCK_COUNTS * cnt);
        if (x.t >= r->win_t0 - 1e-9 * ts && r->nwin < win_cap) r->win[r->nwin++] = x.error;
        if (r->ntrace < FRIC_SERVO_TRACE_POINTS &&
            k == (size_t)floor((double)r->ntrace * (double)(n - 1) / (FRIC_SERVO_TRACE_POINTS - 1) + 0.5)) {
            r->trace_t[r->ntrace] = x.t;
            memcpy(r->trace_par[r->ntrace], x.par, sizeof x.par);
            memcpy(r->trace_hat[r->ntrace], x.par_hat, sizeof x.par_hat);
            r->trace_temp[r->ntrace] = x.temperature;
            r->ntrace++;
        }
        if (hooks && hooks->sample && hooks->sample(hooks->ctx, &x) != 0) {
            snprintf(st.why, sizeof st.why, "stopped by the sample callback at t = %.9g s (sample %zu)", x.t, k);
            rc = FRIC_ERR_STOPPED;
            break;
        }
        if (keep && k % r->stride == 0) {
            r->pt[r->np] = x.t;
            r->pe[r->np] = x.error;
            r->pvr[r->np] = x.omega_ref;
            r->pv[r->np] = x.omega;
            r->pvm[r->np] = x.omega_meas;
            r->pf[r->np] = x.friction;
            r->pfh[r->np] = x.estimate;
            r->np++;
        }
    }
    if (rc != FRIC_OK) snprintf(r->why, sizeof r->why, "%s", st.why);
    return rc;
}

/* ---- the metrics ------------------------------------------------------------------------------ */

fric_status_t fric_servo_metrics(const fric_servo_cfg_t *c, const fric_servo_result_t *r, fric_servo_metrics_t *m)
{
    if (!m) return FRIC_ERR_NULL;
    memset(m, 0, sizeof *m);
    if (!c || !r) return FRIC_ERR_NULL;
    const double nn = (double)r->n;
    m->rms_e = sqrt(r->se2 / nn);
    m->peak_e = r->peak_e;
    m->rms_ev = sqrt(r->sv2 / nn);
    m->rms_u = sqrt(r->su2 / nn);
    m->peak_u = r->peak_u;
    m->rms_ferr = sqrt(r->sf2 / nn);
    m->stuck_s = (double)r->stuck * c->ts;
    double lo = INFINITY, hi = -INFINITY, mean = 0.0;
    for (size_t i = 0; i < r->nwin; i++) {
        lo = fmin(lo, r->win[i]);
        hi = fmax(hi, r->win[i]);
        mean += r->win[i];
    }
    mean /= (double)r->nwin;
    m->lc_amp = r->nwin ? 0.5 * (hi - lo) : 0.0;
    m->lc_freq = NAN;
    m->lc_present = false;
    const double hyst = 0.25 * (hi - lo);
    int state = 0;
    size_t first = 0, last = 0, ups = 0;
    for (size_t i = 0; i < r->nwin; i++) {
        const double d = r->win[i] - mean;
        if (d < -hyst) state = -1;
        else if (d > hyst && state == -1) {
            state = 1;
            if (ups++ == 0) first = i;
            last = i;
        } else if (d > hyst) state = 1;
    }
    if (ups >= 3 && m->lc_amp > TWO_PI / c->counts_per_rev) {
        m->lc_present = true;
        m->lc_freq = (double)(ups - 1) / ((double)(last - first) * c->ts);
    }
    const struct {
        const char *name;
        double v;
    } q[] = {{"RMS position error", m->rms_e}, {"peak position error", m->peak_e}, {"RMS velocity error", m->rms_ev},
             {"RMS control effort", m->rms_u}, {"RMS friction estimate error", m->rms_ferr},
             {"limit-cycle amplitude", m->lc_amp}, {"limit-cycle frequency", m->lc_present ? m->lc_freq : 0.0}};
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
        if (!isfinite(q[i].v)) {
            snprintf(m->why, sizeof m->why, "the result is not finite: %s = %g", q[i].name, q[i].v);
            return FRIC_ERR_DIVERGED;
        }
    return FRIC_OK;
}
