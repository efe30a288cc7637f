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
#include "fric_reduce.h"

#define CMD "fit"
#define USAGE_STATIC "--data FILE.csv (header v,F or v,F,F_sd,n) [--asymmetric [--vs-per-direction]] [--fit-delta | --delta X] [--bound NAME=LO:HI,...] [--fix NAME=X,...] [--loss l2|soft_l1|huber] [--compare] [--accept-unconverged] [--out FILE.json] [--report FILE.html] [--plot FILE.svg]"
#define USAGE_DYNAMIC "--data FILE.csv (header t,v,F or t,x,F) --params STATIC.json [--fit-sigma2] [--sg-window N] [--bound NAME=LO:HI,...] [--fix NAME=X,...] [--accept-unconverged] [--out FILE.json] [--report FILE.html] [--plot FILE.svg]; or --model gms --data VIRGIN.csv (header x,F) --params STATIC.json [--gms-n N] [--gms-c C] [--out FILE.json]; or --model elastoplastic --data FILE.csv (t,v,F or t,x,F) --params LUGRE.json [--out FILE.json]"
#define USAGE_REDUCE "--data LOG.csv (header t,v,F or t,x,F) [--sg-window N] [--tol-rel X] [--tol-abs X] [--gap N] [--min-samples N] [--drop-start X] [--drop-end X] [--v-min X] [--mean] [--out FILE.csv]"

/* ---- the CSV ------------------------------------------------------------------ */

#define MAXCOL 4

typedef struct {
    size_t n, cap;
    int ncol;
    double *col[MAXCOL];
    char names[MAXCOL][8];
} table_t;

static void table_free(table_t *t)
{
    for (int c = 0; c < MAXCOL; c++) free(t->col[c]);
    memset(t, 0, sizeof *t);
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

/* The comma-separated fields of a line */
static size_t count_fields(const char *s)
{
    size_t n = 1;
    for (; *s; s++) n += *s == ',';
    return n;
}

/* Read path with one of the headers in headers[] ("v,F"); *which = its index. */
static int read_csv(const char *path, const char *const *headers, size_t nh, table_t *t, size_t *which)
{
    static const struct {
        const char *name, *noun, *unit;
    } cols[] = {{"t", "time", "s"}, {"v", "velocity", "m/s"}, {"x", "position", "m"}, {"F", "force", "N"},
                {"F_sd", "force spread", "N"}, {"n", "sample count", ""}};
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
            /* no header: a first row of numbers whose field count only one header has */
            const bool numeric = isdigit((unsigned char)s[0]) || ((s[0] == '-' || s[0] == '+' || s[0] == '.') &&
                                                                 (isdigit((unsigned char)s[1]) || s[1] == '.'));
            size_t implied = nh, matches = 0;
            if (*which == nh && numeric) {
                for (size_t k = 0; k < nh; k++) {
                    if (count_fields(headers[k]) == count_fields(s)) {
                        implied = k;
                        matches++;
                    }
                }
            }
            const bool headerless = matches == 1;
            if (headerless) *which = implied;
            if (*which == nh) {
                char list[120] = "";
                for (size_t k = 0; k < nh; k++)
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? " or " : "", headers[k]);
                rc = fric_cli_fail(CMD, "--data %s line %lu: the header must be %s%s, got '%.60s'", path, lineno, list,
                                   matches > 1 ? " (needed here: the columns' count does not tell them apart)" : "", s);
                break;
            }
            t->ncol = 0;
            for (const char *h = headers[*which]; *h && t->ncol < MAXCOL; t->ncol++) {
                const size_t l = strcspn(h, ",");
                snprintf(t->names[t->ncol], sizeof t->names[0], "%.*s", (int)l, h);
                h += l + (h[l] == ',');
            }
            header = true;
            if (!headerless) continue;
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

static void put_names(FILE *o, const char *key, const fric_fit_report_t *r, const bool *which)
{
    fprintf(o, ",\n  \"%s\": [", key);
    int k = 0;
    for (size_t j = 0; j < r->np; j++)
        if (which[j]) fprintf(o, "%s\"%s\"", k++ ? ", " : "", r->name[j]);
    fputc(']', o);
}

/* The fit_ keys; extra (may be NULL) is written before fit_warnings. */
static void put_report(FILE *o, const char *kind, const char *data, const fric_fit_report_t *r, const char *warnings,
                       const char *extra)
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
    fprintf(o, ",\n  \"fit_converged\": %s", r->converged ? "true" : "false");
    put_names(o, "fit_at_bound", r, r->at_bound);
    put_names(o, "fit_fixed", r, r->fixed);
    for (size_t j = 0; j < r->np; j++) {
        char k[64];
        /* f0 (the initial bristle force) is no key of the set: its value goes with its statistics */
        if (strcmp(r->name[j], "f0") == 0) put_num(o, "fit_f0", r->value[j]);
        snprintf(k, sizeof k, "fit_%s_stderr", r->name[j]);
        if (isfinite(r->se[j])) put_num(o, k, r->se[j]);
        else fprintf(o, ",\n  \"%s\": \"%s\"", k, r->fixed[j] ? "fixed" : r->at_bound[j] ? "at bound" : "unidentifiable");
        if (!isfinite(r->se[j])) continue;
        snprintf(k, sizeof k, "fit_%s_ci95_low", r->name[j]);
        put_num(o, k, r->lo[j]);
        snprintf(k, sizeof k, "fit_%s_ci95_high", r->name[j]);
        put_num(o, k, r->hi[j]);
    }
    if (extra) fputs(extra, o);
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
        warn(w, n, r->rounds >= FRIC_FIT_IRLS_MAX ? "the reweighting did not settle in %d rounds" :
                   "the solver stopped at its evaluation limit (%d) before converging",
             r->rounds >= FRIC_FIT_IRLS_MAX ? r->rounds : r->nfev);
    for (size_t j = 0; j < r->np; j++)
        if (r->at_bound[j])
            warn(w, n, "%s ended on its bound at %.6g (range [%.6g, %.6g])", r->name[j], r->value[j], r->bound_lo[j],
                 r->bound_hi[j]);
}

/* A fit that did not converge or ended on a bound: exit 1 unless accepted. */
static int unconverged(const fric_fit_report_t *r, bool accept)
{
    if (accept || (r->converged && !(r->warn & FRIC_FIT_WARN_AT_BOUND))) return 0;
    char names[200] = "";
    for (size_t j = 0; j < r->np; j++)
        if (r->at_bound[j])
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "", r->name[j]);
    return fric_cli_run_failed(CMD, "the fit %s%s%s%s; nothing is written (--bound or --fix may help; "
                               "--accept-unconverged writes the result with fit_converged and fit_at_bound)",
                               r->converged ? "" : "did not converge", !r->converged && names[0] ? " and " : "",
                               names[0] ? "ended on a bound: " : "", names);
}

/* --bound NAME=LO:HI[,...] (either side may be empty: open) or --fix NAME=X[,...]
 * into b[*nb..]; names are copied into store. 0 or exit status 2. */
#define MAXBOUNDS 12
typedef struct {
    fric_fit_bound_t b[MAXBOUNDS];
    char names[MAXBOUNDS][16];
    size_t n;
} bounds_t;

static int parse_bounds(const char *opt, const char *spec, bool fix, bounds_t *bs)
{
    if (!spec) return 0;
    const char *p = spec;
    while (*p) {
        const size_t len = strcspn(p, ",");
        char item[80];
        snprintf(item, sizeof item, "%.*s", (int)(len < 79 ? len : 79), p);
        p += len + (p[len] == ',');
        char *eq = strchr(item, '=');
        if (!eq || eq == item || strlen(item) - (size_t)(eq - item) < 2 || (size_t)(eq - item) >= sizeof bs->names[0])
            return fric_cli_fail(CMD, "%s '%s': expected %s (comma-separated), got '%s'", opt, spec,
                                 fix ? "NAME=VALUE" : "NAME=LOW:HIGH, either side may be empty", item);
        if (bs->n == MAXBOUNDS) return fric_cli_fail(CMD, "%s: at most %d bounds and fixed values", opt, MAXBOUNDS);
        *eq = '\0';
        fric_fit_bound_t *b = &bs->b[bs->n];
        memcpy(bs->names[bs->n], item, (size_t)(eq - item) + 1);
        b->name = bs->names[bs->n];
        char *val = eq + 1, *colon = strchr(val, ':');
        if (fix == (colon != NULL))
            return fric_cli_fail(CMD, "%s '%s': expected %s for %s", opt, spec, fix ? "NAME=VALUE" : "NAME=LOW:HIGH", item);
        double lo = -INFINITY, hi = INFINITY;
        if (colon) *colon = '\0';
        const char *sides[2] = {val, colon ? colon + 1 : NULL};
        for (int k = 0; k < (colon ? 2 : 1); k++) {
            const char *t = trim((char *)sides[k]);
            if (*t == '\0' && colon) continue;
            double x;
            const fric_num_t why = fric_parse_number(t, &x);
            if (why != FRIC_NUM_OK) {
                char where[64];
                snprintf(where, sizeof where, "%s %s", opt, bs->names[bs->n]);
                return fric_cli_bad_number(CMD, where, "parameter value", "", t, why);
            }
            if (k == 0) lo = x;
            else hi = x;
        }
        if (fix) hi = lo;
        *b = (fric_fit_bound_t){bs->names[bs->n], lo, hi};
        bs->n++;
    }
    return 0;
}

/* bounds and fixed values together */
static int all_bounds(const char *bound, const char *fix, bounds_t *bs)
{
    memset(bs, 0, sizeof *bs);
    int rc = parse_bounds("--bound", bound, false, bs);
    if (rc == 0) rc = parse_bounds("--fix", fix, true, bs);
    for (size_t i = 0; rc == 0 && i < bs->n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(bs->names[i], bs->names[j]) == 0)
                return fric_cli_fail(CMD, "--bound/--fix: %s is named twice", bs->names[i]);
    return rc;
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

typedef struct {
    const char *data, *bound, *fix, *loss, *weights;
    bool asym, fdelta, accept, compare, vs2;
    double delta, loss_scale;
} sopts_t;

static int run_static(int argc, char **argv, const sopts_t *so, const bounds_t *bs, fric_out_t *outs);

static int fit_static(int argc, char **argv)
{
    sopts_t so = {.delta = 2.0, .loss = "l2", .weights = "sd"};
    const char *out_path = NULL, *report = NULL, *plot = NULL;
    fric_opt_t opts[] = {
        {"data", NULL, FRIC_OPT_STRING, &so.data, "", "the measurements: CSV with the header v,F, or v,F,F_sd,n from fit reduce (required)", NULL, false},
        {"asymmetric", NULL, FRIC_OPT_FLAG, &so.asym, "", "fit fc_neg, fs_neg and sigma2_neg for v < 0 too", NULL, false},
        {"fit-delta", NULL, FRIC_OPT_FLAG, &so.fdelta, "", "fit the Stribeck exponent delta too (within [0.5, 10])", NULL, false},
        {"delta", NULL, FRIC_OPT_DOUBLE, &so.delta, "", "the Stribeck exponent held when not fitted (default 2)", NULL, false},
        {"bound", NULL, FRIC_OPT_STRING, &so.bound, "NAME=LO:HI,...", "narrow a parameter's range (delta=1:3; a side may be empty)", NULL, false},
        {"fix", NULL, FRIC_OPT_STRING, &so.fix, "NAME=X,...", "hold a parameter at a value (fs=1.2)", NULL, false},
        {"loss", NULL, FRIC_OPT_CHOICE, &so.loss, "", "l2 (least squares), or soft_l1 or huber: down-weight outliers by reweighted fits", "l2|soft_l1|huber", false},
        {"loss-scale", NULL, FRIC_OPT_DOUBLE, &so.loss_scale, "N", "the residual scale of --loss (default: 1.4826 MAD of the residuals, each round)", NULL, false},
        {"weights", NULL, FRIC_OPT_CHOICE, &so.weights, "", "with F_sd and n columns: sd weighs a row by 1 / F_sd^2 (default), sem by n / F_sd^2 (independent samples), none by 1", "sd|sem|none", false},
        {"compare", NULL, FRIC_OPT_FLAG, &so.compare, "", "fit every model variant too, and rank them by AIC and BIC (fit_compare)", NULL, false},
        {"accept-unconverged", NULL, FRIC_OPT_FLAG, &so.accept, "", "write a fit that did not converge or ended on a bound, and exit 0", NULL, false},
        {"out", NULL, FRIC_OPT_STRING, &out_path, "", "write the parameter file there ('-' or absent: stdout)", NULL, false},
        {"report", NULL, FRIC_OPT_STRING, &report, "", "write an HTML report: the parameters, the data against F_ss(v), the residuals", NULL, false},
        {"plot", NULL, FRIC_OPT_STRING, &plot, "", "write the data against F_ss(v) and the residuals as SVG", NULL, false},
        {"vs-per-direction", NULL, FRIC_OPT_FLAG, &so.vs2, "", "with --asymmetric: fit a Stribeck velocity vs_neg for v < 0 too", NULL, false},
    };
    const size_t n = sizeof opts / sizeof opts[0];
    int rc = fric_opts_parse(opts, n, argc, argv, 3, "fit static", USAGE_STATIC);
    if (rc != 0) return rc == FRIC_OPTS_HELP ? 0 : rc;
    if (!so.data) return fric_cli_fail(CMD, "--data FILE.csv is required (see fricore fit static --help)");
    if (so.vs2 && !so.asym) return fric_cli_fail(CMD, "--vs-per-direction fits a vs for each direction: it needs --asymmetric");
    if (so.fdelta && opts[3].given) return fric_cli_fail(CMD, "--delta holds delta fixed; it does not go with --fit-delta");
    if (!(so.delta > 0.0)) return fric_cli_fail(CMD, "delta (Stribeck exponent) must be finite and > 0, got %.6g", so.delta);
    if (!(so.loss_scale >= 0.0)) return fric_cli_fail(CMD, "--loss-scale must be > 0 (N), got %.6g", so.loss_scale);
    if (opts[7].given && strcmp(so.loss, "l2") == 0)
        return fric_cli_fail(CMD, "--loss-scale goes with --loss soft_l1 or huber");
    if (so.compare && strcmp(so.loss, "l2") != 0)
        return fric_cli_fail(CMD, "--compare ranks least-squares fits by AIC and BIC; it does not go with --loss %s", so.loss);
    if (so.compare && so.fix)
        return fric_cli_fail(CMD, "--compare fits every variant's parameters; it does not go with --fix (--bound applies)");
    bounds_t bs;
    if ((rc = all_bounds(so.bound, so.fix, &bs)) != 0) return rc;
    fric_out_t outs[NOUTS];
    if ((rc = outs_open(outs, out_path, report, plot)) != 0) return rc;
    rc = run_static(argc, argv, &so, &bs, outs);
    fric_outs_discard(outs, NOUTS);
    return rc;
}

/* The comparison: fit_ keys into *extra (malloc'd), the table and the verdict on stderr. */
static int compare(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o, char **extra,
                   fric_fit_compare_t **keep, char *verdict_out, size_t vlen)
{
    fric_fit_compare_t *c = malloc(sizeof *c);
    if (!c) return fric_cli_run_failed(CMD, "out of memory");
    const int rc = fric_fit_compare(v, f, n, o, c);
    if (rc == FRIC_FIT_ERR_OPTION) {
        const int e = fric_cli_fail(CMD, "%s", c->row[0].rep.why);
        free(c);
        return e;
    }
    if (rc != 0) {
        const int e = fric_cli_run_failed(CMD, "--compare: no variant could be fitted: %s", c->row[0].rep.why);
        free(c);
        return e;
    }
    size_t len = 0;
    FILE *m = open_memstream(extra, &len);
    if (!m) {
        free(c);
        return fric_cli_run_failed(CMD, "out of memory");
    }
    fprintf(stderr, "fricore fit: compare:\n  %-42s %3s %11s %10s %10s  %s\n", "variant", "k", "rms [N]", "AIC", "BIC", "note");
    fputs(",\n  \"fit_compare\": [", m);
    for (int i = 0; i < FRIC_FIT_NVARIANTS; i++) {
        const fric_fit_compare_row_t *r = &c->row[i];
        const char *name = fric_fit_variants[i].name;
        fprintf(m, "%s\n    {\"variant\": \"%s\"", i ? "," : "", name);
        if (r->status != 0) {
            fprintf(m, ", \"error\": \"%s\"}", r->rep.why);
            fprintf(stderr, "  %-42s %3s %11s %10s %10s  %s\n", name, "-", "-", "-", "-", r->rep.why);
            continue;
        }
        fprintf(m, ", \"k\": %d, \"rms\": %.10g", r->k, r->rep.rms);
        /* an exact fit (SSR = 0) has no finite AIC or BIC: JSON has no -inf */
        if (isfinite(r->aic)) fprintf(m, ", \"aic\": %.10g, \"bic\": %.10g", r->aic, r->bic);
        else fputs(", \"aic\": \"-inf (an exact fit)\", \"bic\": \"-inf (an exact fit)\"", m);
        fprintf(m, ", \"converged\": %s, \"usable\": %s", r->rep.converged ? "true" : "false", r->usable ? "true" : "false");
        fprintf(m, ", \"fc\": %.10g, \"fs\": %.10g, \"sigma2\": %.10g, \"vs\": %.10g, \"delta\": %.10g", r->cfg.fc_pos,
                r->cfg.fs_pos, r->cfg.b_pos, r->cfg.vs, r->cfg.delta);
        if (fric_fit_variants[i].asymmetric)
            fprintf(m, ", \"fc_neg\": %.10g, \"fs_neg\": %.10g, \"sigma2_neg\": %.10g", r->cfg.fc_neg, r->cfg.fs_neg,
                    r->cfg.b_neg);
        if (fric_fit_variants[i].vs_per_direction) fprintf(m, ", \"vs_neg\": %.10g", r->vs_neg);
        char note[160] = "";
        for (size_t j = 0; j < r->rep.np; j++)
            if (r->rep.at_bound[j])
                snprintf(note + strlen(note), sizeof note - strlen(note), "%s%s at bound %.4g", note[0] ? ", " : "",
                         r->rep.name[j], r->rep.value[j]);
        if (!r->rep.converged) snprintf(note + strlen(note), sizeof note - strlen(note), "%snot converged", note[0] ? ", " : "");
        if (i == c->best_bic) snprintf(note + strlen(note), sizeof note - strlen(note), "%sbest BIC", note[0] ? ", " : "");
        if (i == c->best_aic) snprintf(note + strlen(note), sizeof note - strlen(note), "%sbest AIC", note[0] ? ", " : "");
        fputs("}", m);
        fprintf(stderr, "  %-42s %3d %11.5g %10.2f %10.2f  %s\n", name, r->k, r->rep.rms, r->aic, r->bic, note);
    }
    fputs("\n  ]", m);
    if (c->best_aic >= 0) fprintf(m, ",\n  \"fit_compare_best_aic\": \"%s\"", fric_fit_variants[c->best_aic].name);
    if (c->best_bic >= 0) fprintf(m, ",\n  \"fit_compare_best_bic\": \"%s\"", fric_fit_variants[c->best_bic].name);
    char verdict[600] = "";
    if (c->hw_best >= 0 && c->hw_free >= 0) {
        const fric_fit_compare_row_t *h = &c->row[c->hw_best], *q = &c->row[c->hw_free];
        char at[120] = "";
        for (size_t j = 0; j < q->rep.np; j++)
            if (q->rep.at_bound[j])
                snprintf(at + strlen(at), sizeof at - strlen(at), "%s%s on its bound %.4g", at[0] ? ", " : ", with ",
                         q->rep.name[j], q->rep.value[j]);
        snprintf(verdict, sizeof verdict,
                 "the hardware holds delta = 1 or 2: its best variant is '%s' (residual RMS %.4g N); a free delta "
                 "(%.4g%s) would lower the RMS by %.3g N (%.2g %%), and its curve differs from the held one by at most "
                 "%.3g N over the data's speeds; BIC %s it (BIC difference %.3g)",
                 fric_fit_variants[c->hw_best].name, h->rep.rms, q->cfg.delta, at, c->free_rms_gain,
                 100.0 * c->free_rms_gain / h->rep.rms, c->free_max_diff,
                 c->free_bic_gain > 0.0 ? "prefers" : "does not prefer", c->free_bic_gain);
    } else if (c->hw_best >= 0) {
        snprintf(verdict, sizeof verdict,
                 "the hardware holds delta = 1 or 2: its best variant is '%s'; the delta-free variant of that family "
                 "did not converge, so what a free delta would buy is not known from this data",
                 fric_fit_variants[c->hw_best].name);
    } else {
        snprintf(verdict, sizeof verdict, "no variant with delta = 1 or 2 converged to an interior point");
    }
    fprintf(m, ",\n  \"fit_compare_free_delta\": \"%s\"", verdict);
    snprintf(verdict_out, vlen, "%s", verdict);
    fprintf(stderr, "fricore fit: compare: the data supports '%s' (least BIC; least AIC: '%s')\nfricore fit: compare: %s\n",
            c->best_bic >= 0 ? fric_fit_variants[c->best_bic].name : "none",
            c->best_aic >= 0 ? fric_fit_variants[c->best_aic].name : "none", verdict);
    *keep = c;
    if (fclose(m) != 0) {
        free(*extra);
        *extra = NULL;
        return fric_cli_run_failed(CMD, "out of memory");
    }
    return 0;
}

static int run_static(int argc, char **argv, const sopts_t *so, const bounds_t *bs, fric_out_t *outs)
{
    const char *const headers[] = {"v,F", "v,F,F_sd,n"};
    const char *data = so->data;
    const bool asym = so->asym;
    size_t which;
    table_t t;
    int rc = read_csv(data, headers, 2, &t, &which);
    if (rc != 0) return rc;
    const double *v = t.col[0], *f = t.col[1];
    double *w = NULL;
    if (which == 1 && strcmp(so->weights, "none") != 0) {
        /* a reduced log's point: its force's variance, F_sd^2 (or F_sd^2 / n for independent samples) */
        w = t.col[2];
        for (size_t i = 0; i < t.n && rc == 0; i++) {
            const double sd = t.col[2][i], cnt = t.col[3][i];
            if (!(sd > 0.0) || !(cnt >= 1.0) || cnt != floor(cnt))
                rc = fric_cli_fail(CMD, "--data %s row %zu: F_sd must be > 0 and n a whole number >= 1 (got %.6g, %.6g); "
                                   "--weights none ignores them", data, i + 1, sd, cnt);
            else w[i] = (strcmp(so->weights, "sem") == 0 ? cnt : 1.0) / (sd * sd);
        }
    }
    const size_t np = (asym ? (so->vs2 ? 8u : 7u) : 4u) + (so->fdelta ? 1u : 0u);
    size_t moving = 0, pos = 0, neg = 0;
    for (size_t i = 0; i < t.n; i++) {
        moving += v[i] != 0.0;
        pos += v[i] > 0.0;
        neg += v[i] < 0.0;
    }
    if (rc != 0) {
    } else if (moving == 0) rc = fric_cli_fail(CMD, "--data %s column v: %s (no motion: the steady-state curve needs v != 0)", data,
                                        t.n ? "every row has v = 0" : "no rows");
    else if (moving <= np)
        rc = fric_cli_fail(CMD, "--data %s column v: %zu rows with v != 0 (rows 1..%zu), fewer than the %zu parameters to fit + 1; "
                           "give at least %zu", data, moving, t.n, np, np + 1);
    else if ((asym || so->compare) && (pos == 0 || neg == 0))
        rc = fric_cli_fail(CMD, "--data %s column v: no row with v %s 0: %s fits each direction from its own rows",
                           data, pos == 0 ? ">" : "<", asym ? "--asymmetric" : "--compare");
    if (rc != 0) {
        table_free(&t);
        return rc;
    }
    fric_fit_static_opts_t o = {.asymmetric = asym, .vs_per_direction = so->vs2, .fit_delta = so->fdelta, .delta = so->delta, .weight = w,
                                .loss = strcmp(so->loss, "huber") == 0     ? FRIC_FIT_LOSS_HUBER
                                        : strcmp(so->loss, "soft_l1") == 0 ? FRIC_FIT_LOSS_SOFT_L1
                                                                           : FRIC_FIT_LOSS_L2,
                                .loss_scale = so->loss_scale, .bounds = bs->b, .nbounds = bs->n,
                                .skip_unknown = so->compare};
    fric_stribeck_cfg_t c;
    fric_fit_report_t r;
    const int frc = fric_fit_static(v, f, t.n, &o, &c, &r);
    if (frc != 0 || !all_finite(&r)) table_free(&t);
    if (frc == FRIC_FIT_ERR_DATA) return fric_cli_fail(CMD, "--data %s: %s", data, r.why);
    if (frc == FRIC_FIT_ERR_OPTION) return fric_cli_fail(CMD, "%s", r.why);
    if (frc != 0 || !all_finite(&r)) return fric_cli_run_failed(CMD, "the fit failed: %s", frc ? r.why : "a result is not finite");
    if (t.n > moving)
        fprintf(stderr, "fricore fit: note: %zu rows at v = 0 carry no steady-state information and are left out\n",
                t.n - moving);
    char w_[2000] = "";
    if (r.warn & FRIC_FIT_WARN_NO_LOW_V)
        warn(w_, sizeof w_, "no data below 3 vs = %.4g m/s (the slowest |v| is %.4g m/s): fs and vs are not identifiable; "
             "add slower runs", 3.0 * c.vs, r.v_low);
    common_warnings(&r, w_, sizeof w_);
    char *extra = NULL, verdict[600] = "";
    fric_fit_compare_t *cmp = NULL;
    if ((rc = unconverged(&r, so->accept)) == 0 && so->compare)
        rc = compare(v, f, t.n, &o, &extra, &cmp, verdict, sizeof verdict);
    if (rc != 0) {
        free(cmp);
        table_free(&t);
        return rc;
    }
    char *doc = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&doc, &len);
    if (!m) {
        free(extra);
        free(cmp);
        table_free(&t);
        return fric_cli_run_failed(CMD, "out of memory");
    }
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
        if (so->vs2) put_num(m, "vs_neg", c.vs_neg);
    }
    char tail[200];
    snprintf(tail, sizeof tail, ",\n  \"fit_loss\": \"%s\",\n  \"fit_weights\": \"%s\"", so->loss,
             w ? so->weights : "none");
    if (r.rounds) snprintf(tail + strlen(tail), sizeof tail - strlen(tail), ",\n  \"fit_rounds\": %d", r.rounds);
    char *ext = NULL;
    size_t elen = 0;
    FILE *e = open_memstream(&ext, &elen);
    bool ext_ok = e != NULL;
    if (e) {
        fputs(tail, e);
        if (extra) fputs(extra, e);
        ext_ok = fclose(e) == 0;
    }
    free(extra);
    put_report(m, "static", data, &r, w_, ext);
    free(ext);
    if (fclose(m) != 0 || !ext_ok) {
        free(doc);
        free(cmp);
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
        const fric_fit_view_t view = {false, argc, argv, data, xs, fs, fm, 0, moving, c, &r, w_, doc, cmp, verdict};
        rc = emit(outs, doc, len, &view);
    }
    free(cmp);
    free(xs);
    free(fs);
    free(fm);
    free(doc);
    table_free(&t);
    return rc;
}

/* ---- fit dynamic ----------------------------------------------------------------- */

typedef struct {
    const char *data, *bound, *fix;
    bool fs2, accept;
    double window;
} dopts_t;

static int run_dynamic(int argc, char **argv, const dopts_t *d, const bounds_t *bs, const fric_lugre_cfg_t *base,
                       fric_out_t *outs);
static int fit_gms(fric_cli_friction_t *fp, fric_opt_t *opts, size_t n, const char *data, const char *out_path);
static int fit_ep(fric_cli_friction_t *fp, fric_opt_t *opts, size_t n, const char *data, const char *out_path);

static int fit_dynamic(int argc, char **argv)
{
    const char *out_path = NULL, *report = NULL, *plot = NULL;
    dopts_t d = {.window = 2.0};
    const char *data = NULL;
    bool fs2 = false;
    fric_cli_friction_t fp;
    fric_cli_friction_defaults(&fp, "stribeck");
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + 10];
    size_t n = fric_cli_friction_opts(&fp, opts, "stribeck|lugre|gms|elastoplastic");
    opts[n++] = (fric_opt_t){"data", NULL, FRIC_OPT_STRING, &data, "",
                             "the record: CSV with the header t,v,F or t,x,F; with --model gms a virgin curve x,F (required)", NULL, false};
    opts[n++] = (fric_opt_t){"fit-sigma2", NULL, FRIC_OPT_FLAG, &fs2, "", "fit sigma2 (one value, both directions) too", NULL, false};
    opts[n++] = (fric_opt_t){"sg-window", NULL, FRIC_OPT_DOUBLE, &d.window, "",
                             "t,x,F: the velocity of each step from a Savitzky-Golay fit to this many positions (default 2: the step's difference)", NULL, false};
    opts[n++] = (fric_opt_t){"bound", NULL, FRIC_OPT_STRING, &d.bound, "NAME=LO:HI,...", "narrow sigma0, sigma1, sigma2 or f0", NULL, false};
    opts[n++] = (fric_opt_t){"fix", NULL, FRIC_OPT_STRING, &d.fix, "NAME=X,...", "hold sigma0, sigma1, sigma2 or f0", NULL, false};
    opts[n++] = (fric_opt_t){"accept-unconverged", NULL, FRIC_OPT_FLAG, &d.accept, "", "write a fit that did not converge or ended on a bound, and exit 0", NULL, false};
    opts[n++] = (fric_opt_t){"out", NULL, FRIC_OPT_STRING, &out_path, "", "write the parameter file there ('-' or absent: stdout)", NULL, false};
    opts[n++] = (fric_opt_t){"report", NULL, FRIC_OPT_STRING, &report, "",
                             "write an HTML report: the parameters, the measured and model force, the residuals", NULL, false};
    opts[n++] = (fric_opt_t){"plot", NULL, FRIC_OPT_STRING, &plot, "", "write the measured and model force and the residuals as SVG", NULL, false};
    int rc = fric_opts_parse(opts, n, argc, argv, 3, "fit dynamic", USAGE_DYNAMIC);
    if (rc != 0) return rc == FRIC_OPTS_HELP ? 0 : rc;
    if (!data) return fric_cli_fail(CMD, "--data FILE.csv is required (see fricore fit dynamic --help)");
    if (!fp.params) return fric_cli_fail(CMD, "--params STATIC.json is required: the static fit (fricore fit static) holds the steady state");
    const bool gms = fp.model && strcmp(fp.model, "gms") == 0, ep = fp.model && strcmp(fp.model, "elastoplastic") == 0;
    if (gms || ep) {
        static const char *const lugre_only[] = {"fit-sigma2", "sg-window", "bound", "fix", "accept-unconverged", "report", "plot"};
        for (size_t i = 0; i < sizeof lugre_only / sizeof lugre_only[0]; i++)
            if (fric_opts_find(opts, n, lugre_only[i])->given)
                return fric_cli_fail(CMD, "--%s applies only to the LuGre fit (--model lugre), not to --model %s", lugre_only[i],
                                     fp.model);
        return gms ? fit_gms(&fp, opts, n, data, out_path) : fit_ep(&fp, opts, n, data, out_path);
    }
    fric_model_t mdl;
    if ((rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &mdl)) != 0) return rc;
    const fric_stribeck_cfg_t *s = &mdl.stribeck;
    fric_lugre_cfg_t base = {.fc_pos = s->fc_pos, .fc_neg = s->fc_neg, .fs_pos = s->fs_pos, .fs_neg = s->fs_neg,
                             .vs = s->vs, .vs_neg = s->vs_neg, .delta = s->delta, .sigma0 = 0.0, .sigma1 = 0.0, .sigma2_pos = s->b_pos,
                             .sigma2_neg = s->b_neg, .vd = mdl.kind == FRIC_MODEL_LUGRE ? mdl.lugre.vd : 0.0};
    if (!(base.fc_pos > 0.0 && base.fc_neg > 0.0 && base.fs_pos > 0.0 && base.fs_neg > 0.0))
        return fric_cli_fail(CMD, "fc and fs must be > 0 in each direction for the LuGre model (g(v) stays positive)");
    if (!(d.window >= 2.0 && d.window <= 1001.0 && d.window == floor(d.window)))
        return fric_cli_fail(CMD, "--sg-window must be a whole number of samples from 2 to 1001, got %.6g", d.window);
    d.data = data;
    d.fs2 = fs2;
    bounds_t bs;
    if ((rc = all_bounds(d.bound, d.fix, &bs)) != 0) return rc;
    fric_out_t outs[NOUTS];
    if ((rc = outs_open(outs, out_path, report, plot)) != 0) return rc;
    rc = run_dynamic(argc, argv, &d, &bs, &base, outs);
    fric_outs_discard(outs, NOUTS);
    return rc;
}

static int run_dynamic(int argc, char **argv, const dopts_t *d, const bounds_t *bs, const fric_lugre_cfg_t *base,
                       fric_out_t *outs)
{
    const char *data = d->data;
    const bool fs2 = d->fs2;
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
    const size_t win = (size_t)d->window;
    if (rc == 0 && pos_in && t.n < win)
        rc = fric_cli_fail(CMD, "--data %s: %zu rows, fewer than the --sg-window of %zu samples", data, t.n, win);
    if (rc == 0 && pos_in) {
        /* x to the velocity each exact step holds: the slope at the step's
         * midpoint of a local fit (with 2 samples, the step's difference) */
        double *vx = malloc(t.n * sizeof *vx);
        char why[200];
        if (!vx) rc = fric_cli_run_failed(CMD, "out of memory");
        else if (fric_sg_velocity(tt, v, t.n, win, true, vx, why, sizeof why) != 0)
            rc = fric_cli_fail(CMD, "--data %s column x: %s", data, why);
        else memcpy(v, vx, t.n * sizeof *v);
        free(vx);
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
    fric_fit_dynamic_opts_t o = {.fit_sigma2 = fs2, .bounds = bs->b, .nbounds = bs->n};
    fric_lugre_cfg_t c;
    fric_fit_report_t r;
    const int frc = fric_fit_dynamic(tt, v, f, t.n, base, &o, &c, &r);
    if (frc != 0 || !all_finite(&r)) table_free(&t);
    if (frc == FRIC_FIT_ERR_DATA) return fric_cli_fail(CMD, "--data %s: %s", data, r.why);
    if (frc == FRIC_FIT_ERR_OPTION) return fric_cli_fail(CMD, "%s", r.why);
    if (frc != 0 || !all_finite(&r)) return fric_cli_run_failed(CMD, "the fit failed: %s", frc ? r.why : "a result is not finite");
    char w[2000] = "";
    const bool s1 = !(r.warn & FRIC_FIT_WARN_SIGMA1);
    if (!s1)
        warn(w, sizeof w, "sigma1 cannot be identified from this data (estimate %.4g +- %.3g N*s/m): the damping force "
             "sigma1 dz/dt stays within the noise; record a faster small-amplitude motion; sigma1 is written as %.4g",
             r.value[1], r.se[1], c.sigma1);
    common_warnings(&r, w, sizeof w);
    if ((rc = unconverged(&r, d->accept)) != 0) {
        table_free(&t);
        return rc;
    }

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
    if (c.vs_neg != c.vs) put_num(m, "vs_neg", c.vs_neg);
    if (c.vd > 0.0) put_num(m, "vmd", c.vd);
    fprintf(m, ",\n  \"fit_sigma1_identifiable\": %s", s1 ? "true" : "false");
    char extra[80];
    snprintf(extra, sizeof extra, ",\n  \"fit_sg_window\": %zu", win);
    put_report(m, "dynamic", data, &r, w, pos_in ? extra : NULL);
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
        const fric_fit_view_t view = {true, argc, argv, data, tt, f, fm, 1, t.n, fric_lugre_steady_curve(&c), &r, w, doc,
                                      NULL, NULL};
        rc = emit(outs, doc, len, &view);
    }
    free(fm);
    free(doc);
    table_free(&t);
    return rc;
}

/* Close the memory stream m of a parameter file (*doc, *len) and write it
 * whole to --out; free it. 0 or an exit status. */
static int close_and_write(FILE *m, char **doc, size_t *len, const char *out_path)
{
    if (fclose(m) != 0) {
        free(*doc);
        return fric_cli_run_failed(CMD, "out of memory");
    }
    fric_out_t out = {.opt = "--out", .path = out_path ? out_path : "-"};
    int rc = fric_outs_open(&out, 1, CMD);
    if (rc == 0) rc = fric_out_write(&out, *doc, *len, CMD);
    if (rc == 0) rc = fric_outs_close(&out, 1, CMD);
    fric_outs_discard(&out, 1);
    free(*doc);
    return rc;
}

/* ---- fit dynamic --model elastoplastic --------------------------------------------- */

/* z_ba (fric_fit_ep_zba()) over the LuGre set of --params, along a record
 * from rest, written as an elasto-plastic parameter file. */
static int fit_ep(fric_cli_friction_t *fp, fric_opt_t *opts, size_t n, const char *data, const char *out_path)
{
    if (fric_opts_find(opts, n, "z-ba")->given)
        return fric_cli_fail(CMD, "--z-ba is what --model elastoplastic fits: leave it out");
    const char *model = fp->model;
    fp->model = "lugre"; /* the LuGre set the record is compared with */
    fric_model_t mdl;
    int rc = fric_cli_friction_build(fp, opts, n, CMD, 0, &mdl);
    fp->model = model;
    if (rc != 0) return rc;
    const char *const headers[] = {"t,v,F", "t,x,F"};
    size_t which;
    table_t t;
    if ((rc = read_csv(data, headers, 2, &t, &which)) != 0) return rc;
    double *v = t.col[1];
    if (which == 1) { /* x to the velocity each step holds: the step's difference */
        double *vx = malloc(t.n * sizeof *vx);
        char why[200];
        if (!vx) rc = fric_cli_run_failed(CMD, "out of memory");
        else if (fric_sg_velocity(t.col[0], v, t.n, 2, true, vx, why, sizeof why) != 0)
            rc = fric_cli_fail(CMD, "--data %s column x: %s", data, why);
        else memcpy(v, vx, t.n * sizeof *v);
        free(vx);
    }
    fric_fit_ep_result_t r;
    const int frc = rc ? 0 : fric_fit_ep_zba(t.col[0], v, t.col[2], t.n, &mdl.lugre, &r);
    table_free(&t);
    if (rc != 0) return rc;
    if (frc == FRIC_FIT_ERR_DATA) return fric_cli_fail(CMD, "--data %s: %s", data, r.why);
    if (frc != 0) return fric_cli_run_failed(CMD, "the fit failed: %s", r.why);
    if (!r.identifiable)
        fprintf(stderr, "%s: warning: z_ba cannot be identified from this record: the force error changes by less "
                "than 1 %% over its whole range (0, %.4g m); record a load that reaches past the breakaway deflection "
                "and back\n", fric_cli_name(CMD), r.z_ba_max);
    else if (r.at_edge)
        fprintf(stderr, "%s: warning: the best z_ba lies at the end of its range (0, %.4g m)\n", fric_cli_name(CMD),
                r.z_ba_max);
    char *doc = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&doc, &len);
    if (!m) return fric_cli_run_failed(CMD, "out of memory");
    const fric_lugre_cfg_t *c = &mdl.lugre;
    fprintf(m, "{\n  \"model\": \"elastoplastic\"");
    const struct {
        const char *key;
        double x;
    } keys[] = {{"fc", c->fc_pos},         {"fs", c->fs_pos},         {"vs", c->vs},
                {"delta", c->delta},       {"sigma0", c->sigma0},     {"sigma1", c->sigma1},
                {"sigma2", c->sigma2_pos}, {"fc_neg", c->fc_neg},     {"fs_neg", c->fs_neg},
                {"sigma2_neg", c->sigma2_neg}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) put_num(m, keys[i].key, keys[i].x);
    if (c->vd > 0.0) put_num(m, "vmd", c->vd);
    fprintf(m, ",\n  \"z_ba\": %.17g", r.z_ba);
    fprintf(m, ",\n  \"fit_kind\": \"elastoplastic-z_ba\",\n  \"fit_points\": %zu,\n  \"fit_rms\": %.6g,\n"
               "  \"fit_rms_lugre\": %.6g,\n  \"fit_z_ba_identifiable\": %s\n}\n",
            r.points, r.rms, r.rms_lugre, r.identifiable ? "true" : "false");
    return close_and_write(m, &doc, &len, out_path);
}

/* ---- fit dynamic --model gms ------------------------------------------------------ */

/* The GMS elements from a virgin curve (fric_fit_gms_virgin()) over the
 * static fit's level, written as a GMS parameter file. */
static int fit_gms(fric_cli_friction_t *fp, fric_opt_t *opts, size_t n, const char *data, const char *out_path)
{
    const double ne = fp->gms_n;
    if (!(ne >= 1.0 && ne <= FRIC_GMS_MAX && ne == floor(ne)))
        return fric_cli_fail(CMD, "--gms-n (number of GMS elements to fit) must be an integer from 1 to 16, got %.6g", ne);
    fric_opt_t *on = fric_opts_find(opts, n, "gms-n"), *oc = fric_opts_find(opts, n, "gms-c");
    const bool c_given = oc->given;
    if (c_given && !(fp->gms_c > 0.0 && isfinite(fp->gms_c)))
        return fric_cli_fail(CMD, "%s, got %.6g", fric_status_message(FRIC_ERR_GMS_C), fp->gms_c);
    /* the static set: the file's levels, vs and sigma2, read as a Stribeck set */
    const int gn = on->given, gc = oc->given;
    on->given = oc->given = 0;
    const char *model = fp->model;
    fp->model = "stribeck";
    fric_model_t mdl;
    int rc = fric_cli_friction_build(fp, opts, n, CMD, 0, &mdl);
    fp->model = model;
    on->given = gn;
    oc->given = gc;
    if (rc != 0) return rc;
    const fric_stribeck_cfg_t *s = &mdl.stribeck;
    if (!(s->fc_pos > 0.0 && s->fc_neg > 0.0 && s->fs_pos > 0.0 && s->fs_neg > 0.0))
        return fric_cli_fail(CMD, "fc and fs must be > 0 in each direction for the GMS model (its level stays positive)");
    const char *const headers[] = {"x,F"};
    size_t which;
    table_t t;
    if ((rc = read_csv(data, headers, 1, &t, &which)) != 0) return rc;
    /* the level of a loading in the direction of the data */
    double xs = 0.0;
    for (size_t i = 0; i < t.n; i++) xs += t.col[0][i];
    const double level = xs < 0.0 ? s->fs_neg : s->fs_pos;
    fric_fit_gms_result_t r;
    const int frc = fric_fit_gms_virgin(t.col[0], t.col[1], t.n, (unsigned)ne, level, &r);
    table_free(&t);
    if (frc == FRIC_FIT_ERR_DATA) return fric_cli_fail(CMD, "--data %s: %s", data, r.why);
    if (frc == FRIC_FIT_ERR_OPTION) return fric_cli_fail(CMD, "%s", r.why);
    if (frc != 0) return fric_cli_run_failed(CMD, "the fit failed: %s", r.why);
    double ksum = 0.0;
    for (unsigned i = 0; i < r.n; i++) ksum += r.k[i];
    /* C: the library's default sigma0 vs, with the elements' total stiffness for sigma0 */
    const double c = c_given ? fp->gms_c : ksum * s->vs;
    if (r.dropped)
        fprintf(stderr, "%s: warning: %u of the %u elements came out with no stiffness and are left out: the curve "
                "has fewer breakpoints on the grid of %u; the file has %u elements\n", fric_cli_name(CMD), r.dropped,
                (unsigned)ne, (unsigned)ne, r.n);
    char *doc = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&doc, &len);
    if (!m) return fric_cli_run_failed(CMD, "out of memory");
    fprintf(m, "{\n  \"model\": \"gms\"");
    put_num(m, "fc", s->fc_pos);
    put_num(m, "fs", s->fs_pos);
    put_num(m, "vs", s->vs);
    put_num(m, "delta", s->delta);
    put_num(m, "sigma2", s->b_pos);
    put_num(m, "fc_neg", s->fc_neg);
    put_num(m, "fs_neg", s->fs_neg);
    put_num(m, "sigma2_neg", s->b_neg);
    const double *lists[] = {r.k, r.alpha};
    static const char *const keys[] = {"gms_k", "gms_alpha"};
    for (int l = 0; l < 2; l++) {
        fprintf(m, ",\n  \"%s\": [", keys[l]);
        for (unsigned i = 0; i < r.n; i++) fprintf(m, "%s%.17g", i ? ", " : "", lists[l][i]);
        fputc(']', m);
    }
    put_num(m, "gms_c", c);
    fprintf(m, ",\n  \"fit_kind\": \"gms-virgin\",\n  \"fit_data\": \"");
    for (const char *p = data; *p; p++) fprintf(m, (*p == '"' || *p == '\\') ? "\\%c" : "%c", *p);
    fprintf(m, "\",\n  \"fit_points\": %zu,\n  \"fit_rms\": %.6g,\n  \"fit_dropped\": %u,\n  \"fit_level\": %.10g\n}\n",
            r.points, r.rms, r.dropped, r.plateau);
    return close_and_write(m, &doc, &len, out_path);
}

/* ---- fit reduce ------------------------------------------------------------------ */

static int fit_reduce(int argc, char **argv)
{
    const char *data = NULL, *out_path = NULL;
    fric_reduce_opts_t o = fric_reduce_defaults();
    double window = (double)o.window, gap = (double)o.gap, minn = (double)o.min_samples;
    bool mean = false;
    fric_opt_t opts[] = {
        {"data", NULL, FRIC_OPT_STRING, &data, "", "the log: CSV with the header t,v,F or t,x,F (required)", NULL, false},
        {"sg-window", NULL, FRIC_OPT_DOUBLE, &window, "", "samples of the Savitzky-Golay differentiator and smoother (default 9)", NULL, false},
        {"tol-rel", NULL, FRIC_OPT_DOUBLE, &o.tol_rel, "", "a segment's velocity tolerance, relative to its mean (default 0.1)", NULL, false},
        {"tol-abs", NULL, FRIC_OPT_DOUBLE, &o.tol_abs, "m/s", "and absolute (default 0)", NULL, false},
        {"gap", NULL, FRIC_OPT_DOUBLE, &gap, "", "consecutive samples outside the tolerance that end a segment (default 3)", NULL, false},
        {"min-samples", NULL, FRIC_OPT_DOUBLE, &minn, "", "samples a segment needs (default 20)", NULL, false},
        {"drop-start", NULL, FRIC_OPT_DOUBLE, &o.drop_start, "", "fraction of each segment dropped at its start as transient (default 0.3)", NULL, false},
        {"drop-end", NULL, FRIC_OPT_DOUBLE, &o.drop_end, "", "fraction dropped at its end (default 0.1)", NULL, false},
        {"v-min", NULL, FRIC_OPT_DOUBLE, &o.v_min, "m/s", "drop segments slower than this (default 0)", NULL, false},
        {"mean", NULL, FRIC_OPT_FLAG, &mean, "", "the force's mean and standard deviation (default: median and 1.4826 MAD)", NULL, false},
        {"out", NULL, FRIC_OPT_STRING, &out_path, "", "write the points (CSV v,F,F_sd,n) there ('-' or absent: stdout)", NULL, false},
    };
    const size_t n = sizeof opts / sizeof opts[0];
    int rc = fric_opts_parse(opts, n, argc, argv, 3, "fit reduce", USAGE_REDUCE);
    if (rc != 0) return rc == FRIC_OPTS_HELP ? 0 : rc;
    if (!data) return fric_cli_fail(CMD, "--data FILE.csv is required (see fricore fit reduce --help)");
    if (!(window >= 2.0 && window <= 1001.0 && window == floor(window)))
        return fric_cli_fail(CMD, "--sg-window must be a whole number of samples from 2 to 1001, got %.6g", window);
    if (!(gap >= 1.0 && gap <= 1e6 && gap == floor(gap)))
        return fric_cli_fail(CMD, "--gap must be a whole number of samples from 1 to 1e6, got %.6g", gap);
    if (!(minn >= 3.0 && minn <= 1e8 && minn == floor(minn)))
        return fric_cli_fail(CMD, "--min-samples must be a whole number from 3 to 1e8, got %.6g", minn);
    o.window = (size_t)window;
    o.gap = (size_t)gap;
    o.min_samples = (size_t)minn;
    o.mean = mean;
    char why[200];
    fric_reduce_point_t none;
    size_t np = 0;
    /* the options alone, before any output is opened */
    const double t0[3] = {0.0, 1.0, 2.0}, z[3] = {0.0, 0.0, 0.0};
    fric_reduce_opts_t oc = o;
    oc.window = 2;
    if (fric_reduce(t0, z, z, 3, false, &oc, &none, 0, &np, why, sizeof why) == FRIC_REDUCE_ERR_OPTION)
        return fric_cli_fail(CMD, "%s", why);
    fric_out_t out = {.opt = "--out", .path = out_path ? out_path : "-"};
    if ((rc = fric_outs_open(&out, 1, CMD)) != 0) return rc;
    const char *const headers[] = {"t,v,F", "t,x,F"};
    size_t which;
    table_t t;
    rc = read_csv(data, headers, 2, &t, &which);
    fric_reduce_point_t *pts = NULL;
    if (rc == 0) {
        const int r1 = fric_reduce(t.col[0], t.col[1], t.col[2], t.n, which == 1, &o, NULL, 0, &np, why, sizeof why);
        if (r1 == FRIC_REDUCE_ERR_NOMEM) rc = fric_cli_run_failed(CMD, "out of memory");
        else if (r1 != 0) rc = fric_cli_fail(CMD, "--data %s: %s", data, why);
        else if (np == 0)
            rc = fric_cli_run_failed(CMD, "--data %s: no constant-velocity segment of %zu samples or more within the tolerance "
                                     "(--tol-rel %.3g, --tol-abs %.3g m/s); loosen them or lower --min-samples",
                                     data, o.min_samples, o.tol_rel, o.tol_abs);
    }
    if (rc == 0 && !(pts = malloc(np * sizeof *pts))) rc = fric_cli_run_failed(CMD, "out of memory");
    if (rc == 0 && fric_reduce(t.col[0], t.col[1], t.col[2], t.n, which == 1, &o, pts, np, &np, why, sizeof why) != 0)
        rc = fric_cli_run_failed(CMD, "--data %s: %s", data, why);
    char *doc = NULL;
    size_t len = 0;
    FILE *m = rc == 0 ? open_memstream(&doc, &len) : NULL;
    if (rc == 0 && !m) rc = fric_cli_run_failed(CMD, "out of memory");
    if (rc == 0) {
        fprintf(m, "v,F,F_sd,n\n");
        size_t used = 0;
        for (size_t i = 0; i < np; i++) {
            fprintf(m, "%.10g,%.10g,%.10g,%zu\n", pts[i].v, pts[i].f, pts[i].f_sd, pts[i].n);
            used += pts[i].n;
        }
        if (fclose(m) != 0) rc = fric_cli_run_failed(CMD, "out of memory");
        else
            fprintf(stderr, "fricore fit: reduce: %zu steady-state points from %zu of %zu rows (%s)\n", np, used, t.n,
                    which == 1 ? "velocity from the positions by the differentiator" : "velocity as logged");
    }
    if (rc == 0) rc = fric_out_write(&out, doc, len, CMD);
    if (rc == 0) rc = fric_outs_close(&out, 1, CMD);
    fric_outs_discard(&out, 1);
    free(doc);
    free(pts);
    if (t.n || t.cap) table_free(&t);
    return rc;
}

int fric_cmd_fit(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[2], "static") == 0) return fit_static(argc, argv);
    if (argc >= 3 && strcmp(argv[2], "dynamic") == 0) return fit_dynamic(argc, argv);
    if (argc >= 3 && strcmp(argv[2], "reduce") == 0) return fit_reduce(argc, argv);
    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
        printf("usage: fricore fit static %s\n       fricore fit dynamic %s\n       fricore fit reduce %s\n\n"
               "fit static: Fc, Fs, vs, sigma2 of the steady-state curve from constant-velocity runs\n"
               "fit dynamic: sigma0, sigma1 of the LuGre model from a presliding, small-amplitude or breakaway record\n"
               "fit reduce: the steady-state points (v,F,F_sd,n) of a long log's constant-velocity segments\n"
               "(fricore fit static --help, ... : the options; docs/fit.md)\n", USAGE_STATIC, USAGE_DYNAMIC, USAGE_REDUCE);
        fric_cli_contract(stdout);
        return 0;
    }
    return fric_cli_fail(CMD, "expected static, dynamic or reduce, got '%s' (usage: fricore fit static|dynamic|reduce --data FILE.csv ...)",
                         argc >= 3 ? argv[2] : "");
}
