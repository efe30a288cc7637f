/* SPDX-License-Identifier: Apache-2.0 */
/* Steady-state points from a measured log, and a smoothing differentiator (see fric_reduce.h). */
#include "fric_reduce.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_MAX 1001

static int bad(char *why, size_t len, int code, const char *msg)
{
    if (why && len) snprintf(why, len, "%s", msg);
    return code;
}

/* The first of the w samples nearest tau (a sample's time, or a step's
 * midpoint), clipped into the record: k the sample (or the step's later
 * sample when midpoint). */
static size_t window_start(size_t n, size_t w, size_t k, bool midpoint)
{
    const size_t back = midpoint ? w / 2 : (w - 1) / 2;
    size_t a = k > back ? k - back : 0;
    if (a + w > n) a = n - w;
    return a;
}

/* The polynomial of degree deg (1 or 2) fitted by least squares to
 * (t[a..a+w-1], y[..]), about tau: its value (*c0) and slope (*c1) at tau.
 * Times are scaled by the window's half span and y taken about its middle
 * sample, so the normal equations stay well conditioned. false: singular. */
static bool local_fit(const double *t, const double *y, size_t a, size_t w, double tau, int deg, double *c0, double *c1)
{
    const double h = 0.5 * (t[a + w - 1] - t[a]);
    const double y0 = y[a + w / 2];
    if (!(h > 0.0)) return false;
    double s[5] = {0}, r[3] = {0};
    for (size_t i = a; i < a + w; i++) {
        const double u = (t[i] - tau) / h, d = y[i] - y0;
        double p = 1.0;
        for (int q = 0; q <= 2 * deg; q++) {
            s[q] += p;
            if (q <= deg) r[q] += p * d;
            p *= u;
        }
    }
    double b0, b1;
    if (deg == 1) {
        const double det = s[0] * s[2] - s[1] * s[1];
        if (!(fabs(det) > 1e-300)) return false;
        b0 = (s[2] * r[0] - s[1] * r[1]) / det;
        b1 = (s[0] * r[1] - s[1] * r[0]) / det;
    } else {
        /* [s0 s1 s2; s1 s2 s3; s2 s3 s4] c = r, by Cramer's rule */
        const double m00 = s[0], m01 = s[1], m02 = s[2], m11 = s[2], m12 = s[3], m22 = s[4];
        const double det = m00 * (m11 * m22 - m12 * m12) - m01 * (m01 * m22 - m12 * m02) + m02 * (m01 * m12 - m11 * m02);
        if (!(fabs(det) > 1e-300)) return false;
        b0 = (r[0] * (m11 * m22 - m12 * m12) - m01 * (r[1] * m22 - m12 * r[2]) + m02 * (r[1] * m12 - m11 * r[2])) / det;
        b1 = (m00 * (r[1] * m22 - m12 * r[2]) - r[0] * (m01 * m22 - m12 * m02) + m02 * (m01 * r[2] - r[1] * m02)) / det;
    }
    *c0 = y0 + b0;
    *c1 = b1 / h;
    return true;
}

static int check_rows(const double *t, const double *y, const double *f, size_t n, size_t w, char *why, size_t len)
{
    if (w < 2 || w > WINDOW_MAX) {
        if (why && len) snprintf(why, len, "--sg-window %zu: must be 2 to %d samples", w, WINDOW_MAX);
        return FRIC_REDUCE_ERR_OPTION;
    }
    if (n < w) {
        if (why && len) snprintf(why, len, "%zu rows, fewer than the --sg-window of %zu samples", n, w);
        return FRIC_REDUCE_ERR_DATA;
    }
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(t[i]) || !isfinite(y[i]) || (f && !isfinite(f[i]))) {
            if (why && len) snprintf(why, len, "row %zu: a value is not finite", i + 1);
            return FRIC_REDUCE_ERR_DATA;
        }
        if (i > 0 && !(t[i] > t[i - 1])) {
            if (why && len) snprintf(why, len, "row %zu: t = %.9g s is not after row %zu's t = %.9g s (time must increase)",
                                     i + 1, t[i], i, t[i - 1]);
            return FRIC_REDUCE_ERR_DATA;
        }
    }
    return 0;
}

int fric_sg_velocity(const double *t, const double *x, size_t n, size_t window, bool midpoint, double *v, char *why,
                     size_t why_len)
{
    int rc = check_rows(t, x, NULL, n, window, why, why_len);
    if (rc != 0) return rc;
    const int deg = window == 2 ? 1 : 2;
    for (size_t k = midpoint ? 1 : 0; k < n; k++) {
        if (window == 2 && midpoint) {
            v[k] = (x[k] - x[k - 1]) / (t[k] - t[k - 1]);
        } else {
            const size_t a = window_start(n, window, k, midpoint);
            const double tau = midpoint ? 0.5 * (t[k - 1] + t[k]) : t[k];
            double c0;
            if (!local_fit(t, x, a, window, tau, deg, &c0, &v[k]))
                return bad(why, why_len, FRIC_REDUCE_ERR_DATA, "a window's times do not span an interval");
        }
        if (!isfinite(v[k])) {
            if (why && why_len) snprintf(why, why_len, "row %zu: the velocity is not finite", k + 1);
            return FRIC_REDUCE_ERR_DATA;
        }
    }
    if (midpoint && n > 1) v[0] = v[1];
    return 0;
}

fric_reduce_opts_t fric_reduce_defaults(void)
{
    return (fric_reduce_opts_t){.window = 9, .tol_rel = 0.1, .tol_abs = 0.0, .gap = 3, .min_samples = 20,
                                .drop_start = 0.3, .drop_end = 0.1, .v_min = 0.0, .mean = false};
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_sorted(const double *a, size_t n)
{
    return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

int fric_reduce(const double *t, const double *y, const double *f, size_t n, bool position, const fric_reduce_opts_t *o,
                fric_reduce_point_t *out, size_t cap, size_t *nout, char *why, size_t why_len)
{
    *nout = 0;
    if (!(o->tol_rel >= 0.0 && o->tol_rel <= 1.0))
        return bad(why, why_len, FRIC_REDUCE_ERR_OPTION, "--tol-rel must be within [0, 1]");
    if (!(o->tol_abs >= 0.0 && isfinite(o->tol_abs)))
        return bad(why, why_len, FRIC_REDUCE_ERR_OPTION, "--tol-abs must be finite and >= 0 (m/s)");
    if (o->gap < 1) return bad(why, why_len, FRIC_REDUCE_ERR_OPTION, "--gap must be >= 1 sample");
    if (o->min_samples < 3) return bad(why, why_len, FRIC_REDUCE_ERR_OPTION, "--min-samples must be >= 3");
    if (!(o->drop_start >= 0.0 && o->drop_end >= 0.0 && o->drop_start + o->drop_end < 1.0))
        return bad(why, why_len, FRIC_REDUCE_ERR_OPTION,
                   "--drop-start and --drop-end must be >= 0 with a sum below 1 (fractions of a segment)");
    if (!(o->v_min >= 0.0 && isfinite(o->v_min)))
        return bad(why, why_len, FRIC_REDUCE_ERR_OPTION, "--v-min must be finite and >= 0 (m/s)");
    int rc = check_rows(t, y, f, n, o->window, why, why_len);
    if (rc != 0) return rc;
    if (n > 100000000) return bad(why, why_len, FRIC_REDUCE_ERR_DATA, "more than 1e8 rows");
    double *vs = malloc(2 * n * sizeof *vs);
    if (!vs) return bad(why, why_len, FRIC_REDUCE_ERR_NOMEM, "out of memory");
    double *buf = vs + n;
    /* the smoothed velocity at each sample */
    if (position) {
        rc = fric_sg_velocity(t, y, n, o->window, false, vs, why, why_len);
    } else {
        const int deg = o->window == 2 ? 1 : 2;
        for (size_t k = 0; k < n && rc == 0; k++) {
            double c1;
            if (!local_fit(t, y, window_start(n, o->window, k, false), o->window, t[k], deg, &vs[k], &c1))
                rc = bad(why, why_len, FRIC_REDUCE_ERR_DATA, "a window's times do not span an interval");
        }
    }
    size_t i = 0;
    while (rc == 0 && i < n) {
        const size_t start = i;
        double mean = vs[i];
        size_t cnt = 1, outside = 0, last_in = i;
        for (size_t j = i + 1; j < n; j++) {
            if (fabs(vs[j] - mean) <= o->tol_rel * fabs(mean) + o->tol_abs) {
                cnt++;
                mean += (vs[j] - mean) / (double)cnt;
                outside = 0;
                last_in = j;
            } else if (++outside >= o->gap) {
                break;
            }
        }
        i = last_in + 1;
        const size_t len = last_in - start + 1;
        if (len < o->min_samples) continue;
        const size_t a = start + (size_t)floor(o->drop_start * (double)len);
        const size_t drop = (size_t)floor(o->drop_end * (double)len);
        if (last_in < a + drop + 2) continue;
        const size_t b = last_in - drop, m = b - a + 1;
        double v = 0.0;
        if (position) {
            v = (y[b] - y[a]) / (t[b] - t[a]);
        } else {
            for (size_t k = a; k <= b; k++) v += y[k];
            v /= (double)m;
        }
        if (!(fabs(v) >= o->v_min) || v == 0.0 || !isfinite(v)) continue;
        double fv, sd;
        if (o->mean) {
            double s = 0.0, q = 0.0;
            for (size_t k = a; k <= b; k++) s += f[k];
            fv = s / (double)m;
            for (size_t k = a; k <= b; k++) q += (f[k] - fv) * (f[k] - fv);
            sd = sqrt(q / (double)(m - 1));
        } else {
            memcpy(buf, f + a, m * sizeof *buf);
            qsort(buf, m, sizeof *buf, cmp_double);
            fv = median_sorted(buf, m);
            for (size_t k = 0; k < m; k++) buf[k] = fabs(buf[k] - fv);
            qsort(buf, m, sizeof *buf, cmp_double);
            sd = 1.4826 * median_sorted(buf, m);
        }
        if (*nout < cap) out[*nout] = (fric_reduce_point_t){v, fv, sd, m, a, b};
        (*nout)++;
    }
    free(vs);
    return rc;
}
