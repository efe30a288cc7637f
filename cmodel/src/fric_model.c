/* SPDX-License-Identifier: Apache-2.0 */
/* A friction element of any kind (see fric_model.h). */
#include "fric_model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const model_names[FRIC_MODEL_NKINDS] = {"coulomb", "viscous", "stribeck", "dahl", "lugre",
                                                                 "elastoplastic", "gms"};

const char *fric_model_name(fric_model_kind_t kind)
{
    return (unsigned)kind < FRIC_MODEL_NKINDS ? model_names[kind] : "unknown";
}

bool fric_model_kind_from_name(const char *name, fric_model_kind_t *kind)
{
    for (unsigned k = 0; name && k < FRIC_MODEL_NKINDS; k++)
        if (strcmp(name, model_names[k]) == 0) {
            *kind = (fric_model_kind_t)k;
            return true;
        }
    return false;
}

fric_model_values_t fric_model_values_canudas1995(void)
{
    const fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    fric_model_values_t v = {.fc = c.fc_pos, .fs = c.fs_pos, .vs = c.vs, .b = c.sigma2_pos, .delta = c.delta,
                             .sigma0 = c.sigma0, .sigma1 = c.sigma1, .vd = c.vd, .fc_neg = c.fc_neg,
                             .fs_neg = c.fs_neg, .b_neg = c.sigma2_neg, .vs_neg = c.vs_neg};
    v.z_ba = c.fc_pos / (2.0 * c.sigma0);
    (void)fric_model_values_gms_defaults(&v, 4);
    return v;
}

fric_status_t fric_model_values_gms_defaults(fric_model_values_t *v, double n)
{
    if (!v) return FRIC_ERR_NULL;
    if (!(n >= 1.0 && n <= FRIC_GMS_MAX) || n != floor(n)) return FRIC_ERR_GMS_N;
    if (!(v->vs > 0.0) || !isfinite(v->vs)) return FRIC_ERR_VS;
    fric_gms_cfg_t g;
    const fric_status_t st = fric_gms_default_elements((unsigned)n, v->fs, v->sigma0, &g);
    if (st != FRIC_OK) return st;
    v->gms_n = g.n;
    memcpy(v->gms_k, g.k, sizeof g.k);
    memcpy(v->gms_alpha, g.alpha, sizeof g.alpha);
    v->gms_c = v->sigma0 * v->vs;
    return FRIC_OK;
}

/* the Stribeck curve and the LuGre set of a set of values (named fields: the
 * structs grow) */
static fric_stribeck_cfg_t curve_of(const fric_model_values_t *v)
{
    return (fric_stribeck_cfg_t){.fc_pos = v->fc, .fc_neg = v->fc_neg, .fs_pos = v->fs, .fs_neg = v->fs_neg,
                                 .b_pos = v->b, .b_neg = v->b_neg, .vs = v->vs, .vs_neg = v->vs_neg, .delta = v->delta};
}

static fric_lugre_cfg_t lugre_of(const fric_model_values_t *v)
{
    return (fric_lugre_cfg_t){.fc_pos = v->fc, .fc_neg = v->fc_neg, .fs_pos = v->fs, .fs_neg = v->fs_neg, .vs = v->vs,
                              .vs_neg = v->vs_neg, .delta = v->delta, .sigma0 = v->sigma0, .sigma1 = v->sigma1,
                              .sigma2_pos = v->b, .sigma2_neg = v->b_neg, .vd = v->vd};
}

fric_status_t fric_model_build(fric_model_kind_t kind, const fric_model_values_t *v, fric_model_t *out,
                               unsigned *warnings)
{
    if (!v || !out) return FRIC_ERR_NULL;
    if (warnings) *warnings = 0;
    memset(out, 0, sizeof *out);
    out->kind = kind;
    fric_status_t st = FRIC_OK;
    unsigned warn = 0;
    switch (kind) {
    case FRIC_MODEL_COULOMB:
    case FRIC_MODEL_VISCOUS:
    case FRIC_MODEL_STRIBECK:
        if (kind == FRIC_MODEL_COULOMB) out->stribeck = fric_coulomb_cfg(v->fc, v->fc_neg);
        else if (kind == FRIC_MODEL_VISCOUS) out->stribeck = fric_viscous_cfg(v->fc, v->fc_neg, v->b, v->b_neg);
        else out->stribeck = curve_of(v);
        st = fric_stribeck_check(&out->stribeck);
        if (st == FRIC_OK) warn = fric_stribeck_warnings(&out->stribeck);
        break;
    case FRIC_MODEL_DAHL:
        out->dahl = (fric_dahl_cfg_t){v->fc, v->fc_neg, v->sigma0, v->b, v->b_neg};
        st = fric_dahl_check(&out->dahl);
        out->lugre = fric_dahl_as_lugre(&out->dahl);
        out->stribeck = fric_lugre_steady_curve(&out->lugre);
        break;
    case FRIC_MODEL_LUGRE:
        out->lugre = lugre_of(v);
        st = fric_lugre_check(&out->lugre);
        if (st == FRIC_OK) warn = fric_lugre_warnings(&out->lugre);
        out->stribeck = fric_lugre_steady_curve(&out->lugre);
        break;
    case FRIC_MODEL_ELASTOPLASTIC:
        out->lugre = lugre_of(v);
        out->ep = (fric_ep_cfg_t){out->lugre, v->z_ba};
        st = fric_ep_check(&out->ep);
        if (st == FRIC_OK) warn = fric_lugre_warnings(&out->lugre);
        out->stribeck = fric_lugre_steady_curve(&out->lugre);
        break;
    case FRIC_MODEL_GMS:
        out->stribeck = curve_of(v);
        out->gms.n = v->gms_n;
        if (v->gms_n >= 1 && v->gms_n <= FRIC_GMS_MAX) {
            memcpy(out->gms.k, v->gms_k, v->gms_n * sizeof v->gms_k[0]);
            memcpy(out->gms.alpha, v->gms_alpha, v->gms_n * sizeof v->gms_alpha[0]);
        }
        out->gms.c = v->gms_c;
        out->gms.curve = out->stribeck;
        st = fric_gms_check(&out->gms);
        if (st == FRIC_OK) warn = fric_stribeck_warnings(&out->stribeck);
        break;
    default:
        return FRIC_ERR_RANGE;
    }
    if (st == FRIC_OK && warnings) *warnings = warn;
    return st;
}

/* Which kinds read each key: fric_model.h's sets of kinds. */
#define KINDS "coulomb|viscous|stribeck|dahl|lugre|elastoplastic|gms"

static fric_status_t refuse(char *why, size_t n, const char *fmt, const char *a, const char *b)
{
    if (why && n) snprintf(why, n, fmt, a, b);
    return FRIC_ERR_RANGE;
}

fric_status_t fric_model_from_params(const fric_params_t *p, const char *model, fric_model_t *out,
                                     unsigned *warnings, char *why, size_t why_len)
{
    if (why && why_len) why[0] = '\0';
    if (warnings) *warnings = 0;
    if (!p || !out) return FRIC_ERR_NULL;
    /* the parameters; needed: the kinds that must find the key in the file */
    fric_model_values_t v = {0};
    v.delta = 2.0;
    const struct {
        const char *key, *alias;
        double *dst;
        unsigned reads, needed;
    } t[] = {
        {"fc", NULL, &v.fc, FRIC_MODELS_ALL, FRIC_MODELS_ALL},
        {"fs", NULL, &v.fs, FRIC_MODELS_DIP, FRIC_MODELS_DIP},
        {"vs", NULL, &v.vs, FRIC_MODELS_DIP, FRIC_MODELS_DIP},
        {"delta", "p", &v.delta, FRIC_MODELS_DIP, 0},
        {"sigma0", NULL, &v.sigma0, FRIC_MODELS_DYN, FRIC_MODELS_DYN},
        {"sigma1", NULL, &v.sigma1, FRIC_MODELS_S1, FRIC_MODELS_S1},
        {"b", "sigma2", &v.b, FRIC_MODELS_B, FRIC_MODELS_B},
        {"vmd", NULL, &v.vd, FRIC_MODELS_S1, 0},
        {"z_ba", NULL, &v.z_ba, FRIC_MODELS_EP, FRIC_MODELS_EP},
        {"gms_c", NULL, &v.gms_c, FRIC_MODELS_GMS, FRIC_MODELS_GMS},
        {"fc_neg", NULL, &v.fc_neg, FRIC_MODELS_ALL, 0},
        {"fs_neg", NULL, &v.fs_neg, FRIC_MODELS_DIP, 0},
        {"vs_neg", NULL, &v.vs_neg, FRIC_MODELS_DIP, 0},
        {"b_neg", "sigma2_neg", &v.b_neg, FRIC_MODELS_B, 0},
    };
    enum { NT = sizeof t / sizeof t[0] };
    /* the keys a parameter file may also hold: the compile options, and the
     * servo's (a command reads them; a friction element does not) */
    static const char *const other[] = {"model", "v_max", "f_max", "ts", "width", "gms_k", "gms_alpha"};
    for (size_t i = 0; i < p->n; i++) {
        const char *k = p->p[i].key;
        bool ok = false;
        for (size_t j = 0; j < NT && !ok; j++) ok = strcmp(k, t[j].key) == 0 || (t[j].alias && strcmp(k, t[j].alias) == 0);
        for (size_t j = 0; j < sizeof other / sizeof other[0] && !ok; j++) ok = strcmp(k, other[j]) == 0;
        if (!ok) return refuse(why, why_len, "unknown key '%s'%s", k, "");
    }
    fric_model_kind_t kind;
    const fric_param_t *m = fric_params_get(p, "model");
    if (!model) {
        if (!m) return refuse(why, why_len, "key 'model' is required (%s)%s", KINDS, "");
        if (m->kind != FRIC_PARAM_STRING) return refuse(why, why_len, "key 'model' must be a string (%s)%s",
                                                        KINDS, "");
        model = m->text;
    }
    if (!fric_model_kind_from_name(model, &kind))
        return refuse(why, why_len, "model '%s' is not one of %s", model, KINDS);
    char missing[160] = "";
    bool found_neg[NT] = {false};
    for (size_t j = 0; j < NT; j++) {
        const fric_param_t *e = fric_params_get(p, t[j].key);
        const fric_param_t *a = t[j].alias ? fric_params_get(p, t[j].alias) : NULL;
        if (e && a) return refuse(why, why_len, "keys '%s' and '%s' are one parameter; give one", t[j].key, t[j].alias);
        if (!e) e = a;
        if (!e) {
            if (t[j].needed & FRIC_MODEL_BIT(kind)) {
                const size_t len = strlen(missing);
                snprintf(missing + len, sizeof missing - len, "%s'%s'", len ? ", " : "", t[j].key);
            }
            continue;
        }
        if (!(t[j].reads & FRIC_MODEL_BIT(kind))) continue;
        if (e->kind != FRIC_PARAM_NUMBER) return refuse(why, why_len, "key '%s' must be a number%s", e->key, "");
        *t[j].dst = e->num;
        found_neg[j] = true;
    }
    /* the GMS element lists: two arrays of one length */
    const fric_param_t *ak = fric_params_get(p, "gms_k"), *aa = fric_params_get(p, "gms_alpha");
    if (kind == FRIC_MODEL_GMS) {
        const fric_param_t *arr[2] = {ak, aa};
        double *dst[2] = {v.gms_k, v.gms_alpha};
        for (int j = 0; j < 2; j++) {
            const char *key = j ? "gms_alpha" : "gms_k";
            if (!arr[j]) {
                const size_t len = strlen(missing);
                snprintf(missing + len, sizeof missing - len, "%s'%s'", len ? ", " : "", key);
                continue;
            }
            if (arr[j]->kind != FRIC_PARAM_ARRAY)
                return refuse(why, why_len, "key '%s' must be an array of 1 to 16 numbers%s", key, "");
            memcpy(dst[j], p->pool + arr[j]->at, arr[j]->n * sizeof p->pool[0]);
        }
        if (ak && aa && ak->kind == FRIC_PARAM_ARRAY && aa->kind == FRIC_PARAM_ARRAY) {
            if (ak->n != aa->n)
                return refuse(why, why_len, "keys '%s' and '%s' must have one length (one entry per GMS element)",
                              "gms_k", "gms_alpha");
            v.gms_n = ak->n;
        }
    }
    if (missing[0])
        return refuse(why, why_len, "model %s needs %s: the set has no default for them", model, missing);
    /* the v < 0 levels default to the v > 0 ones */
    for (size_t j = 0; j < NT; j++) {
        if (found_neg[j]) continue;
        if (t[j].dst == &v.fc_neg) v.fc_neg = v.fc;
        if (t[j].dst == &v.fs_neg) v.fs_neg = v.fs;
        if (t[j].dst == &v.b_neg) v.b_neg = v.b;
        if (t[j].dst == &v.vs_neg) v.vs_neg = v.vs;
    }
    const fric_status_t st = fric_model_build(kind, &v, out, warnings);
    if (st != FRIC_OK && why && why_len) snprintf(why, why_len, "%s", fric_status_message(st));
    return st;
}

double fric_model_steady_force(const fric_model_t *m, double v)
{
    return fric_stribeck_force(&m->stribeck, v);
}

bool fric_model_dynamic(const fric_model_t *m)
{
    return m->kind == FRIC_MODEL_DAHL || m->kind == FRIC_MODEL_LUGRE;
}

bool fric_model_has_state(const fric_model_t *m)
{
    return fric_model_dynamic(m) || m->kind == FRIC_MODEL_ELASTOPLASTIC || m->kind == FRIC_MODEL_GMS;
}

void fric_model_state_rest(fric_model_state_t *st)
{
    memset(st, 0, sizeof *st);
}

double fric_model_step(const fric_model_t *m, fric_model_state_t *st, double v, double ts)
{
    fric_lugre_state_t z = {st->z};
    double f;
    switch (m->kind) {
    case FRIC_MODEL_DAHL:
    case FRIC_MODEL_LUGRE: f = fric_lugre_step(&m->lugre, &z, v, ts); break;
    case FRIC_MODEL_ELASTOPLASTIC: f = fric_ep_step(&m->ep, &z, v, ts); break;
    case FRIC_MODEL_GMS: return fric_gms_step(&m->gms, &st->gms, v, ts);
    default: return fric_model_steady_force(m, v);
    }
    st->z = z.z;
    return f;
}

double fric_model_state_z(const fric_model_t *m, const fric_model_state_t *st)
{
    if (m->kind != FRIC_MODEL_GMS) return st->z;
    double f = 0.0, k = 0.0;
    for (unsigned i = 0; i < m->gms.n; i++) {
        f += st->gms.f[i];
        k += m->gms.k[i];
    }
    return f / k;
}

fric_status_t fric_model_compile(const fric_model_t *m, const fric_compile_opts_t *opt, fric_model_fx_t *out)
{
    if (!m || !opt || !out) return FRIC_ERR_NULL;
    memset(out, 0, sizeof *out);
    if (m->kind == FRIC_MODEL_GMS) {
        out->gms = true;
        return fric_compile_gms(&m->gms, opt, &out->g, &out->rep);
    }
    if (m->kind == FRIC_MODEL_ELASTOPLASTIC) {
        out->ep = true;
        return fric_compile_ep(&m->ep, opt, &out->e, &out->rep);
    }
    out->dynamic = fric_model_dynamic(m);
    fric_status_t st;
    if (out->dynamic) {
        st = m->kind == FRIC_MODEL_DAHL ? fric_compile_dahl(&m->dahl, opt, &out->l, &out->rep)
                                        : fric_compile_lugre(&m->lugre, opt, &out->l, &out->rep);
    } else {
        st = fric_compile_stribeck(&m->stribeck, opt, &out->s, &out->rep);
        out->rep.ts = opt->ts;
    }
    return st;
}
