/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* The options, run loop and outputs shared by fricore sim and fricore-cosim
 * (see fric_cli_sim.h). */
#include "fric_cli_sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cli_out.h"
#include "fric_cli_report.h"
#include "fric_cli_svg.h"

/* samples kept for a plot, at most */
#define PLOT_POINTS 4000

static void fill_cfg(fric_sim_cli_t *s);

void fric_sim_cli_init(fric_sim_cli_t *s, const char *cmd, const char *models)
{
    memset(s, 0, sizeof *s);
    s->cmd = cmd;
    s->plant = (fric_plant_t){1.0, 2.0, 0.1, 0.0, 0.0};
    s->duration = 20.0;
    s->dt = 1e-5;
    s->stick = NAN;
    s->csv_every = 1.0;
    s->slip = NAN;
    s->slip_min = NAN;
    s->integrator = "rk4";
    fric_cli_friction_defaults(&s->fp, "lugre");
    fric_opt_t *o = s->opts;
    size_t n = 0;
    o[n++] = (fric_opt_t){"example", NULL, FRIC_OPT_CHOICE, &s->example, "",
                          "load a published set (canudas1995: the defaults; other options override it)", "canudas1995", false};
    n += fric_cli_friction_opts(&s->fp, o + n, models);
    const fric_opt_t more[] = {
        {"mass", NULL, FRIC_OPT_DOUBLE, &s->plant.mass, "kg", "slider mass (default 1)", NULL, false},
        {"k", NULL, FRIC_OPT_DOUBLE, &s->plant.k, "N/m", "spring stiffness (default 2)", NULL, false},
        {"vd", NULL, FRIC_OPT_DOUBLE, &s->plant.vd, "m/s", "support speed (default 0.1)", NULL, false},
        {"force-amp", NULL, FRIC_OPT_DOUBLE, &s->plant.force_amp, "N", "external force amplitude A, given with --force-freq (default: no external force)", NULL, false},
        {"force-freq", NULL, FRIC_OPT_DOUBLE, &s->plant.force_freq, "Hz", "external force frequency f > 0, given with --force-amp", NULL, false},
        {"x0", NULL, FRIC_OPT_DOUBLE, &s->x0, "m", "initial position (default 0)", NULL, false},
        {"v0", NULL, FRIC_OPT_DOUBLE, &s->v0, "m/s", "initial velocity (default 0)", NULL, false},
        {"z0", NULL, FRIC_OPT_DOUBLE, &s->z0, "m", "initial bristle deflection (default 0)", NULL, false},
        {"duration", NULL, FRIC_OPT_DOUBLE, &s->duration, "s", "simulated time (default 20, at most 30 without --allow-long)", NULL, false},
        {"dt", NULL, FRIC_OPT_DOUBLE, &s->dt, "s", "integration step (default 1e-5)", NULL, false},
        {"integrator", NULL, FRIC_OPT_CHOICE, &s->integrator, "", "rk4 (default) or exact (stable at any dt; the default, and the only one, for elastoplastic and gms)", "rk4|exact", false},
        {"stick-threshold", NULL, FRIC_OPT_DOUBLE, &s->stick, "m/s",
         "|v| below it counts as near-stick and ends a slip (default vs/10: g(v) is then within 1% of Fs for delta = 2; "
         "1e-4 without a Stribeck term)", NULL, false},
        {"slip-threshold", NULL, FRIC_OPT_DOUBLE, &s->slip, "m/s",
         "a slip starts when |v| rises above it and stays there for --min-slip-duration (> the stick threshold; "
         "default 10 vs, where the contact slides fully; 1e-2 without a Stribeck term)", NULL, false},
        {"min-slip-duration", NULL, FRIC_OPT_DOUBLE, &s->slip_min, "s",
         "the shortest excursion above the slip threshold that counts as a slip (>= 0, <= duration; default 10 dt)",
         NULL, false},
        {"allow-long", NULL, FRIC_OPT_FLAG, &s->allow_long, "", "allow a duration over 30 s", NULL, false},
        {"check-step", NULL, FRIC_OPT_FLAG, &s->check_step, "", "rerun at dt/2 and report each metric's relative change and a verdict", NULL, false},
        {"csv", NULL, FRIC_OPT_STRING, &s->csv, "", "write the time history t,x,v,z,F_f,F_spring,F_ext ('-': stdout, with --summary FILE)", NULL, false},
        {"csv-every", NULL, FRIC_OPT_DOUBLE, &s->csv_every, "",
         "write samples 0, N, 2N, ... to --csv, an integer 1 .. 1e9 (default 1: every sample, 55 bytes each)", NULL, false},
        {"summary", NULL, FRIC_OPT_STRING, &s->summary, "", "write the JSON summary there instead of stdout", NULL, false},
        {"plot-time", NULL, FRIC_OPT_STRING, &s->plot_time, "", "write the friction force over time as SVG ('-': stdout)", NULL, false},
        {"plot-hysteresis", NULL, FRIC_OPT_STRING, &s->plot_hyst, "", "write the force-displacement loop as SVG ('-': stdout)", NULL, false},
        {"report", NULL, FRIC_OPT_STRING, &s->report, "", "write a self-contained HTML report (inputs, summary, plots, equations) ('-': stdout)", NULL, false},
    };
    memcpy(o + n, more, sizeof more);
    s->nopts = n + sizeof more / sizeof more[0];
}

void fric_sim_cli_add(fric_sim_cli_t *s, const fric_opt_t *opts, size_t n)
{
    if (s->nopts + n > FRIC_SIM_MAX_OPTS) {
        fprintf(stderr, "fric_sim_cli_add: option table full\n");
        abort();
    }
    memcpy(s->opts + s->nopts, opts, n * sizeof *opts);
    s->nopts += n;
}

int fric_sim_cli_parse(fric_sim_cli_t *s, int argc, char **argv, const char *usage)
{
    const char *cmd = s->cmd;
    s->argc = argc;
    s->argv = argv;
    int rc = fric_opts_parse(s->opts, s->nopts, argc, argv, 2, cmd, usage);
    if (rc != 0) return rc;
    /* the plant and the run first, then the friction set (whose build prints
     * its warnings): a refusal is then the only line on stderr */
    const fric_status_t ps = fric_plant_check(&s->plant);
    if (ps != FRIC_OK) return fric_cli_fail(cmd, "%s", fric_status_message(ps));
    /* the external force A sin(2 pi f t) needs both: either alone is a zero force */
    const bool amp = fric_opts_find(s->opts, s->nopts, "force-amp")->given;
    const bool freq = fric_opts_find(s->opts, s->nopts, "force-freq")->given;
    if (amp != freq)
        return fric_cli_fail(cmd, "--%s needs --%s: the external force is A sin(2 pi f t), with A (--force-amp, N) "
                             "and f (--force-freq, Hz, > 0); give both or neither", amp ? "force-amp" : "force-freq",
                             amp ? "force-freq" : "force-amp");
    if (amp && s->plant.force_amp != 0.0 && !(s->plant.force_freq > 0.0))
        return fric_cli_fail(cmd, "--force-freq (Hz) must be > 0 with --force-amp %.6g N, got %.6g: A sin(2 pi f t) "
                             "is 0 for f = 0", s->plant.force_amp, s->plant.force_freq);
    if (!(s->duration > 0.0)) return fric_cli_fail(cmd, "duration (simulated time, s) must be > 0, got %.6g", s->duration);
    if (!(s->dt > 0.0)) return fric_cli_fail(cmd, "dt (integration step, s) must be > 0, got %.6g", s->dt);
    if (s->dt > s->duration)
        return fric_cli_fail(cmd, "dt (integration step, s) must be <= duration (%.6g s), got %.6g", s->duration, s->dt);
    if (s->duration > FRIC_SIM_MAX_DURATION && !s->allow_long)
        return fric_cli_fail(cmd, "duration (simulated time, s) must be <= 30 (or give --allow-long), got %.6g", s->duration);
    if (s->duration / s->dt > 1e10)
        return fric_cli_fail(cmd, "duration / dt must be <= 1e10 steps, got %.3g", s->duration / s->dt);
    const bool stick_given = fric_opts_find(s->opts, s->nopts, "stick-threshold")->given;
    const bool slip_given = fric_opts_find(s->opts, s->nopts, "slip-threshold")->given;
    const bool slip_min_given = fric_opts_find(s->opts, s->nopts, "min-slip-duration")->given;
    if (stick_given && !(s->stick > 0.0)) return fric_cli_fail(cmd, "stick-threshold (m/s) must be > 0, got %.6g", s->stick);
    if (!(s->csv_every >= 1.0 && s->csv_every <= 1e9 && s->csv_every == floor(s->csv_every)))
        return fric_cli_fail(cmd, "--csv-every (write every N-th sample) must be an integer in [1, 1e9], got %.9g", s->csv_every);
    if (fric_opts_find(s->opts, s->nopts, "csv-every")->given && !s->csv)
        return fric_cli_fail(cmd, "--csv-every applies only with --csv FILE");
    if (slip_given && !(s->slip > 0.0)) return fric_cli_fail(cmd, "slip-threshold (m/s) must be > 0, got %.6g", s->slip);
    if (slip_min_given && !(s->slip_min >= 0.0 && s->slip_min <= s->duration))
        return fric_cli_fail(cmd, "min-slip-duration (s) must be >= 0 and <= duration (%.6g s), got %.6g", s->duration,
                             s->slip_min);
    if (s->check && (rc = s->check(s->check_ctx)) != 0) return rc;
    /* the simulator's models require static >= Coulomb: refused, not warned */
    rc = fric_cli_friction_build(&s->fp, s->opts, s->nopts, cmd, FRIC_WARN_FS_BELOW_FC | FRIC_WARN_NOT_PASSIVE,
                                 &s->model);
    if (rc != 0) return rc;
    const fric_model_kind_t kind = s->model.kind;
    const bool dynamic = fric_model_dynamic(&s->model);
    s->contact = fric_contact_model(&s->model);
    /* a set that fails LuGre's passivity condition: said in the summary and
     * the report; also flagged here, once, unless it is the built-in
     * published example's */
    const fric_sim_passivity_t pa = fric_sim_passivity(&s->contact);
    if (!pa.met && pa.dynamic && !fric_cli_friction_is_example(&s->model))
        fprintf(stderr, "%s: warning: %s\n", fric_cli_name(cmd), fric_warning_message(FRIC_WARN_NOT_PASSIVE));
    if (!dynamic && kind != FRIC_MODEL_ELASTOPLASTIC && s->z0 != 0.0)
        return fric_cli_fail(cmd, "z0 (bristle deflection, m) applies to --model dahl|lugre|elastoplastic only");
    /* elasto-plastic and GMS run with the exact step only: it is their default */
    const bool integ_given = fric_opts_find(s->opts, s->nopts, "integrator")->given;
    if (s->contact.stepped && !integ_given) s->integrator = "exact";
    if (s->contact.stepped && strcmp(s->integrator, "exact") != 0)
        return fric_cli_fail(cmd, "%s", fric_status_message(FRIC_ERR_SIM_INTEGRATOR));
    /* the thresholds not given: the library's defaults from vs and dt */
    fill_cfg(s);
    fric_sim_cfg_defaults(&s->cfg);
    s->stick = s->cfg.stick;
    s->slip = s->cfg.slip;
    s->slip_min = s->cfg.slip_min;
    if (!(s->slip > s->stick))
        return fric_cli_fail(cmd, "slip-threshold (m/s) must be > the stick threshold (--stick-threshold, %.6g m/s), "
                             "got %.6g%s", s->stick, s->slip, slip_given ? "" : " (its default)");
    s->rk4_too_long = false;
    if (strcmp(s->integrator, "rk4") == 0) {
        if (dynamic) {
            /* the bristle state's RK4 bound at the speed a slip reaches: the spring, loaded to the
             * static level, releases Fs - Fc (and the external force A) into the mass, so the slider
             * swings about the support speed by up to sqrt(vd^2 + (dF^2 + A^2) / (k m)) */
            const fric_lugre_cfg_t *l = &s->model.lugre;
            const double df = fmax(fmax(l->fs_pos - l->fc_pos, l->fs_neg - l->fc_neg), 0.0);
            const double vd = fabs(s->plant.vd), a = s->plant.force_amp;
            const double swing = sqrt(vd * vd + (df * df + a * a) / (s->plant.k * s->plant.mass));
            const double v_est = fmax(fmax(fmax(2.0 * vd, vd + swing), fabs(s->v0)), 1e-12);
            const double hmax = fric_lugre_rk4_dt_max(&s->model.lugre, v_est);
            if (s->dt > hmax) {
                s->rk4_too_long = true;
                fprintf(stderr, "%s: warning: dt = %.3g s exceeds the RK4 stability estimate of the bristle state, "
                        "%.3g s at |v| = %.3g m/s; use --integrator exact or --dt %.2g\n", fric_cli_name(cmd), s->dt, hmax, v_est,
                        0.5 * hmax);
            }
        }
        /* the plant's: the mass on the drive spring and, when stuck, the
         * bristles (RK4 is stable for omega*dt below about 2.8) */
        const double stiff = s->plant.k + (dynamic ? s->model.lugre.sigma0 : 0.0);
        const double hplant = 2.8 / sqrt(stiff / s->plant.mass);
        if (s->dt > hplant && !s->rk4_too_long) {
            s->rk4_too_long = true;
            fprintf(stderr, "%s: warning: dt = %.3g s exceeds the RK4 stability estimate of the plant, "
                    "2.8/sqrt((k%s)/m) = %.3g s; use --integrator exact or --dt %.2g\n", fric_cli_name(cmd), s->dt,
                    dynamic ? " + sigma0" : "", hplant, 0.5 * hplant);
        }
    }
    fill_cfg(s);
    return 0;
}

/* The library's configuration from the options (once they are valid). */
static void fill_cfg(fric_sim_cli_t *s)
{
    fric_sim_cfg_t *c = &s->cfg;
    fric_sim_cfg_init(c);
    c->plant = s->plant;
    c->contact = s->contact;
    c->x0 = s->x0;
    c->v0 = s->v0;
    c->z0 = s->z0;
    c->duration = s->duration;
    c->dt = s->dt;
    c->stick = s->stick;
    c->slip = s->slip;
    c->slip_min = s->slip_min;
}

fric_sim_stepper_t fric_sim_cli_stepper(const fric_sim_cli_t *s)
{
    return fric_sim_builtin_stepper(&s->cfg, strcmp(s->integrator, "exact") == 0 ? FRIC_SIM_EXACT : FRIC_SIM_RK4);
}

/* ---- the run -------------------------------------------------------------- */

/* What the per-sample callback of a run writes to. */
typedef struct {
    const fric_sim_hooks_t *hook; /* NULL: none */
    bool half;
    fric_out_t *csv;              /* NULL: none */
    size_t every;                 /* the CSV's decimation */
} sample_ctx_t;

static int on_sample(void *ctx, size_t i, size_t n, const fric_plant_state_t *s, double f_spring, double f_ext)
{
    const sample_ctx_t *c = ctx;
    if (c->hook) c->hook->sample(c->hook->ctx, c->half, i, n, s, f_spring, f_ext);
    if (c->csv && i % c->every == 0 && fprintf(c->csv->f, "%.9g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", s->t, s->x, s->v, s->z, s->f,
                          f_spring, f_ext) < 0)
        return 1;
    return 0;
}

/* One run at step dt: 0, FRIC_EXIT_FAIL (it diverged, or the stepper failed),
 * or FRIC_EXIT_USAGE (the CSV cannot be written). which: "" or what the run is. */
static int run(fric_sim_cli_t *o, const fric_sim_stepper_t *st, double dt, fric_out_t *csv, bool keep,
               const char *which, fric_sim_result_t *r)
{
    memset(r, 0, sizeof *r);
    fill_cfg(o);
    fric_sim_cfg_t c = o->cfg;
    c.dt = dt;
    c.plot_points = keep ? PLOT_POINTS : 0;
    sample_ctx_t sc = {o->hooks && o->hooks->sample ? o->hooks : NULL, which[0] != '\0', csv, (size_t)o->csv_every};
    if (csv && fputs("t,x,v,z,F_f,F_spring,F_ext\n", csv->f) == EOF) return fric_out_write_failed(csv, o->cmd);
    const bool any = sc.hook || csv;
    const fric_status_t rc = fric_sim_run(&c, st, any ? on_sample : NULL, &sc, r);
    switch (rc) {
    case FRIC_OK: return 0;
    case FRIC_ERR_SIM_DIVERGED: {
        const bool rk4 = strcmp(st->method, "rk4") == 0;
        const char *hint = rk4 && o->rk4_too_long ? "the step is too long for rk4 (use --integrator exact or a smaller --dt)"
                           : rk4 ? "the inputs drive the run beyond the range of a double, or the step is too long for rk4 "
                                   "(try --integrator exact or a smaller --dt)"
                                 : "the inputs drive the run beyond the range of a double (check the magnitudes of the "
                                   "forces, the mass and the friction levels)";
        return fric_cli_run_failed(o->cmd, "%s%s; %s", which, r->why, hint);
    }
    case FRIC_ERR_SIM_STEPPER: return FRIC_EXIT_FAIL; /* the stepper said why */
    case FRIC_ERR_SIM_STOPPED: return fric_out_write_failed(csv, o->cmd);
    case FRIC_ERR_SIM_NOMEM: return fric_cli_run_failed(o->cmd, "out of memory for the plots");
    default: return fric_cli_fail(o->cmd, "%s", fric_status_message(rc));
    }
}

/* |residual| / |input work|, or NAN (null: undefined) when that is not finite */
static double rel_residual(double res, double w_in)
{
    const double q = fabs(res) / fabs(w_in);
    return isfinite(q) ? q : NAN;
}

/* Every number the summary, the report and the plots derive from a run,
 * checked before anything is written: FRIC_EXIT_FAIL naming the first that
 * is not finite (NAN stands for an absent stick-slip metric only). */
static int check_result(const fric_sim_cli_t *o, const fric_sim_result_t *r, const char *which)
{
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&o->cfg, r, m);
    const bool ss = r->onsets >= 2;
    for (int i = 0; i < FRIC_NMETRICS; i++) {
        const bool absent = isnan(m[i]) && !ss && i >= FRIC_M_PERIOD;
        if (!isfinite(m[i]) && !absent)
            return fric_cli_run_failed(o->cmd, "%sthe result is not finite: %s = %g; the inputs drive the run beyond "
                                       "the range of a double", which, fric_sim_metric_info[i].label, m[i]);
    }
    const double dke = fric_sim_dke(&o->cfg, r), res = fric_sim_residual(&o->cfg, r);
    const struct {
        const char *name;
        double v;
    } q[] = {{"kinetic energy change [J]", dke}, {"energy balance residual [J]", res}, {"wall time [s]", r->wall}};
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
        if (!isfinite(q[i].v))
            return fric_cli_run_failed(o->cmd, "%sthe result is not finite: %s = %g; the inputs drive the run beyond "
                                       "the range of a double", which, q[i].name, q[i].v);
    return 0;
}

/* ---- the JSON summary ------------------------------------------------------ */

/* a JSON number, or null for NAN */
static void json_num(FILE *out, const char *fmt, double x)
{
    if (isnan(x)) fputs("null", out);
    else fprintf(out, fmt, x);
}

/* One number of the summary after what precedes its key (pre): at the CLI's
 * precision fmt, or exact (%.17g) when the caller asked for full precision. */
static void field(FILE *out, const fric_sim_cli_t *o, const char *pre, const char *key, const char *fmt, double x)
{
    fprintf(out, "%s\"%s\": ", pre, key);
    json_num(out, o->hooks && o->hooks->full_precision ? "%.17g" : fmt, x);
}

static void print_check(FILE *out, const fric_sim_cli_t *o, const double a[FRIC_NMETRICS],
                        const double b[FRIC_NMETRICS], double dt_half)
{
    bool all = true;
    field(out, o, "  \"check_step\": {", "dt_half_s", "%.9g", dt_half);
    fprintf(out, ", \"tolerance\": %g, \"metrics\": {\n", FRIC_SIM_CHECK_TOL);
    for (int i = 0; i < FRIC_NMETRICS; i++) {
        double rel;
        const bool ok = fric_sim_check_metric(i, a[i], b[i], &rel);
        all = all && ok;
        fprintf(out, "    \"%s\": {", fric_sim_metric_info[i].name);
        field(out, o, "", "value", "%.9g", a[i]);
        field(out, o, ", ", "value_half_dt", "%.9g", b[i]);
        field(out, o, ", ", "relative_change", "%.3g", rel);
        fprintf(out, ", \"verdict\": \"%s\"}%s\n", ok ? "resolved" : "not resolved", i + 1 < FRIC_NMETRICS ? "," : "");
    }
    fprintf(out, "  }, \"verdict\": \"%s\"},\n", all ? "dt resolves the dynamics" : "dt does not resolve the dynamics: try a smaller --dt");
}

static void print_summary(FILE *out, const fric_sim_cli_t *o, const fric_sim_stepper_t *st, double dt,
                          const fric_sim_result_t *r, const fric_sim_result_t *half)
{
    double m[FRIC_NMETRICS];
    fric_sim_metrics(&o->cfg, r, m);
    fprintf(out, "{\n  \"model\": \"%s\",\n", fric_model_name(o->model.kind));
    field(out, o, "  ", "peak_abs_friction_N", "%.9g", m[FRIC_M_PEAK_F]);
    field(out, o, ",\n  \"final\": {", "t_s", "%.9g", r->final.t);
    field(out, o, ", ", "x_m", "%.12g", m[FRIC_M_X]);
    field(out, o, ", ", "v_m_per_s", "%.12g", m[FRIC_M_V]);
    field(out, o, ", ", "z_m", "%.12g", m[FRIC_M_Z]);
    field(out, o, ", ", "friction_N", "%.12g", m[FRIC_M_F]);
    fric_sim_stick_slip_t ss;
    fric_sim_stick_slip(&o->cfg, r, &ss);
    field(out, o, "},\n  ", "stick_threshold_m_per_s", "%.9g", ss.stick);
    field(out, o, ",\n  ", "slip_threshold_m_per_s", "%.9g", ss.slip);
    field(out, o, ",\n  ", "min_slip_duration_s", "%.9g", ss.slip_min);
    field(out, o, ",\n  ", "near_stick_fraction", "%.9g", m[FRIC_M_STICK_FRAC]);
    fprintf(out, ",\n  \"velocity_reversals\": %zu,\n", r->reversals);
    if (ss.present) {
        fprintf(out, "  \"stick_slip\": {\"present\": true, \"slips\": %zu", r->onsets);
        field(out, o, ", ", "period_s", "%.9g", m[FRIC_M_PERIOD]);
        field(out, o, ", ", "friction_peak_to_peak_N", "%.9g", m[FRIC_M_F_P2P]);
        field(out, o, ", ", "peak_abs_velocity_m_per_s", "%.9g", m[FRIC_M_PEAK_V]);
        fputs("},\n", out);
    } else {
        fprintf(out, "  \"stick_slip\": {\"present\": false, \"slips\": %zu, \"cause\": \"%s\"},\n", r->onsets,
                ss.cause);
    }
    fprintf(out, "  \"chatter\": {\"count\": %zu", ss.chatter);
    field(out, o, ", ", "amplitude_m_per_s", "%.9g", ss.chatter_v);
    fprintf(out, ", \"short_excursions\": %zu", ss.short_slips);
    field(out, o, ", ", "stick_dt_max_s", "%.9g", ss.stick_dt_max);
    fprintf(out, ", \"note\": \"%s\"},\n", ss.chatter_note);
    const fric_sim_passivity_t pa = fric_sim_passivity(&o->cfg.contact);
    fprintf(out, "  \"passivity\": {\"condition\": \"%s\", ", pa.condition);
    field(out, o, "", "margin_N_s_per_m", "%.9g", pa.margin);
    fprintf(out, ", \"met\": %s, \"reference\": \"%s\", \"meaning\": \"%s\"},\n", pa.met ? "true" : "false",
            pa.reference, pa.meaning);
    const double dke = fric_sim_dke(&o->cfg, r), res = fric_sim_residual(&o->cfg, r);
    field(out, o, "  \"energy\": {", "input_work_J", "%.9g", r->w_in);
    field(out, o, ", ", "friction_work_J", "%.9g", r->w_f);
    field(out, o, ", ", "kinetic_energy_change_J", "%.9g", dke);
    field(out, o, ", ", "residual_J", "%.3g", res);
    field(out, o, ", ", "relative_residual", "%.3g", rel_residual(res, r->w_in));
    fprintf(out, "},\n");
    if (half) {
        double mh[FRIC_NMETRICS];
        fric_sim_metrics(&o->cfg, half, mh);
        print_check(out, o, m, mh, 0.5 * dt);
    }
    fprintf(out, "  \"integration\": {\"method\": \"%s\"", st->method);
    field(out, o, ", ", "dt_s", "%.9g", dt);
    fprintf(out, ", \"steps\": %zu", r->steps);
    field(out, o, ", ", "wall_time_s", "%.6f", r->wall);
    fputs("}\n}\n", out);
}

/* A document rendered in memory (open_memstream), to be written whole. */
typedef struct {
    FILE *f;
    char *buf;
    size_t len;
} doc_t;

static int doc_begin(doc_t *d, const char *cmd)
{
    d->buf = NULL;
    d->len = 0;
    d->f = open_memstream(&d->buf, &d->len);
    return d->f ? 0 : fric_cli_run_failed(cmd, "out of memory");
}

/* End the document whose rendering returned rendered (0, or -1: a plot's
 * range is not finite): 0 with d->buf, d->len its text, or FRIC_EXIT_FAIL. */
static int doc_end(doc_t *d, int rendered, const char *what, const char *cmd)
{
    const bool bad = ferror(d->f) != 0;
    const int closed = fclose(d->f);
    d->f = NULL;
    if (closed != 0 || bad) return fric_cli_run_failed(cmd, "out of memory for %s", what);
    if (rendered != 0) return fric_cli_run_failed(cmd, "%s: the data's range is beyond that of a double", what);
    return 0;
}

int fric_sim_cli_run(fric_sim_cli_t *o, const fric_sim_stepper_t *st)
{
    const char *cmd = o->cmd;
    enum { OUT_CSV, OUT_PLOT_T, OUT_PLOT_H, OUT_REPORT, OUT_SUMMARY, NOUT };
    fric_out_t out[NOUT] = {
        [OUT_CSV] = {.opt = "--csv", .path = o->csv},
        [OUT_PLOT_T] = {.opt = "--plot-time", .path = o->plot_time},
        [OUT_PLOT_H] = {.opt = "--plot-hysteresis", .path = o->plot_hyst},
        [OUT_REPORT] = {.opt = "--report", .path = o->report},
        [OUT_SUMMARY] = {.opt = o->summary ? "--summary" : "the summary", .path = o->summary ? o->summary : "-"},
    };
    /* the summary goes to stdout unless --summary names a file */
    for (int i = 0; i < OUT_SUMMARY; i++)
        if (!o->summary && out[i].path && strcmp(out[i].path, "-") == 0)
            return fric_cli_fail(cmd, "%s - and the JSON summary both write to stdout; give --summary FILE", out[i].opt);
    /* every output checked and created before the run */
    int rc = fric_outs_open(out, NOUT, cmd);
    if (rc != 0) return rc;
    fric_sim_result_t r, half;
    memset(&half, 0, sizeof half);
    rc = run(o, st, o->dt, out[OUT_CSV].f ? &out[OUT_CSV] : NULL, o->plot_time || o->plot_hyst || o->report, "", &r);
    if (rc == 0) rc = check_result(o, &r, "");
    if (rc == 0 && o->check_step) {
        rc = run(o, st, 0.5 * o->dt, NULL, false, "the --check-step rerun at dt/2: ", &half);
        if (rc == 0) rc = check_result(o, &half, "the --check-step rerun at dt/2: ");
    }
    const fric_sim_result_t *h = o->check_step ? &half : NULL;
    /* the plots, the report and the summary rendered in memory, each to be
     * written in one checked write */
    doc_t doc[NOUT] = {{0}};
    doc_t *d = &doc[OUT_PLOT_T];
    if (rc == 0 && out[OUT_PLOT_T].f && (rc = doc_begin(d, cmd)) == 0)
        rc = doc_end(d, fric_svg_write(d->f, "data", FRIC_PLOT_TIME_TITLE, FRIC_PLOT_TIME_X, FRIC_PLOT_F, r.pt, r.pf, r.np),
                     "--plot-time", cmd);
    d = &doc[OUT_PLOT_H];
    if (rc == 0 && out[OUT_PLOT_H].f && (rc = doc_begin(d, cmd)) == 0)
        rc = doc_end(d, fric_svg_write(d->f, "data", FRIC_PLOT_HYST_TITLE, FRIC_PLOT_HYST_X, FRIC_PLOT_F, r.px, r.pf, r.np),
                     "--plot-hysteresis", cmd);
    d = &doc[OUT_REPORT];
    if (rc == 0 && out[OUT_REPORT].f && (rc = doc_begin(d, cmd)) == 0)
        rc = doc_end(d, fric_sim_report(d->f, o, st, o->dt, &r, h), "--report", cmd);
    d = &doc[OUT_SUMMARY];
    if (rc == 0 && (rc = doc_begin(d, cmd)) == 0) {
        print_summary(d->f, o, st, o->dt, &r, h);
        rc = doc_end(d, 0, "the summary", cmd);
    }
    fric_sim_result_free(&r);
    fric_sim_result_free(&half);
    /* the files first; what goes to stdout only once every file is complete */
    for (int i = 0; i < NOUT && rc == 0; i++)
        if (doc[i].buf && !out[i].is_stdout) rc = fric_out_write(&out[i], doc[i].buf, doc[i].len, cmd);
    if (rc == 0) rc = fric_outs_close_files(out, NOUT, cmd);
    for (int i = 0; i < NOUT && rc == 0; i++)
        if (doc[i].buf && out[i].is_stdout) rc = fric_out_write(&out[i], doc[i].buf, doc[i].len, cmd);
    for (int i = 0; i < NOUT; i++) {
        if (doc[i].f) fclose(doc[i].f);
        free(doc[i].buf);
    }
    if (rc == 0) return fric_outs_close(out, NOUT, cmd);
    fric_outs_discard(out, NOUT);
    return rc;
}
