/* SPDX-License-Identifier: Apache-2.0 */
/* dut_axil.h: the C interface of the Verilated tb_axil_harness (fric_axil_wb
 * in front of fric_regs). The C++ glue (dut_axil.cpp) only moves pins and
 * clock edges; the test logic is C (tb_axil.c, cmocka). */
#ifndef DUT_AXIL_H
#define DUT_AXIL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dut_axil dut_axil_t;

/** Input pins, applied before the next rising edge. */
typedef struct {
    uint32_t rst;
    uint32_t awaddr, awvalid, wdata, wstrb, wvalid, bready;
    uint32_t araddr, arvalid, rready;
} dut_axil_in_t;

/** Output pins, as they are before the next rising edge. */
typedef struct {
    uint32_t awready, wready, bresp, bvalid, arready, rdata, rresp, rvalid;
} dut_axil_out_t;

dut_axil_t *dut_axil_open(void);
void dut_axil_close(dut_axil_t *d);
/** Apply inputs (clock low) and settle; then read the outputs. */
void dut_axil_set(dut_axil_t *d, const dut_axil_in_t *in, dut_axil_out_t *out);
/** One rising and falling clock edge. */
void dut_axil_tick(dut_axil_t *d);

#ifdef __cplusplus
}
#endif

#endif
