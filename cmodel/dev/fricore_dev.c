/* SPDX-License-Identifier: Apache-2.0 */
/* The host driver of the fricore board tops (fricore_dev.h). Freestanding:
 * no libc call here (a test checks the object's undefined symbols). */
#include "fricore_dev.h"

#include "fricore_regs.h"

#define CMD_WRITE 0x02u
#define CMD_READ 0x03u

static fric_status_t xfer(fricore_dev_t *d, const uint8_t *tx, uint8_t *rx, size_t n)
{
    return d->xfer(d->ctx, tx, rx, n) == 0 ? FRIC_OK : FRIC_ERR_DEV_XFER;
}

fric_status_t fricore_dev_read(fricore_dev_t *d, uint32_t addr, uint32_t *words, size_t n)
{
    if (!d || !words) return FRIC_ERR_NULL;
    if (n == 0 || n > FRICORE_DEV_MAX_BURST || addr > 0xFFFFu) return FRIC_ERR_RANGE;
    uint8_t tx[4 + 4 * FRICORE_DEV_MAX_BURST] = {0}, rx[4 + 4 * FRICORE_DEV_MAX_BURST];
    tx[0] = CMD_READ;
    tx[1] = (uint8_t)(addr >> 8);
    tx[2] = (uint8_t)addr;
    const fric_status_t s = xfer(d, tx, rx, 4 + 4 * n);
    if (s != FRIC_OK) return s;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *b = &rx[4 + 4 * i];
        words[i] = ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
    }
    return FRIC_OK;
}

fric_status_t fricore_dev_write(fricore_dev_t *d, uint32_t addr, const uint32_t *words, size_t n)
{
    if (!d || !words) return FRIC_ERR_NULL;
    if (n == 0 || n > FRICORE_DEV_MAX_BURST || addr > 0xFFFFu) return FRIC_ERR_RANGE;
    uint8_t tx[3 + 4 * FRICORE_DEV_MAX_BURST], rx[3 + 4 * FRICORE_DEV_MAX_BURST];
    tx[0] = CMD_WRITE;
    tx[1] = (uint8_t)(addr >> 8);
    tx[2] = (uint8_t)addr;
    for (size_t i = 0; i < n; i++) {
        uint8_t *b = &tx[3 + 4 * i];
        b[0] = (uint8_t)(words[i] >> 24);
        b[1] = (uint8_t)(words[i] >> 16);
        b[2] = (uint8_t)(words[i] >> 8);
        b[3] = (uint8_t)words[i];
    }
    return xfer(d, tx, rx, 3 + 4 * n);
}

fric_status_t fricore_dev_read_reg(fricore_dev_t *d, uint32_t addr, uint32_t *value)
{
    return fricore_dev_read(d, addr, value, 1);
}

fric_status_t fricore_dev_write_reg(fricore_dev_t *d, uint32_t addr, uint32_t value)
{
    return fricore_dev_write(d, addr, &value, 1);
}

fric_status_t fricore_dev_open(fricore_dev_t *d, fricore_xfer_t fn, void *ctx)
{
    if (!d || !fn) return FRIC_ERR_NULL;
    d->xfer = fn;
    d->ctx = ctx;
    d->max_polls = 10000;
    uint32_t r[3];
    const fric_status_t s = fricore_dev_read(d, FRIC_REG_ID, r, 3);
    if (s != FRIC_OK) return s;
    if (r[0] != FRIC_REG_ID_VALUE || (r[1] & 0xFFFF00u) != (FRIC_REG_VERSION_VALUE & 0xFFFF00u)) return FRIC_ERR_DEV_ID;
    d->caps = r[2];
    d->axes = (r[2] & FRIC_REG_CAPS_AXES_MASK) >> FRIC_REG_CAPS_AXES_SHIFT;
    d->width = (r[2] & FRIC_REG_CAPS_W_MASK) >> FRIC_REG_CAPS_W_SHIFT;
    if (d->axes < 1 || d->axes > FRIC_REG_MAX_AXES || (d->width != 16 && d->width != 18)) return FRIC_ERR_DEV_ID;
    return FRIC_OK;
}

/* FRIC_ERR_DEV_CORE unless CAPS has the core of @p caps_mask */
static fric_status_t check_core(const fricore_dev_t *d, uint32_t caps_mask)
{
    return (d->caps & caps_mask) ? FRIC_OK : FRIC_ERR_DEV_CORE;
}

static fric_status_t check_axes(const fricore_dev_t *d, uint32_t axes)
{
    return (axes >> d->axes) ? FRIC_ERR_DEV_AXIS : FRIC_OK;
}

/* Poll STATUS until none of @p bits is set. */
static fric_status_t wait_status(fricore_dev_t *d, uint32_t bits)
{
    for (uint32_t i = 0; i < d->max_polls; i++) {
        uint32_t st;
        const fric_status_t s = fricore_dev_read_reg(d, FRIC_REG_STATUS, &st);
        if (s != FRIC_OK) return s;
        if (!(st & bits)) return FRIC_OK;
    }
    return FRIC_ERR_DEV_TIMEOUT;
}

static fric_status_t commit(fricore_dev_t *d, uint32_t word)
{
    const fric_status_t s = fricore_dev_write_reg(d, FRIC_REG_COMMIT, word);
    return s != FRIC_OK ? s : wait_status(d, FRIC_REG_STATUS_PENDING_MASK);
}

fric_status_t fricore_dev_put_stribeck(fricore_dev_t *d, const fric_fx_stribeck_t *p, uint32_t axes)
{
    if (!d || !p) return FRIC_ERR_NULL;
    if (p->width != d->width) return FRIC_ERR_DEV_WIDTH;
    fric_status_t s = check_core(d, FRIC_REG_CAPS_STRIBECK_MASK);
    if (s == FRIC_OK) s = check_axes(d, axes);
    if (s != FRIC_OK) return s;
    s = fric_fx_stribeck_check(p);
    if (s != FRIC_OK) return s;
    uint32_t w[FRIC_FX_WORDS_STRIBECK];
    fric_fx_stribeck_pack(p, w);
    s = fricore_dev_write(d, FRIC_REG_S_PARAM(0), w, FRIC_FX_WORDS_STRIBECK);
    if (s != FRIC_OK) return s;
    return commit(d, (axes << FRIC_REG_COMMIT_STRIBECK_SHIFT) & FRIC_REG_COMMIT_STRIBECK_MASK);
}

fric_status_t fricore_dev_put_lugre(fricore_dev_t *d, const fric_fx_lugre_t *p, uint32_t axes)
{
    if (!d || !p) return FRIC_ERR_NULL;
    if (p->g.width != d->width) return FRIC_ERR_DEV_WIDTH;
    fric_status_t s = check_core(d, FRIC_REG_CAPS_LUGRE_MASK);
    if (s == FRIC_OK) s = check_axes(d, axes);
    if (s != FRIC_OK) return s;
    s = fric_fx_lugre_check(p);
    if (s != FRIC_OK) return s;
    uint32_t w[FRIC_FX_WORDS_LUGRE];
    fric_fx_lugre_pack(p, w);
    s = fricore_dev_write(d, FRIC_REG_L_PARAM(0), w, FRIC_FX_WORDS_LUGRE);
    if (s != FRIC_OK) return s;
    return commit(d, (axes << FRIC_REG_COMMIT_LUGRE_SHIFT) & FRIC_REG_COMMIT_LUGRE_MASK);
}

fric_status_t fricore_dev_load_stribeck(fricore_dev_t *d, const fric_stribeck_cfg_t *cfg,
                                        const fric_compile_opts_t *opt, uint32_t axes,
                                        fric_fx_stribeck_t *out, fric_compile_report_t *rep)
{
    if (!d || !cfg || !opt) return FRIC_ERR_NULL;
    if (opt->width != d->width) return FRIC_ERR_DEV_WIDTH;
    if (check_core(d, FRIC_REG_CAPS_STRIBECK_MASK) != FRIC_OK) return FRIC_ERR_DEV_CORE;
    fric_fx_stribeck_t p;
    const fric_status_t s = fric_compile_stribeck(cfg, opt, &p, rep);
    if (s != FRIC_OK) return s;
    if (out) *out = p;
    return fricore_dev_put_stribeck(d, &p, axes);
}

fric_status_t fricore_dev_load_lugre(fricore_dev_t *d, const fric_lugre_cfg_t *cfg,
                                     const fric_compile_opts_t *opt, uint32_t axes,
                                     fric_fx_lugre_t *out, fric_compile_report_t *rep)
{
    if (!d || !cfg || !opt) return FRIC_ERR_NULL;
    if (opt->width != d->width) return FRIC_ERR_DEV_WIDTH;
    if (check_core(d, FRIC_REG_CAPS_LUGRE_MASK) != FRIC_OK) return FRIC_ERR_DEV_CORE;
    fric_fx_lugre_t p;
    const fric_status_t s = fric_compile_lugre(cfg, opt, &p, rep);
    if (s != FRIC_OK) return s;
    if (out) *out = p;
    return fricore_dev_put_lugre(d, &p, axes);
}

fric_status_t fricore_dev_load_dahl(fricore_dev_t *d, const fric_dahl_cfg_t *cfg,
                                    const fric_compile_opts_t *opt, uint32_t axes,
                                    fric_fx_lugre_t *out, fric_compile_report_t *rep)
{
    if (!d || !cfg || !opt) return FRIC_ERR_NULL;
    if (opt->width != d->width) return FRIC_ERR_DEV_WIDTH;
    if (check_core(d, FRIC_REG_CAPS_LUGRE_MASK) != FRIC_OK) return FRIC_ERR_DEV_CORE;
    fric_fx_lugre_t p;
    const fric_status_t s = fric_compile_dahl(cfg, opt, &p, rep);
    if (s != FRIC_OK) return s;
    if (out) *out = p;
    return fricore_dev_put_lugre(d, &p, axes);
}

fric_status_t fricore_dev_reset_state(fricore_dev_t *d, uint32_t axes)
{
    if (!d) return FRIC_ERR_NULL;
    fric_status_t s = check_core(d, FRIC_REG_CAPS_LUGRE_MASK);
    if (s == FRIC_OK) s = check_axes(d, axes);
    if (s != FRIC_OK) return s;
    s = fricore_dev_write_reg(d, FRIC_REG_SRST, axes & FRIC_REG_SRST_AXES_MASK);
    return s != FRIC_OK ? s : wait_status(d, FRIC_REG_STATUS_PENDING_MASK);
}

fric_status_t fricore_dev_set_velocities(fricore_dev_t *d, const int32_t *v, size_t n)
{
    if (!d || !v) return FRIC_ERR_NULL;
    if (n == 0 || n > d->axes) return FRIC_ERR_DEV_AXIS;
    uint32_t w[FRIC_REG_MAX_AXES];
    for (size_t i = 0; i < n; i++) w[i] = (uint32_t)v[i];
    return fricore_dev_write(d, FRIC_REG_VEL(0), w, n);
}

fric_status_t fricore_dev_step(fricore_dev_t *d)
{
    if (!d) return FRIC_ERR_NULL;
    uint32_t n0, n1;
    fric_status_t s = fricore_dev_read_reg(d, FRIC_REG_SAMPLES, &n0);
    if (s == FRIC_OK) s = fricore_dev_write_reg(d, FRIC_REG_STEP, 1u);
    /* done when SAMPLES has moved on and no set runs or waits */
    for (uint32_t i = 0; s == FRIC_OK && i < d->max_polls; i++) {
        uint32_t st;
        s = fricore_dev_read_reg(d, FRIC_REG_SAMPLES, &n1);
        if (s == FRIC_OK) s = fricore_dev_read_reg(d, FRIC_REG_STATUS, &st);
        if (s == FRIC_OK && n1 != n0 && !(st & (FRIC_REG_STATUS_ACTIVE_MASK | FRIC_REG_STATUS_REQUEST_MASK)))
            return FRIC_OK;
    }
    return s != FRIC_OK ? s : FRIC_ERR_DEV_TIMEOUT;
}

static int32_t sext(uint32_t x, uint32_t w)
{
    const uint32_t m = 1u << (w - 1);
    x &= (m << 1) - 1u;
    return (x & m) ? -(int32_t)((m << 1) - x) : (int32_t)x;
}

fric_status_t fricore_dev_read_forces(fricore_dev_t *d, int32_t *fs, int32_t *fl)
{
    if (!d) return FRIC_ERR_NULL;
    uint32_t w[2 * FRIC_REG_MAX_AXES];
    const fric_status_t s = fricore_dev_read(d, FRIC_REG_FORCE_S(0), w, FRIC_REG_MAX_AXES + d->axes);
    if (s != FRIC_OK) return s;
    for (uint32_t a = 0; a < d->axes; a++) {
        if (fs) fs[a] = sext(w[a], d->width);
        if (fl) fl[a] = sext(w[FRIC_REG_MAX_AXES + a], d->width);
    }
    return FRIC_OK;
}

fric_status_t fricore_dev_run(fricore_dev_t *d, uint32_t div, int run, uint32_t enc_axes)
{
    if (!d) return FRIC_ERR_NULL;
    if (div > (FRIC_REG_TICK_DIV_DIV_MASK >> FRIC_REG_TICK_DIV_DIV_SHIFT)) return FRIC_ERR_RANGE;
    fric_status_t s = check_axes(d, enc_axes);
    if (s == FRIC_OK) s = fricore_dev_write_reg(d, FRIC_REG_TICK_DIV, div << FRIC_REG_TICK_DIV_DIV_SHIFT);
    if (s == FRIC_OK)
        s = fricore_dev_write_reg(d, FRIC_REG_CTRL, (run ? FRIC_REG_CTRL_RUN_MASK : 0u) |
                                                    ((enc_axes << FRIC_REG_CTRL_ENC_AXES_SHIFT) & FRIC_REG_CTRL_ENC_AXES_MASK));
    return s;
}

fric_status_t fricore_dev_set_encoder(fricore_dev_t *d, uint32_t gain, uint32_t shift)
{
    if (!d) return FRIC_ERR_NULL;
    if (gain > 0xFFFFu || shift > 31u) return FRIC_ERR_RANGE;
    return fricore_dev_write_reg(d, FRIC_REG_ENC_SCALE, (gain << FRIC_REG_ENC_SCALE_GAIN_SHIFT) | (shift << FRIC_REG_ENC_SCALE_SHIFT_SHIFT));
}

fric_status_t fricore_dev_flags(fricore_dev_t *d, uint32_t *flags)
{
    return fricore_dev_read_reg(d, FRIC_REG_FLAGS, flags);
}

fric_status_t fricore_dev_clear_flags(fricore_dev_t *d, uint32_t mask)
{
    return fricore_dev_write_reg(d, FRIC_REG_FLAGS, mask);
}
