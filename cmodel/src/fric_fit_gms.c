/* SPDX-License-Identifier: Apache-2.0 */
/* The GMS elements from a virgin curve (see fric_fit.h, fric_fit_gms_virgin()):
 * a linear least-squares problem in the element stiffnesses with the
 * breakpoints on a grid, k >= 0, and the plateau held at the static level by
 * a weighted row; solved by Lawson and Hanson's NNLS, its subproblems by
 * Householder QR. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_fit.h"

/* The weight of the plateau row sum u_j kappa_j = Fs against the data rows
 * (both in N, with u = |x| / max|x| in [0, 1]): the weighting method of
 * Lawson and Hanson (ch. 22) meets the row to about (data residual) / W^2. */
#define PLATEAU_WEIGHT 1e4

/* Least squares min |A_c z - b| over the columns cols[0..nc) of A (m rows,
 * column-major, leading dimension m), by Householder QR on a copy. Returns
 * false when the columns are rank-deficient. */
static bool ls_cols(const double *a, size_t m, const unsigned *cols, unsigned nc, const double *b, double *z)
{
    double *r = malloc(m * nc * sizeof *r), *y = malloc(m * sizeof *y);
    bool ok = r && y;
    if (ok) {
        for (unsigned j = 0; j < nc; j++) memcpy(r + (size_t)j * m, a + (size_t)cols[j] * m, m * sizeof *r);
        memcpy(y, b, m * sizeof *y);
    }
    for (unsigned k = 0; ok && k < nc; k++) {
        double *ck = r + (size_t)k * m, nrm = 0.0;
        for (size_t i = k; i < m; i++) nrm = hypot(nrm, ck[i]);
        if (!(nrm > 0.0)) {
            ok = false;
            break;
        }
        const double alpha = ck[k] > 0.0 ? -nrm : nrm; /* the reflection of ck[k..] onto alpha e_k */
        ck[k] -= alpha;
        double vv = 0.0;
        for (size_t i = k; i < m; i++) vv += ck[i] * ck[i];
        for (unsigned j = k + 1; j < nc; j++) {
            double *cj = r + (size_t)j * m, s = 0.0;
            for (size_t i = k; i < m; i++) s += ck[i] * cj[i];
            s = 2.0 * s / vv;
            for (size_t i = k; i < m; i++) cj[i] -= s * ck[i];
        }
        double s = 0.0;
        for (size_t i = k; i < m; i++) s += ck[i] * y[i];
        s = 2.0 * s / vv;
        for (size_t i = k; i < m; i++) y[i] -= s * ck[i];
        ck[k] = alpha; /* R's diagonal */
    }
    for (unsigned k = nc; ok && k-- > 0;) { /* back substitution on R z = Q^T b */
        double s = y[k];
        for (unsigned j = k + 1; j < nc; j++) s -= r[(size_t)j * m + k] * z[j];
        const double d = r[(size_t)k * m + k];
        if (!(fabs(d) > 1e-14 * fabs(r[0]))) ok = false;
        else z[k] = s / d;
    }
    free(r);
    free(y);
    return ok;
}

/* Lawson and Hanson's NNLS (Solving Least Squares Problems, 1974, ch. 23):
 * min |A x - b| subject to x >= 0, A m x n column-major. Returns false when
 * it does not finish in 3n outer iterations or a subproblem fails. */
static bool nnls(const double *a, size_t m, unsigned n, const double *b, double *x)
{
    bool in_p[FRIC_GMS_MAX] = {false};
    unsigned cols[FRIC_GMS_MAX];
    double z[FRIC_GMS_MAX];
    double *rr = malloc(m * sizeof *rr);
    if (!rr) return false;
    for (unsigned j = 0; j < n; j++) x[j] = 0.0;
    double anorm = 0.0;
    for (size_t i = 0; i < m * n; i++) anorm = fmax(anorm, fabs(a[i]));
    bool ok = false;
    for (unsigned it = 0; it < 3 * n + 3; it++) {
        /* the gradient w = A^T (b - A x) */
        for (size_t i = 0; i < m; i++) {
            double s = b[i];
            for (unsigned j = 0; j < n; j++) s -= a[(size_t)j * m + i] * x[j];
            rr[i] = s;
        }
        double bnorm = 0.0;
        for (size_t i = 0; i < m; i++) bnorm = fmax(bnorm, fabs(b[i]));
        unsigned t = n;
        /* a gradient within rounding of 0 is 0 */
        double wmax = 1e-13 * (double)n * anorm * (bnorm > 0.0 ? bnorm : 1.0);
        for (unsigned j = 0; j < n; j++) {
            double s = 0.0;
            for (size_t i = 0; i < m; i++) s += a[(size_t)j * m + i] * rr[i];
            if (!in_p[j] && s > wmax) {
                wmax = s;
                t = j;
            }
        }
        if (t == n) { /* Kuhn-Tucker conditions met */
            ok = true;
            break;
        }
        in_p[t] = true;
        for (;;) { /* the inner loop: keep the passive set feasible */
            unsigned nc = 0;
            for (unsigned j = 0; j < n; j++)
                if (in_p[j]) cols[nc++] = j;
            double zc[FRIC_GMS_MAX];
            if (!ls_cols(a, m, cols, nc, b, zc)) {
                free(rr);
                return false;
            }
            for (unsigned j = 0; j < n; j++) z[j] = 0.0;
            bool feasible = true;
            for (unsigned c = 0; c < nc; c++) {
                z[cols[c]] = zc[c];
                feasible = feasible && zc[c] > 0.0;
            }
            if (feasible) {
                memcpy(x, z, n * sizeof *x);
                break;
            }
            double step = 1.0;
            for (unsigned j = 0; j < n; j++)
                if (in_p[j] && z[j] <= 0.0) step = fmin(step, x[j] / (x[j] - z[j]));
            for (unsigned j = 0; j < n; j++) {
                x[j] += step * (z[j] - x[j]);
                if (in_p[j] && x[j] <= 0.0) {
                    in_p[j] = false;
                    x[j] = 0.0;
                }
            }
        }
    }
    free(rr);
    return ok;
}

static int fail(fric_fit_gms_result_t *r, int code, const char *msg)
{
    snprintf(r->why, sizeof r->why, "%s", msg);
    return code;
}

int fric_fit_gms_virgin(const double *x, const double *f, size_t m, unsigned n, double fs, fric_fit_gms_result_t *r)
{
    memset(r, 0, sizeof *r);
    if (!x || !f) return fail(r, FRIC_FIT_ERR_DATA, "no data");
    if (n < 1 || n > FRIC_GMS_MAX) return fail(r, FRIC_FIT_ERR_OPTION, "gms-n (number of GMS elements) must be 1 to 16");
    if (!(fs > 0.0) || !isfinite(fs)) return fail(r, FRIC_FIT_ERR_OPTION, "fs (static level, N) must be finite and > 0");
    if (m < (size_t)n + 2) {
        snprintf(r->why, sizeof r->why, "%zu rows, fewer than the %u element stiffnesses to fit + 2; give at least %u",
                 m, n, n + 2);
        return FRIC_FIT_ERR_DATA;
    }
    /* the loading's direction: x and F of one sign, read as magnitudes */
    double xmax = 0.0;
    int sgn = 0;
    for (size_t i = 0; i < m; i++) {
        if (!isfinite(x[i]) || !isfinite(f[i])) {
            snprintf(r->why, sizeof r->why, "row %zu: x and F must be finite", i + 1);
            return FRIC_FIT_ERR_DATA;
        }
        const int s = x[i] > 0.0 ? 1 : x[i] < 0.0 ? -1 : 0;
        if (s != 0 && sgn != 0 && s != sgn) {
            snprintf(r->why, sizeof r->why, "row %zu: x changes sign: a virgin curve is one loading from rest, x of one "
                     "sign", i + 1);
            return FRIC_FIT_ERR_DATA;
        }
        if (s) sgn = s;
        xmax = fmax(xmax, fabs(x[i]));
    }
    if (!(xmax > 0.0)) return fail(r, FRIC_FIT_ERR_DATA, "x is 0 on every row (no motion)");
    /* the breakpoints x_j = j xmax / n; F(x) = sum_j k_j min(|x|, x_j) =
     * sum_j kappa_j min(u, u_j) with u = |x| / xmax, kappa_j = k_j xmax (N) */
    const size_t rows = m + 1;
    double *a = malloc(rows * n * sizeof *a), *b = malloc(rows * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return fail(r, FRIC_FIT_ERR_NOMEM, "out of memory");
    }
    double xb[FRIC_GMS_MAX];
    for (unsigned j = 0; j < n; j++) xb[j] = xmax * (double)(j + 1) / (double)n;
    for (unsigned j = 0; j < n; j++) {
        const double uj = (double)(j + 1) / (double)n;
        for (size_t i = 0; i < m; i++) a[(size_t)j * rows + i] = fmin(fabs(x[i]) / xmax, uj);
        a[(size_t)j * rows + m] = PLATEAU_WEIGHT * uj; /* sum_j kappa_j u_j = Fs */
    }
    for (size_t i = 0; i < m; i++) b[i] = sgn * f[i];
    b[m] = PLATEAU_WEIGHT * fs;
    double k[FRIC_GMS_MAX];
    const bool ok = nnls(a, rows, n, b, k);
    free(a);
    free(b);
    if (!ok) return fail(r, FRIC_FIT_ERR_SOLVER, "the non-negative least-squares solver did not finish");
    for (unsigned j = 0; j < n; j++) k[j] /= xmax; /* kappa_j to k_j */
    /* the elements with a stiffness: alpha_j = k_j x_j / Fs, their sum 1 */
    double sum = 0.0;
    for (unsigned j = 0; j < n; j++) sum += k[j] * xb[j];
    if (!(sum > 0.0)) return fail(r, FRIC_FIT_ERR_SOLVER, "every element stiffness came out 0");
    for (unsigned j = 0; j < n; j++) {
        if (!(k[j] > 0.0)) {
            r->dropped++;
            continue;
        }
        r->k[r->n] = k[j];
        r->x_break[r->n] = xb[j];
        r->alpha[r->n] = k[j] * xb[j] / sum;
        r->n++;
    }
    r->plateau = sum;
    double ss = 0.0;
    for (size_t i = 0; i < m; i++) {
        double fm = 0.0;
        for (unsigned j = 0; j < r->n; j++) fm += fmin(r->k[j] * fabs(x[i]), r->alpha[j] * sum);
        const double e = sgn * f[i] - fm;
        ss += e * e;
    }
    r->rms = sqrt(ss / (double)m);
    r->points = m;
    return 0;
}
