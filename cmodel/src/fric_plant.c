/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fric_plant.c
 * @brief The 1-DOF stick-slip plant and its RK4 and exact-contact steps
 *        (see fric_plant.h).
 */
#include "fric_plant.h"

#include <math.h>

#include "fric_check.h"
#include "fric_curve.h"

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

/* the external definitions of the header's inline force terms */
extern inline double fric_plant_external(const fric_plant_t *p, double t);
extern inline double fric_plant_spring(const fric_plant_t *p, double t, double x);

fric_contact_t fric_contact_dynamic(const fric_lugre_cfg_t *c)
{
    fric_contact_t k = {.dynamic = true, .lugre = *c, .curve = fric_lugre_steady_curve(c)};
    k.fc[0] = c->fc_pos;
    k.fc[1] = c->fc_neg;
    k.dip[0] = c->fs_pos - c->fc_pos;
    k.dip[1] = c->fs_neg - c->fc_neg;
    k.s2[0] = c->sigma2_pos;
    k.s2[1] = c->sigma2_neg;
    k.ivs = 1.0 / c->vs;
    k.ivd = c->vd > 0.0 ? 1.0 / c->vd : 0.0;
    return k;
}

fric_contact_t fric_contact_static(const fric_stribeck_cfg_t *c)
{
    fric_contact_t k = {.dynamic = false, .curve = *c};
    return k;
}

fric_contact_t fric_contact_model(const fric_model_t *m)
{
    if (fric_model_dynamic(m)) return fric_contact_dynamic(&m->lugre);
    if (!fric_model_has_state(m)) return fric_contact_static(&m->stribeck);
    fric_contact_t k = {.dynamic = false, .curve = m->stribeck, .stepped = true, .model = *m};
    if (m->kind == FRIC_MODEL_ELASTOPLASTIC) k.lugre = m->ep.lugre;
    return k;
}

/* The dynamic contact's coefficients at v with the precomputed fields: g(v),
 * sigma1(v) and sigma2 of the sign of v (products by 1/vs and 1/vd where
 * fric_lugre_eval() divides). Both directions' values are loaded, then
 * selected: no load waits for the sign of v on the step's critical path. */
typedef struct {
    double g, s1, s2;
} lugre_coef_t;

__attribute__((always_inline)) static inline lugre_coef_t lugre_coef(const fric_contact_t *c, double v)
{
    const bool neg = v < 0.0;
    const double fc = neg ? c->fc[1] : c->fc[0], dip = neg ? c->dip[1] : c->dip[0];
    lugre_coef_t k;
    k.s2 = neg ? c->s2[1] : c->s2[0];
    k.g = dip == 0.0 ? fc : fc + dip * fric_curve_weight_u(v * c->ivs, c->lugre.delta);
    k.s1 = c->lugre.sigma1;
    if (c->ivd != 0.0) {
        const double u = v * c->ivd;
        k.s1 *= exp(-u * u);
    }
    return k;
}

/* The dynamic contact's force and z': fric_lugre_eval() with products by
 * reciprocals for its divisions by vs and vd (the same model, rounded once
 * differently). */
__attribute__((always_inline)) static inline double lugre_fast(const fric_contact_t *c, double z, double v, double *dzdt)
{
    const lugre_coef_t k = lugre_coef(c, v);
    return fric_curve_lugre_force(c->lugre.sigma0, k.s1, k.s2, k.g, z, v, dzdt);
}

double fric_contact_eval(const fric_contact_t *c, double z, double v, double *dzdt)
{
    if (c->dynamic) return lugre_fast(c, z, v, dzdt);
    if (c->stepped && c->model.kind == FRIC_MODEL_ELASTOPLASTIC) {
        *dzdt = fric_ep_dzdt(&c->model.ep, z, v);
        return fric_ep_force(&c->model.ep, z, v);
    }
    *dzdt = 0.0;
    if (c->stepped) {
        const fric_gms_state_t rest = {{0.0}, {0}};
        return fric_gms_force(&c->model.gms, &rest, v);
    }
    return fric_stribeck_force(&c->curve, v);
}

double fric_contact_state_force(const fric_contact_t *c, const fric_plant_state_t *s)
{
    if (c->stepped && c->model.kind == FRIC_MODEL_GMS) return fric_gms_force(&c->model.gms, &s->gms, s->v);
    double dz;
    return fric_contact_eval(c, s->z, s->v, &dz);
}

/* One RK4 stage: the friction force and (x', v', z') at (x, v, z), with
 * the drive (the spring's ramp term k vd t plus the external force) at the
 * stage's time given. Scalars, not arrays, so the compiler keeps the whole
 * step in registers. */
typedef struct {
    double dx, dv, dz, f;
} stage_t;

__attribute__((always_inline)) static inline stage_t stage(const fric_plant_t *p, const fric_contact_t *c, bool dynamic,
                                                           double drive, double inv_m, double x, double v, double z)
{
    stage_t k;
    k.dx = v;
    if (!dynamic) {
        k.f = fric_contact_eval(c, z, v, &k.dz);
        k.dv = (drive - p->k * x - k.f) * inv_m;
        return k;
    }
    /* The LuGre stage, arranged for the step's critical path (the same
     * equations as lugre_fast(), summed in another order): with
     * q = sigma0 |v| z / g, z' = v - q and F = sigma0 z + sigma2 v + sigma1 z',
     * so m v' = D - k x - F = (D - k x - sigma0 z - sigma2 v - sigma1 v) + sigma1 q:
     * everything but the last product is ready before g, and after the
     * division only one product and one sum remain. */
    const lugre_coef_t co = lugre_coef(c, v);
    const double base = c->lugre.sigma0 * z + co.s2 * v;
    const double pre = (drive - p->k * x - base - co.s1 * v) * inv_m;
    const double q = c->lugre.sigma0 * fabs(v) * z / co.g;
    k.dz = v - q;
    k.dv = pre + (co.s1 * inv_m) * q;
    k.f = base + co.s1 * k.dz;
    return k;
}

/* k vd t + A sin(2 pi f t): the part of the plant's force that depends on t
 * only */
static double drive(const fric_plant_t *p, double t)
{
    return p->k * p->vd * t + fric_plant_external(p, t);
}

/* The RK4 step, inlined twice below so the dynamic contact's inner loop has
 * no call but exp(). The last stage's evaluation at the new state is kept
 * in s and reused as the next step's first stage. */
__attribute__((always_inline)) static inline void rk4(const fric_plant_t *p, const fric_contact_t *c, bool dynamic,
                                                      fric_plant_state_t *s, double h)
{
    const double x = s->x, v = s->v, z = s->z, hh = 0.5 * h;
    const double inv_m = 1.0 / p->mass;
    const double d0 = drive(p, s->t), dm = drive(p, s->t + hh), d1 = drive(p, s->t + h);
    stage_t k1;
    if (s->cached && s->cz == z && s->cv == v) {
        k1.f = s->f;
        k1.dx = v;
        k1.dv = (d0 - p->k * x - s->f) * inv_m;
        k1.dz = s->cdz;
    } else { /* the same arithmetic as the reused evaluation, so reuse changes no bit */
        k1.f = dynamic ? lugre_fast(c, z, v, &k1.dz) : fric_contact_eval(c, z, v, &k1.dz);
        k1.dx = v;
        k1.dv = (d0 - p->k * x - k1.f) * inv_m;
    }
    const stage_t k2 = stage(p, c, dynamic, dm, inv_m, x + hh * k1.dx, v + hh * k1.dv, z + hh * k1.dz);
    const stage_t k3 = stage(p, c, dynamic, dm, inv_m, x + hh * k2.dx, v + hh * k2.dv, z + hh * k2.dz);
    const stage_t k4 = stage(p, c, dynamic, d1, inv_m, x + h * k3.dx, v + h * k3.dv, z + h * k3.dz);
    s->x = x + h / 6.0 * (k1.dx + 2.0 * k2.dx + 2.0 * k3.dx + k4.dx);
    s->v = v + h / 6.0 * (k1.dv + 2.0 * k2.dv + 2.0 * k3.dv + k4.dv);
    s->z = z + h / 6.0 * (k1.dz + 2.0 * k2.dz + 2.0 * k3.dz + k4.dz);
    s->t += h;
    double dz;
    s->f = dynamic ? lugre_fast(c, s->z, s->v, &dz) : fric_contact_eval(c, s->z, s->v, &dz);
    s->cached = true;
    s->cz = s->z;
    s->cv = s->v;
    s->cdz = dz;
}

void fric_plant_rk4_step(const fric_plant_t *p, const fric_contact_t *c,
                         fric_plant_state_t *s, double h)
{
    if (c->dynamic) rk4(p, c, true, s, h);
    else if (!c->stepped) rk4(p, c, false, s, h);
}

/* A particular solution of m x'' + k x = k vd t + A sin(w t) - F and its
 * derivative at t. Off resonance the sinusoid's part is A/(k - m w^2)
 * sin(w t); at (or numerically at) resonance w = w0 it is
 * -A/(2 m w0) t cos(w0 t). */
__attribute__((always_inline)) static inline void particular(const fric_plant_t *p, double f, double t, double *xp,
                                                             double *vp)
{
    *xp = p->vd * t - f / p->k;
    *vp = p->vd;
    if (p->force_amp == 0.0) return;
    const double w = TWO_PI * p->force_freq;
    const double w0 = sqrt(p->k / p->mass);
    const double den = p->k - p->mass * w * w;
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
    if (s->ah != h || s->ak != p->k || s->am != p->mass) { /* a fixed step pays for these once */
        s->ah = h;
        s->ak = p->k;
        s->am = p->mass;
        s->aw0 = sqrt(p->k / p->mass);
        s->acs = cos(s->aw0 * h);
        s->asn = sin(s->aw0 * h);
    }
    const double w0 = s->aw0, cs = s->acs, sn = s->asn;
    double xp0, vp0, xp1, vp1;
    particular(p, f, s->t, &xp0, &vp0);
    particular(p, f, s->t + h, &xp1, &vp1);
    /* the homogeneous part: a free oscillation at w0 */
    const double e0 = s->x - xp0, de0 = s->v - vp0;
    s->x = xp1 + e0 * cs + de0 / w0 * sn;
    s->v = vp1 - e0 * w0 * sn + de0 * cs;
    s->t += h;
}

/* The bristle state's exact step at constant v over h, and the force held
 * over it: fric_lugre_step() with the contact's precomputed fields (g, sigma1
 * and sigma2 evaluated once, products by 1/vs and 1/vd; the same model,
 * rounded differently in the last bits). */
__attribute__((always_inline)) static inline double lugre_exact_fast(const fric_contact_t *c, double *z, double v,
                                                                    double h)
{
    const double s0 = c->lugre.sigma0, z0 = *z;
    if (v == 0.0) return s0 * z0; /* z' = 0: the state holds */
    const lugre_coef_t k = lugre_coef(c, v);
    const double zss = (v > 0.0 ? k.g : -k.g) / s0;
    const double z1 = zss + (z0 - zss) * exp(-s0 * fabs(v) * h / k.g);
    *z = z1;
    return s0 * z1 + k.s1 * (z1 - z0) / h + k.s2 * v;
}

void fric_plant_exact_step(const fric_plant_t *p, const fric_contact_t *c,
                           fric_plant_state_t *s, double h)
{
    double f;
    if (c->dynamic) {
        f = lugre_exact_fast(c, &s->z, s->v, h);
    } else if (c->stepped) {
        /* the model's own step at the step's initial velocity, its force held */
        fric_model_state_t ms = {.z = s->z, .gms = s->gms};
        f = fric_model_step(&c->model, &ms, s->v, h);
        s->gms = ms.gms;
        s->z = fric_model_state_z(&c->model, &ms);
    } else {
        f = fric_stribeck_force(&c->curve, s->v);
    }
    s->f = f;
    s->cached = false; /* f is the held force, not the contact's at the new state */
    fric_plant_advance(p, s, f, h);
}
