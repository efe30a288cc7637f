/* SPDX-License-Identifier: Apache-2.0 */
/* The elasto-plastic model in double precision (see fric_ep.h). */
#include "fric_ep.h"

#include <math.h>

#include "fric_check.h"

#define FRIC_PI 3.14159265358979323846

double fric_ep_z_ba_max(const fric_lugre_cfg_t *l)
{
    const double lo = fmin(fmin(l->fc_pos, l->fs_pos), fmin(l->fc_neg, l->fs_neg));
    return lo / l->sigma0;
}

fric_status_t fric_ep_check(const fric_ep_cfg_t *cfg)
{
    if (!cfg) return FRIC_ERR_NULL;
    const fric_status_t s = fric_lugre_check(&cfg->lugre);
    if (s != FRIC_OK) return s;
    if (!fric_is_pos(cfg->z_ba) || !(cfg->z_ba < fric_ep_z_ba_max(&cfg->lugre))) return FRIC_ERR_Z_BA;
    return FRIC_OK;
}

fric_status_t fric_ep_init(const fric_ep_cfg_t *cfg, fric_lugre_state_t *st)
{
    if (!st) return FRIC_ERR_NULL;
    const fric_status_t s = fric_ep_check(cfg);
    if (s == FRIC_OK) st->z = 0.0;
    return s;
}

/* alpha of the deflection u = sign(v) z in the direction of motion, for
 * z_m = |z_ss(v)| > z_ba: 0 up to z_ba (u <= 0 is the sign gate), the
 * raised cosine across the transition zone, 1 from z_m on. */
static double alpha_u(double u, double z_ba, double zm)
{
    if (u <= z_ba) return 0.0;
    if (u >= zm) return 1.0;
    return 0.5 * (1.0 - cos(FRIC_PI * (u - z_ba) / (zm - z_ba)));
}

static double zm_of(const fric_ep_cfg_t *cfg, double v)
{
    return fric_lugre_g(&cfg->lugre, v) / cfg->lugre.sigma0;
}

double fric_ep_alpha(const fric_ep_cfg_t *cfg, double z, double v)
{
    if (v == 0.0) return 0.0;
    return alpha_u(fric_sign(v) * z, cfg->z_ba, zm_of(cfg, v));
}

double fric_ep_dzdt(const fric_ep_cfg_t *cfg, double z, double v)
{
    if (v == 0.0) return 0.0;
    const double zm = zm_of(cfg, v), u = fric_sign(v) * z;
    return v * (1.0 - alpha_u(u, cfg->z_ba, zm) * u / zm);
}

static double sigma2_of(const fric_lugre_cfg_t *l, double v) { return v < 0.0 ? l->sigma2_neg : l->sigma2_pos; }

double fric_ep_force(const fric_ep_cfg_t *cfg, double z, double v)
{
    const fric_lugre_cfg_t *l = &cfg->lugre;
    return l->sigma0 * z + fric_lugre_sigma1(l, v) * fric_ep_dzdt(cfg, z, v) + sigma2_of(l, v) * v;
}

/* The deflection after the step (see fric_ep.h), v != 0. */
static double advance(const fric_ep_cfg_t *cfg, double z0, double v, double ts)
{
    const double s = fric_sign(v), zm = zm_of(cfg, v), z_ba = cfg->z_ba;
    double u = s * z0, d = fabs(v) * ts;
    if (u >= zm) {
        /* alpha = 1 all the step: LuGre's exact step, toward z_m, never past it */
        const double zss = s * zm;
        return zss + (z0 - zss) * fric_lugre_step_factor(&cfg->lugre, v, ts);
    }
    if (u <= z_ba) {
        /* alpha = 0: the exact add (s * (s z0 + |v| ts) is z0 + v ts exactly) */
        const double room = z_ba - u;
        if (d <= room) return s * (u + d);
        u = z_ba;
        d -= room;
    }
    /* the transition zone, alpha frozen at the midpoint predicted with the
     * slope du/ds at the zone's start */
    const double h = 1.0 - alpha_u(u, z_ba, zm) * u / zm;
    const double a = alpha_u(fmin(u + 0.5 * h * d, zm), z_ba, zm);
    double u1;
    if (a == 0.0) {
        u1 = u + d;
    } else {
        /* du/ds = 1 - a u / z_m: u1 = u + (z_m/a - u) (1 - exp(-a d / z_m)),
         * written with expm1 so that it tends to u + d as a -> 0 */
        u1 = u - (zm - a * u) / a * expm1(-a * d / zm);
    }
    /* at z_m the motion enters the alpha = 1 zone at its fixed point */
    return s * fmin(u1, zm);
}

double fric_ep_step(const fric_ep_cfg_t *cfg, fric_lugre_state_t *st, double v, double ts)
{
    const fric_lugre_cfg_t *l = &cfg->lugre;
    const double z0 = st->z;
    const double z1 = v == 0.0 ? z0 : advance(cfg, z0, v, ts);
    st->z = z1;
    return l->sigma0 * z1 + fric_lugre_sigma1(l, v) * (z1 - z0) / ts + sigma2_of(l, v) * v;
}
