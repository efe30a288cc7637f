/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* tb_gms.c: the C test logic of the fric_gms bench (cmocka), driving the
 * Verilated core through dut_lugre.h and checking every output beat, its
 * flags and the sticky flags against the fixed-point C model
 * (fric_fx_gms_step), bit for bit.
 *
 * The stimulus is a sequence of operations (a sample, a cfg word, a commit,
 * a state reset, a core reset, a flag clear, a flag check), each presented on
 * its port until it is taken, with random gaps before it and random
 * backpressure on the output. The model applies each operation at its
 * handshake: the core's contract (fric_gms.v) is that a commit or a state
 * reset takes effect after every sample taken before it and before any taken
 * after it.
 *
 * Built per configuration (mk/tb.mk; mk/ghdl.mk builds it with TB_GHDL for
 * the GHDL bench of the VHDL core, tb/ghdl/): TB_W (16 or 18), TB_LAT0 the
 * documented latency without elements (docs/fric_gms.md: a sample with n
 * elements comes out TB_LAT0 + n cycles after its handshake), which
 * test_latency checks. TRACE=1 writes build/tb/<name>.fst (pick a test with
 * TEST=<pattern>); RANDOM_OPS=N sizes test_random_traffic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "../tb_pins.h"
#include "../tb_env.h"
#include "../tb_rng.h"
#include "dut_lugre.h" /* fric_gms has fric_lugre's ports */
#include "fric_accuracy.h"
#include "fricore.h"
#ifdef TB_GHDL /* the GHDL bench: main is renamed tb_main, its coroutine entry */
#include "fric_vhpi.h"
#endif

#ifndef TB_W
#error "TB_W must be 16 or 18"
#endif
#ifndef TB_NAME
#define TB_NAME "tb_gms"
#endif
#ifndef TB_LAT0
#error "TB_LAT0: the documented latency of a sample without elements"
#endif

#define NAX 8
#define TB_PI 3.14159265358979323846
#define NWORDS FRIC_FX_WORDS_GMS
#define HALF (1 << (TB_W - 1))
/* flags: {CFG, W_SAT, 0, G_SAT, F_SAT} */
#define FL_CFG 16u

/* ---- the model of the whole core ------------------------------------------------ */

static uint32_t stg[NWORDS];
static fric_fx_gms_t model[NAX];
static fric_fx_gms_state_t mst[NAX];
static uint32_t sticky;

static int32_t sext(uint32_t x, int bits)
{
    const uint32_t m = 1u << (bits - 1);
    return (int32_t)((x & ((m << 1) - 1)) ^ m) - (int32_t)m;
}

static fric_fx_gms_t unpack(const uint32_t *w) { return fric_fx_gms_unpack(TB_W, w); }

/* the field rule of the cfg port for the GMS words: the Stribeck words as
 * fric_fx_word_fits() says, the others by their generated widths */
static int gms_word_fits(uint32_t addr, uint32_t data)
{
    const int w = TB_W;
    int bits, sgn;
    if (addr < FRIC_FX_WORDS_STRIBECK) return fric_fx_word_fits(TB_W, addr, data);
    if (addr >= NWORDS) return 0;
    if (addr == FRIC_FX_WORD_GMS_N) {
        bits = FRIC_FX_BITS_GMS_N(w);
        sgn = FRIC_FX_SIGNED_GMS_N;
    } else if (addr == FRIC_FX_WORD_GMS_KCM) {
        bits = FRIC_FX_BITS_GMS_KCM(w);
        sgn = FRIC_FX_SIGNED_GMS_KCM;
    } else if (addr == FRIC_FX_WORD_GMS_KCX) {
        bits = FRIC_FX_BITS_GMS_KCX(w);
        sgn = FRIC_FX_SIGNED_GMS_KCX;
    } else {
        switch ((addr - FRIC_FX_WORD_GMS_KM(0)) % 3) {
        case 0:
            bits = FRIC_FX_BITS_GMS_KM(w);
            sgn = FRIC_FX_SIGNED_GMS_KM;
            break;
        case 1:
            bits = FRIC_FX_BITS_GMS_KS(w);
            sgn = FRIC_FX_SIGNED_GMS_KS;
            break;
        default:
            bits = FRIC_FX_BITS_GMS_AM(w);
            sgn = FRIC_FX_SIGNED_GMS_AM;
            break;
        }
    }
    if (sgn) {
        const int32_t x = (int32_t)data;
        return x >= -(1 << (bits - 1)) && x < (1 << (bits - 1));
    }
    return bits >= 32 || data < (1u << bits);
}

/* the model's flags in the core's order */
static uint32_t core_flags(uint32_t fl)
{
    return ((fl & FRIC_FX_FLAG_F_SAT) ? 1u : 0u) | ((fl & FRIC_FX_FLAG_G_SAT) ? 2u : 0u) |
           ((fl & FRIC_FX_FLAG_W_SAT) ? 8u : 0u);
}

/* ---- operations ------------------------------------------------------------------- */

typedef enum { OP_SAMPLE, OP_WORD, OP_COMMIT, OP_SRST, OP_RST, OP_CLEAR, OP_CHECK } op_kind_t;

typedef struct {
    op_kind_t kind;
    uint32_t axis;       /* sample, commit, srst */
    int32_t v;           /* sample */
    uint32_t addr, data; /* word; clear: data = mask */
    int all;             /* srst */
} op_t;

typedef int (*op_source_t)(void *ctx, op_t *op);

typedef struct {
    uint32_t axis, n;
    int32_t v, f;
    uint32_t flags;
    uint64_t cycle;
} expect_t;

#define QN 64u
static expect_t q[QN];
static size_t qh, qt;

/* ---- the runner --------------------------------------------------------------------- */

static dut_t *dut;

static void bench_set(const dut_in_t *in, dut_out_t *out)
{
    dut_set(dut, in, out);
    const uint32_t w[] = {in->rst, in->s_tvalid, in->s_tvalid ? in->s_tdata : 0, in->s_tvalid ? in->s_tuser : 0,
                          in->m_tready, in->cfg_valid, in->cfg_commit, in->cfg_addr, in->cfg_axis, in->cfg_data,
                          in->flags_clear, in->srst_valid, in->srst_all, in->srst_axis, out->s_tready, out->m_tvalid,
                          out->m_tvalid ? out->m_tdata : 0, out->m_tvalid ? out->m_tuser : 0, out->cfg_ready,
                          out->srst_ready, out->flags};
    tb_pins_add(w, sizeof w / sizeof w[0]);
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint32_t rnd32(void) { return tb_xorshift32(&rng, 24); }
static int chance(double p) { return p >= 1.0 || (rnd32() % 1000000u) < (uint32_t)(p * 1e6); }

typedef struct {
    double p_gap;   /* chance that an operation is held back a cycle */
    double p_ready; /* chance of m_tready each cycle */
} traffic_t;

static const traffic_t FULL_SPEED = {0.0, 1.0};
static const traffic_t CHOPPY = {0.3, 0.6};

typedef struct {
    uint64_t beats, cycles;
    uint64_t lat_min[FRIC_FX_GMS_MAX + 1], lat_max[FRIC_FX_GMS_MAX + 1];
    uint64_t flag[4];           /* beats with F_SAT, G_SAT, -, W_SAT */
    uint64_t zero, slips, rev;  /* samples at v = 0; element steps slipping; reversals */
} run_stats_t;

static run_stats_t stats;

static void model_reset(uint32_t a) { fric_fx_gms_reset(&mst[a]); }
static void model_reset_all(void)
{
    for (uint32_t a = 0; a < NAX; a++) model_reset(a);
}

static uint32_t eff_n(const fric_fx_gms_t *p) { return p->n > FRIC_FX_GMS_MAX ? FRIC_FX_GMS_MAX : p->n; }

/* Run until the source is exhausted and every output has come out. */
static void run(op_source_t src, void *ctx, const traffic_t *tr)
{
    op_t op;
    int have = src(ctx, &op);
    dut_in_t in;
    dut_out_t out;
    int held = 0;
    uint32_t held_data = 0, held_user = 0;
    uint64_t idle = 0, last_progress = stats.cycles;
    int32_t last_v[NAX] = {0};
    for (;;) {
        memset(&in, 0, sizeof in);
        in.m_tready = chance(tr->p_ready);
        const int present = have && !chance(tr->p_gap);
        if (present) {
            switch (op.kind) {
            case OP_SAMPLE:
                in.s_tvalid = 1;
                in.s_tdata = (uint32_t)op.v & ((1u << TB_W) - 1);
                in.s_tuser = op.axis;
                break;
            case OP_WORD:
            case OP_COMMIT:
                in.cfg_valid = 1;
                in.cfg_commit = op.kind == OP_COMMIT;
                in.cfg_addr = op.addr;
                in.cfg_axis = op.axis;
                in.cfg_data = op.data;
                break;
            case OP_SRST:
                in.srst_valid = 1;
                in.srst_all = (uint32_t)op.all;
                in.srst_axis = op.axis;
                break;
            case OP_RST: in.rst = 1; break;
            case OP_CLEAR: in.flags_clear = op.data; break;
            case OP_CHECK: break;
            }
        }
        bench_set(&in, &out);
        if (held && !(out.m_tvalid && out.m_tdata == held_data && out.m_tuser == held_user))
            fail_msg("cycle %llu: a held output beat changed", (unsigned long long)dut_cycle(dut));
        if (out.m_tvalid && in.m_tready) {
            if (qh == qt) fail_msg("cycle %llu: an output beat no sample asked for", (unsigned long long)dut_cycle(dut));
            const expect_t e = q[qh++ % QN];
            const int32_t f = sext(out.m_tdata, TB_W);
            const uint32_t ax = out.m_tuser & (NAX - 1), fl = out.m_tuser >> 3;
            if (f != e.f || ax != e.axis || fl != e.flags)
                fail_msg("cycle %llu: axis %u v %d n %u (taken at cycle %llu): core F %d flags %u axis %u, C model F %d "
                         "flags %u",
                         (unsigned long long)dut_cycle(dut), e.axis, e.v, e.n, (unsigned long long)e.cycle, f, fl, ax,
                         e.f, e.flags);
            const uint64_t lat = dut_cycle(dut) - e.cycle;
            if (stats.lat_min[e.n] == 0 || lat < stats.lat_min[e.n]) stats.lat_min[e.n] = lat;
            if (lat > stats.lat_max[e.n]) stats.lat_max[e.n] = lat;
            stats.beats++;
            held = 0;
        } else {
            held = out.m_tvalid;
            held_data = out.m_tdata;
            held_user = out.m_tuser;
        }
        int taken = 0;
        if (present) {
            switch (op.kind) {
            case OP_SAMPLE:
                if (out.s_tready) {
                    expect_t e = {op.axis, eff_n(&model[op.axis]), op.v, 0, 0, dut_cycle(dut)};
                    uint32_t fl = 0;
                    e.f = fric_fx_gms_step(&model[op.axis], &mst[op.axis], op.v, &fl);
                    e.flags = core_flags(fl);
                    for (int b = 0; b < 4; b++) stats.flag[b] += (e.flags >> b) & 1u;
                    stats.zero += op.v == 0;
                    stats.rev += (int64_t)op.v * last_v[op.axis] < 0;
                    last_v[op.axis] = op.v;
                    for (uint32_t i = 0; i < e.n; i++) stats.slips += mst[op.axis].slip[i] != 0;
                    sticky |= e.flags;
                    if (qt - qh >= QN) fail_msg("expectation queue overflow");
                    q[qt++ % QN] = e;
                    taken = 1;
                }
                break;
            case OP_WORD:
                if (out.cfg_ready) {
                    if (gms_word_fits(op.addr, op.data)) stg[op.addr] = op.data;
                    else sticky |= FL_CFG;
                    taken = 1;
                }
                break;
            case OP_COMMIT:
                if (out.cfg_ready) {
                    model[op.axis] = unpack(stg);
                    taken = 1;
                }
                break;
            case OP_SRST:
                if (out.srst_ready) {
                    if (op.all) model_reset_all();
                    else model_reset(op.axis);
                    taken = 1;
                }
                break;
            case OP_RST:
                qh = qt = 0;
                held = 0;
                model_reset_all();
                sticky = 0;
                taken = 1;
                break;
            case OP_CLEAR:
                sticky &= ~op.data;
                taken = 1;
                break;
            case OP_CHECK:
                if (qh == qt && out.s_tready && out.cfg_ready && out.srst_ready && !out.m_tvalid) {
                    if (out.flags != sticky)
                        fail_msg("cycle %llu: sticky flags %u, C model %u", (unsigned long long)dut_cycle(dut),
                                 out.flags, sticky);
                    taken = 1;
                }
                break;
            }
        }
        dut_tick(dut);
        stats.cycles++;
        if (taken) have = src(ctx, &op);
        if (!have && qh == qt && !out.m_tvalid) {
            if (++idle > 4) break;
        } else {
            idle = 0;
        }
        if (taken || (out.m_tvalid && in.m_tready)) last_progress = stats.cycles;
        if (stats.cycles - last_progress > 100000ull)
            fail_msg("cycle %llu: nothing taken or given for 100000 cycles", (unsigned long long)dut_cycle(dut));
    }
}

/* the core at rest: reset, all parameters 0 (as after power-up) */
static void bench_open(void)
{
    const char *trace = getenv("TRACE");
    char path[256];
    snprintf(path, sizeof path, "build/tb/%s.fst", TB_NAME);
    dut = dut_open(trace && *trace == '1' ? path : NULL);
    memset(stg, 0, sizeof stg);
    for (int a = 0; a < NAX; a++) model[a] = unpack(stg);
    model_reset_all();
    sticky = 0;
    qh = qt = 0;
    memset(&stats, 0, sizeof stats);
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    in.rst = 1;
    bench_set(&in, &out);
    dut_tick(dut);
    tb_pins_reset();
    in.rst = 0;
    for (int i = 0; i < 200; i++) {
        bench_set(&in, &out);
        dut_tick(dut);
    }
}

static int setup(void **state)
{
    (void)state;
    bench_open();
    return 0;
}
static int teardown(void **state)
{
    (void)state;
    tb_pins_report(TB_NAME);
    dut_close(dut);
    return 0;
}

/* ---- a list of operations ------------------------------------------------------ */

typedef struct {
    op_t *v;
    size_t n, cap, i;
} op_list_t;

static void push(op_list_t *l, op_t op)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 4096;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) fail_msg("out of memory");
    }
    l->v[l->n++] = op;
}
static int list_source(void *ctx, op_t *op)
{
    op_list_t *l = ctx;
    if (l->i >= l->n) return 0;
    *op = l->v[l->i++];
    return 1;
}
static void push_words(op_list_t *l, uint32_t axis, const uint32_t *w)
{
    for (uint32_t k = 0; k < NWORDS; k++) push(l, (op_t){.kind = OP_WORD, .addr = k, .data = w[k]});
    push(l, (op_t){.kind = OP_COMMIT, .axis = axis});
}
static void push_set(op_list_t *l, uint32_t axis, const fric_fx_gms_t *p)
{
    uint32_t w[NWORDS];
    fric_fx_gms_pack(p, w);
    push_words(l, axis, w);
}
static void push_sample(op_list_t *l, uint32_t axis, int32_t v)
{
    push(l, (op_t){.kind = OP_SAMPLE, .axis = axis, .v = v});
}
static void push_check(op_list_t *l) { push(l, (op_t){.kind = OP_CHECK}); }

static void print_stats(const char *what)
{
    printf("%s: %llu output beats bit-exact in %llu cycles; F_SAT %llu, G_SAT %llu, W_SAT %llu; v = 0 %llu, "
           "reversals %llu, slipping element steps %llu\n",
           what, (unsigned long long)stats.beats, (unsigned long long)stats.cycles, (unsigned long long)stats.flag[0],
           (unsigned long long)stats.flag[1], (unsigned long long)stats.flag[3], (unsigned long long)stats.zero,
           (unsigned long long)stats.rev, (unsigned long long)stats.slips);
}

/* ---- sets ----------------------------------------------------------------------------- */

/* a compiled set: accuracy set i at sample time ts, n elements (the
 * accuracy set's level and C, the default elements for n) */
static fric_fx_gms_t compiled_set(size_t i, unsigned n, double ts)
{
    fric_gms_cfg_t c = fric_acc_gms_sets[i % fric_acc_n_gms_sets].cfg;
    const double fs = fmax(c.curve.fs_pos, c.curve.fc_pos);
    if (n && fric_gms_default_elements(n, fs > 0 ? fs : 1.0, 1e5, &c) != FRIC_OK) fail_msg("default elements n %u", n);
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = TB_W;
    o.v_max = 0.03125;
    o.f_max = 4.0;
    o.ts = ts;
    fric_fx_gms_t p;
    fric_compile_report_t rep;
    if (fric_compile_gms(&c, &o, &p, &rep) != FRIC_OK) fail_msg("compile: %s", rep.why);
    return p;
}

/* random words that fit their fields but come from no compiler: GMS_N up
 * to 31, AM up to 2^(W+1) - 1 (levels beyond the state's range: W_SAT), g
 * clamped, huge shifts, zero mantissas */
static void random_raw_words(uint32_t *w)
{
    for (uint32_t k = 0; k < NWORDS; k++) {
        uint32_t x;
        do {
            x = rnd32() ^ (rnd32() << 16);
            const int bits = 1 + (int)(rnd32() % 32);
            x = (rnd32() & 1) ? (x & (bits >= 32 ? ~0u : ((1u << bits) - 1))) : (uint32_t)sext(x, bits);
        } while (!gms_word_fits(k, x));
        w[k] = x;
    }
}

/* a random set: a compiled one (random accuracy set, n, sample time), with
 * a chance of scaled elements so that they slip often */
static fric_fx_gms_t random_set(void)
{
    static const double ts[] = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2};
    fric_fx_gms_t p = compiled_set(rnd32() % fric_acc_n_gms_sets, 1 + rnd32() % FRIC_FX_GMS_MAX, ts[rnd32() % 5]);
    if (rnd32() % 2) /* stiffer elements: a slip within a few samples */
        for (uint32_t i = 0; i < p.n; i++) p.ks[i] = p.ks[i] > 8 ? p.ks[i] - (rnd32() % 8) : p.ks[i];
    return p;
}

static int32_t random_v(void)
{
    switch (rnd32() % 6) {
    case 0: return 0;
    case 1: return (rnd32() & 1) ? HALF - 1 : -HALF;
    case 2: return (int32_t)(rnd32() % 64) - 32;
    default: return (int32_t)(rnd32() % (2u * HALF)) - HALF;
    }
}

/* ---- tests -------------------------------------------------------------------------- */

/* Directed: compiled sets on every axis (n 1..16, sample times 1 us ..
 * 10 ms), each axis driven through reversals (a sine of a few samples'
 * period and of growing amplitude), standstill, the sign boundary (+-1, 0),
 * the range ends (-2^(W-1), 2^(W-1) - 1: F_SAT with viscous sets), the axes
 * interleaved; then the same again under gaps and backpressure. */
static void directed_ops(op_list_t *l)
{
    static const double ts[] = {1e-6, 1e-5, 1e-4, 1e-3, 1e-2};
    static const unsigned ns[] = {1, 2, 3, 7, 8, 15, 16, 5};
    for (uint32_t a = 0; a < NAX; a++) {
        const fric_fx_gms_t p = compiled_set(a, ns[a], ts[a % 5]);
        push_set(l, a, &p);
    }
    push(l, (op_t){.kind = OP_SRST, .all = 1});
    for (int k = 0; k < 1200; k++) {
        for (uint32_t a = 0; a < NAX; a++) {
            int32_t v;
            const int ph = k % 300;
            if (ph < 150) { /* reversals, amplitude growing from 1 code to half the range */
                const double amp = pow(2.0, (TB_W - 2) * ph / 150.0);
                v = (int32_t)lround(amp * sin(2.0 * TB_PI * (k + 3 * (int)a) / (8.0 + a)));
            } else if (ph < 170) {
                v = 0; /* standstill */
            } else if (ph < 200) {
                v = (ph % 3) - 1; /* the sign boundary */
            } else if (ph < 210) {
                v = (ph & 1) ? HALF - 1 : -HALF; /* the range ends */
            } else {
                v = (int32_t)((k * 2654435761u + a * 40503u) % (2u * HALF)) - HALF;
            }
            if (v >= HALF) v = HALF - 1;
            if (v < -HALF) v = -HALF;
            push_sample(l, a, v);
        }
    }
    push_check(l);
}

static void test_directed(void **state)
{
    (void)state;
    op_list_t l = {0};
    directed_ops(&l);
    run(list_source, &l, &FULL_SPEED);
    l.i = 0;
    run(list_source, &l, &CHOPPY);
    free(l.v);
    print_stats("directed");
    assert_true(stats.beats == 2 * 1200 * NAX);
    assert_true(stats.slips > 1000 && stats.rev > 1000 && stats.zero > 100);
}

/* Saturation and the clamps: raw sets with g clamped (G_SAT), levels past
 * the state's range (AM near 2^(W+1): W_SAT), GMS_N 0 and beyond 16, on
 * every axis, with random velocities */
static void test_saturation(void **state)
{
    (void)state;
    op_list_t l = {0};
    for (int round = 0; round < 12; round++) {
        for (uint32_t a = 0; a < NAX; a++) {
            uint32_t w[NWORDS];
            random_raw_words(w);
            if (a == 0) w[FRIC_FX_WORD_GMS_N] = 0;
            if (a == 1) w[FRIC_FX_WORD_GMS_N] = 17 + rnd32() % 15;
            if (a >= 2 && a < 5) { /* big levels, stiff elements, fast slip */
                w[FRIC_FX_WORD_GMS_N] = 16;
                w[FRIC_FX_WORD_FC_P] = w[FRIC_FX_WORD_FC_N] = (1u << (TB_W + 3)) - 1 - rnd32() % 64;
                w[FRIC_FX_WORD_DM_P] = w[FRIC_FX_WORD_DM_N] = 0;
                for (int i = 0; i < FRIC_FX_GMS_MAX; i++) {
                    w[FRIC_FX_WORD_GMS_AM(i)] = (1u << (TB_W + 1)) - 1 - rnd32() % 256;
                    w[FRIC_FX_WORD_GMS_KS(i)] = rnd32() % 24;
                }
            }
            if (a == 5) { /* g below 1: clamped */
                w[FRIC_FX_WORD_FC_P] = w[FRIC_FX_WORD_FC_N] = 0;
                w[FRIC_FX_WORD_DM_P] = (uint32_t)sext(0x8000u, 16);
            }
            push_words(&l, a, w);
        }
        for (int k = 0; k < 60; k++)
            for (uint32_t a = 0; a < NAX; a++) push_sample(&l, a, (k % 10 < 7) ? random_v() : ((k / 10) & 1 ? 40 : -40));
        push_check(&l);
    }
    run(list_source, &l, &CHOPPY);
    free(l.v);
    print_stats("saturation");
    assert_true(stats.flag[0] > 0 && stats.flag[1] > 0 && stats.flag[3] > 0);
}

/* a random operation stream: samples on random axes, new sets (compiled or
 * raw words), commits mid-stream, state resets, core resets, bad words, flag
 * clears and checks */
typedef struct {
    uint64_t left;
    uint32_t pending_words;
    uint32_t w[NWORDS];
    uint32_t set_axis;
    int clear_next;
} random_ctx_t;

static int random_source(void *ctx, op_t *op)
{
    random_ctx_t *c = ctx;
    if (c->clear_next) {
        c->clear_next = 0;
        *op = (op_t){.kind = OP_CLEAR, .data = rnd32() & 31u};
        return 1;
    }
    if (c->pending_words) {
        const uint32_t k = NWORDS - c->pending_words--;
        *op = (op_t){.kind = OP_WORD, .addr = k, .data = c->w[k]};
        return 1;
    }
    if (c->set_axis < NAX) {
        *op = (op_t){.kind = OP_COMMIT, .axis = c->set_axis};
        c->set_axis = NAX;
        return 1;
    }
    if (c->left == 0) return 0;
    c->left--;
    const uint32_t r = rnd32() % 10000;
    if (r < 60) { /* a new set for an axis: its words, then its commit, samples between them */
        if (rnd32() % 3 == 0) {
            random_raw_words(c->w);
        } else {
            const fric_fx_gms_t p = random_set();
            fric_fx_gms_pack(&p, c->w);
        }
        c->pending_words = NWORDS;
        c->set_axis = rnd32() % NAX;
        *op = (op_t){.kind = OP_SAMPLE, .axis = rnd32() % NAX, .v = random_v()};
        return 1;
    }
    if (r < 80) { /* a word that does not fit, or an address past the last word */
        const uint32_t addr = (rnd32() & 1) ? NWORDS + rnd32() % (128 - NWORDS) : rnd32() % NWORDS;
        uint32_t d;
        do d = rnd32() ^ (rnd32() << 16);
        while (gms_word_fits(addr, d));
        *op = (op_t){.kind = OP_WORD, .addr = addr, .data = d};
        return 1;
    }
    if (r < 100) {
        *op = (op_t){.kind = OP_SRST, .axis = rnd32() % NAX, .all = (int)(rnd32() % 4 == 0)};
        return 1;
    }
    if (r < 105) {
        *op = (op_t){.kind = OP_RST};
        return 1;
    }
    if (r < 140) {
        *op = (op_t){.kind = OP_CHECK};
        c->clear_next = (int)(rnd32() & 1);
        return 1;
    }
    /* a sample: runs of one axis (reversals within a few samples), or random axes */
    const uint32_t ax = (r < 6000) ? (r % 2) : rnd32() % NAX;
    int32_t v = random_v();
    if (r < 6000) v = (int32_t)((rnd32() % 2001) - 1000) >> (rnd32() % 8);
    *op = (op_t){.kind = OP_SAMPLE, .axis = ax, .v = v};
    return 1;
}

static void test_random_traffic(void **state)
{
    (void)state;
    const uint64_t n = tb_env_count("RANDOM_OPS", 30000, 1, 100000000);
    random_ctx_t c = {.left = n, .set_axis = NAX};
    run(random_source, &c, &CHOPPY);
    random_ctx_t c2 = {.left = n / 3, .set_axis = NAX};
    run(random_source, &c2, &FULL_SPEED);
    print_stats("random traffic");
    assert_true(stats.beats > n / 2 && stats.slips > 0);
}

/* the cfg port at each word's field limits: the largest value that fits
 * and the smallest that does not (each sign for a signed field), and
 * addresses past the last word; each commit then shows the set through
 * samples */
static void test_cfg_word_edges(void **state)
{
    (void)state;
    op_list_t l = {0};
    const fric_fx_gms_t base = compiled_set(0, 4, 1e-4);
    uint32_t w[NWORDS];
    fric_fx_gms_pack(&base, w);
    for (uint32_t k = 0; k < 128; k++) {
        push_words(&l, k % NAX, w);
        uint32_t lo = 0, hi = 0;
        if (k < NWORDS) {
            /* find the field's limits by the rule */
            uint32_t b = 1;
            while (b < 32 && gms_word_fits(k, 1u << b)) b++;
            hi = (b >= 32) ? ~0u : (1u << b) - 1;   /* unsigned: 2^b - 1; signed: 2^(b) - 1 as well */
            lo = gms_word_fits(k, 0xFFFFFFFFu) ? (uint32_t)-(int32_t)(1u << b) : 0;
        }
        const uint32_t vals[] = {hi, hi + 1, lo, lo - 1, 0xFFFFFFFFu, 0x80000000u};
        for (int j = 0; j < 6; j++) push(&l, (op_t){.kind = OP_WORD, .addr = k, .data = vals[j]});
        push(&l, (op_t){.kind = OP_COMMIT, .axis = k % NAX});
        for (int s = 0; s < 6; s++) push_sample(&l, k % NAX, random_v());
        push_check(&l);
        push(&l, (op_t){.kind = OP_CLEAR, .data = FL_CFG});
    }
    run(list_source, &l, &CHOPPY);
    free(l.v);
    print_stats("cfg word edges");
    assert_true(stats.beats == 128 * 6);
}

/* Latency and throughput: with nothing else in the way a sample with n
 * elements comes out TB_LAT0 + n cycles after its handshake, and a stream
 * of samples is taken one every TB_LAT0 + n cycles (one sample at a time) */
static void test_latency(void **state)
{
    (void)state;
    for (unsigned n = 1; n <= FRIC_FX_GMS_MAX; n++) {
        op_list_t l = {0};
        const fric_fx_gms_t p = compiled_set(1, n, 1e-4);
        push_set(&l, 0, &p);
        for (int k = 0; k < 20; k++) push_sample(&l, 0, (k % 7) * 100 - 300);
        run(list_source, &l, &FULL_SPEED);
        free(l.v);
        printf("latency: n %2u: %llu..%llu cycles\n", n, (unsigned long long)stats.lat_min[n],
               (unsigned long long)stats.lat_max[n]);
        assert_int_equal(stats.lat_min[n], TB_LAT0 + n);
        assert_int_equal(stats.lat_max[n], TB_LAT0 + n);
    }
    /* throughput: 16 elements on every axis, samples back to back over the
     * axes: one sample at a time: the next is taken as a beat leaves, every
     * TB_LAT0 + n cycles */
    op_list_t l = {0};
    for (uint32_t a = 0; a < NAX; a++) {
        const fric_fx_gms_t p = compiled_set(a, 16, 1e-4);
        push_set(&l, a, &p);
    }
    run(list_source, &l, &FULL_SPEED);
    free(l.v);
    op_list_t s = {0};
    const size_t ns = 400;
    for (size_t k = 0; k < ns; k++) push_sample(&s, (uint32_t)(k % NAX), (int32_t)(k % 200) - 100);
    const uint64_t c0 = stats.cycles;
    run(list_source, &s, &FULL_SPEED);
    free(s.v);
    const uint64_t cyc = stats.cycles - c0;
    printf("throughput: n 16: %llu cycles for %zu samples, %.2f cycles a sample\n", (unsigned long long)cyc, ns,
           (double)cyc / (double)ns);
    /* the run starts a cycle before the first take and ends 5 idle cycles after the last beat */
    assert_true(cyc >= ns * (TB_LAT0 + 16) && cyc <= ns * (TB_LAT0 + 16) + 32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_directed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_saturation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random_traffic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cfg_word_edges, setup, teardown),
        cmocka_unit_test_setup_teardown(test_latency, setup, teardown),
    };
    printf("%s: fric_gms W = %d, %d axes\n", TB_NAME, TB_W, NAX);
    /* TEST=pattern runs the matching tests only (handy with TRACE=1) */
    const char *only = getenv("TEST");
    if (only && only[0]) cmocka_set_test_filter(only);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
