// SPDX-License-Identifier: Apache-2.0
// dut_top.cpp: thin Verilator glue behind dut_top.h. No test logic here:
// it only moves pins and clock edges.
#include "dut_top.h"

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vdut.h"
#include "verilated.h"
#include "tb_vl_warn.h"
#include "tb_fst.h"

// Built with or without --trace-fst: see tb_fst.h.
struct dut_top {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vdut> top;
    TbFst fst;
    uint64_t cycle = 0;
};

extern "C" dut_top_t *dut_top_open(const char *fst)
{
    dut_top_t *d = new dut_top;
    d->ctx.reset(new VerilatedContext);
    d->fst.enable(d->ctx.get(), fst);
    d->top.reset(new Vdut(d->ctx.get()));
    d->fst.open(d->top.get(), fst);
    d->top->clk = 0;
    d->top->eval();
    if (d->ctx->gotFinish()) { // a parameter check stopped elaboration
        std::fprintf(stderr, "dut_top_open: the model called $finish during elaboration\n");
        std::exit(1);
    }
    return d;
}

extern "C" void dut_top_close(dut_top_t *d)
{
    d->fst.close();
    d->top->final();
    delete d;
}

extern "C" void dut_top_set(dut_top_t *d, const dut_top_in_t *in, dut_top_out_t *out)
{
    Vdut *t = d->top.get();
    t->rst = in->rst;
    t->spi_cs_n = in->spi_cs_n;
    t->spi_sck = in->spi_sck;
    t->spi_mosi = in->spi_mosi;
    t->enc_a = in->enc_a;
    t->enc_b = in->enc_b;
    t->eval();
    out->spi_miso = t->spi_miso;
    out->tick_out = t->tick_out;
    out->led = t->led;
}

extern "C" void dut_top_tick(dut_top_t *d)
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

extern "C" uint64_t dut_top_cycle(const dut_top_t *d) { return d->cycle; }
