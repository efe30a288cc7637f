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
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

// Built with or without --trace-fst (the synthesized-netlist bench is
// built without: tracing its hundred thousand nets costs more to compile
// than the model). Without it, TRACE is ignored.
struct dut_top {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vdut> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t cycle = 0;
};

extern "C" dut_top_t *dut_top_open(const char *fst)
{
    dut_top_t *d = new dut_top;
    d->ctx.reset(new VerilatedContext);
#if VM_TRACE
    if (fst) d->ctx->traceEverOn(true);
#endif
    d->top.reset(new Vdut(d->ctx.get()));
#if VM_TRACE
    if (fst) {
        d->fst.reset(new VerilatedFstC);
        d->top->trace(d->fst.get(), 99);
        d->fst->open(fst);
    }
#else
    (void)fst;
#endif
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
#if VM_TRACE
    if (d->fst) d->fst->close();
#endif
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
#if VM_TRACE
    if (d->fst) d->fst->dump(d->ctx->time());
#endif
    d->ctx->timeInc(1);
    t->clk = 1;
    t->eval();
#if VM_TRACE
    if (d->fst) d->fst->dump(d->ctx->time());
#endif
    d->ctx->timeInc(1);
    t->clk = 0;
    t->eval();
    d->cycle++;
}

extern "C" uint64_t dut_top_cycle(const dut_top_t *d) { return d->cycle; }
