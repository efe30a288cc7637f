/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fric_mcu.c: the bare-metal harness that runs one per-sample step function
 * of fricore on a Cortex-M under an instruction-level emulator
 * (scripts/mcu_emu.py; docs/mcu.md). No OS: a vector table, a reset handler
 * that copies .data and clears .bss, then a loop over the samples.
 *
 * Built once per step (-DFRIC_MCU_KIND=...): FRIC_MCU_FX_STRIBECK
 * (fric_fx_stribeck), FRIC_MCU_FX_LUGRE (fric_fx_lugre_step, Dahl and LuGre),
 * FRIC_MCU_STRIBECK (fric_stribeck_force), FRIC_MCU_LUGRE (fric_lugre_step,
 * Dahl and LuGre), FRIC_MCU_ADAPT (the adaptation law of the adaptive
 * observer: fric_adapt_sample per sample, fric_adapt_update per window) or
 * FRIC_MCU_NONE (the loop alone, the size baseline).
 *
 * The emulator writes the parameter struct, the sample count and the input
 * samples into the mailbox at FRIC_MCU_IO (a region outside the image, which
 * is not the firmware's and is not counted), starts fric_mcu_reset and stops
 * at fric_mcu_done. Every function of this file is in section .text.harness
 * (its constants in .rodata.harness), between linker symbols, so that the
 * emulator counts only the instructions of the step and what it calls, and
 * the sizes of the image minus the harness are the step's.
 */
#include <stddef.h>
#include <stdint.h>

#include "fric_adapt.h"
#include "fric_fx.h"
#include "fric_lugre.h"
#include "fric_stribeck.h"

#define FRIC_MCU_NONE 0
#define FRIC_MCU_FX_STRIBECK 1
#define FRIC_MCU_FX_LUGRE 2
#define FRIC_MCU_STRIBECK 3
#define FRIC_MCU_LUGRE 4
#define FRIC_MCU_ADAPT 5
#ifndef FRIC_MCU_KIND
#error "define FRIC_MCU_KIND"
#endif

#define FRIC_MCU_IO 0x30000000u

/* The mailbox. The emulator checks this layout against fric_mcu_layout. */
typedef struct {
    uint32_t n;      /* samples */
    uint32_t flags;  /* out: the fixed-point model's flags, ORed over the run (the law: its windows that moved) */
    uint32_t in;     /* address of n int32_t velocity codes, n double velocities or n fric_adapt_in_t */
    uint32_t out;    /* address of n int32_t force codes, n double forces or n pairs of int32_t multipliers */
    double ts;       /* sample time, s (the double Dahl / LuGre step) */
    union {          /* the parameter set, as the host's struct */
        fric_fx_stribeck_t fx_stribeck;
        fric_fx_lugre_t fx_lugre;
        fric_stribeck_cfg_t stribeck;
        fric_lugre_cfg_t lugre;
        struct {
            fric_adapt_cfg_t k;   /* the law's constants */
            fric_adapt_state_t s; /* its state at the first sample, updated in place */
        } adapt;
    } cfg;
} fric_mcu_io_t;

#if FRIC_MCU_KIND == FRIC_MCU_FX_STRIBECK
#define CFG_SIZE sizeof(fric_fx_stribeck_t)
#elif FRIC_MCU_KIND == FRIC_MCU_FX_LUGRE
#define CFG_SIZE sizeof(fric_fx_lugre_t)
#elif FRIC_MCU_KIND == FRIC_MCU_STRIBECK
#define CFG_SIZE sizeof(fric_stribeck_cfg_t)
#elif FRIC_MCU_KIND == FRIC_MCU_LUGRE
#define CFG_SIZE sizeof(fric_lugre_cfg_t)
#elif FRIC_MCU_KIND == FRIC_MCU_ADAPT
#define CFG_SIZE (sizeof(fric_adapt_cfg_t) + sizeof(fric_adapt_state_t))
#else
#define CFG_SIZE 0
#endif

#define HARNESS __attribute__((section(".text.harness"), noinline))

/* kind, mailbox address, offsets of n, flags, in, out, ts, cfg, size of cfg */
__attribute__((section(".rodata.harness"), used)) const uint32_t fric_mcu_layout[9] = {
    FRIC_MCU_KIND,
    FRIC_MCU_IO,
    offsetof(fric_mcu_io_t, n),
    offsetof(fric_mcu_io_t, flags),
    offsetof(fric_mcu_io_t, in),
    offsetof(fric_mcu_io_t, out),
    offsetof(fric_mcu_io_t, ts),
    offsetof(fric_mcu_io_t, cfg),
    CFG_SIZE,
};

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[], __stack_top[];

void fric_mcu_reset(void);
void fric_mcu_done(void);
void fric_mcu_calib(uint32_t n);

/* The end of a run: the emulator stops here. */
HARNESS __attribute__((naked, noreturn)) void fric_mcu_done(void)
{
    __asm__ volatile("1: b 1b");
}

/* A loop of known length for the emulator's own check of its count:
 * 2 n + 1 instructions (n >= 1), returns to the caller. */
HARNESS __attribute__((naked)) void fric_mcu_calib(uint32_t n)
{
    (void)n;
    __asm__ volatile(".syntax unified\n1:\tsubs r0, r0, #1\n\tbne 1b\n\tbx lr");
}

HARNESS static void run(void)
{
    fric_mcu_io_t *io = (fric_mcu_io_t *)FRIC_MCU_IO;
    const uint32_t n = io->n;
#if FRIC_MCU_KIND == FRIC_MCU_ADAPT
    _Static_assert(sizeof io->cfg.adapt == CFG_SIZE, "the law's constants and state, unpadded between them");
    const fric_adapt_in_t *a = (const fric_adapt_in_t *)io->in;
    int32_t *m = (int32_t *)io->out;
    fric_adapt_state_t *st = &io->cfg.adapt.s;
    uint32_t moved = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (fric_adapt_sample(&io->cfg.adapt.k, st, &a[i])) moved += fric_adapt_update(&io->cfg.adapt.k, st);
        m[2 * i] = st->m[0];
        m[2 * i + 1] = st->m[1];
    }
    io->flags = moved;
#elif FRIC_MCU_KIND == FRIC_MCU_FX_STRIBECK || FRIC_MCU_KIND == FRIC_MCU_FX_LUGRE || FRIC_MCU_KIND == FRIC_MCU_NONE
    const int32_t *v = (const int32_t *)io->in;
    int32_t *f = (int32_t *)io->out;
    uint32_t flags = 0;
#if FRIC_MCU_KIND == FRIC_MCU_FX_STRIBECK
    for (uint32_t i = 0; i < n; i++) f[i] = fric_fx_stribeck(&io->cfg.fx_stribeck, v[i], &flags, NULL);
#elif FRIC_MCU_KIND == FRIC_MCU_FX_LUGRE
    fric_fx_state_t st;
    fric_fx_lugre_reset(&st);
    for (uint32_t i = 0; i < n; i++) f[i] = fric_fx_lugre_step(&io->cfg.fx_lugre, &st, v[i], &flags, NULL);
#else
    for (uint32_t i = 0; i < n; i++) f[i] = v[i];
#endif
    io->flags = flags;
#else
    const double *v = (const double *)io->in;
    double *f = (double *)io->out;
#if FRIC_MCU_KIND == FRIC_MCU_STRIBECK
    for (uint32_t i = 0; i < n; i++) f[i] = fric_stribeck_force(&io->cfg.stribeck, v[i]);
#else
    fric_lugre_state_t st = {0.0};
    const double ts = io->ts;
    for (uint32_t i = 0; i < n; i++) f[i] = fric_lugre_step(&io->cfg.lugre, &st, v[i], ts);
#endif
#endif
}

HARNESS __attribute__((noreturn)) void fric_mcu_reset(void)
{
    volatile uint32_t *d = __data_start; /* volatile: no call to memcpy / memset */
    const uint32_t *s = __data_load;
    while (d < __data_end) *d++ = *s++;
    for (volatile uint32_t *b = __bss_start; b < __bss_end;) *b++ = 0;
    run();
    fric_mcu_done();
}

/* The vector table: initial stack pointer, reset; every fault stops at
 * fric_mcu_done too (the emulator then finds the run unfinished). */
__attribute__((section(".vectors"), used)) void (*const fric_mcu_vectors[8])(void) = {
    (void (*)(void))__stack_top, fric_mcu_reset, fric_mcu_done, fric_mcu_done,
    fric_mcu_done, fric_mcu_done, fric_mcu_done, fric_mcu_done,
};
