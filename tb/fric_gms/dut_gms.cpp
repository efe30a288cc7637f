// SPDX-License-Identifier: Apache-2.0
// dut_gms.cpp: thin Verilator glue behind dut_gms.h. No test
// logic here: it only moves pins and clock edges.
#include "dut_gms.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vdut.h"
#include "verilated.h"
#include "tb_vl_warn.h"
#include "tb_fst.h"

struct dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vdut> top;
    TbFst fst;
    uint64_t cycle = 0;
};

extern "C" dut_t *dut_open(const char *fst)
{
    dut_t *d = new dut;
    d->ctx.reset(new VerilatedContext);
    d->fst.enable(d->ctx.get(), fst);
    d->top.reset(new Vdut(d->ctx.get()));
    d->fst.open(d->top.get(), fst);
    d->top->clk = 0;
    d->top->eval();
    if (d->ctx->gotFinish()) { // a parameter check stopped elaboration
        std::fprintf(stderr, "dut_open: the model called $finish during elaboration\n");
        std::exit(1);
    }
    return d;
}

extern "C" void dut_close(dut_t *d)
{
    d->fst.close();
    d->top->final();
    delete d;
}

extern "C" void dut_set(dut_t *d, const dut_in_t *in, dut_out_t *out)
{
    Vdut *t = d->top.get();
    t->rst = in->rst;
    t->s_axis_tdata = in->s_tdata;
    t->s_axis_tuser = in->s_tuser;
    t->s_axis_tvalid = in->s_tvalid;
    t->m_axis_tready = in->m_tready;
    t->cfg_valid = in->cfg_valid;
    t->cfg_commit = in->cfg_commit;
    t->cfg_addr = in->cfg_addr;
    t->cfg_axis = in->cfg_axis;
    t->cfg_data = in->cfg_data;
    t->flags_clear = in->flags_clear;
    t->srst_valid = in->srst_valid;
    t->srst_all = in->srst_all;
    t->srst_axis = in->srst_axis;
    t->eval();
    out->s_tready = t->s_axis_tready;
    out->m_tdata = t->m_axis_tdata;
    out->m_tuser = t->m_axis_tuser;
    out->m_tvalid = t->m_axis_tvalid;
    out->cfg_ready = t->cfg_ready;
    out->srst_ready = t->srst_ready;
    out->flags = t->flags;
}

extern "C" void dut_tick(dut_t *d)
{
    Vdut *t = d->top.get();
    d->fst.dump(d->ctx->time());
    d->ctx->timeInc(1);
    t->clk = 1;
    t->eval();
    d->fst.dump(d->ctx->time());
    d->ctx->timeInc(1);
    t->clk = 0;
    t->eval();
    d->cycle++;
}

extern "C" uint64_t dut_cycle(const dut_t *d) { return d->cycle; }
