/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* tb_stribeck.c: the C test logic of the fric_stribeck bench (cmocka),
 * driving the Verilated core through dut_stribeck.h and checking every
 * output beat against the fixed-point C model, bit for bit.
 *
 * Built once per configuration: TB_W (16 or 18), TB_FABRIC (the core's
 * OPT_FABRIC), and TB_REAL = 1 for the simulation-only real variant, which
 * is checked against the double model within the port quantization instead.
 * TRACE=1 in the environment writes build/tb/<name>.fst (large: pick a test
 * with TEST=<pattern>, for example TEST='test_latency*').
 *
 * The same file drives the VHDL core in GHDL (TB_GHDL, tb/ghdl/). Both
 * benches print a hash of the pin stream (every cycle's inputs and outputs;
 * the output beat's data only when valid), so the Verilog and the VHDL
 * cores can be shown to behave identically cycle for cycle on the same
 * stimulus. SWEEP_STRIDE=k (default 1) runs the every-code sweep over every
 * k-th code only, for the slower GHDL runs. SOAK=N runs test_soak over N
 * samples (make soak-stribeck: 1e8 in Verilator; make soak-ghdl: 1e6). */
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
#include "../tb_speed.h"
#include "dut_stribeck.h"
#include "fric_accuracy.h"
#include "fricore.h"
#ifdef TB_GHDL /* the GHDL bench: main is renamed tb_main, its coroutine entry */
#include "fric_vhpi.h"
#endif

#ifndef TB_W
#error "TB_W must be 16 or 18"
#endif
#ifndef TB_REAL
#define TB_REAL 0
#endif
#ifndef TB_NAME
#define TB_NAME "tb_stribeck"
#endif

#define NAX 8
#define NWORDS FRIC_FX_WORDS_STRIBECK
#define LATENCY (TB_FAST ? 53 : 42) /* the documented latencies */
#define HALF (1 << (TB_W - 1))

/* ---- the model of the whole core: staging, parameter sets, flags --------------- */

static uint32_t stg[NWORDS];
static fric_fx_stribeck_t model[NAX];
static uint32_t sticky;

static int32_t sext(uint32_t x, int bits)
{
    const uint32_t m = 1u << (bits - 1);
    return (int32_t)((x & ((m << 1) - 1)) ^ m) - (int32_t)m;
}

static fric_fx_stribeck_t unpack(const uint32_t *w)
{
    fric_fx_stribeck_t p;
    memset(&p, 0, sizeof p);
    p.width = TB_W;
    p.dsel = w[FRIC_FX_WORD_DSEL];
    for (int d = 0; d < 2; d++) {
        const int o = d ? (FRIC_FX_WORD_FC_N - FRIC_FX_WORD_FC_P) : 0;
        p.dir[d].fc = w[FRIC_FX_WORD_FC_P + o];
        p.dir[d].dm = sext(w[FRIC_FX_WORD_DM_P + o], TB_W);
        p.dir[d].ds = w[FRIC_FX_WORD_DS_P + o];
        p.dir[d].bm = w[FRIC_FX_WORD_BM_P + o];
        p.dir[d].bs = w[FRIC_FX_WORD_BS_P + o];
        p.dir[d].km = w[d ? FRIC_FX_WORD_KM_N : FRIC_FX_WORD_KM];
        p.dir[d].ks = w[d ? FRIC_FX_WORD_KS_N : FRIC_FX_WORD_KS];
    }
    return p;
}

/* the port's rule is the specification's (fric_fx_word_fits); this core
 * takes the Stribeck words only */
static int word_fits(uint32_t addr, uint32_t data)
{
    return addr < NWORDS && fric_fx_word_fits(TB_W, addr, data);
}

/* ---- expected outputs ------------------------------------------------------------- */

typedef struct {
    uint32_t axis;
    int32_t v;
    int32_t f;      /* fixed model: the code */
    double fd;      /* real variant: the double model, in LSB */
    uint32_t flags; /* {MAG_NEG, F_SAT} */
    uint64_t cycle;
} expect_t;

#define QN (1u << 12)
static expect_t q[QN];
static size_t qh, qt;

static void expect_push(uint32_t axis, int32_t v, uint64_t cycle)
{
    expect_t e = {axis, v, 0, 0.0, 0, cycle};
    uint32_t fl = 0;
    e.f = fric_fx_stribeck(&model[axis], v, &fl, NULL);
    e.flags = ((fl & FRIC_FX_FLAG_MAG_NEG) ? 2u : 0u) | ((fl & FRIC_FX_FLAG_F_SAT) ? 1u : 0u);
    if (TB_REAL) { /* the double model with the represented parameters, in LSB */
        const double lsb = 1.0 / HALF;
        const fric_stribeck_cfg_t c = fric_fx_stribeck_effective(&model[axis], lsb, lsb);
        /* the core's rule: the magnitude is limited to [0, 2^(W-1) - 1], sign after */
        const double m = (v > 0 ? 1.0 : -1.0) * fric_stribeck_force(&c, v * lsb) / lsb;
        e.fd = v == 0 ? 0.0 : (v > 0 ? 1.0 : -1.0) * fmin(fmax(m, 0.0), HALF - 1);
    }
    if (qt - qh >= QN) fail_msg("expectation queue overflow");
    q[qt++ % QN] = e;
}

/* ---- the runner --------------------------------------------------------------------- */

static dut_t *dut;

/* dut_set, with the cycle's pins recorded (tb_pins.h; see the header) */
static void bench_set(const dut_in_t *in, dut_out_t *out)
{
    dut_set(dut, in, out);
    const uint32_t w[] = {in->rst, in->s_tvalid, in->s_tvalid ? in->s_tdata : 0, in->s_tvalid ? in->s_tuser : 0,
                          in->m_tready, in->cfg_valid, in->cfg_commit, in->cfg_addr, in->cfg_axis, in->cfg_data,
                          in->flags_clear, out->s_tready, out->m_tvalid, out->m_tvalid ? out->m_tdata : 0,
                          out->m_tvalid ? out->m_tuser : 0, out->cfg_ready, out->flags};
    tb_pins_add(w, sizeof w / sizeof w[0]);
}

static size_t sweep_stride(void)
{
    const char *e = getenv("SWEEP_STRIDE");
    const long k = e ? strtol(e, NULL, 10) : 1;
    return (k >= 1 && k <= 1024) ? (size_t)k : 1;
}
static uint64_t rng = 0x2545F4914F6CDD1DULL;
static uint32_t rnd32(void) { return tb_xorshift32(&rng, 24); }
static int chance(double p) { return p >= 1.0 || (rnd32() % 1000000u) < (uint32_t)(p * 1e6); }

/* EV_LOAD: every word, then a commit; EV_WORD: one word {addr, data}
 * (fitting or not); EV_COMMIT: a commit alone (the staging set as it is) */
typedef enum { EV_LOAD, EV_RESET, EV_WORD, EV_CLEAR, EV_COMMIT } ev_kind_t;
typedef struct {
    size_t at;           /* after this many samples have been sent */
    ev_kind_t kind;
    uint32_t axis;
    uint32_t words[NWORDS];
    uint32_t clear;
} ev_t;

typedef struct {
    size_t n;                  /* samples */
    int32_t (*v)(size_t i);    /* velocity code of sample i */
    uint32_t (*axis)(size_t i);
    double p_valid, p_ready;
    const ev_t *ev;
    size_t nev;
    uint64_t *latency;         /* if set: latency of the first sample */
} scen_t;

static size_t checked, dropped;
static double real_worst;
static uint32_t flags_set; /* the sticky bits this cycle's edge sets */
static uint32_t flags_next, flags_next2; /* a refused word sets CFG two edges after its handshake */
static int commit_pending; /* a commit taken, entering at the next advance */
static uint32_t commit_axis;

/* The commit contract, at the end of each cycle: the token enters at the
 * first advance (ce) after the handshake, beside the last sample with old
 * fields; the samples after it get the new ones. */
static void commit_advance(uint32_t ce)
{
    if (commit_pending == 2) commit_pending = 1;
    else if (commit_pending == 1 && ce) {
        model[commit_axis] = unpack(stg);
        commit_pending = 0;
    }
}

/* The port's rule for a word it takes: written to the staging set if it
 * fits its field, else refused, setting CFG two edges after the handshake. */
static void take_word(uint32_t addr, uint32_t data)
{
    if (word_fits(addr, data)) stg[addr] = data;
    else flags_next2 |= 4u;
}

static void check_beat(uint32_t tdata, uint32_t tuser, uint64_t cyc)
{
    if (qh == qt) fail_msg("cycle %llu: output beat with nothing expected (tdata %u)", (unsigned long long)cyc, tdata);
    const expect_t e = q[qh++ % QN];
    const int32_t f = sext(tdata, TB_W);
    const uint32_t ax = tuser & (NAX - 1), fl = tuser >> 3;
    if (TB_REAL) {
        const double err = fabs(f - e.fd);
        if (err > real_worst) real_worst = err;
        if (ax != e.axis || err > 0.5 + 1e-6)
            fail_msg("cycle %llu (input cycle %llu): axis %u v %d: real variant F %d, double %.6f LSB (error %.6f), axis %u",
                     (unsigned long long)cyc, (unsigned long long)e.cycle, e.axis, e.v, f, e.fd, err, ax);
    } else if (f != e.f || ax != e.axis || fl != e.flags) {
        fail_msg("first mismatch at cycle %llu (input cycle %llu): axis %u v %d: C model F %d flags %u, RTL F %d flags %u axis %u",
                 (unsigned long long)cyc, (unsigned long long)e.cycle, e.axis, e.v, e.f, e.flags, f, fl, ax);
    }
    flags_set |= fl;
    checked++;
}

static void run(const scen_t *s)
{
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    size_t sent = 0, evi = 0;
    int cfg_step = -1; /* -1 idle, 0..NWORDS-1 word, NWORDS commit */
    const ev_t *cur = NULL;
    uint64_t first_in = 0, guard = 0;
    int first_seen = 0;
    int hold_valid = 0;
    while (sent < s->n || qh != qt || cfg_step >= 0 || evi < s->nev) {
        if (++guard > 50u * (s->n + 1000u)) fail_msg("the bench hangs: %zu of %zu sent, %zu waiting", sent, s->n, qt - qh);
        in.rst = 0;
        in.flags_clear = 0;
        /* events due */
        while (cfg_step < 0 && evi < s->nev && s->ev[evi].at <= sent) {
            const ev_t *e = &s->ev[evi++];
            if (e->kind == EV_RESET) in.rst = 1;
            else if (e->kind == EV_CLEAR) in.flags_clear = e->clear;
            else {
                cur = e;
                cfg_step = 0;
            }
            if (in.rst || in.flags_clear) break;
        }
        if (cfg_step >= 0) {
            in.cfg_valid = 1;
            in.cfg_axis = cur->axis;
            if (cur->kind == EV_WORD) {
                in.cfg_commit = 0;
                in.cfg_addr = cur->words[0];
                in.cfg_data = cur->words[1];
            } else if (cur->kind == EV_COMMIT) {
                in.cfg_commit = 1;
                in.cfg_addr = 0;
                in.cfg_data = 0;
            } else {
                in.cfg_commit = (cfg_step == NWORDS);
                in.cfg_addr = (uint32_t)(cfg_step < NWORDS ? cfg_step : 0);
                in.cfg_data = cfg_step < NWORDS ? cur->words[cfg_step] : 0;
            }
        } else {
            in.cfg_valid = 0;
        }
        /* AXI-Stream: once valid is raised, it stays with its data until taken */
        if (!hold_valid) {
            in.s_tvalid = (sent < s->n) && chance(s->p_valid);
            if (in.s_tvalid) {
                in.s_tdata = (uint32_t)s->v(sent) & ((1u << TB_W) - 1);
                in.s_tuser = s->axis(sent);
            }
        }
        in.m_tready = chance(s->p_ready);
        flags_set = flags_next;
        flags_next = flags_next2;
        flags_next2 = 0;
        bench_set(&in, &out);
        const uint64_t cyc = dut_cycle(dut);
        if (!TB_REAL && out.flags != sticky)
            fail_msg("cycle %llu: sticky flags %u, C model %u", (unsigned long long)cyc, out.flags, sticky);
        if (out.m_tvalid && in.m_tready) {
            if (s->latency && !first_seen) {
                *s->latency = cyc - first_in;
                first_seen = 1;
            }
            check_beat(out.m_tdata, out.m_tuser, cyc);
        }
        if (in.s_tvalid && out.s_tready) {
            if (sent == 0) first_in = cyc;
            if (in.rst) dropped++;
            else expect_push(in.s_tuser, sext(in.s_tdata, TB_W), cyc);
            sent++;
            hold_valid = 0;
        } else {
            hold_valid = in.s_tvalid;
        }
        if (in.cfg_valid && out.cfg_ready) {
            if (cur->kind == EV_WORD) {
                take_word(in.cfg_addr, in.cfg_data);
                cfg_step = -1;
            } else if (in.cfg_commit) { /* the last step of a load, or a commit alone */
                commit_pending = 2; /* taken now; the token enters at the next advance */
                commit_axis = cur->axis;
                cfg_step = -1;
            } else {
                take_word(in.cfg_addr, in.cfg_data);
                cfg_step++;
            }
        }
        commit_advance(out.s_tready);
        /* the RTL: flags <= (flags & ~clear) | set, and rst clears: a set wins over a clear */
        sticky = (sticky & ~in.flags_clear) | flags_set;
        if (in.rst) {
            dropped += qt - qh;
            qh = qt;
            sticky = 0;
        }
        dut_tick(dut);
    }
}

/* ---- parameter sets -------------------------------------------------------------------- */

#define MAX_SETS 24
static uint32_t sets[MAX_SETS][NWORDS];
static const char *set_names[MAX_SETS];
static size_t nsets;

static void add_set(const char *name, const fric_fx_stribeck_t *p)
{
    assert_true(nsets < MAX_SETS);
    assert_int_equal(fric_fx_stribeck_check(p), FRIC_OK);
    fric_fx_stribeck_pack(p, sets[nsets]);
    set_names[nsets++] = name;
}

static void build_sets(void)
{
    nsets = 0;
    for (size_t i = 0; i < fric_acc_n_stribeck_sets; i++) {
        fric_compile_opts_t o = fric_compile_opts_default();
        o.width = TB_W;
        fric_fx_stribeck_t p;
        fric_compile_report_t r;
        if (fric_compile_stribeck(&fric_acc_stribeck_sets[i].cfg, &o, &p, &r) != FRIC_OK) fail_msg("%s", r.why);
        add_set(fric_acc_stribeck_sets[i].name, &p);
    }
    fric_fx_stribeck_t p;
    memset(&p, 0, sizeof p);
    p.width = TB_W;
    p.dsel = 1;
    for (int d = 0; d < 2; d++) /* everything at its largest: F_SAT both ways */
        p.dir[d] = (fric_fx_dir_t){(1u << (TB_W + 3)) - 1, HALF - 1, 0, (1u << TB_W) - 1, 0, (1u << TB_W) - 1, 0};
    add_set("saturating", &p);
    memset(&p, 0, sizeof p);
    p.width = TB_W;
    for (int d = 0; d < 2; d++) /* a negative magnitude: MAG_NEG */
        p.dir[d] = (fric_fx_dir_t){100, -HALF, 0, 3, 2, 0, 0};
    add_set("negative-magnitude", &p);
    static const char *rnames[] = {"random-a", "random-b", "random-c", "random-d", "random-e", "random-f"};
    for (int k = 0; k < 6; k++) { /* random fields over their whole widths, each direction its own scale */
        memset(&p, 0, sizeof p);
        p.width = TB_W;
        p.dsel = (uint32_t)k & 1u;
        for (int d = 0; d < 2; d++) {
            p.dir[d] = (fric_fx_dir_t){rnd32() & ((1u << (TB_W + 3)) - 1), sext(rnd32(), TB_W), rnd32() % 16,
                                       rnd32() & ((1u << TB_W) - 1), rnd32() % 32, 0, 0};
            p.dir[d].km = rnd32() & ((1u << TB_W) - 1);
            p.dir[d].ks = rnd32() % (k < 3 ? 24 : 64);
        }
        add_set(rnames[k], &p);
    }
}

static ev_t load_ev(size_t at, uint32_t axis, size_t set)
{
    ev_t e;
    memset(&e, 0, sizeof e);
    e.at = at;
    e.kind = EV_LOAD;
    e.axis = axis;
    memcpy(e.words, sets[set], sizeof e.words);
    return e;
}

/* ---- stimulus ------------------------------------------------------------------------------ */

static size_t stride_now = 1; /* the sweep's code step (sweep_stride()) */
static int32_t v_sweep(size_t i) { return (int32_t)(i / NAX * stride_now) - HALF; }
static uint32_t ax_rr(size_t i) { return (uint32_t)(i % NAX); }
static int32_t v_rand(size_t i) { (void)i; return sext(rnd32(), TB_W); }
static uint32_t ax_rand(size_t i) { (void)i; return rnd32() % NAX; }
static const int32_t directed[] = {0, 1, -1, 2, -2, HALF - 1, -HALF, HALF - 2, -HALF + 1, 100, -100, 0};
static int32_t v_directed(size_t i) { return directed[i / NAX % (sizeof directed / sizeof directed[0])]; }

static int setup(void **state)
{
    (void)state;
    const char *t = getenv("TRACE");
    dut = dut_open((t && t[0] == '1') ? "build/tb/" TB_NAME ".fst" : NULL);
    memset(stg, 0, sizeof stg);
    for (int a = 0; a < NAX; a++) model[a] = unpack(stg);
    sticky = 0;
    qh = qt = 0;
    build_sets();
    /* a reset first: a defined start */
    ev_t r = {0, EV_RESET, 0, {0}, 0};
    scen_t s = {0, v_rand, ax_rand, 1.0, 1.0, &r, 1, NULL};
    run(&s);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    dut_close(dut);
    return 0;
}

/* Idle until no commit is in flight (cfg_ready high). */
static void settle(void)
{
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    in.m_tready = 1;
    for (int n = 0; n < 1000; n++) {
        bench_set(&in, &out);
        if (out.cfg_ready && !out.m_tvalid) return;
        if (out.m_tvalid) fail_msg("settle: an unexpected output beat");
        commit_advance(out.s_tready);
        dut_tick(dut);
    }
    fail_msg("settle: cfg_ready stays low");
}

/* Load sets first..first+7 into axes 0..7 (before the stream). */
static void load_group(size_t first)
{
    ev_t ev[NAX];
    for (size_t a = 0; a < NAX; a++) ev[a] = load_ev(0, (uint32_t)a, (first + a) % nsets);
    scen_t s = {0, v_rand, ax_rand, 1.0, 1.0, ev, NAX, NULL};
    run(&s);
    settle();
}

/* ---- tests ------------------------------------------------------------------------------------- */

static void test_latency_and_directed_extremes(void **state)
{
    (void)state;
    load_group(fric_acc_n_stribeck_sets); /* saturating, negative and random sets first */
    uint64_t lat = 0;
    scen_t s = {NAX * (sizeof directed / sizeof directed[0]), v_directed, ax_rr, 1.0, 1.0, NULL, 0, &lat};
    run(&s);
    if (lat != LATENCY) fail_msg("latency %llu cycles, documented %d", (unsigned long long)lat, LATENCY);
    printf("latency %llu cycles; %zu beats checked\n", (unsigned long long)lat, checked);
}

static void test_exhaustive_every_code_every_set(void **state)
{
    (void)state;
    const size_t k = sweep_stride(), codes = ((size_t)1 << TB_W) / k;
    stride_now = k;
    for (size_t g = 0; g < nsets; g += NAX) {
        load_group(g);
        const size_t before = checked;
        scen_t s = {NAX * codes, v_sweep, ax_rr, 1.0, 1.0, NULL, 0, NULL};
        run(&s);
        assert_int_equal(checked - before, NAX * codes);
        for (size_t a = 0; a < NAX && g + a < nsets + NAX; a++) {
            if (k == 1)
                printf("set %-20s every one of the %d codes %s\n", set_names[(g + a) % nsets], 1 << TB_W,
                       TB_REAL ? "within the port quantization of the double model" : "bit-exact");
            else
                printf("set %-20s one code in %zu of the %d (%zu codes) %s\n", set_names[(g + a) % nsets], k,
                       1 << TB_W, codes, TB_REAL ? "within the port quantization of the double model" : "bit-exact");
        }
    }
    if (TB_REAL) printf("real variant: worst |F - F_double| = %.6f LSB\n", real_worst);
}

/* RANDOM_OPS=N: N beats a traffic pattern instead of 60,000 (the GHDL runs
 * of make test take 5,000) */
static void test_random_gaps_and_backpressure(void **state)
{
    (void)state;
    const size_t n = (size_t)tb_env_count("RANDOM_OPS", 60000u, 1000u, 100000000u);
    load_group(3);
    const double pv[] = {0.3, 0.9, 1.0}, pr[] = {0.5, 0.8, 0.2};
    for (int k = 0; k < 3; k++) {
        scen_t s = {n, v_rand, ax_rand, pv[k], pr[k], NULL, 0, NULL};
        run(&s);
    }
}

/* PARAM_EVENTS=N: N parameter loads instead of 400 (the GHDL runs of make
 * test take 100) */
static void test_parameter_changes_mid_stream(void **state)
{
    (void)state;
    load_group(0);
    static ev_t ev[400];
    const size_t n = (size_t)tb_env_count("PARAM_EVENTS", 400u, 10u, 400u);
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        at += 20 + rnd32() % 400;
        ev[k] = load_ev(at, rnd32() % NAX, rnd32() % nsets);
    }
    scen_t s = {at + 1000, v_rand, ax_rand, 0.8, 0.7, ev, n, NULL};
    run(&s);
    scen_t f = {at + 1000, v_rand, ax_rand, 1.0, 1.0, ev, n, NULL}; /* and at full rate */
    run(&f);
}

static void test_resets_mid_stream(void **state)
{
    (void)state;
    load_group(5);
    static ev_t ev[300];
    size_t at = 0, n = 0;
    for (size_t k = 0; k < 150; k++) {
        at += 10 + rnd32() % 300;
        ev[n++] = (ev_t){at, EV_RESET, 0, {0}, 0};
        ev[n] = load_ev(at + rnd32() % 5, rnd32() % NAX, rnd32() % nsets); /* a commit around the reset */
        n++;
    }
    const size_t d0 = dropped;
    scen_t s = {at + 500, v_rand, ax_rand, 0.9, 0.8, ev, n, NULL};
    run(&s);
    assert_true(dropped > d0); /* resets did drop samples in flight */
}

/* The bench's own speed for make bench: SIM_SPEED=N samples at
 * full rate on random axes, every beat checked; skipped without SIM_SPEED. */
static void test_sim_speed(void **state)
{
    (void)state;
    const size_t n = (size_t)tb_sim_speed_n();
    load_group(0);
    const size_t c0 = checked;
    const uint64_t k0 = dut_cycle(dut);
    uint64_t lat = 0;
    scen_t s = {n, v_rand, ax_rand, 1.0, 1.0, NULL, 0, &lat};
    const double t0 = tb_now();
    run(&s);
    const double el = tb_now() - t0;
    char extra[48];
    snprintf(extra, sizeof extra, "latency %llu cycles", (unsigned long long)lat);
    tb_sim_speed_report(checked - c0, dut_cycle(dut) - k0, el, extra);
    assert_true(checked - c0 == n);
}

/* The soak (SOAK=N in the environment; skipped without it): N random
 * velocities on random axes, a set of the bench (the accuracy sets, the
 * saturating and negative ones, the random ones) loaded on a random axis
 * every 20000 samples on average, random gaps and backpressure. Every beat
 * and its flags bit-exact (or, for the real variant, within the port
 * quantization), and the sticky flags equal to the C model's at every
 * cycle: a saturation flag exactly where the model has one. */
static void test_soak(void **state)
{
    (void)state;
    const char *env = getenv("SOAK");
    if (!env || !*env) {
        printf("test_soak: set SOAK=N (make soak-stribeck runs 1e8)\n");
        skip();
    }
    const double nd = strtod(env, NULL);
    if (!(nd >= 1 && nd <= 1e12)) fail_msg("SOAK=%s: a sample count from 1 to 1e12", env);
    const uint64_t n = (uint64_t)nd;
    load_group(0);
    const size_t c0 = checked;
    const uint64_t k0 = dut_cycle(dut);
    uint64_t loads = 0;
    enum { CHUNK = 1000000, MAXEV = 200 };
    static ev_t ev[MAXEV];
    for (uint64_t done = 0; done < n;) {
        const size_t chunk = (size_t)(n - done < CHUNK ? n - done : CHUNK);
        size_t nev = 0, at = 0;
        for (;;) {
            at += 1 + rnd32() % 40000;
            if (at >= chunk || nev == MAXEV) break;
            ev[nev++] = load_ev(at, rnd32() % NAX, rnd32() % nsets);
        }
        scen_t s = {chunk, v_rand, ax_rand, 0.9, 0.9, ev, nev, NULL};
        run(&s);
        done += chunk;
        loads += nev;
    }
    assert_true(checked - c0 == n);
    printf("soak: %llu samples over %d axes in %llu cycles, %llu set loads, every beat %s\n",
           (unsigned long long)n, NAX, (unsigned long long)(dut_cycle(dut) - k0), (unsigned long long)loads,
           TB_REAL ? "within the port quantization of the double model" : "and the sticky flags bit-exact");
}

#if !TB_REAL
static void test_flags_sticky_clear_and_bad_words(void **state)
{
    (void)state;
    load_group(fric_acc_n_stribeck_sets); /* axis 0: saturating, axis 1: negative */
    ev_t ev[4];
    memset(ev, 0, sizeof ev);
    ev[0] = (ev_t){200, EV_CLEAR, 0, {0}, 1u};          /* clear F_SAT only */
    ev[1] = (ev_t){300, EV_WORD, 0, {FRIC_FX_WORD_KS, 64u}, 0}; /* KS has 6 bits */
    ev[2] = (ev_t){400, EV_WORD, 0, {FRIC_FX_WORD_DM_P, 1u << TB_W}, 0}; /* DM is W-bit signed */
    ev[3] = (ev_t){500, EV_CLEAR, 0, {0}, 7u};
    scen_t s = {800, v_rand, ax_rand, 1.0, 1.0, ev, 4, NULL};
    run(&s);
    /* the bad words changed nothing: commit the staging set and compare */
    ev_t c = load_ev(0, 2, 0);
    scen_t t = {2000, v_rand, ax_rand, 1.0, 1.0, &c, 1, NULL};
    run(&t);
}
#endif

#if !TB_REAL
/* Every cfg address (the 15 words and the one this core has not) with words at
 * and around every field edge: each is taken or refused as the C rule says
 * (the CFG flag, cleared after each, is compared every cycle), and the
 * words taken are the ones the commit at the end applies. */
static void test_cfg_word_edges(void **state)
{
    (void)state;
    load_group(fric_acc_n_stribeck_sets);
    static const int ks[] = {0, 1, 3, 4, 5, 6, TB_W - 2, TB_W - 1, TB_W, TB_W + 2, TB_W + 3, TB_W + 4, 30, 31};
    enum { NK = sizeof ks / sizeof ks[0], PER = 4 * NK + 2, NEV = 2 * 16 * PER + 1 };
    uint32_t refused = 0;
    static ev_t ev[NEV];
    memset(ev, 0, sizeof ev);
    size_t n = 0;
    for (uint32_t addr = 0; addr < 16; addr++) {
        uint32_t vals[PER];
        size_t nv = 0;
        for (int i = 0; i < NK; i++) {
            const uint32_t p2 = 1u << ks[i];
            vals[nv++] = p2 - 1u;  /* 2^k - 1 */
            vals[nv++] = p2;       /* 2^k */
            vals[nv++] = 0u - p2;  /* -2^k */
            vals[nv++] = ~p2;      /* -2^k - 1 */
        }
        vals[nv++] = 0u;
        vals[nv++] = 0x80000000u;
        for (size_t i = 0; i < nv; i++) {
            const size_t at = 12 * (n / 2);
            ev[n++] = (ev_t){at, EV_WORD, 0, {addr, vals[i]}, 0};
            refused += !word_fits(addr, vals[i]);
            ev[n++] = (ev_t){at + 6, EV_CLEAR, 0, {0}, 4u};
        }
    }
    const size_t words = n / 2;
    ev[n++] = (ev_t){12 * words + 20, EV_COMMIT, 0, {0}, 0};
    scen_t t = {12 * words + 3000, v_rand, ax_rand, 1.0, 0.9, ev, n, NULL};
    run(&t);
    /* both outcomes occur often */
    assert_true(refused > 16 * 10 && refused < words - NWORDS * 10);
    printf("cfg edges: %zu words, %u refused\n", words, refused);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_latency_and_directed_extremes),
        cmocka_unit_test(test_exhaustive_every_code_every_set),
        cmocka_unit_test(test_random_gaps_and_backpressure),
        cmocka_unit_test(test_parameter_changes_mid_stream),
        cmocka_unit_test(test_resets_mid_stream),
        cmocka_unit_test(test_sim_speed),
        cmocka_unit_test(test_soak),
#if !TB_REAL /* the sticky-flag model is that of the fixed-point core */
        cmocka_unit_test(test_flags_sticky_clear_and_bad_words),
        cmocka_unit_test(test_cfg_word_edges),
#endif
    };
    printf("%s: W = %d, OPT_FABRIC = %d, OPT_FAST = %d, %s\n", TB_NAME, TB_W, TB_FABRIC, TB_FAST,
           TB_REAL ? "real variant" : "fixed point");
    /* TEST=pattern runs the matching tests only (handy with TRACE=1) */
    const char *only = getenv("TEST");
    if (only && only[0]) cmocka_set_test_filter(only);
    const int rc = cmocka_run_group_tests(tests, setup, teardown);
    printf("%s: %zu output beats checked, %zu dropped by resets\n", TB_NAME, checked, dropped);
    tb_pins_report(TB_NAME);
    return rc;
}
