/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* fricore servo: a servo axis with friction compensation (see fric_cli_servo.h
 * and docs/servo.md).
 *
 * Units: the axis is rotary. Angles are in rad, speeds in rad/s, torques in
 * N*m; a friction set's "N" and "m" read as N*m and rad (the LuGre equations
 * do not care which), so --fc is in N*m, --vs in rad/s, --sigma0 in
 * N*m/rad. */
#include "fric_cli_servo.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cli_out.h"
#include "fric_cli_report.h"
#include "fric_cli_svg.h"

#define TWO_PI 6.283185307179586

/* samples kept for a plot, at most */
#define PLOT_POINTS 4000
/* the longest run, s, and the most samples */
#define MAX_DURATION 120.0
#define MAX_SAMPLES 2e7
/* an error within this many encoder counts is "at the setpoint" (time stuck) */
#define STUCK_COUNTS 2.0

#define USAGE "[--reference sine|step|ramp|csv] [--compensation none|coulomb|stribeck|lugre] [--comp-params FILE] " \
              "[--comp-arith double|fixed|rtl] [machine friction: its N and m read as N*m and rad] [plant] [encoder] " \
              "[controller] [--duration S] "                                                                        \
              "[--csv FILE] [--summary FILE] [--plot-error F.svg] [--plot-velocity F.svg] [--plot-friction F.svg] "   \
              "[--report F.html]"

typedef enum { COMP_NONE, COMP_COULOMB, COMP_STRIBECK, COMP_LUGRE } comp_t;
typedef enum { ARITH_DOUBLE, ARITH_FIXED, ARITH_RTL } arith_t;
typedef enum { REF_SINE, REF_STEP, REF_RAMP, REF_CSV } ref_t;

#define MAX_OPTS (FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 48)

typedef struct {
    const char *cmd;
    int argc;
    char **argv;
    const fric_servo_rtl_t *rtl;
    /* machine friction, and the compensator's raw values */
    fric_cli_friction_t fp, cfp;
    fric_model_t machine, comp;
    fric_cli_fixed_t fx;
    fric_cli_fx_t cp; /* the compensator compiled (fixed, rtl); the encoder's scale always */
    /* plant */
    double inertia, load_damping, compliance, load_inertia, compliance_damping;
    /* encoder */
    double cpr;
    uint32_t enc_gain, enc_shift;
    double enc_scale; /* gain / 2^shift, codes per count per tick */
    /* controller */
    double bandwidth, kp, kv, ki, u_max, substeps_d;
    int substeps;
    bool accel_ff;
    /* compensation */
    const char *compensation, *comp_params, *comp_arith;
    comp_t comp_kind;
    arith_t arith;
    double inject_d;
    long inject;
    /* reference */
    const char *reference, *trajectory;
    ref_t ref;
    double amplitude, frequency, period, rise_time, speed;
    double *traj_t, *traj_x;
    size_t traj_n;
    /* run */
    double duration, stick, lc_window;
    const char *csv, *summary, *plot_err, *plot_vel, *plot_fric, *report;
    fric_opt_t opts[MAX_OPTS];
    size_t nopts;
    fric_opt_t copts[FRIC_CLI_FRICTION_NOPTS];
    size_t ncopts;
} servo_t;

/* ---- the options ------------------------------------------------------------------------------ */

static void defaults(servo_t *s)
{
    fric_cli_friction_defaults(&s->fp, "lugre");
    fric_cli_fixed_defaults(&s->fx);
    s->fx.ts = 1e-4;
    s->inertia = 1.0;
    s->load_damping = 0.1;
    s->compliance = 0.0;
    s->load_inertia = NAN;
    s->compliance_damping = NAN;
    s->cpr = 8388608.0;
    s->bandwidth = 20.0;
    s->kp = s->kv = s->ki = NAN;
    s->u_max = 20.0;
    s->substeps_d = 10.0;
    s->compensation = "none";
    s->comp_arith = "double";
    s->inject_d = -1.0;
    s->reference = "sine";
    s->amplitude = 0.01;
    s->frequency = 0.5;
    s->period = 4.0;
    s->rise_time = 0.05;
    s->speed = 0.002;
    s->duration = 4.0;
    s->stick = NAN;
    s->lc_window = NAN;
}

static void table(servo_t *s)
{
    fric_opt_t *o = s->opts;
    size_t n = fric_cli_friction_opts(&s->fp, o, "lugre");
    /* the machine's set: "--model" stays (lugre only), "--params" reads it */
    n += fric_cli_fixed_opts(&s->fx, o + n, "servo period: the controller's, the encoder's and the compensator's sample "
                                            "time (default 1e-4)");
    const fric_opt_t more[] = {
        {"inertia", NULL, FRIC_OPT_DOUBLE, &s->inertia, "kg*m^2", "motor-side inertia J (the whole axis when rigid) (default 1)", NULL, false},
        {"load-damping", NULL, FRIC_OPT_DOUBLE, &s->load_damping, "N*m*s/rad", "viscous load b_l (default 0.1)", NULL, false},
        {"compliance", NULL, FRIC_OPT_DOUBLE, &s->compliance, "N*m/rad", "shaft stiffness to a load inertia; 0 = rigid axis (default 0)", NULL, false},
        {"load-inertia", NULL, FRIC_OPT_DOUBLE, &s->load_inertia, "kg*m^2", "load inertia, with --compliance (default: --inertia)", NULL, false},
        {"compliance-damping", NULL, FRIC_OPT_DOUBLE, &s->compliance_damping, "N*m*s/rad", "shaft damping, with --compliance (default: 5% of critical)", NULL, false},
        {"counts-per-rev", NULL, FRIC_OPT_DOUBLE, &s->cpr, "", "encoder counts per revolution after x4 decoding, an integer 4 .. 2^30 (default 2^23)", NULL, false},
        {"bandwidth", NULL, FRIC_OPT_DOUBLE, &s->bandwidth, "Hz", "velocity-loop crossover the default gains are tuned for (default 20)", NULL, false},
        {"kp", NULL, FRIC_OPT_DOUBLE, &s->kp, "1/s", "position gain (default: 2 pi bandwidth / 6)", NULL, false},
        {"kv", NULL, FRIC_OPT_DOUBLE, &s->kv, "N*m*s/rad", "velocity proportional gain (default: J 2 pi bandwidth)", NULL, false},
        {"ki", NULL, FRIC_OPT_DOUBLE, &s->ki, "N*m/rad", "velocity integral gain (default: kv 2 pi bandwidth / 4)", NULL, false},
        {"u-max", NULL, FRIC_OPT_DOUBLE, &s->u_max, "N*m", "torque limit of the drive (default 20)", NULL, false},
        {"no-accel-ff", NULL, FRIC_OPT_FLAG, &s->accel_ff, "", "leave out the acceleration feed-forward J * reference acceleration", NULL, false},
        {"substeps", NULL, FRIC_OPT_DOUBLE, &s->substeps_d, "", "plant steps per servo period, an integer 1 .. 1000 (default 10)", NULL, false},
        {"compensation", NULL, FRIC_OPT_CHOICE, &s->compensation, "",
         "friction compensation added to the torque: none (default), coulomb (Coulomb + viscous), stribeck (static curve), lugre (observer)",
         "none|coulomb|stribeck|lugre", false},
        {"comp-params", NULL, FRIC_OPT_STRING, &s->comp_params, "",
         "the compensator's parameter file (the format of --params; default: the machine's set)", NULL, false},
        {"comp-arith", NULL, FRIC_OPT_CHOICE, &s->comp_arith, "",
         "compensator arithmetic: double (default), fixed (the bit-exact model), rtl (the Verilated core, fricore-cosim servo)",
         "double|fixed|rtl", false},
        {"reference", NULL, FRIC_OPT_CHOICE, &s->reference, "",
         "position reference: sine (default; A (1 - cos 2 pi f t), from rest), step (a square wave), ramp, csv (--trajectory)", "sine|step|ramp|csv", false},
        {"amplitude", NULL, FRIC_OPT_DOUBLE, &s->amplitude, "rad", "sine amplitude, step height (default 0.01)", NULL, false},
        {"frequency", NULL, FRIC_OPT_DOUBLE, &s->frequency, "Hz", "sine frequency (default 0.5)", NULL, false},
        {"period", NULL, FRIC_OPT_DOUBLE, &s->period, "s", "step: up for half the period, back for the other half (default 4)", NULL, false},
        {"rise-time", NULL, FRIC_OPT_DOUBLE, &s->rise_time, "s", "step: each move a half-cosine over this time, 0 = a jump (default 0.05)", NULL, false},
        {"speed", NULL, FRIC_OPT_DOUBLE, &s->speed, "rad/s", "ramp speed (default 0.002)", NULL, false},
        {"trajectory", NULL, FRIC_OPT_STRING, &s->trajectory, "", "CSV of t,theta lines (s, rad; '#' comments), with --reference csv", NULL, false},
        {"duration", NULL, FRIC_OPT_DOUBLE, &s->duration, "s", "simulated time, at most 120 (default 4)", NULL, false},
        {"stick-threshold", NULL, FRIC_OPT_DOUBLE, &s->stick, "rad/s", "|omega| below it is stuck (default: machine vs / 10)", NULL, false},
        {"lc-window", NULL, FRIC_OPT_DOUBLE, &s->lc_window, "s", "the limit cycle is measured over the last this long (default: duration / 4)", NULL, false},
        {"csv", NULL, FRIC_OPT_STRING, &s->csv, "", "write every sample (t, theta_ref, theta, omega_ref, omega, omega_meas, error, u, friction, estimate)", NULL, false},
        {"summary", NULL, FRIC_OPT_STRING, &s->summary, "", "write the JSON summary there instead of stdout", NULL, false},
        {"plot-error", NULL, FRIC_OPT_STRING, &s->plot_err, "", "write the position error over time as SVG", NULL, false},
        {"plot-velocity", NULL, FRIC_OPT_STRING, &s->plot_vel, "", "write reference, true and measured velocity as SVG", NULL, false},
        {"plot-friction", NULL, FRIC_OPT_STRING, &s->plot_fric, "", "write the true friction and the compensator's estimate as SVG", NULL, false},
        {"report", NULL, FRIC_OPT_STRING, &s->report, "", "write a self-contained HTML report", NULL, false},
    };
    memcpy(o + n, more, sizeof more);
    n += sizeof more / sizeof more[0];
    if (s->rtl)
        o[n++] = (fric_opt_t){"inject-mismatch", NULL, FRIC_OPT_DOUBLE, &s->inject_d, "",
                              "test aid: at this sample the core's force is compared with the model's plus one LSB", NULL, false};
    s->nopts = n;
}

static bool given(servo_t *s, const char *name)
{
    const fric_opt_t *o = fric_opts_find(s->opts, s->nopts, name);
    return o && o->given;
}

/* a whole number in [lo, hi], or a refusal naming the option */
static int whole(const servo_t *s, const char *name, const char *what, double x, double lo, double hi)
{
    if (!(x >= lo && x <= hi && x == floor(x)))
        return fric_cli_fail(s->cmd, "--%s (%s) must be an integer in [%.0f, %.0f], got %.9g", name, what, lo, hi, x);
    return 0;
}

static int positive(const servo_t *s, const char *name, const char *what, double x)
{
    if (!(x > 0.0)) return fric_cli_fail(s->cmd, "--%s (%s) must be > 0, got %.6g", name, what, x);
    return 0;
}

static int nonneg(const servo_t *s, const char *name, const char *what, double x)
{
    if (!(x >= 0.0)) return fric_cli_fail(s->cmd, "--%s (%s) must be >= 0, got %.6g", name, what, x);
    return 0;
}

/* Read the trajectory: "t,theta" per line, '#' comments and blank lines
 * skipped, t strictly increasing, at least two points. */
static int read_trajectory(servo_t *s)
{
    FILE *f = fopen(s->trajectory, "r");
    if (!f) return fric_cli_fail(s->cmd, "--trajectory %s: cannot open: %s", s->trajectory, strerror(errno));
    char line[FRIC_LINE_MAX];
    unsigned long no = 0;
    size_t cap = 0;
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        no++;
        const size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            rc = fric_cli_fail(s->cmd, "--trajectory %s line %lu: longer than %d characters", s->trajectory, no, FRIC_LINE_MAX - 2);
            break;
        }
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0') continue;
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        char *end = comma ? comma + 1 : NULL;
        if (end) end[strcspn(end, "\r\n")] = '\0';
        double t, x;
        if (!comma || fric_parse_number(p, &t) != FRIC_NUM_OK || fric_parse_number(end, &x) != FRIC_NUM_OK) {
            rc = fric_cli_fail(s->cmd, "--trajectory %s line %lu: expected two finite numbers t,theta (s, rad)", s->trajectory, no);
            break;
        }
        if (s->traj_n > 0 && !(t > s->traj_t[s->traj_n - 1])) {
            rc = fric_cli_fail(s->cmd, "--trajectory %s line %lu: t must increase strictly, got %.9g after %.9g", s->trajectory,
                               no, t, s->traj_t[s->traj_n - 1]);
            break;
        }
        if (s->traj_n == 1000000) {
            rc = fric_cli_fail(s->cmd, "--trajectory %s: more than 1000000 points", s->trajectory);
            break;
        }
        if (s->traj_n == cap) {
            cap = cap ? 2 * cap : 256;
            double *a = realloc(s->traj_t, cap * sizeof *a), *b = a ? realloc(s->traj_x, cap * sizeof *b) : NULL;
            if (a) s->traj_t = a;
            if (!a || !b) {
                rc = fric_cli_run_failed(s->cmd, "out of memory");
                break;
            }
            s->traj_x = b;
        }
        s->traj_t[s->traj_n] = t;
        s->traj_x[s->traj_n] = x;
        s->traj_n++;
    }
    if (rc == 0 && ferror(f)) rc = fric_cli_fail(s->cmd, "--trajectory %s: read error", s->trajectory);
    fclose(f);
    if (rc == 0 && s->traj_n < 2)
        rc = fric_cli_fail(s->cmd, "--trajectory %s: needs at least 2 points t,theta, got %zu", s->trajectory, s->traj_n);
    return rc;
}

/* The compensator's set: the machine's raw values, then --comp-params over
 * them, built as the model the compensation mode evaluates. */
static int build_comp(servo_t *s)
{
    if (!s->comp_params) {
        /* the machine's own set, as the mode reads it */
        const fric_stribeck_cfg_t c = s->machine.stribeck;
        s->comp = s->machine;
        if (s->comp_kind == COMP_COULOMB) {
            s->comp.kind = FRIC_MODEL_VISCOUS;
            s->comp.stribeck = fric_viscous_cfg(c.fc_pos, c.fc_neg, c.b_pos, c.b_neg);
        } else if (s->comp_kind == COMP_STRIBECK) {
            s->comp.kind = FRIC_MODEL_STRIBECK;
        }
        return 0;
    }
    static const char *const kinds[] = {"lugre", "viscous", "stribeck", "lugre"};
    s->cfp = s->fp;
    s->cfp.params = NULL;
    s->cfp.model = kinds[s->comp_kind];
    fric_opt_t all[FRIC_CLI_FRICTION_NOPTS];
    const size_t n = fric_cli_friction_opts(&s->cfp, all, "lugre|viscous|stribeck");
    /* the file's "model" and "params" are not the compensator's to choose */
    s->ncopts = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].name, "model") != 0 && strcmp(all[i].name, "params") != 0) s->copts[s->ncopts++] = all[i];
    if (s->comp_params) {
        const int rc = fric_opts_apply_params(s->copts, s->ncopts, s->comp_params, "--comp-params", s->cmd);
        if (rc != 0) return rc;
    }
    return fric_cli_friction_build(&s->cfp, s->copts, s->ncopts, s->cmd, 0, &s->comp);
}

/* The encoder's scale GAIN / 2^SHIFT (docs/board.md): codes per count per
 * tick, f_tick 2^(W-1) / (counts per rad v_max), to within 1e-3. */
static int encoder_scale(servo_t *s)
{
    const double ratio = (TWO_PI / s->cpr / s->fx.ts) / s->cp.rep.v_lsb;
    for (int sh = 31; sh >= 0; sh--) {
        const double g = nearbyint(ldexp(ratio, sh));
        if (g > 65535.0 || g < 1.0) continue;
        if (fabs(ldexp(g, -sh) / ratio - 1.0) > 1e-3) break;
        s->enc_gain = (uint32_t)g;
        s->enc_shift = (uint32_t)sh;
        s->enc_scale = ldexp(g, -sh);
        return 0;
    }
    return fric_cli_fail(s->cmd, "--counts-per-rev, --ts and --v-max give an encoder scale of %.6g velocity codes per count "
                         "per tick, which GAIN (U,16,0) / 2^SHIFT cannot hold to 1e-3: it must lie in [%.3g, 65535]; "
                         "change --v-max or --counts-per-rev", ratio, 1000.0 * ldexp(1.0, -31));
}

static int parse(servo_t *s, int argc, char **argv)
{
    const char *cmd = s->cmd;
    s->argc = argc;
    s->argv = argv;
    int rc = fric_opts_parse(s->opts, s->nopts, argc, argv, 2, cmd, USAGE);
    if (rc != 0) return rc;
    s->accel_ff = !s->accel_ff; /* the flag is --no-accel-ff */
    s->comp_kind = strcmp(s->compensation, "coulomb") == 0    ? COMP_COULOMB
                   : strcmp(s->compensation, "stribeck") == 0 ? COMP_STRIBECK
                   : strcmp(s->compensation, "lugre") == 0    ? COMP_LUGRE
                                                              : COMP_NONE;
    s->arith = strcmp(s->comp_arith, "fixed") == 0 ? ARITH_FIXED : strcmp(s->comp_arith, "rtl") == 0 ? ARITH_RTL : ARITH_DOUBLE;
    s->ref = strcmp(s->reference, "step") == 0   ? REF_STEP
             : strcmp(s->reference, "ramp") == 0 ? REF_RAMP
             : strcmp(s->reference, "csv") == 0  ? REF_CSV
                                                 : REF_SINE;
    /* the plant, the encoder, the controller, the run */
    if ((rc = positive(s, "inertia", "motor-side inertia, kg*m^2", s->inertia)) != 0) return rc;
    if ((rc = nonneg(s, "load-damping", "viscous load, N*m*s/rad", s->load_damping)) != 0) return rc;
    if ((rc = nonneg(s, "compliance", "shaft stiffness, N*m/rad", s->compliance)) != 0) return rc;
    const bool compliant = s->compliance > 0.0;
    if (!compliant && (given(s, "load-inertia") || given(s, "compliance-damping")))
        return fric_cli_fail(cmd, "--%s applies only with --compliance > 0 (a two-inertia axis)",
                             given(s, "load-inertia") ? "load-inertia" : "compliance-damping");
    if (isnan(s->load_inertia)) s->load_inertia = s->inertia;
    if ((rc = positive(s, "load-inertia", "load inertia, kg*m^2", s->load_inertia)) != 0) return rc;
    const double jr = s->inertia * s->load_inertia / (s->inertia + s->load_inertia);
    if (isnan(s->compliance_damping)) s->compliance_damping = 2.0 * 0.05 * sqrt(s->compliance * jr);
    if ((rc = nonneg(s, "compliance-damping", "shaft damping, N*m*s/rad", s->compliance_damping)) != 0) return rc;
    if ((rc = whole(s, "counts-per-rev", "encoder counts per revolution", s->cpr, 4.0, 1073741824.0)) != 0) return rc;
    if ((rc = whole(s, "substeps", "plant steps per servo period", s->substeps_d, 1.0, 1000.0)) != 0) return rc;
    s->substeps = (int)s->substeps_d;
    if (!(s->fx.ts > 0.0 && s->fx.ts <= 0.01))
        return fric_cli_fail(cmd, "--ts (servo period, s) must be in (0, 0.01], got %.6g", s->fx.ts);
    if (!(s->bandwidth > 0.0 && s->bandwidth <= 0.1 / s->fx.ts))
        return fric_cli_fail(cmd, "--bandwidth (velocity-loop crossover, Hz) must be in (0, %.6g] (a tenth of the sample "
                             "rate), got %.6g", 0.1 / s->fx.ts, s->bandwidth);
    const double wv = TWO_PI * s->bandwidth, jt = compliant ? s->inertia + s->load_inertia : s->inertia;
    if (isnan(s->kv)) s->kv = jt * wv;
    if (isnan(s->ki)) s->ki = s->kv * wv / 4.0;
    if (isnan(s->kp)) s->kp = wv / 6.0;
    if ((rc = nonneg(s, "kp", "position gain, 1/s", s->kp)) != 0) return rc;
    if ((rc = nonneg(s, "kv", "velocity gain, N*m*s/rad", s->kv)) != 0) return rc;
    if ((rc = nonneg(s, "ki", "velocity integral gain, N*m/rad", s->ki)) != 0) return rc;
    if ((rc = positive(s, "u-max", "torque limit, N*m", s->u_max)) != 0) return rc;
    if (!(s->duration > 0.0 && s->duration <= MAX_DURATION))
        return fric_cli_fail(cmd, "--duration (simulated time, s) must be in (0, %.0f], got %.6g", MAX_DURATION, s->duration);
    if (s->duration < s->fx.ts)
        return fric_cli_fail(cmd, "--duration (simulated time, s) must be >= --ts (%.6g s), got %.6g", s->fx.ts, s->duration);
    if (s->duration / s->fx.ts > MAX_SAMPLES)
        return fric_cli_fail(cmd, "--duration / --ts must be <= %.0e samples, got %.3g", MAX_SAMPLES, s->duration / s->fx.ts);
    if (isnan(s->lc_window)) s->lc_window = 0.25 * s->duration;
    if (!(s->lc_window >= s->fx.ts && s->lc_window <= s->duration))
        return fric_cli_fail(cmd, "--lc-window (limit-cycle window, s) must be in [ts, duration] = [%.6g, %.6g], got %.6g",
                             s->fx.ts, s->duration, s->lc_window);
    /* the reference */
    static const struct {
        const char *opt;
        ref_t ref;
    } only[] = {{"frequency", REF_SINE}, {"period", REF_STEP}, {"rise-time", REF_STEP}, {"speed", REF_RAMP}, {"trajectory", REF_CSV}};
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++)
        if (given(s, only[i].opt) && s->ref != only[i].ref)
            return fric_cli_fail(cmd, "--%s applies only with --reference %s", only[i].opt,
                                 only[i].ref == REF_SINE ? "sine" : only[i].ref == REF_STEP ? "step" : only[i].ref == REF_RAMP ? "ramp" : "csv");
    if (given(s, "amplitude") && (s->ref == REF_RAMP || s->ref == REF_CSV))
        return fric_cli_fail(cmd, "--amplitude applies only with --reference sine or step");
    if (s->ref == REF_SINE && (rc = positive(s, "frequency", "sine frequency, Hz", s->frequency)) != 0) return rc;
    if (s->ref == REF_STEP && (rc = positive(s, "period", "step period, s", s->period)) != 0) return rc;
    if (s->ref == REF_STEP && !(s->rise_time >= 0.0 && s->rise_time <= 0.5 * s->period))
        return fric_cli_fail(cmd, "--rise-time (s) must be in [0, period/2] = [0, %.6g], got %.6g", 0.5 * s->period, s->rise_time);
    if (s->ref == REF_CSV && !s->trajectory) return fric_cli_fail(cmd, "--reference csv needs --trajectory FILE");
    if ((s->ref == REF_SINE || s->ref == REF_STEP) && !(fabs(s->amplitude) <= 1e3))
        return fric_cli_fail(cmd, "--amplitude (rad) must be in [-1000, 1000], got %.6g", s->amplitude);
    if (s->ref == REF_RAMP && !(fabs(s->speed) <= 1e3))
        return fric_cli_fail(cmd, "--speed (ramp speed, rad/s) must be in [-1000, 1000], got %.6g", s->speed);
    /* the compensation */
    if (s->arith != ARITH_DOUBLE && s->comp_kind == COMP_NONE)
        return fric_cli_fail(cmd, "--comp-arith %s needs a compensator (--compensation coulomb|stribeck|lugre)", s->comp_arith);
    if (s->comp_params && s->comp_kind == COMP_NONE)
        return fric_cli_fail(cmd, "--comp-params needs a compensator (--compensation coulomb|stribeck|lugre)");
    if (s->arith == ARITH_RTL) {
        if (!s->rtl)
            return fric_cli_fail(cmd, "--comp-arith rtl runs the Verilated core: use fricore-cosim servo (or --comp-arith fixed, bit-exact with it)");
        if (s->comp_kind != COMP_LUGRE)
            return fric_cli_fail(cmd, "--comp-arith rtl needs --compensation lugre (the core in the loop is fric_lugre)");
        if (strtoul(s->fx.width, NULL, 10) != s->rtl->width)
            return fric_cli_fail(cmd, "--width must be %u with --comp-arith rtl (the Verilated core's width), got %s",
                                 s->rtl->width, s->fx.width);
    }
    if (s->rtl && given(s, "inject-mismatch")) {
        if (s->arith != ARITH_RTL) return fric_cli_fail(cmd, "--inject-mismatch applies only with --comp-arith rtl");
        if ((rc = whole(s, "inject-mismatch", "sample index", s->inject_d, 0.0, MAX_SAMPLES)) != 0) return rc;
    }
    s->inject = s->inject_d >= 0.0 ? (long)s->inject_d : -1;
    if ((s->arith == ARITH_DOUBLE || s->comp_kind == COMP_NONE) && given(s, "f-max"))
        return fric_cli_fail(cmd, "--f-max applies only with --comp-arith fixed or rtl");
    if (s->ref == REF_CSV && (rc = read_trajectory(s)) != 0) return rc;
    if (given(s, "stick-threshold") && (rc = positive(s, "stick-threshold", "stuck below it, rad/s", s->stick)) != 0) return rc;
    /* the plant's step resolves the bristles and the shaft (checked on the
     * raw values, before the set's build prints its warnings, so that a
     * refusal is the only line; the build refuses bad values itself) */
    const double h = s->fx.ts / s->substeps, sig0 = s->fp.sigma0, sig1 = s->fp.sigma1;
    double hmax = sig0 > 0.0 ? 0.2 * sqrt(s->inertia / sig0) : INFINITY;
    if (sig1 > 0.0) hmax = fmin(hmax, 0.2 * s->inertia / sig1);
    if (compliant) hmax = fmin(hmax, 0.2 * sqrt(jr / s->compliance));
    if (h > hmax)
        return fric_cli_fail(cmd, "--substeps must be >= %.0f: the plant step ts/substeps = %.3g s exceeds %.3g s, a fifth of "
                             "the fastest time constant of the bristles%s", ceil(s->fx.ts / hmax), h, hmax,
                             compliant ? " and the shaft" : "");
    /* the machine, then the compensator */
    if ((rc = fric_cli_friction_build(&s->fp, s->opts, s->nopts, cmd, 0, &s->machine)) != 0) return rc;
    if (isnan(s->stick)) s->stick = s->machine.stribeck.vs / 10.0;
    if (s->comp_kind != COMP_NONE && (rc = build_comp(s)) != 0) return rc;
    /* the encoder's codes: the compensator's compiled port, or the same
     * scale for the double compensator (one measurement for every mode) */
    if (s->comp_kind != COMP_NONE && s->arith != ARITH_DOUBLE) {
        if ((rc = fric_cli_fixed_compile(&s->comp, &s->fx, s->opts, s->nopts, cmd, s->fx.ts, &s->cp)) != 0) return rc;
    } else {
        /* no compiled set: the port's format alone */
        const uint32_t w = (uint32_t)strtoul(s->fx.width, NULL, 10);
        const double lsb = ldexp(s->fx.v_max, -(int)(w - 1));
        if (!(s->fx.v_max > 0.0 && s->fx.v_max <= 1e6 && lsb >= 2.2250738585072014e-308))
            return fric_cli_fail(cmd, "--v-max (velocity full scale of the encoder's code, rad/s) must be in (0, 1e6], got %.6g",
                                 s->fx.v_max);
        memset(&s->cp, 0, sizeof s->cp);
        s->cp.rep.width = w;
        s->cp.rep.v_max = s->fx.v_max;
        s->cp.rep.v_lsb = lsb;
        s->cp.rep.ts = s->fx.ts;
    }
    return encoder_scale(s);
}

/* ---- the run ------------------------------------------------------------------------------------- */

typedef struct {
    double x, v;   /* motor side: the encoder's and the friction's */
    double xl, vl; /* load side (compliant axis; the motor's when rigid) */
    fric_lugre_state_t z;
} plant_t;

/* the reference at t: position, velocity, acceleration */
static void reference(const servo_t *s, double t, double *x, double *v, double *a)
{
    *x = *v = *a = 0.0;
    switch (s->ref) {
    case REF_SINE: {
        /* A (1 - cos wt): from rest, through zero velocity every half period */
        const double w = TWO_PI * s->frequency;
        *x = s->amplitude * (1.0 - cos(w * t));
        *v = s->amplitude * w * sin(w * t);
        *a = s->amplitude * w * w * cos(w * t);
        break;
    }
    case REF_STEP: {
        /* up at the start of each period, down at its half; each move a
         * half-cosine over the rise time (a profile generator's), or a jump */
        const double half = 0.5 * s->period, tp = fmod(t, s->period), tau = tp < half ? tp : tp - half;
        const double from = tp < half ? 0.0 : s->amplitude, to = tp < half ? s->amplitude : 0.0;
        if (tau >= s->rise_time) {
            *x = to;
        } else {
            const double w = 3.141592653589793 / s->rise_time, d = to - from;
            *x = from + 0.5 * d * (1.0 - cos(w * tau));
            *v = 0.5 * d * w * sin(w * tau);
            *a = 0.5 * d * w * w * cos(w * tau);
        }
        break;
    }
    case REF_RAMP:
        *x = s->speed * t;
        *v = s->speed;
        break;
    case REF_CSV: {
        const double *tt = s->traj_t, *xx = s->traj_x;
        const size_t n = s->traj_n;
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
static void deriv2(const servo_t *s, const double y[4], double u, double f, double d[4])
{
    const double shaft = s->compliance * (y[0] - y[2]) + s->compliance_damping * (y[1] - y[3]);
    d[0] = y[1];
    d[1] = (u - f - shaft) / s->inertia;
    d[2] = y[3];
    d[3] = (shaft - s->load_damping * y[3]) / s->load_inertia;
}

/* One plant step of h with torque u: the friction takes the exact bristle
 * step at the step's initial motor velocity and is held over it; returns it. */
static double plant_step(const servo_t *s, plant_t *p, double u, double h)
{
    const double f = fric_lugre_step(&s->machine.lugre, &p->z, p->v, h);
    if (s->compliance > 0.0) {
        /* RK4 on the two inertias, the friction held */
        double y[4] = {p->x, p->v, p->xl, p->vl}, k1[4], k2[4], k3[4], k4[4], t[4];
        deriv2(s, y, u, f, k1);
        for (int i = 0; i < 4; i++) t[i] = y[i] + 0.5 * h * k1[i];
        deriv2(s, t, u, f, k2);
        for (int i = 0; i < 4; i++) t[i] = y[i] + 0.5 * h * k2[i];
        deriv2(s, t, u, f, k3);
        for (int i = 0; i < 4; i++) t[i] = y[i] + h * k3[i];
        deriv2(s, t, u, f, k4);
        for (int i = 0; i < 4; i++) y[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        p->x = y[0];
        p->v = y[1];
        p->xl = y[2];
        p->vl = y[3];
        return f;
    }
    /* rigid: J v' = u - f - b v, exact for the held torque */
    const double j = s->inertia, b = s->load_damping;
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
static uint32_t enc_count(const servo_t *s, double x, bool *ok)
{
    const double c = floor(x * s->cpr / TWO_PI);
    if (!(fabs(c) < 9007199254740992.0)) {
        *ok = false;
        return 0;
    }
    const int64_t ci = (int64_t)c;
    return (uint32_t)((uint64_t)ci & 0xFFFFFFFFu);
}

/* what a run measured */
typedef struct {
    size_t n;                 /* samples */
    double se2, sv2, su2, sf2; /* sums of squares: position error, velocity error, control, estimate error */
    double peak_e, peak_u;
    size_t stuck, u_sat;
    uint32_t flags;           /* the fixed-point model's and the encoder's sticky flags */
    size_t rtl_checked;
    /* limit cycle over the window */
    double *win;
    size_t nwin, win_cap;
    double win_t0;
    /* plots */
    double *pt, *pe, *pvr, *pv, *pvm, *pf, *pfh;
    size_t np, stride;
    double wall;
} result_t;

static void free_result(result_t *r)
{
    double **a[] = {&r->win, &r->pt, &r->pe, &r->pvr, &r->pv, &r->pvm, &r->pf, &r->pfh};
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) {
        free(*a[i]);
        *a[i] = NULL;
    }
}

static int diverged(const servo_t *s, double t, size_t k, const char *what, double v)
{
    return fric_cli_run_failed(s->cmd, "at t = %.9g s (sample %zu) %s = %g: the loop diverged; lower the gains or "
                               "--bandwidth, or raise --substeps", t, k, what, v);
}

static int run(servo_t *s, fric_out_t *csv, bool keep, result_t *r)
{
    const double ts = s->fx.ts, h = ts / s->substeps, v_lsb = s->cp.rep.v_lsb, f_lsb = s->cp.rep.f_lsb;
    const uint32_t width = s->cp.rep.width;
    /* samples k = 0 .. n-1 at t = k ts, each followed by its period of the plant */
    const size_t n = (size_t)floor(s->duration / ts + 1e-9);
    memset(r, 0, sizeof *r);
    r->stride = n / PLOT_POINTS + 1;
    const size_t np = (n - 1) / r->stride + 1;
    r->win_t0 = s->duration - s->lc_window;
    r->win_cap = (size_t)ceil(s->lc_window / ts) + 2;
    r->win = malloc(r->win_cap * sizeof *r->win);
    if (!r->win) return fric_cli_run_failed(s->cmd, "out of memory");
    if (keep) {
        double **a[] = {&r->pt, &r->pe, &r->pvr, &r->pv, &r->pvm, &r->pf, &r->pfh};
        for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
            if (!(*a[i] = malloc(np * sizeof **a[i]))) return fric_cli_run_failed(s->cmd, "out of memory");
    }
    plant_t p;
    memset(&p, 0, sizeof p);
    fric_lugre_state_t cz = {0.0};
    fric_fx_state_t fst;
    fric_fx_lugre_reset(&fst);
    if (s->arith == ARITH_RTL && s->rtl->start(s->rtl->ctx, &s->cp.l) != 0) return FRIC_EXIT_FAIL;
    bool ok = true;
    uint32_t pos_prev = enc_count(s, p.x, &ok);
    double integ = 0.0, u = 0.0, fhat = 0.0;
    const double cnt = TWO_PI / s->cpr;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (csv && fputs("t,theta_ref,theta,omega_ref,omega,omega_meas,error,u,friction,estimate\n", csv->f) == EOF)
        return fric_out_write_failed(csv, s->cmd);
    for (size_t k = 0; k < n; k++) {
        const double t = (double)k * ts;
        /* sample: the encoder, the reference, the controller, the compensator */
        const uint32_t pos = enc_count(s, p.x, &ok);
        if (!ok) return diverged(s, t, k, "the angle, beyond 2^53 encoder counts, theta [rad]", p.x);
        const int32_t vcode = fric_fx_enc_velocity(width, pos, pos_prev, s->enc_gain, s->enc_shift, &r->flags);
        pos_prev = pos;
        const double vm = vcode * v_lsb;
        /* the position the encoder reads: the count as a signed 64-bit number */
        const double xm = floor(p.x * s->cpr / TWO_PI) * cnt;
        double xr, vr, ar;
        reference(s, t, &xr, &vr, &ar);
        const double vcmd = s->kp * (xr - xm) + vr;
        const double ev = vcmd - vm;
        switch (s->comp_kind) {
        case COMP_NONE: fhat = 0.0; break;
        case COMP_COULOMB:
        case COMP_STRIBECK:
            fhat = s->arith == ARITH_DOUBLE ? fric_model_steady_force(&s->comp, vm)
                                            : fric_fx_stribeck(&s->cp.s, vcode, &r->flags, NULL) * f_lsb;
            break;
        case COMP_LUGRE:
            if (s->arith == ARITH_DOUBLE) {
                fhat = fric_lugre_step(&s->comp.lugre, &cz, vm, ts);
            } else {
                const int32_t fc = fric_fx_lugre_step(&s->cp.l, &fst, vcode, &r->flags, NULL);
                if (s->arith == ARITH_RTL) {
                    const int32_t want = (long)k == s->inject ? fc + 1 : fc;
                    if (s->rtl->sample(s->rtl->ctx, t, vcode, want) != 0) return FRIC_EXIT_FAIL;
                    r->rtl_checked++;
                }
                fhat = fc * f_lsb;
            }
            break;
        }
        const double ff = s->accel_ff ? (s->compliance > 0.0 ? s->inertia + s->load_inertia : s->inertia) * ar : 0.0;
        const double upi = s->kv * ev + integ;
        const double want = upi + fhat + ff;
        u = fmax(-s->u_max, fmin(s->u_max, want));
        const bool sat = u != want;
        r->u_sat += sat;
        /* anti-windup: no integration that drives the limit further */
        if (!sat || (want > 0.0) != (ev > 0.0)) integ += s->ki * ev * ts;
        /* the metrics of this sample, from the true state at t */
        const double e = xr - p.xl, evel = vr - p.vl;
        if (!(isfinite(u) && isfinite(e) && isfinite(evel) && isfinite(fhat) && isfinite(integ)))
            return diverged(s, t, k, !isfinite(u) ? "the torque, not finite, u [N*m]" : !isfinite(e) ? "the position error, not finite, e [rad]" : !isfinite(evel) ? "the velocity error, not finite [rad/s]" : "the compensator's estimate or integrator, not finite [N*m]", !isfinite(u) ? u : !isfinite(e) ? e : !isfinite(evel) ? evel : fhat + integ);
        /* the plant over the period */
        double fsum = 0.0;
        plant_t q = p;
        for (int i = 0; i < s->substeps; i++) fsum += plant_step(s, &q, u, h);
        /* the true friction: its mean over the period */
        const double ftrue = fsum / s->substeps;
        if (!(isfinite(q.x) && isfinite(q.v) && isfinite(q.xl) && isfinite(q.vl) && isfinite(ftrue)))
            return diverged(s, t, k, "the axis' state, not finite, theta [rad]", q.x);
        r->n++;
        r->se2 += e * e;
        r->sv2 += evel * evel;
        r->su2 += u * u;
        r->sf2 += (ftrue - fhat) * (ftrue - fhat);
        r->peak_e = fmax(r->peak_e, fabs(e));
        r->peak_u = fmax(r->peak_u, fabs(u));
        r->stuck += fabs(p.vl) < s->stick && (fabs(vr) >= s->stick || fabs(e) > STUCK_COUNTS * cnt);
        if (t >= r->win_t0 - 1e-9 * ts && r->nwin < r->win_cap) r->win[r->nwin++] = e;
        if (csv && fprintf(csv->f, "%.9g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", t, xr, p.xl, vr, p.vl, vm,
                           e, u, ftrue, fhat) < 0)
            return fric_out_write_failed(csv, s->cmd);
        if (keep && k % r->stride == 0) {
            r->pt[r->np] = t;
            r->pe[r->np] = e;
            r->pvr[r->np] = vr;
            r->pv[r->np] = p.vl;
            r->pvm[r->np] = vm;
            r->pf[r->np] = ftrue;
            r->pfh[r->np] = fhat;
            r->np++;
        }
        p = q;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    r->wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return 0;
}

/* ---- the metrics ------------------------------------------------------------------------------ */

typedef struct {
    double rms_e, peak_e, rms_ev, stuck_s, rms_u, peak_u, rms_ferr;
    bool lc_present;
    double lc_amp, lc_freq; /* lc_freq NAN when no cycle */
} metrics_t;

/* The limit cycle over the window: half the peak-to-peak position error;
 * its frequency from the upward crossings of the window's mean with a
 * hysteresis of a quarter of the peak-to-peak (at least two whole cycles,
 * and an amplitude above one encoder count, to count as one). */
static void metrics(const servo_t *s, const result_t *r, metrics_t *m)
{
    const double nn = (double)r->n;
    m->rms_e = sqrt(r->se2 / nn);
    m->peak_e = r->peak_e;
    m->rms_ev = sqrt(r->sv2 / nn);
    m->rms_u = sqrt(r->su2 / nn);
    m->peak_u = r->peak_u;
    m->rms_ferr = sqrt(r->sf2 / nn);
    m->stuck_s = (double)r->stuck * s->fx.ts;
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
    if (ups >= 3 && m->lc_amp > TWO_PI / s->cpr) {
        m->lc_present = true;
        m->lc_freq = (double)(ups - 1) / ((double)(last - first) * s->fx.ts);
    }
}

/* ---- the outputs -------------------------------------------------------------------------------- */

static const char *const COMP_NAME[] = {"none", "coulomb", "stribeck", "lugre"};
static const char *const ARITH_NAME[] = {"double", "fixed", "rtl"};
static const char *const REF_NAME[] = {"sine", "step", "ramp", "csv"};

static void json_num(FILE *f, const char *key, const char *fmt, double x, const char *post)
{
    fprintf(f, "\"%s\": ", key);
    if (isnan(x)) fputs("null", f);
    else fprintf(f, fmt, x);
    fputs(post, f);
}

static void flag_list(FILE *f, uint32_t flags)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } t[] = {{FRIC_FX_FLAG_F_SAT, "F_SAT"}, {FRIC_FX_FLAG_MAG_NEG, "MAG_NEG"}, {FRIC_FX_FLAG_G_SAT, "G_SAT"},
             {FRIC_FX_FLAG_S1_SAT, "S1_SAT"}, {FRIC_FX_FLAG_W_SAT, "W_SAT"}, {FRIC_FX_FLAG_V_SAT, "V_SAT"},
             {FRIC_FX_FLAG_ENC_SAT, "ENC_SAT"}};
    fputc('[', f);
    bool any = false;
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (flags & t[i].bit) {
            fprintf(f, "%s\"%s\"", any ? ", " : "", t[i].name);
            any = true;
        }
    fputc(']', f);
}

static void print_summary(FILE *f, const servo_t *s, const result_t *r, const metrics_t *m)
{
    fprintf(f, "{\n  \"reference\": \"%s\",\n  \"compensation\": \"%s\",\n  \"comp_arith\": \"%s\",\n", REF_NAME[s->ref],
            COMP_NAME[s->comp_kind], s->comp_kind == COMP_NONE ? "none" : ARITH_NAME[s->arith]);
    fputs("  ", f);
    json_num(f, "rms_position_error_rad", "%.9g", m->rms_e, ",\n  ");
    json_num(f, "peak_abs_position_error_rad", "%.9g", m->peak_e, ",\n  ");
    json_num(f, "rms_velocity_error_rad_per_s", "%.9g", m->rms_ev, ",\n  ");
    json_num(f, "time_stuck_s", "%.9g", m->stuck_s, ",\n  ");
    fprintf(f, "\"limit_cycle\": {\"present\": %s, ", m->lc_present ? "true" : "false");
    json_num(f, "window_start_s", "%.9g", r->win_t0, ", ");
    json_num(f, "amplitude_rad", "%.9g", m->lc_amp, ", ");
    json_num(f, "frequency_Hz", "%.9g", m->lc_freq, "},\n  ");
    json_num(f, "rms_control_effort_N_m", "%.9g", m->rms_u, ",\n  ");
    json_num(f, "peak_abs_control_effort_N_m", "%.9g", m->peak_u, ",\n  ");
    json_num(f, "rms_friction_estimate_error_N_m", "%.9g", m->rms_ferr, ",\n  ");
    fprintf(f, "\"controller\": {");
    json_num(f, "kp_per_s", "%.17g", s->kp, ", ");
    json_num(f, "kv_N_m_s_per_rad", "%.17g", s->kv, ", ");
    json_num(f, "ki_N_m_per_rad", "%.17g", s->ki, ", ");
    json_num(f, "u_max_N_m", "%.9g", s->u_max, ", ");
    fprintf(f, "\"accel_ff\": %s, \"torque_limited_samples\": %zu},\n", s->accel_ff ? "true" : "false", r->u_sat);
    fprintf(f, "  \"encoder\": {\"counts_per_rev\": %.0f, \"gain\": %u, \"shift\": %u, ", s->cpr, s->enc_gain, s->enc_shift);
    json_num(f, "velocity_lsb_rad_per_s", "%.17g", s->cp.rep.v_lsb, ", ");
    json_num(f, "count_velocity_rad_per_s", "%.9g", TWO_PI / s->cpr / s->fx.ts, "},\n");
    fprintf(f, "  \"fixed_point\": {\"width\": %u, ", s->cp.rep.width);
    json_num(f, "v_max_rad_per_s", "%.9g", s->cp.rep.v_max, ", ");
    json_num(f, "f_max_N_m", "%.9g", s->comp_kind != COMP_NONE && s->arith != ARITH_DOUBLE ? s->cp.rep.f_max : NAN, ", ");
    fputs("\"flags\": ", f);
    flag_list(f, r->flags);
    fputs("},\n", f);
    if (s->arith == ARITH_RTL && s->comp_kind != COMP_NONE)
        fprintf(f, "  \"rtl\": {\"samples_checked\": %zu, \"bit_exact\": true},\n", r->rtl_checked);
    fprintf(f, "  \"run\": {");
    json_num(f, "ts_s", "%.9g", s->fx.ts, ", ");
    fprintf(f, "\"samples\": %zu, \"substeps\": %d, ", r->n, s->substeps);
    json_num(f, "stick_threshold_rad_per_s", "%.9g", s->stick, ", ");
    json_num(f, "wall_time_s", "%.6f", r->wall, "}\n}\n");
}

#define PLOT_ERR_TITLE "fricore servo: position error"
#define PLOT_VEL_TITLE "fricore servo: velocity"
#define PLOT_FRIC_TITLE "fricore servo: friction and its estimate"
#define PLOT_T "time t [s]"

static int plot_err(FILE *f, const char *id, const result_t *r)
{
    return fric_svg_write(f, id, PLOT_ERR_TITLE, PLOT_T, "position error theta_ref - theta [rad]", r->pt, r->pe, r->np);
}

static int plot_vel(FILE *f, const char *id, const result_t *r)
{
    /* the measured velocity's quantization steps first, under the others */
    const double *y[] = {r->pvm, r->pv, r->pvr};
    const char *const l[] = {"measured (encoder)", "true", "reference"};
    return fric_svg_write_series(f, id, PLOT_VEL_TITLE, PLOT_T, "velocity [rad/s]", r->pt, y, l, 3, r->np);
}

static int plot_fric(FILE *f, const char *id, const result_t *r)
{
    const double *y[] = {r->pf, r->pfh};
    const char *const l[] = {"true friction (machine)", "compensator's estimate"};
    return fric_svg_write_series(f, id, PLOT_FRIC_TITLE, PLOT_T, "friction torque [N*m]", r->pt, y, l, 2, r->np);
}

static int report(FILE *f, const servo_t *s, const result_t *r, const metrics_t *m)
{
    char heading[160];
    snprintf(heading, sizeof heading, "a servo axis with %s friction compensation (%s reference)",
             s->comp_kind == COMP_NONE ? "no" : COMP_NAME[s->comp_kind], REF_NAME[s->ref]);
    char title[96];
    snprintf(title, sizeof title, "fricore %s report: %s", s->cmd, COMP_NAME[s->comp_kind]);
    fric_report_head(f, title);
    fprintf(f, "<h1>fricore %s: %s</h1>\n", s->cmd, heading);
    fric_report_command(f, s->argc, s->argv);
    fputs("<h2>Inputs</h2>\n<p>The axis is rotary: a friction set's N and m read as N&middot;m and rad.</p>\n"
          "<table class=\"kv\">\n", f);
    fric_report_friction_rows(f, "machine friction (the plant's)", &s->machine);
    if (s->comp_kind != COMP_NONE) {
        char g[96];
        snprintf(g, sizeof g, "compensator (%s, %s)", COMP_NAME[s->comp_kind], ARITH_NAME[s->arith]);
        fric_report_friction_rows(f, g, &s->comp);
    } else {
        fric_report_group(f, "compensator");
        fric_report_row_text(f, "compensation", "none", "");
    }
    fric_report_group(f, "plant");
    fric_report_row(f, "J (motor side)", s->inertia, "kg&middot;m<sup>2</sup>");
    fric_report_row(f, "b<sub>l</sub> (viscous load)", s->load_damping, "N&middot;m&middot;s/rad");
    if (s->compliance > 0.0) {
        fric_report_row(f, "K (shaft)", s->compliance, "N&middot;m/rad");
        fric_report_row(f, "c (shaft damping)", s->compliance_damping, "N&middot;m&middot;s/rad");
        fric_report_row(f, "J<sub>l</sub> (load)", s->load_inertia, "kg&middot;m<sup>2</sup>");
    }
    fric_report_group(f, "encoder and controller");
    char cpr[32];
    snprintf(cpr, sizeof cpr, "%.0f", s->cpr);
    fric_report_row_text(f, "counts per revolution", cpr, "");
    fric_report_row(f, "encoder GAIN / 2<sup>SHIFT</sup>", s->enc_scale, "codes per count per tick");
    fric_report_row(f, "velocity LSB", s->cp.rep.v_lsb, "rad/s");
    fric_report_row(f, "T<sub>s</sub>", s->fx.ts, "s");
    fric_report_row(f, "K<sub>p</sub>", s->kp, "1/s");
    fric_report_row(f, "K<sub>v</sub>", s->kv, "N&middot;m&middot;s/rad");
    fric_report_row(f, "K<sub>i</sub>", s->ki, "N&middot;m/rad");
    fric_report_row(f, "u<sub>max</sub>", s->u_max, "N&middot;m");
    fric_report_group(f, "reference and run");
    fric_report_row_text(f, "reference", REF_NAME[s->ref], "");
    fric_report_row(f, "duration", s->duration, "s");
    fric_report_row(f, "plant steps per period", (double)s->substeps, "");
    fputs("</table>\n<h2>Summary</h2>\n<table class=\"kv\">\n", f);
    fric_report_row(f, "RMS position error", m->rms_e, "rad");
    fric_report_row(f, "peak |position error|", m->peak_e, "rad");
    fric_report_row(f, "RMS velocity error", m->rms_ev, "rad/s");
    fric_report_row(f, "time stuck", m->stuck_s, "s");
    fric_report_row(f, "limit-cycle amplitude (half peak-to-peak error over the window)", m->lc_amp, "rad");
    if (m->lc_present) fric_report_row(f, "limit-cycle frequency", m->lc_freq, "Hz");
    else fric_report_row_text(f, "limit-cycle frequency", "no limit cycle", "");
    fric_report_row(f, "RMS control effort", m->rms_u, "N&middot;m");
    fric_report_row(f, "RMS friction estimate error", m->rms_ferr, "N&middot;m");
    fric_report_row(f, "torque-limited samples", (double)r->u_sat, "");
    if (s->arith == ARITH_RTL && s->comp_kind != COMP_NONE)
        fric_report_row(f, "samples the core matched the C model bit for bit", (double)r->rtl_checked, "");
    fputs("</table>\n<h2>Position error</h2>\n<figure>\n", f);
    if (plot_err(f, "error-data", r) != 0) return -1;
    fputs("</figure>\n<h2>Velocity</h2>\n<figure>\n", f);
    if (plot_vel(f, "velocity-data", r) != 0) return -1;
    fputs("</figure>\n<h2>Friction and its estimate</h2>\n<figure>\n", f);
    if (plot_fric(f, "friction-data", r) != 0) return -1;
    fprintf(f, "</figure>\n<p>The plots show every %zu-th sample (%zu points); the CSV (<code>--csv</code>) holds them "
            "all.</p>\n", r->stride, r->np);
    fputs("<h2>Equations used</h2>\n<div class=\"eq\">\n"
          "<p>J &theta;&#776; = u &minus; F<sub>f</sub>(&theta;&#775;, z) &minus; b<sub>l</sub> &theta;&#775; "
          "(rigid; with a shaft, J<sub>l</sub> &theta;&#776;<sub>l</sub> = K(&theta; &minus; &theta;<sub>l</sub>) + "
          "c(&theta;&#775; &minus; &theta;&#775;<sub>l</sub>) &minus; b<sub>l</sub> &theta;&#775;<sub>l</sub>)</p>\n"
          "<p>&omega;<sub>m</sub> = sat(rsr(&Delta;count &middot; GAIN, SHIFT)) &middot; v<sub>lsb</sub> (the board's "
          "estimator, every T<sub>s</sub>)</p>\n"
          "<p>&omega;* = K<sub>p</sub>(&theta;<sub>r</sub> &minus; &theta;<sub>m</sub>) + &omega;<sub>r</sub>;&emsp; "
          "u = sat(K<sub>v</sub>(&omega;* &minus; &omega;<sub>m</sub>) + K<sub>i</sub>&int;(&omega;* &minus; "
          "&omega;<sub>m</sub>)dt + J&alpha;<sub>r</sub> + F&#770;(&omega;<sub>m</sub>), &plusmn;u<sub>max</sub>)</p>\n"
          "<p>The machine's friction:</p>\n", f);
    fric_report_friction_equations(f, FRIC_MODEL_LUGRE);
    fputs("</div>\n<p>The compensator F&#770; is the Coulomb + viscous, Stribeck or LuGre law of its own set, driven by the "
          "measured velocity &omega;<sub>m</sub>; the LuGre observer takes the exact bristle step over T<sub>s</sub>, as "
          "the core does. The integrator stops while the torque is limited and the error would drive it further.</p>\n"
          "<h2>Assumptions and limits</h2>\n<p>One axis, lumped and deterministic; the machine's friction is a LuGre set "
          "with constant parameters. The encoder is ideal apart from its quantization; there is no current loop "
          "(the torque is applied at once and held for T<sub>s</sub>), no noise, backlash or cogging. Time stuck counts "
          "the samples where |&omega;| is below the stick threshold while the reference moves, or while the error exceeds "
          "two encoder counts. <strong>Do not use uncalibrated output for safety, life, control-stability or component "
          "qualification decisions.</strong></p>\n", f);
    fric_report_references(f);
    return 0;
}

/* A document rendered in memory, to be written whole. */
typedef struct {
    FILE *f;
    char *buf;
    size_t len;
} doc_t;

static int outputs(servo_t *s, fric_out_t *out, size_t nout, const result_t *r, const metrics_t *m)
{
    enum { O_CSV, O_ERR, O_VEL, O_FRIC, O_REPORT, O_SUMMARY };
    doc_t doc[6] = {{0}};
    int rc = 0;
    for (size_t i = O_ERR; i < nout && rc == 0; i++) {
        if (!out[i].f) continue;
        doc_t *d = &doc[i];
        d->f = open_memstream(&d->buf, &d->len);
        if (!d->f) {
            rc = fric_cli_run_failed(s->cmd, "out of memory");
            break;
        }
        int rendered = 0;
        switch (i) {
        case O_ERR: rendered = plot_err(d->f, "data", r); break;
        case O_VEL: rendered = plot_vel(d->f, "data", r); break;
        case O_FRIC: rendered = plot_fric(d->f, "data", r); break;
        case O_REPORT: rendered = report(d->f, s, r, m); break;
        default: print_summary(d->f, s, r, m); break;
        }
        const bool bad = ferror(d->f) != 0;
        const int closed = fclose(d->f);
        d->f = NULL;
        if (closed != 0 || bad) rc = fric_cli_run_failed(s->cmd, "out of memory for %s", out[i].opt);
        else if (rendered != 0) rc = fric_cli_run_failed(s->cmd, "%s: the data's range is beyond that of a double", out[i].opt);
    }
    for (size_t i = 0; i < nout && rc == 0; i++)
        if (doc[i].buf && !out[i].is_stdout) rc = fric_out_write(&out[i], doc[i].buf, doc[i].len, s->cmd);
    if (rc == 0) rc = fric_outs_close_files(out, nout, s->cmd);
    for (size_t i = 0; i < nout && rc == 0; i++)
        if (doc[i].buf && out[i].is_stdout) rc = fric_out_write(&out[i], doc[i].buf, doc[i].len, s->cmd);
    for (size_t i = 0; i < nout; i++) free(doc[i].buf);
    return rc;
}

static int check_metrics(const servo_t *s, const metrics_t *m)
{
    const struct {
        const char *name;
        double v;
    } q[] = {{"RMS position error", m->rms_e}, {"peak position error", m->peak_e}, {"RMS velocity error", m->rms_ev},
             {"RMS control effort", m->rms_u}, {"RMS friction estimate error", m->rms_ferr},
             {"limit-cycle amplitude", m->lc_amp}, {"limit-cycle frequency", m->lc_present ? m->lc_freq : 0.0}};
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
        if (!isfinite(q[i].v))
            return fric_cli_run_failed(s->cmd, "the result is not finite: %s = %g", q[i].name, q[i].v);
    return 0;
}

int fric_servo_main(int argc, char **argv, const char *cmd, const fric_servo_rtl_t *rtl)
{
    servo_t *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "fricore %s: out of memory\n", cmd);
        return FRIC_EXIT_FAIL;
    }
    s->cmd = cmd;
    s->rtl = rtl;
    defaults(s);
    table(s);
    int rc = parse(s, argc, argv);
    if (rc == FRIC_OPTS_HELP) rc = 0;
    else if (rc == 0) {
        fric_out_t out[] = {
            {.opt = "--csv", .path = s->csv},
            {.opt = "--plot-error", .path = s->plot_err},
            {.opt = "--plot-velocity", .path = s->plot_vel},
            {.opt = "--plot-friction", .path = s->plot_fric},
            {.opt = "--report", .path = s->report},
            {.opt = s->summary ? "--summary" : "the summary", .path = s->summary ? s->summary : "-"},
        };
        const size_t nout = sizeof out / sizeof out[0];
        for (size_t i = 0; i + 1 < nout && rc == 0; i++)
            if (!s->summary && out[i].path && strcmp(out[i].path, "-") == 0)
                rc = fric_cli_fail(cmd, "%s - and the JSON summary both write to stdout; give --summary FILE", out[i].opt);
        if (rc == 0) rc = fric_outs_open(out, nout, cmd);
        if (rc == 0) {
            result_t r;
            metrics_t m;
            rc = run(s, out[0].f ? &out[0] : NULL, s->plot_err || s->plot_vel || s->plot_fric || s->report, &r);
            if (rc == 0) {
                metrics(s, &r, &m);
                rc = check_metrics(s, &m);
            }
            if (rc == 0) rc = outputs(s, out, nout, &r, &m);
            free_result(&r);
            if (rc == 0) rc = fric_outs_close(out, nout, cmd);
            else fric_outs_discard(out, nout);
            /* warnings: every saturation of a narrowing, and of the torque
             * (after a complete run: a failure's reason is the last line) */
            if (rc == 0) {
                fric_cli_report_flags(cmd, r.flags & ~(uint32_t)FRIC_FX_FLAG_ENC_SAT);
                if (r.flags & FRIC_FX_FLAG_ENC_SAT)
                    fprintf(stderr, "fricore %s: warning: the encoder's count change or velocity code was limited "
                                    "(ENC_SAT); raise --v-max\n", cmd);
                if (r.u_sat)
                    fprintf(stderr, "fricore %s: warning: the torque was limited at %zu samples (--u-max %.6g N*m)\n",
                            cmd, r.u_sat, s->u_max);
            }
        }
    }
    free(s->traj_t);
    free(s->traj_x);
    free(s);
    return rc;
}
