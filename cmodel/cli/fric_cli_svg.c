/* SPDX-License-Identifier: Apache-2.0 */
/* SVG line plots for the fricore tool (see fric_cli_svg.h). */
#include "fric_cli_svg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#define W_PX 720.0
#define H_PX 420.0
#define LEFT 80.0
#define RIGHT 20.0
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

/* the range [lo, hi] widened to whole ticks; a range flat to within 1e-9 of
 * its magnitude gets a margin, so the ticks are distinct numbers. Returns
 * the number of tick intervals, or 0 when the range or its ticks are not
 * finite (data beyond about 1e307). */
static int axis_range(const double *v, size_t n, double *lo, double *hi, double *step)
{
    double a = INFINITY, b = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        a = fmin(a, v[i]);
        b = fmax(b, v[i]);
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

/* the colours of the series, in order */
static const char *const COLOUR[FRIC_SVG_MAX_SERIES] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

int fric_svg_write(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                   const double *x, const double *y, size_t n)
{
    return fric_svg_write_series(f, id, title, xlabel, ylabel, x, &y, NULL, 1, n);
}

int fric_svg_write_series(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                          const double *x, const double *const *y, const char *const *labels, size_t nser, size_t n)
{
    double x0, x1, xs, y0, y1, ys;
    if (nser < 1 || nser > FRIC_SVG_MAX_SERIES) return -1;
    const int nx = axis_range(x, n, &x0, &x1, &xs);
    /* one y axis for every series: the range of them all */
    double lo = 0.0, hi = 0.0;
    for (size_t k = 0; k < nser; k++) {
        double a, b, st;
        if (axis_range(y[k], n, &a, &b, &st) == 0) return -1;
        for (size_t i = 0; i < n; i++) {
            const bool first = k == 0 && i == 0;
            lo = first ? y[k][i] : fmin(lo, y[k][i]);
            hi = first ? y[k][i] : fmax(hi, y[k][i]);
        }
    }
    const double span[2] = {lo, hi};
    const int ny = axis_range(nser == 1 ? y[0] : span, nser == 1 ? n : (n ? 2 : 0), &y0, &y1, &ys);
    if (nx == 0 || ny == 0) return -1;
    const double px0 = LEFT, px1 = W_PX - RIGHT, py0 = H_PX - BOTTOM, py1 = TOP;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
            "font-family=\"sans-serif\" font-size=\"12\">\n", W_PX, H_PX, W_PX, H_PX);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"%.1f\" y=\"24\" font-size=\"15\" "
            "text-anchor=\"middle\">", W_PX / 2);
    xml_text(f, title);
    fprintf(f, "</text>\n<g stroke=\"#ccc\" stroke-width=\"1\">\n");
    /* grid and ticks, as many as axis_range() counted */
    double t = x0;
    for (int k = 0; k <= nx; k++, t += xs) {
        const double px = px0 + (t - x0) / (x1 - x0) * (px1 - px0);
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", px, py0, px, py1);
    }
    t = y0;
    for (int k = 0; k <= ny; k++, t += ys) {
        const double py = py0 + (t - y0) / (y1 - y0) * (py1 - py0);
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", px0, py, px1, py);
    }
    fprintf(f, "</g>\n<g text-anchor=\"middle\">\n");
    t = x0;
    for (int k = 0; k <= nx; k++, t += xs) {
        const double px = px0 + (t - x0) / (x1 - x0) * (px1 - px0);
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\">%.4g</text>\n", px, py0 + 18, fabs(t) < 1e-9 * xs ? 0.0 : t);
    }
    fprintf(f, "</g>\n<g text-anchor=\"end\">\n");
    t = y0;
    for (int k = 0; k <= ny; k++, t += ys) {
        const double py = py0 + (t - y0) / (y1 - y0) * (py1 - py0);
        fprintf(f, "<text x=\"%.2f\" y=\"%.2f\">%.4g</text>\n", px0 - 6, py + 4, fabs(t) < 1e-9 * ys ? 0.0 : t);
    }
    fprintf(f, "</g>\n<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" stroke=\"black\"/>\n",
            px0, py1, px1 - px0, py0 - py1);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (px0 + px1) / 2, H_PX - 14);
    xml_text(f, xlabel);
    fprintf(f, "</text>\n<text transform=\"translate(18,%.1f) rotate(-90)\" text-anchor=\"middle\">", (py0 + py1) / 2);
    xml_text(f, ylabel);
    fprintf(f, "</text>\n<g id=\"%s\" data-x0=\"%.17g\" data-x1=\"%.17g\" data-y0=\"%.17g\" data-y1=\"%.17g\" "
            "data-px0=\"%.2f\" data-px1=\"%.2f\" data-py0=\"%.2f\" data-py1=\"%.2f\">\n",
            id, x0, x1, y0, y1, px0, px1, py0, py1);
    for (size_t k = 0; k < nser; k++) {
        fputs("<polyline fill=\"none\" stroke=\"", f);
        fputs(COLOUR[k], f);
        fputs("\" stroke-width=\"1.2\" ", f);
        if (labels) {
            fputs("data-label=\"", f);
            xml_text(f, labels[k]);
            fputs("\" ", f);
        }
        fputs("points=\"", f);
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s%.3f,%.3f", i ? " " : "", px0 + (x[i] - x0) / (x1 - x0) * (px1 - px0),
                    py0 + (y[k][i] - y0) / (y1 - y0) * (py1 - py0));
        fputs("\"/>\n", f);
    }
    fputs("</g>\n", f);
    /* the legend, top left inside the plot area */
    for (size_t k = 0; labels && k < nser; k++) {
        const double ly = py1 + 16.0 + 16.0 * (double)k;
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"2\"/>"
                "<text x=\"%.2f\" y=\"%.2f\">", px0 + 8.0, ly - 4.0, px0 + 28.0, ly - 4.0, COLOUR[k], px0 + 34.0, ly);
        xml_text(f, labels[k]);
        fputs("</text>\n", f);
    }
    fprintf(f, "</svg>\n");
    return 0;
}
