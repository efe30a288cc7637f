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
}

fric_status_t fric_sim_cfg_check(const fric_sim_cfg_t *c)
{
    if (!c) return FRIC_ERR_NULL;
    const fric_status_t ps = fric_plant_check(&c->plant);
    if (ps != FRIC_OK) return ps;
    if (!(c->duration > 0.0) || !isfinite(c->duration)) return FRIC_ERR_SIM_DURATION;
    if (!(c->dt > 0.0) || c->dt > c->duration || !(c->duration / c->dt <= 1e10)) return FRIC_ERR_SIM_DT;
    if (!(c->stick > 0.0) || !isfinite(c->stick)) return FRIC_ERR_SIM_STICK;
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
    double dz;
    fric_plant_state_t s = {.x = c->x0, .v = c->v0, .z = c->z0, .f = fric_contact_eval(&c->contact, c->z0, c->v0, &dz)};
    r->final = s;
    if (st->start && st->start(st->ctx, dt, &s) != 0) return FRIC_ERR_SIM_STEPPER;
    const fric_plant_t *p = &c->plant;
    int sign = 0; /* the sign of v when it was last above the threshold */
    bool stuck = fabs(s.v) < c->stick;
    r->cyc_fmin = r->cyc_fmax = s.f;
    r->ke0 = 0.5 * p->mass * s.v * s.v;
    double p_in = 0.0, a_f = 0.0, a_x = 0.0, a_v = 0.0; /* the input's power and F, x, |v| at the previous sample */
    const double slip_v = FRIC_SIM_SLIP_FACTOR * c->stick;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = 0; i <= n; i++) {
        if (i > 0) {
            a_f = s.f;
            a_x = s.x;
            a_v = fabs(s.v);
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
        const bool below = fabs(s.v) < c->stick;
        r->near_stick += below;
        if (!below) {
            const int sg = s.v > 0.0 ? 1 : -1;
            if (sign != 0 && sg != sign) r->reversals++;
            sign = sg;
        }
        /* stick-slip cycles with hysteresis: stuck once |v| falls below the
         * threshold, slipping once it exceeds ten times it, so a ripple
         * about the threshold is not counted as a slip */
        const bool slipping = fabs(s.v) >= slip_v;
        if (stuck && slipping) { /* a slip begins: a cycle boundary */
            r->onsets++;
            r->onset_t[0] = r->onset_t[1];
            /* the crossing of |v| = slip_v, interpolated linearly between
             * this sample and the last (below it), so the period resolves
             * finer than dt */
            r->onset_t[1] = (i > 0 && fabs(s.v) > a_v) ? s.t - dt * (fabs(s.v) - slip_v) / (fabs(s.v) - a_v) : s.t;
            r->last_fmin = r->cyc_fmin;
            r->last_fmax = r->cyc_fmax;
            r->last_vmax = r->cyc_vmax;
            r->cyc_fmin = r->cyc_fmax = s.f;
            r->cyc_vmax = 0.0;
        }
        if (below) stuck = true;
        else if (slipping) stuck = false;
        r->cyc_fmin = min2(r->cyc_fmin, s.f);
        r->cyc_fmax = max2(r->cyc_fmax, s.f);
        r->cyc_vmax = max2(r->cyc_vmax, fabs(s.v));
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
    {"velocity_reversals", "velocity reversals", true},
    {"slips", "slips (stick-to-slip transitions)", true},
    {"period_s", "stick-slip period [s]", false},
    {"friction_peak_to_peak_N", "friction peak to peak over the last cycle [N]", false},
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

/* ---- passivity ------------------------------------------------------------ */

fric_sim_passivity_t fric_sim_passivity(const fric_contact_t *c)
{
    fric_sim_passivity_t p = {
        .dynamic = c->dynamic,
        .met = true,
        .margin = NAN,
        .condition = "F(v) v >= 0: a static curve dissipates at every velocity",
        .reference = "",
        .meaning = "the friction only dissipates energy, in a simulation and as a compensator's model",
    };
    if (!c->dynamic) return p;
    const fric_lugre_cfg_t *l = &c->lugre;
    const double mp = l->sigma2_pos - l->sigma1 * (l->fs_pos - l->fc_pos) / l->fc_pos;
    const double mn = l->sigma2_neg - l->sigma1 * (l->fs_neg - l->fc_neg) / l->fc_neg;
    p.margin = mp < mn ? mp : mn;
    p.met = fric_lugre_is_passive(l);
    p.condition = "sigma2 > sigma1 (fs - fc) / fc in each direction (the margin: the smaller difference, N*s/m)";
    p.reference = "N. Barabanov and R. Ortega, Necessary and sufficient conditions for passivity of the LuGre friction "
                  "model, IEEE Trans. Automatic Control 45(4), 2000";
    p.meaning = p.met ? "the contact never returns more energy than it has stored: it dissipates, in a simulation and "
                        "as a compensator's model"
                      : "the contact can return more energy than it stored over some motions: a simulation is still "
                        "valid (its energy balance shows the friction work), but a compensator built on this set can "
                        "feed energy into the loop; sigma2 above sigma1 (fs - fc) / fc makes the set passive";
    return p;
}
