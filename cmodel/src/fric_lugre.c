/* SPDX-License-Identifier: Apache-2.0 */
/* Dahl and LuGre dynamic friction in double precision (see fric_lugre.h). */
#include "fric_lugre.h"

#include <math.h>

#include "fric_check.h"
#include "fric_curve.h"

fric_lugre_cfg_t fric_lugre_cfg_canudas1995(void)
{
    fric_lugre_cfg_t c = {
        .fc_pos = 1.0, .fc_neg = 1.0, .fs_pos = 1.5, .fs_neg = 1.5,
        .vs = 1e-3, .vs_neg = 1e-3, .delta = 2.0,
        .sigma0 = 1e5, .sigma1 = 316.22776601683793 /* sqrt(1e5) */,
        .sigma2_pos = 0.4, .sigma2_neg = 0.4, .vd = 0.0,
    };
    return c;
}

fric_status_t fric_lugre_check(const fric_lugre_cfg_t *cfg)
{
    if (!cfg) return FRIC_ERR_NULL;
    if (!fric_is_pos(cfg->fc_pos)) return fric_is_nonneg(cfg->fc_pos) ? FRIC_ERR_FC_DYN : FRIC_ERR_FC;
    if (!fric_is_pos(cfg->fc_neg)) return fric_is_nonneg(cfg->fc_neg) ? FRIC_ERR_FC_NEG_DYN : FRIC_ERR_FC_NEG;
    if (!fric_is_pos(cfg->fs_pos)) return fric_is_nonneg(cfg->fs_pos) ? FRIC_ERR_FS_DYN : FRIC_ERR_FS;
    if (!fric_is_pos(cfg->fs_neg)) return fric_is_nonneg(cfg->fs_neg) ? FRIC_ERR_FS_NEG_DYN : FRIC_ERR_FS_NEG;
    if (!fric_is_pos(cfg->vs)) return FRIC_ERR_VS;
    if (!fric_is_pos(cfg->vs_neg)) return FRIC_ERR_VS_NEG;
    if (!fric_is_pos(cfg->delta)) return FRIC_ERR_DELTA;
    if (!fric_is_pos(cfg->sigma0)) return FRIC_ERR_SIGMA0;
    if (!fric_is_nonneg(cfg->sigma1)) return FRIC_ERR_SIGMA1;
    if (!fric_is_nonneg(cfg->sigma2_pos)) return FRIC_ERR_B;
    if (!fric_is_nonneg(cfg->sigma2_neg)) return FRIC_ERR_B_NEG;
    if (!fric_is_nonneg(cfg->vd)) return FRIC_ERR_VD;
    return FRIC_OK;
}

fric_status_t fric_lugre_init(const fric_lugre_cfg_t *cfg, fric_lugre_state_t *st)
{
    if (!st) return FRIC_ERR_NULL;
    fric_status_t s = fric_lugre_check(cfg);
    if (s == FRIC_OK) st->z = 0.0;
    return s;
}

bool fric_lugre_is_passive(const fric_lugre_cfg_t *cfg)
{
    return cfg->sigma2_pos > cfg->sigma1 * (cfg->fs_pos - cfg->fc_pos) / cfg->fc_pos &&
           cfg->sigma2_neg > cfg->sigma1 * (cfg->fs_neg - cfg->fc_neg) / cfg->fc_neg;
}

unsigned fric_lugre_warnings(const fric_lugre_cfg_t *cfg)
{
    fric_stribeck_cfg_t c = fric_lugre_steady_curve(cfg);
    unsigned w = fric_stribeck_warnings(&c);
    if (!fric_lugre_is_passive(cfg)) w |= FRIC_WARN_NOT_PASSIVE;
    return w;
}

fric_stribeck_cfg_t fric_lugre_steady_curve(const fric_lugre_cfg_t *cfg)
{
    fric_stribeck_cfg_t c = {cfg->fc_pos, cfg->fc_neg, cfg->fs_pos, cfg->fs_neg,
                             cfg->sigma2_pos, cfg->sigma2_neg, cfg->vs, cfg->vs_neg, cfg->delta};
    return c;
}

double fric_lugre_g(const fric_lugre_cfg_t *cfg, double v)
{
    return fric_curve_level(cfg->fc_pos, cfg->fc_neg, cfg->fs_pos, cfg->fs_neg, cfg->vs, cfg->vs_neg,
                            cfg->delta, v);
}

double fric_lugre_sigma1(const fric_lugre_cfg_t *cfg, double v)
{
    if (cfg->vd == 0.0) return cfg->sigma1;
    const double u = v / cfg->vd;
    return cfg->sigma1 * exp(-u * u);
}

static double sigma2_of(const fric_lugre_cfg_t *cfg, double v)
{
    return (v < 0.0) ? cfg->sigma2_neg : cfg->sigma2_pos;
}

double fric_lugre_dzdt(const fric_lugre_cfg_t *cfg, double z, double v)
{
    double dz;
    (void)fric_lugre_eval(cfg, z, v, &dz);
    return dz;
}

double fric_lugre_eval(const fric_lugre_cfg_t *cfg, double z, double v, double *dzdt)
{
    return fric_curve_lugre_force(cfg->sigma0, fric_lugre_sigma1(cfg, v), sigma2_of(cfg, v), fric_lugre_g(cfg, v), z, v,
                                  dzdt);
}

double fric_lugre_force(const fric_lugre_cfg_t *cfg, double z, double v)
{
    double dz;
    return fric_lugre_eval(cfg, z, v, &dz);
}

double fric_lugre_steady_z(const fric_lugre_cfg_t *cfg, double v)
{
    return fric_sign(v) * fric_lugre_g(cfg, v) / cfg->sigma0;
}

double fric_lugre_steady_force(const fric_lugre_cfg_t *cfg, double v)
{
    fric_stribeck_cfg_t c = fric_lugre_steady_curve(cfg);
    return fric_stribeck_force(&c, v);
}

double fric_lugre_step_factor(const fric_lugre_cfg_t *cfg, double v, double ts)
{
    return exp(-cfg->sigma0 * fabs(v) * ts / fric_lugre_g(cfg, v));
}

double fric_lugre_step(const fric_lugre_cfg_t *cfg, fric_lugre_state_t *st,
                       double v, double ts)
{
    const double z0 = st->z;
    const double zss = fric_lugre_steady_z(cfg, v);
    const double z1 = zss + (z0 - zss) * fric_lugre_step_factor(cfg, v, ts);
    st->z = z1;
    return cfg->sigma0 * z1 + fric_lugre_sigma1(cfg, v) * (z1 - z0) / ts +
           sigma2_of(cfg, v) * v;
}

double fric_lugre_presliding_stiffness(const fric_lugre_cfg_t *cfg, double z, double v)
{
    const double s = (v < 0.0) ? -1.0 : 1.0;
    return cfg->sigma0 * (1.0 - cfg->sigma0 * s * z / fric_lugre_g(cfg, v));
}

double fric_lugre_rk4_dt_max(const fric_lugre_cfg_t *cfg, double v)
{
    if (v == 0.0) return INFINITY;
    return FRIC_RK4_STABILITY_BOUND * fric_lugre_g(cfg, v) / (cfg->sigma0 * fabs(v));
}

/* ---- Dahl: the LuGre set with Fs = Fc and sigma1 = 0 -------------------- */

fric_status_t fric_dahl_check(const fric_dahl_cfg_t *cfg)
{
    if (!cfg) return FRIC_ERR_NULL;
    if (!fric_is_pos(cfg->fc_pos)) return fric_is_nonneg(cfg->fc_pos) ? FRIC_ERR_FC_DYN : FRIC_ERR_FC;
    if (!fric_is_pos(cfg->fc_neg)) return fric_is_nonneg(cfg->fc_neg) ? FRIC_ERR_FC_NEG_DYN : FRIC_ERR_FC_NEG;
    if (!fric_is_pos(cfg->sigma0)) return FRIC_ERR_SIGMA0;
    if (!fric_is_nonneg(cfg->sigma2_pos)) return FRIC_ERR_B;
    if (!fric_is_nonneg(cfg->sigma2_neg)) return FRIC_ERR_B_NEG;
    return FRIC_OK;
}

fric_status_t fric_dahl_init(const fric_dahl_cfg_t *cfg, fric_dahl_state_t *st)
{
    if (!st) return FRIC_ERR_NULL;
    fric_status_t s = fric_dahl_check(cfg);
    if (s == FRIC_OK) st->z = 0.0;
    return s;
}

fric_lugre_cfg_t fric_dahl_as_lugre(const fric_dahl_cfg_t *cfg)
{
    fric_lugre_cfg_t c = {
        .fc_pos = cfg->fc_pos, .fc_neg = cfg->fc_neg,
        .fs_pos = cfg->fc_pos, .fs_neg = cfg->fc_neg,
        .vs = 1.0, .vs_neg = 1.0, .delta = 2.0, /* irrelevant with Fs = Fc */
        .sigma0 = cfg->sigma0, .sigma1 = 0.0,
        .sigma2_pos = cfg->sigma2_pos, .sigma2_neg = cfg->sigma2_neg, .vd = 0.0,
    };
    return c;
}

double fric_dahl_dzdt(const fric_dahl_cfg_t *cfg, double z, double v)
{
    fric_lugre_cfg_t c = fric_dahl_as_lugre(cfg);
    return fric_lugre_dzdt(&c, z, v);
}

double fric_dahl_force(const fric_dahl_cfg_t *cfg, double z, double v)
{
    return cfg->sigma0 * z + ((v < 0.0) ? cfg->sigma2_neg : cfg->sigma2_pos) * v;
}

double fric_dahl_steady_z(const fric_dahl_cfg_t *cfg, double v)
{
    fric_lugre_cfg_t c = fric_dahl_as_lugre(cfg);
    return fric_lugre_steady_z(&c, v);
}

double fric_dahl_steady_force(const fric_dahl_cfg_t *cfg, double v)
{
    fric_lugre_cfg_t c = fric_dahl_as_lugre(cfg);
    return fric_lugre_steady_force(&c, v);
}

double fric_dahl_step(const fric_dahl_cfg_t *cfg, fric_dahl_state_t *st, double v,
                      double ts)
{
    fric_lugre_cfg_t c = fric_dahl_as_lugre(cfg);
    return fric_lugre_step(&c, st, v, ts);
}

double fric_dahl_rk4_dt_max(const fric_dahl_cfg_t *cfg, double v)
{
    fric_lugre_cfg_t c = fric_dahl_as_lugre(cfg);
    return fric_lugre_rk4_dt_max(&c, v);
}
