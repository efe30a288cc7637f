/* SPDX-License-Identifier: Apache-2.0 */
/* tb_ep.c: the fric_ep bench. A Verilated fric_ep (the glue is
 * tb/fric_lugre/dut_lugre.cpp: the ports are fric_lugre's) against
 * fric_fx_ep_step() bit for bit: force, axis and the four sample flags of
 * every sample, and the sticky flags. Directed vectors through the three
 * zones (the exact add below breakaway, the transition, LuGre at and after
 * the steady state), reversals, standstill and saturation, then random sets
 * and velocities over several axes with commits and state resets between
 * samples and random output backpressure. On a mismatch it prints the
 * sample, both results and the cycle, and fails.
 *
 * Every cycle's pins go into a pin-stream hash (tb_pins.h), printed after
 * each test: the GHDL bench of the VHDL fric_ep (mk/ghdl.mk, this file built
 * with TB_GHDL) must print the same lines. TEST=pattern runs the matching
 * tests only; RANDOM_OPS=N sets test_random's operations (20000). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../tb_env.h"
#include "../tb_pins.h"
#include "dut_lugre.h"
#include "fric_accuracy.h"
#include "fricore.h"
#ifdef TB_GHDL /* the GHDL bench: main is renamed tb_main, its coroutine entry */
#include "fric_vhpi.h"
#endif

#ifndef TB_W
#define TB_W 16
#endif
#ifndef TB_NAME
#define TB_NAME "tb_ep"
#endif
#define NAX 4          /* the core's NUM_AXES */
#define AXW 2          /* its axis width */
#define NWORDS FRIC_FX_WORDS_EP

static dut_t *dut;
static dut_in_t in;
static dut_out_t out;
static fric_fx_ep_t model[NAX];
static fric_fx_state_t mst[NAX];
static uint32_t stg[NWORDS];
static uint32_t sticky;
static uint64_t nsamples, npath[6];
static int backpressure;
/* cycles from a sample's handshake to its m_axis_tvalid, the most and the
 * fewest per zone: 0 standstill, 1 LuGre, 2 the add, 3 the transition */
static uint64_t kmax[4], kmin[4] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};

static uint32_t rs = 0x9E3779B9u;
static uint32_t rnd32(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 17;
    rs ^= rs << 5;
    return rs;
}

/* the core's four sample flags {W_SAT, S1_SAT, G_SAT, F_SAT} of the model's */
static uint32_t core_flags(uint32_t fl)
{
    return ((fl & FRIC_FX_FLAG_F_SAT) ? 1u : 0u) | ((fl & FRIC_FX_FLAG_G_SAT) ? 2u : 0u) |
           ((fl & FRIC_FX_FLAG_S1_SAT) ? 4u : 0u) | ((fl & FRIC_FX_FLAG_W_SAT) ? 8u : 0u);
}

/* one clock: the pins as the edge sees them go into the pin-stream hash (an
 * output beat's data only while valid) */
static void tick(void)
{
    dut_set(dut, &in, &out);
    const uint32_t w[] = {in.rst, in.s_tvalid, in.s_tvalid ? in.s_tdata : 0, in.s_tvalid ? in.s_tuser : 0,
                          in.m_tready, in.cfg_valid, in.cfg_commit, in.cfg_addr, in.cfg_axis, in.cfg_data,
                          in.flags_clear, in.srst_valid, in.srst_all, in.srst_axis, out.s_tready, out.m_tvalid,
                          out.m_tvalid ? out.m_tdata : 0, out.m_tvalid ? out.m_tuser : 0, out.cfg_ready,
                          out.srst_ready, out.flags};
    tb_pins_add(w, sizeof w / sizeof w[0]);
    dut_tick(dut);
    dut_set(dut, &in, &out);
}

static void wait_for(uint32_t *flag, const char *what)
{
    for (int i = 0; i < 100000; i++) {
        dut_set(dut, &in, &out);
        if (*flag) return;
        tick();
    }
    fail_msg("timeout waiting for %s at cycle %llu", what, (unsigned long long)dut_cycle(dut));
}

static void bench_open(void)
{
    memset(&in, 0, sizeof in);
    dut = dut_open(NULL);
    in.rst = 1;
    tick();
    /* the pin hash starts after the reset edge: before it, the outputs are
     * whatever the registers held (power-up in a fresh model) */
    tb_pins_reset();
    in.rst = 0;
    wait_for(&out.s_tready, "s_axis_tready after rst");
    memset(model, 0, sizeof model);
    for (int a = 0; a < NAX; a++) model[a].lugre.g.width = TB_W;
    memset(mst, 0, sizeof mst);
    memset(stg, 0, sizeof stg);
    sticky = 0;
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

/* one cfg beat (a word, or a commit to axis) */
static void cfg_beat(int commit, uint32_t addr, uint32_t axis, uint32_t data)
{
    wait_for(&out.cfg_ready, "cfg_ready");
    in.cfg_valid = 1;
    in.cfg_commit = (uint32_t)commit;
    in.cfg_addr = addr;
    in.cfg_axis = axis;
    in.cfg_data = data;
    tick();
    in.cfg_valid = 0;
    if (commit) {
        model[axis] = fric_fx_ep_unpack(TB_W, stg);
    } else if (addr < NWORDS && fric_fx_ep_word_fits(TB_W, addr, data)) {
        stg[addr] = data;
    } else {
        sticky |= 0x10;
    }
}

static void load_set(uint32_t axis, const fric_fx_ep_t *p)
{
    uint32_t w[NWORDS];
    fric_fx_ep_pack(p, w);
    for (uint32_t k = 0; k < NWORDS; k++) cfg_beat(0, k, 0, w[k]);
    cfg_beat(1, 0, axis, 0);
}

static void state_reset(int all, uint32_t axis)
{
    wait_for(&out.srst_ready, "srst_ready");
    in.srst_valid = 1;
    in.srst_all = (uint32_t)all;
    in.srst_axis = axis;
    tick();
    in.srst_valid = 0;
    for (uint32_t a = 0; a < NAX; a++)
        if (all || a == axis) mst[a].w = 0;
}

/* one sample through the core, compared with the model */
static void sample(uint32_t axis, int32_t v)
{
    uint32_t fl = 0;
    fric_fx_lugre_detail_t dt;
    const int64_t w0 = mst[axis].w;
    const int32_t f = fric_fx_ep_step(&model[axis], &mst[axis], v, &fl, &dt);
    if (v != 0 && dt.path < 6) npath[dt.path]++;
    wait_for(&out.s_tready, "s_axis_tready");
    in.s_tvalid = 1;
    in.s_tdata = (uint32_t)v & ((1u << TB_W) - 1u);
    in.s_tuser = axis;
    tick();
    in.s_tvalid = 0;
    in.m_tready = 0;
    const uint64_t c0 = dut_cycle(dut);
    int seen = 0;
    for (int i = 0; i < 100000; i++) {
        in.m_tready = backpressure ? (rnd32() % 4 == 0) : 1;
        dut_set(dut, &in, &out);
        if (out.m_tvalid && !seen) {
            const int z = v == 0 ? 0 : dt.path == FRIC_FX_EP_PATH_ADD ? 2 : dt.path == FRIC_FX_EP_PATH_TRANS ? 3 : 1;
            const uint64_t k = dut_cycle(dut) - c0;
            seen = 1;
            if (k > kmax[z]) kmax[z] = k;
            if (k < kmin[z]) kmin[z] = k;
        }
        if (out.m_tvalid && in.m_tready) break;
        tick();
        if (i == 99999) fail_msg("no output for sample %llu", (unsigned long long)nsamples);
    }
    const uint32_t got_f = out.m_tdata, got_u = out.m_tuser;
    tick();
    in.m_tready = 0;
    const uint32_t exp_f = (uint32_t)f & ((1u << TB_W) - 1u);
    const uint32_t exp_u = (core_flags(fl) << AXW) | axis;
    sticky |= core_flags(fl);
    dut_set(dut, &in, &out);
    if (got_f != exp_f || got_u != exp_u || out.flags != sticky) {
        print_error("sample %llu cycle %llu: axis %u v %d w %lld path %d: core F %u tuser 0x%x flags 0x%x, "
                    "model F %u tuser 0x%x flags 0x%x\n",
                    (unsigned long long)nsamples, (unsigned long long)dut_cycle(dut), axis, v, (long long)w0,
                    dt.path, got_f, got_u, out.flags, exp_f, exp_u, sticky);
        printf("model: g %lld y2 %u dw %lld s1 %lld w1 %lld\n", (long long)dt.g, dt.y2, (long long)dt.dw,
                    (long long)dt.s1, (long long)mst[axis].w);
        fail();
    }
    nsamples++;
}

/* ---- sets ------------------------------------------------------------------ */

static fric_fx_ep_t random_ep(void)
{
    fric_fx_ep_t p = {.lugre = fric_acc_random_lugre(TB_W, rnd32)};
    const uint32_t fcmin = p.lugre.g.dir[0].fc < p.lugre.g.dir[1].fc ? p.lugre.g.dir[0].fc : p.lugre.g.dir[1].fc;
    p.wba = 1 + rnd32() % (fcmin > 1 ? fcmin - 1 : 1);
    p.kzm = rnd32() % (1u << TB_W);
    p.kzs = rnd32() % 64;
    if (rnd32() % 8 == 0) p.wba = 0;                       /* LuGre */
    if (rnd32() % 8 == 0) p.wba = rnd32() % (1u << (TB_W + 3)); /* past g_w */
    return p;
}

static fric_fx_ep_t canudas(void)
{
    const fric_compile_opts_t opt = {.width = TB_W, .v_max = 0.01, .f_max = 2.0, .ts = 1e-4};
    const fric_ep_cfg_t c = {.lugre = fric_lugre_cfg_canudas1995(), .z_ba = 5e-6};
    fric_fx_ep_t p;
    fric_compile_report_t rep;
    assert_int_equal(fric_compile_ep(&c, &opt, &p, &rep), FRIC_OK);
    return p;
}

static int32_t random_v(void)
{
    const int32_t lim = 1 << (TB_W - 1);
    switch (rnd32() % 6) {
    case 0: return 0;
    case 1: return (int32_t)(rnd32() % 64) - 32;
    case 2: return (rnd32() & 1) ? lim - 1 : -lim;
    default: return (int32_t)(rnd32() % (2u * (uint32_t)lim)) - lim;
    }
}

/* ---- tests ------------------------------------------------------------------- */

/* The three zones with a compiled set: slow pushes below breakaway (the
 * exact add), on through the transition into LuGre's steady state, then
 * reversals, standstill and the extremes. */
static void test_zones_directed(void **state)
{
    (void)state;
    const fric_fx_ep_t p = canudas();
    load_set(1, &p);
    /* a push from rest: the add, the transition, then LuGre at g_w */
    uint64_t n0[6];
    memcpy(n0, npath, sizeof n0);
    const int32_t lim = 1 << (TB_W - 1), sc = 1 << (TB_W - 16); /* the same speeds at W 18 */
    for (int k = 0; k < 400; k++) sample(1, 1000 * sc);
    assert_true(npath[FRIC_FX_EP_PATH_ADD] > n0[FRIC_FX_EP_PATH_ADD]);
    assert_true(npath[FRIC_FX_EP_PATH_TRANS] > n0[FRIC_FX_EP_PATH_TRANS]);
    /* a fast step reaches g_w, and the state stays there */
    for (int k = 0; k < 20; k++) sample(1, lim / 2);
    assert_true(npath[1] + npath[2] + npath[3] > n0[1] + n0[2] + n0[3]);
    for (int k = 0; k < 100; k++) sample(1, 0);
    /* a reversal: back across the add zone into the other transition */
    for (int k = 0; k < 800; k++) sample(1, -1000 * sc);
    /* slow creep, fast moves, reversals every few samples */
    for (int k = 0; k < 400; k++) sample(1, 200 * sc);
    for (int k = 0; k < 100; k++) sample(1, 5000 * sc);
    for (int k = 0; k < 300; k++) sample(1, (k / 7) & 1 ? 900 * sc : -900 * sc);
    for (int k = 0; k < 50; k++) sample(1, 5);
    for (int k = 0; k < 50; k++) sample(1, -5);
    for (int k = 0; k < 20; k++) sample(1, (k & 1) ? lim - 1 : -lim);
    for (int k = 0; k < 200; k++) sample(1, (int32_t)(k % 61) - 30);
    assert_true(npath[FRIC_FX_EP_PATH_ADD] > 0);
    assert_true(npath[FRIC_FX_EP_PATH_TRANS] > 0);
    assert_true(npath[1] + npath[2] + npath[3] > 0);
}

/* Random sets (compiled LuGre sets with random elasto-plastic words, some
 * LuGre, some with w_b past g_w) and velocities over all axes, a commit or a
 * state reset now and then, random backpressure in every other tenth of the
 * run. RANDOM_OPS operations (20000), each a sample or a run of 31. */
static void test_random(void **state)
{
    (void)state;
    const uint32_t n = (uint32_t)tb_env_count("RANDOM_OPS", 20000u, 1000u, 100000000u);
    uint64_t n0[6];
    memcpy(n0, npath, sizeof n0);
    for (uint32_t a = 0; a < NAX; a++) {
        const fric_fx_ep_t p = random_ep();
        load_set(a, &p);
    }
    for (uint32_t k = 0; k < n; k++) {
        backpressure = (k / (n / 10)) & 1;
        const uint32_t a = rnd32() % NAX;
        const uint32_t r = rnd32() % 1000;
        if (r < 3) {
            const fric_fx_ep_t p = random_ep();
            load_set(rnd32() % NAX, &p);
        } else if (r < 4) {
            state_reset((rnd32() & 1) != 0, rnd32() % NAX);
        }
        /* runs of one sign, so the state crosses the zones */
        const int32_t v = random_v();
        sample(a, v);
        if (r % 7 == 0)
            for (int j = 0; j < 30; j++) sample(a, v);
    }
    /* both elasto-plastic zones were crossed often (about 2.4 to 2.9 add and
     * 0.4 to 0.8 transition samples per operation at W 16 and 18) */
    assert_true(npath[FRIC_FX_EP_PATH_ADD] - n0[FRIC_FX_EP_PATH_ADD] > n / 200);
    assert_true(npath[FRIC_FX_EP_PATH_TRANS] - n0[FRIC_FX_EP_PATH_TRANS] > n / 200);
    backpressure = 0;
    /* the latencies docs/fric_ep.md gives: 29 cycles at standstill, at most
     * 137 in the transition (an output register that is free) */
    assert_int_equal(kmin[0], 29);
    assert_int_equal(kmax[0], 29);
    for (int z = 1; z < 4; z++) assert_true(kmax[z] <= 137);
}

/* A commit taken while a sample is in progress applies after it; words that
 * do not fit, or addresses past the last word, set CFG and change nothing. */
static void test_commit_mid_stream(void **state)
{
    (void)state;
    fric_fx_ep_t p = canudas();
    load_set(0, &p);
    for (int k = 0; k < 100; k++) sample(0, 60);
    /* a sample, and a commit of another set in its cycle */
    fric_fx_ep_t q = random_ep();
    uint32_t w[NWORDS];
    fric_fx_ep_pack(&q, w);
    for (uint32_t k = 0; k < NWORDS; k++) cfg_beat(0, k, 0, w[k]);
    wait_for(&out.s_tready, "s_axis_tready");
    uint32_t fl = 0;
    const int32_t f = fric_fx_ep_step(&model[0], &mst[0], 60, &fl, NULL);
    sticky |= core_flags(fl);
    in.s_tvalid = 1;
    in.s_tdata = 60;
    in.s_tuser = 0;
    in.cfg_valid = 1;
    in.cfg_commit = 1;
    in.cfg_axis = 0;
    in.m_tready = 1;
    tick();
    in.s_tvalid = 0;
    in.cfg_valid = 0;
    model[0] = fric_fx_ep_unpack(TB_W, stg);
    wait_for(&out.m_tvalid, "m_axis_tvalid");
    assert_int_equal(out.m_tdata, (uint32_t)f & ((1u << TB_W) - 1u));
    tick();
    in.m_tready = 0;
    for (int k = 0; k < 200; k++) sample(0, random_v());
    /* bad words */
    cfg_beat(0, 25, 0, 0);
    cfg_beat(0, FRIC_FX_WORD_EP_KZS, 0, 64);
    cfg_beat(0, FRIC_FX_WORD_EP_WBA, 0, 1u << (TB_W + 3));
    cfg_beat(0, FRIC_FX_WORD_KYX, 0, 0xFFFFFF7Fu);
    cfg_beat(0, FRIC_FX_WORD_KYX, 0, 0xFFFFFF80u);
    cfg_beat(1, 0, 0, 0);
    dut_set(dut, &in, &out);
    assert_int_equal(out.flags & 0x10, 0x10);
    for (int k = 0; k < 100; k++) sample(0, random_v());
    /* flags_clear */
    in.flags_clear = 0x1F;
    tick();
    in.flags_clear = 0;
    sticky = 0;
    dut_set(dut, &in, &out);
    assert_int_equal(out.flags, 0);
    for (int k = 0; k < 100; k++) sample(0, random_v());
}

/* Every output is saturated with a set that cannot fit the output range. */
static void test_saturation(void **state)
{
    (void)state;
    uint32_t w[NWORDS];
    for (int t = 0; t < 40; t++) {
        fric_acc_random_words(TB_W, rnd32, w, FRIC_FX_WORDS_LUGRE);
        w[FRIC_FX_WORD_EP_WBA] = rnd32() % (1u << (TB_W + 3));
        w[FRIC_FX_WORD_EP_KZM] = rnd32() % (1u << TB_W);
        w[FRIC_FX_WORD_EP_KZS] = rnd32() % 64;
        for (uint32_t k = 0; k < NWORDS; k++) cfg_beat(0, k, 0, w[k]);
        cfg_beat(1, 0, 2, 0);
        for (int k = 0; k < 60; k++) sample(2, random_v());
    }
}

/* At full speed (input always valid, output always ready) a sample is taken
 * every latency + 1 cycles: standstill samples, 30 cycles each. */
static void test_throughput(void **state)
{
    (void)state;
    in.s_tvalid = 1;
    in.s_tdata = 0;
    in.s_tuser = 1;
    in.m_tready = 1;
    unsigned taken = 0, outs = 0;
    for (int c = 0; c < 30 * 200; c++) {
        dut_set(dut, &in, &out);
        taken += out.s_tready;
        if (out.m_tvalid) {
            outs++;
            assert_int_equal(out.m_tdata, 0);
        }
        tick();
    }
    in.s_tvalid = 0;
    printf("tb_ep W %d: %u samples in %d cycles at full speed\n", TB_W, taken, 30 * 200);
    assert_true(taken >= 199 && taken <= 201);
    assert_true(outs + 1 >= taken);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_zones_directed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commit_mid_stream, setup, teardown),
        cmocka_unit_test_setup_teardown(test_saturation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random, setup, teardown),
        cmocka_unit_test_setup_teardown(test_throughput, setup, teardown),
    };
    /* TEST=pattern runs the matching tests only */
    const char *only = getenv("TEST");
    if (only && only[0]) cmocka_set_test_filter(only);
    const int r = cmocka_run_group_tests(tests, NULL, NULL);
    static const char *const zone[4] = {"standstill", "LuGre", "add", "transition"};
    for (int z = 0; z < 4; z++) {
        if (kmax[z] == 0)
            printf("tb_ep W %d: %s: no samples\n", TB_W, zone[z]);
        else
            printf("tb_ep W %d: %s: %llu to %llu cycles from the input handshake to m_axis_tvalid\n", TB_W,
                   zone[z], (unsigned long long)kmin[z], (unsigned long long)kmax[z]);
    }
    printf("tb_ep W %d: %llu samples compared; paths add %llu, transition %llu, LuGre %llu\n", TB_W,
           (unsigned long long)nsamples, (unsigned long long)npath[FRIC_FX_EP_PATH_ADD],
           (unsigned long long)npath[FRIC_FX_EP_PATH_TRANS],
           (unsigned long long)(npath[1] + npath[2] + npath[3]));
    return r;
}
