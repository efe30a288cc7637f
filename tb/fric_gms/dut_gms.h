/* SPDX-License-Identifier: Apache-2.0 */
/* dut_gms.h: the C interface of a Verilated fric_gms (the ports of
 * fric_lugre, with a 7-bit cfg_addr). The C++ glue (dut_gms.cpp) is
 * all the C++ there is; the test logic is C (tb_gms.c, cmocka). */
#ifndef DUT_GMS_H
#define DUT_GMS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut dut_t;

/** Input pins, applied before the next rising edge. */
typedef struct {
    uint32_t rst, s_tdata, s_tuser, s_tvalid, m_tready;
    uint32_t cfg_valid, cfg_commit, cfg_addr, cfg_axis, cfg_data, flags_clear;
    uint32_t srst_valid, srst_all, srst_axis;
} dut_in_t;

/** Output pins, as they are before the next rising edge. */
typedef struct {
    uint32_t s_tready, m_tdata, m_tuser, m_tvalid, cfg_ready, srst_ready, flags;
} dut_out_t;

/** Open the model; fst non-NULL writes an FST waveform there. */
dut_t *dut_open(const char *fst);
void dut_close(dut_t *d);
/** Apply inputs (clock low) and settle; then read the outputs. */
void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out);
/** One rising and falling clock edge. */
void dut_tick(dut_t *d);
/** Rising edges so far. */
uint64_t dut_cycle(const dut_t *d);

#ifdef __cplusplus
}
#endif

#endif
