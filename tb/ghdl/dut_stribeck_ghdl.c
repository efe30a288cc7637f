/* SPDX-License-Identifier: Apache-2.0 */
/* dut_stribeck_ghdl.c: dut_stribeck.h on the GHDL bench
 * (tb_stribeck_ghdl.vhd) through fric_vhpi: the same C test logic
 * (tb/fric_stribeck/tb_stribeck.c) drives the VHDL core as it drives the
 * Verilated one. The input and output word order is that of the bench's
 * process. No test logic here. */
#include <stdio.h>
#include <stdlib.h>

#include "../fric_stribeck/dut_stribeck.h"
#include "fric_vhpi.h"

struct dut {
    uint64_t cycle;
};

static struct dut the_dut;

dut_t *dut_open(const char *fst)
{
    if (fst) fprintf(stderr, "dut_open: no FST from the GHDL bench (use ghdl's --wave)\n");
    the_dut.cycle = 0;
    return &the_dut;
}

void dut_close(dut_t *d) { (void)d; }

void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out)
{
    (void)d;
    const int32_t w[11] = {(int32_t)in->rst, (int32_t)in->s_tdata, (int32_t)in->s_tuser, (int32_t)in->s_tvalid,
                           (int32_t)in->m_tready, (int32_t)in->cfg_valid, (int32_t)in->cfg_commit,
                           (int32_t)in->cfg_addr, (int32_t)in->cfg_axis, (int32_t)in->cfg_data,
                           (int32_t)in->flags_clear};
    int32_t o[6];
    fric_vhpi_request(FVH_SET, w, 11, o, 6);
    out->s_tready = (uint32_t)o[0];
    out->m_tdata = (uint32_t)o[1];
    out->m_tuser = (uint32_t)o[2];
    out->m_tvalid = (uint32_t)o[3];
    out->cfg_ready = (uint32_t)o[4];
    out->flags = (uint32_t)o[5];
}

void dut_tick(dut_t *d)
{
    fric_vhpi_request(FVH_TICK, NULL, 0, NULL, 0);
    d->cycle++;
}

uint64_t dut_cycle(const dut_t *d) { return d->cycle; }
