/* SPDX-License-Identifier: Apache-2.0 */
/* tb_axil.c: the AXI4-Lite face of the register map. fric_axil_wb in front of
 * fric_regs (tb_axil_harness.v, Verilated), driven through its AXI4-Lite
 * channels with random timing (AWVALID and WVALID each after its own random
 * delay, so in either order or together; BREADY and RREADY low for random
 * stretches), checked against the generated map (fricore_regs.h: its
 * addresses, field masks and access decode fric_reg_access()). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "dut_axil.h"
#include "fricore_regs.h"
#include "tb_rng.h"

enum { RESP_OKAY = 0, RESP_SLVERR = 2 };
/* cycles one access may take before the bench calls it hung */
#define TB_TIMEOUT 200

typedef struct {
    dut_axil_t *d;
    dut_axil_in_t in;
    dut_axil_out_t out;
    uint64_t rng;
    uint64_t cycle;
    int random_timing;
} bench_t;

static bench_t tb;

static uint32_t rnd(void) { return tb_xorshift32(&tb.rng, 11); }
/* a random delay: 0 most often, up to 5 cycles */
static unsigned delay(void) { return tb.random_timing ? ((rnd() % 3u) ? 0u : rnd() % 6u) : 0u; }

static void step(void)
{
    dut_axil_tick(tb.d);
    tb.cycle++;
}

static void settle(void) { dut_axil_set(tb.d, &tb.in, &tb.out); }

static void reset(void)
{
    tb.in = (dut_axil_in_t){.rst = 1};
    settle();
    step();
    step();
    tb.in.rst = 0;
    settle();
}

/* one write; returns BRESP */
static unsigned axil_write(uint32_t addr, uint32_t data, unsigned strb)
{
    unsigned aw_wait = delay(), w_wait = delay(), b_wait = delay();
    int aw_done = 0, w_done = 0;
    for (unsigned n = 0; n < TB_TIMEOUT; n++) {
        tb.in.awvalid = !aw_done && aw_wait == 0;
        tb.in.awaddr = tb.in.awvalid ? addr : (rnd() & 0xFFFu);
        tb.in.wvalid = !w_done && w_wait == 0;
        tb.in.wdata = tb.in.wvalid ? data : rnd();
        tb.in.wstrb = tb.in.wvalid ? strb : (rnd() & 0xFu);
        tb.in.bready = b_wait == 0;
        settle();
        if (tb.out.bvalid && !(aw_done && w_done)) fail_msg("cycle %llu: BVALID before the write's address and data were both taken",
                                                             (unsigned long long)tb.cycle);
        if (tb.in.awvalid && tb.out.awready) aw_done = 1;
        if (tb.in.wvalid && tb.out.wready) w_done = 1;
        if (tb.out.bvalid && tb.in.bready) {
            unsigned r = tb.out.bresp;
            step();
            tb.in.awvalid = tb.in.wvalid = tb.in.bready = 0;
            settle();
            return r;
        }
        if (aw_wait) aw_wait--;
        if (w_wait) w_wait--;
        if (tb.out.bvalid && b_wait) b_wait--;
        step();
    }
    fail_msg("write of 0x%08X to 0x%03X: no response in %d cycles", (unsigned)data, (unsigned)addr, TB_TIMEOUT);
    return 0;
}

/* one read; returns RRESP, the data in *data */
static unsigned axil_read(uint32_t addr, uint32_t *data)
{
    unsigned ar_wait = delay(), r_wait = delay();
    int ar_done = 0, seen = 0;
    uint32_t first = 0;
    unsigned first_resp = 0;
    for (unsigned n = 0; n < TB_TIMEOUT; n++) {
        tb.in.arvalid = !ar_done && ar_wait == 0;
        tb.in.araddr = tb.in.arvalid ? addr : (rnd() & 0xFFFu);
        tb.in.rready = r_wait == 0;
        settle();
        if (tb.out.rvalid && !ar_done) fail_msg("cycle %llu: RVALID before the read's address was taken", (unsigned long long)tb.cycle);
        if (tb.in.arvalid && tb.out.arready) ar_done = 1;
        if (tb.out.rvalid) {
            if (!seen) {
                first = tb.out.rdata;
                first_resp = tb.out.rresp;
                seen = 1;
            } else if (tb.out.rdata != first || tb.out.rresp != first_resp) {
                fail_msg("cycle %llu: RDATA/RRESP changed while RREADY was low (0x%08X/%u, was 0x%08X/%u)",
                         (unsigned long long)tb.cycle, (unsigned)tb.out.rdata, tb.out.rresp, (unsigned)first, first_resp);
            }
        }
        if (tb.out.rvalid && tb.in.rready) {
            *data = tb.out.rdata;
            unsigned r = tb.out.rresp;
            step();
            tb.in.arvalid = tb.in.rready = 0;
            settle();
            return r;
        }
        if (ar_wait) ar_wait--;
        if (tb.out.rvalid && r_wait) r_wait--;
        step();
    }
    fail_msg("read of 0x%03X: no response in %d cycles", (unsigned)addr, TB_TIMEOUT);
    return 0;
}

static uint32_t read_ok(uint32_t addr)
{
    uint32_t v = 0;
    unsigned r = axil_read(addr, &v);
    if (r != RESP_OKAY) fail_msg("read of 0x%03X: RRESP %u, expected OKAY", (unsigned)addr, r);
    return v;
}

/* the read-back mask of a plain RW register (its fields); 0 for other addresses */
static uint32_t rw_mask(uint32_t addr)
{
    if (addr == FRIC_REG_CTRL) return FRIC_REG_CTRL_RUN_MASK | FRIC_REG_CTRL_ENC_AXES_MASK;
    if (addr == FRIC_REG_TICK_DIV) return FRIC_REG_TICK_DIV_DIV_MASK;
    if (addr == FRIC_REG_ENC_SCALE) return FRIC_REG_ENC_SCALE_GAIN_MASK | FRIC_REG_ENC_SCALE_SHIFT_MASK;
    if (addr >= FRIC_REG_S_PARAM(0) && addr <= FRIC_REG_S_PARAM(FRIC_REG_S_PARAM_COUNT - 1)) return FRIC_REG_S_PARAM_WORD_MASK;
    if (addr >= FRIC_REG_L_PARAM(0) && addr <= FRIC_REG_L_PARAM(FRIC_REG_L_PARAM_COUNT - 1)) return FRIC_REG_L_PARAM_WORD_MASK;
    return 0;
}

static int setup(void **state)
{
    (void)state;
    reset();
    return 0;
}

/* ---- every address --------------------------------------------------------------- */

/* a read of every word address: OKAY where the map lists it, SLVERR and 0
 * elsewhere (low address bits random); ID and VERSION read their values */
static void test_read_every_address(void **state)
{
    (void)state;
    for (uint32_t a = 0; a < 0x1000u; a += 4u) {
        uint32_t v = 0xDEADBEEFu;
        const uint32_t addr = a | (rnd() & 3u);
        const unsigned r = axil_read(addr, &v);
        if (fric_reg_access(a) & 1u) {
            if (r != RESP_OKAY) fail_msg("read of listed 0x%03X: RRESP %u", (unsigned)addr, r);
        } else if (r != RESP_SLVERR || v != 0) {
            fail_msg("read of unlisted 0x%03X: RRESP %u RDATA 0x%08X, expected SLVERR and 0", (unsigned)addr, r, (unsigned)v);
        }
    }
    assert_int_equal(read_ok(FRIC_REG_ID), FRIC_REG_ID_VALUE);
    assert_int_equal(read_ok(FRIC_REG_VERSION), FRIC_REG_VERSION_VALUE);
}

/* a write to every address the map does not list writable is SLVERR, and
 * every listed register reads the same before and after (no sample tick
 * comes, so nothing else changes them) */
static void test_refused_writes(void **state)
{
    (void)state;
    for (uint32_t a = 0; a < 0x1000u; a += 4u) {
        if (fric_reg_access(a) & 2u) continue;
        uint32_t before = 0, after = 0;
        const int listed = fric_reg_access(a) & 1u;
        if (listed) before = read_ok(a);
        const unsigned r = axil_write(a, rnd(), 0xFu);
        if (r != RESP_SLVERR) fail_msg("write to 0x%03X (%s): BRESP %u, expected SLVERR", (unsigned)a, listed ? "R" : "unlisted", r);
        if (listed && (after = read_ok(a)) != before)
            fail_msg("read-only 0x%03X changed on a write: 0x%08X, was 0x%08X", (unsigned)a, (unsigned)after, (unsigned)before);
    }
}

/* ---- RW registers ------------------------------------------------------------------ */

/* each plain RW register and parameter word reads back what was written,
 * within its fields */
static void test_rw_readback(void **state)
{
    (void)state;
    for (uint32_t a = 0; a < 0x1000u; a += 4u) {
        const uint32_t m = rw_mask(a);
        if (!m) continue;
        for (int k = 0; k < 3; k++) {
            const uint32_t v = (k == 0) ? 0xFFFFFFFFu : (k == 1) ? 0u : rnd();
            assert_int_equal(axil_write(a, v, 0xFu), RESP_OKAY);
            const uint32_t got = read_ok(a);
            if (got != (v & m))
                fail_msg("0x%03X: wrote 0x%08X, read 0x%08X, expected 0x%08X", (unsigned)a, (unsigned)v, (unsigned)got, (unsigned)(v & m));
        }
    }
    assert_int_equal(axil_write(FRIC_REG_CTRL, 0, 0xFu), RESP_OKAY);
}

/* a write with WSTRB other than all ones is SLVERR and writes nothing */
static void test_partial_wstrb(void **state)
{
    (void)state;
    assert_int_equal(axil_write(FRIC_REG_TICK_DIV, 0x123456u, 0xFu), RESP_OKAY);
    for (unsigned strb = 0; strb < 15u; strb++) {
        assert_int_equal(axil_write(FRIC_REG_TICK_DIV, 0xABCDEFu, strb), RESP_SLVERR);
        assert_int_equal(read_ok(FRIC_REG_TICK_DIV), 0x123456u);
    }
}

/* ---- random traffic ------------------------------------------------------------------ */

/* random reads and writes over the whole address space with random channel
 * timing, against a model of the RW registers' contents */
static void test_random_traffic(void **state)
{
    (void)state;
    static uint32_t model[1024];
    for (uint32_t a = 0; a < 0x1000u; a += 4u)
        if (rw_mask(a)) model[a / 4u] = read_ok(a);
    const unsigned ops = 4000;
    for (unsigned i = 0; i < ops; i++) {
        const uint32_t a = (rnd() % 2u) ? ((rnd() % 0x200u) & ~3u) : ((rnd() & 0xFFCu));
        const unsigned acc = fric_reg_access(a);
        const uint32_t m = rw_mask(a);
        if (rnd() % 2u) {
            if (!(acc & 2u) || m) { /* writes only where the model knows the effect */
                const uint32_t v = rnd();
                const unsigned strb = (rnd() % 8u) ? 0xFu : (rnd() & 0xFu);
                const unsigned want = ((acc & 2u) && strb == 0xFu) ? RESP_OKAY : RESP_SLVERR;
                const unsigned r = axil_write(a, v, strb);
                if (r != want) fail_msg("op %u: write 0x%08X strb %X to 0x%03X: BRESP %u, expected %u", i, (unsigned)v, strb, (unsigned)a, r, want);
                if (want == RESP_OKAY) model[a / 4u] = v & m;
            }
        } else {
            uint32_t v = 0;
            const unsigned r = axil_read(a, &v);
            const unsigned want = (acc & 1u) ? RESP_OKAY : RESP_SLVERR;
            if (r != want) fail_msg("op %u: read 0x%03X: RRESP %u, expected %u", i, (unsigned)a, r, want);
            if (!(acc & 1u) && v != 0) fail_msg("op %u: read of unlisted 0x%03X gave 0x%08X", i, (unsigned)a, (unsigned)v);
            if (m && v != model[a / 4u]) fail_msg("op %u: read 0x%03X gave 0x%08X, expected 0x%08X", i, (unsigned)a, (unsigned)v, (unsigned)model[a / 4u]);
        }
    }
    assert_int_equal(axil_write(FRIC_REG_CTRL, 0, 0xFu), RESP_OKAY);
}

int main(void)
{
    tb.d = dut_axil_open();
    tb.rng = 0x9E3779B97F4A7C15ull;
    tb.random_timing = 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_read_every_address, setup),
        cmocka_unit_test_setup(test_refused_writes, setup),
        cmocka_unit_test_setup(test_rw_readback, setup),
        cmocka_unit_test_setup(test_partial_wstrb, setup),
        cmocka_unit_test_setup(test_random_traffic, setup),
    };
    const int failed = cmocka_run_group_tests_name("tb_axil", tests, NULL, NULL);
    dut_axil_close(tb.d);
    return failed ? 1 : 0;
}
