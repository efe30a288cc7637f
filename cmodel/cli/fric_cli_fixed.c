/* SPDX-License-Identifier: Apache-2.0 */
/* Shared fixed-point options (see fric_cli_fixed.h). */
#include "fric_cli_fixed.h"

#include "fric_array.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void fric_cli_fixed_defaults(fric_cli_fixed_t *x)
{
    const fric_compile_opts_t o = fric_compile_opts_default();
    x->width = "16";
    x->v_max = o.v_max;
    x->f_max = o.f_max;
    x->ts = 0.0;
}

size_t fric_cli_fixed_opts(fric_cli_fixed_t *x, fric_opt_t *out, const char *ts_help)
{
    const fric_opt_t t[] = {
        {"width", NULL, FRIC_OPT_CHOICE, &x->width, "bits", "datapath width: 16 (iCE40 SB_MAC16) or 18 (ECP5 MULT18X18D) (default 16)", "16|18", false},
        {"v-max", NULL, FRIC_OPT_DOUBLE, &x->v_max, "m/s", "velocity full scale of the input port (default 1)", NULL, false},
        {"f-max", NULL, FRIC_OPT_DOUBLE, &x->f_max, "N", "force full scale of the output port (default: power of two >= 1.25 x the steady-curve peak)", NULL, false},
        {"ts", NULL, FRIC_OPT_DOUBLE, &x->ts, "s", ts_help, NULL, false},
    };
    _Static_assert(sizeof t / sizeof t[0] == FRIC_CLI_FIXED_NOPTS, "table size");
    memcpy(out, t, sizeof t);
    return FRIC_CLI_FIXED_NOPTS;
}

int fric_cli_fixed_compile(const fric_model_t *m, const fric_cli_fixed_t *x, fric_opt_t *opts,
                           size_t n, const char *cmd, double ts_default, fric_cli_fx_t *out)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = (uint32_t)atoi(x->width);
    o.v_max = x->v_max;
    o.f_max = x->f_max;
    const fric_opt_t *f = fric_opts_find(opts, n, "f-max");
    if (f && f->given && !(x->f_max > 0.0))
        return fric_cli_fail(cmd, "--f-max (force full scale, N) must be > 0 (leave it out for automatic), got %.6g", x->f_max);
    const fric_opt_t *t = fric_opts_find(opts, n, "ts");
    o.ts = (t && t->given) ? x->ts : ts_default;
    if (fric_model_dynamic(m) || m->kind == FRIC_MODEL_GMS || m->kind == FRIC_MODEL_ELASTOPLASTIC) {
        if (!(t && t->given) && ts_default <= 0.0)
            return fric_cli_fail(cmd, "--ts (sample time, s) is required for --model %s", fric_model_name(m->kind));
        if (!(o.ts > 0.0)) return fric_cli_fail(cmd, "%s, got %.6g", fric_status_message(FRIC_ERR_TS), o.ts);
    } else {
        if (t && t->given && !(x->ts > 0.0)) return fric_cli_fail(cmd, "%s, got %.6g", fric_status_message(FRIC_ERR_TS), x->ts);
        o.ts = (t && t->given) ? x->ts : 0.0;
    }
    const fric_status_t st = fric_model_compile(m, &o, out);
    if (st != FRIC_OK) return fric_cli_fail(cmd, "%s", out->rep.why);
    /* a sample time in the wrong unit (100 for 100 us) is representable, so it
     * compiles: say so */
    if (t && t->given && x->ts > FRIC_CLI_TS_PLAUSIBLE)
        fprintf(stderr, "%s: warning: --ts %.6g s is longer than %g s: the sample time is in seconds "
                        "(100 us is 1e-4)\n", fric_cli_name(cmd), x->ts, FRIC_CLI_TS_PLAUSIBLE);
    return 0;
}

int fric_cli_vcode(const fric_compile_report_t *rep, double v, const char *cmd, const char *where, int32_t *code)
{
    if (fric_model_vcode(rep, v, code) == FRIC_OK) return 0;
    const double half = ldexp(1.0, (int)rep->width - 1);
    return fric_cli_fail(cmd, "%s: velocity %.9g m/s is outside the input range [%.9g, %.9g] m/s of v-max = %.6g m/s "
                         "and width %u; raise --v-max", where, v, -half * rep->v_lsb, (half - 1.0) * rep->v_lsb,
                         rep->v_max, rep->width);
}

int fric_cli_fixed_only(fric_opt_t *opts, size_t n, const char *cmd, bool ts_too)
{
    static const char *const names[] = {"width", "v-max", "f-max", "ts"};
    for (size_t i = 0; i < (ts_too ? 4u : 3u); i++) {
        const fric_opt_t *o = fric_opts_find(opts, n, names[i]);
        if (o && o->given == FRIC_GIVEN_ARGV) return fric_cli_fail(cmd, "--%s applies only with --fixed", names[i]);
    }
    return 0;
}

void fric_cli_report_flags(const char *cmd, uint32_t flags)
{
    static const struct {
        uint32_t bit;
        const char *what;
    } t[] = {
        {FRIC_FX_FLAG_F_SAT, "force output saturated at the end of its range (F_SAT); raise --f-max"},
        {FRIC_FX_FLAG_MAG_NEG, "Stribeck magnitude below zero, clamped to 0 (MAG_NEG)"},
        {FRIC_FX_FLAG_G_SAT, "g(v) outside its range, clamped (G_SAT)"},
        {FRIC_FX_FLAG_S1_SAT, "sigma1 term beyond twice the force range, clamped (S1_SAT); raise --f-max or --ts"},
        {FRIC_FX_FLAG_W_SAT, "bristle state outside its word, clamped (W_SAT)"},
        {FRIC_FX_FLAG_V_SAT, "velocity code outside its range, clamped (V_SAT)"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (flags & t[i].bit) fprintf(stderr, "%s: warning: %s\n", fric_cli_name(cmd), t[i].what);
}
