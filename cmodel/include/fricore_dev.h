/* SPDX-License-Identifier: Apache-2.0 */
/**
 * @file fricore_dev.h
 * @brief Host driver of the fricore board tops: configure and use the cores
 *        over SPI (or any transport) through the register map of
 *        fricore_regs.h (docs/generated/register-map.md, docs/board.md).
 *
 * The driver has no global state and allocates nothing; it calls only the
 * transport callback and, for the load functions, the parameter compiler
 * (fric_compile.h) and the fixed-point packer. It builds for a bare-metal
 * MCU (freestanding headers only: stdint, stddef, stdbool) as well as for
 * the host, where the tests give it the Verilated SPI pins.
 *
 * Every function returns FRIC_OK or a negative ::fric_status_t;
 * fric_status_message() names the problem.
 */
#ifndef FRICORE_DEV_H
#define FRICORE_DEV_H

#include <stddef.h>
#include <stdint.h>

#include "fric_compile.h"
#include "fric_fx.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief One SPI transaction: chip select low, @p len bytes out of @p tx and
 *        in to @p rx at the same time (mode 0, MSB first), chip select high.
 * @return 0 on success, anything else on a transport error.
 */
typedef int (*fricore_xfer_t)(void *ctx, const uint8_t *tx, uint8_t *rx, size_t len);

/** Longest burst of one transaction, in words (the parameter sets fit). */
#define FRICORE_DEV_MAX_BURST 32u

/** A device: fill with fricore_dev_open(). */
typedef struct {
    fricore_xfer_t xfer;
    void *ctx;
    uint32_t width;     /**< CAPS.W: the cores' datapath width */
    uint32_t axes;      /**< CAPS.AXES */
    uint32_t caps;      /**< the CAPS register */
    uint32_t max_polls; /**< status reads allowed while waiting (default 10000) */
} fricore_dev_t;

/** @brief Bind the transport, read ID, VERSION and CAPS, and check them. */
fric_status_t fricore_dev_open(fricore_dev_t *d, fricore_xfer_t xfer, void *ctx);

/** @brief Read @p n (<= FRICORE_DEV_MAX_BURST) words from byte address @p addr up. */
fric_status_t fricore_dev_read(fricore_dev_t *d, uint32_t addr, uint32_t *words, size_t n);
/** @brief Write @p n (<= FRICORE_DEV_MAX_BURST) words from byte address @p addr up. */
fric_status_t fricore_dev_write(fricore_dev_t *d, uint32_t addr, const uint32_t *words, size_t n);
/** @brief Read one register. */
fric_status_t fricore_dev_read_reg(fricore_dev_t *d, uint32_t addr, uint32_t *value);
/** @brief Write one register. */
fric_status_t fricore_dev_write_reg(fricore_dev_t *d, uint32_t addr, uint32_t value);

/** @brief Write a fixed-point Stribeck set to the shadow S_PARAM and commit it
 *         to the axes of @p axes (bit a: axis a); waits until applied.
 *         FRIC_ERR_DEV_CORE when the image has no Stribeck core (CAPS.STRIBECK 0);
 *         likewise the LuGre calls and fricore_dev_reset_state() (CAPS.LUGRE). */
fric_status_t fricore_dev_put_stribeck(fricore_dev_t *d, const fric_fx_stribeck_t *p, uint32_t axes);
/** @brief Write a fixed-point Dahl / LuGre set to L_PARAM and commit it to @p axes. */
fric_status_t fricore_dev_put_lugre(fricore_dev_t *d, const fric_fx_lugre_t *p, uint32_t axes);

/** @brief Compile an SI Stribeck set (opt->width must be the device's W), write
 *         and commit it; @p out (may be NULL) gets the compiled set. */
fric_status_t fricore_dev_load_stribeck(fricore_dev_t *d, const fric_stribeck_cfg_t *cfg,
                                        const fric_compile_opts_t *opt, uint32_t axes,
                                        fric_fx_stribeck_t *out, fric_compile_report_t *rep);
/** @brief Compile an SI LuGre set at opt->ts, write and commit it. */
fric_status_t fricore_dev_load_lugre(fricore_dev_t *d, const fric_lugre_cfg_t *cfg,
                                     const fric_compile_opts_t *opt, uint32_t axes,
                                     fric_fx_lugre_t *out, fric_compile_report_t *rep);
/** @brief Compile an SI Dahl set at opt->ts, write and commit it. */
fric_status_t fricore_dev_load_dahl(fricore_dev_t *d, const fric_dahl_cfg_t *cfg,
                                    const fric_compile_opts_t *opt, uint32_t axes,
                                    fric_fx_lugre_t *out, fric_compile_report_t *rep);

/** @brief Reset the LuGre bristle state of @p axes at the next sample boundary; waits. */
fric_status_t fricore_dev_reset_state(fricore_dev_t *d, uint32_t axes);

/** @brief Write the host velocity codes (S,W,0) of axes 0 .. n - 1. */
fric_status_t fricore_dev_set_velocities(fricore_dev_t *d, const int32_t *v, size_t n);
/** @brief Run one sample set of all axes and wait until its forces are in. */
fric_status_t fricore_dev_step(fricore_dev_t *d);
/** @brief Read the forces of the last set: @p fs Stribeck, @p fl LuGre (either
 *         may be NULL), one code (S,W,0) per axis, d->axes of each (0 for a
 *         core the image leaves out). */
fric_status_t fricore_dev_read_forces(fricore_dev_t *d, int32_t *fs, int32_t *fl);

/** @brief Sample ticks every @p div clock cycles (0 stops them); @p run starts
 *         a set at each tick; @p enc_axes take the encoder estimate. */
fric_status_t fricore_dev_run(fricore_dev_t *d, uint32_t div, int run, uint32_t enc_axes);
/** @brief Encoder scale: v = sat(rsr(d * gain, shift)) per tick (fric_fx_enc_velocity()). */
fric_status_t fricore_dev_set_encoder(fricore_dev_t *d, uint32_t gain, uint32_t shift);

/** @brief Read the sticky FLAGS register. */
fric_status_t fricore_dev_flags(fricore_dev_t *d, uint32_t *flags);
/** @brief Clear the FLAGS bits of @p mask. */
fric_status_t fricore_dev_clear_flags(fricore_dev_t *d, uint32_t mask);

#ifdef __cplusplus
}
#endif

#endif /* FRICORE_DEV_H */
