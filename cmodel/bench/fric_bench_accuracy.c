/* SPDX-License-Identifier: Apache-2.0 */
/* fric-bench-accuracy: the figures of `make bench-accuracy`.
 *
 *   fric-bench-accuracy [--quick] JSON_OUT MD_OUT
 *
 * Stribeck: every input code of every set, at both widths. Dahl/LuGre: every
 * set over every trace at every sample time from 1 us to 10 ms, at both
 * widths, at most 2000000 samples per run (the whole trace from 10 us up). Prints a summary, writes the JSON
 * record and the Markdown report, and exits 1 when a bound is missed
 * (Stribeck <= 1.5 LSB, Dahl/LuGre <= 4 LSB, GMS <= 2 LSB, elasto-plastic
 * <= 6 LSB, in 16-bit output LSB). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fric_accuracy.h"

#define STRIBECK_BOUND 1.5
#define DYNAMIC_BOUND 4.0
#define GMS_BOUND 2.0
#define EP_BOUND 6.0

/* One open-loop run's line on stdout, its table row and its JSON object;
 * its error in 16-bit LSB. */
static double row(FILE *js, FILE *md, const char *name, fric_trace_kind_t t, double ts, uint32_t w,
                  const fric_acc_dynamic_result_t *r, int first)
{
    const double m16 = r->max_lsb / (double)(1u << (w - 16));
    printf("  %-18s %-12s ts %-6g W=%u  max %.3f LSB  state %.3f LSB  (param %.3f + arith %.3f)  flags %u\n", name,
           fric_trace_name(t), ts, w, r->max_lsb, r->state_max_lsb, r->param_lsb, r->arith_lsb, r->flags);
    fprintf(md, "| %s | %s | %g | %u | %zu | %g | %g | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |\n", name, fric_trace_name(t),
            ts, w, r->n, r->v_max, r->f_max, r->max_lsb, r->rms_lsb, r->state_max_lsb, r->param_lsb, r->arith_lsb, m16);
    fprintf(js, "%s\n    {\"set\": \"%s\", \"trace\": \"%s\", \"ts\": %g, \"width\": %u, \"samples\": %zu, "
                "\"v_max\": %g, \"f_max\": %g, \"max_lsb\": %.6f, \"rms_lsb\": %.6f, \"state_max_lsb\": %.6f, "
                "\"param_lsb\": %.6f, \"arith_lsb\": %.6f, \"max_lsb16\": %.6f, \"flags\": %u}",
            first ? "" : ",", name, fric_trace_name(t), ts, w, r->n, r->v_max, r->f_max, r->max_lsb, r->rms_lsb,
            r->state_max_lsb, r->param_lsb, r->arith_lsb, m16, r->flags);
    return m16;
}

/* One open-loop measurement: set i of a list over a trace; its name. */
typedef fric_status_t (*measure_fn)(size_t i, fric_trace_kind_t t, double ts, uint32_t w, size_t max_samples,
                                    fric_acc_dynamic_result_t *r, char *why, size_t why_len, const char **name);

static fric_status_t measure_dynamic(size_t i, fric_trace_kind_t t, double ts, uint32_t w, size_t max_samples,
                                     fric_acc_dynamic_result_t *r, char *why, size_t why_len, const char **name)
{
    *name = fric_acc_dynamic_sets[i].name;
    return fric_acc_dynamic(&fric_acc_dynamic_sets[i], t, ts, w, max_samples, r, why, why_len);
}

static fric_status_t measure_ep(size_t i, fric_trace_kind_t t, double ts, uint32_t w, size_t max_samples,
                                fric_acc_dynamic_result_t *r, char *why, size_t why_len, const char **name)
{
    *name = fric_acc_ep_sets[i].name;
    return fric_acc_ep(&fric_acc_ep_sets[i], t, ts, w, max_samples, r, why, why_len);
}

static fric_status_t measure_gms(size_t i, fric_trace_kind_t t, double ts, uint32_t w, size_t max_samples,
                                 fric_acc_dynamic_result_t *r, char *why, size_t why_len, const char **name)
{
    *name = fric_acc_gms_sets[i].name;
    return fric_acc_gms(&fric_acc_gms_sets[i], t, ts, w, max_samples, r, why, why_len);
}

/* Every set of a list over every trace, sample time and width: the rows, the
 * worst error in 16-bit LSB into *worst, *ok cleared on a bound missed or a
 * flag. Nonzero when a set is refused. */
static int sweep(FILE *js, FILE *md, size_t nsets, measure_fn measure, size_t max_samples, double bound,
                 double *worst, int *ok)
{
    static const uint32_t widths[] = {16, 18};
    int first = 1;
    for (size_t i = 0; i < nsets; i++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (size_t j = 0; j < fric_acc_n_sample_times; j++)
                for (size_t k = 0; k < 2; k++) {
                    const double ts = fric_acc_sample_times[j];
                    fric_acc_dynamic_result_t r;
                    char why[400];
                    const char *name;
                    if (measure(i, (fric_trace_kind_t)t, ts, widths[k], max_samples, &r, why, sizeof why, &name) != FRIC_OK) {
                        fprintf(stderr, "set %s at ts %g refused: %s\n", name, ts, why);
                        return 1;
                    }
                    const double m16 = row(js, md, name, (fric_trace_kind_t)t, ts, widths[k], &r, first);
                    if (m16 > bound || r.flags) *ok = 0;
                    *worst = fmax(*worst, m16);
                    first = 0;
                }
    return 0;
}

int main(int argc, char **argv)
{
    int a = 1, quick = 0;
    if (a < argc && strcmp(argv[a], "--quick") == 0) {
        quick = 1;
        a++;
    }
    if (argc - a != 2) {
        fprintf(stderr, "usage: fric-bench-accuracy [--quick] JSON_OUT MD_OUT\n");
        return 2;
    }
    FILE *js = fopen(argv[a], "w"), *md = fopen(argv[a + 1], "w");
    if (!js || !md) {
        perror("fric-bench-accuracy");
        return 2;
    }
    const uint32_t widths[] = {16, 18};
    const size_t max_samples = quick ? 20000 : 2000000;
    int ok = 1;
    double s_worst = 0.0, d_worst = 0.0;

    fprintf(js, "{\n  \"stribeck\": [");
    fprintf(md, "# Fixed-point accuracy\n\n");
    fprintf(md, "Generated by `make bench-accuracy` (cmodel/bench/fric_bench_accuracy.c); do not edit.\n");
    fprintf(md, "Errors are in output LSB of the width measured, against the double-precision model evaluated at the\n"
                "same (quantized) input velocity. The budget columns split the error (docs/fixed-point.md): *param* is\n"
                "the double model with the represented parameters against the requested ones, *arith* (Stribeck:\n"
                "*path* before and *round* for the output rounding) the fixed-point model against the double model\n"
                "with the represented parameters. The total never exceeds the sum of its terms.\n\n");
    fprintf(md, "## Stribeck, every input code\n\nBound: max error <= %.1f LSB of the 16-bit output (%.1f 18-bit LSB at W = 18).\n\n", STRIBECK_BOUND, 4 * STRIBECK_BOUND);
    fprintf(md, "| set | parameters | W | f_max (N) | codes | max (LSB) | rms (LSB) | worst v (m/s) | param | path | round | max in 16-bit LSB |\n");
    fprintf(md, "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    printf("Stribeck, exhaustive over every input code:\n");
    int first = 1;
    for (size_t i = 0; i < fric_acc_n_stribeck_sets; i++)
        for (size_t k = 0; k < 2; k++) {
            const fric_acc_stribeck_set_t *s = &fric_acc_stribeck_sets[i];
            fric_acc_stribeck_result_t r;
            if (fric_acc_stribeck(&s->cfg, widths[k], quick ? 7 : 1, &r) != FRIC_OK) {
                fprintf(stderr, "set %s refused: %s\n", s->name, r.rep.why);
                return 1;
            }
            const double m16 = r.max_lsb / (double)(1u << (widths[k] - 16));
            if (m16 > STRIBECK_BOUND || r.flags) ok = 0;
            s_worst = fmax(s_worst, m16);
            printf("  %-18s W=%u  max %.3f LSB  rms %.3f LSB  (param %.3f + path %.3f + round %.3f)  flags %u\n",
                   s->name, widths[k], r.max_lsb, r.rms_lsb, r.param_lsb, r.path_lsb, r.round_lsb, r.flags);
            fprintf(md, "| %s | %s | %u | %g | %zu | %.3f | %.3f | %.6g | %.3f | %.3f | %.3f | %.3f |\n", s->name, s->what,
                    widths[k], r.rep.f_max, r.n, r.max_lsb, r.rms_lsb, r.worst_v, r.param_lsb, r.path_lsb, r.round_lsb, m16);
            fprintf(js, "%s\n    {\"set\": \"%s\", \"width\": %u, \"v_max\": %g, \"f_max\": %g, \"codes\": %zu, \"max_lsb\": %.6f, "
                        "\"rms_lsb\": %.6f, \"worst_v\": %.9g, \"param_lsb\": %.6f, \"path_lsb\": %.6f, \"round_lsb\": %.6f, "
                        "\"max_lsb16\": %.6f, \"flags\": %u}",
                    first ? "" : ",", s->name, widths[k], r.rep.v_max, r.rep.f_max, r.n, r.max_lsb, r.rms_lsb, r.worst_v,
                    r.param_lsb, r.path_lsb, r.round_lsb, m16, r.flags);
            first = 0;
        }
    fprintf(js, "\n  ],\n  \"dynamic\": [");
    fprintf(md, "\n## Dahl and LuGre, open loop over velocity traces\n\n");
    fprintf(md, "Against the double-precision exact step at the same sample time. Bound: force error <= %.0f LSB of the\n"
                "16-bit output at every sample time. v_max is the power of two above the trace's peak speed; f_max the\n"
                "power of two >= 1.25 x the double model's peak force over the run (sigma1 transients included).\n"
                "At most %zu samples per run. State error: |w - sigma0 z| in output LSB.\n\n", DYNAMIC_BOUND, max_samples);
    fprintf(md, "Traces:\n\n");
    for (int t = 0; t < FRIC_TRACE_COUNT; t++)
        fprintf(md, "- **%s** (%g s): %s\n", fric_trace_name((fric_trace_kind_t)t), fric_trace_duration((fric_trace_kind_t)t), fric_trace_what((fric_trace_kind_t)t));
    fprintf(md, "\nSets:\n\n");
    for (size_t i = 0; i < fric_acc_n_dynamic_sets; i++)
        fprintf(md, "- **%s**: %s\n", fric_acc_dynamic_sets[i].name, fric_acc_dynamic_sets[i].what);
    fprintf(md, "\n| set | trace | Ts (s) | W | samples | v_max | f_max | max (LSB) | rms (LSB) | state max (LSB) | param | arith | max in 16-bit LSB |\n");
    fprintf(md, "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    printf("Dahl and LuGre, open loop:\n");
    if (sweep(js, md, fric_acc_n_dynamic_sets, measure_dynamic, max_samples, DYNAMIC_BOUND, &d_worst, &ok) != 0) return 1;
    fprintf(js, "\n  ],\n  \"gms\": [");
    fprintf(md, "\n## GMS, open loop over velocity traces\n\n");
    fprintf(md, "The fixed-point GMS step (`fric_fx_gms_step()`) against the double-precision exact step\n"
                "(`fric_gms_step()`) at the same quantized velocities and sample time, over the same traces, with the\n"
                "ranges picked as above. Bound: force error <= %.0f LSB of the 16-bit output. State error: the\n"
                "elements' force sum, in output LSB.\n\nSets:\n\n", GMS_BOUND);
    for (size_t i = 0; i < fric_acc_n_gms_sets; i++)
        fprintf(md, "- **%s**: %s\n", fric_acc_gms_sets[i].name, fric_acc_gms_sets[i].what);
    fprintf(md, "\n| set | trace | Ts (s) | W | samples | v_max | f_max | max (LSB) | rms (LSB) | state max (LSB) | param | arith | max in 16-bit LSB |\n");
    fprintf(md, "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    printf("GMS, open loop:\n");
    double g_worst = 0.0;
    if (sweep(js, md, fric_acc_n_gms_sets, measure_gms, max_samples, GMS_BOUND, &g_worst, &ok) != 0) return 1;
    fprintf(js, "\n  ],\n  \"elastoplastic\": [");
    fprintf(md, "\n## Elasto-plastic, open loop over velocity traces\n\n");
    fprintf(md, "The fixed-point elasto-plastic step (`fric_fx_ep_step()`, the LuGre core's elasto-plastic mode) against\n"
                "the double-precision step (`fric_ep_step()`) at the same quantized velocities and sample time, over the\n"
                "same traces, with the ranges picked as above. Bound: force error <= %.0f LSB of the 16-bit output.\n"
                "State error: |w - sigma0 z| in output LSB.\n\nSets:\n\n", EP_BOUND);
    for (size_t i = 0; i < fric_acc_n_ep_sets; i++)
        fprintf(md, "- **%s**: %s\n", fric_acc_ep_sets[i].name, fric_acc_ep_sets[i].what);
    fprintf(md, "\n| set | trace | Ts (s) | W | samples | v_max | f_max | max (LSB) | rms (LSB) | state max (LSB) | param | arith | max in 16-bit LSB |\n");
    fprintf(md, "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    printf("Elasto-plastic, open loop:\n");
    double e_worst = 0.0;
    if (sweep(js, md, fric_acc_n_ep_sets, measure_ep, max_samples, EP_BOUND, &e_worst, &ok) != 0) return 1;
    fprintf(js, "\n  ],\n  \"summary\": {\"stribeck_max_lsb16\": %.6f, \"stribeck_goal\": %.1f, \"dynamic_max_lsb16\": %.6f, "
                "\"dynamic_goal\": %.1f, \"gms_max_lsb16\": %.6f, \"gms_goal\": %.1f, \"ep_max_lsb16\": %.6f, "
                "\"ep_goal\": %.1f, \"goals_met\": %s, \"quick\": %s}\n}\n",
            s_worst, STRIBECK_BOUND, d_worst, DYNAMIC_BOUND, g_worst, GMS_BOUND, e_worst, EP_BOUND, ok ? "true" : "false",
            quick ? "true" : "false");
    fprintf(md, "\n## Summary\n\n| model | worst error (16-bit LSB) | bound | met |\n|---|---|---|---|\n");
    fprintf(md, "| Stribeck, all sets, all codes | %.3f | %.1f | %s |\n", s_worst, STRIBECK_BOUND, s_worst <= STRIBECK_BOUND ? "yes" : "no");
    fprintf(md, "| Dahl and LuGre, all traces, 1 us .. 10 ms | %.3f | %.1f | %s |\n", d_worst, DYNAMIC_BOUND, d_worst <= DYNAMIC_BOUND ? "yes" : "no");
    fprintf(md, "| GMS, all traces, 1 us .. 10 ms | %.3f | %.1f | %s |\n", g_worst, GMS_BOUND, g_worst <= GMS_BOUND ? "yes" : "no");
    fprintf(md, "| Elasto-plastic, all traces, 1 us .. 10 ms | %.3f | %.1f | %s |\n", e_worst, EP_BOUND, e_worst <= EP_BOUND ? "yes" : "no");
    printf("summary: Stribeck worst %.3f LSB (bound %.1f), Dahl/LuGre worst %.3f LSB (bound %.1f), GMS worst %.3f LSB "
           "(bound %.1f), elasto-plastic worst %.3f LSB (bound %.1f): %s\n", s_worst, STRIBECK_BOUND, d_worst,
           DYNAMIC_BOUND, g_worst, GMS_BOUND, e_worst, EP_BOUND, ok ? "bounds met" : "BOUND MISSED");
    if (fclose(js) || fclose(md)) return 2;
    return ok ? 0 : 1;
}
