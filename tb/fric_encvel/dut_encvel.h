/* SPDX-License-Identifier: Apache-2.0 */
/* dut_encvel.h: the C interface of a Verilated fric_encvel. The C++ glue
 * (dut_encvel.cpp) only moves pins and clock edges; the test logic is C
 * (tb_encvel.c). */
#ifndef DUT_ENCVEL_H
#define DUT_ENCVEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut dut_t;

/** Input pins, applied before the next rising edge. */
typedef struct {
    uint32_t rst, tick, pos, gain, shift;
} dut_in_t;

/** Output pins, as they are before the next rising edge. */
typedef struct {
    uint32_t vel, done, sat;
} dut_out_t;

dut_t *dut_open(void);
void dut_close(dut_t *d);
/** Apply inputs (clock low) and settle; then read the outputs. */
void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out);
/** One rising and falling clock edge. */
void dut_tick(dut_t *d);

#ifdef __cplusplus
}
#endif

#endif
