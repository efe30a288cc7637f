#define _POSIX_C_SOURCE 200809L
/* fricore sim: the 1-DOF stick-slip simulator. A slider of mass m dragged
 * through a spring k by a support at vd, with an optional sinusoidal force,
 * against a Dahl or LuGre contact (fric_plant.h), integrated by RK4 or by
 * the exact-contact step. Output: a JSON summary (stdout or --summary) and
 * the time history (--csv). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <stdlib.h>

#include "fric_cli.h"
#include "fric_cli_svg.h"
#include "fric_cli_friction.h"
#include "fric_cmd.h"
#include "fricore.h"

#define CMD "sim"
#define USAGE "[--example canudas1995] [--model dahl|lugre] [friction] [plant] [--duration S] [--dt S] [--integrator rk4|exact] [--check-step] [--csv FILE] [--summary FILE] [--plot-time F.svg] [--plot-hysteresis F.svg]"

/* a slip begins when |v| exceeds this many stick thresholds */
#define SLIP_FACTOR 10.0

/* longest run without --allow-long, s */
#define MAX_DURATION 30.0

typedef struct {
    fric_plant_t plant;
    double x0, v0, z0;
    double duration, dt, stick;
    const char *integrator;
} sim_opts_t;

/* what a run measured */
typedef struct {
    double peak_f;
    size_t steps, near_stick, reversals, onsets;
    double onset_t[2];   /* the last two stick-to-slip times */
    double cyc_fmin, cyc_fmax, last_fmin, last_fmax; /* friction over the current and the last whole cycle */
    double cyc_vmax, last_vmax;
    fric_plant_state_t final;
    double wall;
    /* every stride-th sample (t, x, F_f), for the plots; NULL when not kept */
    double *pt, *px, *pf;
    size_t np, stride;
} sim_result_t;

/* samples kept for a plot, at most */
#define PLOT_POINTS 4000

static int run_sim(const sim_opts_t *o, const fric_lugre_cfg_t *c, FILE *csv, bool keep, sim_result_t *r)
{
    memset(r, 0, sizeof *r);
    const size_t n = (size_t)llround(o->duration / o->dt);
    if (keep) {
        const size_t total = n + 1;
        r->stride = (total + PLOT_POINTS - 1) / PLOT_POINTS;
        const size_t cap = total / r->stride + 1;
        r->pt = malloc(cap * sizeof *r->pt);
        r->px = malloc(cap * sizeof *r->px);
        r->pf = malloc(cap * sizeof *r->pf);
        if (!r->pt || !r->px || !r->pf) {
            fprintf(stderr, "fricore " CMD ": out of memory for the plots\n");
            return 1;
        }
    }
    fric_plant_state_t s = {0.0, o->x0, o->v0, o->z0, fric_lugre_force(c, o->z0, o->v0)};
    const bool exact = strcmp(o->integrator, "exact") == 0;
    int sign = 0; /* the sign of v when it was last above the threshold */
    bool stuck = fabs(s.v) < o->stick;
    r->cyc_fmin = r->cyc_fmax = s.f;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (csv) fprintf(csv, "t,x,v,z,F_f,F_spring,F_ext\n");
    for (size_t i = 0; i <= n; i++) {
        if (i > 0) {
            if (exact) fric_plant_exact_step(&o->plant, c, &s, o->dt);
            else fric_plant_rk4_step(&o->plant, c, &s, o->dt);
            s.t = (double)i * o->dt; /* no drift of the time base */
        }
        if (!isfinite(s.x) || !isfinite(s.v) || !isfinite(s.z)) {
            fprintf(stderr, "fricore " CMD ": the state is no longer finite at t = %.6g s: the step is too long for %s "
                    "(use --integrator exact or a smaller --dt)\n", s.t, o->integrator);
            return 1;
        }
        if (csv)
            fprintf(csv, "%.9g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", s.t, s.x, s.v, s.z, s.f,
                    fric_plant_spring(&o->plant, s.t, s.x), fric_plant_external(&o->plant, s.t));
        if (keep && i % r->stride == 0) {
            r->pt[r->np] = s.t;
            r->px[r->np] = s.x;
            r->pf[r->np] = s.f;
            r->np++;
        }
        r->peak_f = fmax(r->peak_f, fabs(s.f));
        const bool below = fabs(s.v) < o->stick;
        r->near_stick += below;
        if (!below) {
            const int sg = s.v > 0.0 ? 1 : -1;
            if (sign != 0 && sg != sign) r->reversals++;
            sign = sg;
        }
        /* stick-slip cycles with hysteresis: stuck once |v| falls below the
         * threshold, slipping once it exceeds ten times it, so a ripple
         * about the threshold is not counted as a slip */
        const bool slipping = fabs(s.v) >= SLIP_FACTOR * o->stick;
        if (stuck && slipping) { /* a slip begins: a cycle boundary */
            r->onsets++;
            r->onset_t[0] = r->onset_t[1];
            r->onset_t[1] = s.t;
            r->last_fmin = r->cyc_fmin;
            r->last_fmax = r->cyc_fmax;
            r->last_vmax = r->cyc_vmax;
            r->cyc_fmin = r->cyc_fmax = s.f;
            r->cyc_vmax = 0.0;
        }
        if (below) stuck = true;
        else if (slipping) stuck = false;
        r->cyc_fmin = fmin(r->cyc_fmin, s.f);
        r->cyc_fmax = fmax(r->cyc_fmax, s.f);
        r->cyc_vmax = fmax(r->cyc_vmax, fabs(s.v));
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    r->wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    r->steps = n;
    r->final = s;
    return 0;
}

/* The summary's metrics, each derived from a run in this one place, for the
 * summary and for --check-step. Stick-slip needs at least two slips, so one
 * whole cycle (slip, stick) lies between the last two; the first stick,
 * from the initial state, is left out. A metric is NAN when absent. */
enum {
    M_PEAK_F, M_X, M_V, M_Z, M_F, M_STICK_FRAC, M_REVERSALS, M_SLIPS,
    M_PERIOD, M_F_P2P, M_PEAK_V, NMETRICS
};
static const struct {
    const char *name;
    bool count; /* a count: --check-step wants it unchanged, not within the tolerance */
} metric_info[NMETRICS] = {
    {"peak_abs_friction_N", false}, {"final_x_m", false}, {"final_v_m_per_s", false},
    {"final_z_m", false}, {"final_friction_N", false}, {"near_stick_fraction", false},
    {"velocity_reversals", true}, {"slips", true}, {"period_s", false},
    {"friction_peak_to_peak_N", false}, {"peak_abs_velocity_m_per_s", false}};

static void metrics(const sim_result_t *r, double v[NMETRICS])
{
    const bool ss = r->onsets >= 2;
    v[M_PEAK_F] = r->peak_f;
    v[M_X] = r->final.x;
    v[M_V] = r->final.v;
    v[M_Z] = r->final.z;
    v[M_F] = r->final.f;
    v[M_STICK_FRAC] = (double)r->near_stick / (double)(r->steps + 1);
    v[M_REVERSALS] = (double)r->reversals;
    v[M_SLIPS] = (double)r->onsets;
    v[M_PERIOD] = ss ? r->onset_t[1] - r->onset_t[0] : NAN;
    v[M_F_P2P] = ss ? r->last_fmax - r->last_fmin : NAN;
    v[M_PEAK_V] = ss ? r->last_vmax : NAN;
}

/* a JSON number, or null for NAN */
static void json_num(FILE *out, const char *fmt, double x)
{
    if (isnan(x)) fputs("null", out);
    else fprintf(out, fmt, x);
}

/* relative change of each metric from dt to dt/2, and a verdict: resolved
 * when below CHECK_TOL (counts must not change at all) */
#define CHECK_TOL 0.01
static void print_check(FILE *out, const double a[NMETRICS], const double b[NMETRICS], double dt_half)
{
    bool all = true;
    fprintf(out, "  \"check_step\": {\"dt_half_s\": %.9g, \"tolerance\": %g, \"metrics\": {\n", dt_half, CHECK_TOL);
    for (int i = 0; i < NMETRICS; i++) {
        double rel;
        bool ok;
        if (isnan(a[i]) || isnan(b[i])) {
            rel = NAN;
            ok = isnan(a[i]) && isnan(b[i]);
        } else {
            const double scale = fmax(fabs(a[i]), fabs(b[i]));
            rel = scale > 0.0 ? fabs(b[i] - a[i]) / scale : 0.0;
            ok = metric_info[i].count ? (a[i] == b[i]) : (rel < CHECK_TOL);
        }
        all = all && ok;
        fprintf(out, "    \"%s\": {\"value\": ", metric_info[i].name);
        json_num(out, "%.9g", a[i]);
        fprintf(out, ", \"value_half_dt\": ");
        json_num(out, "%.9g", b[i]);
        fprintf(out, ", \"relative_change\": ");
        json_num(out, "%.3g", rel);
        fprintf(out, ", \"verdict\": \"%s\"}%s\n", ok ? "resolved" : "not resolved", i + 1 < NMETRICS ? "," : "");
    }
    fprintf(out, "  }, \"verdict\": \"%s\"},\n", all ? "dt resolves the dynamics" : "dt does not resolve the dynamics: try a smaller --dt");
}

static void print_summary(FILE *out, const sim_opts_t *o, const char *model, const sim_result_t *r,
                          const sim_result_t *half)
{
    double m[NMETRICS];
    metrics(r, m);
    fprintf(out, "{\n  \"model\": \"%s\",\n", model);
    fprintf(out, "  \"peak_abs_friction_N\": %.9g,\n", m[M_PEAK_F]);
    fprintf(out, "  \"final\": {\"t_s\": %.9g, \"x_m\": %.12g, \"v_m_per_s\": %.12g, \"z_m\": %.12g, \"friction_N\": %.12g},\n",
            r->final.t, m[M_X], m[M_V], m[M_Z], m[M_F]);
    fprintf(out, "  \"stick_threshold_m_per_s\": %.9g,\n", o->stick);
    fprintf(out, "  \"near_stick_fraction\": %.9g,\n", m[M_STICK_FRAC]);
    fprintf(out, "  \"velocity_reversals\": %zu,\n", r->reversals);
    if (!isnan(m[M_PERIOD])) {
        fprintf(out, "  \"stick_slip\": {\"present\": true, \"slips\": %zu, \"period_s\": %.9g, "
                "\"friction_peak_to_peak_N\": %.9g, \"peak_abs_velocity_m_per_s\": %.9g},\n",
                r->onsets, m[M_PERIOD], m[M_F_P2P], m[M_PEAK_V]);
    } else {
        fprintf(out, "  \"stick_slip\": {\"present\": false, \"slips\": %zu},\n", r->onsets);
    }
    if (half) {
        double mh[NMETRICS];
        metrics(half, mh);
        print_check(out, m, mh, 0.5 * o->dt);
    }
    fprintf(out, "  \"integration\": {\"method\": \"%s\", \"dt_s\": %.9g, \"steps\": %zu, \"wall_time_s\": %.6f}\n}\n",
            o->integrator, o->dt, r->steps, r->wall);
}

int fric_cmd_sim(int argc, char **argv)
{
    fric_cli_friction_t fp;
    sim_opts_t o = {{1.0, 2.0, 0.1, 0.0, 0.0}, 0.0, 0.0, 0.0, 20.0, 1e-5, NAN, "rk4"};
    const char *example = NULL, *csv_path = NULL, *summary_path = NULL, *plot_time = NULL, *plot_hyst = NULL;
    bool allow_long = false, check_step = false;
    fric_cli_friction_defaults(&fp, "lugre");
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + 24];
    size_t n = 0;
    opts[n++] = (fric_opt_t){"example", NULL, FRIC_OPT_CHOICE, &example, "",
                             "load a published set (canudas1995: the defaults; other options override it)", "canudas1995", false};
    n += fric_cli_friction_opts(&fp, opts + n, "dahl|lugre");
    const fric_opt_t more[] = {
        {"mass", NULL, FRIC_OPT_DOUBLE, &o.plant.mass, "kg", "slider mass (default 1)", NULL, false},
        {"k", NULL, FRIC_OPT_DOUBLE, &o.plant.k, "N/m", "spring stiffness (default 2)", NULL, false},
        {"vd", NULL, FRIC_OPT_DOUBLE, &o.plant.vd, "m/s", "support speed (default 0.1)", NULL, false},
        {"force-amp", NULL, FRIC_OPT_DOUBLE, &o.plant.force_amp, "N", "external force amplitude A (default 0)", NULL, false},
        {"force-freq", NULL, FRIC_OPT_DOUBLE, &o.plant.force_freq, "Hz", "external force frequency f (default 0)", NULL, false},
        {"x0", NULL, FRIC_OPT_DOUBLE, &o.x0, "m", "initial position (default 0)", NULL, false},
        {"v0", NULL, FRIC_OPT_DOUBLE, &o.v0, "m/s", "initial velocity (default 0)", NULL, false},
        {"z0", NULL, FRIC_OPT_DOUBLE, &o.z0, "m", "initial bristle deflection (default 0)", NULL, false},
        {"duration", NULL, FRIC_OPT_DOUBLE, &o.duration, "s", "simulated time (default 20, at most 30 without --allow-long)", NULL, false},
        {"dt", NULL, FRIC_OPT_DOUBLE, &o.dt, "s", "integration step (default 1e-5)", NULL, false},
        {"integrator", NULL, FRIC_OPT_CHOICE, &o.integrator, "", "rk4 (default) or exact (stable at any dt)", "rk4|exact", false},
        {"stick-threshold", NULL, FRIC_OPT_DOUBLE, &o.stick, "m/s",
         "|v| below it counts as near-stick (default vs/10: g(v) is then within 1% of Fs for delta = 2)", NULL, false},
        {"allow-long", NULL, FRIC_OPT_FLAG, &allow_long, "", "allow a duration over 30 s", NULL, false},
        {"check-step", NULL, FRIC_OPT_FLAG, &check_step, "", "rerun at dt/2 and report each metric's relative change and a verdict", NULL, false},
        {"csv", NULL, FRIC_OPT_STRING, &csv_path, "", "write the time history t,x,v,z,F_f,F_spring,F_ext", NULL, false},
        {"summary", NULL, FRIC_OPT_STRING, &summary_path, "", "write the JSON summary there instead of stdout", NULL, false},
        {"plot-time", NULL, FRIC_OPT_STRING, &plot_time, "", "write the friction force over time as SVG", NULL, false},
        {"plot-hysteresis", NULL, FRIC_OPT_STRING, &plot_hyst, "", "write the force-displacement loop as SVG", NULL, false},
    };
    memcpy(opts + n, more, sizeof more);
    n += sizeof more / sizeof more[0];

    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    if (rc == FRIC_OPTS_HELP) return 0;
    if (rc != 0) return rc;
    /* the plant and the run first, then the friction set (whose build prints
     * its warnings): a refusal is then the only line on stderr */
    const fric_status_t ps = fric_plant_check(&o.plant);
    if (ps != FRIC_OK) return fric_cli_fail(CMD, "%s", fric_status_message(ps));
    if (!(o.duration > 0.0)) return fric_cli_fail(CMD, "duration (simulated time, s) must be > 0, got %.6g", o.duration);
    if (!(o.dt > 0.0)) return fric_cli_fail(CMD, "dt (integration step, s) must be > 0, got %.6g", o.dt);
    if (o.dt > o.duration)
        return fric_cli_fail(CMD, "dt (integration step, s) must be <= duration (%.6g s), got %.6g", o.duration, o.dt);
    if (o.duration > MAX_DURATION && !allow_long)
        return fric_cli_fail(CMD, "duration (simulated time, s) must be <= 30 (or give --allow-long), got %.6g", o.duration);
    if (o.duration / o.dt > 1e10)
        return fric_cli_fail(CMD, "duration / dt must be <= 1e10 steps, got %.3g", o.duration / o.dt);
    const bool stick_given = fric_opts_find(opts, n, "stick-threshold")->given;
    if (stick_given && !(o.stick > 0.0)) return fric_cli_fail(CMD, "stick-threshold (m/s) must be > 0, got %.6g", o.stick);
    /* the simulator's models require static >= Coulomb: refused, not warned */
    fric_model_t m;
    rc = fric_cli_friction_build(&fp, opts, n, CMD, FRIC_WARN_FS_BELOW_FC, &m);
    if (rc != 0) return rc;
    const fric_lugre_cfg_t *c = &m.lugre;
    if (!stick_given) o.stick = (m.kind == FRIC_MODEL_LUGRE ? c->vs : 1e-3) / 10.0;
    if (strcmp(o.integrator, "rk4") == 0) {
        /* the bristle state's RK4 bound at the speed a slip reaches (about twice the support speed) */
        const double v_est = fmax(fmax(2.0 * fabs(o.plant.vd), fabs(o.v0)), 1e-12);
        const double hmax = fric_lugre_rk4_dt_max(c, v_est);
        if (o.dt > hmax)
            fprintf(stderr, "fricore " CMD ": warning: dt = %.3g s exceeds the RK4 stability estimate of the bristle state, "
                    "%.3g s at |v| = %.3g m/s; use --integrator exact or --dt %.2g\n", o.dt, hmax, v_est, 0.5 * hmax);
    }
    FILE *csv = NULL;
    if (csv_path && !(csv = fopen(csv_path, "w"))) return fric_cli_fail(CMD, "cannot write --csv %s", csv_path);
    sim_result_t r;
    const int bad = run_sim(&o, c, csv, plot_time || plot_hyst, &r);
    if (csv && fclose(csv) != 0) return fric_cli_fail(CMD, "cannot write --csv %s", csv_path);
    if (!bad && plot_time &&
        fric_svg_plot(plot_time, "fricore sim: friction force", "time t [s]", "friction force F_f [N]", r.pt, r.pf, r.np) != 0)
        rc = fric_cli_fail(CMD, "cannot write --plot-time %s", plot_time);
    if (!bad && rc == 0 && plot_hyst &&
        fric_svg_plot(plot_hyst, "fricore sim: force-displacement loop", "displacement x [m]", "friction force F_f [N]",
                      r.px, r.pf, r.np) != 0)
        rc = fric_cli_fail(CMD, "cannot write --plot-hysteresis %s", plot_hyst);
    free(r.pt);
    free(r.px);
    free(r.pf);
    if (bad) return 1;
    if (rc != 0) return rc;
    sim_result_t half;
    if (check_step) {
        sim_opts_t o2 = o;
        o2.dt = 0.5 * o.dt;
        if (run_sim(&o2, c, NULL, false, &half)) return 1;
    }
    FILE *out = stdout;
    if (summary_path && !(out = fopen(summary_path, "w"))) return fric_cli_fail(CMD, "cannot write --summary %s", summary_path);
    print_summary(out, &o, m.kind == FRIC_MODEL_DAHL ? "dahl" : "lugre", &r, check_step ? &half : NULL);
    if (out != stdout && fclose(out) != 0) return fric_cli_fail(CMD, "cannot write --summary %s", summary_path);
    return 0;
}
