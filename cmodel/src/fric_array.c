/* SPDX-License-Identifier: Apache-2.0 */
/* Whole arrays through a friction element (see fric_array.h). */
#include "fric_array.h"

#include <math.h>
#include <stdio.h>

static void say(char *why, size_t why_len, const char *msg)
{
    if (why && why_len) snprintf(why, why_len, "%s", msg);
}

fric_status_t fric_model_vcode(const fric_compile_report_t *rep, double v, int32_t *code)
{
    const double half = ldexp(1.0, (int)rep->width - 1);
    const double c = nearbyint(v / rep->v_lsb);
    if (!(c >= -half && c <= half - 1.0)) return FRIC_ERR_VELOCITY;
    *code = (int32_t)c;
    return FRIC_OK;
}

int32_t fric_model_fx_steady(const fric_model_fx_t *c, int32_t v, uint32_t *flags)
{
    if (c->gms) return fric_fx_gms_steady(&c->g, v, flags);
    if (!c->dynamic && !c->ep) return fric_fx_stribeck(&c->s, v, flags, NULL);
    const fric_fx_lugre_t *l = c->ep ? &c->e.lugre : &c->l;
    fric_fx_state_t st = {0};
    if (v != 0) {
        const int64_t g = fric_fx_lugre_g(l, v, flags);
        st.w = (v < 0 ? -g : g) * ((int64_t)1 << (FRIC_FX_WG(c->rep.width) - FRIC_FX_G(c->rep.width)));
    }
    /* at w = w_ss the elasto-plastic step is LuGre's (the alpha = 1 zone) */
    return c->ep ? fric_fx_ep_step(&c->e, &st, v, flags, NULL) : fric_fx_lugre_step(l, &st, v, flags, NULL);
}

void fric_model_fx_rest(fric_model_fx_state_t *st)
{
    fric_fx_lugre_reset(&st->l);
    fric_fx_gms_reset(&st->g);
}

int32_t fric_model_fx_step(const fric_model_fx_t *c, fric_model_fx_state_t *st, int32_t v, uint32_t *flags)
{
    if (c->gms) return fric_fx_gms_step(&c->g, &st->g, v, flags);
    if (c->ep) return fric_fx_ep_step(&c->e, &st->l, v, flags, NULL);
    if (c->dynamic) return fric_fx_lugre_step(&c->l, &st->l, v, flags, NULL);
    return fric_fx_stribeck(&c->s, v, flags, NULL);
}

double fric_model_fx_state_z(const fric_model_t *m, const fric_model_fx_t *c, const fric_model_fx_state_t *st)
{
    const double wlsb = ldexp(c->rep.f_lsb, -FRIC_FX_WG(c->rep.width));
    if (c->gms) {
        double f = 0.0, k = 0.0;
        for (unsigned i = 0; i < c->g.n && i < m->gms.n; i++) {
            f += (double)st->g.f[i];
            k += m->gms.k[i];
        }
        return f * wlsb / k;
    }
    if (c->ep) return (double)st->l.w * wlsb / m->ep.lugre.sigma0;
    return c->dynamic ? (double)st->l.w * wlsb / m->lugre.sigma0 : 0.0;
}

fric_status_t fric_array_curve(const fric_model_t *m, const double *v, double *f, size_t n, const char *name,
                               size_t *bad, char *why, size_t why_len)
{
    say(why, why_len, "");
    for (size_t i = 0; i < n; i++) {
        const double x = v[i];
        const double y = isfinite(x) ? fric_model_steady_force(m, x) : NAN;
        if (!isfinite(y)) {
            if (bad) *bad = i;
            if (why && why_len) {
                if (!isfinite(x))
                    snprintf(why, why_len, "%s[%zu] = %g: %s", name, i, x, fric_status_message(FRIC_ERR_VELOCITY));
                else
                    snprintf(why, why_len, "%s[%zu]: the force at v = %g m/s is %g N, not finite: the parameters "
                             "and the velocity take it beyond the range of a double", name, i, x, y);
            }
            return FRIC_ERR_VELOCITY;
        }
        f[i] = y;
    }
    return FRIC_OK;
}

/* FRIC_ERR_VELOCITY for sample i, velocity x outside the port */
static fric_status_t outside(const fric_compile_report_t *rep, const char *name, size_t i, double x, size_t *bad,
                             char *why, size_t why_len)
{
    const double half = ldexp(1.0, (int)rep->width - 1);
    if (bad) *bad = i;
    if (why && why_len)
        snprintf(why, why_len, "%s[%zu]: velocity %.9g m/s is outside the input range [%.9g, %.9g] m/s of "
                 "v-max = %.6g m/s and width %u; raise --v-max", name, i, x, -half * rep->v_lsb,
                 (half - 1.0) * rep->v_lsb, rep->v_max, rep->width);
    return FRIC_ERR_VELOCITY;
}

fric_status_t fric_array_vcode(const fric_compile_report_t *rep, const double *v, int32_t *code, size_t n,
                               const char *name, size_t *bad, char *why, size_t why_len)
{
    say(why, why_len, "");
    for (size_t i = 0; i < n; i++)
        if (fric_model_vcode(rep, v[i], &code[i]) != FRIC_OK) return outside(rep, name, i, v[i], bad, why, why_len);
    return FRIC_OK;
}

void fric_array_curve_fx(const fric_model_fx_t *c, const int32_t *v, int32_t *fcode, double *f, size_t n,
                         uint32_t *flags)
{
    if (!c->dynamic && !c->gms && !c->ep) {
        fric_fx_stribeck_array(&c->s, v, fcode, n, flags);
    } else {
        for (size_t i = 0; i < n; i++) fcode[i] = fric_model_fx_steady(c, v[i], flags);
    }
    if (f)
        for (size_t i = 0; i < n; i++) f[i] = fcode[i] * c->rep.f_lsb;
}

fric_status_t fric_array_trace(const fric_model_t *m, fric_lugre_state_t *st, double ts, const double *v, double *f,
                               double *z, size_t n, const char *name, size_t *bad, char *why, size_t why_len)
{
    say(why, why_len, "");
    if (!fric_model_dynamic(m)) {
        if (why && why_len)
            snprintf(why, why_len, "--model must be dahl or lugre for a trace (a contact with a bristle state), got %s",
                     fric_model_name(m->kind));
        return FRIC_ERR_RANGE;
    }
    if (!(ts > 0.0) || !isfinite(ts)) {
        if (why && why_len) snprintf(why, why_len, "%s, got %.6g", fric_status_message(FRIC_ERR_TS), ts);
        return FRIC_ERR_TS;
    }
    for (size_t i = 0; i < n; i++) {
        const double x = v[i];
        if (!isfinite(x)) {
            if (bad) *bad = i;
            if (why && why_len)
                snprintf(why, why_len, "%s[%zu] = %g: %s", name, i, x, fric_status_message(FRIC_ERR_VELOCITY));
            return FRIC_ERR_VELOCITY;
        }
        const double y = fric_lugre_step(&m->lugre, st, x, ts);
        if (!isfinite(y) || !isfinite(st->z)) {
            if (bad) *bad = i;
            if (why && why_len)
                snprintf(why, why_len, "%s[%zu] (v = %g m/s): %s is no longer finite (F = %g N, z = %g m): the "
                         "parameters and the velocity take it beyond the range of a double", name, i, x,
                         isfinite(st->z) ? "the force" : "the state", y, st->z);
            return FRIC_ERR_VELOCITY;
        }
        f[i] = y;
        z[i] = st->z;
    }
    return FRIC_OK;
}

fric_status_t fric_array_trace_fx(const fric_model_fx_t *c, double sigma0, fric_fx_state_t *st, const double *v,
                                  double *vq, int32_t *fcode, double *f, double *z, size_t n, uint32_t *flags,
                                  const char *name, size_t *bad, char *why, size_t why_len)
{
    say(why, why_len, "");
    const double vlsb = c->rep.v_lsb, flsb = c->rep.f_lsb;
    const double wlsb = ldexp(flsb, -FRIC_FX_WG(c->rep.width));
    for (size_t i = 0; i < n; i++) {
        int32_t code;
        if (fric_model_vcode(&c->rep, v[i], &code) != FRIC_OK)
            return outside(&c->rep, name, i, v[i], bad, why, why_len);
        const int32_t y = c->ep ? fric_fx_ep_step(&c->e, st, code, flags, NULL) : fric_fx_lugre_step(&c->l, st, code, flags, NULL);
        fcode[i] = y;
        if (vq) vq[i] = code * vlsb;
        if (f) f[i] = y * flsb;
        if (z) z[i] = st->w * wlsb / sigma0;
    }
    return FRIC_OK;
}
