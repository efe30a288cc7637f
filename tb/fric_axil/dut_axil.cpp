// SPDX-License-Identifier: Apache-2.0
// dut_axil.cpp: thin Verilator glue behind dut_axil.h. No test logic here:
// it only moves pins and clock edges.
#include "dut_axil.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vdut.h"
#include "verilated.h"
#include "tb_vl_warn.h"

struct dut_axil {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vdut> top;
};

extern "C" dut_axil_t *dut_axil_open(void)
{
    dut_axil_t *d = new dut_axil;
    d->ctx.reset(new VerilatedContext);
    d->top.reset(new Vdut(d->ctx.get()));
    d->top->clk = 0;
    d->top->eval();
    if (d->ctx->gotFinish()) {
        std::fprintf(stderr, "dut_axil_open: the model called $finish during elaboration\n");
        std::exit(1);
    }
    return d;
}

extern "C" void dut_axil_close(dut_axil_t *d)
{
    d->top->final();
    delete d;
}

extern "C" void dut_axil_set(dut_axil_t *d, const dut_axil_in_t *in, dut_axil_out_t *out)
{
    Vdut *t = d->top.get();
    t->rst = in->rst;
    t->s_axil_awaddr = in->awaddr;
    t->s_axil_awvalid = in->awvalid;
    t->s_axil_wdata = in->wdata;
    t->s_axil_wstrb = in->wstrb;
    t->s_axil_wvalid = in->wvalid;
    t->s_axil_bready = in->bready;
    t->s_axil_araddr = in->araddr;
    t->s_axil_arvalid = in->arvalid;
    t->s_axil_rready = in->rready;
    t->eval();
    out->awready = t->s_axil_awready;
    out->wready = t->s_axil_wready;
    out->bresp = t->s_axil_bresp;
    out->bvalid = t->s_axil_bvalid;
    out->arready = t->s_axil_arready;
    out->rdata = t->s_axil_rdata;
    out->rresp = t->s_axil_rresp;
    out->rvalid = t->s_axil_rvalid;
}

extern "C" void dut_axil_tick(dut_axil_t *d)
{
    Vdut *t = d->top.get();
    d->ctx->timeInc(1);
    t->clk = 1;
    t->eval();
    d->ctx->timeInc(1);
    t->clk = 0;
    t->eval();
}
