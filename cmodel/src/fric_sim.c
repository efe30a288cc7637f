/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* The stick-slip run and its metrics (see fric_sim.h). */
#include "fric_sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void fric_sim_cfg_init(fric_sim_cfg_t *c)
{
    memset(c, 0, sizeof *c);
    c->plant = (fric_plant_t){1.0, 2.0, 0.1, 0.0, 0.0};
    c->duration = 20.0;
    c->dt = 1e-5;
    c->stick = NAN;
    c->slip = NAN;
    c->slip_min = NAN;
}

double fric_sim_ref_velocity(const fric_contact_t *c)
{
    /* vs matters only where there is a Stribeck term; a per-direction vs
     * would enter here as the smaller of the two */
    if (c->dynamic) {
        const fric_lugre_cfg_t *l = &c->lugre;
        return (l->fs_pos != l->fc_pos || l->fs_neg != l->fc_neg) ? l->vs : FRIC_SIM_REF_VELOCITY_NO_VS;
    }
    const fric_stribeck_cfg_t *k = &c->curve;
    return (k->fs_pos != k->fc_pos || k->fs_neg != k->fc_neg) ? k->vs : FRIC_SIM_REF_VELOCITY_NO_VS;
}

void fric_sim_cfg_defaults(fric_sim_cfg_t *c)
{
    const double vref = fric_sim_ref_velocity(&c->contact);
    if (isnan(c->stick)) c->stick = vref / FRIC_SIM_STICK_DIVISOR;
    if (isnan(c->slip)) c->slip = FRIC_SIM_SLIP_FACTOR * fmax(vref, c->stick);
    if (isnan(c->slip_min)) c->slip_min = fmin(FRIC_SIM_SLIP_MIN_STEPS * c->dt, c->duration);
}

fric_status_t fric_sim_cfg_check(const fric_sim_cfg_t *c)
{
    if (!c) return FRIC_ERR_NULL;
    const fric_status_t ps = fric_plant_check(&c->plant);
    if (ps != FRIC_OK) return ps;
    if (!(c->duration > 0.0) || !isfinite(c->duration)) return FRIC_ERR_SIM_DURATION;
    if (!(c->dt > 0.0) || c->dt > c->duration || !(c->duration / c->dt <= 1e10)) return FRIC_ERR_SIM_DT;
    if (!(c->stick > 0.0) || !isfinite(c->stick)) return FRIC_ERR_SIM_STICK;
    if (!(c->slip > c->stick) || !isfinite(c->slip)) return FRIC_ERR_SIM_SLIP;
    if (!(c->slip_min >= 0.0) || !(c->slip_min <= c->duration)) return FRIC_ERR_SIM_SLIP_MIN;
    return FRIC_OK;
}

/* ---- the built-in steppers ------------------------------------------------ */

static int builtin_rk4(void *ctx, fric_plant_state_t *st, double h)
{
    const fric_sim_cfg_t *c = ctx;
    fric_plant_rk4_step(&c->plant, &c->contact, st, h);
    return 0;
}

static int builtin_exact(void *ctx, fric_plant_state_t *st, double h)
{
    const fric_sim_cfg_t *c = ctx;
    fric_plant_exact_step(&c->plant, &c->contact, st, h);
    return 0;
}

fric_sim_stepper_t fric_sim_builtin_stepper(const fric_sim_cfg_t *c, fric_sim_integrator_t which)
{
    const bool exact = which == FRIC_SIM_EXACT;
    fric_sim_stepper_t st = {exact ? "exact" : "rk4", exact, NULL, exact ? builtin_exact : builtin_rk4, (void *)c};
    return st;
}

/* ---- the run -------------------------------------------------------------- */

/* max and min of finite values, inlined (libm's fmax/fmin are calls, for NaN rules the loop does not need) */
static inline double max2(double a, double b) { return a > b ? a : b; }
static inline double min2(double a, double b) { return a < b ? a : b; }

/* Say why the run stops: the first non-finite of the sample's quantities,
 * the time and the step. */
static fric_status_t diverged(fric_sim_result_t *r, size_t i, size_t n, double dt, const fric_plant_state_t *s,
                              double f_spring, double f_ext)
{
    const struct {
        fric_sim_bad_t kind;
        const char *name, *unit;
        double v;
    } q[] = {
        {FRIC_SIM_BAD_STATE, "x", "m", s->x}, {FRIC_SIM_BAD_STATE, "v", "m/s", s->v}, {FRIC_SIM_BAD_STATE, "z", "m", s->z},
        {FRIC_SIM_BAD_FORCE, "F_f (friction)", "N", s->f}, {FRIC_SIM_BAD_FORCE, "F_spring", "N", f_spring},
        {FRIC_SIM_BAD_FORCE, "F_ext (external force)", "N", f_ext},
        {FRIC_SIM_BAD_ENERGY, "the work of spring and external force", "J", r->w_in},
        {FRIC_SIM_BAD_ENERGY, "the work of friction", "J", r->w_f},
    };
    size_t k = 0;
    while (k + 1 < sizeof q / sizeof q[0] && isfinite(q[k].v)) k++;
    static const char *const what[] = {"", "the state", "the force", "the energy balance"};
    r->bad = q[k].kind;
    r->fail_i = i;
    r->fail_n = n;
    r->final = *s;
    snprintf(r->why, sizeof r->why, "%s is no longer finite at t = %.6g s (step %zu of %zu, dt = %.6g s): %s = %g %s",
             what[q[k].kind], s->t, i, n, dt, q[k].name, q[k].v, q[k].unit);
    return FRIC_ERR_SIM_DIVERGED;
}

void fric_sim_result_free(fric_sim_result_t *r)
{
    free(r->pt);
    free(r->px);
    free(r->pv);
    free(r->pf);
    r->pt = r->px = r->pv = r->pf = NULL;
    r->np = 0;
}

fric_status_t fric_sim_run(const fric_sim_cfg_t *c, const fric_sim_stepper_t *st, fric_sim_sample_fn sample,
                           void *ctx, fric_sim_result_t *r)
{
    if (!r) return FRIC_ERR_NULL;
    memset(r, 0, sizeof *r);
    if (!st || !st->step) return FRIC_ERR_NULL;
    const fric_status_t cs = fric_sim_cfg_check(c);
    if (cs != FRIC_OK) return cs;
    const double dt = c->dt;
    const size_t n = (size_t)llround(c->duration / dt);
    const bool keep = c->plot_points > 0;
    if (keep) {
        const size_t total = n + 1;
        r->stride = (total + c->plot_points - 1) / c->plot_points;
        const size_t cap = total / r->stride + 1;
        r->pt = malloc(cap * sizeof *r->pt);
        r->px = malloc(cap * sizeof *r->px);
        r->pv = malloc(cap * sizeof *r->pv);
        r->pf = malloc(cap * sizeof *r->pf);
        if (!r->pt || !r->px || !r->pv || !r->pf) {
            fric_sim_result_free(r);
            snprintf(r->why, sizeof r->why, "out of memory for the plots");
            return FRIC_ERR_SIM_NOMEM;
        }
    }
    /* RK4 does not step an elasto-plastic or GMS contact (fric_plant.h) */
    if (c->contact.stepped && st->step == builtin_rk4) return FRIC_ERR_SIM_INTEGRATOR;
    /* a GMS contact starts with its elements at rest, and its z is theirs */
    const bool gms = c->contact.stepped && c->contact.model.kind == FRIC_MODEL_GMS;
    fric_plant_state_t s = {.x = c->x0, .v = c->v0, .z = gms ? 0.0 : c->z0};
    s.f = fric_contact_state_force(&c->contact, &s);
    r->final = s;
    if (st->start && st->start(st->ctx, dt, &s) != 0) return FRIC_ERR_SIM_STEPPER;
    const fric_plant_t *p = &c->plant;
    r->zoh = st->zoh;
    r->ke0 = 0.5 * p->mass * s.v * s.v;
    double p_in = 0.0, a_f = 0.0, a_x = 0.0, a_v = 0.0; /* the input's power and F, x, v at the previous sample */
    /* the event detector: a stick phase, a candidate slip (above the slip
     * threshold, not yet for the minimum duration), or a slip */
    enum { PH_STICK, PH_CAND, PH_SLIP } ph = PH_STICK;
    int dir = 0, last_dir = 0; /* the direction of the candidate or slip, of the last slip */
    double cand_t = 0.0;       /* the candidate's onset (the crossing of the slip threshold) */
    /* friction max over the cycle, friction min during its slip, |v| max; the
     * candidate's own until it is confirmed or refused */
    struct cyc { double fmax, fmin, vmax; } cyc = {-INFINITY, INFINITY, 0.0}, cand = cyc;
    const struct cyc fresh = cyc;
    r->first_onset_t = r->last_end_t = NAN;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = 0; i <= n; i++) {
        if (i > 0) {
            a_f = s.f;
            a_x = s.x;
            a_v = s.v;
            if (st->step(st->ctx, &s, dt) != 0) {
                r->final = s;
                return FRIC_ERR_SIM_STEPPER;
            }
            s.t = (double)i * dt; /* no drift of the time base */
        }
        /* the spring's and the external force at this sample, for the energy
         * integral and the caller */
        const double f_spring = fric_plant_spring(p, s.t, s.x), f_ext = fric_plant_external(p, s.t);
        const double p1 = (f_spring + f_ext) * s.v;
        if (i > 0) {
            /* energy: the input's power by the trapezoidal rule; the work of
             * a held force exactly, of a continuous one by the trapezoidal rule */
            r->w_in += 0.5 * dt * (p_in + p1);
            r->w_f += (st->zoh ? s.f : 0.5 * (a_f + s.f)) * (s.x - a_x);
        }
        p_in = p1;
        /* every number of the sample, and the energy integrals, before the caller sees it */
        if (!(isfinite(s.x) && isfinite(s.v) && isfinite(s.z) && isfinite(s.f) && isfinite(f_spring) &&
              isfinite(f_ext) && isfinite(r->w_in) && isfinite(r->w_f)))
            return diverged(r, i, n, dt, &s, f_spring, f_ext);
        if (sample && sample(ctx, i, n, &s, f_spring, f_ext) != 0) {
            r->final = s;
            return FRIC_ERR_SIM_STOPPED;
        }
        if (keep && i % r->stride == 0) {
            r->pt[r->np] = s.t;
            r->px[r->np] = s.x;
            r->pv[r->np] = s.v;
            r->pf[r->np] = s.f;
            r->np++;
        }
        r->peak_f = max2(r->peak_f, fabs(s.f));
        const double av = fabs(s.v);
        const int sg = s.v > 0.0 ? 1 : s.v < 0.0 ? -1 : 0;
        r->near_stick += av < c->stick;
        /* chatter: in a stick phase, v changes sign from one sample to the
         * next with both outside the stick band */
        if (i > 0 && ph != PH_SLIP && av >= c->stick && fabs(a_v) >= c->stick && (s.v > 0.0) != (a_v > 0.0)) {
            r->chatter++;
            r->chatter_v = max2(r->chatter_v, max2(av, fabs(a_v)));
        }
        /* a slip ends below the stick threshold or when v changes sign */
        if (ph == PH_SLIP && (av < c->stick || sg != dir)) {
            ph = PH_STICK;
            r->ends++;
            r->last_end_t = s.t;
        }
        /* a candidate that falls back below the slip threshold, or turns,
         * before the minimum duration is a short excursion */
        if (ph == PH_CAND && !(av >= c->slip && sg == dir)) {
            ph = PH_STICK;
            r->short_slips++;
            cyc.fmax = max2(cyc.fmax, cand.fmax);
            cyc.vmax = max2(cyc.vmax, cand.vmax);
        }
        if (ph == PH_STICK && av >= c->slip) {
            ph = PH_CAND;
            dir = sg;
            cand = fresh;
            /* the crossing of the slip threshold in this direction, linear
             * between this sample and the last, so the period resolves finer
             * than dt */
            const double u = av, u0 = (double)dir * a_v;
            cand_t = (i > 0 && u > u0) ? s.t - dt * (u - c->slip) / (u - u0) : s.t;
        }
        if (ph == PH_CAND && s.t - cand_t >= c->slip_min) { /* a slip: a cycle boundary */
            ph = PH_SLIP;
            r->onsets++;
            if (last_dir != 0 && dir != last_dir) r->reversals++;
            last_dir = dir;
            if (r->onsets == 1) r->first_onset_t = cand_t;
            r->onset_t[0] = r->onset_t[1];
            r->onset_t[1] = cand_t;
            r->last_fmin = cyc.fmin;
            r->last_fmax = cyc.fmax;
            r->last_vmax = cyc.vmax;
            cyc = cand;
        }
        struct cyc *into = ph == PH_CAND ? &cand : &cyc;
        into->fmax = max2(into->fmax, s.f);
        into->vmax = max2(into->vmax, av);
        if (ph != PH_STICK) into->fmin = min2(into->fmin, s.f);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    r->wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    r->steps = n;
    r->final = s;
    return FRIC_OK;
}

/* ---- the metrics ---------------------------------------------------------- */

const fric_sim_metric_info_t fric_sim_metric_info[FRIC_NMETRICS] = {
    {"peak_abs_friction_N", "peak |F_f| [N]", false},
    {"final_x_m", "final x [m]", false},
    {"final_v_m_per_s", "final v [m/s]", false},
    {"final_z_m", "final z [m]", false},
    {"final_friction_N", "final F_f [N]", false},
    {"near_stick_fraction", "near-stick sample fraction", false},
    {"velocity_reversals", "velocity reversals (slips opposite to the slip before)", true},
    {"slips", "slips (stick-to-slip transitions, with hysteresis and a minimum duration)", true},
    {"period_s", "stick-slip period [s]", false},
    {"friction_peak_to_peak_N", "friction peak to peak over the last cycle (its highest minus its lowest in the slip) [N]", false},
    {"peak_abs_velocity_m_per_s", "peak |v| over the last cycle [m/s]", false},
};

void fric_sim_metrics(const fric_sim_cfg_t *c, const fric_sim_result_t *r, double v[FRIC_NMETRICS])
{
    (void)c;
    const bool ss = r->onsets >= 2;
    v[FRIC_M_PEAK_F] = r->peak_f;
    v[FRIC_M_X] = r->final.x;
    v[FRIC_M_V] = r->final.v;
    v[FRIC_M_Z] = r->final.z;
    v[FRIC_M_F] = r->final.f;
    v[FRIC_M_STICK_FRAC] = (double)r->near_stick / (double)(r->steps + 1);
    v[FRIC_M_REVERSALS] = (double)r->reversals;
    v[FRIC_M_SLIPS] = (double)r->onsets;
    v[FRIC_M_PERIOD] = ss ? r->onset_t[1] - r->onset_t[0] : NAN;
    v[FRIC_M_F_P2P] = ss ? r->last_fmax - r->last_fmin : NAN;
    v[FRIC_M_PEAK_V] = ss ? r->last_vmax : NAN;
}

double fric_sim_dke(const fric_sim_cfg_t *c, const fric_sim_result_t *r)
{
    return 0.5 * c->plant.mass * r->final.v * r->final.v - r->ke0;
}

double fric_sim_residual(const fric_sim_cfg_t *c, const fric_sim_result_t *r)
{
    return r->w_in - r->w_f - fric_sim_dke(c, r);
}

bool fric_sim_check_metric(int i, double a, double b, double *rel)
{
    if (isnan(a) || isnan(b)) {
        *rel = NAN;
        return isnan(a) && isnan(b);
    }
    const double scale = fmax(fabs(a), fabs(b));
    /* b/scale - a/scale, not (b - a)/scale: finite (at most 2) for any finite a, b */
    *rel = scale > 0.0 ? fabs(b / scale - a / scale) : 0.0;
    return i >= 0 && i < FRIC_NMETRICS && fric_sim_metric_info[i].count ? (a == b) : (*rel < FRIC_SIM_CHECK_TOL);
}

/* ---- the stick-slip verdict ---------------------------------------------- */

double fric_sim_stick_dt_max(const fric_sim_cfg_t *c)
{
    const fric_contact_t *k = &c->contact;
    double stiff, damp; /* the contact's stiffness and damping in stick */
    if (k->dynamic || (k->stepped && k->model.kind == FRIC_MODEL_ELASTOPLASTIC)) {
        const fric_lugre_cfg_t *l = &k->lugre;
        stiff = l->sigma0;
        damp = l->sigma1 + fmax(l->sigma2_pos, l->sigma2_neg);
    } else if (k->stepped) { /* GMS: the elements in parallel, and sigma2 */
        stiff = 0.0;
        for (unsigned i = 0; i < k->model.gms.n; i++) stiff += k->model.gms.k[i];
        damp = fmax(k->curve.b_pos, k->curve.b_neg);
    } else {
        return NAN;
    }
    /* (stiffness + k) h^2 / m + 2 damping h / m = 4, the larger sigma2 */
    const double a = (stiff + c->plant.k) / c->plant.mass;
    const double b = 2.0 * damp / c->plant.mass;
    return (-b + sqrt(b * b + 16.0 * a)) / (2.0 * a);
}

void fric_sim_stick_slip(const fric_sim_cfg_t *c, const fric_sim_result_t *r, fric_sim_stick_slip_t *o)
{
    memset(o, 0, sizeof *o);
    double m[FRIC_NMETRICS];
    fric_sim_metrics(c, r, m);
    o->present = !isnan(m[FRIC_M_PERIOD]);
    o->stick = c->stick;
    o->slip = c->slip;
    o->slip_min = c->slip_min;
    o->chatter = r->chatter;
    o->chatter_v = r->chatter_v;
    o->short_slips = r->short_slips;
    o->stick_dt_max = r->zoh ? fric_sim_stick_dt_max(c) : NAN;
    char bound[192] = "";
    if (!isnan(o->stick_dt_max))
        snprintf(bound, sizeof bound, "; the exact step's stick phase (the mass on the contact's stiffness and "
                 "damping and the spring k, with the force held over dt) is unstable above dt = %.3g s", o->stick_dt_max);
    if (r->chatter > 0)
        snprintf(o->chatter_note, sizeof o->chatter_note, "v changes sign within one step %zu times in the stick "
                 "phases, up to %.3g m/s: a property of the discretization (dt = %.3g s), not of the friction%s; "
                 "--check-step tells whether dt resolves the metrics", r->chatter, r->chatter_v, c->dt, bound);
    if (o->present) {
        o->kind = FRIC_SIM_SS_PRESENT;
        return;
    }
    if (r->chatter > 0 && (r->onsets == 0 || r->onsets > r->ends)) {
        o->kind = FRIC_SIM_SS_CHATTER;
        char over[96] = "";
        if (!isnan(o->stick_dt_max))
            snprintf(over, sizeof over, ", above %.3g s, where the exact step's stick phase turns unstable",
                     o->stick_dt_max);
        snprintf(o->cause, sizeof o->cause, "stick-slip lost: the step is too long to hold the stick phase "
                 "(dt = %.3g s%s): the velocity chatters (%zu sign changes within one step, up to %.3g m/s) and the "
                 "slider slides on instead of sticking; use a smaller --dt (--check-step tells whether dt resolves "
                 "the run)", c->dt, over, r->chatter, r->chatter_v);
    } else if (r->onsets == 0) {
        o->kind = FRIC_SIM_SS_NO_SLIP;
        snprintf(o->cause, sizeof o->cause, "no slip: |v| never stayed above the slip threshold (%.3g m/s) for the "
                 "minimum slip duration (%.3g s)%s: the drive does not overcome the static friction within the "
                 "duration, or the thresholds lie above the motion (--slip-threshold, --min-slip-duration)",
                 c->slip, c->slip_min, r->short_slips ? " (it rose above it only briefly)" : "");
    } else if (r->onsets > r->ends) {
        o->kind = FRIC_SIM_SS_NO_STICK;
        snprintf(o->cause, sizeof o->cause, "no stick-slip: after the slip at t = %.6g s the slider does not stick "
                 "again (|v| stays above the stick threshold, %.3g m/s): it slides steadily", r->onset_t[1], c->stick);
    } else {
        o->kind = FRIC_SIM_SS_ONE_SLIP;
        snprintf(o->cause, sizeof o->cause, "one slip only (at t = %.6g s): the duration holds no whole cycle "
                 "(give a longer --duration)", r->first_onset_t);
    }
}

/* ---- passivity ------------------------------------------------------------ */

fric_sim_passivity_t fric_sim_passivity(const fric_contact_t *c)
{
    const bool ep = c->stepped && c->model.kind == FRIC_MODEL_ELASTOPLASTIC;
    fric_sim_passivity_t p = {
        .dynamic = c->dynamic || ep,
        .met = true,
        .margin = NAN,
        .condition = "F(v) v >= 0: a static curve dissipates at every velocity",
        .reference = "",
        .meaning = "the friction only dissipates energy, in a simulation and as a compensator's model",
    };
    if (c->stepped && !ep) { /* GMS */
        const fric_stribeck_cfg_t *k = &c->curve;
        p.met = k->fs_pos == k->fc_pos && k->fs_neg == k->fc_neg;
        p.condition = "a constant level (fs = fc in each direction): a sticking element stores k_i x^2/2, a slipping "
                      "one holds its level and dissipates alpha_i s |v|, and sigma2 v^2 >= 0";
        p.meaning = p.met ? "the contact never returns more energy than it has stored: it dissipates, in a simulation "
                            "and as a compensator's model"
                          : "not shown for a level that depends on v: while the level rises (v falling through the "
                            "Stribeck region) a slipping element's force rises toward it, and the condition above does "
                            "not cover that; a simulation is still valid (its energy balance shows the friction work)";
        return p;
    }
    if (!p.dynamic) return p;
    const fric_lugre_cfg_t *l = &c->lugre;
    const double mp = l->sigma2_pos - l->sigma1 * (l->fs_pos - l->fc_pos) / l->fc_pos;
    const double mn = l->sigma2_neg - l->sigma1 * (l->fs_neg - l->fc_neg) / l->fc_neg;
    p.margin = mp < mn ? mp : mn;
    p.met = fric_lugre_is_passive(l);
    p.condition = ep ? "sigma2 > sigma1 (fs - fc) / fc in each direction, LuGre's condition, which the elasto-plastic "
                       "model needs where alpha = 1 and its equation is LuGre's (the margin: the smaller difference, N*s/m)"
                     : "sigma2 > sigma1 (fs - fc) / fc in each direction (the margin: the smaller difference, N*s/m)";
    p.reference = "N. Barabanov and R. Ortega, Necessary and sufficient conditions for passivity of the LuGre friction "
                  "model, IEEE Trans. Automatic Control 45(4), 2000";
    p.meaning = p.met ? "the contact never returns more energy than it has stored: it dissipates, in a simulation and "
                        "as a compensator's model"
                      : "the contact can return more energy than it stored over some motions: a simulation is still "
                        "valid (its energy balance shows the friction work), but a compensator built on this set can "
                        "feed energy into the loop; sigma2 above sigma1 (fs - fc) / fc makes the set passive";
    return p;
}
