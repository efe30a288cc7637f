/* SPDX-License-Identifier: Apache-2.0 */
/* SVG line plots for the fricore tool (see fric_cli_svg.h). */
#include "fric_cli_svg.h"

#include <math.h>
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

int fric_svg_write(FILE *f, const char *id, const char *title, const char *xlabel, const char *ylabel,
                   const double *x, const double *y, size_t n)
{
    double x0, x1, xs, y0, y1, ys;
    const int nx = axis_range(x, n, &x0, &x1, &xs);
    const int ny = axis_range(y, n, &y0, &y1, &ys);
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
            "data-px0=\"%.2f\" data-px1=\"%.2f\" data-py0=\"%.2f\" data-py1=\"%.2f\">\n"
            "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.2\" points=\"",
            id, x0, x1, y0, y1, px0, px1, py0, py1);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%.3f,%.3f", i ? " " : "", px0 + (x[i] - x0) / (x1 - x0) * (px1 - px0),
                py0 + (y[i] - y0) / (y1 - y0) * (py1 - py0));
    fprintf(f, "\"/>\n</g>\n</svg>\n");
    return 0;
}
