/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the engine's program (fric_eng.h) run by its instruction-set
 * simulator: bit-exact with the fixed-point model (force, flags and the
 * LuGre state after every sample) over the accuracy benchmark's traces, over
 * random compiled sets and over random field values no compiler makes; every
 * operand within the range the hardware defines; and the instruction counts
 * per sample that docs/fric_eng.md quotes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fric_accuracy.h"
#include "fric_eng.h"
#include "fricore.h"

enum { W = FRIC_ENG_W, HALF = 1 << (W - 1) };

static uint64_t rng = 0x2545f4914f6cdd1dULL;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* instructions per job: count, sum, max, by kind (0 LuGre, 1 Stribeck) */
static struct {
    uint64_t n, sum, max;
} cnt[2];

static void count(int kind, uint64_t instr)
{
    cnt[kind].n++;
    cnt[kind].sum += instr;
    if (instr > cnt[kind].max) cnt[kind].max = instr;
}

/* One LuGre sample through the ISS and the model, compared in full. */
static void lugre_sample(fric_eng_slot_t *s, const fric_fx_lugre_t *p, fric_fx_state_t *st, int32_t v)
{
    uint32_t fl_m = 0, fl_e = 0;
    uint64_t instr;
    const int32_t fm = fric_fx_lugre_step(p, st, v, &fl_m, NULL);
    const int32_t fe = fric_eng_run_job(s, v, &fl_e, &instr);
    if (s->err || fe != fm || fl_e != fl_m || s->r[FRIC_ENG_R_STATE] != st->w)
        fail_msg("LuGre v %d: engine F %d flags 0x%x w %lld err %d, model F %d flags 0x%x w %lld", v, fe, fl_e,
                 (long long)s->r[FRIC_ENG_R_STATE], s->err, fm, fl_m, (long long)st->w);
    count(0, instr);
}

static void stribeck_sample(fric_eng_slot_t *s, const fric_fx_stribeck_t *p, int32_t v)
{
    uint32_t fl_m = 0, fl_e = 0;
    uint64_t instr;
    const int32_t fm = fric_fx_stribeck(p, v, &fl_m, NULL);
    const int32_t fe = fric_eng_run_job(s, v, &fl_e, &instr);
    if (s->err || fe != fm || fl_e != fl_m)
        fail_msg("Stribeck v %d: engine F %d flags 0x%x err %d, model F %d flags 0x%x", v, fe, fl_e, s->err, fm,
                 fl_m);
    count(1, instr);
}

/* a slot from reset, its set written into the staging words and committed
 * (the commit code copies them) */
static void load_lugre(fric_eng_slot_t *s, const fric_fx_lugre_t *p)
{
    memset(s, 0, sizeof *s);
    fric_fx_lugre_pack(p, s->stg);
    fric_eng_slot_reset(s, 1);
    fric_eng_commit(s);
    assert_memory_equal(s->par, s->stg, FRIC_FX_WORDS_LUGRE * sizeof(uint32_t));
}

static void load_stribeck(fric_eng_slot_t *s, const fric_fx_stribeck_t *p)
{
    memset(s, 0, sizeof *s);
    fric_fx_stribeck_pack(p, s->stg);
    fric_eng_slot_reset(s, 0);
    fric_eng_commit(s);
    assert_memory_equal(s->par, s->stg, FRIC_FX_WORDS_STRIBECK * sizeof(uint32_t));
}

static int32_t random_v(void)
{
    switch (rnd() % 6) {
    case 0: return 0;
    case 1: return (rnd() & 1) ? HALF - 1 : -HALF;
    case 2: return (int32_t)(rnd() % 64) - 32;
    default: return (int32_t)(rnd() % (2u * HALF)) - HALF;
    }
}

static fric_fx_lugre_t random_set(void) { return fric_acc_random_lugre(W, rnd); }

/* ---- tests ---------------------------------------------------------------------- */

static void test_program_is_well_formed(void **state)
{
    (void)state;
    const fric_eng_prog_t *p = fric_eng_program();
    assert_true(p->n > 0 && p->n <= FRIC_ENG_PROG_MAX);
    assert_true(p->boot_lugre >= 0 && p->boot_lugre < p->n);
    assert_true(p->boot_stribeck >= 0 && p->boot_stribeck < p->n);
    for (int i = 0; i < p->n; i++) {
        const uint32_t w = p->word[i];
        const int op = (int)(w >> 26);
        assert_true(op >= FRIC_ENG_ADD && op <= FRIC_ENG_CPY);
        if (op == FRIC_ENG_IN || op == FRIC_ENG_OUT || (op >= FRIC_ENG_BLT && op <= FRIC_ENG_BNE))
            assert_true((int)((w >> 5) & 511) < p->n);
        /* MIN / MAX carry a flag in imm14's bits: never an immediate or a
         * PARD operand (whose bits [9:5] hold the v < 0 word) */
        if (op == FRIC_ENG_MIN || op == FRIC_ENG_MAX) {
            assert_int_not_equal((w >> 14) & 3, FRIC_ENG_B_IMM);
            assert_int_not_equal((w >> 14) & 3, FRIC_ENG_B_PARD);
        }
        /* a PARD operand's two word numbers: a v > 0 field and its v < 0 twin */
        if (((w >> 14) & 3) == FRIC_ENG_B_PARD) {
            const uint32_t kp = w & 31, kn = (w >> 5) & 31;
            if (kp == FRIC_FX_WORD_KM) assert_int_equal(kn, FRIC_FX_WORD_KM_N);
            else if (kp == FRIC_FX_WORD_KS) assert_int_equal(kn, FRIC_FX_WORD_KS_N);
            else assert_int_equal(kn, kp + FRIC_FX_WORD_FC_N - FRIC_FX_WORD_FC_P);
        }
        char buf[80];
        fric_eng_disasm(w, buf, sizeof buf);
        assert_null(strchr(buf, '?'));
    }
    /* the same words on every call */
    assert_ptr_equal(fric_eng_program(), p);
    printf("program: %d words (LuGre boot %d, Stribeck boot %d)\n", p->n, p->boot_lugre, p->boot_stribeck);
}

static void test_lugre_accuracy_traces(void **state)
{
    (void)state;
    size_t runs = 0, samples = 0;
    for (size_t si = 0; si < fric_acc_n_dynamic_sets; si++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (size_t k = 0; k < fric_acc_n_sample_times; k++) {
                const double ts = fric_acc_sample_times[k];
                fric_fx_lugre_t p;
                fric_compile_report_t rep;
                size_t n;
                assert_int_equal(fric_acc_dynamic_compile(&fric_acc_dynamic_sets[si], (fric_trace_kind_t)t, ts, W,
                                                          4000, &p, &rep, &n),
                                 FRIC_OK);
                fric_eng_slot_t s = {0};
                load_lugre(&s, &p);
                fric_fx_state_t st = {0};
                for (size_t i = 0; i < n; i++)
                    lugre_sample(&s, &p, &st, fric_acc_trace_code((fric_trace_kind_t)t, i, ts, &rep));
                runs++;
                samples += n;
            }
    printf("accuracy traces: %zu runs, %zu samples, bit-exact\n", runs, samples);
    assert_true(runs == fric_acc_n_dynamic_sets * FRIC_TRACE_COUNT * fric_acc_n_sample_times);
    assert_true(samples > 100000);
}

/* random sets, random velocities, state resets between them */
static void run_lugre_random(int raw, int sets, int per_set)
{
    uint64_t paths[4] = {0};
    for (int k = 0; k < sets; k++) {
        fric_fx_lugre_t p;
        if (raw) {
            uint32_t w[FRIC_FX_WORDS_LUGRE];
            fric_acc_random_words(W, rnd, w, FRIC_FX_WORDS_LUGRE);
            p = fric_fx_lugre_unpack(W, w);
        } else {
            p = random_set();
        }
        assert_int_equal(fric_fx_lugre_check(&p), FRIC_OK);
        fric_eng_slot_t s = {0};
        load_lugre(&s, &p);
        fric_fx_state_t st = {0};
        for (int i = 0; i < per_set; i++) {
            if (rnd() % 300 == 0) { /* a new set between two samples; the state stays */
                p = raw ? p : random_set();
                fric_fx_lugre_pack(&p, s.stg);
                fric_eng_commit(&s);
                assert_int_equal(s.err, 0);
            }
            if (rnd() % 200 == 0) {
                fric_eng_state_reset(&s);
                fric_fx_lugre_reset(&st);
                assert_int_equal(s.r[FRIC_ENG_R_STATE], 0);
                assert_int_equal(s.err, 0);
            }
            /* runs of one velocity as well as jumps, so the state settles */
            const int32_t v = (rnd() % 3 == 0 && i > 0) ? (int32_t)s.r[1] : random_v();
            fric_fx_lugre_detail_t d;
            fric_fx_state_t st2 = st;
            uint32_t fl = 0;
            fric_fx_lugre_step(&p, &st2, v, &fl, &d);
            paths[d.path]++;
            lugre_sample(&s, &p, &st, v);
        }
    }
    printf("%s sets: %d x %d samples, bit-exact; paths hold %llu, h %llu, exp2 %llu, w_ss %llu\n",
           raw ? "raw-word" : "compiled", sets, per_set, (unsigned long long)paths[0], (unsigned long long)paths[1],
           (unsigned long long)paths[2], (unsigned long long)paths[3]);
    /* every path of the step was taken */
    for (int i = 0; i < 4; i++) assert_true(paths[i] > 0);
}

static void test_lugre_random_compiled_sets(void **state)
{
    (void)state;
    run_lugre_random(0, 300, 1000);
}

static void test_lugre_random_raw_words(void **state)
{
    (void)state;
    run_lugre_random(1, 3000, 100);
}

static void test_stribeck_every_code_and_raw_words(void **state)
{
    (void)state;
    /* compiled sets: every input code */
    for (int k = 0; k < 8; k++) {
        const fric_fx_lugre_t lp = random_set();
        fric_eng_slot_t s = {0};
        load_stribeck(&s, &lp.g);
        for (int32_t v = -HALF; v < HALF; v++) stribeck_sample(&s, &lp.g, v);
    }
    /* raw words: the corners (MAG_NEG, saturations, zero and huge shifts) */
    uint32_t flags_seen = 0;
    for (int k = 0; k < 20000; k++) {
        uint32_t w[FRIC_FX_WORDS_LUGRE];
        fric_acc_random_words(W, rnd, w, FRIC_FX_WORDS_STRIBECK);
        const fric_fx_stribeck_t p = fric_fx_lugre_unpack(W, w).g;
        fric_eng_slot_t s = {0};
        load_stribeck(&s, &p);
        for (int i = 0; i < 20; i++) {
            const int32_t v = random_v();
            uint32_t fl = 0;
            fric_fx_stribeck(&p, v, &fl, NULL);
            flags_seen |= fl;
            stribeck_sample(&s, &p, v);
        }
    }
    assert_true(flags_seen & FRIC_FX_FLAG_MAG_NEG);
    assert_true(flags_seen & FRIC_FX_FLAG_F_SAT);
}

/* The longest path through the program from the IN of a loop to an OUT,
 * both counted, following every branch both ways (no job loops: a branch
 * back before the OUT fails the test). */
static int longest(const fric_eng_prog_t *p, int pc, int depth)
{
    assert_true(depth < p->n && pc < p->n);
    const uint32_t w = p->word[pc];
    const int op = (int)(w >> 26), tgt = (int)(w >> 5) & 511;
    if (op == FRIC_ENG_OUT) return 1;
    int best = 0;
    if (op >= FRIC_ENG_BLT && op <= FRIC_ENG_BNE) {
        assert_true(tgt > pc);
        best = longest(p, tgt, depth + 1);
        const int ra = (int)(w >> 16) & 31, rb = (int)w & 31;
        if (op == FRIC_ENG_BEQ && ra == 0 && rb == 0) return 1 + best; /* unconditional */
    }
    const int fall = longest(p, pc + 1, depth + 1);
    return 1 + (fall > best ? fall : best);
}

/* the IN of a slot kind's loop: the first IN after its boot code */
static int loop_in(const fric_eng_prog_t *p, int boot)
{
    for (int pc = boot; pc < p->n; pc++)
        if ((p->word[pc] >> 26) == FRIC_ENG_IN) return pc;
    fail_msg("no IN after %d", boot);
    return -1;
}

/* The figures docs/fric_eng.md gives: instructions per sample (IN to OUT),
 * the longest path of the program and what the tests above measured. */
static void test_instruction_counts(void **state)
{
    (void)state;
    const fric_eng_prog_t *p = fric_eng_program();
    const int lg = longest(p, loop_in(p, p->boot_lugre), 0), st = longest(p, loop_in(p, p->boot_stribeck), 0);
    printf("longest path: LuGre %d instructions, Stribeck %d\n", lg, st);
    assert_int_equal(lg, FRIC_ENG_MAX_INSTR_LUGRE);
    assert_int_equal(st, FRIC_ENG_MAX_INSTR_STRIBECK);
    for (int k = 0; k < 2; k++) {
        assert_true(cnt[k].n > 0);
        printf("%s: %llu samples, instructions per sample mean %.1f, max %llu; at one issue per slot every %d "
               "clocks: %llu clocks a sample at most\n",
               k ? "Stribeck" : "LuGre", (unsigned long long)cnt[k].n, (double)cnt[k].sum / (double)cnt[k].n,
               (unsigned long long)cnt[k].max, FRIC_ENG_ROUND, (unsigned long long)cnt[k].max * FRIC_ENG_ROUND);
    }
    /* the bounds the documentation's rates are computed from */
    assert_true(cnt[0].max <= FRIC_ENG_MAX_INSTR_LUGRE);
    assert_true(cnt[1].max <= FRIC_ENG_MAX_INSTR_STRIBECK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_program_is_well_formed),
        cmocka_unit_test(test_lugre_accuracy_traces),
        cmocka_unit_test(test_lugre_random_compiled_sets),
        cmocka_unit_test(test_lugre_random_raw_words),
        cmocka_unit_test(test_stribeck_every_code_and_raw_words),
        cmocka_unit_test(test_instruction_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
