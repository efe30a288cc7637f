/* SPDX-License-Identifier: Apache-2.0 */
/* The model of fricore's FMU: one friction contact, computed by libfricore
 * (see fric_fmu_model.h). The FMI glue calls these functions and nothing
 * here knows which FMI version calls it. */
#include "fric_fmu_model.h"

#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define K(k) (1u << (k))
#define K_DIP (K(FRIC_MODEL_STRIBECK) | K(FRIC_MODEL_LUGRE))
#define K_DYN (K(FRIC_MODEL_DAHL) | K(FRIC_MODEL_LUGRE))
#define K_B (K(FRIC_MODEL_VISCOUS) | K(FRIC_MODEL_STRIBECK) | K(FRIC_MODEL_DAHL) | K(FRIC_MODEL_LUGRE))
#define BOTH (FRIC_FMU_IN_DOUBLE | FRIC_FMU_IN_FIXED)
#define ALL (BOTH | FRIC_FMU_IN_STATIC | FRIC_FMU_IN_DYN)
#define FIXED_ALL (FRIC_FMU_IN_FIXED | FRIC_FMU_IN_STATIC | FRIC_FMU_IN_DYN)

/* A friction parameter: value reference (10 .. 29), name (the parameter
 * file's key), member of fric_model_values_t, unit, description, and the
 * kinds that read it (0: every kind). A new parameter of the library is one
 * more line here. */
#define PARAM(vr, name, field, unit, desc, kinds)                                                                     \
    {vr, name, FRIC_FMU_REAL, "parameter", "tunable", unit, desc, ALL, kinds, (long)offsetof(fric_fmu_config_t, val.field)}
/* A compile option of the fixed-point export (fixed after initialization). */
#define OPTION(vr, name, field, unit, desc)                                                                            \
    {vr, name, FRIC_FMU_REAL, "parameter", "fixed", unit, desc, FIXED_ALL, 0, (long)offsetof(fric_fmu_config_t, opt.field)}

const fric_fmu_var_t fric_fmu_vars[] = {
    {FRIC_FMU_VR_TIME, "time", FRIC_FMU_REAL, "independent", "continuous", "s", "simulation time", ALL, 0, -1},
    {FRIC_FMU_VR_V, "v", FRIC_FMU_REAL, "input", "continuous", "m/s", "relative velocity, held over each step", ALL, 0,
     -1},
    {FRIC_FMU_VR_RESET, "reset", FRIC_FMU_BOOLEAN, "input", "discrete", NULL,
     "true: the contact (bristle state and sticky flags) starts the next step at rest", ALL, 0, -1},
    {FRIC_FMU_VR_F, "F", FRIC_FMU_REAL, "output", "continuous", "N", "friction force at the end of the last step",
     FRIC_FMU_IN_DOUBLE | FRIC_FMU_IN_STATIC | FRIC_FMU_IN_DYN, 0, -1},
    {FRIC_FMU_VR_F, "F", FRIC_FMU_REAL, "output", "discrete", "N",
     "friction force of the last sample (F_code times the force LSB)", FIXED_ALL, 0, -1},
    {FRIC_FMU_VR_Z, "z", FRIC_FMU_REAL, "output", "continuous", "m", "mean bristle deflection",
     FRIC_FMU_IN_DOUBLE | FRIC_FMU_IN_DYN, 0, -1},
    {FRIC_FMU_VR_Z, "z", FRIC_FMU_REAL, "output", "discrete", "m",
     "mean bristle deflection (the state w = sigma0*z over sigma0)", FRIC_FMU_IN_FIXED | FRIC_FMU_IN_DYN, 0, -1},
    {FRIC_FMU_VR_F_CODE, "F_code", FRIC_FMU_INTEGER, "output", "discrete", NULL,
     "force code of the last sample, (S,W,0) force LSBs, as the core's output port", FIXED_ALL, 0, -1},
    {FRIC_FMU_VR_FLAGS, "flags", FRIC_FMU_INTEGER, "output", "discrete", NULL,
     "sticky flags since the last reset: 1 F_SAT, 2 MAG_NEG, 4 G_SAT, 8 S1_SAT, 16 W_SAT "
     "(docs/fixed-point.md)",
     FIXED_ALL, 0, -1},
    PARAM(10, "fc", fc, "N", "Coulomb level for v > 0", 0),
    PARAM(11, "fc_neg", fc_neg, "N", "Coulomb level for v < 0 (magnitude)", 0),
    PARAM(12, "fs", fs, "N", "static level for v > 0", K_DIP),
    PARAM(13, "fs_neg", fs_neg, "N", "static level for v < 0 (magnitude)", K_DIP),
    PARAM(14, "vs", vs, "m/s", "Stribeck velocity for v > 0", K_DIP),
    PARAM(15, "delta", delta, NULL, "Stribeck exponent", K_DIP),
    PARAM(16, "sigma0", sigma0, "N/m", "bristle stiffness", K_DYN),
    PARAM(17, "sigma1", sigma1, "N.s/m", "micro-damping", K(FRIC_MODEL_LUGRE)),
    PARAM(18, "b", b, "N.s/m", "viscous coefficient (sigma2) for v > 0", K_B),
    PARAM(19, "b_neg", b_neg, "N.s/m", "viscous coefficient (sigma2) for v < 0", K_B),
    PARAM(20, "vmd", vd, "m/s", "micro-damping velocity (0: constant sigma1)", K(FRIC_MODEL_LUGRE)),
    PARAM(21, "vs_neg", vs_neg, "m/s", "Stribeck velocity for v < 0", K_DIP),
    OPTION(FRIC_FMU_VR_TS, "ts", ts, "s", "sample time of the core"),
    OPTION(FRIC_FMU_VR_V_MAX, "v_max", v_max, "m/s", "velocity full scale of the input port"),
    OPTION(FRIC_FMU_VR_F_MAX, "f_max", f_max, "N", "force full scale of the output port"),
    {FRIC_FMU_VR_WIDTH, "width", FRIC_FMU_INTEGER, "parameter", "fixed", NULL, "datapath width W (16 or 18)",
     FIXED_ALL, 0, -1},
};
const size_t fric_fmu_nvars = sizeof fric_fmu_vars / sizeof fric_fmu_vars[0];

bool fric_fmu_var_declared(const fric_fmu_var_t *var, fric_model_kind_t kind, fric_fmu_arith_t arith)
{
    const bool dyn = kind == FRIC_MODEL_DAHL || kind == FRIC_MODEL_LUGRE;
    if (!(var->in & (arith == FRIC_FMU_FIXED ? FRIC_FMU_IN_FIXED : FRIC_FMU_IN_DOUBLE))) return false;
    if (!(var->in & (dyn ? FRIC_FMU_IN_DYN : FRIC_FMU_IN_STATIC))) return false;
    return var->kinds == 0 || (var->kinds & K(kind));
}

/* The variable of value reference vr declared in this instance, or NULL. */
static const fric_fmu_var_t *find_var(const fric_fmu_t *s, unsigned vr)
{
    for (size_t i = 0; i < fric_fmu_nvars; i++)
        if (fric_fmu_vars[i].vr == vr && fric_fmu_var_declared(&fric_fmu_vars[i], s->cfg.kind, s->cfg.arith))
            return &fric_fmu_vars[i];
    return NULL;
}

const fric_fmu_var_t *fric_fmu_var(unsigned vr)
{
    for (size_t i = 0; i < fric_fmu_nvars; i++)
        if (fric_fmu_vars[i].vr == vr) return &fric_fmu_vars[i];
    return NULL;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(fric_fmu_t *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- the configuration file ---------------------------------------------- */

int fric_fmu_config_parse(const char *text, size_t len, fric_fmu_config_t *out, char *why, size_t why_len)
{
    fric_params_t p;
    fric_params_err_t err;
    memset(out, 0, sizeof *out);
    if (fric_params_parse(text, len, &p, &err) != 0) {
        snprintf(why, why_len, "%s line %u column %u: %s", FRIC_FMU_RESOURCE, err.line, err.col, err.msg);
        return -1;
    }
    const fric_param_t *e;
    if (!(e = fric_params_get(&p, "arith")) || e->kind != FRIC_PARAM_STRING ||
        (strcmp(e->text, "double") != 0 && strcmp(e->text, "fixed") != 0)) {
        snprintf(why, why_len, "%s: key 'arith' must be \"double\" or \"fixed\"", FRIC_FMU_RESOURCE);
        return -1;
    }
    out->arith = strcmp(e->text, "fixed") == 0 ? FRIC_FMU_FIXED : FRIC_FMU_DOUBLE;
    if (!(e = fric_params_get(&p, "model")) || e->kind != FRIC_PARAM_STRING ||
        !fric_model_kind_from_name(e->text, &out->kind)) {
        snprintf(why, why_len, "%s: key 'model' must name a kind (coulomb|viscous|stribeck|dahl|lugre)", FRIC_FMU_RESOURCE);
        return -1;
    }
    if (!(e = fric_params_get(&p, "fmi_token")) || e->kind != FRIC_PARAM_STRING) {
        snprintf(why, why_len, "%s: key 'fmi_token' (a string) is missing", FRIC_FMU_RESOURCE);
        return -1;
    }
    snprintf(out->token, sizeof out->token, "%s", e->text);
    /* every number explicit: the file is written by fricore export */
    for (size_t i = 0; i < fric_fmu_nvars; i++) {
        const fric_fmu_var_t *v = &fric_fmu_vars[i];
        if (strcmp(v->causality, "parameter") != 0 || !fric_fmu_var_declared(v, out->kind, out->arith)) continue;
        if (!(e = fric_params_get(&p, v->name)) || e->kind != FRIC_PARAM_NUMBER) {
            snprintf(why, why_len, "%s: key '%s' (a number) is missing", FRIC_FMU_RESOURCE, v->name);
            return -1;
        }
        if (v->vr == FRIC_FMU_VR_WIDTH) out->opt.width = (uint32_t)(e->num == 16.0 ? 16 : e->num == 18.0 ? 18 : 0);
        else *fric_fmu_param(out, v) = e->num;
    }
    return 0;
}

/* ---- the instance ---------------------------------------------------------- */

static void rest(fric_fmu_t *s)
{
    fric_lugre_state_t z0 = {0.0};
    s->zs = z0;
    fric_fx_lugre_reset(&s->ws);
    s->f = s->z = 0.0;
    s->f_code = 0;
    s->flags = 0;
}

void fric_fmu_init(fric_fmu_t *s, const fric_fmu_config_t *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg0 = *cfg;
    fric_fmu_reset(s);
}

void fric_fmu_reset(fric_fmu_t *s)
{
    s->cfg = s->cfg0;
    s->dirty = true;
    s->v = 0.0;
    s->reset_in = false;
    s->t0 = s->t = 0.0;
    s->nsamples = 0;
    s->msg[0] = '\0';
    rest(s);
}

void fric_fmu_start(fric_fmu_t *s, double t0)
{
    s->t0 = s->t = t0;
    s->nsamples = 0;
}

int fric_fmu_apply(fric_fmu_t *s)
{
    if (!s->dirty) return 0;
    fric_model_t m;
    const fric_status_t st = fric_model_build(s->cfg.kind, &s->cfg.val, &m, NULL);
    if (st != FRIC_OK) return fail(s, "%s", fric_status_message(st));
    if (s->cfg.arith == FRIC_FMU_FIXED) {
        fric_model_fx_t fx;
        const fric_status_t cs = fric_model_compile(&m, &s->cfg.opt, &fx);
        if (cs != FRIC_OK) return fail(s, "%s", fx.rep.why);
        s->fx = fx;
    }
    s->m = m;
    s->dirty = false;
    return 0;
}

int fric_fmu_step(fric_fmu_t *s, double t, double h)
{
    if (!(h > 0.0) || !isfinite(h) || !isfinite(t))
        return fail(s, "the communication step size must be finite and > 0 (got %g s at t = %g s)", h, t);
    if (fric_fmu_apply(s) != 0) return -1;
    if (s->reset_in) rest(s);
    const bool dyn = fric_model_dynamic(&s->m);
    if (s->cfg.arith == FRIC_FMU_DOUBLE) {
        if (!isfinite(s->v)) return fail(s, "%s, got %g", fric_status_message(FRIC_ERR_VELOCITY), s->v);
        fric_lugre_state_t zs = s->zs;
        const double f = dyn ? fric_lugre_step(&s->m.lugre, &zs, s->v, h) : fric_model_steady_force(&s->m, s->v);
        if (!isfinite(f) || !isfinite(zs.z))
            return fail(s, "at t = %g s (v = %g m/s): the %s is no longer finite: the parameters and the velocity take "
                        "it beyond the range of a double", t, s->v, isfinite(zs.z) ? "force" : "state");
        s->zs = zs;
        s->f = f;
        s->z = dyn ? zs.z : 0.0;
    } else {
        const fric_compile_report_t *rep = &s->fx.rep;
        int32_t code;
        if (fric_model_vcode(rep, s->v, &code) != FRIC_OK) {
            const double half = ldexp(1.0, (int)rep->width - 1);
            return fail(s, "at t = %g s: velocity v = %.9g m/s is outside the input range [%.9g, %.9g] m/s of v_max = "
                        "%.6g m/s and width %u; raise v_max", t, s->v, -half * rep->v_lsb, (half - 1.0) * rep->v_lsb,
                        rep->v_max, (unsigned)rep->width);
        }
        /* the samples k with t0 + k*ts < t + h (a relative 1e-9 of ts absorbs
         * the rounding of the communication points) */
        const double k_end = ceil((t + h - s->t0) / rep->ts - 1e-9);
        if (!(k_end < 1e12))
            return fail(s, "at t = %g s: the step of %g s spans more than 1e12 samples of ts = %g s", t, h, rep->ts);
        const uint64_t target = k_end > 0.0 ? (uint64_t)k_end : 0;
        for (; s->nsamples < target; s->nsamples++)
            s->f_code = dyn ? fric_fx_lugre_step(&s->fx.l, &s->ws, code, &s->flags, NULL)
                            : fric_fx_stribeck(&s->fx.s, code, &s->flags, NULL);
        s->f = s->f_code * rep->f_lsb;
        s->z = dyn ? s->ws.w * ldexp(rep->f_lsb, -FRIC_FX_WG(rep->width)) / s->m.lugre.sigma0 : 0.0;
    }
    s->t = t + h;
    return 0;
}

/* ---- getters and setters --------------------------------------------------- */

static const fric_fmu_var_t *typed(fric_fmu_t *s, unsigned vr, fric_fmu_type_t type)
{
    static const char *const names[] = {"Real (Float64)", "Integer (Int32)", "Boolean"};
    const fric_fmu_var_t *v = find_var(s, vr);
    if (!v) {
        fail(s, "no variable has value reference %u in this FMU", vr);
        return NULL;
    }
    if (v->type != type) {
        fail(s, "variable %s (value reference %u) is not of type %s", v->name, vr, names[type]);
        return NULL;
    }
    return v;
}

int fric_fmu_get_real(fric_fmu_t *s, unsigned vr, double *x)
{
    if (!typed(s, vr, FRIC_FMU_REAL)) return -1;
    switch (vr) {
    case FRIC_FMU_VR_TIME: *x = s->t; return 0;
    case FRIC_FMU_VR_V: *x = s->v; return 0;
    case FRIC_FMU_VR_F: *x = s->f; return 0;
    case FRIC_FMU_VR_Z: *x = s->z; return 0;
    default: *x = *fric_fmu_param(&s->cfg, fric_fmu_var(vr)); return 0;
    }
}

static int settable(fric_fmu_t *s, const fric_fmu_var_t *v, bool initializing)
{
    if (strcmp(v->causality, "input") == 0 || strcmp(v->variability, "tunable") == 0) return 0;
    if (strcmp(v->variability, "fixed") == 0 && initializing) return 0;
    return fail(s, "variable %s (%s, %s) cannot be set %s", v->name, v->causality, v->variability,
                initializing ? "" : "after initialization");
}

int fric_fmu_set_real(fric_fmu_t *s, unsigned vr, double x, bool initializing)
{
    const fric_fmu_var_t *v = typed(s, vr, FRIC_FMU_REAL);
    if (!v || settable(s, v, initializing) != 0) return -1;
    if (vr == FRIC_FMU_VR_V) {
        s->v = x;
        return 0;
    }
    *fric_fmu_param(&s->cfg, v) = x;
    s->dirty = true;
    return 0;
}

int fric_fmu_get_int(fric_fmu_t *s, unsigned vr, int32_t *x)
{
    if (!typed(s, vr, FRIC_FMU_INTEGER)) return -1;
    switch (vr) {
    case FRIC_FMU_VR_F_CODE: *x = s->f_code; return 0;
    case FRIC_FMU_VR_FLAGS: *x = (int32_t)s->flags; return 0;
    default: *x = (int32_t)s->cfg.opt.width; return 0;
    }
}

int fric_fmu_set_int(fric_fmu_t *s, unsigned vr, int32_t x, bool initializing)
{
    const fric_fmu_var_t *v = typed(s, vr, FRIC_FMU_INTEGER);
    if (!v || settable(s, v, initializing) != 0) return -1;
    s->cfg.opt.width = x < 0 ? 0u : (uint32_t)x; /* the compiler refuses a width other than 16 or 18 */
    s->dirty = true;
    return 0;
}

int fric_fmu_get_bool(fric_fmu_t *s, unsigned vr, bool *x)
{
    if (!typed(s, vr, FRIC_FMU_BOOLEAN)) return -1;
    *x = s->reset_in;
    return 0;
}

int fric_fmu_set_bool(fric_fmu_t *s, unsigned vr, bool x)
{
    if (!typed(s, vr, FRIC_FMU_BOOLEAN)) return -1;
    s->reset_in = x;
    return 0;
}
