/* SPDX-License-Identifier: Apache-2.0 */
/* The elasto-plastic breakaway deflection z_ba from a record (see fric_fit.h,
 * fric_fit_ep_zba()): a one-parameter search over its whole range. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_ep.h"
#include "fric_fit.h"

/* the grid of the search: log-spaced over (z_max 1e-4, z_max (1 - 1e-6)) */
#define EP_GRID 96
/* golden-section iterations between the best grid point's neighbours */
#define EP_GOLDEN 80

/* The model's RMS force error along the record: rows 1..n-1, row k's
 * velocity held from t[k-1] to t[k], from rest; z_ba <= 0 runs LuGre. */
static double rms_of(const double *t, const double *v, const double *f, size_t n, const fric_lugre_cfg_t *l,
                     double z_ba)
{
    const fric_ep_cfg_t ep = {*l, z_ba};
    fric_lugre_state_t st = {0.0};
    double ss = 0.0;
    for (size_t k = 1; k < n; k++) {
        const double h = t[k] - t[k - 1];
        const double fm = z_ba > 0.0 ? fric_ep_step(&ep, &st, v[k], h) : fric_lugre_step(l, &st, v[k], h);
        const double e = f[k] - fm;
        ss += e * e;
    }
    return sqrt(ss / (double)(n - 1));
}

int fric_fit_ep_zba(const double *t, const double *v, const double *f, size_t n, const fric_lugre_cfg_t *lugre,
                    fric_fit_ep_result_t *r)
{
    memset(r, 0, sizeof *r);
    if (!t || !v || !f || !lugre) {
        snprintf(r->why, sizeof r->why, "no data");
        return FRIC_FIT_ERR_DATA;
    }
    if (fric_lugre_check(lugre) != FRIC_OK) {
        snprintf(r->why, sizeof r->why, "the LuGre set: %s", fric_status_message(fric_lugre_check(lugre)));
        return FRIC_FIT_ERR_OPTION;
    }
    if (n < 4) {
        snprintf(r->why, sizeof r->why, "%zu rows, fewer than 4", n);
        return FRIC_FIT_ERR_DATA;
    }
    for (size_t k = 0; k < n; k++) {
        if (!isfinite(t[k]) || !isfinite(v[k]) || !isfinite(f[k])) {
            snprintf(r->why, sizeof r->why, "row %zu: t, v and F must be finite", k + 1);
            return FRIC_FIT_ERR_DATA;
        }
        if (k > 0 && !(t[k] > t[k - 1])) {
            snprintf(r->why, sizeof r->why, "row %zu: t must increase", k + 1);
            return FRIC_FIT_ERR_DATA;
        }
    }
    const double zmax = fric_ep_z_ba_max(lugre);
    const double lo = 1e-4 * zmax, hi = (1.0 - 1e-6) * zmax;
    double zg[EP_GRID], eg[EP_GRID];
    size_t best = 0;
    for (size_t i = 0; i < EP_GRID; i++) {
        zg[i] = lo * pow(hi / lo, (double)i / (EP_GRID - 1));
        eg[i] = rms_of(t, v, f, n, lugre, zg[i]);
        if (!isfinite(eg[i])) {
            snprintf(r->why, sizeof r->why, "the model's force is not finite at z_ba = %g m", zg[i]);
            return FRIC_FIT_ERR_SOLVER;
        }
        if (eg[i] < eg[best]) best = i;
    }
    /* golden section on log z_ba between the best grid point's neighbours */
    const double gr = 0.6180339887498949;
    double a = log(zg[best > 0 ? best - 1 : 0]), b = log(zg[best + 1 < EP_GRID ? best + 1 : EP_GRID - 1]);
    double c = b - gr * (b - a), d = a + gr * (b - a);
    double fc = rms_of(t, v, f, n, lugre, exp(c)), fd = rms_of(t, v, f, n, lugre, exp(d));
    for (int it = 0; it < EP_GOLDEN; it++) {
        if (fc <= fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - gr * (b - a);
            fc = rms_of(t, v, f, n, lugre, exp(c));
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + gr * (b - a);
            fd = rms_of(t, v, f, n, lugre, exp(d));
        }
    }
    double z = exp(0.5 * (a + b)), e = rms_of(t, v, f, n, lugre, z);
    if (eg[best] < e) {
        z = zg[best];
        e = eg[best];
    }
    double emax = 0.0;
    for (size_t i = 0; i < EP_GRID; i++) emax = fmax(emax, eg[i]);
    r->z_ba = z;
    r->rms = e;
    r->rms_lugre = rms_of(t, v, f, n, lugre, 0.0);
    r->z_ba_max = zmax;
    /* identifiable when z_ba moves the error: the worst grid point at least 1 % above the best */
    r->identifiable = emax > 1.01 * e;
    r->at_edge = best == 0 || best == EP_GRID - 1;
    r->points = n - 1;
    return 0;
}
