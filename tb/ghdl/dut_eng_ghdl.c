/* SPDX-License-Identifier: Apache-2.0 */
/* dut_eng_ghdl.c: dut_eng.h on the GHDL bench (tb_eng_ghdl.vhd) through
 * fric_vhpi: the same C test logic (tb/fric_eng/tb_eng.c) drives the VHDL
 * engine as it drives the Verilated one. The input and output word order is
 * that of the bench's process.
 *
 * The Verilator bench opens a fresh model for each test; a GHDL simulation
 * cannot be restarted, so dut_open returns the engine to its power-up
 * parameters instead: both models' staging sets get all-zero words and every
 * axis commits them, through the engine's own cfg ports (what a fresh
 * engine holds); the test's own reset does the rest (slots, states, flags,
 * streams). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fric_eng/dut_eng.h"
#include "fric_fx_formats.h"
#include "fric_vhpi.h"

#ifndef TB_NAX
#define TB_NAX 4
#endif

struct dut {
    int opened;
};

static struct dut the_dut;

static void set_pins(const dut_in_t *in, dut_out_t *out)
{
    int32_t w[24];
    int n = 0;
    w[n++] = (int32_t)in->rst;
    for (int sd = 0; sd < 2; sd++) {
        const dut_side_in_t *s = &in->m[sd];
        w[n++] = (int32_t)s->s_tdata;
        w[n++] = (int32_t)s->s_tuser;
        w[n++] = (int32_t)s->s_tvalid;
        w[n++] = (int32_t)s->m_tready;
        w[n++] = (int32_t)s->cfg_valid;
        w[n++] = (int32_t)s->cfg_commit;
        w[n++] = (int32_t)s->cfg_addr;
        w[n++] = (int32_t)s->cfg_axis;
        w[n++] = (int32_t)s->cfg_data;
        w[n++] = (int32_t)s->flags_clear;
    }
    w[n++] = (int32_t)in->srst_valid;
    w[n++] = (int32_t)in->srst_all;
    w[n++] = (int32_t)in->srst_axis;
    int32_t o[13];
    fric_vhpi_request(FVH_SET, w, n, o, 13);
    for (int sd = 0; sd < 2; sd++) {
        dut_side_out_t *s = &out->m[sd];
        s->s_tready = (uint32_t)o[6 * sd + 0];
        s->m_tdata = (uint32_t)o[6 * sd + 1];
        s->m_tuser = (uint32_t)o[6 * sd + 2];
        s->m_tvalid = (uint32_t)o[6 * sd + 3];
        s->cfg_ready = (uint32_t)o[6 * sd + 4];
        s->flags = (uint32_t)o[6 * sd + 5];
    }
    out->srst_ready = (uint32_t)o[12];
}

static void tick(void) { fric_vhpi_request(FVH_TICK, NULL, 0, NULL, 0); }

/* one cfg handshake (word or commit) on one model's port, waiting for cfg_ready */
static void cfg_op(int side, uint32_t commit, uint32_t addr, uint32_t axis)
{
    dut_in_t in;
    dut_out_t out;
    memset(&in, 0, sizeof in);
    in.m[0].m_tready = in.m[1].m_tready = 1;
    for (int n = 0; n < 100000; n++) {
        in.m[side].cfg_valid = 1;
        in.m[side].cfg_commit = commit;
        in.m[side].cfg_addr = addr;
        in.m[side].cfg_axis = axis;
        set_pins(&in, &out);
        tick();
        if (out.m[side].cfg_ready) return;
    }
    fprintf(stderr, "dut_open: the engine does not take a cfg word\n");
    exit(1);
}

dut_t *dut_open(const char *fst)
{
    if (fst) fprintf(stderr, "dut_open: no FST from the GHDL bench (use ghdl's --wave)\n");
    if (the_dut.opened) {
        for (int side = 0; side < 2; side++) {
            const uint32_t nw = side == 0 ? FRIC_FX_WORDS_LUGRE : FRIC_FX_WORDS_STRIBECK;
            for (uint32_t k = 0; k < nw; k++) cfg_op(side, 0, k, 0);
            for (uint32_t a = 0; a < TB_NAX; a++) cfg_op(side, 1, 0, a);
        }
        /* taken once every commit has been copied (cfg_ready is low until then) */
        cfg_op(0, 0, 0, 0);
        dut_in_t in;
        dut_out_t out;
        memset(&in, 0, sizeof in);
        in.m[0].m_tready = in.m[1].m_tready = 1;
        for (int k = 0; k < 4; k++) { /* until that word is written */
            set_pins(&in, &out);
            tick();
        }
    }
    the_dut.opened = 1;
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
    (void)d;
    tick();
}
