/**
 * @file fric_plant.c
 * @brief The 1-DOF stick-slip plant and its RK4 and exact-contact steps
 *        (see fric_plant.h).
 */
#include "fric_plant.h"

#include <math.h>

#include "fric_check.h"

#define TWO_PI 6.283185307179586

fric_status_t fric_plant_check(const fric_plant_t *p)
{
    if (!p) return FRIC_ERR_NULL;
    if (!fric_is_pos(p->mass)) return FRIC_ERR_MASS;
    if (!fric_is_pos(p->k)) return FRIC_ERR_SPRING;
    if (!isfinite(p->vd)) return FRIC_ERR_SUPPORT;
    if (!isfinite(p->force_amp)) return FRIC_ERR_FORCE_AMP;
    if (!fric_is_nonneg(p->force_freq)) return FRIC_ERR_FORCE_FREQ;
    return FRIC_OK;
}

double fric_plant_external(const fric_plant_t *p, double t)
{
    return p->force_amp * sin(TWO_PI * p->force_freq * t);
}

double fric_plant_spring(const fric_plant_t *p, double t, double x)
{
    return p->k * (p->vd * t - x);
}

/* (x', v', z') at (t, x, v, z); *f: the friction force there */
static void deriv(const fric_plant_t *p, const fric_lugre_cfg_t *c, double t, const double y[3],
                  double dy[3], double *f)
{
    const double fr = fric_lugre_force(c, y[2], y[1]);
    dy[0] = y[1];
    dy[1] = (fric_plant_spring(p, t, y[0]) + fric_plant_external(p, t) - fr) / p->mass;
    dy[2] = fric_lugre_dzdt(c, y[2], y[1]);
    if (f) *f = fr;
}

void fric_plant_rk4_step(const fric_plant_t *p, const fric_lugre_cfg_t *c,
                         fric_plant_state_t *s, double h)
{
    const double y0[3] = {s->x, s->v, s->z};
    double k1[3], k2[3], k3[3], k4[3], y[3];
    deriv(p, c, s->t, y0, k1, NULL);
    for (int i = 0; i < 3; i++) y[i] = y0[i] + 0.5 * h * k1[i];
    deriv(p, c, s->t + 0.5 * h, y, k2, NULL);
    for (int i = 0; i < 3; i++) y[i] = y0[i] + 0.5 * h * k2[i];
    deriv(p, c, s->t + 0.5 * h, y, k3, NULL);
    for (int i = 0; i < 3; i++) y[i] = y0[i] + h * k3[i];
    deriv(p, c, s->t + h, y, k4, NULL);
    s->x = y0[0] + h / 6.0 * (k1[0] + 2.0 * k2[0] + 2.0 * k3[0] + k4[0]);
    s->v = y0[1] + h / 6.0 * (k1[1] + 2.0 * k2[1] + 2.0 * k3[1] + k4[1]);
    s->z = y0[2] + h / 6.0 * (k1[2] + 2.0 * k2[2] + 2.0 * k3[2] + k4[2]);
    s->t += h;
    s->f = fric_lugre_force(c, s->z, s->v);
}

/* A particular solution of m x'' + k x = k vd t + A sin(w t) - F and its
 * derivative at t. Off resonance the sinusoid's part is A/(k - m w^2)
 * sin(w t); at (or numerically at) resonance w = w0 it is
 * -A/(2 m w0) t cos(w0 t). */
static void particular(const fric_plant_t *p, double f, double t, double *xp, double *vp)
{
    const double w = TWO_PI * p->force_freq;
    const double w0 = sqrt(p->k / p->mass);
    const double den = p->k - p->mass * w * w;
    *xp = p->vd * t - f / p->k;
    *vp = p->vd;
    if (p->force_amp == 0.0) return;
    if (fabs(den) > 1e-9 * p->k) {
        *xp += p->force_amp / den * sin(w * t);
        *vp += p->force_amp * w / den * cos(w * t);
    } else {
        const double c = -p->force_amp / (2.0 * p->mass * w0);
        *xp += c * t * cos(w0 * t);
        *vp += c * (cos(w0 * t) - w0 * t * sin(w0 * t));
    }
}

void fric_plant_advance(const fric_plant_t *p, fric_plant_state_t *s, double f, double h)
{
    const double w0 = sqrt(p->k / p->mass);
    double xp0, vp0, xp1, vp1;
    particular(p, f, s->t, &xp0, &vp0);
    particular(p, f, s->t + h, &xp1, &vp1);
    /* the homogeneous part: a free oscillation at w0 */
    const double e0 = s->x - xp0, de0 = s->v - vp0;
    const double cs = cos(w0 * h), sn = sin(w0 * h);
    s->x = xp1 + e0 * cs + de0 / w0 * sn;
    s->v = vp1 - e0 * w0 * sn + de0 * cs;
    s->t += h;
}

void fric_plant_exact_step(const fric_plant_t *p, const fric_lugre_cfg_t *c,
                           fric_plant_state_t *s, double h)
{
    fric_lugre_state_t st = {s->z};
    const double f = fric_lugre_step(c, &st, s->v, h);
    s->z = st.z;
    s->f = f;
    fric_plant_advance(p, s, f, h);
}
