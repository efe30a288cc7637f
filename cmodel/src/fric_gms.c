/* SPDX-License-Identifier: Apache-2.0 */
/* The generalized Maxwell-slip model in double precision (see fric_gms.h). */
#include "fric_gms.h"

#include <math.h>
#include <string.h>

#include "fric_check.h"

fric_status_t fric_gms_check(const fric_gms_cfg_t *cfg)
{
    if (!cfg) return FRIC_ERR_NULL;
    if (cfg->n < 1 || cfg->n > FRIC_GMS_MAX) return FRIC_ERR_GMS_N;
    double sum = 0.0;
    for (unsigned i = 0; i < cfg->n; i++)
        if (!fric_is_pos(cfg->k[i])) return FRIC_ERR_GMS_K;
    for (unsigned i = 0; i < cfg->n; i++) {
        if (!fric_is_pos(cfg->alpha[i])) return FRIC_ERR_GMS_ALPHA;
        sum += cfg->alpha[i];
    }
    if (!(fabs(sum - 1.0) <= FRIC_GMS_ALPHA_SUM_TOL)) return FRIC_ERR_GMS_ALPHA_SUM;
    if (!fric_is_pos(cfg->c)) return FRIC_ERR_GMS_C;
    const fric_stribeck_cfg_t *s = &cfg->curve;
    const fric_status_t st = fric_stribeck_check(s);
    if (st != FRIC_OK) return st;
    if (!(s->fc_pos > 0.0)) return FRIC_ERR_FC_DYN;
    if (!(s->fc_neg > 0.0)) return FRIC_ERR_FC_NEG_DYN;
    if (!(s->fs_pos > 0.0)) return FRIC_ERR_FS_DYN;
    if (!(s->fs_neg > 0.0)) return FRIC_ERR_FS_NEG_DYN;
    return FRIC_OK;
}

fric_status_t fric_gms_init(const fric_gms_cfg_t *cfg, fric_gms_state_t *st)
{
    if (!st) return FRIC_ERR_NULL;
    const fric_status_t s = fric_gms_check(cfg);
    if (s == FRIC_OK) memset(st, 0, sizeof *st);
    return s;
}

fric_status_t fric_gms_default_elements(unsigned n, double fs, double sigma0, fric_gms_cfg_t *cfg)
{
    if (!cfg) return FRIC_ERR_NULL;
    if (n < 1 || n > FRIC_GMS_MAX) return FRIC_ERR_GMS_N;
    if (!fric_is_pos(fs)) return FRIC_ERR_FS_DYN;
    if (!fric_is_pos(sigma0)) return FRIC_ERR_SIGMA0;
    const double xb = 3.0 * fs / sigma0, dx = xb / n, scale = fs / -expm1(-3.0);
    double m[FRIC_GMS_MAX + 1];
    for (unsigned j = 0; j < n; j++) {
        /* slope of segment j: (G(x_(j+1)) - G(x_j)) / dx, G = scale (1 - exp(-sigma0 x / fs)) */
        const double a = exp(-sigma0 * dx * j / fs), b = exp(-sigma0 * dx * (j + 1) / fs);
        m[j] = scale * (a - b) / dx;
    }
    m[n] = 0.0;
    cfg->n = n;
    for (unsigned j = 0; j < n; j++) {
        cfg->k[j] = m[j] - m[j + 1];
        cfg->alpha[j] = cfg->k[j] * dx * (j + 1) / fs;
    }
    return FRIC_OK;
}

double fric_gms_level(const fric_gms_cfg_t *cfg, double v)
{
    return fric_stribeck_level(&cfg->curve, v);
}

static double sigma2_of(const fric_gms_cfg_t *cfg, double v) { return v < 0.0 ? cfg->curve.b_neg : cfg->curve.b_pos; }

double fric_gms_force(const fric_gms_cfg_t *cfg, const fric_gms_state_t *st, double v)
{
    double f = 0.0;
    for (unsigned i = 0; i < cfg->n; i++) f += st->f[i];
    return f + sigma2_of(cfg, v) * v;
}

double fric_gms_virgin(const fric_gms_cfg_t *cfg, double s, double x)
{
    const double ax = fabs(x);
    double f = 0.0;
    for (unsigned i = 0; i < cfg->n; i++) f += fmin(cfg->k[i] * ax, cfg->alpha[i] * s);
    return x < 0.0 ? -f : f;
}

double fric_gms_step(const fric_gms_cfg_t *cfg, fric_gms_state_t *st, double v, double ts)
{
    const signed char dir = v > 0.0 ? 1 : (v < 0.0 ? -1 : 0);
    const double sg = (double)dir;
    const double s = fric_gms_level(cfg, v);
    /* the one exponential of the step, shared by every slipping element */
    const double e = dir ? exp(-cfg->c * ts / s) : 1.0;
    const double dx = v * ts;
    double sum = 0.0;
    for (unsigned i = 0; i < cfg->n; i++) {
        double f = st->f[i];
        const double lim = sg * cfg->alpha[i] * s; /* the level in the direction of motion */
        if (st->slip[i] != dir) st->slip[i] = 0;  /* reversed or stopped: sticks */
        if (dir != 0) {
            if (!st->slip[i] && sg * f >= sg * lim) st->slip[i] = dir; /* at or beyond its level: slips */
            if (st->slip[i]) {
                f = lim + (f - lim) * e;
            } else {
                const double f1 = f + cfg->k[i] * dx;
                if (sg * f1 < sg * lim) {
                    f = f1;
                } else {
                    /* reaches its level within the step, then slips at it */
                    f = lim;
                    st->slip[i] = dir;
                }
            }
        }
        st->f[i] = f;
        sum += f;
    }
    return sum + sigma2_of(cfg, v) * v;
}
