/* SPDX-License-Identifier: Apache-2.0 */
/* Shared friction-parameter options (see fric_cli_friction.h). */
#include "fric_cli_friction.h"

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
}

/* Which models use each option: a bit per fric_model_kind_t. */
#define M(k) (1u << (k))
#define M_ALL (M(FRIC_MODEL_COULOMB) | M(FRIC_MODEL_VISCOUS) | M(FRIC_MODEL_STRIBECK) | M(FRIC_MODEL_DAHL) | M(FRIC_MODEL_LUGRE))
#define M_B (M(FRIC_MODEL_VISCOUS) | M(FRIC_MODEL_STRIBECK) | M(FRIC_MODEL_DAHL) | M(FRIC_MODEL_LUGRE))
#define M_DIP (M(FRIC_MODEL_STRIBECK) | M(FRIC_MODEL_LUGRE))
#define M_DYN (M(FRIC_MODEL_DAHL) | M(FRIC_MODEL_LUGRE))

static const struct {
    const char *name;
    unsigned models;
} applies[] = {
    {"fc", M_ALL}, {"fc-neg", M_ALL}, {"fs", M_DIP}, {"fs-neg", M_DIP},
    {"vs", M_DIP}, {"vs-neg", M_DIP}, {"delta", M_DIP}, {"b", M_B}, {"b-neg", M_B},
    {"sigma0", M_DYN}, {"sigma1", M(FRIC_MODEL_LUGRE)}, {"vmd", M(FRIC_MODEL_LUGRE)},
};

/* What a model needs from a parameter file: the option and its file key. */
static const struct {
    const char *name, *key;
    unsigned models;
} needs[] = {
    {"fc", "fc", M_ALL}, {"fs", "fs", M_DIP}, {"vs", "vs", M_DIP}, {"b", "sigma2", M_B},
    {"sigma0", "sigma0", M_DYN}, {"sigma1", "sigma1", M(FRIC_MODEL_LUGRE)},
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
    return m->kind == FRIC_MODEL_LUGRE && memcmp(&m->lugre, &ex, sizeof ex) == 0;
}

void fric_cli_friction_warn(const char *cmd, unsigned warn)
{
    for (unsigned bit = 1; bit && bit <= warn; bit <<= 1)
        if (warn & bit) fprintf(stderr, "%s: warning: %s\n", fric_cli_name(cmd), fric_warning_message(bit));
}

void fric_cli_friction_values(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n, fric_model_values_t *v)
{
    const fric_opt_t *ofc = fric_opts_find(opts, n, "fc-neg"), *ofs = fric_opts_find(opts, n, "fs-neg"),
                     *ob = fric_opts_find(opts, n, "b-neg"), *ovs = fric_opts_find(opts, n, "vs-neg");
    const fric_model_values_t x = {
        .fc = f->fc, .fs = f->fs, .vs = f->vs, .b = f->b, .delta = f->delta, .sigma0 = f->sigma0,
        .sigma1 = f->sigma1, .vd = f->vd,
        .fc_neg = ofc && ofc->given ? f->fc_neg : f->fc,
        .fs_neg = ofs && ofs->given ? f->fs_neg : f->fs,
        .b_neg = ob && ob->given ? f->b_neg : f->b,
        .vs_neg = ovs && ovs->given ? f->vs_neg : f->vs,
    };
    *v = x;
}

int fric_cli_friction_build_quiet(const fric_cli_friction_t *f, fric_opt_t *opts, size_t n, const char *cmd,
                                  unsigned refuse, fric_model_t *out, unsigned *warnings)
{
    fric_model_kind_t kind = FRIC_MODEL_LUGRE;
    (void)fric_model_kind_from_name(f->model, &kind);

    for (size_t i = 0; i < sizeof applies / sizeof applies[0]; i++) {
        const fric_opt_t *o = fric_opts_find(opts, n, applies[i].name);
        if (o && o->given == FRIC_GIVEN_ARGV && !(applies[i].models & M(kind)))
            return fric_cli_fail(cmd, "--%s does not apply to --model %s", o->name, fric_model_name(kind));
    }
    fric_model_values_t v;
    fric_cli_friction_values(f, opts, n, &v);
    unsigned warn = 0;
    const fric_status_t st = fric_model_build(kind, &v, out, &warn);
    if (st != FRIC_OK) return fric_cli_fail(cmd, "%s", fric_status_message(st));
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
            if (!(needs[i].models & M(kind)) || !o || o->given) continue;
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
        return fric_cli_fail(cmd, "fs (static level, N) must be >= fc (Coulomb level) in each direction for fricore %s, "
                             "got fs %.6g / %.6g, fc %.6g / %.6g", cmd, c->fs_pos, c->fs_neg, c->fc_pos, c->fc_neg);
    }
    *warnings = warn & ~refuse;
    return 0;
}
