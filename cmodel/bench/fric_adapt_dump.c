/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fric-adapt-dump RATE START N OUT.json: the adaptation law's inputs and
 * outputs recorded from a host run of the servo, the reference of the MCU
 * harness's law (make test-mcu, make bench-mcu; docs/mcu.md).
 *
 * The run: `fricore servo --compensation lugre-adaptive --comp-arith fixed
 * --f-max 4 --adapt-rate RATE --drift fc=1.4,fs=1.4,sigma2=0.8
 * --duration 20` (the slow sine of the defaults). From sample START, a
 * multiple of the window, N samples are written: the law's constants and
 * its state at START as 32-bit words (the structs of fric_adapt.h, which a
 * Cortex-M lays out as x86-64 does), each sample's inputs (vr, jar, vm, y,
 * sat) and the multipliers after it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fricore.h"

#define DURATION 20.0

static void words(FILE *f, const void *p, size_t size)
{
    uint32_t w[64];
    memcpy(w, p, size);
    for (size_t i = 0; i < size / 4; i++) fprintf(f, "%s%u", i ? ", " : "", (unsigned)w[i]);
}

int main(int argc, char **argv)
{
    _Static_assert(sizeof(fric_adapt_cfg_t) % 4 == 0 && sizeof(fric_adapt_state_t) % 4 == 0, "structs as words");
    _Static_assert(sizeof(fric_adapt_cfg_t) + sizeof(fric_adapt_state_t) <= 256, "structs as words");
    char *end = NULL;
    const double rate = argc == 5 ? strtod(argv[1], &end) : NAN;
    const long start = argc == 5 ? atol(argv[2]) : -1, n = argc == 5 ? atol(argv[3]) : 0;
    if (argc != 5 || !end || *end || !(rate > 0.0) || start < 0 || n < 1) {
        fprintf(stderr, "usage: fric-adapt-dump RATE START N OUT.json (RATE Hz > 0, START >= 0, N >= 1)\n");
        return 2;
    }
    fric_servo_cfg_t c = fric_servo_defaults();
    c.duration = DURATION;
    c.comp_kind = FRIC_SERVO_COMP_LUGRE_ADAPTIVE;
    c.arith = FRIC_SERVO_ARITH_FIXED;
    c.f_max = 4.0;
    c.comp = c.machine;
    c.adapt.rate = rate;
    c.adapt.sigma2 = true;
    c.drift.end[FRIC_SERVO_PAR_FC] = c.drift.end[FRIC_SERVO_PAR_FS] = 1.4;
    c.drift.end[FRIC_SERVO_PAR_SIGMA2] = 0.8;
    char why[512];
    if (fric_servo_prepare(&c, why, sizeof why) != FRIC_OK) {
        fprintf(stderr, "fric-adapt-dump: %s\n", why);
        return 2;
    }
    fric_servo_state_t st;
    if (fric_servo_init(&c, NULL, &st) != FRIC_OK) {
        fprintf(stderr, "fric-adapt-dump: %s\n", st.why);
        return 1;
    }
    const long total = (long)floor(c.duration / c.ts + 1e-9);
    if ((unsigned long)start % st.law_k.win != 0 || start + n > total) {
        fprintf(stderr, "fric-adapt-dump: START must be a multiple of the window (%u samples) and START + N at most %ld\n",
                st.law_k.win, total);
        return 2;
    }
    fric_adapt_in_t *in = malloc((size_t)n * sizeof *in);
    int32_t *m = malloc((size_t)n * 2 * sizeof *m);
    if (!in || !m) {
        fprintf(stderr, "fric-adapt-dump: out of memory\n");
        return 1;
    }
    fric_adapt_state_t s0;
    size_t updates0 = 0;
    for (long k = 0; k < start + n; k++) {
        if (k == start) {
            s0 = st.law;
            updates0 = st.a_updates;
        }
        fric_servo_sample_t row;
        if (fric_servo_step(&c, &st, NULL, &row) != FRIC_OK) {
            fprintf(stderr, "fric-adapt-dump: %s\n", st.why);
            return 1;
        }
        if (k >= start) {
            in[k - start] = st.law_in;
            m[2 * (k - start)] = st.law.m[0];
            m[2 * (k - start) + 1] = st.law.m[1];
        }
    }
    FILE *f = fopen(argv[4], "w");
    if (!f) {
        perror(argv[4]);
        return 1;
    }
    fprintf(f, "{\"law\": \"fric_adapt\", \"rate_Hz\": %.17g, \"window\": %u, \"start\": %ld, \"samples\": %ld, "
            "\"moved\": %zu,\n \"cfg\": [", rate, st.law_k.win, start, n, st.a_updates - updates0);
    fric_adapt_cfg_t k0;
    memset(&k0, 0, sizeof k0); /* the padding too: field by field */
    const fric_adapt_cfg_t *q = &st.law_k;
    memcpy(k0.fc, q->fc, sizeof k0.fc);
    memcpy(k0.s2, q->s2, sizeof k0.s2);
    k0.gate = q->gate;
    k0.acc_gate = q->acc_gate;
    k0.win = q->win;
    k0.gain = q->gain;
    k0.lo = q->lo;
    k0.hi = q->hi;
    k0.slew = q->slew;
    k0.dz = q->dz;
    k0.sigma2 = q->sigma2;
    words(f, &k0, sizeof k0);
    fprintf(f, "],\n \"state\": [");
    words(f, &s0, sizeof s0);
    fprintf(f, "],\n \"in\": [");
    for (long i = 0; i < n; i++)
        fprintf(f, "%s%d, %d, %d, %d, %u", i ? ", " : "", (int)in[i].vr, (int)in[i].jar, (int)in[i].vm, (int)in[i].y,
                (unsigned)in[i].sat);
    fprintf(f, "],\n \"m\": [");
    for (long i = 0; i < 2 * n; i++) fprintf(f, "%s%d", i ? ", " : "", (int)m[i]);
    fprintf(f, "]}\n");
    free(in);
    free(m);
    if (ferror(f) | (fclose(f) != 0)) {
        fprintf(stderr, "fric-adapt-dump: cannot write %s\n", argv[4]);
        return 1;
    }
    return 0;
}
