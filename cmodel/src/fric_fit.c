/* SPDX-License-Identifier: Apache-2.0 */
/* Friction identification by Levenberg-Marquardt (see fric_fit.h). */
#include "fric_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cminpack-1/cminpack.h>

/* Student's t(0.975, dof): the Cornish-Fisher expansion about z = 1.95996,
 * within 1e-3 of the exact quantile for dof >= 3; exact values below. */
double fric_fit_t975(double dof)
{
    if (dof < 1.5) return 12.706204736;
    if (dof < 2.5) return 4.302652730;
    const double z = 1.959963984540054, z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4.0 * dof) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * dof * dof) +
           (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * dof * dof * dof);
}

static int fail(fric_fit_report_t *rep, int code, const char *msg)
{
    snprintf(rep->why, sizeof rep->why, "%s", msg);
    return code;
}

/* Solve the k x k system a x = b (a row-major, destroyed) by Gaussian
 * elimination with partial pivoting; false when singular. */
static bool solve(double *a, double *b, int k)
{
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(a[r * k + c]) > fabs(a[p * k + c])) p = r;
        if (!(fabs(a[p * k + c]) > 1e-300)) return false;
        if (p != c) {
            for (int j = 0; j < k; j++) {
                const double tmp = a[c * k + j];
                a[c * k + j] = a[p * k + j];
                a[p * k + j] = tmp;
            }
            const double tmp = b[c];
            b[c] = b[p];
            b[p] = tmp;
        }
        for (int r = c + 1; r < k; r++) {
            const double q = a[r * k + c] / a[c * k + c];
            for (int j = c; j < k; j++) a[r * k + j] -= q * a[c * k + j];
            b[r] -= q * b[c];
        }
    }
    for (int c = k - 1; c >= 0; c--) {
        double s = b[c];
        for (int j = c + 1; j < k; j++) s -= a[c * k + j] * b[j];
        b[c] = s / a[c * k + c];
    }
    for (int c = 0; c < k; c++)
        if (!isfinite(b[c])) return false;
    return true;
}

/* ---- bounds: the transformed problem ------------------------------------------ */

/* The problem in the full parameters x (np of them): a residual function
 * (fder with an analytic Jacobian, or fdif) of the caller's context, each
 * parameter's range, scale and whether it is fixed. The solver sees only
 * the free parameters, as unbounded u (see fric_fit.h). */
typedef struct {
    int m, np, nfree;
    int map[FRIC_FIT_MAX_PARAMS]; /* free index -> full index */
    double lo[FRIC_FIT_MAX_PARAMS], hi[FRIC_FIT_MAX_PARAMS], scale[FRIC_FIT_MAX_PARAMS];
    bool fixed[FRIC_FIT_MAX_PARAMS];
    double x[FRIC_FIT_MAX_PARAMS]; /* the full vector: fixed values, and the current point */
    void *ctx;
    cminpack_funcder_mn fder;
    cminpack_func_mn fdif;
    const double *sw;              /* per residual: sqrt of its weight, or NULL */
    double *jx;                    /* m x np: the full Jacobian (fder) */
} bprob_t;

static double to_x(const bprob_t *b, int k, double u)
{
    const double lo = b->lo[k], hi = b->hi[k], s = b->scale[k];
    if (isfinite(lo) && isfinite(hi)) return lo + (hi - lo) * 0.5 * (sin(u) + 1.0);
    if (isfinite(lo)) return lo + s * (sqrt(u * u + 1.0) - 1.0);
    if (isfinite(hi)) return hi - s * (sqrt(u * u + 1.0) - 1.0);
    return u;
}

static double dx_du(const bprob_t *b, int k, double u)
{
    const double lo = b->lo[k], hi = b->hi[k], s = b->scale[k];
    if (isfinite(lo) && isfinite(hi)) return (hi - lo) * 0.5 * cos(u);
    if (isfinite(lo)) return s * u / sqrt(u * u + 1.0);
    if (isfinite(hi)) return -s * u / sqrt(u * u + 1.0);
    return 1.0;
}

/* u of a start x, moved 1 % of the range (or of the scale) inside first:
 * on a bound the transform's slope is 0 and the solver could not leave it. */
static double to_u(const bprob_t *b, int k, double x)
{
    const double lo = b->lo[k], hi = b->hi[k], s = b->scale[k];
    if (isfinite(lo) && isfinite(hi)) {
        const double in = 0.01 * (hi - lo);
        x = fmin(fmax(x, lo + in), hi - in);
        return asin(fmin(1.0, fmax(-1.0, 2.0 * (x - lo) / (hi - lo) - 1.0)));
    }
    if (isfinite(lo)) {
        const double q = fmax(x - lo, 0.01 * s) / s + 1.0;
        return sqrt(q * q - 1.0);
    }
    if (isfinite(hi)) {
        const double q = fmax(hi - x, 0.01 * s) / s + 1.0;
        return sqrt(q * q - 1.0);
    }
    return x;
}

static void b_full(bprob_t *b, const double *u)
{
    for (int j = 0; j < b->nfree; j++) b->x[b->map[j]] = to_x(b, b->map[j], u[j]);
}

static int b_fder(void *p, int m, int nf, const double *u, double *fvec, double *fjac, int ldfjac, int iflag)
{
    bprob_t *b = p;
    b_full(b, u);
    if (iflag != 2) {
        const int rc = b->fder(b->ctx, m, b->np, b->x, fvec, NULL, m, 1);
        if (b->sw)
            for (int i = 0; i < m; i++) fvec[i] *= b->sw[i];
        return rc;
    }
    const int rc = b->fder(b->ctx, m, b->np, b->x, NULL, b->jx, m, 2);
    for (int j = 0; j < nf; j++) {
        const int k = b->map[j];
        const double d = dx_du(b, k, u[j]);
        for (int i = 0; i < m; i++)
            fjac[i + (size_t)j * ldfjac] = b->jx[i + (size_t)k * m] * d * (b->sw ? b->sw[i] : 1.0);
    }
    return rc;
}

static int b_fdif(void *p, int m, int nf, const double *u, double *fvec, int iflag)
{
    bprob_t *b = p;
    (void)nf;
    b_full(b, u);
    const int rc = b->fdif(b->ctx, m, b->np, b->x, fvec, iflag);
    if (b->sw)
        for (int i = 0; i < m; i++) fvec[i] *= b->sw[i];
    return rc;
}

/* The weighted residuals at the full point x into fvec: 0, or the function's refusal. */
static int b_resid(bprob_t *b, const double *x, double *fvec)
{
    int rc;
    if (b->fder) rc = b->fder(b->ctx, b->m, b->np, x, fvec, NULL, b->m, 1);
    else rc = b->fdif(b->ctx, b->m, b->np, x, fvec, 1);
    if (b->sw)
        for (int i = 0; i < b->m; i++) fvec[i] *= b->sw[i];
    return rc;
}

/* Solve from the full start x0 (fixed entries hold their values); the
 * solution, the bounds, the flags and the statistics go to rep. */
static int bfit(fric_fit_report_t *rep, bprob_t *b, const double *x0)
{
    const int m = b->m, np = b->np;
    b->nfree = 0;
    for (int k = 0; k < np; k++) {
        b->x[k] = x0[k];
        if (!b->fixed[k]) b->map[b->nfree++] = k;
    }
    if (b->nfree == 0) return fail(rep, FRIC_FIT_ERR_OPTION, "every parameter is fixed: nothing to fit");
    const int nf = b->nfree;
    double *work = malloc(((size_t)m * (3 * np + 3) + 8 * (size_t)np + 8) * sizeof *work);
    int *ipvt = malloc((size_t)np * sizeof *ipvt);
    if (!work || !ipvt) {
        free(work);
        free(ipvt);
        return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
    }
    double *fvec = work, *fjac = fvec + m, *a = fjac + (size_t)m * np, *jx = a + (size_t)m * np, *f1 = jx,
           *diag = jx + (size_t)m * np + m, *qtf = diag + np, *wa1 = qtf + np, *wa2 = wa1 + np, *wa3 = wa2 + np, *wa4 = wa3 + np,
           *u = wa4 + m; /* wa4: m (lmder's trial residuals) */
    /* jx (m x np) is only needed with fder; f1 (m) only with fdif: one buffer of m (np + 1) */
    b->jx = jx;
    for (int j = 0; j < nf; j++) u[j] = to_u(b, b->map[j], x0[b->map[j]]);
    int nfev = 0, njev = 0;
    const int maxfev = 400 * (nf + 1);
    if (b->fder)
        rep->info = lmder(b_fder, b, m, nf, u, fvec, fjac, m, 1e-12, 1e-12, 0.0, maxfev, diag, 1, 100.0, 0, &nfev,
                          &njev, ipvt, qtf, wa1, wa2, wa3, wa4);
    else
        rep->info = lmdif(b_fdif, b, m, nf, u, fvec, 1e-12, 1e-12, 0.0, maxfev, 0.0, diag, 1, 100.0, 0, &nfev, fjac,
                          m, ipvt, qtf, wa1, wa2, wa3, wa4);
    rep->nfev += nfev;
    int rc = 0;
    if (rep->info <= 0) {
        rc = fail(rep, FRIC_FIT_ERR_SOLVER, "MINPACK refused the problem (improper input)");
        goto out;
    }
    b_full(b, u);
    rep->converged = rep->info != 5;
    /* which parameters ended on a bound */
    int act[FRIC_FIT_MAX_PARAMS], na = 0;
    for (int k = 0; k < np; k++) {
        rep->value[k] = b->x[k];
        rep->fixed[k] = b->fixed[k];
        rep->bound_lo[k] = b->lo[k];
        rep->bound_hi[k] = b->hi[k];
        rep->at_bound[k] = false;
        if (b->fixed[k]) continue;
        const double tol = isfinite(b->lo[k]) && isfinite(b->hi[k]) ? 1e-4 * (b->hi[k] - b->lo[k]) : 1e-4 * b->scale[k];
        if ((isfinite(b->lo[k]) && b->x[k] - b->lo[k] <= tol) || (isfinite(b->hi[k]) && b->hi[k] - b->x[k] <= tol)) {
            rep->at_bound[k] = true;
            rep->warn |= FRIC_FIT_WARN_AT_BOUND;
        } else {
            act[na++] = k;
        }
    }
    rep->nactive = na;
    /* the statistics in x over the active parameters: the Jacobian at the
     * solution, its QR with pivoting, and covar1 (as lmder leaves them) */
    if (b_resid(b, b->x, fvec) != 0) {
        rc = fail(rep, FRIC_FIT_ERR_SOLVER, "the residual is not finite at the solution");
        goto out;
    }
    double ssr = 0.0;
    for (int i = 0; i < m; i++) ssr += fvec[i] * fvec[i];
    rep->ssr = ssr;
    rep->m = (size_t)m;
    if (b->fder) {
        (void)b->fder(b->ctx, m, np, b->x, NULL, jx, m, 2);
        for (int j = 0; j < na; j++)
            for (int i = 0; i < m; i++)
                a[i + (size_t)j * m] = jx[i + (size_t)act[j] * m] * (b->sw ? b->sw[i] : 1.0);
    } else {
        double xs[FRIC_FIT_MAX_PARAMS];
        memcpy(xs, b->x, sizeof xs);
        for (int j = 0; j < na; j++) {
            const int k = act[j];
            const double h = 1.4901161193847656e-08 * fmax(fabs(xs[k]), b->scale[k]);
            xs[k] = b->x[k] + h;
            if (b_resid(b, xs, f1) != 0) {
                rc = fail(rep, FRIC_FIT_ERR_SOLVER, "the residual is not finite near the solution");
                goto out;
            }
            for (int i = 0; i < m; i++) a[i + (size_t)j * m] = (f1[i] - fvec[i]) / h;
            xs[k] = b->x[k];
        }
    }
    for (int k = 0; k < np; k++) {
        rep->se[k] = INFINITY;
        rep->lo[k] = rep->hi[k] = rep->value[k];
        rep->wide[k] = false;
    }
    if (na > 0) {
        qrfac(m, na, a, m, 1, ipvt, na, wa1, wa2, wa3);
        for (int j = 0; j < na; j++) a[j + (size_t)j * m] = wa1[j];
        const int r = covar1(m, na, ssr, a, m, ipvt, 1e-12, wa4);
        rep->rank = r == 0 ? na : r;
    } else {
        rep->rank = 0;
    }
    rep->tq = fric_fit_t975((double)(m - rep->rank > 0 ? m - rep->rank : 1));
    if (rep->rank < na) rep->warn |= FRIC_FIT_WARN_RANK;
    if (!rep->converged) rep->warn |= FRIC_FIT_WARN_NOT_CONVERGED;
    for (int j = 0; j < na; j++) {
        const int k = act[j];
        const double var = a[j + (size_t)j * m];
        rep->se[k] = var > 0.0 && isfinite(var) ? sqrt(var) : INFINITY;
        rep->lo[k] = rep->value[k] - rep->tq * rep->se[k];
        rep->hi[k] = rep->value[k] + rep->tq * rep->se[k];
        rep->wide[k] = !(rep->hi[k] - rep->lo[k] <= fabs(rep->value[k]));
        if (rep->wide[k]) rep->warn |= FRIC_FIT_WARN_WIDE;
    }
    if (!isfinite(ssr)) rc = fail(rep, FRIC_FIT_ERR_SOLVER, "the residual is not finite at the solution");
out:
    free(work);
    free(ipvt);
    return rc;
}

/* Apply nb caller bounds to the problem whose parameters are named name[]:
 * each must name one of them and lie within its physical range. skip: a
 * name the problem does not have is passed over (the comparison). */
static int apply_bounds(fric_fit_report_t *rep, bprob_t *b, const char *const *name, const fric_fit_bound_t *bd,
                        size_t nb, bool skip)
{
    for (size_t i = 0; i < nb; i++) {
        int k = 0;
        while (k < b->np && !(bd[i].name && strcmp(bd[i].name, name[k]) == 0)) k++;
        char list[160] = "";
        for (int j = 0; j < b->np; j++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", j ? ", " : "", name[j]);
        if (k == b->np) {
            if (skip) continue;
            snprintf(rep->why, sizeof rep->why, "--bound/--fix %.30s: not a parameter of this fit (%.120s)",
                     bd[i].name ? bd[i].name : "(null)", list);
            return FRIC_FIT_ERR_OPTION;
        }
        const double plo = b->lo[k], phi = b->hi[k];
        const double lo = bd[i].lo == -INFINITY ? plo : bd[i].lo, hi = bd[i].hi == INFINITY ? phi : bd[i].hi;
        const bool vs = strncmp(name[k], "vs", 2) == 0;
        if (!(lo <= hi) || !(lo >= plo) || !(hi <= phi) || (lo == hi && (!isfinite(lo) || (vs && !(lo > 0.0))))) {
            snprintf(rep->why, sizeof rep->why,
                     "--bound/--fix %s=%.6g:%.6g: must be low <= high within %s's physical range [%.6g, %.6g]%s",
                     name[k], bd[i].lo, bd[i].hi, name[k], plo, phi, vs ? " (and > 0)" : "");
            return FRIC_FIT_ERR_OPTION;
        }
        b->lo[k] = lo;
        b->hi[k] = hi;
        b->fixed[k] = lo == hi;
        if (b->fixed[k]) b->x[k] = lo;
    }
    return 0;
}

/* ---- static ------------------------------------------------------------- */

typedef struct {
    const double *v, *f;
    int m;
    bool asym, vs2, fdelta;
    double delta;
} sctx_t;

/* parameter indices (vsn = vs with one vs; d = -1 when delta is held) */
typedef struct {
    int fc, fs, b, fcn, fsn, bn, vs, vsn, d;
} sidx_t;

static sidx_t sidx(const sctx_t *c)
{
    if (c->asym) {
        const int vsn = c->vs2 ? 7 : 6, d = c->fdelta ? vsn + 1 : -1;
        return (sidx_t){0, 1, 2, 3, 4, 5, 6, vsn, d};
    }
    return (sidx_t){0, 1, 3, 0, 1, 3, 2, 2, c->fdelta ? 4 : -1};
}

static int static_np(const sctx_t *c) { return (c->asym ? (c->vs2 ? 8 : 7) : 4) + (c->fdelta ? 1 : 0); }

static int static_fcn(void *p, int m, int np, const double *x, double *fvec, double *fjac, int ldfjac, int iflag)
{
    const sctx_t *c = p;
    const sidx_t k = sidx(c);
    const double dl = k.d >= 0 ? x[k.d] : c->delta;
    for (int i = 0; i < m; i++) {
        const double v = c->v[i], s = v > 0.0 ? 1.0 : -1.0;
        const bool pos = v > 0.0;
        const int ic = pos ? k.fc : k.fcn, is = pos ? k.fs : k.fsn, ib = pos ? k.b : k.bn, iv = pos ? k.vs : k.vsn;
        const double fc = x[ic], fs = x[is], b = x[ib], vs = fmax(x[iv], 1e-300);
        const double a = fabs(v) / vs;
        const double ad = pow(a, dl);
        const double e = ad < 700.0 ? exp(-ad) : 0.0;
        if (iflag == 1) {
            fvec[i] = s * (fc + (fs - fc) * e) + b * v - c->f[i];
            continue;
        }
        double *row = fjac + i;
#define J(col) row[(size_t)(col) * ldfjac]
        for (int j = 0; j < np; j++) J(j) = 0.0;
        J(ic) = s * (1.0 - e);
        J(is) = s * e;
        J(ib) = v;
        J(iv) = e > 0.0 ? s * (fs - fc) * e * dl * ad / vs : 0.0;
        if (k.d >= 0) J(k.d) = e > 0.0 && a > 0.0 ? -s * (fs - fc) * e * ad * log(a) : 0.0;
#undef J
    }
    return 0;
}

/* The linear part for a fixed vs: per direction, |F| ~ fc (1 - e) + fs e + b |v|.
 * ssr[dir] the residual sum of squares of each direction fitted (inf when
 * singular; one entry unless asymmetric), lv the levels. */
static void static_linear(const sctx_t *c, double vs, double dl, double lv[6], double ssr[2])
{
    ssr[0] = ssr[1] = 0.0;
    for (int dir = 0; dir < (c->asym ? 2 : 1); dir++) {
        double a[9] = {0}, r[3] = {0}, yy = 0.0;
        for (int i = 0; i < c->m; i++) {
            const double v = c->v[i];
            if (c->asym && ((v > 0.0) != (dir == 0))) continue;
            const double s = v > 0.0 ? 1.0 : -1.0, y = s * c->f[i];
            const double ad = pow(fabs(v) / vs, dl), e = ad < 700.0 ? exp(-ad) : 0.0;
            const double phi[3] = {1.0 - e, e, fabs(v)};
            for (int p = 0; p < 3; p++) {
                for (int q = 0; q < 3; q++) a[p * 3 + q] += phi[p] * phi[q];
                r[p] += phi[p] * y;
            }
            yy += y * y;
        }
        double a2[9];
        memcpy(a2, a, sizeof a);
        double sol[3] = {r[0], r[1], r[2]};
        if (!solve(a2, sol, 3)) {
            ssr[dir] = INFINITY;
            continue;
        }
        /* SSR = y'y - 2 x'r + x'Ax */
        double s = yy;
        for (int p = 0; p < 3; p++) {
            s -= 2.0 * sol[p] * r[p];
            for (int q = 0; q < 3; q++) s += sol[p] * a[p * 3 + q] * sol[q];
        }
        ssr[dir] = s;
        memcpy(lv + 3 * dir, sol, sizeof sol);
    }
    if (!c->asym) memcpy(lv + 3, lv, 3 * sizeof *lv);
}

static double median_inplace(double *a, size_t n);

/* The rows fitted (v != 0, finite), their weights, and what they span. */
typedef struct {
    double *v, *f, *w, *sw;
    size_t m, npos, nneg;
    double vmin, vmax, vmin_pos, vmin_neg, fmean, fmax;
} srows_t;

static void srows_free(srows_t *r)
{
    free(r->v);
    r->v = NULL;
}

static int srows(fric_fit_report_t *rep, const double *v, const double *f, size_t n, const double *w, srows_t *r)
{
    memset(r, 0, sizeof *r);
    if (n > 100000000) return fail(rep, FRIC_FIT_ERR_DATA, "more than 1e8 rows");
    r->v = malloc(4 * (n ? n : 1) * sizeof *r->v);
    if (!r->v) return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
    r->f = r->v + n;
    r->w = r->f + n;
    r->sw = r->w + n;
    r->vmin = r->vmin_pos = r->vmin_neg = INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i]) || !isfinite(f[i])) {
            srows_free(r);
            return fail(rep, FRIC_FIT_ERR_DATA, "a velocity or force is not finite");
        }
        if (w && !(isfinite(w[i]) && w[i] > 0.0)) {
            srows_free(r);
            return fail(rep, FRIC_FIT_ERR_DATA, "a weight is not finite and > 0");
        }
        if (v[i] == 0.0) continue;
        const size_t m = r->m++;
        r->v[m] = v[i];
        r->f[m] = f[i];
        r->w[m] = w ? w[i] : 1.0;
        r->sw[m] = sqrt(r->w[m]);
        const double a = fabs(v[i]);
        r->vmin = fmin(r->vmin, a);
        r->vmax = fmax(r->vmax, a);
        r->fmean += fabs(f[i]);
        r->fmax = fmax(r->fmax, fabs(f[i]));
        if (v[i] > 0.0) r->npos++, r->vmin_pos = fmin(r->vmin_pos, a);
        else r->nneg++, r->vmin_neg = fmin(r->vmin_neg, a);
    }
    if (r->m) r->fmean /= (double)r->m;
    if (!(r->fmean > 0.0)) r->fmean = r->fmax = 1.0;
    return 0;
}

/* A start for the static fit: the best vs of a log grid (per direction when
 * per_dir), the levels by linear least squares; delta at c->delta. */
static void static_start(const sctx_t *c, const srows_t *r, bool per_dir, double *x)
{
    double best[2] = {INFINITY, INFINITY}, vs0[2] = {0.0, 0.0}, lv0[6] = {0}, lv[6], ss[2];
    const int grid = 48;
    const double glo = log(r->vmin / 3.0), ghi = log(r->vmax); /* below vmin / 3 no row sees the dip */
    for (int g = 0; g < grid; g++) {
        const double vs = exp(glo + (ghi - glo) * g / (grid - 1));
        static_linear(c, vs, c->delta, lv, ss);
        if (per_dir) {
            for (int d = 0; d < 2; d++)
                if (ss[d] < best[d]) {
                    best[d] = ss[d];
                    vs0[d] = vs;
                    memcpy(lv0 + 3 * d, lv + 3 * d, 3 * sizeof *lv);
                }
        } else if (ss[0] + ss[1] < best[0]) {
            best[0] = ss[0] + ss[1];
            vs0[0] = vs0[1] = vs;
            memcpy(lv0, lv, sizeof lv);
        }
    }
    if (!isfinite(best[0]) || (per_dir && !isfinite(best[1]))) {
        /* too few distinct speeds for the linear start: plain levels */
        vs0[0] = vs0[1] = sqrt(r->vmin * r->vmax);
        lv0[0] = lv0[3] = r->fmean;
        lv0[1] = lv0[4] = 1.2 * r->fmean;
        lv0[2] = lv0[5] = 0.0;
    }
    const sidx_t k = sidx(c);
    x[k.fc] = lv0[0];
    x[k.fs] = lv0[1];
    x[k.b] = lv0[2];
    if (c->asym) {
        x[k.fcn] = lv0[3];
        x[k.fsn] = lv0[4];
        x[k.bn] = lv0[5];
    }
    x[k.vs] = vs0[0];
    x[k.vsn] = c->vs2 ? vs0[1] : vs0[0];
    if (k.d >= 0) x[k.d] = c->delta;
}

/* One static fit of the rows r (least squares under sw, or IRLS for a robust loss). */
static int static_solve(const srows_t *r, const fric_fit_static_opts_t *o, bool skip_unknown, fric_stribeck_cfg_t *out,
                        double *vs_neg, fric_fit_report_t *rep)
{
    memset(rep, 0, sizeof *rep);
    sctx_t c = {r->v, r->f, (int)r->m, o->asymmetric, o->asymmetric && o->vs_per_direction, o->fit_delta,
                o->delta > 0.0 ? o->delta : 2.0};
    const int np = static_np(&c);
    rep->np = (size_t)np;
    rep->v_low = r->vmin;
    if (r->m == 0) return fail(rep, FRIC_FIT_ERR_DATA, "no motion: every velocity is 0");
    if (r->m <= (size_t)np) return fail(rep, FRIC_FIT_ERR_DATA, "fewer rows with motion than parameters + 1");
    if (c.asym && (r->npos == 0 || r->nneg == 0)) return fail(rep, FRIC_FIT_ERR_DATA, "only one direction of motion");
    if (o->vs_per_direction && !o->asymmetric)
        return fail(rep, FRIC_FIT_ERR_OPTION, "a Stribeck velocity per direction needs the asymmetric fit");

    const sidx_t k = sidx(&c);
    double x[FRIC_FIT_MAX_PARAMS] = {0}, x2[FRIC_FIT_MAX_PARAMS] = {0};
    static_start(&c, r, c.vs2, x);
    /* with a vs per direction, the shared-vs start too: the better of the two fits is kept */
    if (c.vs2) static_start(&c, r, false, x2);

    /* names, physical ranges and scales */
    static const char *const sym_names[] = {"fc", "fs", "vs", "sigma2", "delta"};
    static const char *const asym_names[] = {"fc", "fs", "sigma2", "fc_neg", "fs_neg", "sigma2_neg", "vs", "vs_neg", "delta"};
    bprob_t b;
    memset(&b, 0, sizeof b);
    b.m = (int)r->m;
    b.np = np;
    b.ctx = &c;
    b.fder = static_fcn;
    b.sw = r->sw;
    for (int j = 0; j < np; j++) {
        rep->name[j] = c.asym ? asym_names[j + (c.vs2 || j < 7 ? 0 : 1)] : sym_names[j];
        b.lo[j] = 0.0;
        b.hi[j] = INFINITY;
        b.scale[j] = r->fmean;
        if (strncmp(rep->name[j], "fc", 2) == 0 || strncmp(rep->name[j], "fs", 2) == 0) b.hi[j] = 10.0 * r->fmax;
        if (strncmp(rep->name[j], "sigma2", 6) == 0) b.scale[j] = r->fmean / r->vmax;
        if (strncmp(rep->name[j], "vs", 2) == 0) b.scale[j] = r->vmin;
        if (strcmp(rep->name[j], "delta") == 0) {
            b.lo[j] = 0.5;
            b.hi[j] = 10.0;
            b.scale[j] = 1.0;
        }
    }
    int rc = apply_bounds(rep, &b, rep->name, o->bounds, o->nbounds, skip_unknown);
    if (rc != 0) return rc;
    for (int j = 0; j < np; j++)
        if (b.fixed[j]) x[j] = x2[j] = b.x[j];
    rc = bfit(rep, &b, x);
    if (rc != 0) return rc;
    if (c.vs2) {
        fric_fit_report_t *r2 = malloc(sizeof *r2);
        if (!r2) return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
        *r2 = *rep;
        r2->warn = 0;
        r2->nfev = 0;
        const int rc2 = bfit(r2, &b, x2);
        r2->nfev += rep->nfev;
        if (rc2 == 0 && r2->converged && r2->ssr < rep->ssr) *rep = *r2;
        else rep->nfev = r2->nfev;
        free(r2);
    }

    if (o->loss != FRIC_FIT_LOSS_L2) {
        /* iteratively reweighted least squares */
        double *sw = malloc(3 * r->m * sizeof *sw);
        if (!sw) return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
        double *res = sw + r->m, *tmp = res + r->m;
        b.sw = sw;
        bool settled = false;
        int round = 0;
        while (!settled && round < FRIC_FIT_IRLS_MAX) {
            round++;
            memcpy(x, rep->value, sizeof x);
            (void)static_fcn(&c, (int)r->m, np, x, res, NULL, 0, 1);
            for (size_t i = 0; i < r->m; i++) tmp[i] = fabs(res[i]) * r->sw[i];
            double s = o->loss_scale > 0.0 ? o->loss_scale : 1.4826 * median_inplace(tmp, r->m);
            if (!(s > 0.0)) break; /* an exact fit: nothing to reweight */
            for (size_t i = 0; i < r->m; i++) {
                const double z = fabs(res[i]) * r->sw[i] / s;
                const double w = o->loss == FRIC_FIT_LOSS_HUBER ? (z <= 1.345 ? 1.0 : 1.345 / z) : 1.0 / sqrt(1.0 + z * z);
                sw[i] = r->sw[i] * sqrt(w);
            }
            rep->warn = 0;
            rc = bfit(rep, &b, x);
            if (rc != 0) break;
            settled = true;
            for (int j = 0; j < np; j++)
                if (!(fabs(rep->value[j] - x[j]) <= 1e-8 * fabs(x[j]))) settled = false;
        }
        free(sw);
        if (rc != 0) return rc;
        rep->rounds = round;
        if (!settled && round >= FRIC_FIT_IRLS_MAX) {
            rep->converged = false;
            rep->warn |= FRIC_FIT_WARN_NOT_CONVERGED;
        }
    }
    /* the force RMS (unweighted) */
    {
        double *res = malloc(r->m * sizeof *res), sq = 0.0;
        if (!res) return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
        (void)static_fcn(&c, (int)r->m, np, rep->value, res, NULL, 0, 1);
        for (size_t i = 0; i < r->m; i++) sq += res[i] * res[i];
        free(res);
        rep->rms = sqrt(sq / (double)r->m);
        if (!isfinite(rep->rms)) return fail(rep, FRIC_FIT_ERR_SOLVER, "the residual is not finite at the solution");
    }
    const double vs = rep->value[k.vs], vsn = rep->value[k.vsn];
    if (r->vmin_pos >= 3.0 * vs || (c.asym ? r->vmin_neg >= 3.0 * vsn : false) || (!c.asym && r->vmin >= 3.0 * vs))
        rep->warn |= FRIC_FIT_WARN_NO_LOW_V;
    const double *y = rep->value;
    *out = (fric_stribeck_cfg_t){.fc_pos = y[k.fc], .fc_neg = y[c.asym ? k.fcn : k.fc], .fs_pos = y[k.fs],
                                 .fs_neg = y[c.asym ? k.fsn : k.fs], .b_pos = y[k.b], .b_neg = y[c.asym ? k.bn : k.b],
                                 .vs = vs, .vs_neg = vsn, .delta = k.d >= 0 ? y[k.d] : c.delta};
    if (vs_neg) *vs_neg = vsn;
    return 0;
}

int fric_fit_static(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                    fric_stribeck_cfg_t *out, fric_fit_report_t *rep)
{
    srows_t r;
    int rc = srows(rep, v, f, n, o->weight, &r);
    if (rc != 0) {
        rep->np = 0;
        return rc;
    }
    rc = static_solve(&r, o, o->skip_unknown, out, NULL, rep);
    srows_free(&r);
    return rc;
}

/* ---- model comparison ------------------------------------------------------ */

const fric_fit_variant_t fric_fit_variants[FRIC_FIT_NVARIANTS] = {
    {"symmetric, delta = 1", false, false, 1.0},
    {"symmetric, delta = 2", false, false, 2.0},
    {"symmetric, delta free", false, false, 0.0},
    {"asymmetric, one vs, delta = 1", true, false, 1.0},
    {"asymmetric, one vs, delta = 2", true, false, 2.0},
    {"asymmetric, one vs, delta free", true, false, 0.0},
    {"asymmetric, vs per direction, delta = 1", true, true, 1.0},
    {"asymmetric, vs per direction, delta = 2", true, true, 2.0},
    {"asymmetric, vs per direction, delta free", true, true, 0.0},
};

double fric_fit_curve(const fric_stribeck_cfg_t *cfg, double vs_neg, double v)
{
    if (v == 0.0) return 0.0;
    const bool pos = v > 0.0;
    const double fc = pos ? cfg->fc_pos : cfg->fc_neg, fs = pos ? cfg->fs_pos : cfg->fs_neg;
    const double b = pos ? cfg->b_pos : cfg->b_neg, vs = pos ? cfg->vs : vs_neg;
    const double ad = pow(fabs(v) / vs, cfg->delta), e = ad < 700.0 ? exp(-ad) : 0.0;
    return (pos ? 1.0 : -1.0) * (fc + (fs - fc) * e) + b * v;
}

int fric_fit_compare(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                     fric_fit_compare_t *out)
{
    memset(out, 0, sizeof *out);
    out->best_aic = out->best_bic = out->hw_best = out->hw_free = -1;
    srows_t r;
    int rc = srows(&out->row[0].rep, v, f, n, o->weight, &r);
    if (rc != 0) return rc;
    int first_rc = 0, fitted = 0;
    for (int i = 0; i < FRIC_FIT_NVARIANTS; i++) {
        const fric_fit_variant_t *vr = &fric_fit_variants[i];
        fric_fit_compare_row_t *row = &out->row[i];
        fric_fit_static_opts_t oi = *o;
        oi.asymmetric = vr->asymmetric;
        oi.vs_per_direction = vr->vs_per_direction;
        oi.fit_delta = vr->delta == 0.0;
        oi.delta = vr->delta == 0.0 ? 2.0 : vr->delta;
        oi.loss = FRIC_FIT_LOSS_L2;
        row->status = static_solve(&r, &oi, true, &row->cfg, &row->vs_neg, &row->rep);
        if (row->status != 0) {
            if (first_rc == 0) first_rc = row->status;
            continue;
        }
        fitted++;
        const fric_fit_report_t *p = &row->rep;
        row->k = 0;
        for (size_t j = 0; j < p->np; j++) row->k += !p->fixed[j];
        const double m = (double)p->m, ll = m * log(p->ssr / m);
        row->aic = ll + 2.0 * row->k;
        row->bic = ll + row->k * log(m);
        row->usable = p->converged && !(p->warn & FRIC_FIT_WARN_AT_BOUND) && isfinite(row->aic);
        if (!row->usable) continue;
        if (out->best_aic < 0 || row->aic < out->row[out->best_aic].aic) out->best_aic = i;
        if (out->best_bic < 0 || row->bic < out->row[out->best_bic].bic) out->best_bic = i;
        if (vr->delta != 0.0 && (out->hw_best < 0 || row->bic < out->row[out->hw_best].bic)) out->hw_best = i;
    }
    for (int i = 0; i < FRIC_FIT_NVARIANTS; i++)
        if (out->row[i].status == FRIC_FIT_ERR_OPTION) { /* a bad bound is the caller's, not the variant's */
            if (i != 0) memcpy(out->row[0].rep.why, out->row[i].rep.why, sizeof out->row[0].rep.why);
            srows_free(&r);
            return FRIC_FIT_ERR_OPTION;
        }
    if (fitted == 0) {
        for (int i = 1; i < FRIC_FIT_NVARIANTS && first_rc != 0; i++)
            if (out->row[i].status != 0 && out->row[0].status == 0) memcpy(out->row[0].rep.why, out->row[i].rep.why, sizeof out->row[0].rep.why);
        srows_free(&r);
        return first_rc ? first_rc : FRIC_FIT_ERR_DATA;
    }
    if (out->hw_best >= 0) {
        const int fam = out->hw_best / 3, fr = 3 * fam + 2;
        if (out->row[fr].status == 0 && out->row[fr].rep.converged && isfinite(out->row[fr].bic)) {
            out->free_at_bound = !out->row[fr].usable;
            const fric_fit_compare_row_t *h = &out->row[out->hw_best], *q = &out->row[fr];
            out->hw_free = fr;
            out->free_rms_gain = h->rep.rms - q->rep.rms;
            out->free_bic_gain = h->bic - q->bic;
            double dmax = 0.0;
            for (int s = 0; s < 2; s++) {
                const double lo = s ? r.vmin_neg : r.vmin_pos;
                double hi = 0.0;
                for (size_t i = 0; i < r.m; i++)
                    if ((r.v[i] < 0.0) == (s == 1)) hi = fmax(hi, fabs(r.v[i]));
                if (!(hi > 0.0)) continue;
                for (int g = 0; g <= 200; g++) {
                    const double a = lo * pow(hi / lo, g / 200.0), vv = s ? -a : a;
                    dmax = fmax(dmax, fabs(fric_fit_curve(&q->cfg, q->vs_neg, vv) - fric_fit_curve(&h->cfg, h->vs_neg, vv)));
                }
            }
            out->free_max_diff = dmax;
        }
    }
    srows_free(&r);
    return 0;
}

/* median of a[0..n-1] (reordered), by quickselect; n >= 1 */
static double select_k(double *a, size_t n, size_t k)
{
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        const double p = a[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) {
                const double t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                if (j == 0) break;
                j--;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else return a[k];
    }
    return a[k];
}

static double median_inplace(double *a, size_t n)
{
    if (n == 0) return 0.0;
    const double hi = select_k(a, n, n / 2);
    if (n % 2) return hi;
    double lo = -INFINITY;
    for (size_t i = 0; i < n / 2; i++) lo = fmax(lo, a[i]);
    return 0.5 * (lo + hi);
}

/* ---- dynamic ------------------------------------------------------------- */

typedef struct {
    const double *t, *v, *f;
    int n;
    fric_lugre_cfg_t cfg;
    bool fs2;
} dctx_t;

/* x = [sigma0, sigma1, (sigma2), bristle force at row 0] */
static void dyn_cfg(const dctx_t *c, const double *x, fric_lugre_cfg_t *cfg)
{
    *cfg = c->cfg;
    cfg->sigma0 = x[0];
    cfg->sigma1 = x[1];
    if (c->fs2) cfg->sigma2_pos = cfg->sigma2_neg = x[2];
}

/* The model along the record: the sum of squared residuals; fvec[k - 1]
 * the residual of row k, fm[k] the model force of row k (each when not NULL). */
static double dyn_sim(const double *t, const double *v, const double *f, int n, const fric_lugre_cfg_t *cfg,
                      double fz0, double *fvec, double *fm)
{
    const double g0 = fric_lugre_g(cfg, v[0]);
    double z = fz0 / cfg->sigma0;
    const double zmax = g0 / cfg->sigma0;
    if (z > zmax) z = zmax;
    if (z < -zmax) z = -zmax;
    if (fm) fm[0] = cfg->sigma0 * z + (v[0] < 0.0 ? cfg->sigma2_neg : cfg->sigma2_pos) * v[0];
    fric_lugre_state_t st = {z};
    double ssr = 0.0;
    for (int k = 1; k < n; k++) {
        const double fk = fric_lugre_step(cfg, &st, v[k], t[k] - t[k - 1]);
        if (fm) fm[k] = fk;
        if (!f) continue;
        const double r = fk - f[k];
        if (fvec) fvec[k - 1] = r;
        ssr += r * r;
    }
    return ssr;
}

static double dyn_run(const dctx_t *c, const fric_lugre_cfg_t *cfg, double fz0, double *fvec)
{
    return dyn_sim(c->t, c->v, c->f, c->n, cfg, fz0, fvec, NULL);
}

void fric_fit_dynamic_force(const double *t, const double *v, size_t n, const fric_lugre_cfg_t *cfg, double f0,
                            double *fm)
{
    if (n > 0) (void)dyn_sim(t, v, NULL, (int)n, cfg, f0, NULL, fm);
}

static int dyn_fcn(void *p, int m, int np, const double *x, double *fvec, int iflag)
{
    const dctx_t *c = p;
    if (iflag == 0) return 0;
    (void)m;
    (void)np;
    (void)iflag;
    fric_lugre_cfg_t cfg;
    dyn_cfg(c, x, &cfg);
    if (!(cfg.sigma0 > 0.0)) cfg.sigma0 = 1e-300;
    const double ssr = dyn_run(c, &cfg, x[c->fs2 ? 3 : 2], fvec);
    return isfinite(ssr) ? 0 : -1;
}

int fric_fit_dynamic(const double *t, const double *v, const double *f, size_t n, const fric_lugre_cfg_t *base,
                     const fric_fit_dynamic_opts_t *o, fric_lugre_cfg_t *out, fric_fit_report_t *rep)
{
    memset(rep, 0, sizeof *rep);
    const int np = o->fit_sigma2 ? 4 : 3;
    rep->np = (size_t)np;
    if (n > 100000000) return fail(rep, FRIC_FIT_ERR_DATA, "more than 1e8 rows");
    if (n < (size_t)np + 2) return fail(rep, FRIC_FIT_ERR_DATA, "fewer steps than parameters + 1");
    bool moves = false;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(t[i]) || !isfinite(v[i]) || !isfinite(f[i]))
            return fail(rep, FRIC_FIT_ERR_DATA, "a time, velocity or force is not finite");
        if (i > 0 && !(t[i] > t[i - 1])) return fail(rep, FRIC_FIT_ERR_DATA, "time does not increase");
        if (i > 0 && v[i] != 0.0) moves = true;
    }
    if (!moves) return fail(rep, FRIC_FIT_ERR_DATA, "no motion: every velocity is 0");
    fric_lugre_cfg_t chk = *base;
    chk.sigma0 = 1.0;
    chk.sigma1 = 0.0;
    if (fric_lugre_check(&chk) != FRIC_OK) return fail(rep, FRIC_FIT_ERR_DATA, "the static parameters are not a valid set");
    dctx_t c = {t, v, f, (int)n, *base, o->fit_sigma2};

    /* start: sigma0 on a log grid with sigma1 = 0, then sigma1 = sigma0 * tau;
     * the initial bristle force from the first sample */
    const double fz0 = f[0] - (v[0] < 0.0 ? base->sigma2_neg : base->sigma2_pos) * v[0];
    double x[4] = {0.0, 0.0, base->sigma2_pos, 0.0}, best = INFINITY;
    fric_lugre_cfg_t cfg;
    for (int g = 0; g <= 40; g++) {
        const double xs[3] = {pow(10.0, 0.0 + 0.25 * g), 0.0, base->sigma2_pos};
        dyn_cfg(&c, xs, &cfg);
        const double s = dyn_run(&c, &cfg, fz0, NULL);
        if (s < best) {
            best = s;
            x[0] = xs[0];
        }
    }
    static const double taus[] = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2};
    for (size_t g = 0; g < sizeof taus / sizeof taus[0]; g++) {
        const double xs[3] = {x[0], x[0] * taus[g], base->sigma2_pos};
        dyn_cfg(&c, xs, &cfg);
        const double s = dyn_run(&c, &cfg, fz0, NULL);
        if (s < best) {
            best = s;
            x[1] = xs[1];
        }
    }
    x[np - 1] = fz0;
    static const char *const names[] = {"sigma0", "sigma1", "sigma2"};
    for (int j = 0; j < np - 1; j++) rep->name[j] = names[j];
    rep->name[np - 1] = "f0"; /* nuisance: the bristle force sigma0 z at the first row */
    /* physical ranges: sigma0, sigma1, sigma2 >= 0; f0 free */
    bprob_t b;
    memset(&b, 0, sizeof b);
    b.m = (int)n - 1;
    b.np = np;
    b.ctx = &c;
    b.fdif = dyn_fcn;
    double fscale = 0.0;
    for (size_t i = 0; i < n; i++) fscale = fmax(fscale, fabs(f[i]));
    if (!(fscale > 0.0)) fscale = 1.0;
    for (int j = 0; j < np; j++) {
        b.lo[j] = j == np - 1 ? -INFINITY : 0.0;
        b.hi[j] = INFINITY;
        b.scale[j] = j == np - 1 ? fscale : fmax(fabs(x[j]), j == 0 ? 1.0 : 1e-6 * x[0]);
    }
    if (o->fit_sigma2) b.scale[2] = fmax(fabs(x[2]), 1e-3 * fscale);
    int rc = apply_bounds(rep, &b, rep->name, o->bounds, o->nbounds, false);
    if (rc != 0) return rc;
    for (int j = 0; j < np; j++)
        if (b.fixed[j]) x[j] = b.x[j];
    rc = bfit(rep, &b, x);
    if (rc != 0) return rc;
    {
        fric_lugre_cfg_t cf;
        dyn_cfg(&c, rep->value, &cf);
        if (!(cf.sigma0 > 0.0)) cf.sigma0 = 1e-300;
        const double ss = dyn_run(&c, &cf, rep->value[np - 1], NULL);
        rep->rms = sqrt(ss / (double)(n - 1));
        if (!isfinite(rep->rms)) return fail(rep, FRIC_FIT_ERR_SOLVER, "the residual is not finite at the solution");
    }
    /* the nuisance f0 is often near 0: its interval says nothing of the fit */
    rep->wide[np - 1] = false;
    rep->warn &= ~(unsigned)FRIC_FIT_WARN_WIDE;
    for (int j = 0; j < np - 1; j++)
        if (rep->wide[j]) rep->warn |= FRIC_FIT_WARN_WIDE;
    if (rep->wide[1] || rep->rank < rep->nactive || !(rep->value[1] > 0.0) || rep->at_bound[1])
        rep->warn |= FRIC_FIT_WARN_SIGMA1;
    dyn_cfg(&c, rep->value, out);
    return 0;
}
