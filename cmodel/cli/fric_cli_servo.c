/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* fricore servo: a servo axis with friction compensation (see fric_cli_servo.h
 * and docs/servo.md). The axis, its run and its metrics are libfricore's
 * (fric_servo.h); this face parses the options, reads the trajectory file,
 * and writes the summary, the CSV, the plots and the report.
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

#define USAGE "[--reference sine|step|ramp|csv] [--compensation none|coulomb|stribeck|lugre|elastoplastic|gms] "       \
              "[--comp-params FILE] "                                                                                \
              "[--comp-arith double|fixed|rtl] [machine friction: its N and m read as N*m and rad] [plant] [encoder] " \
              "[controller] [--duration S] "                                                                        \
              "[--csv FILE] [--summary FILE] [--plot-error F.svg] [--plot-velocity F.svg] [--plot-friction F.svg] "   \
              "[--report F.html]"

#define MAX_OPTS (FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 48)

typedef struct {
    const char *cmd;
    int argc;
    char **argv;
    const fric_servo_rtl_t *rtl;
    /* the axis: every plant, encoder, controller, reference and run value
     * the options set directly; the rest is filled from the options below */
    fric_servo_cfg_t c;
    /* machine friction, and the compensator's raw values */
    fric_cli_friction_t fp, cfp;
    fric_cli_fixed_t fx;
    unsigned warn_machine, warn_comp;
    /* the choices, as given */
    const char *compensation, *comp_params, *comp_arith, *reference, *trajectory, *drift, *drift_profile, *adapt_bounds, *adapt, *thermal;
    bool no_accel_ff, adapt_sigma2;
    double inject_d;
    long inject;
    double *traj_t, *traj_x;
    size_t traj_n;
    double *prof[1 + FRIC_SERVO_NPAR]; /* the drift profile's columns t, fc, fs, sigma2 (NULL: not in the file) */
    /* the outputs */
    const char *csv, *summary, *plot_err, *plot_vel, *plot_fric, *report;
    fric_opt_t opts[MAX_OPTS];
    size_t nopts;
    fric_opt_t copts[FRIC_CLI_FRICTION_NOPTS];
    size_t ncopts;
} servo_t;

/* ---- the options ------------------------------------------------------------------------------ */

static void defaults(servo_t *s)
{
    s->c = fric_servo_defaults();
    fric_cli_friction_defaults(&s->fp, "lugre");
    fric_cli_fixed_defaults(&s->fx);
    s->fx.ts = s->c.ts;
    s->compensation = "none";
    s->comp_arith = "double";
    s->inject_d = -1.0;
    s->reference = "sine";
}

/* The axis is rotary: the friction set's N and m read as N*m and rad. */
static void rotary_units(fric_opt_t *o, size_t n)
{
    static const struct {
        const char *linear, *rotary;
    } map[] = {{"N", "N*m"}, {"m/s", "rad/s"}, {"N/m", "N*m/rad"}, {"N*s/m", "N*m*s/rad"}};
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
            if (strcmp(o[i].unit, map[k].linear) == 0) {
                o[i].unit = map[k].rotary;
                break;
            }
}

static void table(servo_t *s)
{
    fric_opt_t *o = s->opts;
    size_t n = fric_cli_friction_opts(&s->fp, o, "lugre|elastoplastic|gms");
    /* the machine's set: "--model" (lugre, elastoplastic or gms), "--params" reads it */
    n += fric_cli_fixed_opts(&s->fx, o + n, "servo period: the controller's, the encoder's and the compensator's sample "
                                            "time (default 1e-4)");
    rotary_units(o, n);
    const fric_opt_t more[] = {
        {"inertia", NULL, FRIC_OPT_DOUBLE, &s->c.inertia, "kg*m^2", "motor-side inertia J (the whole axis when rigid) (default 1)", NULL, false},
        {"load-damping", NULL, FRIC_OPT_DOUBLE, &s->c.load_damping, "N*m*s/rad", "viscous load b_l (default 0.1)", NULL, false},
        {"compliance", NULL, FRIC_OPT_DOUBLE, &s->c.compliance, "N*m/rad", "shaft stiffness to a load inertia; 0 = rigid axis (default 0)", NULL, false},
        {"load-inertia", NULL, FRIC_OPT_DOUBLE, &s->c.load_inertia, "kg*m^2", "load inertia, with --compliance (default: --inertia)", NULL, false},
        {"compliance-damping", NULL, FRIC_OPT_DOUBLE, &s->c.compliance_damping, "N*m*s/rad", "shaft damping, with --compliance (default: 5% of critical)", NULL, false},
        {"counts-per-rev", NULL, FRIC_OPT_DOUBLE, &s->c.counts_per_rev, "", "encoder counts per revolution after x4 decoding, an integer 4 .. 2^30 (default 2^23)", NULL, false},
        {"bandwidth", NULL, FRIC_OPT_DOUBLE, &s->c.bandwidth, "Hz", "velocity-loop crossover the default gains are tuned for (default 20)", NULL, false},
        {"kp", NULL, FRIC_OPT_DOUBLE, &s->c.kp, "1/s", "position gain (default: 2 pi bandwidth / 6)", NULL, false},
        {"kv", NULL, FRIC_OPT_DOUBLE, &s->c.kv, "N*m*s/rad", "velocity proportional gain (default: J 2 pi bandwidth)", NULL, false},
        {"ki", NULL, FRIC_OPT_DOUBLE, &s->c.ki, "N*m/rad", "velocity integral gain (default: kv 2 pi bandwidth / 4)", NULL, false},
        {"u-max", NULL, FRIC_OPT_DOUBLE, &s->c.u_max, "N*m", "torque limit of the drive (default 20)", NULL, false},
        {"no-accel-ff", NULL, FRIC_OPT_FLAG, &s->no_accel_ff, "", "leave out the acceleration feed-forward J * reference acceleration", NULL, false},
        {"substeps", NULL, FRIC_OPT_DOUBLE, &s->c.substeps, "", "plant steps per servo period, an integer 1 .. 1000 (default 10)", NULL, false},
        {"compensation", NULL, FRIC_OPT_CHOICE, &s->compensation, "",
         "friction compensation added to the torque: none (default), coulomb (Coulomb + viscous), stribeck (static curve), lugre (observer), "
         "lugre-adaptive (the observer retuned by an online estimate of Fc, Fs and sigma2), lugre-oracle (the observer told the machine's drift; double only), "
         "elastoplastic, gms (those models' observers; double only)",
         "none|coulomb|stribeck|lugre|lugre-adaptive|lugre-oracle|elastoplastic|gms", false},
        {"adapt-rate", NULL, FRIC_OPT_DOUBLE, &s->c.adapt.rate, "Hz", "lugre-adaptive: law updates per second (default 2)", NULL, false},
        {"adapt-gain", NULL, FRIC_OPT_DOUBLE, &s->c.adapt.gain, "", "lugre-adaptive: share of each window's least-squares correction applied, in (0, 1] (default 0.3)", NULL, false},
        {"adapt-bounds", NULL, FRIC_OPT_STRING, &s->adapt_bounds, "LO,HI", "lugre-adaptive: the estimates' multipliers of the compensator's set stay in [LO, HI] (default 0.5,2)", NULL, false},
        {"adapt-slew", NULL, FRIC_OPT_DOUBLE, &s->c.adapt.slew, "1/s", "lugre-adaptive: the most a multiplier moves per second (default 0.5)", NULL, false},
        {"adapt-dead-zone", NULL, FRIC_OPT_DOUBLE, &s->c.adapt.dead_zone, "", "lugre-adaptive: corrections of less than this share of a multiplier (for Fc: of less force than this share of Fc) are not applied (default 0.003)", NULL, false},
        {"adapt", NULL, FRIC_OPT_STRING, &s->adapt, "NAME,...", "lugre-adaptive: the parameters estimated, fc,fs (one multiplier: give both) and optionally sigma2 (default fc,fs,sigma2)", NULL, false},
        {"adapt-sigma2", NULL, FRIC_OPT_FLAG, &s->adapt_sigma2, "", "lugre-adaptive: estimate sigma2 too (the default; the same as --adapt fc,fs,sigma2)", NULL, false},
        {"adapt-gate", NULL, FRIC_OPT_DOUBLE, &s->c.adapt.v_gate, "rad/s", "lugre-adaptive: the law uses only samples with |reference speed| above it (default: 10 vs)", NULL, false},
        {"comp-params", NULL, FRIC_OPT_STRING, &s->comp_params, "",
         "the compensator's parameter file (the format of --params; default: the machine's set)", NULL, false},
        {"comp-arith", NULL, FRIC_OPT_CHOICE, &s->comp_arith, "",
         "compensator arithmetic: double (default), fixed (the bit-exact model), rtl (the Verilated core, fricore-cosim servo)",
         "double|fixed|rtl", false},
        {"reference", NULL, FRIC_OPT_CHOICE, &s->reference, "",
         "position reference: sine (default; A (1 - cos 2 pi f t), from rest), step (a square wave), ramp, csv (--trajectory)", "sine|step|ramp|csv", false},
        {"amplitude", NULL, FRIC_OPT_DOUBLE, &s->c.amplitude, "rad", "sine amplitude, step height (default 0.01)", NULL, false},
        {"frequency", NULL, FRIC_OPT_DOUBLE, &s->c.frequency, "Hz", "sine frequency (default 0.5)", NULL, false},
        {"period", NULL, FRIC_OPT_DOUBLE, &s->c.period, "s", "step: up for half the period, back for the other half (default 4)", NULL, false},
        {"rise-time", NULL, FRIC_OPT_DOUBLE, &s->c.rise_time, "s", "step: each move a half-cosine over this time, 0 = a jump (default 0.05)", NULL, false},
        {"speed", NULL, FRIC_OPT_DOUBLE, &s->c.speed, "rad/s", "ramp speed (default 0.002)", NULL, false},
        {"trajectory", NULL, FRIC_OPT_STRING, &s->trajectory, "", "CSV of t,theta lines (s, rad; '#' comments; an optional header t,theta), with --reference csv", NULL, false},
        {"drift", NULL, FRIC_OPT_STRING, &s->drift, "NAME=M,...",
         "the machine's drift: NAME fc, fs or sigma2 and M the multiplier reached at the end of the run by a "
         "linear ramp from 1 (fc, fs in [0.1, 10], sigma2 in [0, 10]; e.g. fc=1.4,fs=1.4,sigma2=0.8)", NULL, false},
        {"drift-profile", NULL, FRIC_OPT_STRING, &s->drift_profile, "",
         "the machine's drift as a CSV: a header t,NAME,... (NAME fc, fs, sigma2), then lines of time (s) and multipliers, "
         "interpolated linearly and held outside the times", NULL, false},
        {"thermal", NULL, FRIC_OPT_STRING, &s->thermal, "NAME=V,...",
         "the machine warms: a first-order thermal model heated by the friction power |F v|, Fc, Fs and sigma2 times "
         "1 + k (T - ambient); NAME c (heat capacity, J/K, default 0.1), r (thermal resistance, K/W, default 100), "
         "ambient (degC, default 25), t0 (temperature at t = 0, degC, default ambient), fc, fs, sigma2 (temperature "
         "coefficients k, 1/K, default 0); '--thermal on' takes every default; excludes --drift", NULL, false},
        {"duration", NULL, FRIC_OPT_DOUBLE, &s->c.duration, "s", "simulated time, at most 120 (default 4)", NULL, false},
        {"stick-threshold", NULL, FRIC_OPT_DOUBLE, &s->c.stick_threshold, "rad/s", "|omega| below it is stuck (default: machine vs / 10)", NULL, false},
        {"lc-window", NULL, FRIC_OPT_DOUBLE, &s->c.lc_window, "s", "the limit cycle is measured over the last this long (default: duration / 4)", NULL, false},
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

/* A header field: the name, with blanks around it. */
static bool is_field(const char *p, const char *name)
{
    while (*p == ' ' || *p == '\t') p++;
    const size_t n = strlen(name);
    if (strncmp(p, name, n) != 0) return false;
    for (p += n; *p == ' ' || *p == '\t'; p++) {}
    return *p == '\0';
}

/* Read the trajectory: "t,theta" per line, '#' comments and blank lines
 * skipped, the header "t,theta" allowed on the first line that is neither,
 * t strictly increasing, at least two points. */
static int read_trajectory(servo_t *s)
{
    FILE *f = fopen(s->trajectory, "r");
    if (!f) return fric_cli_fail(s->cmd, "--trajectory %s: cannot open: %s", s->trajectory, strerror(errno));
    char line[FRIC_LINE_MAX];
    unsigned long no = 0;
    size_t cap = 0;
    int rc = 0;
    bool started = false;
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
        const bool first = !started;
        started = true;
        if (first && comma && is_field(p, "t") && is_field(end, "theta")) continue;
        if (!comma || fric_parse_number(p, &t) != FRIC_NUM_OK || fric_parse_number(end, &x) != FRIC_NUM_OK) {
            rc = fric_cli_fail(s->cmd,
                               "--trajectory %s line %lu: expected two finite numbers t,theta (s, rad)%s", s->trajectory, no,
                               first ? ", or the header t,theta" : "");
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

static const char *const PAR_NAME[FRIC_SERVO_NPAR] = {"fc", "fs", "sigma2"};

static int par_index(const char *name)
{
    for (int i = 0; i < FRIC_SERVO_NPAR; i++)
        if (strcmp(name, PAR_NAME[i]) == 0) return i;
    return -1;
}

/* --drift NAME=M,...: the multipliers at the end of the run (the library
 * checks their ranges) */
static int parse_drift(servo_t *s)
{
    char buf[256];
    if (strlen(s->drift) >= sizeof buf) return fric_cli_fail(s->cmd, "--drift: longer than %zu characters", sizeof buf - 1);
    strcpy(buf, s->drift);
    bool seen[FRIC_SERVO_NPAR] = {false};
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (eq) *eq = '\0';
        const int i = par_index(item);
        if (!eq || i < 0)
            return fric_cli_fail(s->cmd, "--drift: expected NAME=M with NAME fc, fs or sigma2, got '%s%s'", item, eq ? "=..." : "");
        double m;
        if (fric_parse_number(eq + 1, &m) != FRIC_NUM_OK)
            return fric_cli_fail(s->cmd, "--drift %s: the multiplier must be a finite number, got '%s'", item, eq + 1);
        if (seen[i]) return fric_cli_fail(s->cmd, "--drift %s: given twice", item);
        seen[i] = true;
        s->c.drift.end[i] = m;
    }
    bool any = false;
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) any = any || seen[i];
    if (!any) return fric_cli_fail(s->cmd, "--drift: expected NAME=M,... with NAME fc, fs or sigma2");
    return 0;
}

/* --thermal NAME=V,...: the thermal model's constants (the library checks
 * their ranges); "on" alone takes the defaults */
static int parse_thermal(servo_t *s)
{
    static const char *const names[] = {"c", "r", "ambient", "t0", "fc", "fs", "sigma2"};
    double *dst[] = {&s->c.thermal.c, &s->c.thermal.r, &s->c.thermal.ambient, &s->c.thermal.t0,
                     &s->c.thermal.k[FRIC_SERVO_PAR_FC], &s->c.thermal.k[FRIC_SERVO_PAR_FS],
                     &s->c.thermal.k[FRIC_SERVO_PAR_SIGMA2]};
    enum { NT = sizeof names / sizeof names[0] };
    s->c.thermal.on = true;
    if (strcmp(s->thermal, "on") == 0) return 0;
    char buf[256];
    if (strlen(s->thermal) >= sizeof buf) return fric_cli_fail(s->cmd, "--thermal: longer than %zu characters", sizeof buf - 1);
    strcpy(buf, s->thermal);
    bool seen[NT] = {false};
    char *save = NULL;
    size_t items = 0;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (eq) *eq = '\0';
        int i = -1;
        for (int j = 0; j < NT; j++)
            if (strcmp(item, names[j]) == 0) i = j;
        if (!eq || i < 0)
            return fric_cli_fail(s->cmd, "--thermal: expected NAME=V with NAME c, r, ambient, t0, fc, fs or sigma2 (or "
                                 "'on'), got '%s%s'", item, eq ? "=..." : "");
        double v;
        if (fric_parse_number(eq + 1, &v) != FRIC_NUM_OK)
            return fric_cli_fail(s->cmd, "--thermal %s: the value must be a finite number, got '%s'", item, eq + 1);
        if (seen[i]) return fric_cli_fail(s->cmd, "--thermal %s: given twice", item);
        seen[i] = true;
        *dst[i] = v;
        items++;
    }
    if (items == 0) return fric_cli_fail(s->cmd, "--thermal: expected NAME=V,... or 'on'");
    return 0;
}

/* --drift-profile FILE.csv: a header t,NAME,... then rows of numbers ('#'
 * comments and blank lines skipped); the library checks the values */
static int read_drift_profile(servo_t *s)
{
    const char *path = s->drift_profile;
    FILE *f = fopen(path, "r");
    if (!f) return fric_cli_fail(s->cmd, "--drift-profile %s: cannot open: %s", path, strerror(errno));
    char line[FRIC_LINE_MAX];
    unsigned long no = 0;
    int col[1 + FRIC_SERVO_NPAR]; /* the column of each field, in file order: 0 = t, 1 + i = parameter i */
    int ncol = 0, rc = 0;
    bool seen[FRIC_SERVO_NPAR] = {false};
    size_t cap = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        no++;
        const size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            rc = fric_cli_fail(s->cmd, "--drift-profile %s line %lu: longer than %d characters", path, no, FRIC_LINE_MAX - 2);
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\0') continue;
        char *fields[1 + FRIC_SERVO_NPAR + 1];
        int nf = 0;
        char *save = NULL;
        for (char *tok = strtok_r(p, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (nf == 1 + FRIC_SERVO_NPAR) {
                nf++;
                break;
            }
            while (*tok == ' ' || *tok == '\t') tok++;
            char *end = tok + strlen(tok);
            while (end > tok && (end[-1] == ' ' || end[-1] == '\t')) *--end = '\0';
            fields[nf++] = tok;
        }
        if (ncol == 0) { /* the header */
            if (nf < 2 || nf > 1 + FRIC_SERVO_NPAR || strcmp(fields[0], "t") != 0) {
                rc = fric_cli_fail(s->cmd, "--drift-profile %s line %lu: expected the header t,NAME,... with NAME fc, fs or "
                                   "sigma2", path, no);
                break;
            }
            col[0] = 0;
            for (int j = 1; j < nf && rc == 0; j++) {
                const int i = par_index(fields[j]);
                if (i < 0 || seen[i])
                    rc = fric_cli_fail(s->cmd, "--drift-profile %s line %lu: column '%s': %s", path, no, fields[j],
                                       i < 0 ? "not a drifting parameter (fc, fs, sigma2)" : "given twice");
                else {
                    col[j] = 1 + i;
                    seen[i] = true;
                }
            }
            if (rc != 0) break;
            ncol = nf;
            continue;
        }
        if (nf != ncol) {
            rc = fric_cli_fail(s->cmd, "--drift-profile %s line %lu: expected %d numbers, got %d", path, no, ncol, nf);
            break;
        }
        if (n == FRIC_SERVO_MAX_TRAJ) {
            rc = fric_cli_fail(s->cmd, "--drift-profile %s: more than %d points", path, FRIC_SERVO_MAX_TRAJ);
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            for (int j = 0; j < ncol && rc == 0; j++) {
                double *a = realloc(s->prof[col[j]], cap * sizeof *a);
                if (!a) rc = fric_cli_run_failed(s->cmd, "out of memory");
                else s->prof[col[j]] = a;
            }
            if (rc != 0) break;
        }
        for (int j = 0; j < ncol && rc == 0; j++)
            if (fric_parse_number(fields[j], &s->prof[col[j]][n]) != FRIC_NUM_OK)
                rc = fric_cli_fail(s->cmd, "--drift-profile %s line %lu: %s must be a finite number, got '%s'", path, no,
                                   j == 0 ? "t (s)" : PAR_NAME[col[j] - 1], fields[j]);
        if (rc != 0) break;
        n++;
    }
    if (rc == 0 && ferror(f)) rc = fric_cli_fail(s->cmd, "--drift-profile %s: read error", path);
    fclose(f);
    if (rc == 0 && ncol == 0) rc = fric_cli_fail(s->cmd, "--drift-profile %s: no header t,NAME,...", path);
    if (rc == 0 && n < 2) rc = fric_cli_fail(s->cmd, "--drift-profile %s: needs at least 2 points, got %zu", path, n);
    if (rc != 0) return rc;
    s->c.drift.prof_t = s->prof[0];
    for (int i = 0; i < FRIC_SERVO_NPAR; i++) s->c.drift.prof_m[i] = s->prof[1 + i];
    s->c.drift.prof_n = n;
    return 0;
}

/* The compensator's set: the machine's raw values, then --comp-params over
 * them, built as the model the compensation mode evaluates. */
static int build_comp(servo_t *s)
{
    if (!s->comp_params) {
        /* the machine's own set, as the mode reads it */
        s->c.comp = fric_servo_comp_model(s->c.comp_kind, &s->c.machine);
        return 0;
    }
    static const char *const kinds[] = {"lugre", "viscous", "stribeck", "lugre", "lugre", "lugre", "elastoplastic", "gms"};
    s->cfp = s->fp;
    s->cfp.params = NULL;
    s->cfp.model = kinds[s->c.comp_kind];
    fric_opt_t all[FRIC_CLI_FRICTION_NOPTS];
    const size_t n = fric_cli_friction_opts(&s->cfp, all, "lugre|viscous|stribeck|elastoplastic|gms");
    rotary_units(all, n);
    /* the file's "model" and "params" are not the compensator's to choose */
    s->ncopts = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].name, "model") != 0 && strcmp(all[i].name, "params") != 0) s->copts[s->ncopts++] = all[i];
    const int rc = fric_opts_apply_params(s->copts, s->ncopts, s->comp_params, "--comp-params", s->cmd);
    if (rc != 0) return rc;
    return fric_cli_friction_build_quiet(&s->cfp, s->copts, s->ncopts, s->cmd, 0, &s->c.comp, &s->warn_comp);
}

/* The options into the library's axis: first what only the command can
 * judge (an option given that the choices leave unused, the core in the
 * loop, the files), then every value by fric_servo_prepare(). The friction
 * sets' warnings wait until the whole input is accepted, so that a refusal
 * is the only line. */
static int parse(servo_t *s, int argc, char **argv)
{
    const char *cmd = s->cmd;
    fric_servo_cfg_t *c = &s->c;
    s->argc = argc;
    s->argv = argv;
    int rc = fric_opts_parse(s->opts, s->nopts, argc, argv, 2, cmd, USAGE);
    if (rc != 0) return rc;
    c->accel_ff = !s->no_accel_ff;
    c->comp_kind = strcmp(s->compensation, "coulomb") == 0    ? FRIC_SERVO_COMP_COULOMB
                   : strcmp(s->compensation, "stribeck") == 0 ? FRIC_SERVO_COMP_STRIBECK
                   : strcmp(s->compensation, "lugre") == 0    ? FRIC_SERVO_COMP_LUGRE
                   : strcmp(s->compensation, "lugre-adaptive") == 0 ? FRIC_SERVO_COMP_LUGRE_ADAPTIVE
                   : strcmp(s->compensation, "lugre-oracle") == 0   ? FRIC_SERVO_COMP_LUGRE_ORACLE
                   : strcmp(s->compensation, "elastoplastic") == 0  ? FRIC_SERVO_COMP_ELASTOPLASTIC
                   : strcmp(s->compensation, "gms") == 0            ? FRIC_SERVO_COMP_GMS
                                                              : FRIC_SERVO_COMP_NONE;
    c->arith = strcmp(s->comp_arith, "fixed") == 0 ? FRIC_SERVO_ARITH_FIXED
               : strcmp(s->comp_arith, "rtl") == 0 ? FRIC_SERVO_ARITH_CORE
                                                   : FRIC_SERVO_ARITH_DOUBLE;
    c->ref = strcmp(s->reference, "step") == 0   ? FRIC_SERVO_REF_STEP
             : strcmp(s->reference, "ramp") == 0 ? FRIC_SERVO_REF_RAMP
             : strcmp(s->reference, "csv") == 0  ? FRIC_SERVO_REF_TRAJECTORY
                                                 : FRIC_SERVO_REF_SINE;
    /* options that apply only with another choice */
    static const struct {
        const char *opt;
        fric_servo_ref_t ref;
    } only[] = {{"frequency", FRIC_SERVO_REF_SINE}, {"period", FRIC_SERVO_REF_STEP}, {"rise-time", FRIC_SERVO_REF_STEP},
                {"speed", FRIC_SERVO_REF_RAMP}, {"trajectory", FRIC_SERVO_REF_TRAJECTORY}};
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++)
        if (given(s, only[i].opt) && c->ref != only[i].ref)
            return fric_cli_fail(cmd, "--%s applies only with --reference %s", only[i].opt, fric_servo_ref_name(only[i].ref));
    if (given(s, "amplitude") && (c->ref == FRIC_SERVO_REF_RAMP || c->ref == FRIC_SERVO_REF_TRAJECTORY))
        return fric_cli_fail(cmd, "--amplitude applies only with --reference sine or step");
    if (c->ref == FRIC_SERVO_REF_TRAJECTORY && !s->trajectory) return fric_cli_fail(cmd, "--reference csv needs --trajectory FILE");
    if (c->arith != FRIC_SERVO_ARITH_DOUBLE && c->comp_kind == FRIC_SERVO_COMP_NONE)
        return fric_cli_fail(cmd, "--comp-arith %s needs a compensator (--compensation coulomb|stribeck|lugre|lugre-adaptive|lugre-oracle)", s->comp_arith);
    if (s->comp_params && c->comp_kind == FRIC_SERVO_COMP_NONE)
        return fric_cli_fail(cmd, "--comp-params needs a compensator (--compensation coulomb|stribeck|lugre|lugre-adaptive|lugre-oracle|elastoplastic|gms)");
    static const char *const adapt_opts[] = {"adapt-rate", "adapt-gain", "adapt-bounds", "adapt-slew", "adapt-dead-zone", "adapt-gate",
                                             "adapt-sigma2", "adapt"};
    for (size_t i = 0; i < sizeof adapt_opts / sizeof adapt_opts[0]; i++)
        if (given(s, adapt_opts[i]) && c->comp_kind != FRIC_SERVO_COMP_LUGRE_ADAPTIVE)
            return fric_cli_fail(cmd, "--%s applies only with --compensation lugre-adaptive", adapt_opts[i]);
    if (s->adapt) {
        if (s->adapt_sigma2) return fric_cli_fail(cmd, "--adapt and --adapt-sigma2 exclude each other: give one");
        bool seen[3] = {false, false, false};
        static const char *const names[3] = {"fc", "fs", "sigma2"};
        const char *p = s->adapt;
        for (;;) {
            const size_t len = strcspn(p, ",");
            int hit = -1;
            for (int i = 0; i < 3; i++)
                if (len == strlen(names[i]) && strncmp(p, names[i], len) == 0) hit = i;
            if (hit < 0)
                return fric_cli_fail(cmd, "--adapt: unknown parameter '%.*s' in '%s' (the names are fc, fs and sigma2)", (int)len, p,
                                     s->adapt);
            if (seen[hit]) return fric_cli_fail(cmd, "--adapt: %s given twice in '%s'", names[hit], s->adapt);
            seen[hit] = true;
            if (p[len] == '\0') break;
            p += len + 1;
        }
        if (!seen[0] || !seen[1])
            return fric_cli_fail(cmd, "--adapt must name fc and fs together (the law scales both by one multiplier), got '%s'",
                                 s->adapt);
        c->adapt.sigma2 = seen[2];
    }
    if (s->adapt_bounds) {
        char *comma = strchr(s->adapt_bounds, ',');
        if (comma) *comma = '\0';
        const bool okb = comma && fric_parse_number(s->adapt_bounds, &c->adapt.lo) == FRIC_NUM_OK &&
                         fric_parse_number(comma + 1, &c->adapt.hi) == FRIC_NUM_OK;
        if (comma) *comma = ',';
        if (!okb) return fric_cli_fail(cmd, "--adapt-bounds: expected LO,HI, two finite numbers, got '%s'", s->adapt_bounds);
    }
    if (c->arith == FRIC_SERVO_ARITH_CORE) {
        if (!s->rtl)
            return fric_cli_fail(cmd, "--comp-arith rtl runs the Verilated core: use fricore-cosim servo (or --comp-arith fixed, bit-exact with it)");
        if (c->comp_kind != FRIC_SERVO_COMP_LUGRE && c->comp_kind != FRIC_SERVO_COMP_LUGRE_ADAPTIVE)
            return fric_cli_fail(cmd, "--comp-arith rtl needs --compensation lugre or lugre-adaptive (the core in the loop "
                                 "is fric_lugre)");
        if (strtoul(s->fx.width, NULL, 10) != s->rtl->width)
            return fric_cli_fail(cmd, "--width must be %u with --comp-arith rtl (the Verilated core's width), got %s",
                                 s->rtl->width, s->fx.width);
    }
    if (s->rtl && given(s, "inject-mismatch")) {
        if (c->arith != FRIC_SERVO_ARITH_CORE) return fric_cli_fail(cmd, "--inject-mismatch applies only with --comp-arith rtl");
        if ((rc = whole(s, "inject-mismatch", "sample index", s->inject_d, 0.0, FRIC_SERVO_MAX_SAMPLES)) != 0) return rc;
    }
    s->inject = s->inject_d >= 0.0 ? (long)s->inject_d : -1;
    if ((c->arith == FRIC_SERVO_ARITH_DOUBLE || c->comp_kind == FRIC_SERVO_COMP_NONE) && given(s, "f-max"))
        return fric_cli_fail(cmd, "--f-max applies only with --comp-arith fixed or rtl");
    if (given(s, "f-max") && !(s->fx.f_max > 0.0))
        return fric_cli_fail(cmd, "--f-max (force full scale, N) must be > 0 (leave it out for automatic), got %.6g", s->fx.f_max);
    /* the files: the trajectory, the machine's and the compensator's sets */
    if (c->ref == FRIC_SERVO_REF_TRAJECTORY) {
        if ((rc = read_trajectory(s)) != 0) return rc;
        c->traj_t = s->traj_t;
        c->traj_x = s->traj_x;
        c->traj_n = s->traj_n;
    }
    if (s->drift && s->drift_profile) return fric_cli_fail(cmd, "--drift and --drift-profile exclude each other: give one");
    if (s->drift && (rc = parse_drift(s)) != 0) return rc;
    if (s->thermal && (rc = parse_thermal(s)) != 0) return rc;
    if (s->drift_profile && (rc = read_drift_profile(s)) != 0) return rc;
    if ((rc = fric_cli_friction_build_quiet(&s->fp, s->opts, s->nopts, cmd, 0, &c->machine, &s->warn_machine)) != 0) return rc;
    if (c->comp_kind != FRIC_SERVO_COMP_NONE && (rc = build_comp(s)) != 0) return rc;
    /* every value */
    c->ts = s->fx.ts;
    c->width = (uint32_t)strtoul(s->fx.width, NULL, 10);
    c->v_max = s->fx.v_max;
    c->f_max = s->fx.f_max;
    char why[512];
    if (fric_servo_prepare(c, why, sizeof why) != FRIC_OK) return fric_cli_fail(cmd, "%s", why);
    fric_cli_friction_warn(cmd, s->warn_machine);
    fric_cli_friction_warn(cmd, s->warn_comp);
    return 0;
}

/* ---- the run ------------------------------------------------------------------------------------- */

/* what the command keeps of a run */
typedef struct {
    fric_servo_result_t r;
    fric_servo_metrics_t m;
    double wall;
} run_t;

/* the per-sample hooks: the CSV rows, and the core in the loop */
typedef struct {
    const servo_t *s;
    fric_out_t *csv;
    bool csv_failed;
    bool core_failed;
} hooks_ctx_t;

/* the friction parameters are shown (the CSV's columns, the summary's and
 * the report's tables) when the machine drifts or the compensator adapts */
static bool show_params(const servo_t *s)
{
    return fric_servo_drifting(&s->c) || s->c.comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE ||
           s->c.comp_kind == FRIC_SERVO_COMP_LUGRE_ORACLE;
}

static int csv_row(void *ctx, const fric_servo_sample_t *x)
{
    hooks_ctx_t *h = ctx;
    if (fprintf(h->csv->f, "%.9g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g", x->t, x->theta_ref, x->theta,
                x->omega_ref, x->omega, x->omega_meas, x->error, x->u, x->friction, x->estimate) < 0) {
        h->csv_failed = true;
        return -1;
    }
    if (show_params(h->s))
        for (int i = 0; i < FRIC_SERVO_NPAR; i++)
            if (fprintf(h->csv->f, ",%.9g,%.9g", x->par[i], x->par_hat[i]) < 0) {
                h->csv_failed = true;
                return -1;
            }
    if (fputc('\n', h->csv->f) == EOF) {
        h->csv_failed = true;
        return -1;
    }
    return 0;
}

static int core_start(void *ctx, const fric_fx_lugre_t *l)
{
    hooks_ctx_t *h = ctx;
    const int rc = h->s->rtl->start(h->s->rtl->ctx, l);
    h->core_failed = rc != 0;
    return rc;
}

static int core_sample(void *ctx, size_t k, double t, int32_t v, int32_t f_model)
{
    hooks_ctx_t *h = ctx;
    /* the test aid: the model's force off by one LSB at sample --inject-mismatch */
    const int32_t want = h->s->inject >= 0 && k == (size_t)h->s->inject ? f_model + 1 : f_model;
    const int rc = h->s->rtl->sample(h->s->rtl->ctx, t, v, want);
    h->core_failed = rc != 0;
    return rc;
}

static int core_retune(void *ctx, size_t k, const fric_fx_lugre_t *l)
{
    hooks_ctx_t *h = ctx;
    (void)k;
    const int rc = h->s->rtl->retune ? h->s->rtl->retune(h->s->rtl->ctx, l) : 1;
    h->core_failed = rc != 0;
    return rc;
}

static int run(servo_t *s, fric_out_t *csv, run_t *out)
{
    hooks_ctx_t h = {s, csv, false, false};
    fric_servo_hooks_t hooks = {csv ? csv_row : NULL, NULL, NULL, &h, NULL};
    if (s->rtl) {
        hooks.core_start = core_start;
        hooks.core_sample = core_sample;
        hooks.core_retune = core_retune;
    }
    if (csv && (fputs("t,theta_ref,theta,omega_ref,omega,omega_meas,error,u,friction,estimate", csv->f) == EOF ||
                fputs(show_params(s) ? ",fc,fc_hat,fs,fs_hat,sigma2,sigma2_hat\n" : "\n", csv->f) == EOF))
        return fric_out_write_failed(csv, s->cmd);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const fric_status_t st = fric_servo_run(&s->c, &hooks, &out->r);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    out->wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (st == FRIC_ERR_STOPPED && h.csv_failed) return fric_out_write_failed(csv, s->cmd);
    if (st == FRIC_ERR_STOPPED && h.core_failed) return FRIC_EXIT_FAIL; /* the hook has said why */
    if (st != FRIC_OK) return fric_cli_run_failed(s->cmd, "%s", out->r.why[0] ? out->r.why : fric_status_message(st));
    if (fric_servo_metrics(&s->c, &out->r, &out->m) != FRIC_OK) return fric_cli_run_failed(s->cmd, "%s", out->m.why);
    return 0;
}

/* ---- the outputs -------------------------------------------------------------------------------- */

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

static void print_summary(FILE *f, const servo_t *s, const run_t *x)
{
    const fric_servo_cfg_t *c = &s->c;
    const fric_servo_result_t *r = &x->r;
    const fric_servo_metrics_t *m = &x->m;
    fprintf(f, "{\n  \"reference\": \"%s\",\n  \"compensation\": \"%s\",\n  \"comp_arith\": \"%s\",\n", fric_servo_ref_name(c->ref),
            fric_servo_comp_name(c->comp_kind), c->comp_kind == FRIC_SERVO_COMP_NONE ? "none" : fric_servo_arith_name(c->arith));
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
    json_num(f, "kp_per_s", "%.17g", c->kp, ", ");
    json_num(f, "kv_N_m_s_per_rad", "%.17g", c->kv, ", ");
    json_num(f, "ki_N_m_per_rad", "%.17g", c->ki, ", ");
    json_num(f, "u_max_N_m", "%.9g", c->u_max, ", ");
    fprintf(f, "\"accel_ff\": %s, \"torque_limited_samples\": %zu},\n", c->accel_ff ? "true" : "false", r->u_sat);
    fprintf(f, "  \"encoder\": {\"counts_per_rev\": %.0f, \"gain\": %u, \"shift\": %u, ", c->counts_per_rev, c->enc_gain, c->enc_shift);
    json_num(f, "velocity_lsb_rad_per_s", "%.17g", c->comp_fx.rep.v_lsb, ", ");
    json_num(f, "count_velocity_rad_per_s", "%.9g", TWO_PI / c->counts_per_rev / c->ts, "},\n");
    fprintf(f, "  \"fixed_point\": {\"width\": %u, ", c->comp_fx.rep.width);
    json_num(f, "v_max_rad_per_s", "%.9g", c->comp_fx.rep.v_max, ", ");
    json_num(f, "f_max_N_m", "%.9g", c->comp_kind != FRIC_SERVO_COMP_NONE && c->arith != FRIC_SERVO_ARITH_DOUBLE ? c->comp_fx.rep.f_max : NAN, ", ");
    fputs("\"flags\": ", f);
    flag_list(f, r->flags);
    fputs("},\n", f);
    if (c->arith == FRIC_SERVO_ARITH_CORE && c->comp_kind != FRIC_SERVO_COMP_NONE)
        fprintf(f, "  \"rtl\": {\"samples_checked\": %zu, \"bit_exact\": true},\n", r->core_checked);
    if (show_params(s)) {
        /* the machine's (true) and the compensator's (estimated) Fc, Fs, sigma2 at a few samples */
        fprintf(f, "  \"parameters\": {\"drift\": \"%s\", \"points\": [",
                c->thermal.on ? "thermal" : c->drift.prof_t ? "profile" : fric_servo_drifting(c) ? "ramp" : "none");
        for (size_t j = 0; j < r->ntrace; j++) {
            fprintf(f, "%s\n    {", j ? "," : "");
            json_num(f, "t_s", "%.9g", r->trace_t[j], ", ");
            if (c->thermal.on) json_num(f, "temperature_C", "%.9g", r->trace_temp[j], ", ");
            fputs("\"true\": {", f);
            for (int i = 0; i < FRIC_SERVO_NPAR; i++)
                json_num(f, PAR_NAME[i], "%.9g", r->trace_par[j][i], i + 1 < FRIC_SERVO_NPAR ? ", " : "}, \"estimate\": {");
            for (int i = 0; i < FRIC_SERVO_NPAR; i++)
                json_num(f, PAR_NAME[i], "%.9g", r->trace_hat[j][i], i + 1 < FRIC_SERVO_NPAR ? ", " : "}}");
        }
        fputs("]},\n", f);
    }
    if (c->thermal.on) {
        const fric_servo_thermal_t *th = &c->thermal;
        fprintf(f, "  \"thermal\": {");
        json_num(f, "c_J_per_K", "%.9g", th->c, ", ");
        json_num(f, "r_K_per_W", "%.9g", th->r, ", ");
        json_num(f, "tau_s", "%.9g", th->r * th->c, ", ");
        json_num(f, "ambient_C", "%.9g", th->ambient, ", ");
        json_num(f, "t0_C", "%.9g", th->t0, ", \"k_per_K\": {");
        for (int i = 0; i < FRIC_SERVO_NPAR; i++) json_num(f, PAR_NAME[i], "%.9g", th->k[i], i + 1 < FRIC_SERVO_NPAR ? ", " : "}, ");
        json_num(f, "temperature_end_C", "%.9g", r->temp_end, ", ");
        json_num(f, "temperature_peak_C", "%.9g", r->temp_peak, ", ");
        json_num(f, "friction_energy_J", "%.9g", r->energy, ", ");
        json_num(f, "mean_friction_power_W", "%.9g", r->n ? r->energy / (r->n * c->ts) : NAN, "},\n");
    }
    if (c->comp_kind == FRIC_SERVO_COMP_LUGRE_ADAPTIVE) {
        const fric_servo_adapt_t *a = &c->adapt;
        fprintf(f, "  \"adaptation\": {");
        json_num(f, "rate_Hz", "%.9g", a->rate, ", ");
        json_num(f, "gain", "%.9g", a->gain, ", ");
        json_num(f, "bounds_lo", "%.9g", a->lo, ", ");
        json_num(f, "bounds_hi", "%.9g", a->hi, ", ");
        json_num(f, "slew_per_s", "%.9g", a->slew, ", ");
        json_num(f, "dead_zone", "%.9g", a->dead_zone, ", ");
        json_num(f, "gate_rad_per_s", "%.9g", a->v_gate, ", ");
        fprintf(f, "\"sigma2\": %s, ", a->sigma2 ? "true" : "false");
        fprintf(f, "\"updates\": %zu, \"retunes\": %zu},\n", r->a_updates, r->a_retunes);
    }
    fprintf(f, "  \"run\": {");
    json_num(f, "ts_s", "%.9g", c->ts, ", ");
    fprintf(f, "\"samples\": %zu, \"substeps\": %d, ", r->n, (int)c->substeps);
    json_num(f, "stick_threshold_rad_per_s", "%.9g", c->stick_threshold, ", ");
    json_num(f, "wall_time_s", "%.6f", x->wall, "}\n}\n");
}

#define PLOT_ERR_TITLE "fricore servo: position error"
#define PLOT_VEL_TITLE "fricore servo: velocity"
#define PLOT_FRIC_TITLE "fricore servo: friction and its estimate"
#define PLOT_T "time t [s]"

static int plot_err(FILE *f, const char *id, const fric_servo_result_t *r)
{
    return fric_svg_write(f, id, PLOT_ERR_TITLE, PLOT_T, "position error theta_ref - theta [rad]", r->pt, r->pe, r->np);
}

static int plot_vel(FILE *f, const char *id, const fric_servo_result_t *r)
{
    /* the measured velocity's quantization steps first, under the others */
    const double *y[] = {r->pvm, r->pv, r->pvr};
    const char *const l[] = {"measured (encoder)", "true", "reference"};
    return fric_svg_write_series(f, id, PLOT_VEL_TITLE, PLOT_T, "velocity [rad/s]", r->pt, y, l, 3, r->np);
}

static int plot_fric(FILE *f, const char *id, const fric_servo_result_t *r)
{
    const double *y[] = {r->pf, r->pfh};
    const char *const l[] = {"true friction (machine)", "compensator's estimate"};
    return fric_svg_write_series(f, id, PLOT_FRIC_TITLE, PLOT_T, "friction torque [N*m]", r->pt, y, l, 2, r->np);
}

static int report(FILE *f, const servo_t *s, const run_t *x)
{
    const fric_servo_cfg_t *c = &s->c;
    const fric_servo_result_t *r = &x->r;
    const fric_servo_metrics_t *m = &x->m;
    char heading[160];
    snprintf(heading, sizeof heading, "a servo axis with %s friction compensation (%s reference)",
             c->comp_kind == FRIC_SERVO_COMP_NONE ? "no" : fric_servo_comp_name(c->comp_kind), fric_servo_ref_name(c->ref));
    char title[96];
    snprintf(title, sizeof title, "%s report: %s", fric_cli_name(s->cmd), fric_servo_comp_name(c->comp_kind));
    fric_report_head(f, title);
    fprintf(f, "<h1>%s: %s</h1>\n", fric_cli_name(s->cmd), heading);
    fric_report_command(f, s->argc, s->argv);
    fputs("<h2>Inputs</h2>\n<p>The axis is rotary: a friction set's N and m read as N&middot;m and rad.</p>\n"
          "<table class=\"kv\">\n", f);
    fric_report_friction_rows(f, "machine friction (the plant's)", &c->machine);
    if (c->comp_kind != FRIC_SERVO_COMP_NONE) {
        char g[96];
        snprintf(g, sizeof g, "compensator (%s, %s)", fric_servo_comp_name(c->comp_kind), fric_servo_arith_name(c->arith));
        fric_report_friction_rows(f, g, &c->comp);
    } else {
        fric_report_group(f, "compensator");
        fric_report_row_text(f, "compensation", "none", "");
    }
    fric_report_group(f, "plant");
    fric_report_row(f, "J (motor side)", c->inertia, "kg&middot;m<sup>2</sup>");
    fric_report_row(f, "b<sub>l</sub> (viscous load)", c->load_damping, "N&middot;m&middot;s/rad");
    if (c->compliance > 0.0) {
        fric_report_row(f, "K (shaft)", c->compliance, "N&middot;m/rad");
        fric_report_row(f, "c (shaft damping)", c->compliance_damping, "N&middot;m&middot;s/rad");
        fric_report_row(f, "J<sub>l</sub> (load)", c->load_inertia, "kg&middot;m<sup>2</sup>");
    }
    fric_report_group(f, "encoder and controller");
    char cpr[32];
    snprintf(cpr, sizeof cpr, "%.0f", c->counts_per_rev);
    fric_report_row_text(f, "counts per revolution", cpr, "");
    fric_report_row(f, "encoder GAIN / 2<sup>SHIFT</sup>", ldexp(c->enc_gain, -(int)c->enc_shift), "codes per count per tick");
    fric_report_row(f, "velocity LSB", c->comp_fx.rep.v_lsb, "rad/s");
    fric_report_row(f, "T<sub>s</sub>", c->ts, "s");
    fric_report_row(f, "K<sub>p</sub>", c->kp, "1/s");
    fric_report_row(f, "K<sub>v</sub>", c->kv, "N&middot;m&middot;s/rad");
    fric_report_row(f, "K<sub>i</sub>", c->ki, "N&middot;m/rad");
    fric_report_row(f, "u<sub>max</sub>", c->u_max, "N&middot;m");
    fric_report_group(f, "reference and run");
    fric_report_row_text(f, "reference", fric_servo_ref_name(c->ref), "");
    fric_report_row(f, "duration", c->duration, "s");
    fric_report_row(f, "plant steps per period", c->substeps, "");
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
    if (c->arith == FRIC_SERVO_ARITH_CORE && c->comp_kind != FRIC_SERVO_COMP_NONE)
        fric_report_row(f, "samples the core matched the C model bit for bit", (double)r->core_checked, "");
    fputs("</table>\n", f);
    if (show_params(s)) {
        fputs("<h2>Friction parameters over time</h2>\n<p>The machine's (true) values and the compensator's, at the "
              "samples nearest each tenth of the run (v &gt; 0 direction).</p>\n<table>\n<tr><th>t [s]</th>", f);
        if (c->thermal.on) fputs("<th>T [&deg;C]</th>", f);
        fputs("<th>F<sub>c</sub></th><th>F&#770;<sub>c</sub></th><th>F<sub>s</sub></th><th>F&#770;<sub>s</sub></th>"
              "<th>&sigma;<sub>2</sub></th><th>&sigma;&#770;<sub>2</sub></th></tr>\n", f);
        for (size_t j = 0; j < r->ntrace; j++) {
            fprintf(f, "<tr><td>%.6g</td>", r->trace_t[j]);
            if (c->thermal.on) fprintf(f, "<td>%.4g</td>", r->trace_temp[j]);
            for (int i = 0; i < FRIC_SERVO_NPAR; i++) {
                fprintf(f, "<td>%.6g</td>", r->trace_par[j][i]);
                if (isnan(r->trace_hat[j][i])) fputs("<td>&ndash;</td>", f);
                else fprintf(f, "<td>%.6g</td>", r->trace_hat[j][i]);
            }
            fputs("</tr>\n", f);
        }
        fputs("</table>\n", f);
    }
    fputs("<h2>Position error</h2>\n<figure>\n", f);
    if (plot_err(f, "error-data", r) != 0) return -1;
    fputs("</figure>\n<h2>Velocity</h2>\n<figure>\n", f);
    if (plot_vel(f, "velocity-data", r) != 0) return -1;
    fputs("</figure>\n<h2>Friction and its estimate</h2>\n<figure>\n", f);
    if (plot_fric(f, "friction-data", r) != 0) return -1;
    char every[64];
    fric_report_every(every, sizeof every, r->stride);
    fprintf(f, "</figure>\n<p>The plots show %s (%zu points); the CSV (<code>--csv</code>) holds them all.</p>\n", every,
            r->np);
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
          "whose parameters are constant unless <code>--drift</code>, <code>--drift-profile</code> or <code>--thermal</code> "
          "(a lumped first-order temperature heated by |F v|) moves F<sub>c</sub>, F<sub>s</sub> and &sigma;<sub>2</sub>. The encoder is ideal apart from its quantization; there is no current loop "
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

static int outputs(servo_t *s, fric_out_t *out, size_t nout, const run_t *x)
{
    const fric_servo_result_t *r = &x->r;
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
        case O_REPORT: rendered = report(d->f, s, x); break;
        default: print_summary(d->f, s, x); break;
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

int fric_servo_main(int argc, char **argv, const char *cmd, const fric_servo_rtl_t *rtl)
{
    servo_t *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "%s: out of memory\n", fric_cli_name(cmd));
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
            run_t x;
            memset(&x, 0, sizeof x);
            s->c.plot_points = s->plot_err || s->plot_vel || s->plot_fric || s->report ? PLOT_POINTS : 0;
            rc = run(s, out[0].f ? &out[0] : NULL, &x);
            if (rc == 0) rc = outputs(s, out, nout, &x);
            fric_servo_result_free(&x.r);
            if (rc == 0) rc = fric_outs_close(out, nout, cmd);
            else fric_outs_discard(out, nout);
            /* warnings: every saturation of a narrowing, and of the torque
             * (after a complete run: a failure's reason is the last line) */
            if (rc == 0) {
                fric_cli_report_flags(cmd, x.r.flags & ~(uint32_t)FRIC_FX_FLAG_ENC_SAT);
                if (x.r.flags & FRIC_FX_FLAG_ENC_SAT)
                    fprintf(stderr, "%s: warning: the encoder's count change or velocity code was limited "
                                    "(ENC_SAT); raise --v-max\n", fric_cli_name(cmd));
                if (x.r.u_sat)
                    fprintf(stderr, "%s: warning: the torque was limited at %zu samples (--u-max %.6g N*m)\n",
                            fric_cli_name(cmd), x.r.u_sat, s->c.u_max);
            }
        }
    }
    free(s->traj_t);
    free(s->traj_x);
    for (int j = 0; j < 1 + FRIC_SERVO_NPAR; j++) free(s->prof[j]);
    free(s);
    return rc;
}
