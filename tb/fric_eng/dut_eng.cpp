// SPDX-License-Identifier: Apache-2.0
// dut_eng.cpp: thin Verilator glue behind dut_eng.h. No test logic here:
// it only moves pins and clock edges.
#include "dut_eng.h"

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
    if (d->ctx->gotFinish()) {
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
    t->lg_s_axis_tdata = in->m[0].s_tdata;
    t->lg_s_axis_tuser = in->m[0].s_tuser;
    t->lg_s_axis_tvalid = in->m[0].s_tvalid;
    t->lg_m_axis_tready = in->m[0].m_tready;
    t->lg_cfg_valid = in->m[0].cfg_valid;
    t->lg_cfg_commit = in->m[0].cfg_commit;
    t->lg_cfg_addr = in->m[0].cfg_addr;
    t->lg_cfg_axis = in->m[0].cfg_axis;
    t->lg_cfg_data = in->m[0].cfg_data;
    t->lg_flags_clear = in->m[0].flags_clear;
    t->lg_srst_valid = in->srst_valid;
    t->lg_srst_all = in->srst_all;
    t->lg_srst_axis = in->srst_axis;
    t->st_s_axis_tdata = in->m[1].s_tdata;
    t->st_s_axis_tuser = in->m[1].s_tuser;
    t->st_s_axis_tvalid = in->m[1].s_tvalid;
    t->st_m_axis_tready = in->m[1].m_tready;
    t->st_cfg_valid = in->m[1].cfg_valid;
    t->st_cfg_commit = in->m[1].cfg_commit;
    t->st_cfg_addr = in->m[1].cfg_addr;
    t->st_cfg_axis = in->m[1].cfg_axis;
    t->st_cfg_data = in->m[1].cfg_data;
    t->st_flags_clear = in->m[1].flags_clear;
    t->eval();
    out->m[0].s_tready = t->lg_s_axis_tready;
    out->m[0].m_tdata = t->lg_m_axis_tdata;
    out->m[0].m_tuser = t->lg_m_axis_tuser;
    out->m[0].m_tvalid = t->lg_m_axis_tvalid;
    out->m[0].cfg_ready = t->lg_cfg_ready;
    out->m[0].flags = t->lg_flags;
    out->m[1].s_tready = t->st_s_axis_tready;
    out->m[1].m_tdata = t->st_m_axis_tdata;
    out->m[1].m_tuser = t->st_m_axis_tuser;
    out->m[1].m_tvalid = t->st_m_axis_tvalid;
    out->m[1].cfg_ready = t->st_cfg_ready;
    out->m[1].flags = t->st_flags;
    out->srst_ready = t->lg_srst_ready;
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
}
