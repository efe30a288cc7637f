/* SPDX-License-Identifier: Apache-2.0 */
/* Static friction curves in double precision (see fric_stribeck.h). */
#include "fric_stribeck.h"

#include <math.h>

#include "fric_check.h"
#include "fric_curve.h"

fric_stribeck_cfg_t fric_stribeck_cfg_symmetric(double fc, double fs, double b,
                                                double vs, double delta)
{
    fric_stribeck_cfg_t c = {fc, fc, fs, fs, b, b, vs, vs, delta};
    return c;
}

fric_stribeck_cfg_t fric_coulomb_cfg(double fc_pos, double fc_neg)
{
    fric_stribeck_cfg_t c = {fc_pos, fc_neg, fc_pos, fc_neg, 0.0, 0.0, 1.0, 1.0, 2.0};
    return c;
}

fric_stribeck_cfg_t fric_viscous_cfg(double fc_pos, double fc_neg, double b_pos,
                                     double b_neg)
{
    fric_stribeck_cfg_t c = {fc_pos, fc_neg, fc_pos, fc_neg, b_pos, b_neg, 1.0, 1.0, 2.0};
    return c;
}

fric_status_t fric_stribeck_check(const fric_stribeck_cfg_t *cfg)
{
    if (!cfg) return FRIC_ERR_NULL;
    if (!fric_is_nonneg(cfg->fc_pos)) return FRIC_ERR_FC;
    if (!fric_is_nonneg(cfg->fc_neg)) return FRIC_ERR_FC_NEG;
    if (!fric_is_nonneg(cfg->fs_pos)) return FRIC_ERR_FS;
    if (!fric_is_nonneg(cfg->fs_neg)) return FRIC_ERR_FS_NEG;
    if (!fric_is_nonneg(cfg->b_pos)) return FRIC_ERR_B;
    if (!fric_is_nonneg(cfg->b_neg)) return FRIC_ERR_B_NEG;
    if (!fric_is_pos(cfg->vs)) return FRIC_ERR_VS;
    if (!fric_is_pos(cfg->vs_neg)) return FRIC_ERR_VS_NEG;
    if (!fric_is_pos(cfg->delta)) return FRIC_ERR_DELTA;
    return FRIC_OK;
}

unsigned fric_stribeck_warnings(const fric_stribeck_cfg_t *cfg)
{
    unsigned w = 0;
    if (cfg->fs_pos < cfg->fc_pos || cfg->fs_neg < cfg->fc_neg) w |= FRIC_WARN_FS_BELOW_FC;
    return w;
}

double fric_stribeck_weight(const fric_stribeck_cfg_t *cfg, double v)
{
    return fric_curve_weight(v < 0.0 ? cfg->vs_neg : cfg->vs, cfg->delta, v);
}

double fric_stribeck_level(const fric_stribeck_cfg_t *cfg, double v)
{
    return fric_curve_level(cfg->fc_pos, cfg->fc_neg, cfg->fs_pos, cfg->fs_neg, cfg->vs, cfg->vs_neg,
                            cfg->delta, v);
}

double fric_stribeck_force(const fric_stribeck_cfg_t *cfg, double v)
{
    if (v == 0.0) return 0.0;
    const double b = (v < 0.0) ? cfg->b_neg : cfg->b_pos;
    return fric_sign(v) * fric_stribeck_level(cfg, v) + b * v;
}

void fric_stribeck_force_array(const fric_stribeck_cfg_t *cfg, const double *v,
                               double *f, size_t n)
{
    for (size_t i = 0; i < n; i++) f[i] = fric_stribeck_force(cfg, v[i]);
}
