/* SPDX-License-Identifier: Apache-2.0 */
/* dut_eng.h: the C interface of a Verilated fric_eng. The C++ glue
 * (dut_eng.cpp) is all the C++ there is; the test logic is C (tb_eng.c).
 * Pins are grouped per model: index 0 the LuGre side (lg_*), 1 the
 * Stribeck side (st_*). */
#ifndef DUT_ENG_H
#define DUT_ENG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut dut_t;

/** Input pins of one model, applied before the next rising edge. */
typedef struct {
    uint32_t s_tdata, s_tuser, s_tvalid, m_tready;
    uint32_t cfg_valid, cfg_commit, cfg_addr, cfg_axis, cfg_data, flags_clear;
} dut_side_in_t;

typedef struct {
    uint32_t rst;
    dut_side_in_t m[2];
    uint32_t srst_valid, srst_all, srst_axis; /* LuGre only */
} dut_in_t;

/** Output pins of one model, as they are before the next rising edge. */
typedef struct {
    uint32_t s_tready, m_tdata, m_tuser, m_tvalid, cfg_ready, flags;
} dut_side_out_t;

typedef struct {
    dut_side_out_t m[2];
    uint32_t srst_ready;
} dut_out_t;

/** Open the model; fst non-NULL writes an FST waveform there. */
dut_t *dut_open(const char *fst);
void dut_close(dut_t *d);
/** Apply inputs (clock low) and settle; then read the outputs. */
void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out);
/** One rising and falling clock edge. */
void dut_tick(dut_t *d);

#ifdef __cplusplus
}
#endif

#endif
