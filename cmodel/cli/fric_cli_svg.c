/* SPDX-License-Identifier: Apache-2.0 */
/* SVG line plots for the fricore tool (see fric_cli_svg.h). */
#include "fric_cli_svg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define W_PX 720.0
#define H_PX 420.0
#define LEFT 80.0
#define RIGHT 32.0
#define TOP 40.0
#define BOTTOM 60.0

/* a "nice" tick step (1, 2 or 5 times a power of ten) for about n ticks */
static double nice_step(double span, int n)
{
    const double raw = span / n;
    const double p = pow(10.0, floor(log10(raw)));
    const double f = raw / p;
    return p * (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0);
}

/* the range [lo, hi] of the x (or y) values of every series, widened to
 * whole ticks; a range flat to within 1e-9 of its magnitude gets a margin,
 * so the ticks are distinct numbers. Returns the number of tick intervals,
 * or 0 when the range or its ticks are not finite (data beyond about 1e307). */
static int axis_range(const fric_svg_series_t *s, size_t ns, bool y, double *lo, double *hi, double *step)
{
    double a = INFINITY, b = -INFINITY;
    size_t n = 0;
    for (size_t k = 0; k < ns; k++) {
        const double *v = y ? s[k].y : s[k].x;
        for (size_t i = 0; i < s[k].n; i++) {
            a = fmin(a, v[i]);
            b = fmax(b, v[i]);
        }
        n += s[k].n;
    }
    if (n == 0) a = b = 0.0;
    const double mag = fmax(fabs(a), fabs(b));
    if (!(b - a > 1e-9 * mag)) {
        const double m = (mag != 0.0) ? mag * 0.1 : 1.0;
        a -= m;
        b += m;
    }
    *step = nice_step(b - a, 6);
    *lo = floor(a / *step) * *step;
    *hi = ceil(b / *step) * *step;
    const double k = nearbyint((*hi - *lo) / *step);
    if (!isfinite(*lo) || !isfinite(*hi) || !isfinite(*hi - *lo) || !(*step > 0.0) || !(k >= 1.0 && k <= 100.0))
        return 0;
    return (int)k;
}

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

typedef struct {
    double x0, x1, xs, y0, y1, ys;
    int nx, ny;
    int ex, ey; /* the SI prefix of each axis' tick labels, a power of ten (a multiple of 3) */
} axes_t;

/* The SI prefix for ticks from lo to hi: the power of ten (a multiple of 3,
 * from -15 to 12) that brings the largest magnitude into [1, 1000). */
static int si_exp(double lo, double hi)
{
    const double m = fmax(fabs(lo), fabs(hi));
    if (!(m > 0.0)) return 0;
    int e = 3 * (int)floor(log10(m) / 3.0 + 1e-9);
    return e < -15 ? -15 : e > 12 ? 12 : e;
}

static const char *si_prefix(int e)
{
    static const char *const p[] = {"f", "p", "n", "\xc2\xb5", "m", "", "k", "M", "G", "T"};
    return p[(e + 15) / 3];
}

/* An axis label with the prefix of power e: its unit in a closing [unit]
 * takes the prefix ("[N]" -> "[mN]", "[m/s]" -> "[mm/s]"); a label without
 * a unit gets the factor ("(x1e-3)"). */
static void axis_label(FILE *f, const char *label, int e)
{
    const size_t n = strlen(label);
    const char *open = strrchr(label, '[');
    if (e == 0) {
        xml_text(f, label);
    } else if (open && n > 0 && label[n - 1] == ']' && open[1] != ']') {
        char head[256];
        snprintf(head, sizeof head, "%.*s", (int)(open - label + 1), label);
        xml_text(f, head);
        fputs(si_prefix(e), f);
        xml_text(f, open + 1);
    } else {
        xml_text(f, label);
        fprintf(f, " (\xc3\x97" "1e%d)", e);
    }
}

/* A tick value t, in units of 10^e, to 4 significant digits; 0 for a value
 * within rounding of 0 on an axis of step `step`. */
static void tick_text(FILE *f, double t, double step, int e)
{
    fprintf(f, "%.4g", fabs(t) < 1e-9 * step ? 0.0 : t / pow(10.0, e));
}

/* one panel, its top at yo px */
static void panel(FILE *f, const fric_svg_panel_t *p, const axes_t *ax, double yo)
{
    const double x0 = ax->x0, x1 = ax->x1, xs = ax->xs, y0 = ax->y0, y1 = ax->y1, ys = ax->ys;
    const double px0 = LEFT, px1 = W_PX - RIGHT, py0 = yo + H_PX - BOTTOM, py1 = yo + TOP;
    fprintf(f, "<text x=\"%.1f\" y=\"%.0f\" font-size=\"15\" text-anchor=\"middle\">", W_PX / 2, yo + 24);
    xml_text(f, p->title);
    fprintf(f, "</text>\n<g stroke=\"#ccc\" stroke-width=\"1\">\n");
    /* grid and ticks, as many as axis_range() counted */
    double t = x0;
    for (int k = 0; k <= ax->nx; k++, t += xs) {
        const double px = px0 + (t - x0) / (x1 - x0) * (px1 - px0);
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", px, py0, px, py1);
    }
    t = y0;
    for (int k = 0; k <= ax->ny; k++, t += ys) {
        const double py = py0 + (t - y0) / (y1 - y0) * (py1 - py0);
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", px0, py, px1, py);
    }
    fprintf(f, "</g>\n<g text-anchor=\"middle\">\n");
    t = x0;
    for (int k = 0; k <= ax->nx; k++, t += xs) {
        const double px = px0 + (t - x0) / (x1 - x0) * (px1 - px0);
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\">", px, py0 + 18);
        tick_text(f, t, xs, ax->ex);
        fputs("</text>\n", f);
    }
    fprintf(f, "</g>\n<g text-anchor=\"end\">\n");
    t = y0;
    for (int k = 0; k <= ax->ny; k++, t += ys) {
        const double py = py0 + (t - y0) / (y1 - y0) * (py1 - py0);
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\">", px0 - 6, py + 4);
        tick_text(f, t, ys, ax->ey);
        fputs("</text>\n", f);
    }
    fprintf(f, "</g>\n<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" stroke=\"black\"/>\n",
            px0, py1, px1 - px0, py0 - py1);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (px0 + px1) / 2, yo + H_PX - 14);
    axis_label(f, p->xlabel, ax->ex);
    fprintf(f, "</text>\n<text transform=\"translate(18,%.1f) rotate(-90)\" text-anchor=\"middle\">", (py0 + py1) / 2);
    axis_label(f, p->ylabel, ax->ey);
    fprintf(f, "</text>\n");
    for (size_t k = 0; k < p->ns; k++) {
        const fric_svg_series_t *s = &p->s[k];
        fprintf(f, "<g id=\"%s\" data-x0=\"%.17g\" data-x1=\"%.17g\" data-y0=\"%.17g\" data-y1=\"%.17g\" "
                "data-px0=\"%.2f\" data-px1=\"%.2f\" data-py0=\"%.2f\" data-py1=\"%.2f\">\n",
                s->id, x0, x1, y0, y1, px0, px1, py0, py1);
        if (s->dots)
            fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"3.5\" stroke-linecap=\"round\" d=\"", s->color);
        else
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" points=\"", s->color);
        for (size_t i = 0; i < s->n; i++)
            fprintf(f, s->dots ? "%sM%.3f,%.3fh0" : "%s%.3f,%.3f", i && !s->dots ? " " : "",
                    px0 + (s->x[i] - x0) / (x1 - x0) * (px1 - px0), py0 + (s->y[i] - y0) / (y1 - y0) * (py1 - py0));
        fprintf(f, "\"/>\n</g>\n");
    }
    /* the legend, top right inside the plot area */
    double ly = py1 + 16;
    for (size_t k = 0; k < p->ns; k++) {
        const fric_svg_series_t *s = &p->s[k];
        if (!s->label) continue;
        if (s->dots)
            fprintf(f, "<path stroke=\"%s\" stroke-width=\"3.5\" stroke-linecap=\"round\" d=\"M%.1f,%.1fh0\"/>\n",
                    s->color, px1 - 170, ly - 4);
        else
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                    px1 - 180, ly - 4, px1 - 160, ly - 4, s->color);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", px1 - 152, ly);
        xml_text(f, s->label);
        fprintf(f, "</text>\n");
        ly += 16;
    }
}

int fric_svg_panels(FILE *f, const fric_svg_panel_t *p, size_t np)
{
    enum { MAX_PANELS = 4 };
    axes_t ax[MAX_PANELS];
    if (np == 0 || np > MAX_PANELS) return -1;
    for (size_t k = 0; k < np; k++) {
        ax[k].nx = axis_range(p[k].s, p[k].ns, false, &ax[k].x0, &ax[k].x1, &ax[k].xs);
        ax[k].ny = axis_range(p[k].s, p[k].ns, true, &ax[k].y0, &ax[k].y1, &ax[k].ys);
        if (ax[k].nx == 0 || ax[k].ny == 0) return -1;
        ax[k].ex = si_exp(ax[k].x0, ax[k].x1);
        ax[k].ey = si_exp(ax[k].y0, ax[k].y1);
    }
    const double h = H_PX * (double)np;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"sans-serif\" font-size=\"12\">\n", W_PX, h, W_PX, h);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    for (size_t k = 0; k < np; k++) panel(f, &p[k], &ax[k], H_PX * (double)k);
    fprintf(f, "</svg>\n");
    return 0;
}

int fric_svg_write(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                   const double *x, const double *y, size_t n)
{
    const fric_svg_series_t s = {x, y, n, id, NULL, "#1f77b4", false};
    const fric_svg_panel_t p = {title, xlabel, ylabel, &s, 1};
    return fric_svg_panels(f, &p, 1);
}

int fric_svg_write_series(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                          const double *x, const double *const *y, const char *const *labels, size_t nser, size_t n)
{
    static const char *const colour[FRIC_SVG_MAX_SERIES] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};
    char ids[FRIC_SVG_MAX_SERIES][64];
    fric_svg_series_t s[FRIC_SVG_MAX_SERIES];
    if (nser < 1 || nser > FRIC_SVG_MAX_SERIES) return -1;
    for (size_t k = 0; k < nser; k++) {
        /* the first series keeps the plot's id, the others get -1, -2, ... */
        if (k == 0)
            snprintf(ids[k], sizeof ids[k], "%s", id);
        else
            snprintf(ids[k], sizeof ids[k], "%s-%zu", id, k);
        s[k] = (fric_svg_series_t){.x = x, .y = y[k], .n = n, .id = ids[k],
                                   .label = labels ? labels[k] : NULL, .color = colour[k]};
    }
    const fric_svg_panel_t p = {.title = title, .xlabel = xlabel, .ylabel = ylabel, .s = s, .ns = nser};
    return fric_svg_panels(f, &p, 1);
}
