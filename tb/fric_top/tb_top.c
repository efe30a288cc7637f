/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
/* tb_top.c: end-to-end bench of the board top (fric_top): the host driver
 * fricore_dev talks SPI, bit by bit on the Verilated pins, to the register
 * file and both cores; every force read back over SPI must equal the C
 * fixed-point model bit for bit, flags included. Covers parameter upload
 * (compiled from SI sets), commit, state reset, host velocities and the
 * encoder path (quadrature pins -> fric_encvel -> cores -> FORCE registers).
 *
 * Built per configuration (mk/board.mk): TB_W, TB_AXES, TB_NAME, and TB_HAS_S,
 * TB_HAS_L (default 1): 0 for an image that leaves that core out
 * (fric_top's HAS_STRIBECK / HAS_LUGRE), whose forces must then read 0, whose
 * CAPS bit must be 0 and whose driver calls must fail with FRIC_ERR_DEV_CORE.
 * Environment: STEPS=n host-driven sets (default 120), TEST=pattern runs
 * the matching tests only, TRACE=path.fst writes a waveform, VECTORS=path
 * writes every cycle's input pins and MISO / tick_out (hex), which
 * tb_top_netlist.v replays on the synthesized netlist. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../tb_rng.h"

#include "../tb_speed.h"
#include "dut_top.h"
#include "fric_compile.h"
#include "fric_fx.h"
#include "fric_lugre.h"
#include "fric_stribeck.h"
#include "fricore_dev.h"
#include "fricore_regs.h"

#ifndef TB_W
#define TB_W 16
#endif
#ifndef TB_AXES
#define TB_AXES 4
#endif
#ifndef TB_NAME
#define TB_NAME "tb_top"
#endif
#ifndef TB_HAS_S
#define TB_HAS_S 1
#endif
#ifndef TB_HAS_L
#define TB_HAS_L 1
#endif
#define NAX TB_AXES
#define ALL_AXES ((1u << NAX) - 1u)

/* ---- pins and clock -------------------------------------------------------- */

static dut_top_t *dut;
static dut_top_in_t pin;
static dut_top_out_t pout;
static uint64_t ticks_seen;
static uint64_t cycles_run;      /* clk1() calls */
#define TICK_LOG 1024u
static uint64_t tick_log[TICK_LOG]; /* tick_out pulse k at cycle tick_log[k % TICK_LOG] */
static uint32_t spi_half = 5; /* clk cycles per SCK half period: SCK = clk / 10 */

static FILE *vectors; /* VECTORS=path: every cycle's pins, for the netlist replay */

static void clk1(void)
{
    dut_top_set(dut, &pin, &pout);
    if (pout.tick_out) {
        tick_log[ticks_seen % TICK_LOG] = cycles_run;
        ticks_seen++;
    }
    cycles_run++;
    if (vectors)
        fprintf(vectors, "%x %x\n",
                (pin.rst << 5) | (pin.spi_cs_n << 4) | (pin.spi_sck << 3) | (pin.spi_mosi << 2) | (pin.enc_a << 1) | pin.enc_b,
                (pout.spi_miso << 1) | pout.tick_out);
    dut_top_tick(dut);
}

static void clkn(uint32_t n)
{
    while (n--) clk1();
}

/* the transport of fricore_dev: one SPI mode-0 transaction on the pins */
static int spi_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n)
{
    (void)ctx;
    pin.spi_cs_n = 0;
    clkn(4);
    for (size_t i = 0; i < n; i++) {
        uint8_t in = 0;
        for (int b = 7; b >= 0; b--) {
            pin.spi_mosi = (tx[i] >> b) & 1u;
            clkn(spi_half);
            in = (uint8_t)((in << 1) | (pout.spi_miso & 1u)); /* sampled at the rising edge */
            pin.spi_sck = 1;
            clkn(spi_half);
            pin.spi_sck = 0;
        }
        rx[i] = in;
    }
    clkn(spi_half);
    pin.spi_cs_n = 1;
    clkn(6);
    return 0;
}

/* ---- the encoder pins ---------------------------------------------------------- */

static uint32_t enc_phase; /* 0..3: AB = 00, 10, 11, 01 */
static uint32_t enc_count; /* what the decoder should count, modulo 2^32 */

static void enc_pins(void)
{
    static const uint32_t a[4] = {0, 1, 1, 0}, b[4] = {0, 0, 1, 1};
    pin.enc_a = a[enc_phase];
    pin.enc_b = b[enc_phase];
}

static void enc_move(int32_t counts)
{
    while (counts != 0) {
        if (counts > 0) {
            enc_phase = (enc_phase + 1) & 3u;
            enc_count++;
            counts--;
        } else {
            enc_phase = (enc_phase + 3) & 3u;
            enc_count--;
            counts++;
        }
        enc_pins();
        clkn(3);
    }
}

/* ---- random numbers ------------------------------------------------------------- */

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint32_t rnd32(void) { return tb_xorshift32(&rng, 16); }
static double rndu(void) { return (rnd32() % 1000000u) / 1e6; }

static int32_t random_velocity(void)
{
    const int32_t vmax = (1 << (TB_W - 1)) - 1;
    switch (rnd32() % 8) {
    case 0: return 0;
    case 1: return (rnd32() & 1) ? vmax : -vmax - 1;
    case 2: return (int32_t)(rnd32() % 64) - 32; /* the Stribeck dip and presliding */
    default: return (int32_t)(rnd32() % (uint32_t)(2 * vmax + 2)) - vmax - 1;
    }
}

/* ---- the C model of the device --------------------------------------------------- */

static fric_fx_stribeck_t sm[NAX];
static fric_fx_lugre_t lm[NAX];
static fric_fx_state_t lst[NAX];
static uint32_t s_flags, l_flags; /* C model flags since the last clear */
static fricore_dev_t dev;
static double ts_set;             /* the sample time the LuGre sets are compiled for */

static fric_compile_opts_t opts(void)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = TB_W;
    o.ts = ts_set;
    o.v_max = pow(2.0, (int)(rnd32() % 6) - 5);
    if (rnd32() % 4 == 0) o.f_max = pow(2.0, (int)(rnd32() % 3) - 1); /* so forces saturate */
    return o;
}

static fric_stribeck_cfg_t random_stribeck(void)
{
    fric_stribeck_cfg_t c;
    c.fc_pos = 0.2 + 2.0 * rndu();
    c.fc_neg = c.fc_pos * (0.5 + rndu());
    c.fs_pos = c.fc_pos * (0.8 + rndu());
    c.fs_neg = c.fc_neg * (0.8 + rndu());
    c.b_pos = rndu();
    c.b_neg = rndu();
    c.vs = pow(10.0, -4.0 + 3.0 * rndu());
    c.vs_neg = (rnd32() & 1) ? c.vs : c.vs * (0.5 + 1.5 * rndu());
    c.delta = (rnd32() & 1) ? 2.0 : 1.0;
    return c;
}

static fric_lugre_cfg_t random_lugre(void)
{
    fric_lugre_cfg_t c = fric_lugre_cfg_canudas1995();
    c.fc_pos = 0.2 + 2.0 * rndu();
    c.fc_neg = c.fc_pos * (0.5 + rndu());
    c.fs_pos = c.fc_pos * (1.0 + rndu());
    c.fs_neg = c.fc_neg * (1.0 + rndu());
    c.vs = pow(10.0, -4.0 + 3.0 * rndu());
    c.vs_neg = (rnd32() & 1) ? c.vs : c.vs * (0.5 + 1.5 * rndu());
    c.delta = (rnd32() & 1) ? 2.0 : 1.0;
    c.sigma0 = pow(10.0, 2.0 + 4.0 * rndu());
    c.sigma1 = (rnd32() % 4 == 0) ? 0.0 : sqrt(c.sigma0) * 2.0 * rndu();
    c.sigma2_pos = rndu();
    c.sigma2_neg = rndu();
    c.vd = (rnd32() % 3 == 0) ? c.vs * (0.5 + 2.0 * rndu()) : 0.0;
    return c;
}

/* compile and load a random set of each core into the axes of mask */
static void load_random(uint32_t s_mask, uint32_t l_mask)
{
    fric_compile_report_t rep;
    if (!TB_HAS_S) s_mask = 0; /* the image has no such core (test_driver_refuses) */
    if (!TB_HAS_L) l_mask = 0;
    if (s_mask) {
        fric_fx_stribeck_t p;
        for (;;) {
            const fric_stribeck_cfg_t c = random_stribeck();
            const fric_compile_opts_t o = opts();
            const fric_status_t s = fricore_dev_load_stribeck(&dev, &c, &o, s_mask, &p, &rep);
            if (s == FRIC_ERR_RANGE) continue; /* the random set is outside the range of o */
            assert_int_equal(s, FRIC_OK);
            break;
        }
        for (uint32_t a = 0; a < NAX; a++)
            if (s_mask >> a & 1u) sm[a] = p;
    }
    if (l_mask) {
        fric_fx_lugre_t p;
        for (;;) {
            const fric_lugre_cfg_t c = random_lugre();
            const fric_compile_opts_t o = opts();
            fric_status_t s;
            if (rnd32() % 5 == 0) { /* Dahl */
                const fric_dahl_cfg_t dc = {c.fc_pos, c.fc_neg, c.sigma0, c.sigma2_pos, c.sigma2_neg};
                s = fricore_dev_load_dahl(&dev, &dc, &o, l_mask, &p, &rep);
            } else {
                s = fricore_dev_load_lugre(&dev, &c, &o, l_mask, &p, &rep);
            }
            if (s == FRIC_ERR_RANGE) continue;
            assert_int_equal(s, FRIC_OK);
            break;
        }
        for (uint32_t a = 0; a < NAX; a++)
            if (l_mask >> a & 1u) lm[a] = p;
    }
}

/* FLAGS as the C model says they must be */
static uint32_t expected_flags(void)
{
    uint32_t f = 0;
    if (s_flags & FRIC_FX_FLAG_F_SAT) f |= FRIC_REG_FLAGS_S_F_SAT_MASK;
    if (s_flags & FRIC_FX_FLAG_MAG_NEG) f |= FRIC_REG_FLAGS_S_MAG_NEG_MASK;
    if (l_flags & FRIC_FX_FLAG_F_SAT) f |= FRIC_REG_FLAGS_L_F_SAT_MASK;
    if (l_flags & FRIC_FX_FLAG_G_SAT) f |= FRIC_REG_FLAGS_L_G_SAT_MASK;
    if (l_flags & FRIC_FX_FLAG_S1_SAT) f |= FRIC_REG_FLAGS_L_S1_SAT_MASK;
    if (l_flags & FRIC_FX_FLAG_W_SAT) f |= FRIC_REG_FLAGS_L_W_SAT_MASK;
    return f;
}

static uint64_t sets_checked, forces_checked;

/* the model's set for velocities v; then compare the device's forces and flags */
static void check_set(const int32_t *v, const char *what, uint32_t k)
{
    int32_t fs[NAX], fl[NAX];
    assert_int_equal(fricore_dev_read_forces(&dev, fs, fl), FRIC_OK);
    for (uint32_t a = 0; a < NAX; a++) {
        /* a core the image leaves out returns 0 and no flags */
        const int32_t es = TB_HAS_S ? fric_fx_stribeck(&sm[a], v[a], &s_flags, NULL) : 0;
        const int32_t el = TB_HAS_L ? fric_fx_lugre_step(&lm[a], &lst[a], v[a], &l_flags, NULL) : 0;
        if (fs[a] != es || fl[a] != el) {
            fprintf(stderr, "%s: %s set %u axis %u v %d: Stribeck rtl %d model %d, LuGre rtl %d model %d (cycle %llu)\n",
                    TB_NAME, what, k, a, v[a], fs[a], es, fl[a], el, (unsigned long long)dut_top_cycle(dut));
            fail();
        }
        forces_checked += 2;
    }
    uint32_t f;
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    const uint32_t core_bits = FRIC_REG_FLAGS_S_F_SAT_MASK | FRIC_REG_FLAGS_S_MAG_NEG_MASK | 0x1F00u;
    if ((f & core_bits & ~FRIC_REG_FLAGS_L_CFG_MASK) != expected_flags()) {
        fprintf(stderr, "%s: %s set %u: FLAGS 0x%08x, C model 0x%08x\n", TB_NAME, what, k, f, expected_flags());
        fail();
    }
    sets_checked++;
}

static void clear_all_flags(void)
{
    assert_int_equal(fricore_dev_clear_flags(&dev, 0xFFFFFFFFu), FRIC_OK);
    s_flags = l_flags = 0;
}

/* ---- fixtures ---------------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    dut = dut_top_open(getenv("TRACE"));
    memset(&pin, 0, sizeof pin);
    pin.spi_cs_n = 1;
    pin.rst = 1;
    enc_phase = 0;
    enc_count = 0;
    enc_pins();
    clkn(8);
    pin.rst = 0;
    clkn(8);
    ticks_seen = 0;
    memset(lst, 0, sizeof lst);
    memset(sm, 0, sizeof sm);
    memset(lm, 0, sizeof lm);
    for (uint32_t a = 0; a < NAX; a++) {
        sm[a].width = TB_W;
        lm[a].g.width = TB_W;
    }
    s_flags = l_flags = 0;
    ts_set = 1e-4;
    return fricore_dev_open(&dev, spi_xfer, NULL) == FRIC_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    dut_top_close(dut);
    return 0;
}

/* ---- identification and plain registers ------------------------------------------------ */

static void test_identity(void **state)
{
    (void)state;
    assert_int_equal(dev.axes, NAX);
    assert_int_equal(dev.width, TB_W);
    uint32_t r;
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_ID, &r), FRIC_OK);
    assert_int_equal(r, FRIC_REG_ID_VALUE);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_VERSION, &r), FRIC_OK);
    assert_int_equal(r, FRIC_REG_VERSION_VALUE);
    assert_int_equal(!!(dev.caps & FRIC_REG_CAPS_STRIBECK_MASK), TB_HAS_S);
    assert_int_equal(!!(dev.caps & FRIC_REG_CAPS_LUGRE_MASK), TB_HAS_L);
    assert_true(dev.caps & FRIC_REG_CAPS_ENC_MASK);
    /* an address that is not listed reads 0 and ignores writes; write-only registers read 0 */
    const uint32_t unlisted[] = {0x03C, 0x0F0, 0x260, 0x3FC};
    for (size_t i = 0; i < sizeof unlisted / sizeof unlisted[0]; i++) {
        assert_int_equal(fricore_dev_write_reg(&dev, unlisted[i], 0xDEADBEEFu), FRIC_OK);
        assert_int_equal(fricore_dev_read_reg(&dev, unlisted[i], &r), FRIC_OK);
        assert_int_equal(r, 0u);
    }
    const uint32_t wonly[] = {FRIC_REG_STEP, FRIC_REG_COMMIT, FRIC_REG_SRST};
    for (size_t i = 0; i < sizeof wonly / sizeof wonly[0]; i++) {
        assert_int_equal(fricore_dev_read_reg(&dev, wonly[i], &r), FRIC_OK);
        assert_int_equal(r, 0u);
    }
    /* no fricore: a transport that returns zeros is refused by open */
    fricore_dev_t bad;
    assert_int_equal(fricore_dev_open(&bad, NULL, NULL), FRIC_ERR_NULL);
}

static int zero_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n)
{
    (void)ctx;
    (void)tx;
    memset(rx, 0, n);
    return 0;
}

static int fail_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n)
{
    (void)ctx;
    (void)tx;
    (void)rx;
    (void)n;
    return -1;
}

static void test_driver_refuses(void **state)
{
    (void)state;
    fricore_dev_t d;
    assert_int_equal(fricore_dev_open(&d, zero_xfer, NULL), FRIC_ERR_DEV_ID);
    assert_int_equal(fricore_dev_open(&d, fail_xfer, NULL), FRIC_ERR_DEV_XFER);
    /* axes and widths outside the device's */
    assert_int_equal(fricore_dev_reset_state(&dev, 1u << NAX), TB_HAS_L ? FRIC_ERR_DEV_AXIS : FRIC_ERR_DEV_CORE);
    fric_fx_stribeck_t p = sm[0];
    p.width = (TB_W == 16) ? 18 : 16;
    assert_int_equal(fricore_dev_put_stribeck(&dev, &p, 1u), FRIC_ERR_DEV_WIDTH);
    const fric_stribeck_cfg_t c = random_stribeck();
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = (TB_W == 16) ? 18 : 16;
    assert_int_equal(fricore_dev_load_stribeck(&dev, &c, &o, 1u, NULL, NULL), FRIC_ERR_DEV_WIDTH);
    uint32_t w[FRICORE_DEV_MAX_BURST + 1] = {0};
    assert_int_equal(fricore_dev_write(&dev, 0x200, w, FRICORE_DEV_MAX_BURST + 1), FRIC_ERR_RANGE);
    assert_int_equal(fricore_dev_set_encoder(&dev, 0x10000u, 0), FRIC_ERR_RANGE);
    assert_int_equal(fricore_dev_set_encoder(&dev, 1, 32), FRIC_ERR_RANGE);
    /* a core the image leaves out: every call on it is refused, nothing written */
    const fric_compile_opts_t od = opts();
    if (!TB_HAS_S) {
        fric_fx_stribeck_t q = sm[0];
        assert_int_equal(fricore_dev_put_stribeck(&dev, &q, 1u), FRIC_ERR_DEV_CORE);
        assert_int_equal(fricore_dev_load_stribeck(&dev, &c, &od, 1u, NULL, NULL), FRIC_ERR_DEV_CORE);
    }
    if (!TB_HAS_L) {
        const fric_lugre_cfg_t lc = random_lugre();
        const fric_dahl_cfg_t dc = {lc.fc_pos, lc.fc_neg, lc.sigma0, lc.sigma2_pos, lc.sigma2_neg};
        fric_fx_lugre_t q = lm[0];
        assert_int_equal(fricore_dev_put_lugre(&dev, &q, 1u), FRIC_ERR_DEV_CORE);
        assert_int_equal(fricore_dev_load_lugre(&dev, &lc, &od, 1u, NULL, NULL), FRIC_ERR_DEV_CORE);
        assert_int_equal(fricore_dev_load_dahl(&dev, &dc, &od, 1u, NULL, NULL), FRIC_ERR_DEV_CORE);
        assert_int_equal(fricore_dev_reset_state(&dev, 1u), FRIC_ERR_DEV_CORE);
    }
    uint32_t sr;
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_STATUS, &sr), FRIC_OK);
    assert_int_equal(sr & FRIC_REG_STATUS_PENDING_MASK, 0u);
}

static void test_plain_registers(void **state)
{
    (void)state;
    uint32_t r;
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_CTRL, 0xFFFFFFFEu), FRIC_OK);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_CTRL, &r), FRIC_OK);
    assert_int_equal(r, FRIC_REG_CTRL_ENC_AXES_MASK); /* RUN written 0 */
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_TICK_DIV, 0xFF123456u), FRIC_OK);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_TICK_DIV, &r), FRIC_OK);
    assert_int_equal(r, 0x123456u);
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_TICK_DIV, 0), FRIC_OK);
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_ENC_SCALE, 0xFFFFFFFFu), FRIC_OK);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_ENC_SCALE, &r), FRIC_OK);
    assert_int_equal(r, FRIC_REG_ENC_SCALE_GAIN_MASK | FRIC_REG_ENC_SCALE_SHIFT_MASK);
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_CTRL, 0), FRIC_OK);

    /* VEL: in range reads back sign-extended; outside saturates and sets VEL_SAT */
    const int32_t vmax = (1 << (TB_W - 1)) - 1;
    const int32_t vin[] = {0, 1, -1, vmax, -vmax - 1, vmax + 1, -vmax - 2, 0x7FFFFFFF, (int32_t)0x80000000};
    const int32_t vout[] = {0, 1, -1, vmax, -vmax - 1, vmax, -vmax - 1, vmax, -vmax - 1};
    for (size_t i = 0; i < sizeof vin / sizeof vin[0]; i++) {
        clear_all_flags();
        const uint32_t a = (uint32_t)i % NAX;
        assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_VEL(a), (uint32_t)vin[i]), FRIC_OK);
        assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_VEL(a), &r), FRIC_OK);
        assert_int_equal((int32_t)r, vout[i]);
        assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
        assert_int_equal(!!(r & FRIC_REG_FLAGS_VEL_SAT_MASK), vin[i] != vout[i]);
    }
    /* W1C: writing 0 keeps the flag, writing 1 clears it */
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_VEL(0), 0x40000000u), FRIC_OK);
    assert_int_equal(fricore_dev_clear_flags(&dev, ~FRIC_REG_FLAGS_VEL_SAT_MASK), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
    assert_true(r & FRIC_REG_FLAGS_VEL_SAT_MASK);
    assert_int_equal(fricore_dev_clear_flags(&dev, FRIC_REG_FLAGS_VEL_SAT_MASK), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
    assert_int_equal(r & FRIC_REG_FLAGS_VEL_SAT_MASK, 0u);
}

/* every register with a fixed value after rst reads it after rst, whatever
 * was written before (FRIC_REG_RESETS, the map's reset column); the shadow
 * sets keep their words through rst */
static void test_reset_values(void **state)
{
    (void)state;
    uint32_t r;
    /* dirty what can be dirtied: the RW registers, a flag, a set completed */
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_CTRL, 0xFF00u), FRIC_OK);
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_TICK_DIV, 0x123456u), FRIC_OK);
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_ENC_SCALE, 0x1F1234u), FRIC_OK);
    for (uint32_t a = 0; a < NAX; a++) assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_VEL(a), 0x40000000u + a), FRIC_OK);
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_S_PARAM(0), 0x5u), FRIC_OK);
    assert_int_equal(fricore_dev_step(&dev), FRIC_OK);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_SAMPLES, &r), FRIC_OK);
    assert_int_equal(r, 1u);
    assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
    assert_true(r & FRIC_REG_FLAGS_VEL_SAT_MASK);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_CTRL, &r), FRIC_OK);
    assert_int_not_equal(r, 0u);
    pin.rst = 1;
    clkn(8);
    pin.rst = 0;
    clkn(8);
    size_t n = 0;
#define CHECK_RESET(name, off, count, value)                                                                   \
    for (uint32_t i = 0; i < (count); i++) {                                                                   \
        assert_int_equal(fricore_dev_read_reg(&dev, (off) + 4u * i, &r), FRIC_OK);                            \
        if (r != (value))                                                                                      \
            fail_msg("%s[%u] reads 0x%08X after rst, the map says 0x%08X", name, (unsigned)i, (unsigned)r,     \
                     (unsigned)(value));                                                                       \
        n++;                                                                                                   \
    }
    FRIC_REG_RESETS(CHECK_RESET)
#undef CHECK_RESET
    assert_int_equal(n, 14u + FRIC_REG_VEL_COUNT);
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_S_PARAM(0), &r), FRIC_OK);
    assert_int_equal(r, 0x5u);
}

static void test_parameter_words(void **state)
{
    (void)state;
    uint32_t r, w[FRIC_FX_WORDS_LUGRE];
    /* the shadow sets read back what was written, in one burst */
    for (uint32_t i = 0; i < FRIC_FX_WORDS_LUGRE; i++) w[i] = fric_fx_word_fits(TB_W, i, 7u * i) ? 7u * i : 1u;
    assert_int_equal(fricore_dev_write(&dev, FRIC_REG_L_PARAM(0), w, FRIC_FX_WORDS_LUGRE), FRIC_OK);
    uint32_t back[FRIC_FX_WORDS_LUGRE];
    assert_int_equal(fricore_dev_read(&dev, FRIC_REG_L_PARAM(0), back, FRIC_FX_WORDS_LUGRE), FRIC_OK);
    assert_memory_equal(w, back, sizeof w);
    assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
    assert_int_equal(r & (FRIC_REG_FLAGS_L_CFG_MASK | FRIC_REG_FLAGS_S_CFG_MASK), 0u);
    /* a word too wide for its field is refused by the core: L_CFG (a core
     * the image leaves out takes every word and ignores it) */
    assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_L_PARAM(FRIC_FX_WORD_KS), 64u), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
    assert_int_equal(!!(r & FRIC_REG_FLAGS_L_CFG_MASK), TB_HAS_L);
    assert_false(r & FRIC_REG_FLAGS_S_CFG_MASK);
    /* S_PARAM words past the Stribeck set: refused (S_CFG), for word 15 by
     * the core and 16..31 by the register file */
    const uint32_t bad[] = {FRIC_FX_WORDS_STRIBECK, 16, 31};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        clear_all_flags();
        assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_S_PARAM(bad[i]), 1u), FRIC_OK);
        assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
        assert_int_equal(!!(r & FRIC_REG_FLAGS_S_CFG_MASK), bad[i] >= 16 || TB_HAS_S);
        assert_false(r & FRIC_REG_FLAGS_L_CFG_MASK);
        clear_all_flags();
        assert_int_equal(fricore_dev_flags(&dev, &r), FRIC_OK);
        assert_false(r & FRIC_REG_FLAGS_S_CFG_MASK);
    }
}

/* ---- host-driven sample sets, bit for bit --------------------------------------------- */

static void host_sets(uint32_t n, const char *what)
{
    for (uint32_t k = 0; k < n; k++) {
        int32_t v[NAX];
        for (uint32_t a = 0; a < NAX; a++) v[a] = random_velocity();
        assert_int_equal(fricore_dev_set_velocities(&dev, v, NAX), FRIC_OK);
        assert_int_equal(fricore_dev_step(&dev), FRIC_OK);
        check_set(v, what, k);
    }
}

static void test_host_driven(void **state)
{
    (void)state;
    const char *e = getenv("STEPS");
    const uint32_t steps = e ? (uint32_t)strtoul(e, NULL, 0) : 120u;
    /* parameters start at 0: every force is 0 */
    host_sets(4, "zero parameters");
    /* a different set on every axis */
    for (uint32_t a = 0; a < NAX; a++) load_random(1u << a, 1u << a);
    host_sets(steps, "one set per axis");
    /* new sets on some axes, then on all, between sets */
    for (int round = 0; round < 3; round++) {
        const uint32_t m = (rnd32() & ALL_AXES) | 1u;
        load_random(m, m ^ ALL_AXES);
        host_sets(steps / 4 + 1, "after a commit");
        clear_all_flags();
    }
    /* state reset of some axes, then all (refused without a LuGre core: the
     * SRST register itself then has nothing to reset) */
    const uint32_t rm = (rnd32() & ALL_AXES) | 1u;
    if (!TB_HAS_L) {
        assert_int_equal(fricore_dev_reset_state(&dev, rm), FRIC_ERR_DEV_CORE);
        assert_int_equal(fricore_dev_write_reg(&dev, FRIC_REG_SRST, rm), FRIC_OK);
    } else
        assert_int_equal(fricore_dev_reset_state(&dev, rm), FRIC_OK);
    for (uint32_t a = 0; a < NAX; a++)
        if (rm >> a & 1u) fric_fx_lugre_reset(&lst[a]);
    host_sets(steps / 4 + 1, "after a state reset");
    if (TB_HAS_L) assert_int_equal(fricore_dev_reset_state(&dev, ALL_AXES), FRIC_OK);
    for (uint32_t a = 0; a < NAX; a++) fric_fx_lugre_reset(&lst[a]);
    host_sets(steps / 4 + 1, "after a reset of all");
    printf("%s: host-driven: %llu sets, %llu forces bit-exact (flags included), %llu cycles\n", TB_NAME,
           (unsigned long long)sets_checked, (unsigned long long)forces_checked, (unsigned long long)dut_top_cycle(dut));
}

/* The bench's own speed for make bench: SIM_SPEED=N host-driven
 * sets through the SPI pins (velocities written, a step, every force read
 * back and checked); skipped without SIM_SPEED. */
static void test_sim_speed(void **state)
{
    (void)state;
    const uint32_t n = (uint32_t)tb_sim_speed_n();
    for (uint32_t a = 0; a < NAX; a++) load_random(1u << a, 1u << a);
    const uint64_t f0 = forces_checked, c0 = dut_top_cycle(dut);
    const double t0 = tb_now();
    host_sets(n, "sim speed");
    const double el = tb_now() - t0;
    char extra[64];
    snprintf(extra, sizeof extra, "%u sets of %d axes over SPI", n, NAX);
    tb_sim_speed_report(forces_checked - f0, dut_top_cycle(dut) - c0, el, extra);
    assert_true(forces_checked - f0 == 2ull * NAX * n);
}

/* ---- the encoder path with the sample tick --------------------------------------------- */

static void wait_tick(void)
{
    const uint64_t t0 = ticks_seen;
    for (uint32_t i = 0; i < 1000000u && ticks_seen == t0; i++) clk1();
    assert_true(ticks_seen == t0 + 1);
}

static void test_encoder_path(void **state)
{
    (void)state;
    for (uint32_t a = 0; a < NAX; a++) load_random(1u << a, 1u << a);
    /* a scale that maps 1200 counts a tick to about 0.7 of full scale, so most
     * ticks are in range (the rounding shows) and the 2500-count ones saturate */
    const uint32_t shift = 2 + rnd32() % 3;
    const uint32_t gain = (uint32_t)(0.7 * (1 << (TB_W - 1)) * (1 << shift) / 1200.0) + rnd32() % 50;
    assert_int_equal(fricore_dev_set_encoder(&dev, gain, shift), FRIC_OK);
    const uint32_t enc_axes = ALL_AXES & ~1u; /* axis 0 stays host-driven */
    const int32_t v0 = random_velocity();
    assert_int_equal(fricore_dev_set_velocities(&dev, &v0, 1), FRIC_OK);
    clear_all_flags();
    uint32_t samples0;
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_SAMPLES, &samples0), FRIC_OK);
    const uint32_t div = 24000;
    assert_int_equal(fricore_dev_run(&dev, div, 1, enc_axes), FRIC_OK);
    uint32_t pos_prev = 0, eflags = 0;
    wait_tick(); /* the first tick measures from the count at the last one (0 after reset) */
    clkn(600);
    {
        int32_t v[NAX];
        v[0] = v0;
        const int32_t ve = fric_fx_enc_velocity(TB_W, enc_count, pos_prev, gain, shift, &eflags);
        for (uint32_t a = 1; a < NAX; a++) v[a] = ve;
        pos_prev = enc_count;
        check_set(v, "encoder tick", 0);
    }
    const uint32_t nticks = 30;
    uint32_t in_range = 0;
    for (uint32_t k = 1; k <= nticks; k++) {
        /* move the encoder between two ticks: up to +-1200 counts, sometimes fast enough to saturate */
        int32_t move = (int32_t)(rnd32() % 2401) - 1200;
        if (k % 10 == 5) move = 0;
        if (k % 10 == 7) move = (k & 8) ? 2500 : -2500;
        enc_move(move);
        wait_tick();
        clkn(600);
        int32_t v[NAX];
        v[0] = v0;
        const int32_t ve = fric_fx_enc_velocity(TB_W, enc_count, pos_prev, gain, shift, &eflags);
        for (uint32_t a = 1; a < NAX; a++) v[a] = ve;
        pos_prev = enc_count;
        uint32_t r[3]; /* ENC_POS, ENC_SCALE, ENC_VEL */
        assert_int_equal(fricore_dev_read(&dev, FRIC_REG_ENC_POS, r, 3), FRIC_OK);
        assert_int_equal(r[0], enc_count);
        assert_int_equal((int32_t)r[2], ve);
        if (ve != (1 << (TB_W - 1)) - 1 && ve != -(1 << (TB_W - 1))) in_range++;
        check_set(v, "encoder tick", k);
    }
    uint32_t samples1, f;
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_SAMPLES, &samples1), FRIC_OK);
    assert_int_equal(fricore_dev_run(&dev, 0, 0, 0), FRIC_OK);
    assert_int_equal(samples1 - samples0, nticks + 1);
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    assert_int_equal(!!(f & FRIC_REG_FLAGS_ENC_SAT_MASK), !!(eflags & FRIC_FX_FLAG_ENC_SAT));
    assert_false(f & FRIC_REG_FLAGS_OVERRUN_MASK);
    assert_false(f & FRIC_REG_FLAGS_ENC_ERR_MASK);
    assert_true(in_range >= nticks / 2);
    printf("%s: encoder path: %u ticks bit-exact (%u of them in range), count %d, ENC_SAT %s\n", TB_NAME, nticks + 1, in_range, (int32_t)enc_count,
           (eflags & FRIC_FX_FLAG_ENC_SAT) ? "raised (as the model)" : "not raised (as the model)");

    /* both encoder inputs change at once: ENC_ERR, and no count */
    const uint32_t c0 = enc_count;
    enc_phase = (enc_phase + 2) & 3u;
    enc_pins();
    clkn(8);
    uint32_t r;
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_ENC_POS, &r), FRIC_OK);
    assert_int_equal(r, c0);
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    assert_true(f & FRIC_REG_FLAGS_ENC_ERR_MASK);
}

static void test_overrun(void **state)
{
    (void)state;
    clear_all_flags();
    uint32_t f;
    /* ticks much faster than a sample set lasts: some are dropped, OVERRUN says so */
    assert_int_equal(fricore_dev_run(&dev, 40, 1, 0), FRIC_OK);
    clkn(2000);
    assert_int_equal(fricore_dev_run(&dev, 0, 0, 0), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    assert_true(f & FRIC_REG_FLAGS_OVERRUN_MASK);
    /* a tick period with room: no overrun */
    clear_all_flags();
    assert_int_equal(fricore_dev_run(&dev, 2000, 1, 0), FRIC_OK);
    clkn(20000);
    assert_int_equal(fricore_dev_run(&dev, 0, 0, 0), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    assert_false(f & FRIC_REG_FLAGS_OVERRUN_MASK);
}

/* The tick period is TICK_DIV cycles exactly; a shorter period written
 * while the count is already past it ends that period at once (one cycle
 * later than the count's end, fric_tick.v), and the next ones are exact. */
static uint64_t tick_at(uint64_t k) { return tick_log[k % TICK_LOG]; }

static void test_tick_period(void **state)
{
    (void)state;
    const uint32_t d1 = 3000 + rnd32() % 500, d2 = 40 + rnd32() % 40;
    assert_int_equal(fricore_dev_run(&dev, d1, 1, 0), FRIC_OK);
    for (int k = 0; k < 4; k++) wait_tick();
    assert_int_equal(tick_at(ticks_seen - 1) - tick_at(ticks_seen - 2), d1);
    /* right after a tick the count is small; the write lands hundreds of
     * cycles later (SPI at clk / 10), past d2 */
    wait_tick();
    const uint64_t n0 = ticks_seen, t0 = tick_at(n0 - 1);
    assert_int_equal(fricore_dev_run(&dev, d2, 1, 0), FRIC_OK);
    for (int k = 0; k < 6; k++) wait_tick();
    /* the first tick after the write ends the long period early, the next are d2 apart */
    const uint64_t t1 = tick_at(n0);
    assert_true(t1 - t0 > d2 && t1 - t0 < d1);
    for (uint64_t k = n0 + 1; k < ticks_seen; k++) assert_int_equal(tick_at(k) - tick_at(k - 1), d2);
    /* the shortest periods */
    for (uint32_t d = 1; d <= 3; d++) {
        assert_int_equal(fricore_dev_run(&dev, d, 1, 0), FRIC_OK);
        for (int k = 0; k < 8; k++) wait_tick();
        for (uint64_t k = ticks_seen - 6; k < ticks_seen; k++) assert_int_equal(tick_at(k) - tick_at(k - 1), d);
    }
    printf("%s: tick period %u cycles exact; %u written %u cycles into a period ended it, then %u exact; 1, 2, 3 exact\n",
           TB_NAME, d1, d2, (uint32_t)(t1 - t0), d2);
    assert_int_equal(fricore_dev_run(&dev, 0, 0, 0), FRIC_OK);
}

/* A short run for the synthesized netlist (make test-top-netlist records its
 * pins with VECTORS= and replays them on the netlist): one set per core on
 * every axis, committed, two host-driven sets checked against the model. */
static void test_netlist_short(void **state)
{
    (void)state;
    load_random(ALL_AXES, ALL_AXES);
    host_sets(2, "netlist run");
}

/* the set duration, and the shortest tick period it allows */
static void test_set_rate(void **state)
{
    (void)state;
    int32_t v[NAX];
    for (uint32_t a = 0; a < NAX; a++) v[a] = random_velocity();
    assert_int_equal(fricore_dev_set_velocities(&dev, v, NAX), FRIC_OK);
    assert_int_equal(fricore_dev_step(&dev), FRIC_OK);
    uint32_t n, f;
    assert_int_equal(fricore_dev_read_reg(&dev, FRIC_REG_SET_CYCLES, &n), FRIC_OK);
    assert_true(n >= NAX && n < 4000);
    /* a set's time moves by a few cycles from set to set (the shared engine
     * of the UP5K image: by up to its 12-clock issue round), so "a little"
     * is 8 cycles and 1/32 of the set */
    const uint32_t m = 8 + n / 32;
    /* ticks a little slower than a set: never an overrun over 50 ticks */
    clear_all_flags();
    assert_int_equal(fricore_dev_run(&dev, n + m, 1, 0), FRIC_OK);
    clkn(50 * (n + m));
    assert_int_equal(fricore_dev_run(&dev, 0, 0, 0), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    assert_false(f & FRIC_REG_FLAGS_OVERRUN_MASK);
    /* a little faster than a set: the sets fall behind and a tick is dropped */
    clear_all_flags();
    assert_int_equal(fricore_dev_run(&dev, n - m, 1, 0), FRIC_OK);
    clkn(50 * (n + m));
    assert_int_equal(fricore_dev_run(&dev, 0, 0, 0), FRIC_OK);
    assert_int_equal(fricore_dev_flags(&dev, &f), FRIC_OK);
    assert_true(f & FRIC_REG_FLAGS_OVERRUN_MASK);
    printf("set rate: %u axes in %u cycles (%.4f axis-updates per clock; ticks every %u cycles or more)\n", NAX, n,
           (double)NAX / (n + m), n + m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_identity, setup, teardown),
        cmocka_unit_test_setup_teardown(test_driver_refuses, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plain_registers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reset_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_parameter_words, setup, teardown),
        cmocka_unit_test_setup_teardown(test_host_driven, setup, teardown),
        cmocka_unit_test_setup_teardown(test_encoder_path, setup, teardown),
        cmocka_unit_test_setup_teardown(test_overrun, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tick_period, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set_rate, setup, teardown),
        cmocka_unit_test_setup_teardown(test_netlist_short, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sim_speed, setup, teardown),
    };
    /* TEST=pattern runs the matching tests only */
    const char *vp = getenv("VECTORS");
    if (vp && !(vectors = fopen(vp, "w"))) {
        fprintf(stderr, "%s: cannot write %s\n", TB_NAME, vp);
        return 2;
    }
    const char *only = getenv("TEST");
    if (only && only[0]) cmocka_set_test_filter(only);
    const int failed = cmocka_run_group_tests_name(TB_NAME, tests, NULL, NULL);
    if (vectors && fclose(vectors) != 0) return 2;
    return failed;
}
