/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/*
 * fric-bench-sim: the speed of the stick-slip plant's integrators against
 * a reference rate of 10 M RK4 steps per second on one core for the LuGre
 * model. Each case integrates the Canudas de Wit (1995) run of
 * `fricore sim --example canudas1995` (20 s at dt = 10 us, 2 M steps) with
 * the library's step alone, best of REPS runs, and prints steps per second
 * and the ratio to the reference rate. A benchmark, not a test: it never
 * fails on a figure.
 *
 *   fric-bench-sim [OUT.json]
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "fricore.h"

#define REPS 5
#define REF_RATE 10e6

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
    const char *name;
    bool exact;
    fric_contact_t contact;
} bench_case_t;

/* best steps/s of REPS runs; *x_end: the final position (kept so the work is not optimized away) */
static double run(const bench_case_t *bc, const fric_plant_t *p, double *x_end)
{
    const double dt = 1e-5;
    const long n = 2000000;
    double best = 0.0;
    for (int r = 0; r < REPS; r++) {
        fric_plant_state_t s = {.x = 0.0};
        const double t0 = now();
        for (long i = 0; i < n; i++) {
            if (bc->exact) fric_plant_exact_step(p, &bc->contact, &s, dt);
            else fric_plant_rk4_step(p, &bc->contact, &s, dt);
        }
        const double rate = (double)n / (now() - t0);
        if (rate > best) best = rate;
        *x_end = s.x;
    }
    return best;
}

int main(int argc, char **argv)
{
    const fric_lugre_cfg_t lugre = fric_lugre_cfg_canudas1995();
    const fric_dahl_cfg_t dahl = {1.0, 1.0, 1e5, 0.4, 0.4};
    const fric_lugre_cfg_t dahl_l = fric_dahl_as_lugre(&dahl);
    const fric_stribeck_cfg_t strib = fric_stribeck_cfg_symmetric(1.0, 1.5, 0.4, 1e-3, 2.0);
    const bench_case_t cases[] = {
        {"lugre_rk4", false, fric_contact_dynamic(&lugre)},
        {"dahl_rk4", false, fric_contact_dynamic(&dahl_l)},
        {"stribeck_rk4", false, fric_contact_static(&strib)},
        {"lugre_exact", true, fric_contact_dynamic(&lugre)},
    };
    const fric_plant_t plant = {1.0, 2.0, 0.1, 0.0, 0.0};
    FILE *js = argc > 1 ? fopen(argv[1], "w") : NULL;
    if (argc > 1 && !js) {
        fprintf(stderr, "fric-bench-sim: cannot write %s\n", argv[1]);
        return 2;
    }
    printf("fric-bench-sim: Canudas de Wit (1995) run, 20 s at dt = 10 us (2 M steps), best of %d\n", REPS);
    printf("%-14s %14s %10s %12s\n", "case", "steps/s", "ns/step", "vs 10 M/s");
    if (js) fprintf(js, "{\"goal_steps_per_s\": %.0f, \"cases\": [\n", REF_RATE);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double x;
        const double rate = run(&cases[i], &plant, &x);
        printf("%-14s %14.0f %10.1f %11.2fx   (x(20 s) = %.6f m)\n", cases[i].name, rate, 1e9 / rate, rate / REF_RATE, x);
        if (js)
            fprintf(js, "  {\"case\": \"%s\", \"steps_per_s\": %.0f, \"ratio_to_goal\": %.3f}%s\n", cases[i].name, rate,
                    rate / REF_RATE, i + 1 < sizeof cases / sizeof cases[0] ? "," : "");
    }
    if (js) {
        fprintf(js, "]}\n");
        if (fclose(js) != 0) return 2;
    }
    return 0;
}
