/* SPDX-License-Identifier: Apache-2.0 */
/* tb_eng.c: the C-driven Verilator bench of fric_eng, the shared engine of
 * the UP5K image (both models, W = 16). Every output beat of both models is
 * compared with the C fixed-point model (fric_fx_lugre_step,
 * fric_fx_stribeck): force, per-sample flags and axis; the sticky flags at
 * every check point. Test logic only here; dut_eng.cpp is the glue.
 *
 *   TEST=name   run one test (cmocka's filter); SOAK=N samples for test_soak;
 *               RANDOM_OPS=N samples for test_random_ops (default 20000)
 *
 * Every cycle's pins go into the pin-stream record (tb/tb_pins.h) from the
 * first reset edge of each test on: the GHDL bench of the VHDL engine
 * (tb/ghdl/tb_eng_ghdl.vhd, this file built with TB_GHDL) must print the
 * same record as the Verilated Verilog engine.
 *
 * The bench's model applies each handshake in the order the core's
 * contract gives: in one clock, output beats, then samples, then cfg words
 * and commits, then state resets; a commit or reset applies to the samples
 * handshaken after it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../tb_pins.h"
#include "../tb_env.h"
#include "../tb_rng.h"

#include "dut_eng.h"
#include "fric_accuracy.h"
#include "fric_eng.h"
#include "fricore.h"
#ifdef TB_GHDL /* the GHDL bench: main is renamed tb_main, its coroutine entry */
#include "fric_vhpi.h"
#endif

#ifndef TB_NAX
#define TB_NAX 4
#endif
/* TB_QUICK: the long whole-range tests (accuracy traces, every Stribeck
 * code) are skipped; a second axis count runs the rest */
#ifndef TB_QUICK
#define TB_QUICK 0
#endif
/* samples of each accuracy run (the ISS test, test_eng, runs up to 4000) */
#define ACC_SAMPLES 400
enum { NAX = TB_NAX, W = 16, HALF = 1 << (W - 1), LG = 0, ST = 1, QN = 256 };

static uint64_t rng = 0x853c49e6748fea9bULL;
static uint32_t rnd32(void) { return tb_xorshift32(&rng, 16); }

/* ---- the bench's model of both sides ---------------------------------------------- */

typedef struct {
    int32_t f;
    uint32_t fl; /* tuser flag bits above the axis */
    uint64_t t;  /* cycle of the input handshake */
    int32_t v;   /* the velocity (for the failure message) */
} exp_t;

typedef struct {
    exp_t q[QN];
    unsigned head, tail;
} queue_t;

static struct {
    uint32_t stg[2][32];            /* staging words per side */
    fric_fx_lugre_t lp[NAX];        /* LuGre sets in effect */
    fric_fx_stribeck_t sp[NAX];     /* Stribeck sets in effect */
    fric_fx_state_t st[NAX];
    queue_t exp[2][NAX];
    uint32_t sticky[2];             /* expected sticky flags */
    uint64_t beats[2];
    uint64_t lat_max[2], lat_sum[2];
} m;

static fric_fx_lugre_t unpack_lugre(const uint32_t *w) { return fric_fx_lugre_unpack(W, w); }

static void model_reset_all(void)
{
    memset(&m, 0, sizeof m);
    for (int a = 0; a < NAX; a++) {
        m.lp[a] = unpack_lugre(m.stg[LG]);
        m.sp[a] = unpack_lugre(m.stg[ST]).g;
    }
}

static void push(queue_t *q, exp_t e)
{
    if (q->tail - q->head >= QN) fail_msg("expected-beat queue full");
    q->q[q->tail++ % QN] = e;
}

/* tuser flag bits of a model's flags: LuGre {W_SAT, S1_SAT, G_SAT, F_SAT}, Stribeck {MAG_NEG, F_SAT} */
static uint32_t tuser_flags(int side, uint32_t fl)
{
    if (side == ST) return ((fl & FRIC_FX_FLAG_MAG_NEG) ? 2u : 0u) | ((fl & FRIC_FX_FLAG_F_SAT) ? 1u : 0u);
    return ((fl & FRIC_FX_FLAG_W_SAT) ? 8u : 0u) | ((fl & FRIC_FX_FLAG_S1_SAT) ? 4u : 0u) |
           ((fl & FRIC_FX_FLAG_G_SAT) ? 2u : 0u) | ((fl & FRIC_FX_FLAG_F_SAT) ? 1u : 0u);
}

/* ---- the driver ---------------------------------------------------------------------- */

typedef enum { OP_SAMPLE, OP_WORD, OP_COMMIT, OP_SRST, OP_CHECK } op_kind_t;

typedef struct {
    op_kind_t k;
    int side;
    uint32_t axis, addr, data, all;
    int32_t v;
} op_t;

typedef struct {
    op_t *v;
    size_t n, cap;
} op_list_t;

static void add(op_list_t *l, op_t o)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) fail_msg("out of memory");
    }
    l->v[l->n++] = o;
}

static void add_set(op_list_t *l, int side, uint32_t axis, const uint32_t *words)
{
    const int n = side == LG ? FRIC_FX_WORDS_LUGRE : FRIC_FX_WORDS_STRIBECK;
    for (int k = 0; k < n; k++) add(l, (op_t){OP_WORD, side, 0, (uint32_t)k, words[k], 0, 0});
    add(l, (op_t){OP_COMMIT, side, axis, 0, 0, 0, 0});
}

typedef struct {
    int gaps;        /* percent of clocks a ready source holds back */
    int backpressure; /* percent of clocks m_tready is low */
} speed_t;

static const speed_t FULL = {0, 0};
static dut_t *dut;
static uint64_t cyc;

/* dut_set, with the cycle's pins recorded (tb_pins.h): inputs, then outputs;
 * a beat's data only while it is valid */
static void bench_set(const dut_in_t *in, dut_out_t *out)
{
    dut_set(dut, in, out);
    uint32_t w[1 + 2 * 16 + 4]; /* rst, 16 a side, the state reset pins */
    size_t n = 0;
    w[n++] = in->rst;
    for (int sd = 0; sd < 2; sd++) {
        const dut_side_in_t *i = &in->m[sd];
        const dut_side_out_t *o = &out->m[sd];
        w[n++] = i->s_tvalid;
        w[n++] = i->s_tvalid ? i->s_tdata : 0;
        w[n++] = i->s_tvalid ? i->s_tuser : 0;
        w[n++] = i->m_tready;
        w[n++] = i->cfg_valid;
        w[n++] = i->cfg_commit;
        w[n++] = i->cfg_addr;
        w[n++] = i->cfg_axis;
        w[n++] = i->cfg_data;
        w[n++] = i->flags_clear;
        w[n++] = o->s_tready;
        w[n++] = o->m_tvalid;
        w[n++] = o->m_tvalid ? o->m_tdata : 0;
        w[n++] = o->m_tvalid ? o->m_tuser : 0;
        w[n++] = o->cfg_ready;
        w[n++] = o->flags;
    }
    w[n++] = in->srst_valid;
    w[n++] = in->srst_all;
    w[n++] = in->srst_axis;
    w[n++] = out->srst_ready;
    tb_pins_add(w, n);
}

/* the stream of an op: 0 samples (both sides), 1 cfg words and commits, 2 state resets */
static int stream_of(const op_t *o)
{
    return o->k == OP_SAMPLE ? 0 : (o->k == OP_WORD || o->k == OP_COMMIT) ? 1 : 2;
}

static int queues_empty(void)
{
    for (int sd = 0; sd < 2; sd++)
        for (int a = 0; a < NAX; a++)
            if (m.exp[sd][a].tail != m.exp[sd][a].head) return 0;
    return 1;
}

static size_t next_check(const op_list_t *l, size_t from)
{
    while (from < l->n && l->v[from].k != OP_CHECK) from++;
    return from;
}

/* At a CHECK every stream has finished and every beat has come out: the
 * sticky flags must equal the model's; then they are cleared (W1C). */
static void check_flags(void)
{
    dut_in_t in = {0};
    dut_out_t out;
    in.m[LG].m_tready = in.m[ST].m_tready = 1;
    bench_set(&in, &out);
    /* a cfg request's CFG flag is visible once cfg_ready is high again */
    for (int k = 0; !(out.m[LG].cfg_ready && out.m[ST].cfg_ready && out.srst_ready); k++) {
        if (k > 1000) fail_msg("cycle %llu: cfg_ready or srst_ready stays low", (unsigned long long)cyc);
        dut_tick(dut);
        cyc++;
        bench_set(&in, &out);
    }
    for (int sd = 0; sd < 2; sd++)
        if (out.m[sd].flags != m.sticky[sd])
            fail_msg("cycle %llu: %s sticky flags 0x%x, model 0x%x", (unsigned long long)cyc, sd ? "Stribeck" : "LuGre",
                     out.m[sd].flags, m.sticky[sd]);
    in.m[LG].flags_clear = 0x1F;
    in.m[ST].flags_clear = 0x7;
    bench_set(&in, &out);
    dut_tick(dut);
    cyc++;
    in.m[LG].flags_clear = in.m[ST].flags_clear = 0;
    bench_set(&in, &out);
    assert_int_equal(out.m[LG].flags, 0);
    assert_int_equal(out.m[ST].flags, 0);
    m.sticky[LG] = m.sticky[ST] = 0;
}

/* Run the ops: samples, cfg and resets each in their own stream, in list
 * order within a stream; a CHECK is a barrier for all three. */
static void run(const op_list_t *l, speed_t sp)
{
    size_t pos[3] = {0, 0, 0};
    size_t barrier = next_check(l, 0);
    uint64_t idle = 0;
    for (;;) {
        const op_t *head[3] = {NULL, NULL, NULL};
        for (int s = 0; s < 3; s++) {
            while (pos[s] < barrier && stream_of(&l->v[pos[s]]) != s) pos[s]++;
            if (pos[s] < barrier) head[s] = &l->v[pos[s]];
        }
        if (!head[0] && !head[1] && !head[2] && queues_empty()) {
            if (barrier >= l->n) break;
            check_flags();
            for (int s = 0; s < 3; s++) pos[s] = barrier + 1;
            barrier = next_check(l, barrier + 1);
            continue;
        }
        dut_in_t in = {0};
        const int hold = sp.gaps && (int)(rnd32() % 100) < sp.gaps;
        if (head[0] && !hold) {
            in.m[head[0]->side].s_tvalid = 1;
            in.m[head[0]->side].s_tdata = (uint32_t)head[0]->v & 0xFFFF;
            in.m[head[0]->side].s_tuser = head[0]->axis;
        }
        if (head[1] && !hold) {
            dut_side_in_t *c = &in.m[head[1]->side];
            c->cfg_valid = 1;
            c->cfg_commit = head[1]->k == OP_COMMIT;
            c->cfg_addr = head[1]->addr;
            c->cfg_axis = head[1]->axis;
            c->cfg_data = head[1]->data;
        }
        if (head[2] && !hold) {
            in.srst_valid = 1;
            in.srst_all = head[2]->all;
            in.srst_axis = head[2]->axis;
        }
        for (int sd = 0; sd < 2; sd++) in.m[sd].m_tready = !(sp.backpressure && (int)(rnd32() % 100) < sp.backpressure);
        dut_out_t out;
        bench_set(&in, &out);
        int progress = 0;
        /* output beats */
        for (int sd = 0; sd < 2; sd++) {
            if (!(out.m[sd].m_tvalid && in.m[sd].m_tready)) continue;
            const int aw = NAX > 2 ? 2 : 1;
            const uint32_t ax = out.m[sd].m_tuser & ((1u << aw) - 1), ufl = out.m[sd].m_tuser >> aw;
            queue_t *q = &m.exp[sd][ax < NAX ? ax : 0];
            if (ax >= NAX || q->head == q->tail)
                fail_msg("cycle %llu: %s beat for axis %u, none expected", (unsigned long long)cyc, sd ? "Stribeck" : "LuGre",
                         ax);
            const exp_t e = q->q[q->head++ % QN];
            const int32_t f = (int32_t)(int16_t)out.m[sd].m_tdata;
            if (f != e.f || ufl != e.fl) {
                uint32_t w[FRIC_FX_WORDS_LUGRE];
                fric_fx_lugre_t p = m.lp[ax];
                if (sd == ST) p.g = m.sp[ax];
                fric_fx_lugre_pack(&p, w);
                printf("set of the axis now (words):");
                for (int k = 0; k < FRIC_FX_WORDS_LUGRE; k++) printf(" 0x%x", w[k]);
                printf("\n");
                fail_msg("cycle %llu: %s axis %u v %d (taken at %llu): F %d flags 0x%x, C model F %d flags 0x%x",
                         (unsigned long long)cyc, sd ? "Stribeck" : "LuGre", ax, e.v, (unsigned long long)e.t, f, ufl,
                         e.f, e.fl);
            }
            const uint64_t lat = cyc - e.t;
            if (lat > m.lat_max[sd]) m.lat_max[sd] = lat;
            m.lat_sum[sd] += lat;
            m.beats[sd]++;
            progress = 1;
        }
        /* samples */
        if (head[0] && in.m[head[0]->side].s_tvalid && out.m[head[0]->side].s_tready) {
            const op_t *s = head[0];
            uint32_t fl = 0;
            int32_t f;
            if (s->side == LG) f = fric_fx_lugre_step(&m.lp[s->axis], &m.st[s->axis], s->v, &fl, NULL);
            else f = fric_fx_stribeck(&m.sp[s->axis], s->v, &fl, NULL);
            push(&m.exp[s->side][s->axis], (exp_t){f, tuser_flags(s->side, fl), cyc, s->v});
            m.sticky[s->side] |= tuser_flags(s->side, fl);
            pos[0]++;
            progress = 1;
        }
        /* cfg words and commits */
        if (head[1] && in.m[head[1]->side].cfg_valid && out.m[head[1]->side].cfg_ready) {
            const op_t *c = head[1];
            if (c->k == OP_COMMIT) {
                if (c->side == LG) m.lp[c->axis] = unpack_lugre(m.stg[LG]);
                else m.sp[c->axis] = unpack_lugre(m.stg[ST]).g;
            } else {
                const uint32_t nw = c->side == LG ? FRIC_FX_WORDS_LUGRE : FRIC_FX_WORDS_STRIBECK;
                if (c->addr < nw && fric_fx_word_fits(W, c->addr, c->data)) m.stg[c->side][c->addr] = c->data;
                else m.sticky[c->side] |= (c->side == LG) ? 0x10u : 0x4u;
            }
            pos[1]++;
            progress = 1;
        }
        /* state resets */
        if (head[2] && in.srst_valid && out.srst_ready) {
            for (uint32_t a = 0; a < NAX; a++)
                if (head[2]->all || head[2]->axis == a) fric_fx_lugre_reset(&m.st[a]);
            pos[2]++;
            progress = 1;
        }
        dut_tick(dut);
        cyc++;
        idle = progress ? 0 : idle + 1;
        if (idle > 20000) fail_msg("cycle %llu: no progress for 20000 clocks", (unsigned long long)cyc);
    }
}

static void reset_dut(void)
{
    dut_in_t in = {0};
    dut_out_t out;
    in.rst = 1;
    for (int k = 0; k < 4; k++) {
        bench_set(&in, &out);
        dut_tick(dut);
        cyc++;
    }
    in.rst = 0;
    bench_set(&in, &out);
}

static int setup(void **state)
{
    (void)state;
    const char *fst = getenv("TRACE_FST");
    dut = dut_open(fst && fst[0] ? fst : NULL);
    cyc = 0;
    /* the pin record starts after the first reset edge: before it the
     * outputs are whatever the registers held (power-up in a fresh model) */
    dut_in_t in = {0};
    dut_out_t out;
    in.rst = 1;
    bench_set(&in, &out);
    dut_tick(dut);
    cyc++;
    tb_pins_reset();
    reset_dut();
    model_reset_all();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    tb_pins_report(TB_NAME);
    dut_close(dut);
    return 0;
}

static void print_stats(const char *what)
{
    for (int sd = 0; sd < 2; sd++)
        if (m.beats[sd])
            printf("%s: %s %llu beats, bit-exact; latency mean %.0f, max %llu clocks\n", what, sd ? "Stribeck" : "LuGre",
                   (unsigned long long)m.beats[sd], (double)m.lat_sum[sd] / (double)m.beats[sd],
                   (unsigned long long)m.lat_max[sd]);
}

/* ---- sets ------------------------------------------------------------------------------- */

static fric_fx_lugre_t random_set(void) { return fric_acc_random_lugre(W, rnd32); }

static void random_raw_words(uint32_t *w) { fric_acc_random_words(W, rnd32, w, FRIC_FX_WORDS_LUGRE); }

static int32_t random_v(void)
{
    switch (rnd32() % 6) {
    case 0: return 0;
    case 1: return (rnd32() & 1) ? HALF - 1 : -HALF;
    case 2: return (int32_t)(rnd32() % 64) - 32;
    default: return (int32_t)(rnd32() % (2u * HALF)) - HALF;
    }
}

/* ---- tests -------------------------------------------------------------------------------- */

/* The accuracy benchmark's runs, NAX at a time on the LuGre side, their
 * Stribeck levels with the same velocities on the Stribeck side. */
static void test_accuracy_traces(void **state)
{
    (void)state;
    if (TB_QUICK) skip();
    op_list_t l = {0};
    size_t runs = 0, samples = 0;
    typedef struct {
        uint32_t w[FRIC_FX_WORDS_LUGRE];
        int32_t *v;
        size_t n;
    } run_t;
    const size_t nr = fric_acc_n_dynamic_sets * FRIC_TRACE_COUNT * fric_acc_n_sample_times;
    run_t *r = calloc(nr, sizeof *r);
    for (size_t si = 0; si < fric_acc_n_dynamic_sets; si++)
        for (int t = 0; t < FRIC_TRACE_COUNT; t++)
            for (size_t k = 0; k < fric_acc_n_sample_times; k++) {
                fric_fx_lugre_t p;
                fric_compile_report_t rep;
                size_t n;
                const double ts = fric_acc_sample_times[k];
                assert_int_equal(fric_acc_dynamic_compile(&fric_acc_dynamic_sets[si], (fric_trace_kind_t)t, ts, W,
                                                          ACC_SAMPLES, &p, &rep, &n),
                                 FRIC_OK);
                fric_fx_lugre_pack(&p, r[runs].w);
                r[runs].n = n;
                r[runs].v = malloc(n * sizeof(int32_t));
                for (size_t i = 0; i < n; i++) r[runs].v[i] = fric_acc_trace_code((fric_trace_kind_t)t, i, ts, &rep);
                runs++;
            }
    for (size_t g = 0; g < nr; g += NAX) {
        size_t nmax = 0;
        for (size_t a = 0; a < NAX && g + a < nr; a++) {
            add_set(&l, LG, (uint32_t)a, r[g + a].w);
            add_set(&l, ST, (uint32_t)a, r[g + a].w);
            if (r[g + a].n > nmax) nmax = r[g + a].n;
        }
        add(&l, (op_t){OP_SRST, LG, 0, 0, 0, 1, 0});
        for (size_t k = 0; k < nmax; k++)
            for (size_t a = 0; a < NAX && g + a < nr; a++)
                if (k < r[g + a].n) {
                    add(&l, (op_t){OP_SAMPLE, LG, (uint32_t)a, 0, 0, 0, r[g + a].v[k]});
                    add(&l, (op_t){OP_SAMPLE, ST, (uint32_t)a, 0, 0, 0, r[g + a].v[k]});
                    samples++;
                }
        add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
    }
    run(&l, FULL);
    printf("%zu runs, %zu samples a model, %llu clocks\n", runs, samples, (unsigned long long)cyc);
    print_stats("accuracy traces");
    assert_true(m.beats[LG] == samples && m.beats[ST] == samples);
    for (size_t i = 0; i < nr; i++) free(r[i].v);
    free(r);
    free(l.v);
}

/* Random sets (compiled and raw words), commits between samples, state
 * resets, refused words, gaps and backpressure, on both sides at once. */
static void random_ops(op_list_t *l, size_t n_samples)
{
    uint32_t w[FRIC_FX_WORDS_LUGRE];
    for (size_t i = 0; i < n_samples; i++) {
        const uint32_t r = rnd32() % 1000;
        if (r < 8) { /* a new set for one axis of one side */
            const int side = (int)(rnd32() & 1);
            if (rnd32() & 1) {
                const fric_fx_lugre_t p = random_set();
                fric_fx_lugre_pack(&p, w);
            } else {
                random_raw_words(w);
            }
            add_set(l, side, rnd32() % NAX, w);
        } else if (r < 11) { /* a refused word: too wide, or past the set */
            const int side = (int)(rnd32() & 1);
            const uint32_t addr = (rnd32() & 1) ? (side == LG ? FRIC_FX_WORDS_LUGRE + rnd32() % (32 - FRIC_FX_WORDS_LUGRE)
                                                           : FRIC_FX_WORDS_STRIBECK + rnd32() % (16 - FRIC_FX_WORDS_STRIBECK))
                                                : 0;
            add(l, (op_t){OP_WORD, side, 0, addr, 0xFFFFFFFFu, 0, 0});
        } else if (r < 14) {
            add(l, (op_t){OP_SRST, LG, rnd32() % NAX, 0, 0, (rnd32() % 4) == 0, 0});
        } else if (r < 16) {
            add(l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
        }
        add(l, (op_t){OP_SAMPLE, (int)(rnd32() & 1), rnd32() % NAX, 0, 0, 0, random_v()});
    }
    add(l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
}

static void start_with_random_sets(op_list_t *l)
{
    uint32_t w[FRIC_FX_WORDS_LUGRE];
    for (uint32_t a = 0; a < NAX; a++)
        for (int side = 0; side < 2; side++) {
            const fric_fx_lugre_t p = random_set();
            fric_fx_lugre_pack(&p, w);
            add_set(l, side, a, w);
        }
}

static void test_random_ops(void **state)
{
    (void)state;
    op_list_t l = {0};
    start_with_random_sets(&l);
    random_ops(&l, (size_t)tb_env_count("RANDOM_OPS", 20000u, 1u, 100000000u));
    const speed_t sp = {30, 40};
    run(&l, sp);
    print_stats("random ops (gaps 30 %, backpressure 40 %)");
    free(l.v);
}

/* every input code of the Stribeck side, NAX sets at once */
static void test_stribeck_every_code(void **state)
{
    (void)state;
    if (TB_QUICK) skip();
    op_list_t l = {0};
    uint32_t w[FRIC_FX_WORDS_LUGRE];
    for (uint32_t a = 0; a < NAX; a++) {
        const fric_fx_lugre_t p = random_set();
        fric_fx_lugre_pack(&p, w);
        add_set(&l, ST, a, w);
    }
    for (int32_t v = -HALF; v < HALF; v++) add(&l, (op_t){OP_SAMPLE, ST, (uint32_t)(v & (NAX - 1)), 0, 0, 0, v});
    add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
    run(&l, FULL);
    print_stats("every Stribeck code");
    assert_true(m.beats[ST] == (uint64_t)2 * HALF);
    free(l.v);
}

/* A long random soak (SOAK=N samples, default 20000) */
static void test_soak(void **state)
{
    (void)state;
    const char *e = getenv("SOAK");
    const size_t n = e ? (size_t)strtod(e, NULL) : 20000;
    op_list_t l = {0};
    start_with_random_sets(&l);
    random_ops(&l, n);
    run(&l, FULL);
    print_stats("soak");
    free(l.v);
}

/* Latency and the time of a full set: one sample a model and axis, all at
 * once, at full speed; the worst case bounds the documented rates. */
static void test_latency_and_set_time(void **state)
{
    (void)state;
    op_list_t l = {0};
    start_with_random_sets(&l);
    add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
    run(&l, FULL);
    /* the commits' copies (a CPY per word) end before the first sample */
    for (int k = 0; k < (FRIC_FX_WORDS_LUGRE + 2) * FRIC_ENG_ROUND; k++) {
        dut_tick(dut);
        cyc++;
    }
    uint64_t worst_set = 0;
    for (int k = 0; k < 200; k++) {
        op_list_t s = {0};
        for (uint32_t a = 0; a < NAX; a++) {
            const int32_t v = random_v();
            add(&s, (op_t){OP_SAMPLE, LG, a, 0, 0, 0, v});
            add(&s, (op_t){OP_SAMPLE, ST, a, 0, 0, 0, v});
        }
        add(&s, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
        const uint64_t c0 = cyc;
        run(&s, FULL);
        if (cyc - c0 > worst_set) worst_set = cyc - c0;
        free(s.v);
    }
    print_stats("sets of every axis of both models");
    printf("set of %d axes x 2 models: worst %llu clocks (with the bench's flag check, 2 clocks)\n", NAX,
           (unsigned long long)worst_set);
    /* the line make synth-report reads (the engine runs' rate.txt): each
     * model's guaranteed rate, a set of NAX axes every FRIC_ENG_ROUND clocks per
     * instruction of the LuGre program's longest path (the bound asserted
     * below; the random sets measured above take less), both models at once */
    printf("throughput: %.6f samples per clock round-robin over %d axes (each model, both at once: a set per "
           "%d clocks, the longest path's bound; measured worst %llu)\n",
           (double)NAX / (FRIC_ENG_MAX_INSTR_LUGRE * (double)FRIC_ENG_ROUND), NAX, FRIC_ENG_MAX_INSTR_LUGRE * FRIC_ENG_ROUND,
           (unsigned long long)worst_set);
    /* an instruction every FRIC_ENG_ROUND clocks on the longest path; before it, a wait
     * in the model's input register while the samples ahead of it (at most
     * 2 NAX - 1, one per slot IN, every round) are taken */
    const uint64_t feed = (uint64_t)2 * NAX * FRIC_ENG_ROUND + 2 * FRIC_ENG_ROUND;
    printf("latency bound: LuGre %llu, Stribeck %llu clocks from the input handshake (asserted; measured max %llu, %llu)\n",
           (unsigned long long)(FRIC_ENG_MAX_INSTR_LUGRE * FRIC_ENG_ROUND + feed),
           (unsigned long long)(FRIC_ENG_MAX_INSTR_STRIBECK * FRIC_ENG_ROUND + feed), (unsigned long long)m.lat_max[LG],
           (unsigned long long)m.lat_max[ST]);
    assert_true(m.lat_max[LG] <= (uint64_t)FRIC_ENG_MAX_INSTR_LUGRE * FRIC_ENG_ROUND + feed);
    assert_true(m.lat_max[ST] <= (uint64_t)FRIC_ENG_MAX_INSTR_STRIBECK * FRIC_ENG_ROUND + feed);
    assert_true(worst_set <= (uint64_t)FRIC_ENG_MAX_INSTR_LUGRE * FRIC_ENG_ROUND + feed);
    free(l.v);
}

/* rst in the middle of work: the outputs in flight are dropped, the states
 * clear, the parameters stay */
static void test_reset_keeps_parameters(void **state)
{
    (void)state;
    op_list_t l = {0};
    start_with_random_sets(&l);
    for (int i = 0; i < 200; i++) add(&l, (op_t){OP_SAMPLE, (int)(rnd32() & 1), rnd32() % NAX, 0, 0, 0, random_v()});
    add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
    run(&l, FULL);
    /* samples in flight, then a reset */
    dut_in_t in = {0};
    dut_out_t out;
    in.m[LG].s_tvalid = 1;
    in.m[LG].s_tdata = 1000;
    bench_set(&in, &out);
    dut_tick(dut);
    cyc++;
    reset_dut();
    for (uint32_t a = 0; a < NAX; a++) {
        fric_fx_lugre_reset(&m.st[a]);
        m.exp[LG][a].head = m.exp[LG][a].tail;
        m.exp[ST][a].head = m.exp[ST][a].tail;
    }
    m.sticky[LG] = m.sticky[ST] = 0;
    op_list_t k = {0};
    for (int i = 0; i < 200; i++) add(&k, (op_t){OP_SAMPLE, (int)(rnd32() & 1), rnd32() % NAX, 0, 0, 0, random_v()});
    add(&k, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
    run(&k, FULL);
    print_stats("reset");
    free(l.v);
    free(k.v);
}

/* every word number of both sides at the edges of its field (and past
 * the set): refused words raise CFG, the others are taken; a sample after
 * each commit checks the words in effect */
static void test_cfg_word_edges(void **state)
{
    (void)state;
    op_list_t l = {0};
    start_with_random_sets(&l);
    add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
    static const uint32_t fixed[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu};
    size_t words = 0;
    for (int side = 0; side < 2; side++)
        for (uint32_t k = 0; k < (side == LG ? 32u : 16u); k++) {
            uint32_t v[16];
            size_t n = 0;
            for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) v[n++] = fixed[i];
            for (int b = 1; b <= 20; b++) {
                v[n] = (1u << b) - 1u; /* the largest b-bit unsigned value and the one past it */
                if (n + 1 < 16 && (b == 4 || b == 5 || b == 6 || b == 8 || b == 16 || b == 19 || b == 1)) {
                    v[n + 1] = 1u << b;
                    n += 2;
                }
                if (n >= 14) break;
            }
            for (size_t i = 0; i < n; i++) {
                /* signed edges of the same widths */
                add(&l, (op_t){OP_WORD, side, 0, k, v[i], 0, 0});
                add(&l, (op_t){OP_WORD, side, 0, k, ~v[i], 0, 0});
                add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
                words += 2;
            }
            if (k < (side == LG ? (uint32_t)FRIC_FX_WORDS_LUGRE : (uint32_t)FRIC_FX_WORDS_STRIBECK)) {
                add(&l, (op_t){OP_COMMIT, side, k % NAX, 0, 0, 0, 0});
                for (int i = 0; i < 4; i++) add(&l, (op_t){OP_SAMPLE, side, k % NAX, 0, 0, 0, random_v()});
                add(&l, (op_t){OP_CHECK, 0, 0, 0, 0, 0, 0});
            }
        }
    run(&l, FULL);
    printf("cfg word edges: %zu words, every refusal and acceptance as the C model's fric_fx_word_fits\n", words);
    print_stats("cfg word edges");
    free(l.v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_accuracy_traces, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random_ops, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stribeck_every_code, setup, teardown),
        cmocka_unit_test_setup_teardown(test_latency_and_set_time, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reset_keeps_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfg_word_edges, setup, teardown),
        cmocka_unit_test_setup_teardown(test_soak, setup, teardown),
    };
    const char *t = getenv("TEST");
    if (t && t[0]) cmocka_set_test_filter(t);
    return cmocka_run_group_tests_name(TB_NAME, tests, NULL, NULL);
}
