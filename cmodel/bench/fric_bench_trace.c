/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/*
 * fric-bench-trace: the C side of make bench-python. The loop that
 * fricore.trace(params, v, ts, fixed=True) runs for a LuGre set, written out
 * in C one sample at a time: the velocity to its input code
 * (fric_model_vcode()), the hardware's step (fric_fx_lugre_step()), and the
 * force and bristle deflection in SI units, into arrays. The velocities are
 * read from a file of raw doubles that the Python side also traces, so both
 * sides do the same work on the same samples; the force codes' sum and the
 * final state are printed so that the Python side can check its results.
 *
 *   fric-bench-trace V.f64 REPS
 *
 * Output: one JSON object: samples, reps, best_ns (per sample, best of
 * REPS, into arrays already in memory), best_fresh_ns (the same into
 * arrays allocated for each run and freed after it, as a call that returns
 * new arrays does), code_sum, final_w. The set is the Canudas de Wit (1995) LuGre set
 * at W 16, v_max 0.01 m/s, f_max 4 N, ts 1e-4 s.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fricore.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: fric-bench-trace V.f64 REPS\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    fseek(f, 0, SEEK_END);
    const long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    const size_t n = bytes > 0 ? (size_t)bytes / sizeof(double) : 0;
    double *v = malloc(n * sizeof *v), *fs = malloc(n * sizeof *fs), *z = malloc(n * sizeof *z);
    int32_t *code = malloc(n * sizeof *code);
    if (!v || !fs || !z || !code || fread(v, sizeof *v, n, f) != n) {
        fprintf(stderr, "fric-bench-trace: cannot read %s\n", argv[1]);
        return 1;
    }
    fclose(f);
    const int reps = atoi(argv[2]);

    const fric_model_values_t val = fric_model_values_canudas1995();
    fric_model_t m;
    fric_model_fx_t c;
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = 16;
    o.v_max = 0.01;
    o.f_max = 4.0;
    o.ts = 1e-4;
    if (fric_model_build(FRIC_MODEL_LUGRE, &val, &m, NULL) != FRIC_OK || fric_model_compile(&m, &o, &c) != FRIC_OK) {
        fprintf(stderr, "fric-bench-trace: the set does not compile\n");
        return 1;
    }
    const double flsb = c.rep.f_lsb, wlsb = ldexp(flsb, -FRIC_FX_WG(16)), sigma0 = m.lugre.sigma0;
    double best = 1e30, best_fresh = 1e30;
    long long sum = 0;
    fric_fx_state_t st;
    for (int r = 0; r < 2 * reps; r++) {
        const bool fresh = r % 2 == 1;
        const double t0 = now();
        double *fo = fs, *zo = z;
        int32_t *co = code;
        if (fresh) {
            fo = malloc(n * sizeof *fo);
            zo = malloc(n * sizeof *zo);
            co = malloc(n * sizeof *co);
            if (!fo || !zo || !co) return 1;
        }
        fric_fx_lugre_reset(&st);
        uint32_t flags = 0;
        for (size_t i = 0; i < n; i++) {
            int32_t vc;
            if (fric_model_vcode(&c.rep, v[i], &vc) != FRIC_OK) {
                fprintf(stderr, "fric-bench-trace: v[%zu] is outside the port\n", i);
                return 1;
            }
            const int32_t y = fric_fx_lugre_step(&c.l, &st, vc, &flags, NULL);
            co[i] = y;
            fo[i] = y * flsb;
            zo[i] = st.w * wlsb / sigma0;
        }
        if (fresh) {
            free(fo);
            free(zo);
            free(co);
        }
        const double dt = now() - t0;
        if (fresh && dt < best_fresh) best_fresh = dt;
        if (!fresh && dt < best) best = dt;
    }
    for (size_t i = 0; i < n; i++) sum += code[i];
    printf("{\"samples\": %zu, \"reps\": %d, \"best_ns\": %.3f, \"best_fresh_ns\": %.3f, \"code_sum\": %lld, \"final_w\": %lld, "
           "\"last_f\": %.17g, \"last_z\": %.17g}\n",
           n, reps, 1e9 * best / (double)(n ? n : 1), 1e9 * best_fresh / (double)(n ? n : 1), sum, (long long)st.w, n ? fs[n - 1] : 0.0, n ? z[n - 1] : 0.0);
    free(v);
    free(fs);
    free(z);
    free(code);
    return 0;
}
