/* SPDX-License-Identifier: Apache-2.0 */
/* dut_lugre_ghdl.c: dut_lugre.h on the GHDL bench (tb_lugre_ghdl.vhd)
 * through fric_vhpi: the same C test logic (tb/fric_lugre/tb_lugre.c)
 * drives the VHDL core as it drives the Verilated one. The input and output
 * word order is that of the bench's process.
 *
 * The Verilator bench opens a fresh model for each test; a GHDL simulation
 * cannot be restarted, so dut_open returns the core to its power-up
 * parameters instead: every axis gets the all-zero set through the core's
 * own cfg port (what a fresh core holds), and the test's own reset does the
 * rest (state, flags, the pipeline). The cycle count restarts at 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fric_lugre/dut_lugre.h"
#include "fric_fx_formats.h"
#include "fric_vhpi.h"

/* the bench's NUM_AXES and tb_lugre.c's NAX, and the words of a set; the
 * elasto-plastic and GMS benches (tb_ep_ghdl.vhd and tb_gms_ghdl.vhd:
 * fric_ep and fric_gms have fric_lugre's ports) build this file with
 * DUT_NUM_AXES=4 and DUT_WORDS=FRIC_FX_WORDS_EP, and with
 * DUT_WORDS=FRIC_FX_WORDS_GMS */
#ifndef DUT_NUM_AXES
#define DUT_NUM_AXES 8
#endif
#ifndef DUT_WORDS
#define DUT_WORDS FRIC_FX_WORDS_LUGRE
#endif

struct dut {
    uint64_t cycle;
    int opened;
};

static struct dut the_dut;

static void set_pins(const dut_in_t *in, dut_out_t *out)
{
    const int32_t w[14] = {(int32_t)in->rst, (int32_t)in->s_tdata, (int32_t)in->s_tuser, (int32_t)in->s_tvalid,
                           (int32_t)in->m_tready, (int32_t)in->cfg_valid, (int32_t)in->cfg_commit,
                           (int32_t)in->cfg_addr, (int32_t)in->cfg_axis, (int32_t)in->cfg_data,
                           (int32_t)in->flags_clear, (int32_t)in->srst_valid, (int32_t)in->srst_all,
                           (int32_t)in->srst_axis};
    int32_t o[7];
    fric_vhpi_request(FVH_SET, w, 14, o, 7);
    out->s_tready = (uint32_t)o[0];
    out->m_tdata = (uint32_t)o[1];
    out->m_tuser = (uint32_t)o[2];
    out->m_tvalid = (uint32_t)o[3];
    out->cfg_ready = (uint32_t)o[4];
    out->srst_ready = (uint32_t)o[5];
    out->flags = (uint32_t)o[6];
}

/* one cfg handshake (word or commit), waiting for cfg_ready */
static void cfg_op(uint32_t commit, uint32_t addr, uint32_t axis)
{
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    in.m_tready = 1;
    for (int n = 0; n < 100000; n++) {
        in.cfg_valid = 1;
        in.cfg_commit = commit;
        in.cfg_addr = addr;
        in.cfg_axis = axis;
        set_pins(&in, &out);
        fric_vhpi_request(FVH_TICK, NULL, 0, NULL, 0);
        if (out.cfg_ready) return;
    }
    fprintf(stderr, "dut_open: the core does not take a cfg word\n");
    exit(1);
}

dut_t *dut_open(const char *fst)
{
    if (fst) fprintf(stderr, "dut_open: no FST from the GHDL bench (use ghdl's --wave)\n");
    if (the_dut.opened) {
        for (uint32_t a = 0; a < DUT_NUM_AXES; a++) {
            for (uint32_t k = 0; k < DUT_WORDS; k++) cfg_op(0, k, 0);
            cfg_op(1, 0, a);
        }
        cfg_op(0, 0, 0); /* taken once the last commit has applied (cfg_ready is low until then) */
        dut_in_t in;
        dut_out_t out;
        memset(&in, 0, sizeof in);
        for (int k = 0; k < 4; k++) { /* until that word is written and cfg_ready is back */
            set_pins(&in, &out);
            fric_vhpi_request(FVH_TICK, NULL, 0, NULL, 0);
        }
    }
    the_dut.opened = 1;
    the_dut.cycle = 0;
    return &the_dut;
}

void dut_close(dut_t *d) { (void)d; }

void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out)
{
    (void)d;
    set_pins(in, out);
}

void dut_tick(dut_t *d)
{
    fric_vhpi_request(FVH_TICK, NULL, 0, NULL, 0);
    d->cycle++;
}

uint64_t dut_cycle(const dut_t *d) { return d->cycle; }
