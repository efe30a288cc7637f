/* SPDX-License-Identifier: Apache-2.0 */
/* fricore compile: SI parameters to the integers the hardware holds, as
 * JSON (default), a Verilog include, or a $readmemh hex image. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_cli.h"
#include "fric_cli_fixed.h"
#include "fric_cli_friction.h"
#include "fric_cli_out.h"
#include "fric_cmd.h"

#define CMD "compile"
#define USAGE "--model coulomb|viscous|stribeck|dahl|lugre|elastoplastic|gms [parameters] [--ts SECONDS] [--width 16|18] [--v-max M/S] [--f-max N] [--format json|vh|hex]"

static const char *const field_names[FRIC_FX_WORDS_LUGRE] = FRIC_FX_WORD_NAMES;
static const char *const ep_names[FRIC_FX_WORDS_EP - FRIC_FX_WORDS_LUGRE] = {"EP_WBA", "EP_KZM", "EP_KZS"};
_Static_assert(FRIC_FX_WORD_EP_WBA == FRIC_FX_WORDS_LUGRE && FRIC_FX_WORD_EP_KZS == FRIC_FX_WORDS_EP - 1,
               "elasto-plastic field order follows fric_fx_formats.h");
_Static_assert(FRIC_FX_WORD_GMS_N == FRIC_FX_WORDS_STRIBECK && FRIC_FX_WORD_GMS_KCX == FRIC_FX_WORD_GMS_N + 2 &&
                   FRIC_FX_WORD_GMS_KM(0) == FRIC_FX_WORD_GMS_KCX + 1 && FRIC_FX_WORD_GMS_AM(1) == FRIC_FX_WORD_GMS_KM(0) + 5,
               "GMS field order follows fric_fx_formats.h");

/* The name of word i of a set: the Stribeck and LuGre fields, or a GMS
 * set's (GMS_N, GMS_KCM, GMS_KCX, then GMS_KM_<i>, GMS_KS_<i>, GMS_AM_<i>). */
static const char *word_name(bool gms, size_t i, char buf[24])
{
    static const char *const gms_head[] = {"GMS_N", "GMS_KCM", "GMS_KCX"};
    static const char *const gms_elem[] = {"GMS_KM", "GMS_KS", "GMS_AM"};
    if (!gms && i >= FRIC_FX_WORDS_LUGRE) return ep_names[i - FRIC_FX_WORDS_LUGRE];
    if (!gms || i < FRIC_FX_WORDS_STRIBECK) return field_names[i];
    if (i < (size_t)FRIC_FX_WORD_GMS_KM(0)) return gms_head[i - FRIC_FX_WORDS_STRIBECK];
    const size_t k = i - (size_t)FRIC_FX_WORD_GMS_KM(0);
    snprintf(buf, 24, "%s_%zu", gms_elem[k % 3], k / 3);
    return buf;
}

static const char *core_name(const fric_cli_fx_t *c)
{
    return c->gms ? "gms" : c->ep ? "lugre-ep" : c->dynamic ? "lugre" : "stribeck";
}

static double rel(const fric_quant_t *q)
{
    return q->requested != 0.0 ? (q->represented - q->requested) / q->requested : 0.0;
}

/* Every number the report prints, finite: 0, or FRIC_EXIT_FAIL naming the first that is not. */
static int check_finite(const fric_compile_report_t *r)
{
    const struct {
        const char *name;
        double v;
    } top[] = {{"v_max", r->v_max}, {"f_max", r->f_max}, {"v_lsb", r->v_lsb}, {"f_lsb", r->f_lsb}, {"ts", r->ts}};
    for (size_t i = 0; i < sizeof top / sizeof top[0]; i++)
        if (!isfinite(top[i].v))
            return fric_cli_run_failed(CMD, "the compiled set's %s is not finite (%g)", top[i].name, top[i].v);
    for (size_t i = 0; i < r->nquant; i++) {
        const fric_quant_t *q = &r->quant[i];
        const double d = q->represented - q->requested;
        if (!isfinite(q->represented) || !isfinite(d) || !isfinite(rel(q)))
            return fric_cli_run_failed(CMD, "the quantization of %s is not finite: %g %s requested, %g represented "
                                       "(error %g, relative %g)", q->param, q->requested, q->unit, q->represented, d,
                                       rel(q));
    }
    return 0;
}

static void print_json(const fric_model_t *m, const fric_cli_fx_t *c, const uint32_t *w, size_t nw)
{
    const fric_compile_report_t *r = &c->rep;
    printf("{\n  \"model\": \"%s\",\n  \"core\": \"%s\",\n  \"width\": %u,\n", fric_model_name(m->kind),
           core_name(c), r->width);
    printf("  \"v_max\": %.17g,\n  \"f_max\": %.17g,\n  \"v_lsb\": %.17g,\n  \"f_lsb\": %.17g,\n  \"ts\": %.17g,\n",
           r->v_max, r->f_max, r->v_lsb, r->f_lsb, r->ts);
    printf("  \"fields\": {");
    char nb[24];
    for (size_t i = 0; i < nw; i++) printf("%s\n    \"%s\": %d", i ? "," : "", word_name(c->gms, i, nb), (int32_t)w[i]);
    printf("\n  },\n  \"words\": [");
    for (size_t i = 0; i < nw; i++) printf("%s\"0x%08x\"", i ? ", " : "", w[i]);
    printf("],\n  \"quantization\": [");
    for (size_t i = 0; i < r->nquant; i++) {
        const fric_quant_t *q = &r->quant[i];
        printf("%s\n    {\"param\": \"%s\", \"unit\": \"%s\", \"requested\": %.17g, \"represented\": %.17g, "
               "\"abs_error\": %.6g, \"rel_error\": %.6g}",
               i ? "," : "", q->param, q->unit, q->requested, q->represented, q->represented - q->requested, rel(q));
    }
    printf("\n  ]\n}\n");
}

static void print_comment_header(const char *cc, const fric_model_t *m, const fric_cli_fx_t *c)
{
    const fric_compile_report_t *r = &c->rep;
    printf("%s fricore compile: model %s on the %s core, width %u\n", cc, fric_model_name(m->kind),
           core_name(c), r->width);
    printf("%s v_max %.9g m/s (V_LSB %.9g), f_max %.9g N (F_LSB %.9g), ts %.9g s\n", cc, r->v_max, r->v_lsb,
           r->f_max, r->f_lsb, r->ts);
    printf("%s quantization (parameter: requested -> represented, relative error):\n", cc);
    for (size_t i = 0; i < r->nquant; i++)
        printf("%s   %-10s %.9g -> %.9g %s (%.3g)\n", cc, r->quant[i].param, r->quant[i].requested,
               r->quant[i].represented, r->quant[i].unit, rel(&r->quant[i]));
}

int fric_cmd_compile(int argc, char **argv)
{
    fric_cli_friction_t fp;
    fric_cli_fixed_t fx;
    const char *format = "json";
    fric_opt_t opts[FRIC_CLI_FRICTION_NOPTS + FRIC_CLI_FIXED_NOPTS + 1];
    fric_cli_friction_defaults(&fp, "stribeck");
    fric_cli_fixed_defaults(&fx);
    size_t n = fric_cli_friction_opts(&fp, opts, "coulomb|viscous|stribeck|dahl|lugre|elastoplastic|gms");
    n += fric_cli_fixed_opts(&fx, opts + n, "sample time; required for dahl, lugre, elastoplastic and gms, recorded only for the static models");
    opts[n++] = (fric_opt_t){"format", NULL, FRIC_OPT_CHOICE, &format, "",
                             "json: fields, words and quantization; vh: Verilog localparams; hex: one word per line for $readmemh (default json)",
                             "json|vh|hex", false};
    int rc = fric_opts_parse(opts, n, argc, argv, 2, CMD, USAGE);
    fric_out_t out = {.opt = "stdout", .path = "-"};
    if (rc == 0) rc = fric_out_stdout(&out, CMD);
    fric_model_t m;
    fric_cli_fx_t c;
    if (rc == 0) rc = fric_cli_friction_build(&fp, opts, n, CMD, 0, &m);
    if (rc == 0) rc = fric_cli_fixed_compile(&m, &fx, opts, n, CMD, 0.0, &c);
    if (rc == 0) rc = check_finite(&c.rep);
    if (rc != 0) {
        fric_outs_discard(&out, 1);
        return rc == FRIC_OPTS_HELP ? 0 : rc;
    }

    uint32_t w[FRIC_FX_WORDS_GMS > FRIC_FX_WORDS_EP ? FRIC_FX_WORDS_GMS : FRIC_FX_WORDS_EP];
    const size_t nw = c.gms ? FRIC_FX_WORDS_GMS : c.ep ? FRIC_FX_WORDS_EP : c.dynamic ? FRIC_FX_WORDS_LUGRE : FRIC_FX_WORDS_STRIBECK;
    if (c.gms) fric_fx_gms_pack(&c.g, w);
    else if (c.ep) fric_fx_ep_pack(&c.e, w);
    else if (c.dynamic) fric_fx_lugre_pack(&c.l, w);
    else fric_fx_stribeck_pack(&c.s, w);
    char nb[24];

    if (strcmp(format, "json") == 0) {
        print_json(&m, &c, w, nw);
    } else if (strcmp(format, "vh") == 0) {
        print_comment_header("//", &m, &c);
        printf("localparam integer FRIC_P_WIDTH = %u;\nlocalparam integer FRIC_P_WORDS = %zu;\n", c.rep.width, nw);
        for (size_t i = 0; i < nw; i++)
            printf("localparam [31:0] FRIC_P_%s = 32'h%08x; // %d\n", word_name(c.gms, i, nb), w[i], (int32_t)w[i]);
        printf("// the whole set, word i at FRIC_P_SET[32*i +: 32] (examples/rtl/fric_lugre_preset.v loads it)\n"
               "localparam [32*FRIC_P_WORDS-1:0] FRIC_P_SET = {");
        for (size_t i = nw; i-- > 0;) printf("FRIC_P_%s%s", word_name(c.gms, i, nb), i ? ", " : "};\n");
    } else {
        print_comment_header("//", &m, &c);
        printf("// %zu words in the order of fric_fx_formats.h (KM first)\n", nw);
        for (size_t i = 0; i < nw; i++) printf("%08x\n", w[i]);
    }
    /* every write to stdout is checked by its sticky error flag here */
    return fric_outs_close(&out, 1, CMD);
}
