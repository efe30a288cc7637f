/* SPDX-License-Identifier: Apache-2.0 */
/* Fuzz target: the board driver fricore_dev (fricore_dev.h) against a
 * transport that answers with the input's bytes.
 *
 * Input: a byte of options, then a sequence of driver calls, each an
 * operation byte and its arguments, interleaved with the bytes the
 * transport returns as the device's answer (MISO) to each transaction. The
 * transport fails when the input is used up, and when an answer's first
 * byte says so. With the options' low bit set, the device answers the open
 * with a valid ID and VERSION (its CAPS from the input), so that the calls
 * after it are reached without the fuzzer first finding the magic words.
 *
 * Checked: every transaction the driver makes is a well-formed frame (a
 * read or write command, an address below 64 KiB, whole words, at most
 * FRICORE_DEV_MAX_BURST of them); every call returns FRIC_OK or one of the
 * driver's errors; nothing reads or writes outside its buffers (ASan). */
#include <math.h>
#include <string.h>

#include "fricore_dev.h"
#include "fricore_regs.h"
#include "fuzz_util.h"

typedef struct {
    fuzz_bytes_t *b;
    bool valid_id; /* answer the open's read of ID, VERSION, CAPS with a fricore map */
    bool opened;
} xport_t;

static int xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t len)
{
    xport_t *t = ctx;
    fuzz_require(tx && rx, "a transaction without its buffers");
    fuzz_require(tx[0] == 0x02 || tx[0] == 0x03, "a transaction that is neither a read nor a write");
    const size_t head = tx[0] == 0x03 ? 4 : 3; /* a read has a turnaround byte */
    fuzz_require(len > head && (len - head) % 4 == 0 && (len - head) / 4 <= FRICORE_DEV_MAX_BURST,
                 "a transaction that is not a whole number of words within the burst limit");
    uint8_t seen = 0;
    for (size_t i = 0; i < len; i++) seen |= tx[i]; /* every byte sent is defined (MSan, valgrind) */
    (void)seen;
    if (t->b->n == 0) return -1; /* the device is gone */
    if (!t->opened && t->valid_id && tx[0] == 0x03) {
        t->opened = true;
        const uint32_t caps = fuzz_u32(t->b);
        const uint32_t w[3] = {FRIC_REG_ID_VALUE, FRIC_REG_VERSION_VALUE, caps};
        memset(rx, 0, len);
        for (size_t i = 0; i < 3 && 4 + 4 * i + 3 < len; i++)
            for (int k = 0; k < 4; k++) rx[4 + 4 * i + (size_t)k] = (uint8_t)(w[i] >> (24 - 8 * k));
        return 0;
    }
    t->opened = true;
    if (fuzz_u8(t->b) == 0xEE) return 1; /* a transport error */
    for (size_t i = 0; i < len; i++) rx[i] = fuzz_u8(t->b);
    return 0;
}

static void status_ok(fric_status_t s)
{
    fuzz_require(s == FRIC_OK || (s <= FRIC_ERR_NULL && s >= FRIC_ERR_DEV_CORE), "a status that is not the driver's");
}

/* a word of any magnitude: input bits shifted right by an input amount
 * (each read in its own statement: the order is the input's on any compiler) */
static uint32_t u32s(fuzz_bytes_t *b)
{
    const uint32_t x = fuzz_u32(b);
    return x >> (fuzz_u8(b) & 31);
}

static int32_t s32s(fuzz_bytes_t *b)
{
    const uint32_t x = u32s(b) >> 1;
    return (fuzz_u8(b) & 1) ? -(int32_t)x : (int32_t)x;
}

static void raw_stribeck(fuzz_bytes_t *b, fric_fx_stribeck_t *p, uint32_t width)
{
    p->width = (fuzz_u8(b) & 1) ? fuzz_u32(b) : width;
    p->dsel = fuzz_u8(b) & 3;
    for (int d = 0; d < 2; d++) {
        p->dir[d].fc = u32s(b);
        p->dir[d].dm = s32s(b);
        p->dir[d].ds = fuzz_u8(b);
        p->dir[d].km = u32s(b);
        p->dir[d].ks = fuzz_u8(b);
        p->dir[d].bm = u32s(b);
        p->dir[d].bs = fuzz_u8(b);
    }
}

static void raw_lugre(fuzz_bytes_t *b, fric_fx_lugre_t *p, uint32_t width)
{
    raw_stribeck(b, &p->g, width);
    p->kym = u32s(b);
    p->kyx = s32s(b);
    p->c1m = u32s(b);
    p->c1s = fuzz_u8(b);
    p->md_en = fuzz_u8(b) & 3;
    p->kdm = u32s(b);
    p->kds = fuzz_u8(b);
}

static fric_compile_opts_t opts(fuzz_bytes_t *b, const fricore_dev_t *d)
{
    fric_compile_opts_t o = fric_compile_opts_default();
    o.width = d->width;
    o.v_max = fuzz_double(b);
    o.f_max = fuzz_double(b);
    o.ts = fuzz_double(b);
    return o;
}

/* The load calls up to their compile: a width that is not the device's, a
 * NULL argument, or a set the compiler refuses at its first check (a
 * Coulomb level that is not finite). A compile that succeeds samples the
 * whole velocity range, milliseconds against the microseconds of a whole
 * input here: fuzz_compile fuzzes the compiler, this target the writes of
 * the compiled sets (fricore_dev_put_*), and the board's tests a load that
 * succeeds. */
static fric_status_t load(fuzz_bytes_t *b, fricore_dev_t *d, int kind)
{
    const uint8_t how = fuzz_u8(b) % 4;
    fric_compile_opts_t o = opts(b, d);
    o.width = how == 0 ? 34u - d->width : d->width;
    const uint32_t axes = fuzz_u8(b);
    fric_compile_report_t rep;
    fric_compile_report_t *r = (fuzz_u8(b) & 1) ? &rep : NULL;
    const fric_compile_opts_t *op = how == 2 ? NULL : &o;
    if (kind == 0) {
        fric_stribeck_cfg_t c;
        double *x[] = {&c.fc_pos, &c.fc_neg, &c.fs_pos, &c.fs_neg, &c.b_pos, &c.b_neg, &c.vs, &c.vs_neg, &c.delta};
        for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(b);
        if (how == 3) c.fc_pos = NAN;
        fric_fx_stribeck_t p;
        const bool keep = fuzz_u8(b) & 1;
        return fricore_dev_load_stribeck(d, how == 1 ? NULL : &c, op, axes, keep ? &p : NULL, r);
    }
    if (kind == 1) {
        fric_lugre_cfg_t c;
        double *x[] = {&c.fc_pos, &c.fc_neg, &c.fs_pos, &c.fs_neg, &c.vs, &c.vs_neg, &c.delta,
                       &c.sigma0, &c.sigma1, &c.sigma2_pos, &c.sigma2_neg, &c.vd};
        for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(b);
        if (how == 3) c.fc_pos = NAN;
        fric_fx_lugre_t p;
        const bool keep = fuzz_u8(b) & 1;
        return fricore_dev_load_lugre(d, how == 1 ? NULL : &c, op, axes, keep ? &p : NULL, r);
    }
    fric_dahl_cfg_t c;
    double *x[] = {&c.fc_pos, &c.fc_neg, &c.sigma0, &c.sigma2_pos, &c.sigma2_neg};
    for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) *x[i] = fuzz_double(b);
    if (how == 3) c.fc_pos = NAN;
    fric_fx_lugre_t p;
    const bool keep = fuzz_u8(b) & 1;
    return fricore_dev_load_dahl(d, how == 1 ? NULL : &c, op, axes, keep ? &p : NULL, r);
}

int fuzz_target(const uint8_t *data, size_t size)
{
    fuzz_bytes_t b = {data, size};
    const uint8_t sel = fuzz_u8(&b);
    xport_t t = {&b, (sel & 1) != 0, false};
    fricore_dev_t d;
    memset(&d, 0, sizeof d);
    status_ok(fricore_dev_open(NULL, xfer, &t));
    status_ok(fricore_dev_open(&d, NULL, &t));
    const fric_status_t s = fricore_dev_open(&d, xfer, &t);
    status_ok(s);
    if (s != FRIC_OK) return 0;
    fuzz_require(d.axes >= 1 && d.axes <= FRIC_REG_MAX_AXES && (d.width == 16 || d.width == 18),
                 "an open device with a CAPS outside the driver's range");
    for (int op = 0; op < 64 && b.n > 0; op++) {
        uint32_t w[FRICORE_DEV_MAX_BURST + 8] = {0};
        const int what = fuzz_u8(&b) % 20;
        switch (what) {
        case 0: { /* a burst read: an address and a count, in range or not */
            const uint32_t addr = (fuzz_u8(&b) & 1) ? fuzz_u32(&b) : (fuzz_u32(&b) & 0xFFFFu);
            const size_t n = fuzz_u8(&b) % (FRICORE_DEV_MAX_BURST + 8);
            status_ok(fricore_dev_read(&d, addr, w, n));
            break;
        }
        case 1: {
            const uint32_t addr = (fuzz_u8(&b) & 1) ? fuzz_u32(&b) : (fuzz_u32(&b) & 0xFFFFu);
            const size_t n = fuzz_u8(&b) % (FRICORE_DEV_MAX_BURST + 8);
            for (size_t i = 0; i < n && i < sizeof w / sizeof w[0]; i++) w[i] = fuzz_u32(&b);
            status_ok(fricore_dev_write(&d, addr, w, n));
            break;
        }
        case 2:
            status_ok(fricore_dev_read_reg(&d, fuzz_u32(&b) & 0x1FFFFu, w));
            break;
        case 3:
        {
            const uint32_t addr = fuzz_u32(&b) & 0x1FFFFu;
            status_ok(fricore_dev_write_reg(&d, addr, fuzz_u32(&b)));
        }
            break;
        case 4: {
            fric_fx_stribeck_t p;
            raw_stribeck(&b, &p, d.width);
            const uint32_t axes = u32s(&b);
            status_ok(fricore_dev_put_stribeck(&d, &p, axes));
            break;
        }
        case 5: {
            fric_fx_lugre_t p;
            raw_lugre(&b, &p, d.width);
            const uint32_t axes = u32s(&b);
            status_ok(fricore_dev_put_lugre(&d, &p, axes));
            break;
        }
        case 6:
        case 7:
        case 8:
            status_ok(load(&b, &d, what - 6));
            break;
        case 9:
            status_ok(fricore_dev_reset_state(&d, u32s(&b)));
            break;
        case 10: {
            int32_t v[FRIC_REG_MAX_AXES + 2];
            for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) v[i] = (int32_t)fuzz_u32(&b);
            const size_t n = fuzz_u8(&b) % (FRIC_REG_MAX_AXES + 2);
            status_ok(fricore_dev_set_velocities(&d, v, n));
            break;
        }
        case 11:
            status_ok(fricore_dev_step(&d));
            break;
        case 12: {
            int32_t fs[FRIC_REG_MAX_AXES], fl[FRIC_REG_MAX_AXES];
            const uint8_t which = fuzz_u8(&b);
            const fric_status_t r = fricore_dev_read_forces(&d, (which & 1) ? fs : NULL, (which & 2) ? fl : NULL);
            status_ok(r);
            if (r == FRIC_OK && (which & 1))
                for (uint32_t a = 0; a < d.axes; a++) {
                    const int32_t top = (int32_t)(1u << (d.width - 1));
                    fuzz_require(fs[a] >= -top && fs[a] < top, "a force outside the device's width");
                }
            break;
        }
        case 13: {
            const uint32_t div = u32s(&b);
            const int run = fuzz_u8(&b) & 1;
            status_ok(fricore_dev_run(&d, div, run, u32s(&b)));
            break;
        }
        case 14: {
            const uint32_t gain = u32s(&b);
            status_ok(fricore_dev_set_encoder(&d, gain, fuzz_u8(&b)));
            break;
        }
        case 15:
            status_ok(fricore_dev_flags(&d, w));
            break;
        case 16:
            status_ok(fricore_dev_clear_flags(&d, fuzz_u32(&b)));
            break;
        case 17: /* the caller may bound the waits */
            d.max_polls = fuzz_u8(&b);
            break;
        case 18: /* the NULL arguments */
            status_ok(fricore_dev_read(&d, 0, NULL, 1));
            status_ok(fricore_dev_write(NULL, 0, w, 1));
            status_ok(fricore_dev_put_stribeck(&d, NULL, 1));
            status_ok(fricore_dev_put_lugre(NULL, NULL, 1));
            status_ok(fricore_dev_load_lugre(&d, NULL, NULL, 1, NULL, NULL));
            status_ok(fricore_dev_set_velocities(&d, NULL, 1));
            status_ok(fricore_dev_step(NULL));
            status_ok(fricore_dev_read_forces(NULL, NULL, NULL));
            break;
        default:
            status_ok(fricore_dev_read_reg(&d, FRIC_REG_STATUS, w));
            break;
        }
    }
    return 0;
}
