/* SPDX-License-Identifier: Apache-2.0 */
/* dut_top.h: the C interface of a Verilated fric_top (the board top without
 * its clock and pin wrapper). The C++ glue (dut_top.cpp) only moves pins and
 * clock edges; the test logic is C (tb_top.c, cmocka). */
#ifndef DUT_TOP_H
#define DUT_TOP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut_top dut_top_t;

/** Input pins, applied before the next rising edge. */
typedef struct {
    uint32_t rst, spi_cs_n, spi_sck, spi_mosi, enc_a, enc_b;
} dut_top_in_t;

/** Output pins, as they are before the next rising edge. */
typedef struct {
    uint32_t spi_miso, tick_out, led;
} dut_top_out_t;

/** Open the model; fst non-NULL writes an FST waveform there. */
dut_top_t *dut_top_open(const char *fst);
void dut_top_close(dut_top_t *d);
/** Apply inputs (clock low) and settle; then read the outputs. */
void dut_top_set(dut_top_t *d, const dut_top_in_t *in, dut_top_out_t *out);
/** One rising and falling clock edge. */
void dut_top_tick(dut_top_t *d);
/** Rising edges so far. */
uint64_t dut_top_cycle(const dut_top_t *d);

#ifdef __cplusplus
}
#endif

#endif
