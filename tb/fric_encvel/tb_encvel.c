/* SPDX-License-Identifier: Apache-2.0 */
/* tb_encvel.c: fric_encvel (the board tops' encoder velocity estimator)
 * against fric_fx_enc_velocity(), bit for bit, flags included.
 *
 * The board benches (tb_top) move the encoder by at most a few thousand
 * counts a tick; here the position port is driven directly, so the count
 * differences cover what the pins can not reach in a short run: the limit of
 * the difference to 16 bits on both sides, differences across multiples of
 * 2^16 (the two halves of the subtraction and their borrow), across 2^31 and
 * the whole 32-bit range, with random GAIN and SHIFT, random tick spacing
 * (7 cycles and up) and garbage on the position port between ticks.
 * TB_W: the velocity code width (16 or 18). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../tb_rng.h"

#include "dut_encvel.h"
#include "fric_fx.h"

#ifndef TB_W
#error "TB_W must be defined"
#endif
#define LATENCY 8u /* the tick's cycle to done's (rtl/board/fric_encvel.v) */

static uint64_t rng = 0x2545f4914f6cdd1dULL;
static uint32_t rnd32(void) { return tb_xorshift32(&rng, 16); }
static int32_t rnd_range(int32_t lo, int32_t hi) { return lo + (int32_t)(rnd32() % (uint32_t)(hi - lo + 1)); }

enum { C_SMALL, C_LIMIT16, C_HALVES, C_BIT31, C_ANY, C_N };
static const char *const class_name[C_N] = {"|d| <= 1500", "d near +-2^15", "d near k * 2^16",
                                              "d near 2^31", "d any 32-bit"};

typedef struct {
    dut_t *d;
    dut_in_t in;
    dut_out_t out;
    uint32_t prev;   /* the position at the last tick, as the model keeps it */
} tb_t;

static void cycle(tb_t *t)
{
    dut_set(t->d, &t->in, &t->out);
    dut_tick(t->d);
    dut_set(t->d, &t->in, &t->out);
}

static void reset(tb_t *t)
{
    t->in = (dut_in_t){.rst = 1};
    cycle(t);
    cycle(t);
    t->in.rst = 0;
    t->prev = 0; /* the first tick after rst measures from 0 */
}

/* one tick at position pos: returns the velocity and whether sat rose
 * between the tick and done; checks done comes LATENCY cycles after */
static int32_t tick_at(tb_t *t, uint32_t pos, uint32_t gain, uint32_t shift, int *sat)
{
    t->in.tick = 1;
    t->in.pos = pos;
    t->in.gain = gain;
    t->in.shift = shift;
    cycle(t);
    t->in.tick = 0;
    *sat = 0;
    uint32_t n = 1;
    for (;;) {
        /* the ports are only taken at the tick: garbage between */
        t->in.pos = rnd32();
        t->in.gain = rnd32() & 0xFFFFu;
        t->in.shift = rnd32() & 31u;
        if (t->out.sat) *sat = 1;
        if (t->out.done) break;
        cycle(t);
        n++;
        if (n > LATENCY + 2) fail_msg("done did not come within %u cycles of the tick", LATENCY + 2);
    }
    assert_int_equal(n, LATENCY);
    const uint32_t v = t->out.vel & ((1u << TB_W) - 1u);
    return (v & (1u << (TB_W - 1))) ? (int32_t)v - (int32_t)(1u << TB_W) : (int32_t)v;
}

static uint32_t delta_of(int c)
{
    switch (c) {
    case C_SMALL: return (uint32_t)rnd_range(-1500, 1500);
    case C_LIMIT16: return (uint32_t)((rnd32() & 1) ? rnd_range(32760, 32775) : rnd_range(-32776, -32761));
    case C_HALVES: {
        static const int32_t k[] = {-2, -1, 1, 2};
        return (uint32_t)(k[rnd32() % 4] * 65536 + rnd_range(-40, 40));
    }
    case C_BIT31: return 0x80000000u + (uint32_t)rnd_range(-70000, 70000);
    default: return rnd32() ^ (rnd32() << 16);
    }
}

static void test_differences(void **state)
{
    (void)state;
    tb_t t = {.d = dut_open()};
    reset(&t);
    const uint32_t n = 60000;
    uint32_t checked[C_N] = {0}, sats[C_N] = {0}, dlim[C_N] = {0};
    for (uint32_t k = 0; k < n; k++) {
        const int c = (int)(rnd32() % C_N);
        const uint32_t pos = t.prev + delta_of(c);
        /* small gains as often as large ones, so both limits show */
        const uint32_t gain = (rnd32() & 1) ? (rnd32() & 0xFFFFu) : (rnd32() & 0x3Fu);
        const uint32_t shift = rnd32() & 31u;
        uint32_t flags = 0;
        const int32_t want = fric_fx_enc_velocity(TB_W, pos, t.prev, gain, shift, &flags);
        const int32_t d32 = (int32_t)(pos - t.prev);
        int sat = 0;
        const int32_t got = tick_at(&t, pos, gain, shift, &sat);
        if (got != want || sat != ((flags & FRIC_FX_FLAG_ENC_SAT) != 0))
            fail_msg("tick %u (%s): pos 0x%08x prev 0x%08x gain %u shift %u: vel %d sat %d, model %d sat %d", k,
                     class_name[c], pos, t.prev, gain, shift, got, sat, want, (flags & FRIC_FX_FLAG_ENC_SAT) != 0);
        checked[c]++;
        sats[c] += (uint32_t)sat;
        dlim[c] += (uint32_t)(d32 > 32767 || d32 < -32768);
        t.prev = pos;
        /* ticks 7 cycles apart and more */
        for (uint32_t g = rnd32() % 6; g > 0; g--) cycle(&t);
        if (rnd32() % 5000 == 0) reset(&t);
    }
    for (int c = 0; c < C_N; c++)
        printf("tb_encvel W %d: %-16s %6u ticks bit-exact, %6u saturated (%u by the 16-bit limit)\n", TB_W,
               class_name[c], checked[c], sats[c], dlim[c]);
    /* each class reached both outcomes it can have */
    assert_true(sats[C_SMALL] > 0 && sats[C_SMALL] < checked[C_SMALL]);
    assert_true(dlim[C_LIMIT16] > 0 && dlim[C_LIMIT16] < checked[C_LIMIT16]);
    assert_true(dlim[C_HALVES] == checked[C_HALVES]);
    assert_true(sats[C_BIT31] == checked[C_BIT31]);
    dut_close(t.d);
}

/* the first tick after a reset measures from 0, whatever came before */
static void test_reset_measures_from_zero(void **state)
{
    (void)state;
    tb_t t = {.d = dut_open()};
    reset(&t);
    for (uint32_t k = 0; k < 200; k++) {
        int sat = 0;
        (void)tick_at(&t, rnd32(), rnd32() & 0xFFFFu, rnd32() & 31u, &sat);
        reset(&t);
        const uint32_t pos = (uint32_t)rnd_range(-3000, 3000);
        const uint32_t gain = rnd32() & 0xFFFu, shift = rnd32() % 8u;
        uint32_t flags = 0;
        const int32_t want = fric_fx_enc_velocity(TB_W, pos, 0, gain, shift, &flags);
        assert_int_equal(tick_at(&t, pos, gain, shift, &sat), want);
        assert_int_equal(sat, (flags & FRIC_FX_FLAG_ENC_SAT) != 0);
    }
    dut_close(t.d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_differences),
        cmocka_unit_test(test_reset_measures_from_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
