/* SPDX-License-Identifier: Apache-2.0 */
/* Shared friction-parameter options (see fric_cli_friction.h). */
#include "fric_cli_friction.h"

#include <math.h>
#include <string.h>

void fric_cli_friction_defaults(fric_cli_friction_t *f, const char *default_model)
{
    const fric_model_values_t c = fric_model_values_canudas1995();
    f->model = default_model;
    f->params = NULL;
    f->fc = c.fc;
    f->fs = c.fs;
    f->vs = c.vs;
    f->b = c.b;
    f->delta = c.delta;
    f->sigma0 = c.sigma0;
    f->sigma1 = c.sigma1;
    f->vd = c.vd;
    f->fc_neg = f->fs_neg = f->b_neg = f->vs_neg = 0.0;
    f->z_ba = c.z_ba;
    f->gms_n = c.gms_n;
    f->gms_c = c.gms_c;
    f->gms_k.n = f->gms_alpha.n = 0;
}

/* Which models use each option: fric_model.h's sets of kinds. */

static const struct {
    const char *name;
    unsigned models;
} applies[] = {
    {"fc", FRIC_MODELS_ALL}, {"fc-neg", FRIC_MODELS_ALL}, {"fs", FRIC_MODELS_DIP}, {"fs-neg", FRIC_MODELS_DIP},
    {"vs", FRIC_MODELS_DIP}, {"vs-neg", FRIC_MODELS_DIP}, {"delta", FRIC_MODELS_DIP}, {"b", FRIC_MODELS_B}, {"b-neg", FRIC_MODELS_B},
    {"sigma0", FRIC_MODELS_DYN | FRIC_MODELS_GMS}, {"sigma1", FRIC_MODELS_S1}, {"vmd", FRIC_MODELS_S1}, {"z-ba", FRIC_MODELS_EP},
    {"gms-n", FRIC_MODELS_GMS}, {"gms-k", FRIC_MODELS_GMS}, {"gms-alpha", FRIC_MODELS_GMS}, {"gms-c", FRIC_MODELS_GMS},
};

/* What a model needs from a parameter file: the option and its file key. */
static const struct {
    const char *name, *key;
    unsigned models;
} needs[] = {
    {"fc", "fc", FRIC_MODELS_ALL}, {"fs", "fs", FRIC_MODELS_DIP}, {"vs", "vs", FRIC_MODELS_DIP}, {"b", "sigma2", FRIC_MODELS_B},
    {"sigma0", "sigma0", FRIC_MODELS_DYN}, {"sigma1", "sigma1", FRIC_MODELS_S1}, {"z-ba", "z_ba", FRIC_MODELS_EP},
    {"gms-k", "gms_k", FRIC_MODELS_GMS}, {"gms-alpha", "gms_alpha", FRIC_MODELS_GMS}, {"gms-c", "gms_c", FRIC_MODELS_GMS},
};

size_t fric_cli_friction_opts(fric_cli_friction_t *f, fric_opt_t *out, const char *models)
{
    snprintf(f->model_help, sizeof f->model_help, "friction model (default %s)", f->model);
    const fric_opt_t t[] = {
        {"model", NULL, FRIC_OPT_CHOICE, &f->model, "", f->model_help, models, false},
        {"fc", NULL, FRIC_OPT_DOUBLE, &f->fc, "N", "Coulomb level for v > 0 (default 1)", NULL, false},
        {"fs", NULL, FRIC_OPT_DOUBLE, &f->fs, "N", "static (breakaway) level for v > 0 (default 1.5)", NULL, false},
        {"vs", NULL, FRIC_OPT_DOUBLE, &f->vs, "m/s", "Stribeck velocity for v > 0 (default 0.001)", NULL, false},
        {"b", "sigma2", FRIC_OPT_DOUBLE, &f->b, "N*s/m", "viscous coefficient for v > 0 (default 0.4)", NULL, false},
        {"delta", "p", FRIC_OPT_DOUBLE, &f->delta, "", "Stribeck exponent (default 2)", NULL, false},
        {"sigma0", NULL, FRIC_OPT_DOUBLE, &f->sigma0, "N/m", "bristle stiffness (default 1e5)", NULL, false},
        {"sigma1", NULL, FRIC_OPT_DOUBLE, &f->sigma1, "N*s/m", "micro-damping (default sqrt(1e5))", NULL, false},
        {"vmd", NULL, FRIC_OPT_DOUBLE, &f->vd, "m/s", "micro-damping velocity, sigma1*exp(-(v/vmd)^2); 0 = constant (default 0)", NULL, false},
        {"fc-neg", NULL, FRIC_OPT_DOUBLE, &f->fc_neg, "N", "Coulomb level for v < 0, a magnitude (default: --fc)", NULL, false},
        {"fs-neg", NULL, FRIC_OPT_DOUBLE, &f->fs_neg, "N", "static level for v < 0, a magnitude (default: --fs)", NULL, false},
        {"vs-neg", NULL, FRIC_OPT_DOUBLE, &f->vs_neg, "m/s", "Stribeck velocity for v < 0 (default: --vs)", NULL, false},
        {"b-neg", "sigma2-neg", FRIC_OPT_DOUBLE, &f->b_neg, "N*s/m", "viscous coefficient for v < 0 (default: --b)", NULL, false},
        {"params", NULL, FRIC_OPT_STRING, &f->params, "",
         "read the parameters from a JSON parameter file (docs/fit.md); options given here override it", NULL, false},
        {"z-ba", NULL, FRIC_OPT_DOUBLE, &f->z_ba, "m", "elasto-plastic breakaway deflection, 0 < z-ba < min(fc, fs, fc-neg, fs-neg)/sigma0 (default half that bound)", NULL, false},
        {"gms-n", NULL, FRIC_OPT_DOUBLE, &f->gms_n, "", "GMS: number of default elements, 1..16 (default 4; docs/elastoplastic-gms.md)", NULL, false},
        {"gms-k", NULL, FRIC_OPT_DOUBLE_ARRAY, &f->gms_k, "N/m", "GMS element stiffnesses (with --gms-alpha; default: the --gms-n default elements)", NULL, false},
        {"gms-alpha", NULL, FRIC_OPT_DOUBLE_ARRAY, &f->gms_alpha, "", "GMS element fractions of the level, summing to 1", NULL, false},
        {"gms-c", NULL, FRIC_OPT_DOUBLE, &f->gms_c, "N/s", "GMS slip relaxation rate C (default sigma0*vs)", NULL, false},
    };
    _Static_assert(sizeof t / sizeof t[0] == FRIC_CLI_FRICTION_NOPTS, "table size");
    memcpy(out, t, sizeof t);
    return FRIC_CLI_FRICTION_NOPTS;
}

int fric_cli_friction_build(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n,
                            const char *cmd, unsigned refuse, fric_model_t *out)
{
    unsigned warn = 0;
    const int rc = fric_cli_friction_build_quiet(f, opts, n, cmd, refuse, out, &warn);
    if (rc == 0) fric_cli_friction_warn(cmd, warn);
    return rc;
}

bool fric_cli_friction_is_example(const fric_model_t *m)
{
    const fric_lugre_cfg_t ex = fric_lugre_cfg_canudas1995();
    return (m->kind == FRIC_MODEL_LUGRE || m->kind == FRIC_MODEL_ELASTOPLASTIC) &&
           memcmp(&m->lugre, &ex, sizeof ex) == 0;
}

void fric_cli_friction_warn(const char *cmd, unsigned warn)
{
    for (unsigned bit = 1; bit && bit <= warn; bit <<= 1)
        if (warn & bit) fprintf(stderr, "%s: warning: %s\n", fric_cli_name(cmd), fric_warning_message(bit));
}

int fric_cli_friction_values(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n, const char *cmd,
                             fric_model_values_t *v)
{
    const fric_opt_t *ofc = fric_opts_find(opts, n, "fc-neg"), *ofs = fric_opts_find(opts, n, "fs-neg"),
                     *ob = fric_opts_find(opts, n, "b-neg"), *ovs = fric_opts_find(opts, n, "vs-neg"),
                     *oz = fric_opts_find(opts, n, "z-ba");
    fric_model_values_t x = {
        .fc = f->fc, .fs = f->fs, .vs = f->vs, .b = f->b, .delta = f->delta, .sigma0 = f->sigma0,
        .sigma1 = f->sigma1, .vd = f->vd,
        .fc_neg = ofc && ofc->given ? f->fc_neg : f->fc,
        .fs_neg = ofs && ofs->given ? f->fs_neg : f->fs,
        .b_neg = ob && ob->given ? f->b_neg : f->b,
        .vs_neg = ovs && ovs->given ? f->vs_neg : f->vs,
        .z_ba = f->z_ba,
    };
    /* z_ba not given: half the largest allowed, from the levels as given */
    if (!(oz && oz->given)) {
        double lo = fmin(fmin(x.fc, x.fc_neg), fmin(x.fs, x.fs_neg));
        x.z_ba = lo / (2.0 * x.sigma0);
    }
    *v = x;
    /* the GMS elements: both lists, or the --gms-n default ones */
    const fric_opt_t *ok = fric_opts_find(opts, n, "gms-k"), *oa = fric_opts_find(opts, n, "gms-alpha"),
                     *on = fric_opts_find(opts, n, "gms-n"), *oc = fric_opts_find(opts, n, "gms-c");
    const bool lists = ok && ok->given, alist = oa && oa->given;
    if (lists != alist)
        return fric_cli_fail(cmd, "--gms-k and --gms-alpha are given together (one entry per element), got only --%s",
                             lists ? "gms-k" : "gms-alpha");
    if (lists) {
        /* C's default (sigma0 vs) with the elements it comes with */
        (void)fric_model_values_gms_defaults(v, f->gms_k.n);
        if (f->gms_k.n != f->gms_alpha.n)
            return fric_cli_fail(cmd, "--gms-k and --gms-alpha must have one length (one entry per element), got %u and %u",
                                 f->gms_k.n, f->gms_alpha.n);
        if (on && on->given && f->gms_n != (double)f->gms_k.n)
            return fric_cli_fail(cmd, "--gms-n %g disagrees with the %u entries of --gms-k and --gms-alpha", f->gms_n,
                                 f->gms_k.n);
        v->gms_n = f->gms_k.n;
        memcpy(v->gms_k, f->gms_k.v, f->gms_k.n * sizeof f->gms_k.v[0]);
        memcpy(v->gms_alpha, f->gms_alpha.v, f->gms_alpha.n * sizeof f->gms_alpha.v[0]);
    } else {
        /* (another kind's values need not make default elements) */
        fric_model_kind_t kind = FRIC_MODEL_LUGRE;
        const bool gms = fric_model_kind_from_name(f->model, &kind) && kind == FRIC_MODEL_GMS;
        const fric_status_t st = fric_model_values_gms_defaults(v, f->gms_n);
        if (gms && st == FRIC_ERR_GMS_N)
            return fric_cli_fail(cmd, "--gms-n (number of GMS elements) must be an integer from 1 to 16, got %g", f->gms_n);
        if (gms && st != FRIC_OK) return fric_cli_fail(cmd, "%s", fric_status_message(st));
    }
    if (oc && oc->given) v->gms_c = f->gms_c;
    return 0;
}

/* The library's message for st, with its unit as the command's table reads it:
 * fricore servo's axis is rotary, so "fc (Coulomb level for v > 0, N)" reads
 * N*m there, as its help does. The message names the option first and its unit
 * after the last ", " in the parentheses. */
static int fail_status(const char *cmd, fric_status_t st, fric_opt_t *opts, size_t n)
{
    const char *msg = fric_status_message(st);
    char name[24];
    const size_t len = strcspn(msg, " /");
    const char *open = strchr(msg, '('), *close = open ? strchr(open, ')') : NULL;
    if (len < sizeof name && close) {
        memcpy(name, msg, len);
        name[len] = '\0';
        const fric_opt_t *o = fric_opts_find(opts, n, name);
        const char *u = close;
        while (u > open && !(u[-1] == ' ' && u[-2] == ',')) u--;
        if (o && o->unit[0] && u > open &&
            (strlen(o->unit) != (size_t)(close - u) || strncmp(u, o->unit, (size_t)(close - u)) != 0))
            return fric_cli_fail(cmd, "%.*s%s%s", (int)(u - msg), msg, o->unit, close);
    }
    return fric_cli_fail(cmd, "%s", msg);
}

int fric_cli_friction_build_quiet(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n, const char *cmd,
                                  unsigned refuse, fric_model_t *out, unsigned *warnings)
{
    fric_model_kind_t kind = FRIC_MODEL_LUGRE;
    (void)fric_model_kind_from_name(f->model, &kind);

    for (size_t i = 0; i < sizeof applies / sizeof applies[0]; i++) {
        const fric_opt_t *o = fric_opts_find(opts, n, applies[i].name);
        if (o && o->given == FRIC_GIVEN_ARGV && !(applies[i].models & FRIC_MODEL_BIT(kind)))
            return fric_cli_fail(cmd, "--%s does not apply to --model %s", o->name, fric_model_name(kind));
    }
    fric_model_values_t v;
    const int vrc = fric_cli_friction_values(f, opts, n, cmd, &v);
    if (vrc != 0) return vrc;
    unsigned warn = 0;
    const fric_status_t st = fric_model_build(kind, &v, out, &warn);
    if (st != FRIC_OK) return fail_status(cmd, st, opts, n);
    /* A set read from a parameter file takes nothing from the built-in
     * defaults: every parameter the model needs comes from the file or the
     * command line (delta, vmd and the v < 0 parameters have their documented
     * defaults, the v > 0 values). */
    bool from_file = false;
    for (size_t i = 0; i < n; i++) from_file = from_file || opts[i].given == FRIC_GIVEN_FILE;
    if (from_file) {
        char missing[128] = "";
        for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++) {
            const fric_opt_t *o = fric_opts_find(opts, n, needs[i].name);
            if (!(needs[i].models & FRIC_MODEL_BIT(kind)) || !o || o->given) continue;
            const size_t len = strlen(missing);
            snprintf(missing + len, sizeof missing - len, "%s'%s'", len ? ", " : "", needs[i].key);
        }
        if (missing[0])
            return fric_cli_fail(cmd, "%s%s: --model %s needs %s, which neither the file nor the command line gives "
                                 "(the built-in defaults apply only without a parameter file; fit them, e.g. fricore fit "
                                 "dynamic, or give them as options)", f->params ? "--params " : "the parameter file",
                                 f->params ? f->params : "", fric_model_name(kind), missing);
    }
    if (warn & refuse & FRIC_WARN_FS_BELOW_FC) {
        const fric_stribeck_cfg_t *c = &out->stribeck;
        const fric_opt_t *ofs = fric_opts_find(opts, n, "fs");
        return fric_cli_fail(cmd, "fs (static level, %s) must be >= fc (Coulomb level) in each direction for fricore %s, "
                             "got fs %.6g / %.6g, fc %.6g / %.6g", ofs && ofs->unit[0] ? ofs->unit : "N", cmd,
                             c->fs_pos, c->fs_neg, c->fc_pos, c->fc_neg);
    }
    /* the built-in set is the published example: its passivity is documented
     * (docs/servo.md), not warned about on every run; a user's set is warned */
    if (fric_cli_friction_is_example(out)) warn &= ~(unsigned)FRIC_WARN_NOT_PASSIVE;
    *warnings = warn & ~refuse;
    return 0;
}
