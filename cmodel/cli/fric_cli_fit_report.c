/* SPDX-License-Identifier: Apache-2.0 */
/* The plot and the HTML report of fricore fit (see fric_cli_fit_report.h). */
#include "fric_cli_fit_report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cli_report.h"
#include "fric_cli_svg.h"

#define CURVE_POINTS 300 /* per direction */

typedef struct {
    double *x, *f, *fm, *r; /* the rows drawn */
    size_t n, stride;
    double *cx, *cy;        /* static: the fitted curve */
    size_t nc;
} drawn_t;

static void drawn_free(drawn_t *d)
{
    free(d->x);
    free(d->f);
    free(d->fm);
    free(d->r);
    free(d->cx);
    free(d->cy);
    memset(d, 0, sizeof *d);
}

/* Every stride-th row the fit used, and for a static fit the curve on a
 * grid dense near v = 0 (log-spaced from half the slowest |v| to the
 * fastest, in each direction with data). 0, or -2 out of memory. */
static int draw(const fric_fit_view_t *v, drawn_t *d)
{
    memset(d, 0, sizeof *d);
    const size_t rows = v->n > v->first ? v->n - v->first : 0;
    d->stride = rows > FRIC_FIT_PLOT_POINTS ? (rows + FRIC_FIT_PLOT_POINTS - 1) / FRIC_FIT_PLOT_POINTS : 1;
    const size_t cap = rows / d->stride + 1;
    d->x = malloc(cap * sizeof *d->x);
    d->f = malloc(cap * sizeof *d->f);
    d->fm = malloc(cap * sizeof *d->fm);
    d->r = malloc(cap * sizeof *d->r);
    if (!d->x || !d->f || !d->fm || !d->r) return -2;
    for (size_t i = v->first; i < v->n; i += d->stride) {
        d->x[d->n] = v->x[i];
        d->f[d->n] = v->f[i];
        d->fm[d->n] = v->fm[i];
        d->r[d->n] = v->f[i] - v->fm[i];
        d->n++;
    }
    if (v->dynamic) return 0;
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {0.0, 0.0}; /* |v| per direction: 0 v > 0, 1 v < 0 */
    for (size_t i = v->first; i < v->n; i++) {
        const int s = v->x[i] < 0.0;
        lo[s] = fmin(lo[s], fabs(v->x[i]));
        hi[s] = fmax(hi[s], fabs(v->x[i]));
    }
    d->cx = malloc(2 * CURVE_POINTS * sizeof *d->cx);
    d->cy = malloc(2 * CURVE_POINTS * sizeof *d->cy);
    if (!d->cx || !d->cy) return -2;
    for (int s = 1; s >= 0; s--) { /* v < 0 first, so x increases */
        if (!(hi[s] > 0.0)) continue;
        const double a = log(0.5 * lo[s]), b = log(hi[s]);
        for (int k = 0; k < CURVE_POINTS; k++) {
            const int j = s ? CURVE_POINTS - 1 - k : k;
            const double u = exp(a + (b - a) * j / (CURVE_POINTS - 1));
            d->cx[d->nc] = s ? -u : u;
            d->cy[d->nc] = fric_stribeck_force(&v->curve, d->cx[d->nc]);
            d->nc++;
        }
    }
    return 0;
}

static int plot(FILE *f, const fric_fit_view_t *v, const drawn_t *d)
{
    const char *xl = v->dynamic ? "time t [s]" : "velocity v [m/s]";
    fric_svg_series_t top[2], res;
    if (v->dynamic) {
        top[0] = (fric_svg_series_t){d->x, d->f, d->n, "data", "measured F", "#1f77b4", false};
        top[1] = (fric_svg_series_t){d->x, d->fm, d->n, "fit", "LuGre model", "#d62728", false};
        res = (fric_svg_series_t){d->x, d->r, d->n, "residual", NULL, "#2ca02c", false};
    } else {
        top[0] = (fric_svg_series_t){d->x, d->f, d->n, "data", "measured F", "#1f77b4", true};
        top[1] = (fric_svg_series_t){d->cx, d->cy, d->nc, "fit", "fitted F_ss(v)", "#d62728", false};
        res = (fric_svg_series_t){d->x, d->r, d->n, "residual", NULL, "#2ca02c", true};
    }
    const fric_svg_panel_t p[2] = {
        {v->dynamic ? "fricore fit dynamic: measured and model force" : "fricore fit static: force against velocity",
         xl, "friction force F [N]", top, 2},
        {"residuals", xl, v->dynamic ? "F - F_model [N]" : "F - F_ss(v) [N]", &res, 1},
    };
    return fric_svg_panels(f, p, 2);
}

int fric_fit_plot(FILE *f, const fric_fit_view_t *v)
{
    drawn_t d;
    int rc = draw(v, &d);
    if (rc == 0) rc = plot(f, v, &d);
    drawn_free(&d);
    return rc;
}

static void num_cell(FILE *f, double x)
{
    if (isfinite(x)) fprintf(f, "<td>%.6g</td>", x);
    else fputs("<td>none</td>", f);
}

static void results(FILE *f, const fric_fit_view_t *v)
{
    const fric_fit_report_t *r = v->rep;
    fputs("<h2>Parameters</h2>\n<table>\n<tr><th>parameter</th><th>value</th><th>standard error</th>"
          "<th>95 % interval</th><th>identifiable</th></tr>\n", f);
    for (size_t j = 0; j < r->np; j++) {
        fprintf(f, "<tr><td>%s%s</td>", r->name[j], strcmp(r->name[j], "f0") == 0 ? " (initial bristle force, N)" : "");
        num_cell(f, r->value[j]);
        num_cell(f, r->se[j]);
        if (isfinite(r->se[j])) fprintf(f, "<td>[%.6g, %.6g]</td>", r->lo[j], r->hi[j]);
        else fputs("<td>none</td>", f);
        if (r->fixed[j]) {
            fputs("<td>fixed (--fix)</td></tr>\n", f);
            continue;
        }
        if (r->at_bound[j]) {
            fprintf(f, "<td class=\"bad\">on its bound [%.6g, %.6g]</td></tr>\n", r->bound_lo[j], r->bound_hi[j]);
            continue;
        }
        const bool bad = !isfinite(r->se[j]) || (r->wide[j] && strcmp(r->name[j], "f0") != 0) ||
                         (v->dynamic && strcmp(r->name[j], "sigma1") == 0 && (r->warn & FRIC_FIT_WARN_SIGMA1));
        fprintf(f, "<td class=\"%s\">%s</td></tr>\n", bad ? "bad" : "ok", bad ? "no" : "yes");
    }
    fprintf(f, "</table>\n<table class=\"kv\">\n<tr><th>rows fitted</th><td>%zu</td></tr>\n"
            "<tr><th>residual RMS [N]</th><td>%.6g</td></tr>\n<tr><th>Jacobian rank</th><td>%d of %zu</td></tr>\n"
            "<tr><th>model evaluations</th><td>%d</td></tr>\n<tr><th>converged</th><td class=\"%s\">%s</td></tr>\n"
            "</table>\n", r->m, r->rms, r->rank, r->np, r->nfev, r->converged ? "ok" : "bad", r->converged ? "yes" : "no");
    if (v->warnings[0]) {
        fputs("<h3>Warnings</h3>\n<ul>\n", f);
        const char *p = v->warnings;
        while (*p) {
            const char *e = strstr(p, "; ");
            const size_t len = e ? (size_t)(e - p) : strlen(p);
            char buf[600];
            snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf - 1 ? len : sizeof buf - 1), p);
            fputs("<li class=\"bad\">", f);
            fric_html_text(f, buf);
            fputs("</li>\n", f);
            p += len;
            if (e) p += 2;
        }
        fputs("</ul>\n", f);
    } else {
        fputs("<p class=\"ok\">No warnings: every parameter is identifiable from this data.</p>\n", f);
    }
}

static void comparison(FILE *f, const fric_fit_view_t *v)
{
    const fric_fit_compare_t *c = v->compare;
    fputs("<h2>Model comparison</h2>\n<table>\n<tr><th>variant</th><th>parameters</th><th>residual RMS [N]</th>"
          "<th>AIC</th><th>BIC</th><th>note</th></tr>\n", f);
    for (int i = 0; i < FRIC_FIT_NVARIANTS; i++) {
        const fric_fit_compare_row_t *r = &c->row[i];
        fprintf(f, "<tr><td>%s</td>", fric_fit_variants[i].name);
        if (r->status != 0) {
            fputs("<td colspan=\"4\">not fitted</td><td class=\"bad\">", f);
            fric_html_text(f, r->rep.why);
            fputs("</td></tr>\n", f);
            continue;
        }
        fprintf(f, "<td>%d</td>", r->k);
        num_cell(f, r->rep.rms);
        num_cell(f, r->aic);
        num_cell(f, r->bic);
        fprintf(f, "<td class=\"%s\">", r->usable ? "ok" : "bad");
        const char *sep = "";
        for (size_t j = 0; j < r->rep.np; j++)
            if (r->rep.at_bound[j]) {
                fprintf(f, "%s%s on its bound %.4g", sep, r->rep.name[j], r->rep.value[j]);
                sep = ", ";
            }
        if (!r->rep.converged) fprintf(f, "%snot converged", sep), sep = ", ";
        if (i == c->best_bic) fprintf(f, "%sbest BIC: the data supports it", sep), sep = ", ";
        if (i == c->best_aic) fprintf(f, "%sbest AIC", sep);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n<p>AIC = m ln(SSR/m) + 2k, BIC = m ln(SSR/m) + k ln m (m rows, k parameters). A variant with a "
          "parameter on its bound or that did not converge is not ranked.</p>\n<p>", f);
    fric_html_text(f, v->verdict ? v->verdict : "");
    fputs("</p>\n", f);
}

static void method(FILE *f, bool dynamic)
{
    fputs("<h2>Model and method</h2>\n<div class=\"eq\">\n"
          "<p>g(v) = F<sub>c</sub> + (F<sub>s</sub> &minus; F<sub>c</sub>) exp[&minus;|v/v<sub>s</sub>|<sup>&delta;</sup>]</p>\n", f);
    if (dynamic)
        fputs("<p>z&#775; = v &minus; &sigma;<sub>0</sub> |v| z / g(v);&emsp; F = &sigma;<sub>0</sub> z + "
              "&sigma;<sub>1</sub> z&#775; + &sigma;<sub>2</sub> v</p>\n</div>\n"
              "<p>The LuGre model runs along the measured velocity with the exact step (each row's velocity held from "
              "the previous row's time to its own), from the fitted initial bristle force f0; its force at each row is "
              "compared with the measured one. The steady state (F<sub>c</sub>, F<sub>s</sub>, v<sub>s</sub>, &delta;, "
              "&sigma;<sub>2</sub>) is held at the static parameters given.</p>\n", f);
    else
        fputs("<p>F<sub>ss</sub>(v) = g(v) sgn(v) + &sigma;<sub>2</sub> v</p>\n</div>\n"
              "<p>Rows at v = 0 carry no steady-state information and are left out.</p>\n", f);
    fputs("<p>Levenberg&ndash;Marquardt least squares (MINPACK). Each standard error comes from the covariance "
          "s<sup>2</sup> (J<sup>T</sup>J)<sup>&minus;1</sup> at the solution, s<sup>2</sup> = SSR / (m &minus; p); "
          "the 95 % interval is the value &plusmn; t(0.975, m &minus; p) standard errors. These linearised intervals "
          "hold for independent force noise of constant variance and a model that fits: residuals with a trend or "
          "structure in the lower plot say that the model or the data does not.</p>\n", f);
}

int fric_fit_report(FILE *f, const fric_fit_view_t *v)
{
    drawn_t d;
    int rc = draw(v, &d);
    if (rc != 0) {
        drawn_free(&d);
        return rc;
    }
    fric_report_head(f, v->dynamic ? "fricore fit dynamic report" : "fricore fit static report");
    fprintf(f, "<h1>fricore fit %s: %s</h1>\n", v->dynamic ? "dynamic" : "static",
            v->dynamic ? "LuGre &sigma;<sub>0</sub>, &sigma;<sub>1</sub> from a record"
                       : "the steady-state curve from constant-velocity runs");
    fric_report_command(f, v->argc, v->argv);
    fputs("<p>Data: <code>", f);
    fric_html_text(f, v->data);
    fputs("</code></p>\n", f);
    results(f, v);
    if (v->compare) comparison(f, v);
    fputs("<h2>Data, fitted model and residuals</h2>\n<figure>\n", f);
    rc = plot(f, v, &d);
    if (rc == 0) {
        char every[64];
        fric_report_every(every, sizeof every, d.stride);
        /* "every 3rd sample" read as rows */
        every[strlen(every) - strlen("sample")] = '\0';
        fprintf(f, "</figure>\n<p>The plots show %srow of the %zu rows fitted (%zu points).</p>\n", every,
                v->n - v->first, d.n);
        method(f, v->dynamic);
        fputs("<h2>Parameter file</h2>\n<p>What <code>--out</code> holds; <code>--params</code> of every fricore "
              "command reads it.</p>\n<pre>", f);
        fric_html_text(f, v->params);
        fputs("</pre>\n<p>Written by fricore; the page is self-contained and loads nothing.</p>\n</body>\n</html>\n", f);
    }
    drawn_free(&d);
    return rc;
}
