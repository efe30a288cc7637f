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

/* The statistics of a finished MINPACK run: fjac holds R (m x np, column
 * major), ipvt the permutation, fvec the residuals. */
static void statistics(fric_fit_report_t *rep, int m, int np, double *fjac, const int *ipvt, const double *fvec,
                       double *wa)
{
    double ssr = 0.0;
    for (int i = 0; i < m; i++) ssr += fvec[i] * fvec[i];
    const int r = covar1(m, np, ssr, fjac, m, ipvt, 1e-12, wa);
    rep->rank = r == 0 ? np : r;
    rep->m = (size_t)m;
    rep->rms = sqrt(ssr / m);
    rep->tq = fric_fit_t975((double)(m - rep->rank));
    if (rep->rank < np) rep->warn |= FRIC_FIT_WARN_RANK;
    if (rep->info == 5) rep->warn |= FRIC_FIT_WARN_NOT_CONVERGED;
    for (int j = 0; j < np; j++) {
        const double var = fjac[j + (size_t)j * m];
        rep->se[j] = var > 0.0 && isfinite(var) ? sqrt(var) : INFINITY;
        rep->lo[j] = rep->value[j] - rep->tq * rep->se[j];
        rep->hi[j] = rep->value[j] + rep->tq * rep->se[j];
        rep->wide[j] = !(rep->hi[j] - rep->lo[j] <= fabs(rep->value[j]));
        if (rep->wide[j]) rep->warn |= FRIC_FIT_WARN_WIDE;
    }
}

/* ---- static ------------------------------------------------------------- */

typedef struct {
    const double *v, *f;
    int m;
    bool asym, fdelta;
    double delta;
} sctx_t;

/* parameter indices */
typedef struct {
    int fc, fs, b, fcn, fsn, bn, vs, d; /* d = -1 when delta is held */
} sidx_t;

static sidx_t sidx(const sctx_t *c)
{
    if (c->asym) return (sidx_t){0, 1, 2, 3, 4, 5, 6, c->fdelta ? 7 : -1};
    return (sidx_t){0, 1, 3, 0, 1, 3, 2, c->fdelta ? 4 : -1};
}

static int static_fcn(void *p, int m, int np, const double *x, double *fvec, double *fjac, int ldfjac, int iflag)
{
    const sctx_t *c = p;
    const sidx_t k = sidx(c);
    const double vs = fabs(x[k.vs]), svs = x[k.vs] < 0.0 ? -1.0 : 1.0;
    const double dl = k.d >= 0 ? x[k.d] : c->delta;
    (void)np;
    for (int i = 0; i < m; i++) {
        const double v = c->v[i], s = v > 0.0 ? 1.0 : -1.0;
        const bool pos = v > 0.0;
        const int ic = pos ? k.fc : k.fcn, is = pos ? k.fs : k.fsn, ib = pos ? k.b : k.bn;
        const double fc = x[ic], fs = x[is], b = x[ib];
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
        J(k.vs) = e > 0.0 ? svs * s * (fs - fc) * e * dl * ad / vs : 0.0;
        if (k.d >= 0) J(k.d) = e > 0.0 && a > 0.0 ? -s * (fs - fc) * e * ad * log(a) : 0.0;
#undef J
    }
    return 0;
}

/* The linear part for a fixed vs: per direction, |F| ~ fc (1 - e) + fs e + b |v|.
 * Returns the residual sum of squares (inf when singular) and the levels. */
static double static_linear(const sctx_t *c, double vs, double dl, double lv[6])
{
    double ssr = 0.0;
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
        if (!solve(a2, sol, 3)) return INFINITY;
        /* SSR = y'y - 2 x'r + x'Ax */
        double s = yy;
        for (int p = 0; p < 3; p++) {
            s -= 2.0 * sol[p] * r[p];
            for (int q = 0; q < 3; q++) s += sol[p] * a[p * 3 + q] * sol[q];
        }
        ssr += s;
        memcpy(lv + 3 * dir, sol, sizeof sol);
    }
    if (!c->asym) memcpy(lv + 3, lv, 3 * sizeof *lv);
    return ssr;
}

/* Run lmder or lmdif and the statistics; x holds the start and receives the solution. */
static int run_lm(fric_fit_report_t *rep, void *ctx, int m, int np, double *x, bool analytic,
                  cminpack_funcder_mn fder, cminpack_func_mn fdif)
{
    double *work = malloc(((size_t)m * (np + 2) + 6 * (size_t)np + 8) * sizeof *work);
    int *ipvt = malloc((size_t)np * sizeof *ipvt);
    if (!work || !ipvt) {
        free(work);
        free(ipvt);
        return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
    }
    double *fvec = work, *fjac = fvec + m, *diag = fjac + (size_t)m * np, *qtf = diag + np, *wa1 = qtf + np,
           *wa2 = wa1 + np, *wa3 = wa2 + np, *wa4 = wa3 + np;
    int nfev = 0, njev = 0;
    const int maxfev = 400 * (np + 1);
    if (analytic)
        rep->info = lmder(fder, ctx, m, np, x, fvec, fjac, m, 1e-12, 1e-12, 0.0, maxfev, diag, 1, 100.0, 0, &nfev,
                          &njev, ipvt, qtf, wa1, wa2, wa3, wa4);
    else
        rep->info = lmdif(fdif, ctx, m, np, x, fvec, 1e-12, 1e-12, 0.0, maxfev, 0.0, diag, 1, 100.0, 0, &nfev,
                          fjac, m, ipvt, qtf, wa1, wa2, wa3, wa4);
    rep->nfev = nfev;
    int rc = 0;
    if (rep->info <= 0) {
        rc = fail(rep, FRIC_FIT_ERR_SOLVER, "MINPACK refused the problem (improper input)");
    } else {
        for (int j = 0; j < np; j++) rep->value[j] = x[j];
        statistics(rep, m, np, fjac, ipvt, fvec, wa4);
        if (!isfinite(rep->rms)) rc = fail(rep, FRIC_FIT_ERR_SOLVER, "the residual is not finite at the solution");
    }
    free(work);
    free(ipvt);
    return rc;
}

int fric_fit_static(const double *v, const double *f, size_t n, const fric_fit_static_opts_t *o,
                    fric_stribeck_cfg_t *out, fric_fit_report_t *rep)
{
    memset(rep, 0, sizeof *rep);
    sctx_t c = {NULL, NULL, 0, o->asymmetric, o->fit_delta, o->delta > 0.0 ? o->delta : 2.0};
    const int np = (c.asym ? 7 : 4) + (c.fdelta ? 1 : 0);
    rep->np = (size_t)np;
    if (n > 100000000) return fail(rep, FRIC_FIT_ERR_DATA, "more than 1e8 rows");
    double *buf = malloc(2 * (n ? n : 1) * sizeof *buf);
    if (!buf) return fail(rep, FRIC_FIT_ERR_NOMEM, "out of memory");
    double *vv = buf, *ff = buf + n;
    size_t m = 0, npos = 0, nneg = 0;
    double vmin = INFINITY, vmax = 0.0, vmin_pos = INFINITY, vmin_neg = INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i]) || !isfinite(f[i])) {
            free(buf);
            return fail(rep, FRIC_FIT_ERR_DATA, "a velocity or force is not finite");
        }
        if (v[i] == 0.0) continue;
        vv[m] = v[i];
        ff[m] = f[i];
        m++;
        const double a = fabs(v[i]);
        vmin = fmin(vmin, a);
        vmax = fmax(vmax, a);
        if (v[i] > 0.0) npos++, vmin_pos = fmin(vmin_pos, a);
        else nneg++, vmin_neg = fmin(vmin_neg, a);
    }
    int rc = 0;
    if (m == 0) rc = fail(rep, FRIC_FIT_ERR_DATA, "no motion: every velocity is 0");
    else if (m <= (size_t)np) rc = fail(rep, FRIC_FIT_ERR_DATA, "fewer rows with motion than parameters + 1");
    else if (c.asym && (npos == 0 || nneg == 0)) rc = fail(rep, FRIC_FIT_ERR_DATA, "only one direction of motion");
    if (rc != 0) {
        free(buf);
        return rc;
    }
    c.v = vv;
    c.f = ff;
    c.m = (int)m;
    rep->v_low = vmin;

    /* start: the best vs of a log grid, the levels by linear least squares */
    double best = INFINITY, vs0 = 0.0, lv0[6] = {0}, lv[6];
    const int grid = 48;
    const double lo = log(vmin / 10.0), hi = log(vmax);
    for (int g = 0; g < grid; g++) {
        const double vs = exp(lo + (hi - lo) * g / (grid - 1));
        const double s = static_linear(&c, vs, c.delta, lv);
        if (s < best) {
            best = s;
            vs0 = vs;
            memcpy(lv0, lv, sizeof lv);
        }
    }
    if (!isfinite(best)) {
        /* too few distinct speeds for the linear start: plain levels */
        double mean = 0.0;
        for (size_t i = 0; i < m; i++) mean += fabs(ff[i]) / (double)m;
        vs0 = sqrt(vmin * vmax);
        lv0[0] = lv0[3] = mean;
        lv0[1] = lv0[4] = 1.2 * mean;
        lv0[2] = lv0[5] = 0.0;
    }
    const sidx_t k = sidx(&c);
    double x[FRIC_FIT_MAX_PARAMS] = {0};
    x[k.fc] = lv0[0];
    x[k.fs] = lv0[1];
    x[k.b] = lv0[2];
    if (c.asym) {
        x[k.fcn] = lv0[3];
        x[k.fsn] = lv0[4];
        x[k.bn] = lv0[5];
    }
    x[k.vs] = vs0;
    if (k.d >= 0) x[k.d] = c.delta;

    static const char *const sym_names[] = {"fc", "fs", "vs", "sigma2", "delta"};
    static const char *const asym_names[] = {"fc", "fs", "sigma2", "fc_neg", "fs_neg", "sigma2_neg", "vs", "delta"};
    for (int j = 0; j < np; j++) rep->name[j] = c.asym ? asym_names[j] : sym_names[j];
    rc = run_lm(rep, &c, (int)m, np, x, true, static_fcn, NULL);
    free(buf);
    if (rc != 0) return rc;
    /* vs enters as |vs| */
    rep->value[k.vs] = fabs(rep->value[k.vs]);
    rep->lo[k.vs] = rep->value[k.vs] - rep->tq * rep->se[k.vs];
    rep->hi[k.vs] = rep->value[k.vs] + rep->tq * rep->se[k.vs];
    const double vs = rep->value[k.vs];
    if (vmin_pos >= 3.0 * vs || (c.asym ? vmin_neg >= 3.0 * vs : false) || (!c.asym && vmin >= 3.0 * vs))
        rep->warn |= FRIC_FIT_WARN_NO_LOW_V;
    const double *y = rep->value;
    *out = (fric_stribeck_cfg_t){y[k.fc], y[c.asym ? k.fcn : k.fc], y[k.fs], y[c.asym ? k.fsn : k.fs],
                                 y[k.b], y[c.asym ? k.bn : k.b], vs, k.d >= 0 ? y[k.d] : c.delta};
    (void)vmin_neg;
    return 0;
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
    cfg->sigma0 = fabs(x[0]);
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
    const int rc = run_lm(rep, &c, (int)n - 1, np, x, false, NULL, dyn_fcn);
    if (rc != 0) return rc;
    /* the nuisance f0 is often near 0: its interval says nothing of the fit */
    rep->wide[np - 1] = false;
    rep->warn &= ~(unsigned)FRIC_FIT_WARN_WIDE;
    for (int j = 0; j < np - 1; j++)
        if (rep->wide[j]) rep->warn |= FRIC_FIT_WARN_WIDE;
    rep->value[0] = fabs(rep->value[0]);
    rep->lo[0] = rep->value[0] - rep->tq * rep->se[0];
    rep->hi[0] = rep->value[0] + rep->tq * rep->se[0];
    if (rep->wide[1] || rep->rank < np || !(rep->value[1] > 0.0)) rep->warn |= FRIC_FIT_WARN_SIGMA1;
    dyn_cfg(&c, rep->value, out);
    if (!(out->sigma1 >= 0.0)) out->sigma1 = 0.0;
    return 0;
}
