/* SPDX-License-Identifier: Apache-2.0 */
/* fricore fit: identify friction parameters from measured data (fric_fit.h)
 * and write them as a parameter file (fric_params.h) with the fit report
 * in fit_ keys. fit static: CSV "v,F" from constant-velocity runs; fit
 * dynamic: CSV "t,v,F" or "t,x,F" with the static parameters (--params). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cli.h"
#include "fric_cli_fit_report.h"
#include "fric_cli_friction.h"
#include "fric_cli_out.h"
#include "fric_cmd.h"
#include "fric_fit.h"

#define CMD "fit"
#define USAGE_STATIC "--data FILE.csv (header v,F) [--asymmetric] [--fit-delta | --delta X] [--out FILE.json] [--report FILE.html] [--plot FILE.svg]"
#define USAGE_DYNAMIC "--data FILE.csv (header t,v,F or t,x,F) --params STATIC.json [--fit-sigma2] [--out FILE.json] [--report FILE.html] [--plot FILE.svg]"

/* ---- the CSV ------------------------------------------------------------------ */

typedef struct {
    size_t n, cap;
    int ncol;
    double *col[3];
    char names[3][4];
} table_t;

static void table_free(table_t *t)
{
    for (int c = 0; c < 3; c++) free(t->col[c]);
    memset(t, 0, sizeof *t);
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

/* Read path with one of the headers in headers[] ("v,F"); *which = its index. */
static int read_csv(const char *path, const char *const *headers, size_t nh, table_t *t, size_t *which)
{
    static const struct {
        const char *name, *noun, *unit;
    } cols[] = {{"t", "time", "s"}, {"v", "velocity", "m/s"}, {"x", "position", "m"}, {"F", "force", "N"}};
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "r");
    if (!f) return fric_cli_fail(CMD, "--data %s: cannot open: %s", path, strerror(errno));
    char line[FRIC_LINE_MAX];
    unsigned long lineno = 0;
    int rc = 0;
    bool header = false;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        const size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f)) {
            rc = fric_cli_fail(CMD, "--data %s line %lu: longer than %zu characters", path, lineno, sizeof line - 2);
            break;
        }
        char *s = trim(line);
        if (*s == '\0' || *s == '#') continue;
        if (!header) {
            for (*which = 0; *which < nh && strcmp(s, headers[*which]) != 0; (*which)++) {}
            if (*which == nh) {
                rc = fric_cli_fail(CMD, "--data %s line %lu: the header must be %s%s%s, got '%.60s'", path, lineno,
                                   headers[0], nh > 1 ? " or " : "", nh > 1 ? headers[1] : "", s);
                break;
            }
            t->ncol = 0;
            for (const char *h = headers[*which]; *h; h++)
                if (*h != ',') t->names[t->ncol++][0] = *h;
            header = true;
            continue;
        }
        if (t->n == t->cap) {
            const size_t cap = t->cap ? 2 * t->cap : 1024;
            for (int c = 0; c < t->ncol; c++) {
                double *p = realloc(t->col[c], cap * sizeof *p);
                if (!p) {
                    rc = fric_cli_fail(CMD, "out of memory");
                    break;
                }
                t->col[c] = p;
            }
            if (rc) break;
            t->cap = cap;
        }
        char *save = NULL, *field = s;
        int c = 0;
        for (; c <= t->ncol; c++) {
            char *comma = strchr(field, ',');
            if (comma) *comma = '\0';
            if (c == t->ncol) {
                c++;
                break;
            }
            char where[160];
            snprintf(where, sizeof where, "--data %.60s row %zu (line %lu), column %s", path, t->n + 1, lineno,
                     t->names[c]);
            size_t k = 0;
            while (strcmp(cols[k].name, t->names[c]) != 0) k++;
            double x;
            const fric_num_t why = fric_parse_number(trim(field), &x);
            if (why != FRIC_NUM_OK) {
                rc = fric_cli_bad_number(CMD, where, cols[k].noun, cols[k].unit, trim(field), why);
                break;
            }
            t->col[c][t->n] = x;
            if (!comma) {
                c++;
                break;
            }
            field = comma + 1;
        }
        (void)save;
        if (rc == 0 && c != t->ncol)
            rc = fric_cli_fail(CMD, "--data %s row %zu (line %lu): %d fields, expected %d (%s)", path, t->n + 1, lineno,
                               c > t->ncol ? t->ncol + 1 : c, t->ncol, headers[*which]);
        if (rc == 0) t->n++;
    }
    if (rc == 0 && ferror(f)) rc = fric_cli_fail(CMD, "--data %s: read error", path);
    if (rc == 0 && !header) rc = fric_cli_fail(CMD, "--data %s: empty (expected the header %s)", path, headers[0]);
    fclose(f);
    if (rc != 0) table_free(t);
    return rc;
}

/* ---- the report ---------------------------------------------------------------- */

static void put_num(FILE *o, const char *key, double x) { fprintf(o, ",\n  \"%s\": %.10g", key, x); }

static void put_report(FILE *o, const char *kind, const char *data, const fric_fit_report_t *r, const char *warnings)
{
    fprintf(o, ",\n  \"fit_kind\": \"%s\",\n  \"fit_data\": \"", kind);
    for (const char *p = data; *p; p++) {
        if (*p == '"' || *p == '\\') fputc('\\', o);
        if ((unsigned char)*p >= 0x20) fputc(*p, o);
    }
    fputc('"', o);
    fprintf(o, ",\n  \"fit_points\": %zu", r->m);
    put_num(o, "fit_rms", r->rms);
    fprintf(o, ",\n  \"fit_rank\": %d,\n  \"fit_evaluations\": %d", r->rank, r->nfev);
    for (size_t j = 0; j < r->np; j++) {
        char k[64];
        snprintf(k, sizeof k, "fit_%s_stderr", r->name[j]);
        if (isfinite(r->se[j])) put_num(o, k, r->se[j]);
        else fprintf(o, ",\n  \"%s\": \"unidentifiable\"", k);
        if (!isfinite(r->se[j])) continue;
        snprintf(k, sizeof k, "fit_%s_ci95_low", r->name[j]);
        put_num(o, k, r->lo[j]);
        snprintf(k, sizeof k, "fit_%s_ci95_high", r->name[j]);
        put_num(o, k, r->hi[j]);
    }
    fprintf(o, ",\n  \"fit_warnings\": \"%s\"\n}\n", warnings);
}

/* Warnings to stderr and into w (joined by "; "). */
static void warn(char *w, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void warn(char *w, size_t n, const char *fmt, ...)
{
    char m[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    fprintf(stderr, "fricore fit: warning: %s\n", m);
    const size_t l = strlen(w);
    snprintf(w + l, n - l, "%s%s", l ? "; " : "", m);
}

static void common_warnings(const fric_fit_report_t *r, char *w, size_t n)
{
    for (size_t j = 0; j < r->np; j++)
        if (r->wide[j] && strcmp(r->name[j], "f0") != 0)
            warn(w, n, "%s is not identifiable from this data: its 95 %% interval [%.4g, %.4g] is wider than its value %.4g",
                 r->name[j], r->lo[j], r->hi[j], r->value[j]);
    if (r->warn & FRIC_FIT_WARN_RANK)
        warn(w, n, "the Jacobian has rank %d of %zu: some combination of the parameters is not identifiable", r->rank, r->np);
    if (r->warn & FRIC_FIT_WARN_NOT_CONVERGED)
        warn(w, n, "the solver stopped at its evaluation limit (%d) before converging", r->nfev);
}

/* The outputs of a fit: the parameter file (--out, default stdout), the
 * report and the plot; checked and opened before the data is read. */
enum { OUT_PARAMS, OUT_REPORT, OUT_PLOT, NOUTS };

static int outs_open(fric_out_t *outs, const char *out_path, const char *report, const char *plot)
{
    outs[OUT_PARAMS] = (fric_out_t){.opt = "--out", .path = out_path ? out_path : "-"};
    outs[OUT_REPORT] = (fric_out_t){.opt = "--report", .path = report};
    outs[OUT_PLOT] = (fric_out_t){.opt = "--plot", .path = plot};
    return fric_outs_open(outs, NOUTS, CMD);
}

/* Render one document in memory with fn: 0 (*doc, *len set), or an exit status. */
static int render(const fric_out_t *o, int (*fn)(FILE *, const fric_fit_view_t *), const fric_fit_view_t *v,
                  char **doc, size_t *len)
{
    *doc = NULL;
    *len = 0;
    if (!o->path) return 0;
    FILE *m = open_memstream(doc, len);
    if (!m) return fric_cli_run_failed(CMD, "out of memory");
    const int frc = fn(m, v);
    if (fclose(m) != 0 || frc != 0) {
        free(*doc);
        *doc = NULL;
        return frc == -1 ? fric_cli_run_failed(CMD, "%s: a plot's range is not finite", o->opt)
                         : fric_cli_run_failed(CMD, "out of memory for %s", o->opt);
    }
    return 0;
}

/* Render the report and the plot, then write them and the parameter file
 * doc (len bytes) and close them: nothing is written, not even to stdout,
 * unless every document rendered. 0 or an exit status (every output
 * discarded). */
static int emit(fric_out_t *outs, const char *doc, size_t len, const fric_fit_view_t *v)
{
    char *rep = NULL, *plot = NULL;
    size_t rlen = 0, plen = 0;
    int rc = render(&outs[OUT_REPORT], fric_fit_report, v, &rep, &rlen);
    if (rc == 0) rc = render(&outs[OUT_PLOT], fric_fit_plot, v, &plot, &plen);
    if (rc == 0) rc = fric_out_write(&outs[OUT_PARAMS], doc, len, CMD);
    if (rc == 0 && rep) rc = fric_out_write(&outs[OUT_REPORT], rep, rlen, CMD);
    if (rc == 0 && plot) rc = fric_out_write(&outs[OUT_PLOT], plot, plen, CMD);
    if (rc == 0) rc = fric_outs_close(outs, NOUTS, CMD);
    fric_outs_discard(outs, NOUTS);
    free(rep);
    free(plot);
    return rc;
}

static bool all_finite(const fric_fit_report_t *r)
{
    for (size_t j = 0; j < r->np; j++)
        if (!isfinite(r->value[j])) return false;
    return isfinite(r->rms);
}

/* ---- fit static ------------------------------------------------------------------ */

static int run_static(int argc, char **argv, const char *data, bool asym, bool fdelta, double delta, fric_out_t *outs);

static int fit_static(int argc, char **argv)
{
    const char *data = NULL, *out_path = NULL, *report = NULL, *plot = NULL;
    bool asym = false, fdelta = false;
    double delta = 2.0;
    fric_opt_t opts[] = {
        {"data", NULL, FRIC_OPT_STRING, &data, "", "the measurements: CSV with the header v,F (required)", NULL, false},
        {"asymmetric", NULL, FRIC_OPT_FLAG, &asym, "", "fit fc_neg, fs_neg and sigma2_neg for v < 0 too", NULL, false},
        {"fit-delta", NULL, FRIC_OPT_FLAG, &fdelta, "", "fit the Stribeck exponent delta too", NULL, false},
        {"delta", NULL, FRIC_OPT_DOUBLE, &delta, "", "the Stribeck exponent held when not fitted (default 2)", NULL, false},
        {"out", NULL, FRIC_OPT_STRING, &out_path, "", "write the parameter file there ('-' or absent: stdout)", NULL, false},
        {"report", NULL, FRIC_OPT_STRING, &report, "", "write an HTML report: the parameters, the data against F_ss(v), the residuals", NULL, false},
        {"plot", NULL, FRIC_OPT_STRING, &plot, "", "write the data against F_ss(v) and the residuals as SVG", NULL, false},
    };
    const size_t n = sizeof opts / sizeof opts[0];
    int rc = fric_opts_parse(opts, n, argc, argv, 3, "fit static", USAGE_STATIC);
    if (rc != 0) return rc == FRIC_OPTS_HELP ? 0 : rc;
    if (!data) return fric_cli_fail(CMD, "--data FILE.csv is required (see fricore fit static --help)");
    if (fdelta && opts[3].given) return fric_cli_fail(CMD, "--delta holds delta fixed; it does not go with --fit-delta");
    if (!(delta > 0.0)) return fric_cli_fail(CMD, "delta (Stribeck exponent) must be finite and > 0, got %.6g", delta);
    fric_out_t outs[NOUTS];
    if ((rc = outs_open(outs, out_path, report, plot)) != 0) return rc;
    rc = run_static(argc, argv, data, asym, fdelta, delta, outs);
    fric_outs_discard(outs, NOUTS);
    return rc;
}

static int run_static(int argc, char **argv, const char *data, bool asym, bool fdelta, double delta, fric_out_t *outs)
{
    const char *const headers[] = {"v,F"};
    size_t which;
    table_t t;
    int rc = read_csv(data, headers, 1, &t, &which);
    if (rc != 0) return rc;
    const double *v = t.col[0], *f = t.col[1];
    const size_t np = (asym ? 7u : 4u) + (fdelta ? 1u : 0u);
    size_t moving = 0, pos = 0, neg = 0;
    for (size_t i = 0; i < t.n; i++) {
        moving += v[i] != 0.0;
        pos += v[i] > 0.0;
        neg += v[i] < 0.0;
    }
    if (moving == 0) rc = fric_cli_fail(CMD, "--data %s column v: %s (no motion: the steady-state curve needs v != 0)", data,
                                        t.n ? "every row has v = 0" : "no rows");
    else if (moving <= np)
        rc = fric_cli_fail(CMD, "--data %s column v: %zu rows with v != 0 (rows 1..%zu), fewer than the %zu parameters to fit + 1; "
                           "give at least %zu", data, moving, t.n, np, np + 1);
    else if (asym && (pos == 0 || neg == 0))
        rc = fric_cli_fail(CMD, "--data %s column v: no row with v %s 0: --asymmetric fits each direction from its own rows",
                           data, pos == 0 ? ">" : "<");
    if (rc != 0) {
        table_free(&t);
        return rc;
    }
    fric_fit_static_opts_t o = {.asymmetric = asym, .fit_delta = fdelta, .delta = delta};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    const int frc = fric_fit_static(v, f, t.n, &o, &c, &r);
    if (frc != 0 || !all_finite(&r)) table_free(&t);
    if (frc == FRIC_FIT_ERR_DATA) return fric_cli_fail(CMD, "--data %s: %s", data, r.why);
    if (frc != 0 || !all_finite(&r)) return fric_cli_run_failed(CMD, "the fit failed: %s", frc ? r.why : "a result is not finite");
    if (t.n > moving)
        fprintf(stderr, "fricore fit: note: %zu rows at v = 0 carry no steady-state information and are left out\n",
                t.n - moving);
    char w[2000] = "";
    if (r.warn & FRIC_FIT_WARN_NO_LOW_V)
        warn(w, sizeof w, "no data below 3 vs = %.4g m/s (the slowest |v| is %.4g m/s): fs and vs are not identifiable; "
             "add slower runs", 3.0 * c.vs, r.v_low);
    common_warnings(&r, w, sizeof w);

    char *doc = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&doc, &len);
    if (!m) return fric_cli_run_failed(CMD, "out of memory");
    fprintf(m, "{\n  \"model\": \"stribeck\"");
    put_num(m, "fc", c.fc_pos);
    put_num(m, "fs", c.fs_pos);
    put_num(m, "vs", c.vs);
    put_num(m, "delta", c.delta);
    put_num(m, "sigma2", c.b_pos);
    if (asym) {
        put_num(m, "fc_neg", c.fc_neg);
        put_num(m, "fs_neg", c.fs_neg);
        put_num(m, "sigma2_neg", c.b_neg);
    }
    put_report(m, "static", data, &r, w);
    if (fclose(m) != 0) {
        free(doc);
        table_free(&t);
        return fric_cli_run_failed(CMD, "out of memory");
    }
    /* the rows fitted (v != 0), each with F_ss(v), for the report and the plot */
    double *xs = malloc(moving * sizeof *xs), *fs = malloc(moving * sizeof *fs), *fm = malloc(moving * sizeof *fm);
    if (!xs || !fs || !fm) {
        rc = fric_cli_run_failed(CMD, "out of memory");
    } else {
        size_t k = 0;
        for (size_t i = 0; i < t.n; i++) {
            if (v[i] == 0.0) continue;
            xs[k] = v[i];
            fs[k] = f[i];
            fm[k] = fric_stribeck_force(&c, v[i]);
            k++;
        }
        const fric_fit_view_t view = {false, argc, argv, data, xs, fs, fm, 0, moving, c, &r, w, doc};
        rc = emit(outs, doc, len, &view);
    }
    free(xs);
    free(fs);
    free(fm);
    free(doc);
    table_free(&t);
    return rc;
}

/* ---- fit dynamic ----------------------------------------------------------------- */

static int run_dynamic(int argc, char **argv, const char *data, bool fs2, const fric_lugre_cfg_t *base, fric_out_t *outs);

static int fit_dynamic(int argc, char **argv)
{
    const char *data = NULL, *out_path = NULL, *report = NULL, *plot = NULL;
    bool fs2 = false;
    fric_cli_friction_t fp;
    fric_cli_friction_defaults(&fp, "stribeck");
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + 5];
    size_t n = fric_cli_friction_opts(&fp, opts, "stribeck|lugre");
    opts[n++] = (fric_opt_t){"data", NULL, FRIC_OPT_STRING, &data, "", "the record: CSV with the header t,v,F or t,x,F (required)", NULL, false};
    opts[n++] = (fric_opt_t){"fit-sigma2", NULL, FRIC_OPT_FLAG, &fs2, "", "fit sigma2 (one value, both directions) too", NULL, false};
    opts[n++] = (fric_opt_t){"out", NULL, FRIC_OPT_STRING, &out_path, "", "write the parameter file there ('-' or absent: stdout)", NULL, false};
    opts[n++] = (fric_opt_t){"report", NULL, FRIC_OPT_STRING, &report, "",
                             "write an HTML report: the parameters, the measured and model force, the residuals", NULL, false};
    opts[n++] = (fric_opt_t){"plot", NULL, FRIC_OPT_STRING, &plot, "", "write the measured and model force and the residuals as SVG", NULL, false};
    int rc = fric_opts_parse(opts, n, argc, argv, 3, "fit dynamic", USAGE_DYNAMIC);
    if (rc != 0) return rc == FRIC_OPTS_HELP ? 0 : rc;
    if (!data) return fric_cli_fail(CMD, "--data FILE.csv is required (see fricore fit dynamic --help)");
    if (!fp.params) return fric_cli_fail(CMD, "--params STATIC.json is required: the static fit (fricore fit static) holds the steady state");
    fric_model_t mdl;
    if ((rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &mdl)) != 0) return rc;
    const fric_stribeck_cfg_t *s = &mdl.stribeck;
    fric_lugre_cfg_t base = {s->fc_pos, s->fc_neg, s->fs_pos, s->fs_neg, s->vs, s->delta, 0.0, 0.0, s->b_pos, s->b_neg,
                             mdl.kind == FRIC_MODEL_LUGRE ? mdl.lugre.vd : 0.0};
    if (!(base.fc_pos > 0.0 && base.fc_neg > 0.0 && base.fs_pos > 0.0 && base.fs_neg > 0.0))
        return fric_cli_fail(CMD, "fc and fs must be > 0 in each direction for the LuGre model (g(v) stays positive)");
    fric_out_t outs[NOUTS];
    if ((rc = outs_open(outs, out_path, report, plot)) != 0) return rc;
    rc = run_dynamic(argc, argv, data, fs2, &base, outs);
    fric_outs_discard(outs, NOUTS);
    return rc;
}

static int run_dynamic(int argc, char **argv, const char *data, bool fs2, const fric_lugre_cfg_t *base, fric_out_t *outs)
{
    const char *const headers[] = {"t,v,F", "t,x,F"};
    size_t which;
    table_t t;
    int rc = read_csv(data, headers, 2, &t, &which);
    if (rc != 0) return rc;
    const double *tt = t.col[0], *f = t.col[2];
    double *v = t.col[1];
    const bool pos_in = which == 1;
    for (size_t i = 1; i < t.n && rc == 0; i++)
        if (!(tt[i] > tt[i - 1]))
            rc = fric_cli_fail(CMD, "--data %s row %zu, column t: t = %.9g s is not after row %zu's t = %.9g s (time must increase)",
                               data, i + 1, tt[i], i, tt[i - 1]);
    const size_t np = fs2 ? 4u : 3u;
    if (rc == 0 && t.n < np + 2)
        rc = fric_cli_fail(CMD, "--data %s column F: %zu rows, fewer than the %zu parameters to fit (sigma0, sigma1%s and the "
                           "initial bristle force) + 2; give at least %zu", data, t.n, np, fs2 ? ", sigma2" : "", np + 2);
    if (rc == 0 && pos_in) {
        /* x to the mean velocity of each step (what the exact step holds) */
        double xprev = v[0];
        for (size_t i = 1; i < t.n; i++) {
            const double x = v[i];
            v[i] = (x - xprev) / (tt[i] - tt[i - 1]);
            xprev = x;
            if (!isfinite(v[i]))
                rc = fric_cli_fail(CMD, "--data %s row %zu, column x: the velocity (x - x_prev) / (t - t_prev) is not finite", data, i + 1);
        }
        if (t.n > 1) v[0] = v[1];
    }
    bool moves = false;
    for (size_t i = 1; i < t.n; i++) moves = moves || v[i] != 0.0;
    if (rc == 0 && !moves)
        rc = fric_cli_fail(CMD, "--data %s column %s: %s (no motion)", data, pos_in ? "x" : "v",
                           pos_in ? "x never changes" : "every row after the first has v = 0");
    if (rc != 0) {
        table_free(&t);
        return rc;
    }
    fric_fit_dynamic_opts_t o = {.fit_sigma2 = fs2};
    fric_lugre_cfg_t c;
    fric_fit_report_t r;
    const int frc = fric_fit_dynamic(tt, v, f, t.n, base, &o, &c, &r);
    if (frc != 0 || !all_finite(&r)) table_free(&t);
    if (frc == FRIC_FIT_ERR_DATA) return fric_cli_fail(CMD, "--data %s: %s", data, r.why);
    if (frc != 0 || !all_finite(&r)) return fric_cli_run_failed(CMD, "the fit failed: %s", frc ? r.why : "a result is not finite");
    char w[2000] = "";
    const bool s1 = !(r.warn & FRIC_FIT_WARN_SIGMA1);
    if (!s1)
        warn(w, sizeof w, "sigma1 cannot be identified from this data (estimate %.4g +- %.3g N*s/m): the damping force "
             "sigma1 dz/dt stays within the noise; record a faster small-amplitude motion; sigma1 is written as %.4g",
             r.value[1], r.se[1], c.sigma1);
    common_warnings(&r, w, sizeof w);

    char *doc = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&doc, &len);
    if (!m) return fric_cli_run_failed(CMD, "out of memory");
    fprintf(m, "{\n  \"model\": \"lugre\"");
    put_num(m, "fc", c.fc_pos);
    put_num(m, "fs", c.fs_pos);
    put_num(m, "vs", c.vs);
    put_num(m, "delta", c.delta);
    put_num(m, "sigma0", c.sigma0);
    put_num(m, "sigma1", c.sigma1);
    put_num(m, "sigma2", c.sigma2_pos);
    put_num(m, "fc_neg", c.fc_neg);
    put_num(m, "fs_neg", c.fs_neg);
    put_num(m, "sigma2_neg", c.sigma2_neg);
    if (c.vd > 0.0) put_num(m, "vmd", c.vd);
    fprintf(m, ",\n  \"fit_sigma1_identifiable\": %s", s1 ? "true" : "false");
    put_report(m, "dynamic", data, &r, w);
    if (fclose(m) != 0) {
        free(doc);
        table_free(&t);
        return fric_cli_run_failed(CMD, "out of memory");
    }
    /* the model force along the record, as the fit ran it, for the report and the plot */
    double *fm = malloc(t.n * sizeof *fm);
    if (!fm) {
        rc = fric_cli_run_failed(CMD, "out of memory");
    } else {
        fric_fit_dynamic_force(tt, v, t.n, &c, r.value[r.np - 1], fm);
        const fric_fit_view_t view = {true, argc, argv, data, tt, f, fm, 1, t.n, fric_lugre_steady_curve(&c), &r, w, doc};
        rc = emit(outs, doc, len, &view);
    }
    free(fm);
    free(doc);
    table_free(&t);
    return rc;
}

int fric_cmd_fit(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[2], "static") == 0) return fit_static(argc, argv);
    if (argc >= 3 && strcmp(argv[2], "dynamic") == 0) return fit_dynamic(argc, argv);
    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        printf("usage: fricore fit static %s\n       fricore fit dynamic %s\n\nfit static: Fc, Fs, vs, sigma2 of the steady-state curve "
               "from constant-velocity runs\nfit dynamic: sigma0, sigma1 of the LuGre model from a presliding, "
               "small-amplitude or breakaway record\n(fricore fit static --help, fricore fit dynamic --help: the options; "
               "docs/fit.md)\n", USAGE_STATIC, USAGE_DYNAMIC);
        fric_cli_contract(stdout);
        return 0;
    }
    return fric_cli_fail(CMD, "expected static or dynamic, got '%s' (usage: fricore fit static|dynamic --data FILE.csv ...)",
                         argc >= 3 ? argv[2] : "");
}
