/* SPDX-License-Identifier: Apache-2.0 */
/* tb_pins.h: the pin-stream record the benches share. Every cycle a bench
 * passes the words of its pins (inputs and outputs; an output beat's data
 * only while valid) to tb_pins_add(), which folds them into an FNV-1a hash
 * and, with PIN_LOG=file in the environment, writes them as a text line
 * (to find where two streams part). The Verilator and the GHDL bench of one
 * configuration print the same tb_pins_report() lines exactly when the
 * Verilog and the VHDL cores behaved identically, cycle for cycle. */
#ifndef TB_PINS_H
#define TB_PINS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t tb_pin_hash = 0xcbf29ce484222325ULL, tb_pin_cycles;

/** Start a new stream (the hash of nothing). */
static inline void tb_pins_reset(void)
{
    tb_pin_hash = 0xcbf29ce484222325ULL;
    tb_pin_cycles = 0;
}

/** One cycle's pin words. */
static inline void tb_pins_add(const uint32_t *w, size_t n)
{
    static FILE *log;
    static int log_checked;
    if (!log_checked) {
        const char *p = getenv("PIN_LOG");
        log = (p && p[0]) ? fopen(p, "w") : NULL;
        log_checked = 1;
    }
    for (size_t k = 0; k < n; k++) {
        for (int b = 0; b < 4; b++) {
            tb_pin_hash ^= (w[k] >> (8 * b)) & 0xffu;
            tb_pin_hash *= 0x100000001b3ULL;
        }
        if (log) fprintf(log, "%x ", w[k]);
    }
    if (log) fprintf(log, "\n");
    tb_pin_cycles++;
}

/** The line both benches print (and mk/ghdl.mk compares). */
static inline void tb_pins_report(const char *name)
{
    printf("%s: pin stream hash %016llx over %llu cycles\n", name, (unsigned long long)tb_pin_hash,
           (unsigned long long)tb_pin_cycles);
}

#endif
