/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/*
 * fric-bench-speed: the C models' speed per sample (make bench): for Stribeck,
 * Dahl and LuGre, over an array of 1e6 velocity samples, the double model
 * (libfricore), the bit-exact fixed-point model (fric_fx_*) and a plain
 * baseline that calls exp() and pow() from libm every sample (what a user
 * would otherwise write: the same formulas, the same exact step). The
 * fixed-point model is timed one call per sample and through its array
 * form (fric_fx_stribeck_array, fric_fx_lugre_array: the same results).
 * Two velocity sets: "sweep", a sine through zero to 0.9 of full scale (most
 * samples far above vs, where the double model's exp underflows and is
 * skipped), and "slow", a sine to 5 vs (the stick-slip region: every model
 * evaluates its exponential). Best of REPS runs, nanoseconds per sample and
 * the ratios. A benchmark, not a test: it never fails on a figure.
 *
 *   fric-bench-speed [OUT.json]
 *   fric-bench-speed --one MODEL KIND VELOCITIES
 *       one pass of one case over the 1e6 samples, untimed, for an
 *       instruction counter (make bench runs it under valgrind's callgrind):
 *       MODEL stribeck|dahl|lugre, KIND double|fixed|baseline|none (none: the
 *       setup alone, to subtract), VELOCITIES sweep|slow
 *   fric-bench-speed --dump VELOCITIES N OUT.json
 *       the first N samples of a velocity set (codes and velocities), each
 *       model's parameter structs as their 32-bit words (fixed point) or
 *       doubles (double), and both models' outputs over those samples: the
 *       reference of the microcontroller benchmark (scripts/mcu_emu.py),
 *       which runs the same steps on an emulated Cortex-M; doubles in C's
 *       %a notation, exact
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fricore.h"

#define N 1000000
#define REPS 5
#define TS 1e-4
#define V_MAX 0.25

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define NDIST 2
static const char *dist_names[NDIST] = {"sweep", "slow"};
static double vels[NDIST][N];   /* m/s: sines through zero with a little noise */
static int32_t codes[NDIST][N]; /* the same as velocity codes (S,16,0) */
static const double *vel;
static const int32_t *code;
static int32_t fout[N];
static volatile double sink;

/* ---- the plain baselines: libm every sample ------------------------------------ */

static double base_stribeck(const fric_stribeck_cfg_t *c, double v)
{
    const double a = fabs(v);
    const int neg = v < 0;
    const double fc = neg ? c->fc_neg : c->fc_pos, fs = neg ? c->fs_neg : c->fs_pos, b = neg ? c->b_neg : c->b_pos;
    const double m = fc + (fs - fc) * exp(-pow(a / (neg ? c->vs_neg : c->vs), c->delta)) + b * a;
    return v > 0 ? m : (v < 0 ? -m : 0.0);
}

static double base_lugre(const fric_lugre_cfg_t *c, double *z, double v, double ts)
{
    const double a = fabs(v);
    const int neg = v < 0;
    const double fc = neg ? c->fc_neg : c->fc_pos, fs = neg ? c->fs_neg : c->fs_pos;
    const double g = fc + (fs - fc) * exp(-pow(a / (neg ? c->vs_neg : c->vs), c->delta));
    const double zss = (v > 0 ? g : (v < 0 ? -g : 0.0)) / c->sigma0;
    const double z0 = *z;
    const double z1 = zss + (z0 - zss) * exp(-c->sigma0 * a * ts / g);
    const double s1 = c->vd > 0 ? c->sigma1 * exp(-pow(v / c->vd, 2.0)) : c->sigma1;
    *z = z1;
    return c->sigma0 * z1 + s1 * (z1 - z0) / ts + (neg ? c->sigma2_neg : c->sigma2_pos) * v;
}

static double base_dahl(const fric_dahl_cfg_t *c, double *z, double v, double ts)
{
    const double a = fabs(v);
    const int neg = v < 0;
    const double fc = neg ? c->fc_neg : c->fc_pos;
    const double zss = (v > 0 ? fc : (v < 0 ? -fc : 0.0)) / c->sigma0;
    const double z1 = zss + (*z - zss) * exp(-c->sigma0 * a * ts / fc);
    *z = z1;
    return c->sigma0 * z1 + (neg ? c->sigma2_neg : c->sigma2_pos) * v;
}

/* ---- the cases --------------------------------------------------------------------- */

typedef enum { M_DOUBLE, M_FIXED, M_FIXED_ARRAY, M_BASE } kind_t;
typedef enum { C_STRIBECK, C_DAHL, C_LUGRE } model_t;

static fric_stribeck_cfg_t scfg;
static fric_lugre_cfg_t lcfg;
static fric_dahl_cfg_t dcfg;
static fric_lugre_cfg_t dcfg_l;
static fric_fx_stribeck_t sfx;
static fric_fx_lugre_t lfx, dfx;

static double run_once(model_t m, kind_t k)
{
    double acc = 0.0;
    int64_t iacc = 0;
    uint32_t flags = 0;
    const double t0 = now();
    switch (m) {
    case C_STRIBECK:
        if (k == M_DOUBLE) for (int i = 0; i < N; i++) acc += fric_stribeck_force(&scfg, vel[i]);
        else if (k == M_FIXED) for (int i = 0; i < N; i++) iacc += fric_fx_stribeck(&sfx, code[i], &flags, NULL);
        else if (k == M_FIXED_ARRAY) fric_fx_stribeck_array(&sfx, code, fout, N, &flags);
        else for (int i = 0; i < N; i++) acc += base_stribeck(&scfg, vel[i]);
        break;
    case C_DAHL: {
        fric_lugre_state_t st = {0.0};
        fric_fx_state_t fs = {0};
        double z = 0.0;
        if (k == M_DOUBLE) for (int i = 0; i < N; i++) acc += fric_lugre_step(&dcfg_l, &st, vel[i], TS);
        else if (k == M_FIXED) for (int i = 0; i < N; i++) iacc += fric_fx_lugre_step(&dfx, &fs, code[i], &flags, NULL);
        else if (k == M_FIXED_ARRAY) fric_fx_lugre_array(&dfx, &fs, code, fout, N, &flags);
        else for (int i = 0; i < N; i++) acc += base_dahl(&dcfg, &z, vel[i], TS);
        break;
    }
    case C_LUGRE: {
        fric_lugre_state_t st = {0.0};
        fric_fx_state_t fs = {0};
        double z = 0.0;
        if (k == M_DOUBLE) for (int i = 0; i < N; i++) acc += fric_lugre_step(&lcfg, &st, vel[i], TS);
        else if (k == M_FIXED) for (int i = 0; i < N; i++) iacc += fric_fx_lugre_step(&lfx, &fs, code[i], &flags, NULL);
        else if (k == M_FIXED_ARRAY) fric_fx_lugre_array(&lfx, &fs, code, fout, N, &flags);
        else for (int i = 0; i < N; i++) acc += base_lugre(&lcfg, &z, vel[i], TS);
        break;
    }
    }
    const double dt = now() - t0;
    if (k == M_FIXED_ARRAY) iacc += fout[N / 2];
    sink = acc + (double)iacc + (double)flags;
    return dt * 1e9 / N;
}

static double best(model_t m, kind_t k)
{
    double b = 1e30;
    for (int r = 0; r < REPS; r++) {
        const double t = run_once(m, k);
        if (t < b) b = t;
    }
    return b;
}

static void die(const char *what, fric_status_t s)
{
    fprintf(stderr, "fric-bench-speed: %s: %s\n", what, fric_status_message(s));
    exit(2);
}

/* ---- the reference of the microcontroller benchmark -------------------------------- */

static void dump_words(FILE *f, const void *p, size_t size)
{
    uint32_t w[32];
    memcpy(w, p, size);
    for (size_t i = 0; i < size / 4; i++) fprintf(f, "%s%u", i ? ", " : "", (unsigned)w[i]);
}

static void dump_doubles(FILE *f, const void *p, size_t size)
{
    double d[16];
    memcpy(d, p, size);
    for (size_t i = 0; i < size / 8; i++) fprintf(f, "%s\"%a\"", i ? ", " : "", d[i]);
}

static int dump(int n, const char *dist, const char *path)
{
    _Static_assert(sizeof(fric_fx_lugre_t) % 4 == 0 && sizeof(fric_fx_lugre_t) <= 128, "fixed-point set as words");
    _Static_assert(sizeof(fric_lugre_cfg_t) % 8 == 0 && sizeof(fric_lugre_cfg_t) <= 128, "double set as doubles");
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "fric-bench-speed: cannot write %s\n", path);
        return 2;
    }
    static double dout[N];
    fprintf(f, "{\"velocities\": \"%s\", \"samples\": %d, \"ts\": \"%a\",\n\"codes\": [", dist, n, TS);
    for (int i = 0; i < n; i++) fprintf(f, "%s%d", i ? ", " : "", (int)code[i]);
    fprintf(f, "],\n\"vels\": [");
    for (int i = 0; i < n; i++) fprintf(f, "%s\"%a\"", i ? ", " : "", vel[i]);
    fprintf(f, "],\n\"models\": [");
    static const char *names[] = {"stribeck", "dahl", "lugre"};
    for (int m = 0; m < 3; m++) {
        uint32_t flags = 0;
        fric_lugre_state_t st = {0.0};
        fric_fx_state_t fs;
        fric_fx_lugre_reset(&fs);
        const fric_fx_lugre_t *fx = m == 1 ? &dfx : &lfx;
        const fric_lugre_cfg_t *dc = m == 1 ? &dcfg_l : &lcfg;
        for (int i = 0; i < n; i++) {
            if (m == 0) {
                fout[i] = fric_fx_stribeck(&sfx, code[i], &flags, NULL);
                dout[i] = fric_stribeck_force(&scfg, vel[i]);
            } else {
                fout[i] = fric_fx_lugre_step(fx, &fs, code[i], &flags, NULL);
                dout[i] = fric_lugre_step(dc, &st, vel[i], TS);
            }
        }
        fprintf(f, "%s\n{\"model\": \"%s\",\n \"fixed\": {\"cfg\": [", m ? "," : "", names[m]);
        if (m == 0) dump_words(f, &sfx, sizeof sfx);
        else dump_words(f, fx, sizeof *fx);
        fprintf(f, "], \"flags\": %u,\n  \"out\": [", (unsigned)flags);
        for (int i = 0; i < n; i++) fprintf(f, "%s%d", i ? ", " : "", (int)fout[i]);
        fprintf(f, "]},\n \"double\": {\"cfg\": [");
        if (m == 0) dump_doubles(f, &scfg, sizeof scfg);
        else dump_doubles(f, dc, sizeof *dc);
        fprintf(f, "],\n  \"out\": [");
        for (int i = 0; i < n; i++) fprintf(f, "%s\"%a\"", i ? ", " : "", dout[i]);
        fprintf(f, "]}}");
    }
    fprintf(f, "\n]}\n");
    return fclose(f) == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    scfg = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.4, 1e-3, 2.0);
    lcfg = fric_lugre_cfg_canudas1995();
    dcfg = (fric_dahl_cfg_t){1.0, 1.0, 1e5, 0.4, 0.4};
    dcfg_l = fric_dahl_as_lugre(&dcfg);
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = 16;
    o.v_max = V_MAX;
    o.ts = TS;
    fric_compile_report_t rep;
    fric_status_t s;
    if ((s = fric_compile_stribeck(&scfg, &o, &sfx, &rep)) != FRIC_OK) die("stribeck", s);
    if ((s = fric_compile_lugre(&lcfg, &o, &lfx, &rep)) != FRIC_OK) die("lugre", s);
    if ((s = fric_compile_dahl(&dcfg, &o, &dfx, &rep)) != FRIC_OK) die("dahl", s);
    const double lsb = rep.v_lsb;
    uint64_t r = 0x2545F4914F6CDD1DULL;
    const double amp[NDIST] = {0.9 * V_MAX, 5.0 * scfg.vs}, noise_amp[NDIST] = {1e-3, 1e-5};
    for (int d = 0; d < NDIST; d++)
        for (int i = 0; i < N; i++) {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            const double noise = ((double)(r >> 11) / 9007199254740992.0 - 0.5) * noise_amp[d];
            double v = amp[d] * sin(2.0 * 3.14159265358979323846 * i / 20000.0) + noise;
            long c = lround(v / lsb);
            if (c > 32767) c = 32767;
            if (c < -32768) c = -32768;
            codes[d][i] = (int32_t)c;
            vels[d][i] = (double)c * lsb; /* both models see the same velocities */
        }

    if (argc > 1 && strcmp(argv[1], "--dump") == 0) {
        const int n = argc == 5 ? atoi(argv[3]) : 0;
        int di = -1;
        for (int i = 0; argc == 5 && i < NDIST; i++)
            if (strcmp(argv[2], dist_names[i]) == 0) di = i;
        if (di < 0 || n < 1 || n > N) {
            fprintf(stderr, "fric-bench-speed: --dump VELOCITIES N OUT.json: VELOCITIES sweep|slow, N 1..%d\n", N);
            return 2;
        }
        vel = vels[di];
        code = codes[di];
        return dump(n, dist_names[di], argv[4]);
    }
    if (argc > 1 && strcmp(argv[1], "--one") == 0) {
        static const char *models[] = {"stribeck", "dahl", "lugre"}, *kinds[] = {"double", "fixed", "baseline", "none"};
        static const kind_t kind_of[] = {M_DOUBLE, M_FIXED, M_BASE};
        int mi = -1, ki = -1, di = -1;
        for (int i = 0; argc == 5 && i < 4; i++) {
            if (i < 3 && strcmp(argv[2], models[i]) == 0) mi = i;
            if (strcmp(argv[3], kinds[i]) == 0) ki = i;
            if (i < NDIST && strcmp(argv[4], dist_names[i]) == 0) di = i;
        }
        if (mi < 0 || ki < 0 || di < 0) {
            fprintf(stderr, "fric-bench-speed: --one MODEL KIND VELOCITIES: MODEL stribeck|dahl|lugre, "
                            "KIND double|fixed|baseline|none, VELOCITIES sweep|slow\n");
            return 2;
        }
        vel = vels[di];
        code = codes[di];
        if (ki < 3) run_once((model_t)mi, kind_of[ki]);
        return 0;
    }
    FILE *js = argc > 1 ? fopen(argv[1], "w") : NULL;
    if (argc > 1 && !js) {
        fprintf(stderr, "fric-bench-speed: cannot write %s\n", argv[1]);
        return 2;
    }
    static const char *names[] = {"stribeck", "dahl", "lugre"};
    printf("fric-bench-speed: %d samples, best of %d, ns per sample (W = 16 fixed point; baseline: libm exp/pow every sample)\n", N, REPS);
    if (js) fprintf(js, "{\"samples\": %d, \"reps\": %d, \"width\": 16, \"cases\": [\n", N, REPS);
    for (int d = 0; d < NDIST; d++) {
        vel = vels[d];
        code = codes[d];
        printf("velocities: %s (%s)\n", dist_names[d],
               d == 0 ? "sine to 0.9 of full scale, 0.25 m/s" : "sine to 5 vs, 5 mm/s");
        printf("%-9s %9s %9s %12s %9s %15s %21s %18s\n", "model", "double", "fixed", "fixed array", "baseline",
               "double / fixed", "double / fixed array", "baseline / double");
        for (int m = 0; m < 3; m++) {
            const double td = best((model_t)m, M_DOUBLE), tf = best((model_t)m, M_FIXED),
                         ta = best((model_t)m, M_FIXED_ARRAY), tb = best((model_t)m, M_BASE);
            printf("%-9s %9.2f %9.2f %12.2f %9.2f %14.2fx %20.2fx %17.2fx\n", names[m], td, tf, ta, tb, td / tf, td / ta,
                   tb / td);
            if (js)
                fprintf(js, "  {\"velocities\": \"%s\", \"model\": \"%s\", \"double_ns\": %.3f, \"fixed_ns\": %.3f, "
                            "\"fixed_array_ns\": %.3f, \"baseline_ns\": %.3f, \"double_over_fixed\": %.3f, "
                            "\"double_over_fixed_array\": %.3f, \"baseline_over_double\": %.3f}%s\n",
                        dist_names[d], names[m], td, tf, ta, tb, td / tf, td / ta, tb / td,
                        (d == NDIST - 1 && m == 2) ? "" : ",");
        }
    }
    if (js) {
        fprintf(js, "]}\n");
        if (fclose(js) != 0) return 2;
    }
    return 0;
}
